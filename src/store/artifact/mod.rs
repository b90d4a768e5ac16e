//! Content-addressed artifacts (seed 003, SPEC-ARTIFACT-001): big inputs travel by reference.
//!
//! - Id: `artifact:<first 12 hex of sha256(content)>`; the same content always gets the same
//!   id. Ids are validated (`^artifact:[0-9a-f]{12}$`, or the bare 12 hex) before any path is
//!   built from them (A001).
//! - File: `.noveler/artifacts/<12 hex>.json` = `{content, metadata{artifact_id, content_type,
//!   created_at, size_bytes, source_file, description, tags, sha256}}`, written atomically
//!   under the artifact lock (`.noveler/artifacts.lock`). Storing the same content again
//!   merges the tags, updates description/source/type when given and keeps `created_at`.
//! - Reading verifies the content against the id (A006); an unreadable file is A003 when
//!   fetched and a reported, skipped entry when listed.
//! - `ArtifactStore` keeps an LRU cache of fetched artifacts (≤ 50 MB by default) for
//!   long-lived processes (`noveler mcp`); an entry is used only while the file's size and
//!   modification time are unchanged, so other processes' writes are seen.
//! - A write that fails with an I/O error (permission denied, a read-only directory, a full
//!   disk) does not fail the store (seed 003 NFR-002-001 "一時的な書き込みエラーでもメモリ
//!   キャッシュで動作継続"): the artifact is held in this `ArtifactStore`'s memory, never
//!   evicted, and `StoreOutcome` says so (`persisted: false` and a Japanese warning naming
//!   the directory, the OS error and what to do). `fetch` serves it, `list` shows it
//!   (`memory_only: true`), a later store of the same content writes it once the directory
//!   is writable again. Such an artifact lives as long as its store: `shared` gives one store
//!   per project for the whole process, and only a long-lived process (`noveler mcp`, which
//!   calls `keep_memory_across_calls`) can hand its id to a later call
//!   (`memory_outlives_call`).
//! - Garbage collection (`gc`): an artifact is kept when its id (`artifact:<12 hex>`) occurs
//!   in any file under `.noveler/` outside `artifacts/`, `backups/` and `cache/` (sessions,
//!   check manifests, write logs …), when it carries the tag `keep=true`, or when it was
//!   created less than `min_age` ago (so an agent that has just stored an artifact has time
//!   to write the session that references it). Everything else is removed, after a backup.

use super::backup::{self, BackupRef};
use super::{lock, paths, write_atomic};
use crate::analysis::sha256_hex;
use crate::error::{Code, Error, Result};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime};

/// Where artifacts live, relative to the project root.
pub const ARTIFACT_DIR: &str = ".noveler/artifacts";
/// The id prefix.
pub const ID_PREFIX: &str = "artifact:";
/// Default cache budget (seed 003 NFR-001-003).
pub const MAX_CACHE_BYTES: usize = 50 * 1024 * 1024;
/// Content types an artifact may declare.
pub const CONTENT_TYPES: &[&str] = &["text", "markdown", "json", "yaml"];

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct ArtifactMetadata {
    /// `artifact:<12 hex>`.
    pub artifact_id: String,
    /// `text`, `markdown`, `json` or `yaml`.
    pub content_type: String,
    /// RFC 3339 UTC; kept when the same content is stored again.
    pub created_at: String,
    /// UTF-8 bytes of the content.
    pub size_bytes: u64,
    /// Where the content came from (relative to the project root), if from a file.
    #[serde(default)]
    pub source_file: Option<String>,
    #[serde(default)]
    pub description: Option<String>,
    #[serde(default)]
    pub tags: BTreeMap<String, String>,
    /// Full sha256 of the content (the id is its first 12 hex).
    #[serde(default)]
    pub sha256: String,
    /// The tool that first stored it (`noveler_write`, `execute_check_step`, …).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source_tool: Option<String>,
    /// True when its file could not be written and the artifact is held only in this
    /// process's memory (lost when `noveler mcp` stops). Never written to a file.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub memory_only: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredArtifact {
    pub content: String,
    pub metadata: ArtifactMetadata,
}

/// An artifact file that could not be read, with why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
pub struct CorruptEntry {
    /// Relative to the project root.
    pub path: String,
    pub reason: String,
}

/// What `store` needs besides the content.
#[derive(Clone, Debug, Default)]
pub struct StoreOptions {
    pub content_type: Option<String>,
    pub source_file: Option<String>,
    pub description: Option<String>,
    pub tags: BTreeMap<String, String>,
    /// The tool that stored it (seed 000 §7: artifacts carry `source_tool`).
    pub source_tool: Option<String>,
}

/// The result of `store`.
#[derive(Clone, Debug)]
pub struct StoreOutcome {
    pub metadata: ArtifactMetadata,
    /// False when the same content was already stored (metadata merged).
    pub created: bool,
    /// True when an unreadable file with this id was replaced.
    pub repaired: bool,
    /// Relative path of the artifact file.
    pub path: String,
    /// The artifact file's bytes as now on disk (for its FileRef); when not `persisted`,
    /// the bytes the file would have had.
    pub file_bytes: Vec<u8>,
    /// False when the file could not be written and the artifact is held in memory only.
    pub persisted: bool,
    /// Why it is not persisted and what to do (Japanese), when it is not.
    pub warning: Option<String>,
    /// Why its file could not be written, when it could not.
    pub unwritten: Option<WriteFailure>,
}

impl StoreOutcome {
    /// This outcome, or the write's failure as an error (P003 when permission was denied,
    /// else U007) for a caller whose artifact must be on disk (a record, not a prompt input).
    pub fn require_persisted(self) -> Result<StoreOutcome> {
        match &self.unwritten {
            None => Ok(self),
            Some(f) => Err(Error::new(
                if f.permission { Code::P003 } else { Code::U007 },
                format!(
                    "アーティファクトを {} に保存できませんでした（{}）",
                    f.dir.display(),
                    f.message
                ),
            )
            .at(&f.dir, None)
            .hint(format!("{}。", f.remedy()))),
        }
    }
}

/// The result of `list`.
#[derive(Clone, Debug, Default)]
pub struct Listing {
    pub artifacts: Vec<ArtifactMetadata>,
    pub corrupt: Vec<CorruptEntry>,
}

/// The result of `gc`.
#[derive(Clone, Debug, Default, Serialize, schemars::JsonSchema)]
pub struct GcOutcome {
    /// Removed (or, with `dry_run`, to be removed).
    pub removed: Vec<String>,
    pub kept_referenced: Vec<String>,
    pub kept_pinned: Vec<String>,
    pub kept_recent: Vec<String>,
    /// Files under `.noveler/` scanned for references.
    pub scanned_files: usize,
    pub corrupt: Vec<CorruptEntry>,
    /// The backup holding the removed artifacts.
    pub backup: Option<BackupRef>,
}

/// Validates an artifact id (`artifact:<12 hex>` or the bare 12 hex) and returns the 12 hex.
/// Nothing else is ever used to build a path.
pub(crate) fn parse_id(id: &str) -> Result<String> {
    let trimmed = id.trim();
    let hex = trimmed.strip_prefix(ID_PREFIX).unwrap_or(trimmed);
    if hex.len() == 12 && hex.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')) {
        Ok(hex.to_string())
    } else {
        let shown: String = id.chars().take(80).collect();
        Err(Error::new(
            Code::A001,
            format!("アーティファクトID「{shown}」は不正です"),
        )
        .hint(
            "`artifact:` に続く12桁の小文字16進数で指定してください（例: artifact:0123456789ab）。",
        )
        .details(serde_json::json!({"expected": "^artifact:[0-9a-f]{12}$"}))
        .suggest("noveler artifact list"))
    }
}

/// `artifact:<hex>`.
pub(crate) fn full_id(hex: &str) -> String {
    format!("{ID_PREFIX}{hex}")
}

/// The id `content` gets.
pub(crate) fn id_for(content: &str) -> String {
    full_id(&sha256_hex(content.as_bytes())[..12])
}

/// The one-line reference an agent sees instead of the content.
pub(crate) fn reference_text(id: &str) -> String {
    format!("{id}（内容は fetch_artifact {id} で取得）")
}

/// `(1 − reference/content) × 100`, one decimal; 0 for empty content. Negative when the
/// content is shorter than its reference.
pub fn prompt_reduction_pct(content_chars: usize, reference_chars: usize) -> f64 {
    if content_chars == 0 {
        return 0.0;
    }
    let pct = (1.0 - reference_chars as f64 / content_chars as f64) * 100.0;
    (pct * 10.0).round() / 10.0
}

/// Checks `content_type` and that the content parses as it claims.
pub(crate) fn validate_content(content: &str, content_type: &str) -> Result<()> {
    if !CONTENT_TYPES.contains(&content_type) {
        return Err(Error::new(
            Code::U001,
            format!("コンテンツ種別「{content_type}」は使えません"),
        )
        .hint("text / markdown / json / yaml のいずれかを指定してください。"));
    }
    let problem = match content_type {
        "json" => serde_json::from_str::<serde_json::Value>(content)
            .err()
            .map(|e| e.to_string()),
        "yaml" => crate::store::yaml::from_str::<serde_yaml::Value>(content)
            .err()
            .map(|e| e.to_string()),
        _ => None,
    };
    match problem {
        Some(p) => Err(Error::new(
            Code::U006,
            format!("内容が {content_type} として読めません: {p}"),
        )
        .hint("--type を見直すか、内容を修正してください（種別を省くと拡張子から判定します）。")),
        None => Ok(()),
    }
}

/// The content type implied by a file name.
pub(crate) fn content_type_for_path(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()) {
        Some("json") => "json",
        Some("yaml") | Some("yml") => "yaml",
        Some("md") | Some("markdown") => "markdown",
        _ => "text",
    }
}

mod cached;
mod memory;
mod sections;
mod storage;
use cached::*;
pub use memory::*;
pub(crate) use sections::*;
pub use storage::*;

#[cfg(test)]
mod tests {
    use super::*;

    fn clk() -> crate::store::clock::Clock {
        crate::store::clock::Clock::system()
    }

    fn store() -> (tempfile::TempDir, ArtifactStore) {
        let dir = tempfile::tempdir().unwrap();
        let s = ArtifactStore::new(dir.path());
        (dir, s)
    }

    #[test]
    fn store_is_shareable_across_threads() {
        fn shareable<T: Send + Sync>() {}
        shareable::<ArtifactStore>();
    }

    #[test]
    fn ids_are_validated() {
        assert_eq!(parse_id("artifact:0123456789ab").unwrap(), "0123456789ab");
        assert_eq!(parse_id("0123456789ab").unwrap(), "0123456789ab");
        for bad in [
            "artifact:../../etc",
            "artifact:0123456789a",
            "artifact:0123456789abc",
            "artifact:0123456789AB",
            "artifact:",
            "",
            "../0123456789ab",
            "artifact:0123456789a/",
        ] {
            assert_eq!(parse_id(bad).unwrap_err().code, Code::A001, "{bad}");
        }
    }

    #[test]
    fn same_content_same_id_and_merge() {
        let (_d, s) = store();
        let mut tags = BTreeMap::new();
        tags.insert("episode".to_string(), "001".to_string());
        let a = s
            .store(
                "本文です",
                StoreOptions {
                    tags,
                    description: Some("first".into()),
                    ..Default::default()
                },
                &clk(),
            )
            .unwrap();
        assert!(a.created);
        assert_eq!(a.metadata.artifact_id, id_for("本文です"));
        let mut tags = BTreeMap::new();
        tags.insert("type".to_string(), "plot".to_string());
        let b = s
            .store(
                "本文です",
                StoreOptions {
                    tags,
                    ..Default::default()
                },
                &clk(),
            )
            .unwrap();
        assert!(!b.created);
        assert_eq!(b.metadata.created_at, a.metadata.created_at);
        assert_eq!(b.metadata.tags.len(), 2);
        assert_eq!(b.metadata.description.as_deref(), Some("first"));
        let f = s.fetch(&a.metadata.artifact_id).unwrap();
        assert_eq!(f.content, "本文です");
        assert_eq!(f.metadata, b.metadata);
    }

    #[test]
    fn corrupt_files_are_reported_not_fatal() {
        let (d, s) = store();
        let a = s.store("one", StoreOptions::default(), &clk()).unwrap();
        s.store("two", StoreOptions::default(), &clk()).unwrap();
        let p = d.path().join(&a.path);
        let bytes = std::fs::read(&p).unwrap();
        std::fs::write(&p, &bytes[..bytes.len() / 2]).unwrap();
        let l = s.list(&BTreeMap::new()).unwrap();
        assert_eq!(l.artifacts.len(), 1);
        assert_eq!(l.corrupt.len(), 1);
        assert_eq!(l.corrupt[0].path, a.path);
        let e = s.fetch(&a.metadata.artifact_id).unwrap_err();
        assert_eq!(e.code, Code::A003);
        // Storing the content again repairs it.
        let r = s.store("one", StoreOptions::default(), &clk()).unwrap();
        assert!(r.repaired);
        assert_eq!(s.fetch(&a.metadata.artifact_id).unwrap().content, "one");
    }

    #[test]
    fn tampered_content_is_a006_like_corrupt() {
        let (d, s) = store();
        let a = s
            .store("original", StoreOptions::default(), &clk())
            .unwrap();
        let p = d.path().join(&a.path);
        let text = std::fs::read_to_string(&p)
            .unwrap()
            .replace("original", "changed!");
        std::fs::write(&p, text).unwrap();
        let e = s.fetch(&a.metadata.artifact_id).unwrap_err();
        assert_eq!(e.code, Code::A003);
        assert!(e.message.contains("ハッシュ"));
    }

    #[test]
    fn cache_is_bounded_and_sees_other_writers() {
        let dir = tempfile::tempdir().unwrap();
        let s = ArtifactStore::with_cache_limit(dir.path(), 1000);
        let ids: Vec<String> = (0..10)
            .map(|i| {
                s.store(
                    &format!("{i}{}", "x".repeat(300)),
                    StoreOptions::default(),
                    &clk(),
                )
                .unwrap()
                .metadata
                .artifact_id
            })
            .collect();
        for id in &ids {
            s.fetch(id).unwrap();
        }
        assert!(s.cached_bytes() <= 1000);
        assert!(s.cached_bytes() > 0);
        // Another "process" deletes the file: the cache must not hide that.
        let other = ArtifactStore::new(dir.path());
        let last = ids.last().unwrap();
        other.delete(last, &clk()).unwrap();
        assert_eq!(s.fetch(last).unwrap_err().code, Code::A002);
    }

    #[test]
    fn sections() {
        let md = "# 題\n前文\n## キャラクター\nアリス\n### 詳細\n細部\n## 舞台\n港町\n";
        assert_eq!(
            extract_section(md, "markdown", "キャラクター").unwrap(),
            "## キャラクター\nアリス\n### 詳細\n細部\n"
        );
        assert_eq!(
            extract_section(md, "text", "## 舞台").unwrap(),
            "## 舞台\n港町\n"
        );
        let e = extract_section(md, "markdown", "なし").unwrap_err();
        assert_eq!(e.code, Code::A004);
        assert_eq!(
            e.details.unwrap()["available_sections"],
            serde_json::json!(["題", "キャラクター", "詳細", "舞台"])
        );
        let json = r#"{"characters":{"main":["小鞠","玄斎"]},"a.b":1}"#;
        assert_eq!(
            extract_section(json, "json", "characters.main.1").unwrap(),
            "玄斎"
        );
        assert_eq!(extract_section(json, "json", "a.b").unwrap(), "1");
        let e = extract_section(json, "json", "characters.sub").unwrap_err();
        assert_eq!(
            e.details.unwrap()["available_sections"],
            serde_json::json!(["main"])
        );
        let yaml = "登場人物:\n  主人公: 小鞠\n舞台: 澪浜\n";
        assert_eq!(extract_section(yaml, "yaml", "舞台").unwrap(), "澪浜");
        assert_eq!(
            extract_section(yaml, "yaml", "登場人物").unwrap(),
            "主人公: 小鞠\n"
        );
        assert_eq!(
            extract_section(yaml, "yaml", "x").unwrap_err().code,
            Code::A004
        );
        // Headings inside fenced code are not sections.
        let fenced = "```\n# not\n```\n# yes\nbody\n";
        assert_eq!(
            extract_section(fenced, "markdown", "not").unwrap_err().code,
            Code::A004
        );
    }

    #[test]
    fn find_ids_in_text() {
        let mut ids = BTreeSet::new();
        find_ids(
            b"plot: artifact:0123456789ab, x artifact:0123456789abcdef artifact:zz",
            &mut ids,
        );
        assert_eq!(
            ids.into_iter().collect::<Vec<_>>(),
            ["artifact:0123456789ab"]
        );
    }

    #[test]
    fn gc_keeps_referenced_pinned_and_recent() {
        let (d, s) = store();
        let keep = s
            .store("referenced", StoreOptions::default(), &clk())
            .unwrap();
        let mut tags = BTreeMap::new();
        tags.insert("keep".to_string(), "true".to_string());
        let pinned = s
            .store(
                "pinned",
                StoreOptions {
                    tags,
                    ..Default::default()
                },
                &clk(),
            )
            .unwrap();
        let gone = s.store("garbage", StoreOptions::default(), &clk()).unwrap();
        let sessions = d.path().join(".noveler/sessions");
        std::fs::create_dir_all(&sessions).unwrap();
        std::fs::write(
            sessions.join("s.yaml"),
            format!("plot: {}\n", keep.metadata.artifact_id),
        )
        .unwrap();
        let recent = s.gc(true, Duration::from_secs(3600), &clk()).unwrap();
        assert!(recent.removed.is_empty());
        assert_eq!(recent.kept_recent, vec![gone.metadata.artifact_id.clone()]);
        let dry = s.gc(true, Duration::ZERO, &clk()).unwrap();
        assert_eq!(dry.removed, vec![gone.metadata.artifact_id.clone()]);
        assert!(d.path().join(&gone.path).exists());
        let real = s.gc(false, Duration::ZERO, &clk()).unwrap();
        assert_eq!(real.removed, vec![gone.metadata.artifact_id.clone()]);
        assert_eq!(
            real.kept_referenced,
            vec![keep.metadata.artifact_id.clone()]
        );
        assert_eq!(real.kept_pinned, vec![pinned.metadata.artifact_id.clone()]);
        assert_eq!(real.scanned_files, 1);
        assert!(!d.path().join(&gone.path).exists());
        assert!(real.backup.is_some());
    }
}
