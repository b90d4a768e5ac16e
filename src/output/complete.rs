//! `noveler complete` as text: the verdict line, the gate's reasons, the files written.

use crate::commands::common::fmt_score;
use crate::commands::complete::CompleteReport;

/// The verdict, the gate, what was written and what next.
pub fn text(r: &CompleteReport) -> String {
    let q = &r.quality;
    let mut s = String::new();
    let status = match r.publication_status.as_str() {
        "ready" => "公開できます（ready）",
        "needs_review" => "確認してから公開（needs_review）",
        _ => "改善が必要（needs_improvement）",
    };
    s.push_str(&format!("第{}話「{}」: {status}\n", r.episode, r.title));
    s.push_str(&format!(
        "  品質スコア {}（基準 {}、ready は {} 以上）  指摘 {} 件（high 以上 {} 件）\n",
        q.score.map(fmt_score).unwrap_or_else(|| "なし".into()),
        fmt_score(q.min_score),
        fmt_score(q.ready_score),
        q.findings,
        q.high_findings
    ));
    if let Some(reason) = &q.unscored_reason {
        s.push_str(&format!("  採点なし: {reason}\n"));
    }
    if !q.refusals.is_empty() {
        s.push_str(if r.forced {
            "  強制して完了（--force。話数管理.yaml に記録）:\n"
        } else {
            "  完了できません（何も書き込んでいません）:\n"
        });
        for refusal in &q.refusals {
            s.push_str(&format!("    - {}\n", refusal.message));
        }
    }
    s.push_str(&format!(
        "  正味文字数 {}（目標 {}〜{}）\n",
        r.length.body_chars, r.length.target_min, r.length.target_max
    ));
    if r.completed {
        s.push_str(&format!(
            "  完了日 {}  話数管理を更新しました\n",
            r.completed_on.as_deref().unwrap_or_default()
        ));
    } else if r.dry_run && q.passed {
        s.push_str("  （dry run: 何も書き込んでいません）\n");
    }
    for a in &r.artifacts {
        match &a.artifact_id {
            Some(id) => s.push_str(&format!("  {}  {} ({id})\n", a.kind, a.path)),
            None => s.push_str(&format!("  {}  {}\n", a.kind, a.path)),
        }
    }
    if let Some(b) = &r.backup {
        s.push_str(&format!("  バックアップ {}\n", b.backup_id));
    }
    if !r.auto_publish.message.is_empty() {
        s.push_str(&format!("  {}\n", r.auto_publish.message));
    }
    for w in &r.warnings {
        s.push_str(&format!("  注意: {w}\n"));
    }
    if !r.next_actions.is_empty() {
        s.push_str("次の一手:\n");
        for a in &r.next_actions {
            s.push_str(&format!("  - {}\n", crate::output::hint::to_cli(a)));
        }
    }
    s
}

/// `-q`: the verdict line and any warning, for scripts and hooks.
pub fn quiet_text(r: &CompleteReport) -> String {
    let full = text(r);
    let mut s: String = full.lines().take(1).map(|l| format!("{l}\n")).collect();
    for w in &r.warnings {
        s.push_str(&format!("  注意: {w}\n"));
    }
    s
}
