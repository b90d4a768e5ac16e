//! Steps 7 (structure: sections, opening, ending, peaks) and 9 (scene transitions).
//! Sections are the text model's (SPEC §2.7: split at blank-line runs of 2+ or a line made
//! only of `◇◆□■＊*※―-`). Peak and hook positions are the metrics' documented heuristic.

use super::common::{issue_at, issue_whole, Measured, StepContext};
use crate::analysis::segment::{Paragraph, ParagraphKind};
use crate::analysis::Severity;
use serde_json::json;

fn kind_name(k: ParagraphKind) -> &'static str {
    match k {
        ParagraphKind::Dialogue => "dialogue",
        ParagraphKind::Narration => "narration",
        ParagraphKind::StatusWindow => "status_window",
        ParagraphKind::SystemLine => "system_line",
    }
}

fn head(cx: &StepContext, p: &Paragraph, n: usize) -> String {
    let text = cx.doc.paragraph_text(p).trim();
    let mut s: String = text.chars().take(n).collect();
    if text.chars().count() > n {
        s.push('…');
    }
    s
}

/// Step 7: section lengths, the opening, the ending, the planned hook positions and the
/// quarter marks, in that order (the order of its issues).
pub fn structure(cx: &StepContext) -> Measured {
    let mut m = Measured::default();
    let doc = cx.doc;
    let body = doc.body_chars;
    let smin = cx.num_param("section_min", 700.0).max(1.0);
    let smax = cx.num_param("section_max", 1100.0).max(smin);
    let lengths: Vec<usize> = doc.sections.iter().map(|s| s.body_chars).collect();
    section_issues(cx, &mut m, smin, smax);
    let recommended = (
        ((body as f64) / smax).ceil().max(1.0) as usize,
        ((body as f64) / smin).floor().max(1.0) as usize,
    );
    let opening = opening(cx, &mut m);
    let ending = ending(cx, &mut m);
    let planned = hook_plan(cx, &mut m);
    let quarters = quarters(cx);
    m.detail("body_chars", body);
    m.detail("sections", doc.sections.len());
    m.detail("section_lengths", &lengths);
    m.detail(
        "section_target",
        json!({"min": smin, "max": smax, "recommended_count": [recommended.0, recommended.1]}),
    );
    m.detail("opening", opening);
    m.detail("ending", ending);
    m.detail("hook_assessment", &cx.analysis.metrics.hook_assessment);
    m.detail("hook_plan", planned);
    m.detail("quarters", quarters);
    m
}

/// SECTION_TOO_LONG / SECTION_TOO_SHORT against the target `smin`–`smax`.
fn section_issues(cx: &StepContext, m: &mut Measured, smin: f64, smax: f64) {
    let doc = cx.doc;
    let long = smax * cx.num_param("long_section_factor", 2.0);
    let short = smin * cx.num_param("short_section_factor", 0.5);
    if doc.sections.len() <= 1 {
        return;
    }
    for (i, s) in doc.sections.iter().enumerate() {
        let Some(first) = doc.paragraphs.get(s.paragraphs.start) else {
            continue;
        };
        let len = s.body_chars as f64;
        let (code, msg) = if len > long {
            (
                "SECTION_TOO_LONG",
                format!(
                    "セクション {} が {} 字あります（目安 {}〜{} 字）。場面を分ける余地があります",
                    i + 1,
                    s.body_chars,
                    smin,
                    smax
                ),
            )
        } else if len < short {
            (
                "SECTION_TOO_SHORT",
                format!(
                    "セクション {} が {} 字しかありません（目安 {}〜{} 字）。前後の場面とまとめられないか確かめてください",
                    i + 1,
                    s.body_chars,
                    smin,
                    smax
                ),
            )
        } else {
            continue;
        };
        m.issues.push(issue_at(
            cx,
            code,
            Severity::Low,
            first.display.clone(),
            &i.to_string(),
            msg,
        ));
    }
}

/// The opening paragraph's detail; OPENING_LONG_SENTENCE.
fn opening(cx: &StepContext, m: &mut Measured) -> Option<serde_json::Value> {
    let doc = cx.doc;
    let opening = doc.paragraphs.first().map(|p| {
        let first_sentence = doc.sentences.get(p.sentences.start).map(|s| s.length);
        json!({
            "line": p.line + 1,
            "kind": kind_name(p.kind),
            "chars": p.chars,
            "first_sentence_length": first_sentence,
            "text": head(cx, p, 60),
        })
    });
    let open_max = cx.num_param("opening_sentence_max", 60.0) as usize;
    if let Some(p) = doc.paragraphs.first() {
        if let Some(s) = doc.sentences.get(p.sentences.start) {
            if s.length > open_max && p.sentences.contains(&p.sentences.start) {
                m.issues.push(
                    issue_at(
                        cx,
                        "OPENING_LONG_SENTENCE",
                        Severity::Low,
                        s.display.clone(),
                        "opening",
                        format!(
                            "冒頭の一文が {} 字あります（目安 {open_max} 字以内）。最初の一文は短いほうが読者を引き込みやすい",
                            s.length
                        ),
                    )
                    .suggest("冒頭の一文を短く区切る"),
                );
            }
        }
    }
    opening
}

/// The closing paragraph's detail; ENDING_HOOK_WEAK.
fn ending(cx: &StepContext, m: &mut Measured) -> Option<serde_json::Value> {
    let doc = cx.doc;
    let hook = &cx.analysis.metrics.hook_assessment;
    let ending = doc.paragraphs.last().map(|p| {
        json!({
            "line": p.line + 1,
            "kind": kind_name(p.kind),
            "chars": p.chars,
            "text": head(cx, p, 80),
        })
    });
    if let Some(p) = doc.paragraphs.last() {
        if hook.main_hook_strength == "weak" && doc.sentences.len() >= 10 {
            m.issues.push(
                issue_at(
                    cx,
                    "ENDING_HOOK_WEAK",
                    Severity::Low,
                    p.display.clone(),
                    "ending",
                    format!(
                        "結末の引きが弱い可能性があります（推定値 main_hook_score {:.2}。感嘆・三点リーダ・短文の密度による目安で、判断ではありません）",
                        hook.main_hook_score
                    ),
                )
                .suggest("最後の一文で次話への問いや予感を示す"),
            );
        }
    }
    ending
}

/// Planned positions (plot hook_plan) against the estimated ones: the plan's detail;
/// HOOK_POSITION_OFF.
fn hook_plan(cx: &StepContext, m: &mut Measured) -> serde_json::Value {
    let hook = &cx.analysis.metrics.hook_assessment;
    let tol = cx.num_param("hook_tolerance_pct", 15.0);
    let Some(plan) = cx.plot.and_then(|p| p.hook_plan.as_ref()) else {
        return serde_json::Value::Null;
    };
    for (label, plan_pct, est) in [
        (
            "小さな山場",
            plan.minor_peak_pct,
            hook.minor_peak_position_pct,
        ),
        (
            "小さな引き",
            plan.mini_hook_pct,
            hook.mini_hook_position_pct,
        ),
    ] {
        if let (Some(want), Some(got)) = (plan_pct, est) {
            if (want - got).abs() > tol {
                m.issues.push(issue_whole(
                    cx,
                    "HOOK_POSITION_OFF",
                    Severity::Low,
                    label,
                    format!(
                        "{label}の推定位置は {got:.0}% で、プロットの予定（{want:.0}%）から {:.0} ポイント離れています（推定値による目安）",
                        (want - got).abs()
                    ),
                ));
            }
        }
    }
    json!({"minor_peak_pct": plan.minor_peak_pct, "mini_hook_pct": plan.mini_hook_pct, "main_hook": plan.main_hook})
}

/// Quarter marks (起承転結 aid): the paragraph where 0/25/50/75 % of the body begins.
fn quarters(cx: &StepContext) -> Vec<serde_json::Value> {
    let doc = cx.doc;
    let body = doc.body_chars;
    let mut quarters = Vec::new();
    let mut acc = 0usize;
    let mut next_q = 0usize;
    for p in &doc.paragraphs {
        while next_q < 4 && acc as f64 >= body as f64 * next_q as f64 / 4.0 {
            quarters.push(json!({
                "pct": next_q * 25,
                "line": p.line + 1,
                "section": p.section + 1,
                "text": head(cx, p, 30),
            }));
            next_q += 1;
        }
        acc += p.chars;
    }
    quarters
}

/// Step 9.
pub(crate) fn transitions(cx: &StepContext) -> Measured {
    let mut m = Measured::default();
    let doc = cx.doc;
    let cues = cx.list_param("time_place_cues", &["朝", "昼", "夕", "夜", "翌", "日"]);
    let markers: Vec<(usize, String)> = doc
        .scene_breaks
        .iter()
        .filter_map(|&bi| {
            let bl = doc.body_lines.get(bi)?;
            Some((
                bl.line + 1,
                cx.text.get(bl.span.range())?.trim().to_string(),
            ))
        })
        .collect();
    let mut distinct: Vec<&str> = markers.iter().map(|(_, t)| t.as_str()).collect();
    distinct.sort();
    distinct.dedup();
    let breaks = doc.sections.len().saturating_sub(1);
    let blank_breaks = breaks.saturating_sub(markers.len());
    if distinct.len() > 1 || (!markers.is_empty() && blank_breaks > 0) {
        let what = if distinct.len() > 1 {
            format!(
                "場面転換の記号が統一されていません（{}）",
                distinct.join(" / ")
            )
        } else {
            format!(
                "場面転換に記号（{}）と空行だけの区切り（{blank_breaks} 箇所）が混在しています",
                distinct.join("")
            )
        };
        m.issues.push(
            issue_whole(
                cx,
                "SCENE_BREAK_INCONSISTENT",
                Severity::Low,
                "markers",
                what,
            )
            .suggest("場面転換は同じ記号（例: ◇）に揃える"),
        );
    }
    let mut list = Vec::new();
    for (i, s) in doc.sections.iter().enumerate().skip(1) {
        let Some(first) = doc.paragraphs.get(s.paragraphs.start) else {
            continue;
        };
        let text = doc.paragraph_text(first);
        let cue_words: Vec<&String> = cues.iter().filter(|c| text.contains(c.as_str())).collect();
        let prev_last = doc.sections[i - 1]
            .paragraphs
            .end
            .checked_sub(1)
            .and_then(|k| doc.paragraphs.get(k));
        if first.kind == ParagraphKind::Dialogue {
            m.issues.push(
                issue_at(
                    cx,
                    "SCENE_OPENS_WITH_DIALOGUE",
                    Severity::Low,
                    first.display.clone(),
                    &i.to_string(),
                    format!(
                        "セクション {} が台詞で始まっています。場面転換の直後は、いつ・どこ・誰かの手がかりを地の文で示すと読者が迷いません",
                        i + 1
                    ),
                )
                .suggest("台詞の前に場所・時間を示す一文を置く"),
            );
        }
        list.push(json!({
            "section": i + 1,
            "line": first.line + 1,
            "opening_kind": kind_name(first.kind),
            "opening_chars": first.chars,
            "cue_words": cue_words,
            "previous_section_last_chars": prev_last.map(|p| p.chars),
            "opening": head(cx, first, 40),
        }));
    }
    m.detail("scene_breaks", breaks);
    m.detail(
        "markers",
        markers
            .iter()
            .map(|(l, t)| json!({"line": l, "marker": t}))
            .collect::<Vec<_>>(),
    );
    m.detail("blank_line_breaks", blank_breaks);
    m.detail("transitions", list);
    m
}
