//! `noveler files info|list|get|changes|clean`: the data tools over saved results and the
//! hash index (seed 000 §6.1; SPEC §5): `get_file_reference_info`, `list_files_with_hashes`,
//! `get_file_by_hash`, `check_file_changes`, and pruning of old results.
//!
//! "Changed" means: different from the newest state the index holds for that path, i.e. the
//! last time any saved noveler result read or wrote it (this command's own result records
//! the current state, so asking twice in a row reports `unchanged` the second time).

use super::{Ctx, Report};
use crate::analysis::sha256_hex;
use crate::error::{Code, Error, Result};
use crate::store::envelope::timestamp;
use crate::store::index::{self, IndexEntry};
use crate::store::{fileref, paths, FileRef};
use serde::{Deserialize, Serialize};
use std::path::Path;
use std::time::SystemTime;

/// The envelope `command` both adapters use: the CLI verb and the `get_file_reference_info` tool.
pub const INFO: &str = "files_info";
/// The envelope `command` both adapters use: the CLI verb and the `list_files_with_hashes` tool.
pub const LIST: &str = "files_list";
/// The envelope `command` both adapters use: the CLI verb and the `get_file_by_hash` tool.
pub const GET: &str = "files_get";
/// The envelope `command` both adapters use: the CLI verb and the `check_file_changes` tool.
pub const CHANGES: &str = "files_changes";

fn is_hex(s: &str) -> bool {
    s.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

// ---------------------------------------------------------------------------------------
// info

#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
pub struct FileInfoRequest {
    /// A file inside the project (relative to the project root).
    #[serde(alias = "file_path")]
    pub path: String,
}

/// What the index knows about a path.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct IndexState {
    /// The newest recorded state, if the path was ever recorded.
    pub recorded: Option<IndexEntry>,
    /// `unchanged`, `changed` or `new` (never `missing` here).
    pub status: ChangeStatus,
    /// Other paths recorded with the same content.
    pub same_content_paths: Vec<String>,
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct FileInfoReport {
    #[serde(flatten)]
    pub file: FileRef,
    /// Last modification, RFC 3339 UTC.
    pub modified_at: Option<String>,
    /// Characters and lines when the file is UTF-8 text; null otherwise.
    pub chars: Option<usize>,
    pub lines: Option<usize>,
    pub index: IndexState,
    /// Set when the hash index was missing or corrupt and has been rebuilt.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub index_rebuilt: Option<String>,
}

impl Report for FileInfoReport {
    fn inputs(&self) -> Vec<FileRef> {
        vec![self.file.clone()]
    }
}

/// A file against the index: `unchanged`, `changed`, `new` (never recorded) or `missing`
/// (recorded, now gone; only `files changes` reports it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ChangeStatus {
    Unchanged,
    Changed,
    New,
    Missing,
}

impl ChangeStatus {
    /// The JSON word.
    pub fn as_str(self) -> &'static str {
        match self {
            ChangeStatus::Unchanged => "unchanged",
            ChangeStatus::Changed => "changed",
            ChangeStatus::New => "new",
            ChangeStatus::Missing => "missing",
        }
    }
}

fn status_of(recorded: Option<&IndexEntry>, sha: &str) -> ChangeStatus {
    match recorded {
        None => ChangeStatus::New,
        Some(e) if e.sha256 == sha => ChangeStatus::Unchanged,
        Some(_) => ChangeStatus::Changed,
    }
}

pub(crate) fn run_info(ctx: &Ctx, req: FileInfoRequest) -> Result<FileInfoReport> {
    let r = paths::resolve_file(&ctx.root, Path::new(&req.path))?;
    let croot = paths::canonical_root(&ctx.root);
    let bytes = crate::store::text::read_bytes(&r.abs)?;
    let mut file = FileRef::from_bytes(&croot, &r.abs, &bytes, "inspected");
    file.path = r.rel.clone();
    let modified_at = std::fs::metadata(&r.abs)
        .and_then(|m| m.modified())
        .map(timestamp)
        .ok();
    let (chars, lines) = match std::str::from_utf8(&bytes) {
        Ok(t) => (Some(t.chars().count()), Some(t.lines().count())),
        Err(_) => (None, None),
    };
    let loaded = index::load(&ctx.root)?;
    let recorded = loaded.index.files.get(&r.rel).cloned();
    let same_content_paths = loaded
        .index
        .paths_for(&file.sha256)
        .iter()
        .filter(|p| **p != r.rel)
        .cloned()
        .collect();
    Ok(FileInfoReport {
        index: IndexState {
            status: status_of(recorded.as_ref(), &file.sha256),
            recorded,
            same_content_paths,
        },
        file,
        modified_at,
        chars,
        lines,
        index_rebuilt: loaded.rebuilt,
    })
}

// ---------------------------------------------------------------------------------------
// list

#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
pub struct FilesListRequest {
    /// Only paths starting with this prefix (e.g. `40_原稿/`).
    #[serde(default)]
    pub prefix: Option<String>,
    /// Only entries with this role (`envelope`, `manuscript`, `stdout` …).
    #[serde(default)]
    pub role: Option<String>,
    /// Also list noveler's own saved results (under `temp/`), which grow with every call.
    #[serde(default)]
    pub include_results: bool,
}

/// Whether `rel` is one of noveler's own result files (envelopes, saved streams).
fn is_result_file(rel: &str) -> bool {
    rel.starts_with("temp/")
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct ListedFile {
    pub path: String,
    #[serde(flatten)]
    pub entry: IndexEntry,
    /// Whether a file exists at the path now (its content is not re-hashed here).
    pub exists: bool,
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct FilesListReport {
    pub total_files: usize,
    pub total_size_bytes: u64,
    /// Distinct contents recorded (all history, not only the newest states).
    pub total_hashes: usize,
    /// Sorted by path.
    pub files: Vec<ListedFile>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub index_rebuilt: Option<String>,
}

impl Report for FilesListReport {}

pub(crate) fn run_list(ctx: &Ctx, req: FilesListRequest) -> Result<FilesListReport> {
    let loaded = index::load(&ctx.root)?;
    let croot = paths::canonical_root(&ctx.root);
    let files: Vec<ListedFile> = loaded
        .index
        .files
        .iter()
        .filter(|(p, _)| req.prefix.as_deref().is_none_or(|pre| p.starts_with(pre)))
        .filter(|(p, _)| {
            req.include_results
                || !is_result_file(p)
                || req.prefix.as_deref().is_some_and(is_result_file)
        })
        .filter(|(_, e)| req.role.as_deref().is_none_or(|r| e.role == r))
        .map(|(p, e)| ListedFile {
            path: p.clone(),
            entry: e.clone(),
            exists: croot.join(p).is_file(),
        })
        .collect();
    Ok(FilesListReport {
        total_files: files.len(),
        total_size_bytes: files.iter().map(|f| f.entry.size_bytes).sum(),
        total_hashes: loaded.index.hashes.len(),
        files,
        index_rebuilt: loaded.rebuilt,
    })
}

// ---------------------------------------------------------------------------------------
// get

#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
pub struct FileGetRequest {
    /// The sha256 (64 hex), or an unambiguous prefix of at least 8 hex.
    #[serde(alias = "sha256", alias = "file_hash")]
    pub hash: String,
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct FileGetReport {
    pub sha256: String,
    /// The path whose current content matches.
    pub path: String,
    pub size_bytes: u64,
    pub content_type: String,
    /// The content (UTF-8 text).
    pub content: String,
    /// True: the content was re-hashed and matches `sha256`.
    pub verified: bool,
    /// Other paths recorded with this hash.
    pub other_paths: Vec<String>,
    #[serde(skip)]
    input: Option<FileRef>,
}

impl Report for FileGetReport {
    fn inputs(&self) -> Vec<FileRef> {
        self.input.iter().cloned().collect()
    }
}

pub(crate) fn run_get(ctx: &Ctx, req: FileGetRequest) -> Result<FileGetReport> {
    let wanted = req.hash.trim().to_ascii_lowercase();
    if wanted.len() < 8 || wanted.len() > 64 || !is_hex(&wanted) {
        return Err(Error::new(
            Code::U001,
            format!(
                "ハッシュ「{}」は不正です",
                req.hash.chars().take(80).collect::<String>()
            ),
        )
        .hint("sha256 の16進数（64桁、または8桁以上の先頭部分）を指定してください。")
        .suggest("noveler files list"));
    }
    let loaded = index::load(&ctx.root)?;
    let matches = loaded.index.hashes_with_prefix(&wanted);
    let sha = match matches.as_slice() {
        [] => {
            return Err(Error::new(
                Code::A005,
                format!("ハッシュ {wanted} のファイルは記録されていません"),
            )
            .hint("`noveler files list` で記録済みのハッシュを確認してください。")
            .suggest("noveler files list"))
        }
        [one] => one.to_string(),
        many => {
            return Err(Error::new(
                Code::U001,
                format!(
                    "ハッシュの先頭 {wanted} に一致するものが {} 件あります",
                    many.len()
                ),
            )
            .hint("もっと長く（または64桁すべて）指定してください。")
            .details(serde_json::json!({ "candidates": many })))
        }
    };
    let croot = paths::canonical_root(&ctx.root);
    let recorded = loaded.index.paths_for(&sha).to_vec();
    let mut mismatched = Vec::new();
    for p in &recorded {
        let Ok(r) = paths::resolve(&ctx.root, Path::new(p)) else {
            continue;
        };
        let bytes = match crate::store::text::read_bytes(&r.abs) {
            Ok(b) => b,
            Err(_) => continue,
        };
        if sha256_hex(&bytes) != sha {
            mismatched.push(p.clone());
            continue;
        }
        let content = String::from_utf8(bytes.clone()).map_err(|_| {
            Error::new(Code::U003, format!("{p} はテキスト（UTF-8）ではありません"))
                .at(&r.abs, None)
        })?;
        let mut input = FileRef::from_bytes(&croot, &r.abs, &bytes, "by_hash");
        input.path = p.clone();
        return Ok(FileGetReport {
            sha256: sha.clone(),
            path: p.clone(),
            size_bytes: bytes.len() as u64,
            content_type: fileref::content_type_of(Path::new(p)).into(),
            content,
            verified: true,
            other_paths: recorded.iter().filter(|o| *o != p).cloned().collect(),
            input: Some(input),
        });
    }
    if mismatched.is_empty() {
        Err(Error::new(
            Code::A005,
            format!("ハッシュ {sha} のファイルはもう存在しません"),
        )
        .hint("ファイルが削除されたか移動されました。`noveler files list` で現在の記録を確認してください。")
        .details(serde_json::json!({ "recorded_paths": recorded })))
    } else {
        Err(Error::new(
            Code::A006,
            format!("ハッシュ {sha} の記録先のファイルは内容が変わっています"),
        )
        .hint("記録後にファイルが書き換えられました。現在の内容は `noveler files info PATH` で確認できます。バックアップがあれば `noveler backup list` から戻せます。")
        .details(serde_json::json!({ "changed_paths": mismatched })))
    }
}

// ---------------------------------------------------------------------------------------
// changes

#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
pub struct FileChangesRequest {
    /// Files to compare with the index (relative to the project root). Empty: every path the
    /// index records outside noveler's own results (`temp/`).
    #[serde(default, alias = "file_paths")]
    pub paths: Vec<String>,
    /// With no `paths`: also compare noveler's own saved results (under `temp/`).
    #[serde(default)]
    pub include_results: bool,
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct FileChange {
    pub path: String,
    pub status: ChangeStatus,
    /// Current sha256 (null when missing).
    pub sha256: Option<String>,
    pub recorded_sha256: Option<String>,
    pub recorded_at: Option<String>,
}

#[derive(Debug, Clone, Default, Serialize, schemars::JsonSchema)]
pub struct ChangeSummary {
    pub unchanged: usize,
    pub changed: usize,
    pub new: usize,
    pub missing: usize,
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct FileChangesReport {
    /// True when any file is changed, new or missing.
    pub any_changes: bool,
    pub summary: ChangeSummary,
    /// In request order (index order when no paths were given).
    pub files: Vec<FileChange>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub index_rebuilt: Option<String>,
    #[serde(skip)]
    inputs: Vec<FileRef>,
}

impl Report for FileChangesReport {
    fn inputs(&self) -> Vec<FileRef> {
        self.inputs.clone()
    }
}

pub(crate) fn run_changes(ctx: &Ctx, req: FileChangesRequest) -> Result<FileChangesReport> {
    let loaded = index::load(&ctx.root)?;
    let croot = paths::canonical_root(&ctx.root);
    let targets: Vec<String> = if req.paths.is_empty() {
        loaded
            .index
            .files
            .keys()
            .filter(|p| req.include_results || !is_result_file(p))
            .cloned()
            .collect()
    } else {
        req.paths
            .iter()
            .map(|p| paths::resolve(&ctx.root, Path::new(p)).map(|r| r.rel))
            .collect::<Result<_>>()?
    };
    let mut summary = ChangeSummary::default();
    let mut files = Vec::new();
    let mut inputs = Vec::new();
    for rel in targets {
        let recorded = loaded.index.files.get(&rel);
        let abs = croot.join(&rel);
        let current = crate::store::text::read_bytes_if_exists(&abs)?;
        let sha = current.as_deref().map(sha256_hex);
        let status = match (&sha, recorded) {
            (None, None) => {
                return Err(
                    Error::new(Code::U005, format!("{rel} は存在せず、記録もありません"))
                        .hint("パスを確認してください（プロジェクトルートからの相対パス）。"),
                )
            }
            (None, Some(_)) => ChangeStatus::Missing,
            (Some(h), r) => status_of(r, h),
        };
        match status {
            ChangeStatus::Unchanged => summary.unchanged += 1,
            ChangeStatus::Changed => summary.changed += 1,
            ChangeStatus::New => summary.new += 1,
            ChangeStatus::Missing => summary.missing += 1,
        }
        if let Some(b) = &current {
            let mut f = FileRef::from_bytes(&croot, &abs, b, "checked");
            f.path = rel.clone();
            inputs.push(f);
        }
        files.push(FileChange {
            path: rel,
            status,
            sha256: sha,
            recorded_sha256: recorded.map(|e| e.sha256.clone()),
            recorded_at: recorded.map(|e| e.recorded_at.clone()),
        });
    }
    Ok(FileChangesReport {
        any_changes: summary.changed + summary.new + summary.missing > 0,
        summary,
        files,
        index_rebuilt: loaded.rebuilt,
        inputs,
    })
}

// ---------------------------------------------------------------------------------------
// read_result: a page of a saved result (`page.rs`)

mod page;
pub use page::{
    approx_tokens, json_tokens, page, page_call, Cut, Paged, ResultPageReport, ResultPageRequest,
    PAGE_TOKENS,
};
pub(crate) use page::{cost, cut_array, cut_text, json_cost, run_page};

// ---------------------------------------------------------------------------------------
// clean

#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
pub struct FilesCleanRequest {
    /// Remove saved results older than this (humantime: `30d`, `12h`). Default `30d`.
    #[serde(default)]
    pub older_than: Option<String>,
    /// Only report what would be removed.
    #[serde(default)]
    pub dry_run: bool,
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct FilesCleanReport {
    pub older_than: String,
    pub dry_run: bool,
    /// Removed (or, with `dry_run`, to be removed), relative to the project root.
    pub removed: Vec<String>,
    pub removed_bytes: u64,
    /// Result files left.
    pub kept: usize,
    /// Paths in the index after the clean (rebuilt from what is left).
    pub index_files: usize,
}

impl Report for FilesCleanReport {}

pub(crate) fn run_clean(ctx: &Ctx, req: FilesCleanRequest) -> Result<FilesCleanReport> {
    let older_than = req.older_than.unwrap_or_else(|| "30d".to_string());
    let age = super::common::parse_duration(&older_than, "--older-than")?;
    let cutoff = ctx
        .clock
        .now()
        .checked_sub(age)
        .unwrap_or(SystemTime::UNIX_EPOCH);
    let root = &ctx.root;
    index::with_index_lock(root, || {
        let mut removed = Vec::new();
        let mut removed_bytes = 0;
        let mut kept = 0;
        for (rel, abs) in index::output_files(root)? {
            let meta = match std::fs::metadata(&abs) {
                Ok(m) => m,
                Err(_) => continue,
            };
            let old = meta.modified().map(|t| t <= cutoff).unwrap_or(false);
            if !old {
                kept += 1;
                continue;
            }
            if !req.dry_run {
                crate::store::disk::remove_file(&abs)?;
            }
            removed_bytes += meta.len();
            removed.push(rel);
        }
        let index_files = if req.dry_run {
            index::peek(root)?.files.len()
        } else {
            index::rebuild_locked(root)?.files.len()
        };
        Ok(FilesCleanReport {
            older_than: older_than.clone(),
            dry_run: req.dry_run,
            removed,
            removed_bytes,
            kept,
            index_files,
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn change_words_are_the_json_words() {
        for s in [
            ChangeStatus::Unchanged,
            ChangeStatus::Changed,
            ChangeStatus::New,
            ChangeStatus::Missing,
        ] {
            assert_eq!(serde_json::to_value(s).unwrap(), s.as_str());
        }
    }
}
