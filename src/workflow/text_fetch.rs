//! Getting the text a check step reads, and placing the agent's findings in it (seed 001
//! §5): QC-015 / QC-016 / QC-017 when the text cannot be fetched — from an artifact
//! (`fetch_artifact`), from a backup snapshot (`read_snapshot`), or not at all so the agent
//! must pass it (`request_manual_upload`) — each with `details.recovery_hint`; QC-013 when
//! an `llm_result` issue points at a line or a quotation the text does not have
//! (`manual_alignment_required: true`).

use crate::error::{Code, Error, Result};
use crate::store::{artifact, backup};
use serde_json::{json, Value};
use std::path::Path;

/// The text of `artifact_id` (QC-015 when it cannot be fetched).
pub(crate) fn from_artifact(root: &Path, artifact_id: &str) -> Result<String> {
    artifact::shared(root)
        .fetch(artifact_id)
        .map(|a| a.content.clone())
        .map_err(|e| {
            Error::new(
                Code::QC015,
                format!("本文をアーティファクト {artifact_id} から取得できません: {}", e.message),
            )
            .hint("store_artifact で本文を保存し直すか、manuscript_content に本文を渡してください。")
            .details(json!({
                "cause": e.code.as_str(),
                "recovery_hint": "store_artifact {\"content\": <本文>} で得た artifact_id を渡し直す、または manuscript_content に本文を渡す",
            }))
        })
}

/// Episode `ep`'s manuscript as backup `backup_id` holds it, verified by its sha256
/// (QC-016 when the backup, the file in it, or its hash fails).
pub(crate) fn from_snapshot(root: &Path, ep: u32, backup_id: &str) -> Result<String> {
    let fail = |why: String| {
        Error::new(
            Code::QC016,
            format!("バックアップ {backup_id} から第{ep}話の本文を読めません: {why}"),
        )
        .hint("backup_management {\"action\": \"list\"} で第{ep}話を含むバックアップを確認するか、manuscript_content に本文を渡してください。")
        .details(json!({
            "backup_id": backup_id,
            "recovery_hint": "backup_management {\"action\": \"list\"} で別の backup_id を選ぶ、または manuscript_content に本文を渡す",
        }))
    };
    let m = backup::read_manifest(root, backup_id).map_err(|e| fail(e.message))?;
    let entry = m
        .files
        .iter()
        .find(|f| {
            let name = f.path.rsplit('/').next().unwrap_or(&f.path);
            let stem = name.rsplit_once('.').map_or(name, |(s, _)| s);
            crate::store::lock::episode_number_of(stem) == Some(ep)
        })
        .ok_or_else(|| {
            fail(
                "このバックアップに第{ep}話の原稿は含まれていません"
                    .replace("{ep}", &ep.to_string()),
            )
        })?;
    let path = root
        .join(backup::BACKUP_DIR)
        .join(backup_id)
        .join(&entry.stored_as);
    let bytes = crate::store::text::read_bytes(&path).map_err(|e| fail(e.message))?;
    if crate::analysis::sha256_hex(&bytes) != entry.sha256 {
        return Err(fail("内容が記録された sha256 と一致しません".into()));
    }
    crate::store::text::decode(&path, &bytes)
        .map(|d| d.text)
        .map_err(|e| fail(e.message))
}

/// QC-017 when episode `ep` has no manuscript the step could read: the agent has to pass
/// the text itself.
pub(crate) fn require_manuscript(pc: &crate::project::ProjectCtx, ep: u32) -> Result<()> {
    // A project that does not load is the step's own error to report (QC-009/QC-010 may
    // be overridden by config_overrides there).
    let Ok(project) = pc.project() else {
        return Ok(());
    };
    match project.manuscript_path(ep) {
        Err(e) if e.code == Code::E003 => Err(Error::new(
            Code::QC017,
            format!("第{ep}話の原稿が見つからないため、本文を取得できません（手動での受け渡しが必要です）"),
        )
        .hint("manuscript_content に本文を渡して、もう一度呼び出してください。")
        .details(json!({
            "cause": "E003",
            "recovery_hint": "execute_check_step に manuscript_content（本文）を付けて再実行する",
        }))),
        _ => Ok(()),
    }
}

/// A line number the location names (`12`, `12行目`, `L12`, `line 12`), if that is all it
/// names.
fn line_of(location: &str) -> Option<usize> {
    let t = location.trim();
    let t = t
        .strip_prefix("line")
        .or_else(|| t.strip_prefix('L'))
        .unwrap_or(t)
        .trim();
    let t = t
        .strip_suffix("行目")
        .or_else(|| t.strip_suffix('行'))
        .unwrap_or(t);
    t.trim().parse().ok()
}

/// A quotation the location names (`「…」`, `"…"`, `“…”`), if it is one.
fn quote_of(location: &str) -> Option<&str> {
    let t = location.trim();
    [("「", "」"), ("\"", "\""), ("“", "”"), ("『", "』")]
        .iter()
        .find_map(|(a, b)| t.strip_prefix(a)?.strip_suffix(b))
        .filter(|q| !q.trim().is_empty())
}

/// QC-013 when an issue of `llm_result` is located at a line past the end of `text` or
/// quotes something `text` does not contain. Locations that are neither (「冒頭」 as prose,
/// a scene name) are left as they are.
pub(crate) fn check_alignment(llm_result: &Value, text: &str) -> Result<()> {
    let lines = text.lines().count();
    let mut unaligned = Vec::new();
    for (i, issue) in llm_result["issues"]
        .as_array()
        .into_iter()
        .flatten()
        .enumerate()
    {
        let Some(loc) = issue["location"].as_str() else {
            continue;
        };
        let bad = match (line_of(loc), quote_of(loc)) {
            (Some(n), _) => n == 0 || n > lines,
            (None, Some(q)) => !text.contains(q),
            _ => false,
        };
        if bad {
            unaligned.push(json!({"index": i, "location": loc}));
        }
    }
    if unaligned.is_empty() {
        return Ok(());
    }
    Err(Error::new(
        Code::QC013,
        format!(
            "llm_result の issues のうち {} 件は、本文（{lines} 行）の中に位置を合わせられません",
            unaligned.len()
        ),
    )
    .hint("各 issue の location を本文の行番号（1〜{lines}）か、本文にある文言の引用（「…」）に直して、もう一度送ってください。".replace("{lines}", &lines.to_string()))
    .details(json!({
        "manual_alignment_required": true,
        "lines": lines,
        "unaligned": unaligned,
    })))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locations_past_the_text_need_manual_alignment() {
        let text = "一行目。\n二行目の文。\n";
        let ok = json!({"issues": [{"location": "2行目"}, {"location": "「二行目」"}, {"location": "冒頭"}]});
        assert!(check_alignment(&ok, text).is_ok());
        let bad =
            json!({"issues": [{"location": "L9"}, {"location": "「三行目」"}, {"location": "1"}]});
        let e = check_alignment(&bad, text).unwrap_err();
        assert_eq!(e.code, Code::QC013);
        let d = e.details.unwrap();
        assert_eq!(d["manual_alignment_required"], true);
        assert_eq!(d["unaligned"].as_array().unwrap().len(), 2);
    }

    #[test]
    fn fetch_failures_have_their_codes() {
        let dir = tempfile::tempdir().unwrap();
        let e = from_artifact(dir.path(), "artifact:0123456789ab").unwrap_err();
        assert_eq!(e.code, Code::QC015);
        assert!(e.details.unwrap()["recovery_hint"].is_string());
        let e = from_snapshot(dir.path(), 1, "20260101_000000_deadbeef").unwrap_err();
        assert_eq!(e.code, Code::QC016);
        let pc = crate::project::ProjectCtx::new(dir.path());
        let e = require_manuscript(&pc, 1).unwrap_err();
        assert_eq!(e.code, Code::QC017);
    }
}
