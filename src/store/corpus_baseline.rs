//! Stored corpus baselines and the author's improvement feedback (issue 18 item 1).
//!
//! - `.noveler/corpus_baselines/<id>.json`: one `analysis::corpus_stats::CorpusBaseline`,
//!   written atomically; the id is its content hash (`corpus_model_id`). Not the findings
//!   baseline of `store::baseline` (`check --baseline`), which lists accepted findings.
//! - `.noveler/feedback/<YYYYMMDDTHHMMSS>_<12 hex>.json`: one feedback record per file
//!   (append-only by construction: a record is never rewritten, so concurrent writers never
//!   lose each other's records).

use crate::analysis::corpus_stats::{CorpusBaseline, Decision};
use crate::error::{Code, Error, Result};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

pub const DIR: &str = ".noveler/corpus_baselines";
pub const FEEDBACK_DIR: &str = ".noveler/feedback";

/// Whether `id` has the form of a corpus_model_id (12 lower hex).
pub(crate) fn valid_id(id: &str) -> bool {
    id.len() == 12
        && id
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

pub(crate) fn path_of(root: &Path, id: &str) -> PathBuf {
    root.join(DIR).join(format!("{id}.json"))
}

/// Writes `b` (pretty JSON) and returns its path.
pub fn save(root: &Path, b: &CorpusBaseline) -> Result<PathBuf> {
    let path = path_of(root, &b.id);
    let mut json = serde_json::to_vec_pretty(b)
        .map_err(|e| Error::new(Code::R002, format!("ベースラインを JSON にできません: {e}")))?;
    json.push(b'\n');
    super::write_atomic(&path, &json)?;
    Ok(path)
}

fn missing(id: &str) -> Error {
    Error::new(
        Code::QcMl001,
        format!("コーパスのベースライン {id} が見つかりません"),
    )
    .hint("`noveler baseline list` で id を確認するか、`noveler baseline build DIR` で作ってください。")
    .suggest("noveler baseline list")
}

/// The stored baseline `id`: QC-ML-001 when missing (or not an id), QC-ML-002 when corrupt.
pub fn load(root: &Path, id: &str) -> Result<CorpusBaseline> {
    if !valid_id(id) {
        return Err(missing(id).details(serde_json::json!({"expected": "12 lower-case hex"})));
    }
    let path = path_of(root, id);
    let Some(bytes) = super::text::read_internal(&path)? else {
        return Err(missing(id));
    };
    let corrupt = |why: String| {
        Error::new(
            Code::QcMl002,
            format!("コーパスのベースライン {id} のファイルが壊れています: {why}"),
        )
        .at(&path, None)
        .hint("`noveler baseline build DIR` で作り直してください（壊れたファイルは消して構いません）。")
    };
    let b: CorpusBaseline = serde_json::from_slice(&bytes).map_err(|e| corrupt(e.to_string()))?;
    if b.id != id || b.kind != "statistics" {
        return Err(corrupt(format!(
            "中身の id（{}）または kind（{}）がファイル名と合いません",
            b.id, b.kind
        )));
    }
    Ok(b)
}

/// Every stored baseline (`Err` entries for unreadable ones), sorted by id.
pub fn list(root: &Path) -> Vec<(String, Result<CorpusBaseline>)> {
    let Ok(rd) = std::fs::read_dir(root.join(DIR)) else {
        return Vec::new();
    };
    let mut ids: Vec<String> = rd
        .filter_map(|e| e.ok())
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            name.strip_suffix(".json")
                .filter(|id| valid_id(id))
                .map(str::to_string)
        })
        .collect();
    ids.sort();
    ids.into_iter()
        .map(|id| {
            let b = load(root, &id);
            (id, b)
        })
        .collect()
}

/// One `record_improvement_feedback` record.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct FeedbackRecord {
    /// First 12 hex of the sha256 of the record's content.
    pub record_id: String,
    pub created_at: String,
    pub episode: Option<u32>,
    pub file: Option<String>,
    /// Scores before the revision (aspect or `overall` → score).
    pub before_scores: serde_json::Map<String, serde_json::Value>,
    pub after_scores: serde_json::Map<String, serde_json::Value>,
    /// Fixes applied (free form: the `fixes_applied` of polish, or the agent's list).
    pub applied_fixes: Vec<serde_json::Value>,
    /// Findings still there after the revision.
    pub remaining_issues: Vec<serde_json::Value>,
    pub decisions: Vec<Decision>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// Stores `record` (its `record_id` and `created_at` filled in from `now`, the caller's
/// clock, in local time) and returns it and its path.
pub fn record(
    root: &Path,
    mut record: FeedbackRecord,
    now: std::time::SystemTime,
) -> Result<(FeedbackRecord, PathBuf)> {
    let now = chrono::DateTime::<chrono::Local>::from(now);
    record.created_at = now.to_rfc3339_opts(chrono::SecondsFormat::Secs, false);
    record.record_id = String::new();
    let body = serde_json::to_vec(&record).unwrap_or_default();
    record.record_id = crate::analysis::sha256_hex(&body)[..12].to_string();
    let path = root.join(FEEDBACK_DIR).join(format!(
        "{}_{}.json",
        now.format("%Y%m%dT%H%M%S"),
        record.record_id
    ));
    let mut json = serde_json::to_vec_pretty(&record).unwrap_or_default();
    json.push(b'\n');
    super::write_atomic(&path, &json)?;
    Ok((record, path))
}

/// Every readable feedback record, oldest first, and the names of unreadable files.
pub fn feedback(root: &Path) -> (Vec<FeedbackRecord>, Vec<String>) {
    let Ok(rd) = std::fs::read_dir(root.join(FEEDBACK_DIR)) else {
        return (Vec::new(), Vec::new());
    };
    let mut names: Vec<PathBuf> = rd
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    names.sort();
    let mut out = Vec::new();
    let mut bad = Vec::new();
    for p in names {
        match super::text::read_internal(&p)
            .ok()
            .flatten()
            .and_then(|b| serde_json::from_slice::<FeedbackRecord>(&b).ok())
        {
            Some(r) => out.push(r),
            None => bad.push(
                p.file_name()
                    .unwrap_or_default()
                    .to_string_lossy()
                    .into_owned(),
            ),
        }
    }
    (out, bad)
}

/// Every decision of every record, oldest first.
pub fn decisions(root: &Path) -> Vec<Decision> {
    feedback(root)
        .0
        .into_iter()
        .flat_map(|r| r.decisions)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::corpus_stats::TextStats;

    #[test]
    fn save_load_list_and_errors() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        let t = TextStats {
            path: "a.md".into(),
            sha256: "00".into(),
            values: Default::default(),
            densities: Default::default(),
        };
        let b = CorpusBaseline::new("dir", "fp", vec![t]);
        save(root, &b).unwrap();
        assert_eq!(load(root, &b.id).unwrap(), b);
        assert_eq!(list(root).len(), 1);
        assert_eq!(load(root, "0123456789ab").unwrap_err().code, Code::QcMl001);
        assert_eq!(load(root, "../x").unwrap_err().code, Code::QcMl001);
        std::fs::write(path_of(root, &b.id), b"{not json").unwrap();
        assert_eq!(load(root, &b.id).unwrap_err().code, Code::QcMl002);
    }

    #[test]
    fn feedback_records_accumulate() {
        let dir = tempfile::tempdir().unwrap();
        let r = FeedbackRecord {
            record_id: String::new(),
            created_at: String::new(),
            episode: Some(1),
            file: None,
            before_scores: Default::default(),
            after_scores: Default::default(),
            applied_fixes: vec![],
            remaining_issues: vec![],
            decisions: vec![Decision {
                finding_id: "abc".into(),
                code: "TYPO".into(),
                accepted: false,
            }],
            note: None,
        };
        // The caller's clock, not the wall clock: 1,700,000,000 s is 2023-11-14/15.
        let then = std::time::UNIX_EPOCH + std::time::Duration::from_secs(1_700_000_000);
        let (a, path) = record(dir.path(), r.clone(), then).unwrap();
        assert!(a.created_at.starts_with("2023-11-1"), "{}", a.created_at);
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        assert!(name.starts_with("2023111"), "{name}");
        let mut r2 = r;
        r2.episode = Some(2);
        let (b, _) = record(dir.path(), r2, then).unwrap();
        assert_ne!(a.record_id, b.record_id);
        assert_eq!(decisions(dir.path()).len(), 2);
    }
}
