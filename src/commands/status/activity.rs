//! Recent activity: the newest writing and check sessions.

use super::*;

// Recent activity

// The session store's directories (`store::sessions`): writing sessions and check sessions.
const SESSIONS_DIR: &str = crate::workflow::session::STORE.dir;
const CHECKS_DIR: &str = crate::workflow::progressive::CHECK_SESSIONS.dir;

/// The `limit` newest entries of `dir` (files or directories) by modification time.
fn newest(dir: &Path, limit: usize, want_dirs: bool) -> Vec<PathBuf> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut v: Vec<(std::time::SystemTime, PathBuf)> = entries
        .flatten()
        .filter(|e| {
            let name = e.file_name();
            let name = name.to_string_lossy();
            !name.starts_with('.')
                && e.file_type()
                    .is_ok_and(|t| if want_dirs { t.is_dir() } else { t.is_file() })
        })
        .filter_map(|e| Some((e.metadata().ok()?.modified().ok()?, e.path())))
        .collect();
    v.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| b.1.cmp(&a.1)));
    v.into_iter().take(limit).map(|(_, p)| p).collect()
}

fn read_doc(path: &Path) -> Option<serde_yaml::Value> {
    // noveler's own state: the guarded reader (no symlink, FIFO or oversized file).
    let text = String::from_utf8(crate::store::text::read_internal(path).ok()??).ok()?;
    // YAML is a superset of JSON: one reader for sessions (.yaml) and manifests (.json).
    crate::project::yaml::from_str(&text).ok()
}

fn text_of(doc: &serde_yaml::Value, keys: &[&str]) -> Option<String> {
    keys.iter().find_map(|k| match doc.get(*k)? {
        serde_yaml::Value::String(s) => Some(s.clone()),
        serde_yaml::Value::Number(n) => Some(n.to_string()),
        _ => None,
    })
}

fn number_of(doc: &serde_yaml::Value, keys: &[&str]) -> Option<u32> {
    keys.iter()
        .find_map(|k| doc.get(*k)?.as_u64())
        .and_then(|n| u32::try_from(n).ok())
}

fn len_of(doc: &serde_yaml::Value, key: &str) -> Option<usize> {
    doc.get(key)?.as_sequence().map(Vec::len)
}

/// Writing sessions, progressive checks, backups and completions, newest first. Records
/// that cannot be read are skipped (they are not this command's to repair).
pub(crate) fn recent_activity(root: &Path, ledger: Option<&Ledger>, limit: usize) -> Vec<Activity> {
    let mut out = Vec::new();
    if limit == 0 {
        return out;
    }
    let rel = |p: &Path| crate::store::fileref::relative_to(root, p).unwrap_or_default();
    for path in newest(&root.join(SESSIONS_DIR), limit, false) {
        let Some(doc) = read_doc(&path) else { continue };
        let Some(at) = text_of(&doc, &["last_updated", "updated_at", "created_at"]) else {
            continue;
        };
        let episode = number_of(&doc, &["episode", "episode_number"]);
        let status = text_of(&doc, &["status"]).unwrap_or_default();
        let stage = text_of(&doc, &["current_stage"]).unwrap_or_default();
        let done = len_of(&doc, "completed_stages").unwrap_or(0);
        let total = number_of(&doc, &["total_stages"]).unwrap_or(10);
        let ep = episode.map(|n| format!("第{n}話 ")).unwrap_or_default();
        out.push(Activity {
            at,
            kind: "writing_session".into(),
            episode,
            description: format!(
                "{ep}執筆セッション（{status}、{done}/{total} 段階、次: {stage}）"
            ),
            source: rel(&path),
        });
    }
    for dir in newest(&root.join(CHECKS_DIR), limit, true) {
        let path = dir.join("manifest.json");
        let Some(doc) = read_doc(&path) else { continue };
        let Some(at) = text_of(&doc, &["updated_at", "closed_at", "created_at"]) else {
            continue;
        };
        let episode = number_of(&doc, &["episode_number", "episode"]);
        let status = text_of(&doc, &["status"]).unwrap_or_default();
        let done = len_of(&doc, "completed_steps").unwrap_or(0);
        let ep = episode.map(|n| format!("第{n}話 ")).unwrap_or_default();
        out.push(Activity {
            at,
            kind: "progressive_check".into(),
            episode,
            description: format!("{ep}段階チェック（{status}、{done}/12 ステップ完了）"),
            source: rel(&path),
        });
    }
    let backups = root.join(crate::store::backup::BACKUP_DIR);
    if let Ok(entries) = std::fs::read_dir(&backups) {
        let mut ids: Vec<String> = entries
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter(|n| crate::store::backup::is_valid_id(n))
            .collect();
        ids.sort();
        for id in ids.iter().rev().take(limit) {
            let path = backups.join(id).join(crate::store::backup::MANIFEST);
            let Some(doc) = read_doc(&path) else { continue };
            let Some(at) = text_of(&doc, &["created_at"]) else {
                continue;
            };
            let reason = text_of(&doc, &["reason"]).unwrap_or_default();
            let files = len_of(&doc, "files").unwrap_or(0);
            out.push(Activity {
                at,
                kind: "backup".into(),
                episode: None,
                description: format!("バックアップ（{reason}、{files} ファイル）"),
                source: rel(&path),
            });
        }
    }
    if let Some(l) = ledger {
        for e in &l.entries {
            if let (true, Some(day)) = (e.is_completed(), &e.completed_on) {
                let score = e
                    .quality_score
                    .map(|s| format!("、品質スコア {}", fmt_score(s)))
                    .unwrap_or_default();
                out.push(Activity {
                    at: day.clone(),
                    kind: "completion".into(),
                    episode: Some(e.episode),
                    description: format!("第{}話 完了{score}", e.episode),
                    source: l.rel.clone(),
                });
            }
        }
    }
    out.sort_by(|a, b| b.at.cmp(&a.at).then_with(|| a.source.cmp(&b.source)));
    out.truncate(limit);
    out
}
