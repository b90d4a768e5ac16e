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
//! - Garbage collection (`gc`): an artifact is kept when its id (`artifact:<12 hex>`) occurs
//!   in any file under `.noveler/` outside `artifacts/`, `backups/` and `cache/` (sessions,
//!   check manifests, write logs …), when it carries the tag `keep=true`, or when it was
//!   created less than `min_age` ago (so an agent that has just stored an artifact has time
//!   to write the session that references it). Everything else is removed, after a backup.

use super::backup::{self, BackupRef};
use super::envelope::timestamp;
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
    /// The artifact file's bytes as now on disk (for its FileRef).
    pub file_bytes: Vec<u8>,
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
pub fn parse_id(id: &str) -> Result<String> {
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
pub fn full_id(hex: &str) -> String {
    format!("{ID_PREFIX}{hex}")
}

/// The id `content` gets.
pub fn id_for(content: &str) -> String {
    full_id(&sha256_hex(content.as_bytes())[..12])
}

/// The one-line reference an agent sees instead of the content.
pub fn reference_text(id: &str) -> String {
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
pub fn validate_content(content: &str, content_type: &str) -> Result<()> {
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
        "yaml" => serde_yaml::from_str::<serde_yaml::Value>(content)
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
pub fn content_type_for_path(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()) {
        Some("json") => "json",
        Some("yaml") | Some("yml") => "yaml",
        Some("md") | Some("markdown") => "markdown",
        _ => "text",
    }
}

// ---------------------------------------------------------------------------------------
// Sections

/// Extracts `section` from `content`: a key path in JSON or YAML (`a.b.0`; a key containing
/// dots is tried whole first), or for text/Markdown the section under the heading whose text
/// is `section` (leading `#`s in the query are ignored), from the heading line up to the next
/// heading of the same or a higher level. A004 lists what is available when it is missing.
pub fn extract_section(content: &str, content_type: &str, section: &str) -> Result<String> {
    let wanted = section.trim();
    match content_type {
        "json" => match serde_json::from_str::<serde_json::Value>(content) {
            Ok(v) => json_section(&v, wanted),
            Err(_) => markdown_section(content, wanted),
        },
        "yaml" => match serde_yaml::from_str::<serde_yaml::Value>(content) {
            Ok(v) => yaml_section(&v, wanted),
            Err(_) => markdown_section(content, wanted),
        },
        _ => markdown_section(content, wanted),
    }
}

fn missing_section(section: &str, available: Vec<String>) -> Error {
    let listed = if available.is_empty() {
        "（セクションがありません）".to_string()
    } else {
        available.join(", ")
    };
    Error::new(
        Code::A004,
        format!("セクション「{section}」が見つかりません。利用できるセクション: {listed}"),
    )
    .hint("利用できるセクション名のどれかを指定するか、--section を省いて全文を取得してください。")
    .details(serde_json::json!({ "section": section, "available_sections": available }))
}

fn json_section(root: &serde_json::Value, wanted: &str) -> Result<String> {
    fn render(v: &serde_json::Value) -> String {
        match v {
            serde_json::Value::String(s) => s.clone(),
            other => serde_json::to_string_pretty(other).unwrap_or_default(),
        }
    }
    fn keys(v: &serde_json::Value) -> Vec<String> {
        match v {
            serde_json::Value::Object(m) => m.keys().cloned().collect(),
            serde_json::Value::Array(a) => (0..a.len()).map(|i| i.to_string()).collect(),
            _ => Vec::new(),
        }
    }
    if let Some(v) = root.as_object().and_then(|m| m.get(wanted)) {
        return Ok(render(v));
    }
    let mut cur = root;
    for part in wanted.split('.') {
        let next = match cur {
            serde_json::Value::Object(m) => m.get(part),
            serde_json::Value::Array(a) => part.parse::<usize>().ok().and_then(|i| a.get(i)),
            _ => None,
        };
        match next {
            Some(n) => cur = n,
            None => return Err(missing_section(wanted, keys(cur))),
        }
    }
    Ok(render(cur))
}

fn yaml_key_text(k: &serde_yaml::Value) -> Option<String> {
    match k {
        serde_yaml::Value::String(s) => Some(s.clone()),
        serde_yaml::Value::Number(n) => Some(n.to_string()),
        serde_yaml::Value::Bool(b) => Some(b.to_string()),
        _ => None,
    }
}

fn yaml_section(root: &serde_yaml::Value, wanted: &str) -> Result<String> {
    fn render(v: &serde_yaml::Value) -> String {
        match v {
            serde_yaml::Value::String(s) => s.clone(),
            other => serde_yaml::to_string(other).unwrap_or_default(),
        }
    }
    fn get<'a>(v: &'a serde_yaml::Value, key: &str) -> Option<&'a serde_yaml::Value> {
        match v {
            serde_yaml::Value::Mapping(m) => m
                .iter()
                .find(|(k, _)| yaml_key_text(k).as_deref() == Some(key))
                .map(|(_, v)| v),
            serde_yaml::Value::Sequence(s) => key.parse::<usize>().ok().and_then(|i| s.get(i)),
            serde_yaml::Value::Tagged(t) => get(&t.value, key),
            _ => None,
        }
    }
    fn keys(v: &serde_yaml::Value) -> Vec<String> {
        match v {
            serde_yaml::Value::Mapping(m) => m.keys().filter_map(yaml_key_text).collect(),
            serde_yaml::Value::Sequence(s) => (0..s.len()).map(|i| i.to_string()).collect(),
            _ => Vec::new(),
        }
    }
    if let Some(v) = get(root, wanted) {
        return Ok(render(v));
    }
    let mut cur = root;
    for part in wanted.split('.') {
        match get(cur, part) {
            Some(n) => cur = n,
            None => return Err(missing_section(wanted, keys(cur))),
        }
    }
    Ok(render(cur))
}

/// Markdown headings outside fenced code: (byte offset of the line, level, text).
pub fn markdown_headings(content: &str) -> Vec<(usize, usize, String)> {
    let mut out = Vec::new();
    let mut fenced = false;
    let mut offset = 0;
    for line in content.split_inclusive('\n') {
        let start = offset;
        offset += line.len();
        let t = line.trim_end_matches(['\n', '\r']);
        if t.trim_start().starts_with("```") || t.trim_start().starts_with("~~~") {
            fenced = !fenced;
            continue;
        }
        if fenced {
            continue;
        }
        let level = t.bytes().take_while(|&b| b == b'#').count();
        if (1..=6).contains(&level) {
            let rest = &t[level..];
            if rest.is_empty() || rest.starts_with([' ', '\t', '\u{3000}']) {
                let text = rest
                    .trim_matches(|c: char| c.is_whitespace())
                    .trim_end_matches('#')
                    .trim_matches(|c: char| c.is_whitespace())
                    .to_string();
                out.push((start, level, text));
            }
        }
    }
    out
}

fn markdown_section(content: &str, wanted: &str) -> Result<String> {
    let query = wanted
        .trim_start_matches('#')
        .trim_matches(|c: char| c.is_whitespace());
    let heads = markdown_headings(content);
    let Some(pos) = heads.iter().position(|(_, _, t)| t == query) else {
        return Err(missing_section(
            wanted,
            heads.into_iter().map(|(_, _, t)| t).collect(),
        ));
    };
    let (start, level, _) = heads[pos];
    let end = heads[pos + 1..]
        .iter()
        .find(|(_, l, _)| *l <= level)
        .map(|(s, _, _)| *s)
        .unwrap_or(content.len());
    Ok(content[start..end].to_string())
}

// ---------------------------------------------------------------------------------------
// Cache

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Stamp {
    len: u64,
    modified: Option<SystemTime>,
}

fn stamp_of(path: &Path) -> Option<Stamp> {
    let m = std::fs::metadata(path).ok()?;
    Some(Stamp {
        len: m.len(),
        modified: m.modified().ok(),
    })
}

struct CacheEntry {
    artifact: Arc<StoredArtifact>,
    stamp: Stamp,
    tick: u64,
    cost: usize,
}

/// A byte-bounded LRU of artifacts.
struct Lru {
    map: HashMap<String, CacheEntry>,
    order: BTreeMap<u64, String>,
    tick: u64,
    bytes: usize,
    max: usize,
}

impl Lru {
    fn new(max: usize) -> Lru {
        Lru {
            map: HashMap::new(),
            order: BTreeMap::new(),
            tick: 0,
            bytes: 0,
            max,
        }
    }

    fn get(&mut self, hex: &str, stamp: Stamp) -> Option<Arc<StoredArtifact>> {
        let fresh = self.map.get(hex).map(|e| e.stamp == stamp)?;
        if !fresh {
            self.remove(hex);
            return None;
        }
        self.tick += 1;
        let tick = self.tick;
        let e = self.map.get_mut(hex)?;
        self.order.remove(&e.tick);
        e.tick = tick;
        self.order.insert(tick, hex.to_string());
        Some(e.artifact.clone())
    }

    fn put(&mut self, hex: &str, artifact: Arc<StoredArtifact>, stamp: Stamp) {
        self.remove(hex);
        let cost = artifact.content.len() + 256;
        if cost > self.max {
            return;
        }
        while self.bytes + cost > self.max {
            let Some((_, oldest)) = self.order.pop_first() else {
                break;
            };
            if let Some(e) = self.map.remove(&oldest) {
                self.bytes -= e.cost;
            }
        }
        self.tick += 1;
        self.order.insert(self.tick, hex.to_string());
        self.map.insert(
            hex.to_string(),
            CacheEntry {
                artifact,
                stamp,
                tick: self.tick,
                cost,
            },
        );
        self.bytes += cost;
    }

    fn remove(&mut self, hex: &str) {
        if let Some(e) = self.map.remove(hex) {
            self.order.remove(&e.tick);
            self.bytes -= e.cost;
        }
    }
}

// ---------------------------------------------------------------------------------------
// The store

/// Artifacts of one project, with an in-memory cache. Cheap to create; share one across
/// requests in a long-lived process.
pub struct ArtifactStore {
    root: PathBuf,
    cache: Mutex<Lru>,
}

fn corrupt(path: &Path, rel: &str, reason: &str) -> Error {
    Error::new(
        Code::A003,
        format!("アーティファクトファイル {rel} が壊れています: {reason}"),
    )
    .at(path, None)
    .hint("同じ内容を `noveler artifact store` で保存し直すと修復されます。バックアップは `noveler backup list` で確認できます。")
    .details(serde_json::json!({"path": rel, "reason": reason}))
}

impl ArtifactStore {
    /// A store for project `root` with the default 50 MB cache.
    pub fn new(root: &Path) -> ArtifactStore {
        ArtifactStore::with_cache_limit(root, MAX_CACHE_BYTES)
    }

    pub fn with_cache_limit(root: &Path, max_bytes: usize) -> ArtifactStore {
        ArtifactStore {
            root: root.to_path_buf(),
            cache: Mutex::new(Lru::new(max_bytes)),
        }
    }

    /// Project root this store serves.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// Relative path of the file for validated `hex`.
    pub fn rel_path(hex: &str) -> String {
        format!("{ARTIFACT_DIR}/{hex}.json")
    }

    /// The artifact directory, refused (U004) when a symlink leads it out of the project.
    fn dir(&self) -> Result<PathBuf> {
        paths::inside(&self.root, ARTIFACT_DIR)
    }

    /// The file of validated `hex`, resolved inside the project.
    fn file(&self, hex: &str) -> Result<PathBuf> {
        paths::inside(&self.root, &Self::rel_path(hex))
    }

    /// What the artifact lock guards (`.noveler/artifacts.lock` is its lock file).
    fn lock_target(&self) -> Result<PathBuf> {
        self.dir()
    }

    fn cache(&self) -> std::sync::MutexGuard<'_, Lru> {
        self.cache.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Bytes currently held by the cache.
    pub fn cached_bytes(&self) -> usize {
        self.cache().bytes
    }

    /// Parses an artifact file's bytes, checking the content against the id.
    fn parse(&self, hex: &str, bytes: &[u8]) -> std::result::Result<StoredArtifact, String> {
        let a: StoredArtifact =
            serde_json::from_slice(bytes).map_err(|e| format!("JSONとして読めません（{e}）"))?;
        if a.metadata.artifact_id != full_id(hex) {
            return Err(format!(
                "メタデータのID {} がファイル名と一致しません",
                a.metadata.artifact_id
            ));
        }
        let sha = sha256_hex(a.content.as_bytes());
        if !sha.starts_with(hex) {
            return Err("内容のハッシュがIDと一致しません（内容が書き換えられています）".into());
        }
        Ok(a)
    }

    fn encode(a: &StoredArtifact) -> Result<Vec<u8>> {
        serde_json::to_vec_pretty(a).map_err(|e| {
            Error::new(
                Code::R002,
                format!("アーティファクトのJSON化に失敗しました: {e}"),
            )
        })
    }

    /// Stores `content`; see the module doc for how a re-store merges.
    pub fn store(&self, content: &str, opts: StoreOptions) -> Result<StoreOutcome> {
        let content_type = opts.content_type.clone().unwrap_or_else(|| "text".into());
        validate_content(content, &content_type)?;
        if let Some(k) = opts.tags.keys().find(|k| k.trim().is_empty()) {
            return Err(Error::new(Code::U001, format!("タグのキー「{k}」が空です"))
                .hint("--tag key=value の形で指定してください。"));
        }
        let sha = sha256_hex(content.as_bytes());
        let hex = sha[..12].to_string();
        let path = self.file(&hex)?;
        let rel = Self::rel_path(&hex);
        let outcome = lock::with_lock(&self.lock_target()?, || {
            let existing = match std::fs::read(&path) {
                Ok(bytes) => Some(self.parse(&hex, &bytes)),
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => None,
                Err(e) => return Err(Error::io(&path, &e)),
            };
            let (artifact, created, repaired, changed) = match existing {
                Some(Ok(mut a)) => {
                    if a.content != content {
                        return Err(Error::new(
                            Code::A006,
                            format!(
                                "ID {} は別の内容に使われています（ハッシュ衝突）",
                                full_id(&hex)
                            ),
                        )
                        .at(&path, None)
                        .hint("内容をわずかに変えて保存してください。"));
                    }
                    let before = a.metadata.clone();
                    let m = &mut a.metadata;
                    if let Some(t) = &opts.content_type {
                        m.content_type = t.clone();
                    }
                    if opts.source_file.is_some() {
                        m.source_file = opts.source_file.clone();
                    }
                    if opts.description.is_some() {
                        m.description = opts.description.clone();
                    }
                    m.tags.extend(opts.tags.clone());
                    m.sha256 = sha.clone();
                    if m.source_tool.is_none() {
                        m.source_tool = opts.source_tool.clone();
                    }
                    let changed = *m != before;
                    (a, false, false, changed)
                }
                other => {
                    let repaired = matches!(other, Some(Err(_)));
                    let a = StoredArtifact {
                        content: content.to_string(),
                        metadata: ArtifactMetadata {
                            artifact_id: full_id(&hex),
                            content_type,
                            created_at: timestamp(SystemTime::now()),
                            size_bytes: content.len() as u64,
                            source_file: opts.source_file.clone(),
                            description: opts.description.clone(),
                            tags: opts.tags.clone(),
                            sha256: sha.clone(),
                            source_tool: opts.source_tool.clone(),
                        },
                    };
                    (a, !repaired, repaired, true)
                }
            };
            let bytes = Self::encode(&artifact)?;
            if changed {
                write_atomic(&path, &bytes)?;
            }
            Ok(StoreOutcome {
                metadata: artifact.metadata,
                created,
                repaired,
                path: rel.clone(),
                file_bytes: bytes,
            })
        })?;
        self.cache().remove(&hex);
        Ok(outcome)
    }

    /// Fetches the artifact `id` (validated first).
    pub fn fetch(&self, id: &str) -> Result<Arc<StoredArtifact>> {
        let hex = parse_id(id)?;
        let path = self.file(&hex)?;
        let rel = Self::rel_path(&hex);
        let Some(stamp) = stamp_of(&path) else {
            self.cache().remove(&hex);
            return Err(Error::new(
                Code::A002,
                format!("アーティファクト {} が見つかりません", full_id(&hex)),
            )
            .hint("`noveler artifact list` で保存済みのIDを確認してください。")
            .suggest("noveler artifact list"));
        };
        if let Some(a) = self.cache().get(&hex, stamp) {
            return Ok(a);
        }
        let bytes = std::fs::read(&path).map_err(|e| Error::io(&path, &e))?;
        let artifact = Arc::new(
            self.parse(&hex, &bytes)
                .map_err(|reason| corrupt(&path, &rel, &reason))?,
        );
        self.cache().put(&hex, artifact.clone(), stamp);
        Ok(artifact)
    }

    /// Every readable artifact's metadata (sorted by `created_at`, then id) whose tags
    /// contain all of `tags`; unreadable files are reported in `corrupt`, never fatal.
    pub fn list(&self, tags: &BTreeMap<String, String>) -> Result<Listing> {
        #[derive(Deserialize)]
        struct MetaOnly {
            #[allow(dead_code)]
            content: serde::de::IgnoredAny,
            metadata: ArtifactMetadata,
        }
        let mut listing = Listing::default();
        let dir = self.dir()?;
        let rd = match std::fs::read_dir(&dir) {
            Ok(rd) => rd,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(listing),
            Err(e) => return Err(Error::io(&dir, &e)),
        };
        let mut names: Vec<String> = rd
            .filter_map(|e| e.ok())
            // Regular files only: a symlink (possibly leading out of the project) is skipped.
            .filter(|e| e.file_type().map(|t| t.is_file()).unwrap_or(false))
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .filter_map(|n| n.strip_suffix(".json").map(str::to_string))
            .filter(|stem| parse_id(stem).is_ok())
            .collect();
        names.sort();
        for hex in names {
            let path = dir.join(format!("{hex}.json"));
            let rel = Self::rel_path(&hex);
            let bytes = match std::fs::read(&path) {
                Ok(b) => b,
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
                Err(e) => {
                    listing.corrupt.push(CorruptEntry {
                        path: rel,
                        reason: format!("読み込めません（{e}）"),
                    });
                    continue;
                }
            };
            match serde_json::from_slice::<MetaOnly>(&bytes) {
                Ok(m) if m.metadata.artifact_id == full_id(&hex) => {
                    if tags.iter().all(|(k, v)| m.metadata.tags.get(k) == Some(v)) {
                        listing.artifacts.push(m.metadata);
                    }
                }
                Ok(m) => listing.corrupt.push(CorruptEntry {
                    path: rel,
                    reason: format!(
                        "メタデータのID {} がファイル名と一致しません",
                        m.metadata.artifact_id
                    ),
                }),
                Err(e) => listing.corrupt.push(CorruptEntry {
                    path: rel,
                    reason: format!("JSONとして読めません（{e}）"),
                }),
            }
        }
        listing
            .artifacts
            .sort_by(|a, b| (&a.created_at, &a.artifact_id).cmp(&(&b.created_at, &b.artifact_id)));
        Ok(listing)
    }

    /// Deletes artifact `id` after backing its file up. A corrupt file can be deleted too.
    pub fn delete(&self, id: &str) -> Result<(Option<ArtifactMetadata>, BackupRef)> {
        let hex = parse_id(id)?;
        let path = self.file(&hex)?;
        let rel = Self::rel_path(&hex);
        let out = lock::with_lock(&self.lock_target()?, || {
            let bytes = match std::fs::read(&path) {
                Ok(b) => b,
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                    return Err(Error::new(
                        Code::A002,
                        format!("アーティファクト {} が見つかりません", full_id(&hex)),
                    )
                    .hint("`noveler artifact list` で保存済みのIDを確認してください。")
                    .suggest("noveler artifact list"))
                }
                Err(e) => return Err(Error::io(&path, &e)),
            };
            let meta = self.parse(&hex, &bytes).ok().map(|a| a.metadata);
            let backup = backup::backup_files(
                &self.root,
                std::slice::from_ref(&rel),
                &format!("artifact delete {}", full_id(&hex)),
            )?;
            std::fs::remove_file(&path).map_err(|e| Error::io(&path, &e))?;
            Ok((meta, backup))
        })?;
        self.cache().remove(&hex);
        Ok(out)
    }

    /// Ids referenced from files under `.noveler/` (see the module doc), and how many files
    /// were scanned.
    pub fn referenced_ids(&self) -> Result<(BTreeSet<String>, usize)> {
        let base = paths::inside(&self.root, ".noveler")?;
        let mut ids = BTreeSet::new();
        let mut scanned = 0;
        if !base.is_dir() {
            return Ok((ids, 0));
        }
        let walker = walkdir::WalkDir::new(&base)
            .follow_links(false)
            .into_iter()
            .filter_entry(|e| {
                !(e.depth() == 1
                    && e.file_type().is_dir()
                    && matches!(
                        e.file_name().to_str(),
                        Some("artifacts") | Some("backups") | Some("cache")
                    ))
            });
        for entry in walker.filter_map(|e| e.ok()) {
            let is_lock = entry.file_name().to_string_lossy().ends_with(".lock");
            if !entry.file_type().is_file() || is_lock {
                continue;
            }
            let Ok(bytes) = std::fs::read(entry.path()) else {
                continue;
            };
            scanned += 1;
            find_ids(&bytes, &mut ids);
        }
        Ok((ids, scanned))
    }

    /// Removes unreferenced artifacts older than `min_age` (see the module doc).
    pub fn gc(&self, dry_run: bool, min_age: Duration) -> Result<GcOutcome> {
        lock::with_lock(&self.lock_target()?, || {
            let (referenced, scanned) = self.referenced_ids()?;
            let listing = self.list(&BTreeMap::new())?;
            let now = SystemTime::now();
            let mut out = GcOutcome {
                scanned_files: scanned,
                corrupt: listing.corrupt,
                ..Default::default()
            };
            let mut doomed = Vec::new();
            for m in listing.artifacts {
                let id = m.artifact_id.clone();
                if referenced.contains(&id) {
                    out.kept_referenced.push(id);
                } else if m.tags.get("keep").map(String::as_str) == Some("true") {
                    out.kept_pinned.push(id);
                } else if is_recent(&m.created_at, now, min_age) {
                    out.kept_recent.push(id);
                } else {
                    doomed.push(id);
                }
            }
            if !dry_run && !doomed.is_empty() {
                let rels: Vec<String> = doomed
                    .iter()
                    .map(|id| Self::rel_path(id.trim_start_matches(ID_PREFIX)))
                    .collect();
                out.backup = Some(backup::backup_files(&self.root, &rels, "artifact gc")?);
                for rel in &rels {
                    let p = paths::inside(&self.root, rel)?;
                    std::fs::remove_file(&p).map_err(|e| Error::io(&p, &e))?;
                }
                let mut cache = self.cache();
                for id in &doomed {
                    cache.remove(id.trim_start_matches(ID_PREFIX));
                }
            }
            out.removed = doomed;
            Ok(out)
        })
    }
}

fn is_recent(created_at: &str, now: SystemTime, min_age: Duration) -> bool {
    if min_age.is_zero() {
        return false;
    }
    match humantime::parse_rfc3339_weak(created_at) {
        Ok(t) => now
            .duration_since(t)
            .map(|age| age < min_age)
            .unwrap_or(true),
        // An unparsable date is treated as recent: never delete what we cannot date.
        Err(_) => true,
    }
}

/// Adds every `artifact:<12 hex>` found in `bytes` to `ids`.
pub fn find_ids(bytes: &[u8], ids: &mut BTreeSet<String>) {
    let needle = ID_PREFIX.as_bytes();
    let mut i = 0;
    while i + needle.len() + 12 <= bytes.len() {
        if &bytes[i..i + needle.len()] == needle {
            let hex = &bytes[i + needle.len()..i + needle.len() + 12];
            let after = bytes.get(i + needle.len() + 12).copied();
            if hex.iter().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
                && !after.is_some_and(|b| b.is_ascii_hexdigit())
            {
                ids.insert(format!("{ID_PREFIX}{}", String::from_utf8_lossy(hex)));
            }
            i += needle.len();
        } else {
            i += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
        let a = s.store("one", StoreOptions::default()).unwrap();
        s.store("two", StoreOptions::default()).unwrap();
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
        let r = s.store("one", StoreOptions::default()).unwrap();
        assert!(r.repaired);
        assert_eq!(s.fetch(&a.metadata.artifact_id).unwrap().content, "one");
    }

    #[test]
    fn tampered_content_is_a006_like_corrupt() {
        let (d, s) = store();
        let a = s.store("original", StoreOptions::default()).unwrap();
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
                s.store(&format!("{i}{}", "x".repeat(300)), StoreOptions::default())
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
        other.delete(last).unwrap();
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
        let keep = s.store("referenced", StoreOptions::default()).unwrap();
        let mut tags = BTreeMap::new();
        tags.insert("keep".to_string(), "true".to_string());
        let pinned = s
            .store(
                "pinned",
                StoreOptions {
                    tags,
                    ..Default::default()
                },
            )
            .unwrap();
        let gone = s.store("garbage", StoreOptions::default()).unwrap();
        let sessions = d.path().join(".noveler/sessions");
        std::fs::create_dir_all(&sessions).unwrap();
        std::fs::write(
            sessions.join("s.yaml"),
            format!("plot: {}\n", keep.metadata.artifact_id),
        )
        .unwrap();
        let recent = s.gc(true, Duration::from_secs(3600)).unwrap();
        assert!(recent.removed.is_empty());
        assert_eq!(recent.kept_recent, vec![gone.metadata.artifact_id.clone()]);
        let dry = s.gc(true, Duration::ZERO).unwrap();
        assert_eq!(dry.removed, vec![gone.metadata.artifact_id.clone()]);
        assert!(d.path().join(&gone.path).exists());
        let real = s.gc(false, Duration::ZERO).unwrap();
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
