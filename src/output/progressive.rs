//! Text renderings of the progressive check, the judged evaluations and polish.

use crate::commands::evaluate::{JudgedReport, PreviewReport, StoryElementsReport};
use crate::commands::polish::{PolishReport, StageReport};

use crate::workflow::progressive::{
    ArtifactsReport, AttemptStatus, EndReport, HistoryReport, RepeatOutcome, StatusReport,
    StepResult, TaskStatus, TasksReport, Verdict,
};
use crate::workflow::steps::common::StepIssue;
use std::fmt::Write;

fn issue_line(out: &mut String, i: &StepIssue) {
    let at = match (i.line, i.column) {
        (Some(l), Some(c)) => format!("{l}:{c} "),
        (Some(l), None) => format!("{l} "),
        _ => String::new(),
    };
    let fix = i
        .fixable
        .map(|f| format!(" [fix: {}]", f.as_str()))
        .unwrap_or_default();
    let _ = writeln!(
        out,
        "  {at}{} {} {}{fix}",
        i.severity.as_str(),
        i.code,
        i.message
    );
    if let Some(s) = &i.suggestion {
        let _ = writeln!(out, "      → {s}");
    }
}

pub(crate) fn tasks_text(r: &TasksReport) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "第{}話 品質チェック セッション {}{}",
        r.episode_number,
        r.session_id,
        if r.session_created {
            "（新規）"
        } else {
            ""
        }
    );
    let _ = writeln!(
        out,
        "進捗 {}/{}（{}%）  目標 {}〜{} 字（{}）",
        r.progress.completed,
        r.progress.total,
        r.progress.percentage,
        r.target_length.min,
        r.target_length.max,
        serde_json::to_value(r.target_length.source)
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_default()
    );
    for t in &r.tasks {
        let mark = match t.status {
            TaskStatus::Passed => "✔",
            TaskStatus::Failed => "✘",
            TaskStatus::Unavailable => "－",
            TaskStatus::Pending => "・",
            TaskStatus::JudgmentPending => "？",
        };
        let score = t
            .quality_score
            .map(|s| format!("  {s:.1}点"))
            .unwrap_or_default();
        let _ = writeln!(
            out,
            "  {mark} {:>2}. {}［{}］{score}",
            t.id, t.name, t.phase
        );
    }
    // The report's instruction names MCP tools; at the shell the next step is a command.
    let ep = r.episode_number;
    let _ = match &r.current_task {
        Some(t) => writeln!(
            out,
            "次: noveler check progressive {ep} step {} — ステップ{}（{}）を実行する",
            t.id, t.id, t.name
        ),
        None => writeln!(
            out,
            "次: noveler check progressive {ep} end — 全ステップが合格しています。セッションを終える"
        ),
    };
    out
}

pub fn step_text(r: &StepResult) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "ステップ {}（{}） 試行 {}  {}  {}",
        r.step_id,
        r.step_name,
        r.attempt,
        match r.status {
            Verdict::Passed => "合格",
            Verdict::Failed => "不合格",
            Verdict::Pending => "判断待ち",
        },
        match r.quality_score {
            Some(s) => format!("{s:.1}点"),
            None => format!("測定 {:.1}点（判断待ち）", r.measured_score),
        }
    );
    let _ = writeln!(
        out,
        "原稿 {}（{} 字） セッション {}",
        r.manuscript.path, r.manuscript.body_chars, r.session_id
    );
    if r.issues.is_empty() {
        let _ = writeln!(out, "問題は見つかりませんでした");
    } else {
        let _ = writeln!(out, "問題 {} 件:", r.issues.len());
        for i in &r.issues {
            issue_line(&mut out, i);
        }
    }
    for reason in &r.acceptance.reasons {
        let label = if r.measured_passed {
            "未了"
        } else {
            "不合格の理由"
        };
        let _ = writeln!(out, "{label}: {reason}");
    }
    if let Some(j) = &r.judgment {
        let _ = writeln!(out, "判断: {}", j.summary);
    }
    if r.llm_pending {
        let _ = writeln!(
            out,
            "判断の依頼（llm_instruction）は --format json の result.llm_instruction、または {} にあります",
            r.files.output_file
        );
    }
    let _ = writeln!(out, "次: {}", super::hint::to_cli(&r.next_action));
    out
}

pub(crate) fn repeat_text(r: &RepeatOutcome) -> String {
    let mut out = step_text(&r.final_result);
    let _ = writeln!(
        out,
        "反復 {} 回（停止理由: {}） 点数の推移: {}",
        r.attempts,
        r.stopped_reason,
        r.scores
            .iter()
            .map(|s| format!("{s:.1}"))
            .collect::<Vec<_>>()
            .join(" → ")
    );
    if let Some(note) = &r.note {
        let _ = writeln!(out, "{note}");
    }
    if let Some(b) = &r.budget_error {
        let _ = writeln!(
            out,
            "{}: {}",
            b["code"].as_str().unwrap_or(""),
            b["message"].as_str().unwrap_or("")
        );
    }
    out
}

pub(crate) fn status_text(r: &StatusReport) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "第{}話 セッション {}（{}）",
        r.episode_number,
        r.session_id,
        match r.status {
            crate::workflow::progressive::SessionState::Open => "実行中",
            crate::workflow::progressive::SessionState::Closed => "終了",
        }
    );
    let _ = writeln!(
        out,
        "進捗 {}/{}（{}%）  合格 {:?}  不合格 {:?}  実行不可 {:?}",
        r.completed_count,
        r.total_steps,
        r.progress_percentage,
        r.completed_steps,
        r.failed_steps,
        r.unavailable_steps
    );
    match &r.current_task {
        Some(t) => {
            let _ = writeln!(
                out,
                "次のステップ {}（{}）  残り目安 {}",
                t.id, t.name, r.estimated_remaining_time
            );
        }
        None => {
            let _ = writeln!(out, "全ステップ合格");
        }
    }
    out
}

pub(crate) fn history_text(r: &HistoryReport) -> String {
    let mut out = String::new();
    for e in &r.history {
        let _ = writeln!(
            out,
            "{}  {}  ステップ{:>2} 試行{} {}  {}  問題{}件{}",
            e.executed_at,
            e.session_id,
            e.step_id,
            e.attempt,
            match e.status {
                AttemptStatus::Passed => "合格",
                AttemptStatus::Failed => "不合格",
                AttemptStatus::Pending => "判断待ち",
                AttemptStatus::PassedUnjudged => "合格（未判断のステップを認めて承認）",
            },
            match e.quality_score {
                Some(s) => format!("{s:.1}点"),
                None => format!("測定 {:.1}点", e.measured_score),
            },
            e.issues_found,
            if e.accepted_unjudged_steps.is_empty() {
                String::new()
            } else {
                format!("  未判断で承認: ステップ {:?}", e.accepted_unjudged_steps)
            }
        );
    }
    if r.history.is_empty() {
        let _ = writeln!(out, "履歴はありません");
    }
    if let Some(c) = &r.next_cursor {
        let _ = writeln!(out, "続き: --cursor {c}");
    }
    out
}

pub(crate) fn end_text(r: &EndReport) -> String {
    format!(
        "セッション {} を{}（結果: {}、合格 {:?}、不合格 {:?}）\n",
        r.session_id,
        if r.closed {
            "終了しました"
        } else {
            "開いたままにしました"
        },
        r.result.as_str(),
        r.completed_steps,
        r.failed_steps
    ) + &if r.accepted_unjudged_steps.is_empty() {
        String::new()
    } else {
        format!(
            "承認はステップ {:?} の判断なし（accept_unjudged）で行われました\n",
            r.accepted_unjudged_steps
        )
    }
}

pub(crate) fn artifacts_text(r: &ArtifactsReport) -> String {
    let mut out = String::new();
    for a in &r.artifacts {
        let _ = writeln!(
            out,
            "{}  {}  {} bytes  {}",
            a.kind,
            a.path,
            a.size_bytes,
            a.sha256.chars().take(12).collect::<String>()
        );
    }
    out
}

pub fn polish_text(r: &PolishReport) -> String {
    let mut out = String::new();
    if !r.diff.is_empty() {
        out.push_str(&r.diff);
        if !r.diff.ends_with('\n') {
            out.push('\n');
        }
    }
    let _ = writeln!(
        out,
        "{}: 修正 {} 件{}、見送り {} 件  点数 {} → {}  指摘 {} → {} 件",
        r.file,
        r.fixes_applied.len(),
        if r.written {
            "（書き込み済み）"
        } else if r.changed {
            "（未適用: 差分のみ）"
        } else {
            ""
        },
        r.fixes_skipped.len(),
        fmt_opt_score(r.quality_improvement.before_score),
        fmt_opt_score(r.quality_improvement.after_score),
        r.quality_improvement.findings_before,
        r.quality_improvement.findings_after
    );
    for s in r.fixes_skipped.iter().take(20) {
        let _ = writeln!(
            out,
            "  見送り {} {}: {}",
            s.line.map(|l| format!("{l}行目")).unwrap_or_default(),
            s.code,
            s.message
        );
    }
    if let Some(b) = &r.backup {
        let _ = writeln!(out, "バックアップ: {}", b.backup_id);
    }
    let _ = writeln!(out, "次: {}", super::hint::to_cli(&r.next_action));
    out
}

pub(crate) fn stage_text(r: &StageReport) -> String {
    r.prompt.clone()
}

pub(crate) fn elements_text(r: &StoryElementsReport) -> String {
    let mut out = String::new();
    match (&r.a31_scores, r.overall_score) {
        (Some(groups), Some(overall)) => {
            let _ = writeln!(out, "第{}話 68項目評価 {overall:.1}点", r.episode_number);
            for g in groups.values() {
                let _ = writeln!(out, "  {} {}/{}", g.name, g.score, g.max);
            }
            for i in &r.low_score_items {
                let _ = writeln!(
                    out,
                    "  {} {} ({}): {}",
                    i.id,
                    i.text,
                    i.score,
                    i.comment.clone().unwrap_or_default()
                );
            }
        }
        _ => {
            out.push_str(&r.llm_instruction);
        }
    }
    out
}

pub(crate) fn judged_text(r: &JudgedReport) -> String {
    let mut out = String::new();
    if r.llm_pending {
        out.push_str(&r.llm_instruction);
        let _ = writeln!(
            out,
            "\n測定スコア {:.1}（判断待ち）",
            r.scoring.measured_score
        );
        return out;
    }
    let _ = writeln!(
        out,
        "第{}話 {:.1}点",
        r.episode_number,
        r.overall_score.unwrap_or(r.scoring.measured_score)
    );
    for (k, a) in &r.analysis {
        let _ = writeln!(
            out,
            "  {k}: {}  問題 {} 件",
            a.score
                .map(|s| format!("{s:.0}"))
                .unwrap_or_else(|| "-".into()),
            a.issues.len()
        );
    }
    out
}

pub(crate) fn preview_text(r: &PreviewReport) -> String {
    let p = &r.preview;
    let mut out = String::new();
    let _ = writeln!(out, "{}", p.title);
    let _ = writeln!(
        out,
        "正味 {} 字（目標 {}〜{}）  会話 {:.0}%  セクション {}",
        p.body_chars,
        p.target_min,
        p.target_max,
        p.dialogue_line_ratio * 100.0,
        p.sections
    );
    if let Some(s) = &p.summary {
        let _ = writeln!(out, "要約: {s}");
    } else {
        let _ = writeln!(out, "要約: （判断待ち。--llm-result で渡してください）");
    }
    for l in &p.opening_lines {
        let _ = writeln!(out, "  > {l}");
    }
    for k in &p.key_lines {
        let _ = writeln!(out, "  {}行目 [{}] {}", k.line, k.reason, k.text);
    }
    out
}

/// A score, or `-` for a text too short to judge.
/// A score with its one decimal (`90.0`), `-` when there is none.
fn fmt_opt_score(s: Option<f64>) -> String {
    s.map_or_else(|| "-".into(), |s| format!("{s:.1}"))
}
