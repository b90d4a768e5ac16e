//! Step 12: final approval (seed 001 §7). Fails when the body length is outside the target
//! (with the remedy: split into two episodes, trim, or expand) or when an earlier step
//! failed or was not run. Steps that could not run because their input files are missing
//! (`unavailable`, QC-002) do not block. A step whose latest attempt checked another
//! manuscript (its sha256 differs from the current one) blocks, and so does a step whose
//! judgment is still pending — unless the author accepts unjudged steps
//! (`accept_unjudged`), which the details record as `accepted_unjudged_steps`.

use super::common::{issue_whole, EarlierStatus, Measured, StepContext};
use crate::analysis::Severity;
use serde_json::json;

/// Step 12: approval. Blocked by a length outside the target (with its remedy: split,
/// trim or expand) and by each earlier step that failed, did not run, ran on another text or
/// awaits its judgment.
pub fn check(cx: &StepContext) -> Measured {
    let mut m = Measured::default();
    let ls = &cx.analysis.metrics.length_stats;
    let body = ls.body_chars;
    let remedy = length_remedy(cx);
    length_blocker(cx, &mut m, &remedy);
    let (blocking_steps, accepted_unjudged) = step_blockers(cx, &mut m);
    let scores: Vec<f64> = cx.earlier.iter().filter_map(|e| e.quality_score).collect();
    let overall = if scores.is_empty() {
        None
    } else {
        Some((scores.iter().sum::<f64>() / scores.len() as f64 * 10.0).round() / 10.0)
    };
    m.detail(
        "length",
        json!({
            "body_chars": body,
            "target_min": ls.target_min,
            "target_max": ls.target_max,
            "source": ls.source,
            "in_range": ls.in_range,
            "remedy": remedy,
        }),
    );
    m.detail("steps", cx.earlier);
    m.detail("blocking_steps", &blocking_steps);
    m.detail(
        "unavailable_steps",
        cx.earlier
            .iter()
            .filter(|e| e.status == EarlierStatus::Unavailable)
            .map(|e| e.step_id)
            .collect::<Vec<_>>(),
    );
    m.detail(
        "judgment_pending_steps",
        cx.earlier
            .iter()
            .filter(|e| e.llm_pending && e.status != EarlierStatus::NotRun)
            .map(|e| e.step_id)
            .collect::<Vec<_>>(),
    );
    m.detail("accepted_unjudged_steps", &accepted_unjudged);
    m.accepted_unjudged = accepted_unjudged;
    m.detail("mean_step_score", overall);
    m.detail("approved", m.blockers.is_empty());
    m
}

/// What to do about a length outside the target (null when it is in range).
fn length_remedy(cx: &StepContext) -> serde_json::Value {
    let ls = &cx.analysis.metrics.length_stats;
    let body = ls.body_chars;
    let doc = cx.doc;
    if ls.in_range {
        json!(null)
    } else if body > ls.target_max {
        if body >= ls.target_min * 2 {
            // Split at the section boundary closest to the middle of the body.
            let mut acc = 0usize;
            let mut best: Option<(usize, usize, usize)> = None; // (distance, section, line)
            for (i, s) in doc.sections.iter().enumerate().skip(1) {
                acc += doc.sections[i - 1].body_chars;
                let line = doc
                    .paragraphs
                    .get(s.paragraphs.start)
                    .map(|p| p.line + 1)
                    .unwrap_or(0);
                let d = acc.abs_diff(body / 2);
                if best.is_none_or(|b| d < b.0) {
                    best = Some((d, i + 1, line));
                }
            }
            json!({
                "kind": "split",
                "message": format!("正味文字数 {body} 字は上限 {} 字を超えています。2話に分割してください", ls.target_max),
                "split_before_section": best.map(|b| b.1),
                "split_at_line": best.map(|b| b.2),
            })
        } else {
            json!({
                "kind": "trim",
                "message": format!("正味文字数 {body} 字は上限 {} 字を {} 字超えています。冗長な描写・説明を削ってください", ls.target_max, body - ls.target_max),
                "chars_to_remove": body - ls.target_max,
            })
        }
    } else {
        json!({
            "kind": "expand",
            "message": format!("正味文字数 {body} 字は下限 {} 字に {} 字足りません。場面を加筆するか、次話とまとめてください", ls.target_min, ls.target_min - body),
            "chars_to_add": ls.target_min - body,
        })
    }
}

/// The length blocker; APPROVAL_LENGTH unless LENGTH_OUT_OF_RANGE already fired.
fn length_blocker(cx: &StepContext, m: &mut Measured, remedy: &serde_json::Value) {
    let ls = &cx.analysis.metrics.length_stats;
    if !ls.in_range {
        let msg = remedy["message"].as_str().unwrap_or_default().to_string();
        m.blockers.push(msg.clone());
        let rule_fired = cx
            .analysis
            .findings
            .iter()
            .any(|f| f.code == "LENGTH_OUT_OF_RANGE");
        if !rule_fired {
            m.issues.push(issue_whole(
                cx,
                "APPROVAL_LENGTH",
                Severity::High,
                "length",
                msg,
            ));
        }
    }
}

/// A blocker per earlier step that failed, did not run, is stale or awaits judgment;
/// returns the blocking steps and the unjudged steps accepted as they are.
fn step_blockers(cx: &StepContext, m: &mut Measured) -> (Vec<u8>, Vec<u8>) {
    let mut blocking_steps = Vec::new();
    let mut accepted_unjudged = Vec::new();
    for e in cx.earlier {
        let ran = e.status.ran();
        let (code, sev, what) = match e.status {
            EarlierStatus::Failed => ("APPROVAL_STEP_FAILED", Severity::High, "不合格です"),
            EarlierStatus::NotRun => (
                "APPROVAL_STEP_NOT_RUN",
                Severity::Medium,
                "まだ実行されていません",
            ),
            _ if ran && e.stale => (
                "APPROVAL_STEP_STALE",
                Severity::High,
                "現在の原稿とは別の版で実行されています（再実行が必要です）",
            ),
            _ if ran && e.llm_pending && cx.accept_unjudged => {
                accepted_unjudged.push(e.step_id);
                continue;
            }
            _ if ran && e.llm_pending => (
                "APPROVAL_JUDGMENT_PENDING",
                Severity::Medium,
                "判断待ちです（llm_result を渡すか、accept_unjudged で未判断のまま認める）",
            ),
            _ => continue,
        };
        let msg = format!("ステップ {}（{}）が{what}", e.step_id, e.name);
        blocking_steps.push(e.step_id);
        m.blockers.push(msg.clone());
        m.issues.push(
            issue_whole(cx, code, sev, &e.step_id.to_string(), msg).suggest(format!(
                "ステップ {} を実行・修正してから認定し直す",
                e.step_id
            )),
        );
    }
    (blocking_steps, accepted_unjudged)
}
