//! `noveler artifact` as text: what was stored, the list, a removal, a collection.

use crate::commands::artifact::{
    ArtifactDeleteReport, ArtifactGcReport, ArtifactListReport, ArtifactStoreReport,
};

/// The stored artifact, what a reference saves, and how to read it back.
pub fn store_text(r: &ArtifactStoreReport) -> String {
    format!(
        // `reference_text` names the agent's tool; the shell gets the command.
        "{}{}\n  ファイル: {}\n  {} 字 → 参照 {} 字（プロンプト削減 {:.1}%）\n  中身を見る: noveler artifact fetch {}\n",
        r.artifact_id,
        if r.created {
            ""
        } else if r.repaired {
            "（壊れていたファイルを修復）"
        } else {
            "（保存済み・メタデータを統合）"
        },
        r.path,
        r.content_chars,
        r.reference_chars,
        r.prompt_reduction_pct,
        r.artifact_id
    )
}

/// One line per artifact, the unreadable files, the count.
pub fn list_text(r: &ArtifactListReport) -> String {
    let mut s = String::new();
    for a in &r.artifacts {
        let tags: Vec<String> = a.tags.iter().map(|(k, v)| format!("{k}={v}")).collect();
        s.push_str(&format!(
            "{}  {:<8} {:>9}  {}  {}{}\n",
            a.artifact_id,
            a.content_type,
            a.size_bytes,
            a.created_at,
            a.description.as_deref().unwrap_or("-"),
            if tags.is_empty() {
                String::new()
            } else {
                format!("  [{}]", tags.join(", "))
            }
        ));
    }
    for c in &r.corrupt {
        s.push_str(&format!(
            "壊れたファイル（除外）: {}: {}\n",
            c.path, c.reason
        ));
    }
    s.push_str(&format!("アーティファクト {} 件\n", r.total_artifacts));
    s
}

pub fn delete_text(r: &ArtifactDeleteReport) -> String {
    format!(
        "{} を削除しました（バックアップ {}）\n",
        r.artifact_id, r.backup.backup_id
    )
}

/// What a collection removed (or would), what it kept and why.
pub fn gc_text(r: &ArtifactGcReport) -> String {
    let verb = if r.dry_run { "削除予定" } else { "削除" };
    let mut s = String::new();
    for id in &r.outcome.removed {
        s.push_str(&format!("{verb} {id}\n"));
    }
    for c in &r.outcome.corrupt {
        s.push_str(&format!(
            "壊れたファイル（対象外）: {}: {}\n",
            c.path, c.reason
        ));
    }
    s.push_str(&format!(
        "{verb} {} 件。残したもの: 参照あり {}、keep=true {}、{} より新しい {}（{} ファイルを確認）\n",
        r.outcome.removed.len(),
        r.outcome.kept_referenced.len(),
        r.outcome.kept_pinned.len(),
        r.older_than,
        r.outcome.kept_recent.len(),
        r.outcome.scanned_files
    ));
    if let Some(b) = &r.outcome.backup {
        s.push_str(&format!("バックアップ: {}\n", b.backup_id));
    }
    s
}
