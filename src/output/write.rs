//! The writing flow as text (`noveler write`: show, submit, status, tasks, recover). Text
//! output is for an agent working in a shell as much as for the author: the prompt is
//! printed whole, followed by the command that submits its result.

use crate::workflow::recovery::{ResumeFailureOutcome, TasksOutcome};
use crate::workflow::writing::{StatusOutcome, SubmitOutcome, WriteOutcome};

fn progress_line(done: usize, skipped: usize, total: u8) -> String {
    if skipped > 0 {
        format!("{done}/{total} 完了（{skipped} 省略）")
    } else {
        format!("{done}/{total} 完了")
    }
}

/// Text of `noveler write EP`.
pub fn show_text(o: &WriteOutcome) -> String {
    let mut t = String::new();
    let dry = if o.dry_run {
        "（ドライラン：何も保存していません）"
    } else {
        ""
    };
    let new = if o.new_session { "（新規）" } else { "" };
    t.push_str(&format!(
        "第{:03}話 セッション {}{new}{dry}\n進捗: {}\n",
        o.episode,
        o.session_id,
        progress_line(o.progress.completed, o.progress.skipped, o.progress.total)
    ));
    for w in &o.warnings {
        t.push_str(&format!("警告: {w}\n"));
    }
    match &o.stage {
        Some(s) => {
            let st = &s.prompt_stats;
            t.push_str(&format!(
                "STEP {}/10 {}（想定 {} ターン） テンプレート {} v{}（{}）\n",
                s.step,
                s.title,
                s.expected_turns,
                s.template.name,
                s.template.version,
                match s.template.template_source {
                    crate::workflow::templates::TemplateSource::Project => "project",
                    crate::workflow::templates::TemplateSource::Embedded => "embedded",
                }
            ));
            t.push_str(&format!(
                "参照 {} 件: プロンプト {} バイト（貼り付けなら {} バイト、削減 {:.1}%）\n",
                st.artifacts_referenced,
                st.referenced_bytes,
                st.pasted_bytes,
                st.prompt_reduction_pct
            ));
            t.push('\n');
            t.push_str(&s.prompt);
            if !s.prompt.ends_with('\n') {
                t.push('\n');
            }
            t.push_str(&format!("\n次: {}\n", s.submit.cli));
        }
        None => {
            t.push_str("全段階が完了しています。\n");
            for a in &o.suggested_actions {
                t.push_str(&format!("次: {}\n", crate::output::hint::to_cli(a)));
            }
        }
    }
    t
}

/// Text of `noveler write submit`.
pub fn submit_text(o: &SubmitOutcome) -> String {
    let mut t = String::new();
    if o.dry_run {
        t.push_str(&format!(
            "STEP{}（{}）の提出は出力形式に合っています（ドライラン：保存していません）\n",
            o.step, o.stage
        ));
    } else {
        t.push_str(&format!(
            "STEP{}（{}）を受け付けました — セッション {}（{} 回目の提出）\n",
            o.step, o.stage, o.session_id, o.attempts
        ));
    }
    if let Some(f) = &o.output_file {
        t.push_str(&format!("記録: {f}（{}）\n", o.artifact_id));
    }
    if let Some(m) = &o.manuscript {
        t.push_str(&format!("原稿: {}（正味 {} 字", m.path, m.body_chars));
        if let Some(c) = &m.check {
            t.push_str(&format!(
                "、スコア {}、指摘 {} 件、目標 {}〜{} 字",
                c.score.map_or(
                    "なし（短すぎて採点できません）".into(),
                    |s| format!("{s:.1}")
                ),
                c.findings,
                c.target_min,
                c.target_max
            ));
        }
        t.push_str("）\n");
        if m.unchanged {
            t.push_str("  内容は前の版と同じため書き換えていません\n");
        }
        for b in &m.backups {
            t.push_str(&format!(
                "  バックアップ: {b}（noveler backup restore {b}）\n"
            ));
        }
        for r in &m.removed {
            t.push_str(&format!("  旧ファイルを置き換え: {r}\n"));
        }
    }
    for w in &o.warnings {
        t.push_str(&format!("警告: {w}\n"));
    }
    if o.held_back() {
        let unmet = o.criteria.as_ref().map_or(0, |c| c.unmet.len());
        t.push_str(&format!(
            "STEP10 は完了にしていません: 計画の条件 {unmet} 件を満たしていません。原稿を直して STEP10 を出し直すか、承知のうえで --waive で免除してください（セッションに記録します）\n"
        ));
    }
    t.push_str(&format!(
        "進捗: {}\n",
        progress_line(o.progress.completed, o.progress.skipped, o.progress.total)
    ));
    for a in &o.suggested_actions {
        t.push_str(&format!("次: {}\n", crate::output::hint::to_cli(a)));
    }
    t
}

/// Text of `noveler write status`.
pub fn status_text(o: &StatusOutcome) -> String {
    let mut t = format!("第{:03}話の執筆セッション\n", o.episode);
    if o.sessions.is_empty() && o.corrupt_sessions.is_empty() {
        t.push_str("  （なし）\n");
    }
    for s in &o.sessions {
        let status = serde_json::to_value(s.status)
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_default();
        t.push_str(&format!(
            "  {}  {:<11} {}/10  {}{}\n",
            s.session_id,
            status,
            s.completed,
            s.current_stage,
            s.quality_score
                .map_or(String::new(), |q| format!("  スコア {q:.1}"))
        ));
    }
    for c in &o.corrupt_sessions {
        t.push_str(&format!(
            "  {}  壊れています: {}\n",
            c.session_id,
            c.error["message"].as_str().unwrap_or_default()
        ));
    }
    if o.lock_held {
        t.push_str("いま別の処理がこの話を書き込み中です\n");
    }
    if let (Some(s), Some(p)) = (&o.session, &o.progress) {
        t.push_str(&format!(
            "\nセッション {}: {}（現在 {}）\n",
            s.session_id,
            progress_line(p.completed, p.skipped, p.total),
            s.current_stage
        ));
        for st in &crate::workflow::stages::STAGES {
            let mark = if s.is_completed(st) {
                "✓"
            } else if s.is_skipped(st) {
                "-"
            } else if s.current_stage == st.id {
                "▶"
            } else {
                " "
            };
            let extra = s
                .stage_outputs
                .get(st.id)
                .map(|o| {
                    let mut e = String::new();
                    if let Some(q) = o.quality_score {
                        e.push_str(&format!("  スコア {q:.1}"));
                    }
                    if let Some(x) = o.execution_time {
                        e.push_str(&format!("  {x:.1} 秒"));
                    }
                    e
                })
                .unwrap_or_default();
            t.push_str(&format!(
                "  {mark} STEP{:>2} {}{extra}\n",
                st.number, st.title
            ));
        }
        if let Some(m) = &s.manuscript {
            t.push_str(&format!("原稿: {}\n", m.path));
        }
    }
    for a in &o.suggested_actions {
        t.push_str(&format!("次: {}\n", crate::output::hint::to_cli(a)));
    }
    t
}

/// Text of `noveler write tasks`.
pub fn tasks_text(o: &TasksOutcome) -> String {
    let mut t = format!(
        "第{:03}話 タスク（セッション {}）進捗 {:.0}%\n",
        o.episode,
        o.session_id.as_deref().unwrap_or("なし"),
        o.progress.percentage
    );
    for task in &o.tasks {
        t.push_str(&format!(
            "  STEP{:>2} {:<10} {}  {}\n",
            task.step,
            task.status.as_str(),
            task.title,
            task.command
        ));
    }
    if !o.diagnostics.is_empty() {
        t.push_str("診断:\n");
        for d in &o.diagnostics {
            t.push_str(&format!(
                "  [{}] {} {}{}\n",
                d.level,
                d.code,
                d.message,
                if d.recoverable {
                    "（復旧可能）"
                } else {
                    ""
                }
            ));
        }
    }
    for a in &o.suggested_actions {
        t.push_str(&format!("次: {}\n", crate::output::hint::to_cli(a)));
    }
    t
}

/// Text of `noveler write recover`.
pub fn recover_text(o: &ResumeFailureOutcome) -> String {
    let mut t = format!(
        "第{:03}話 セッション {} を STEP{} から再適用しました\n",
        o.episode,
        o.session_id,
        o.recovery_point.max(1)
    );
    for a in &o.recovery_actions {
        t.push_str(&format!("復旧: {}\n", a.message));
    }
    for r in &o.results {
        t.push_str(&format!(
            "  STEP{:>2} {:<17} {}\n",
            r.step,
            r.status.as_str(),
            r.message
        ));
    }
    t.push_str(&format!(
        "進捗: {}\n",
        progress_line(o.progress.completed, o.progress.skipped, o.progress.total)
    ));
    for a in &o.suggested_actions {
        t.push_str(&format!("次: {}\n", crate::output::hint::to_cli(a)));
    }
    t
}
