//! `noveler polish` as text over several files, and the `--until` loop (one file's polish
//! and a stage's prompt are `output::progressive`).

use crate::commands::improve::ImproveReport;
use crate::commands::polish::many::PolishManyReport;

/// Text of a polish over several files: each changed file as a single polish shows it, then
/// one summary line.
pub fn many_text(r: &PolishManyReport) -> String {
    let mut s = String::new();
    for f in r.files.iter().filter(|f| f.changed) {
        // The one-file next step (`--apply --expected-sha256 …`) is replaced by the summary.
        for line in super::progressive::polish_text(f)
            .lines()
            .filter(|l| !l.starts_with("次: "))
        {
            s.push_str(line);
            s.push('\n');
        }
    }
    for f in &r.skipped {
        s.push_str(&format!("飛ばしました: {}\n", f.message));
    }
    for f in &r.failures {
        s.push_str(&format!(
            "書き込めませんでした: {}: [{}] {}\n",
            f.file, f.code, f.message
        ));
    }
    let what = if r.mode == "apply" {
        format!(
            "{} ファイルを修正しました（修正 {} 件）",
            r.written, r.fixes_applied
        )
    } else {
        format!(
            "{} ファイルに自動修正があります（修正 {} 件、--apply で書き込みます）",
            r.changed, r.fixes_applied
        )
    };
    s.push_str(&format!("{} ファイル中 {what}", r.files.len()));
    if let Some(b) = &r.backup {
        s.push_str(&format!(
            "。バックアップ {}（noveler backup restore {} で戻せます）",
            b.backup_id, b.backup_id
        ));
    }
    s.push('\n');
    s
}

/// Text for `noveler polish N --until SCORE`.
pub fn improve_text(r: &ImproveReport) -> String {
    let fmt = |s: Option<f64>| s.map_or("-".to_string(), |s| format!("{s:.1}"));
    let mut out = String::new();
    if !r.diff.is_empty() && !r.written {
        out.push_str(&r.diff);
    }
    out.push_str(&format!(
        "{}: 目標 {:.1}（修正レベル {}、最大 {} 回）\n",
        r.file,
        r.target_score,
        r.fix_level.as_str(),
        r.max_iterations
    ));
    out.push_str(&format!("  開始時 {}\n", fmt(r.initial_score)));
    for it in &r.iterations {
        out.push_str(&format!(
            "  {} 回目: 修正 {} 件 → {}（指摘 {} → {}）{}\n",
            it.iteration,
            it.fixes_applied,
            fmt(it.score_after),
            it.findings_before,
            it.findings_after,
            if it.kept {
                ""
            } else {
                "（点数が下がったため取り消し）"
            }
        ));
    }
    out.push_str(&format!(
        "停止理由: {}。最終 {}。{}\n",
        r.stopped_reason,
        fmt(r.final_score),
        if r.written {
            "書き込みました"
        } else if r.changed {
            "書き込んでいません（--apply で書き込みます）"
        } else {
            "変更はありません"
        }
    ));
    if !r.remaining_by_code.is_empty() {
        let codes: Vec<String> = r
            .remaining_by_code
            .iter()
            .map(|(c, n)| format!("{c} {n}"))
            .collect();
        out.push_str(&format!("残りの指摘: {}\n", codes.join("、")));
    }
    out.push_str(&format!("次: {}\n", crate::next::for_cli(&r.next_action)));
    out
}
