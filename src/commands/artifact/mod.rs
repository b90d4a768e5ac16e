//! `noveler artifact store|fetch|list|delete|gc` (MCP `store_artifact`, `fetch_artifact`,
//! `list_artifacts` …): content-addressed artifacts, seed 003. The logic lives in
//! `store::artifact`; these functions turn requests into calls on an `ArtifactStore` and the
//! answers into reports. Long-lived callers keep one `ArtifactStore` (its cache) and use the
//! `*_with` variants; `run_*` make a fresh one per call.

pub mod format;

use super::common::parse_duration;
use super::{Ctx, Report};
use crate::error::{Code, Error, Result};
use crate::store::artifact::{
    self, ArtifactMetadata, ArtifactStore, CorruptEntry, GcOutcome, StoreOptions,
};
use crate::store::backup::BackupRef;
use crate::store::{paths, FileRef};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::Path;

/// The envelope `command` both adapters use: the CLI verb and the `store_artifact` tool.
pub const STORE: &str = "artifact_store";
/// The envelope `command` both adapters use: the CLI verb and the `fetch_artifact` tool.
pub const FETCH: &str = "artifact_fetch";
/// The envelope `command` both adapters use: the CLI verb and the `list_artifacts` tool.
pub const LIST: &str = "artifact_list";

// ---------------------------------------------------------------------------------------
// store

#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
pub struct ArtifactStoreRequest {
    /// The text to store. Give either `content` or `file`.
    #[serde(default)]
    pub content: Option<String>,
    /// A file inside the project to store (relative to the project root). Its path becomes
    /// the artifact's `source_file`.
    #[serde(default)]
    pub file: Option<String>,
    /// `text`, `markdown`, `json` or `yaml`; default: from the file's extension, else `text`.
    /// JSON and YAML content must parse.
    #[serde(default, alias = "type")]
    pub content_type: Option<String>,
    /// Human-readable description (e.g. `第001話プロット`).
    #[serde(default)]
    pub description: Option<String>,
    /// Classification tags, merged into existing ones when the content is already stored.
    /// The tag `keep=true` protects an artifact from `gc`.
    #[serde(default)]
    pub tags: BTreeMap<String, String>,
    /// Recorded as `source_file` when `content` is given directly.
    #[serde(default)]
    pub source_file: Option<String>,
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct ArtifactStoreReport {
    /// `artifact:<12 hex>`.
    pub artifact_id: String,
    /// False when the same content was already stored (metadata merged, `created_at` kept).
    pub created: bool,
    /// True when a corrupt file with this id was replaced.
    pub repaired: bool,
    /// The artifact file, relative to the project root.
    pub path: String,
    pub metadata: ArtifactMetadata,
    /// Characters of the content.
    pub content_chars: usize,
    /// The one line an agent sees instead of the content.
    pub reference_text: String,
    /// Characters of `reference_text`.
    pub reference_chars: usize,
    /// `(1 − reference_chars / content_chars) × 100`, one decimal (negative for content
    /// shorter than its reference).
    pub prompt_reduction_pct: f64,
    pub instructions: String,
    /// False when `.noveler/artifacts/` could not be written and the server holds the
    /// artifact in memory only (fetchable until it stops; see `warning`).
    pub persisted: bool,
    /// Why it is held in memory only and what to do.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub warning: Option<String>,
    #[serde(skip)]
    input: Option<FileRef>,
    #[serde(skip)]
    output: Option<FileRef>,
}

impl Report for ArtifactStoreReport {
    fn inputs(&self) -> Vec<FileRef> {
        self.input.iter().cloned().collect()
    }
    fn outputs(&self) -> Vec<FileRef> {
        self.output.iter().cloned().collect()
    }
}

/// Reads a project file as UTF-8 text (refusing paths outside the root).
fn read_project_text(root: &Path, file: &str, role: &str) -> Result<(String, FileRef)> {
    let r = paths::resolve_file(root, Path::new(file))?;
    let bytes = crate::store::text::read_bytes(&r.abs)?;
    let fref = FileRef::from_bytes(&paths::canonical_root(root), &r.abs, &bytes, role);
    let text = String::from_utf8(bytes).map_err(|e| {
        crate::store::text::decode(&r.abs, e.as_bytes())
            .err()
            .unwrap_or_else(|| Error::new(Code::U003, "UTF-8 ではありません"))
    })?;
    Ok((text, fref))
}

pub(crate) fn store_with(
    ctx: &Ctx,
    store: &ArtifactStore,
    req: ArtifactStoreRequest,
) -> Result<ArtifactStoreReport> {
    let root = store.root();
    let (content, input, source, inferred) = match (req.content, &req.file) {
        (Some(_), Some(_)) => {
            return Err(
                Error::new(Code::U001, "content と file は同時に指定できません")
                    .hint("どちらか一方を指定してください。"),
            )
        }
        (Some(c), None) => (c, None, req.source_file.clone(), None),
        (None, Some(f)) => {
            let (text, fref) = read_project_text(root, f, "artifact_source")?;
            let ty = artifact::content_type_for_path(Path::new(&fref.path));
            let src = Some(fref.path.clone());
            (text, Some(fref), src, Some(ty))
        }
        (None, None) => {
            return Err(Error::new(Code::U001, "保存する内容がありません")
                .hint("ファイルを指定するか、`-` で標準入力から渡してください。"))
        }
    };
    let content_type = req
        .content_type
        .clone()
        .or_else(|| inferred.map(str::to_string));
    let out = store.store(
        &content,
        StoreOptions {
            content_type,
            source_file: source,
            description: req.description,
            tags: req.tags,
            source_tool: Some("store_artifact".into()),
        },
        &ctx.clock,
    )?;
    // Held in memory serves later calls of a server; a command's memory ends with it.
    let out = if artifact::memory_outlives_call() {
        out
    } else {
        out.require_persisted()?
    };
    let id = out.metadata.artifact_id.clone();
    let content_chars = content.chars().count();
    let reference_text = artifact::reference_text(&id);
    let reference_chars = reference_text.chars().count();
    let output = FileRef::from_bytes(root, &root.join(&out.path), &out.file_bytes, "artifact");
    Ok(ArtifactStoreReport {
        instructions: format!("プロンプトには内容の代わりに「{reference_text}」を含めてください。"),
        artifact_id: id,
        created: out.created,
        repaired: out.repaired,
        path: out.path,
        metadata: out.metadata,
        content_chars,
        reference_text,
        reference_chars,
        prompt_reduction_pct: artifact::prompt_reduction_pct(content_chars, reference_chars),
        input,
        output: out.persisted.then_some(output),
        persisted: out.persisted,
        warning: out.warning,
    })
}

// ---------------------------------------------------------------------------------------
// fetch

#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum FetchFormat {
    /// The content itself (the CLI prints it byte for byte).
    #[default]
    Raw,
    /// The structured result (content, metadata, instructions).
    Json,
}

#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
pub struct ArtifactFetchRequest {
    /// `artifact:<12 hex>` (the bare 12 hex is accepted too).
    #[serde(alias = "id")]
    pub artifact_id: String,
    /// Part to return: a JSON or YAML key path (`characters.main`), or the text of a
    /// Markdown heading (`キャラクター`), giving that heading's section.
    #[serde(default)]
    pub section: Option<String>,
    /// `raw` (default) or `json`: how the CLI prints the result.
    #[serde(default)]
    pub format: FetchFormat,
    /// Convert the content: `text` (as stored, the default), `json` or `yaml` (from a JSON
    /// or YAML artifact).
    #[serde(default)]
    pub format_type: Option<super::artifact::format::ContentFormat>,
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct ArtifactFetchReport {
    pub artifact_id: String,
    /// The content, or the requested section of it.
    pub content: String,
    pub section: Option<String>,
    pub format: FetchFormat,
    /// The conversion applied (`format_type`), when one was asked for.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub format_type: Option<super::artifact::format::ContentFormat>,
    /// Characters of `content`.
    pub content_chars: usize,
    pub metadata: ArtifactMetadata,
    pub instructions: String,
    #[serde(skip)]
    input: Option<FileRef>,
}

impl Report for ArtifactFetchReport {
    fn inputs(&self) -> Vec<FileRef> {
        self.input.iter().cloned().collect()
    }
}

pub(crate) fn fetch_with(
    store: &ArtifactStore,
    req: ArtifactFetchRequest,
) -> Result<ArtifactFetchReport> {
    let a = store.fetch(&req.artifact_id)?;
    let id = a.metadata.artifact_id.clone();
    let content = match &req.section {
        Some(s) => artifact::extract_section(&a.content, &a.metadata.content_type, s)
            .map_err(|e| e.suggest(format!("noveler artifact fetch {id}")))?,
        None => a.content.clone(),
    };
    let content = match req.format_type {
        Some(to) => super::artifact::format::convert(&content, &a.metadata.content_type, to)?,
        None => content,
    };
    let instructions = match &req.section {
        Some(s) => format!("アーティファクト '{id}' のセクション '{s}' を取得しました"),
        None => format!("アーティファクト '{id}' の全コンテンツを取得しました"),
    };
    let instructions = if a.metadata.memory_only {
        format!("{instructions}（ファイルに保存できなかったため、このサーバーのメモリにだけ保持されています。終了すると失われます）")
    } else {
        instructions
    };
    let rel = ArtifactStore::rel_path(id.trim_start_matches(artifact::ID_PREFIX));
    let input = FileRef::from_path(store.root(), &store.root().join(&rel), "artifact").ok();
    Ok(ArtifactFetchReport {
        artifact_id: id,
        content_chars: content.chars().count(),
        content,
        section: req.section,
        format: req.format,
        format_type: req.format_type,
        metadata: a.metadata.clone(),
        instructions,
        input,
    })
}

// ---------------------------------------------------------------------------------------
// list

#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
pub struct ArtifactListRequest {
    /// Only artifacts carrying all of these tags (key → value).
    #[serde(default)]
    pub tags: BTreeMap<String, String>,
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct ArtifactListReport {
    pub total_artifacts: usize,
    /// Oldest first.
    pub artifacts: Vec<ArtifactMetadata>,
    /// Artifact files that could not be read (skipped, not fatal).
    pub corrupt: Vec<CorruptEntry>,
    pub instructions: String,
}

impl Report for ArtifactListReport {}

pub(crate) fn list_with(
    store: &ArtifactStore,
    req: ArtifactListRequest,
) -> Result<ArtifactListReport> {
    let l = store.list(&req.tags)?;
    let mut instructions =
        "fetch_artifact ツール（noveler artifact fetch ID）で個別のアーティファクトを取得できます"
            .to_string();
    if !l.corrupt.is_empty() {
        instructions.push_str(&format!(
            "。壊れたファイルが {} 件あり、一覧から除外しました（同じ内容を store し直すと修復されます）",
            l.corrupt.len()
        ));
    }
    Ok(ArtifactListReport {
        total_artifacts: l.artifacts.len(),
        artifacts: l.artifacts,
        corrupt: l.corrupt,
        instructions,
    })
}

// ---------------------------------------------------------------------------------------
// delete

#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
pub struct ArtifactDeleteRequest {
    /// `artifact:<12 hex>`.
    #[serde(alias = "id")]
    pub artifact_id: String,
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct ArtifactDeleteReport {
    pub artifact_id: String,
    pub deleted: bool,
    /// The deleted artifact's metadata (null when its file was corrupt).
    pub metadata: Option<ArtifactMetadata>,
    /// Where the deleted file was backed up first.
    pub backup: BackupRef,
}

impl Report for ArtifactDeleteReport {}

pub(crate) fn delete_with(
    ctx: &Ctx,
    store: &ArtifactStore,
    req: ArtifactDeleteRequest,
) -> Result<ArtifactDeleteReport> {
    let hex = artifact::parse_id(&req.artifact_id)?;
    let (metadata, backup) = store.delete(&hex, &ctx.clock)?;
    Ok(ArtifactDeleteReport {
        artifact_id: artifact::full_id(&hex),
        deleted: true,
        metadata,
        backup,
    })
}

// ---------------------------------------------------------------------------------------
// gc

/// The rule `gc` applies, as reported.
pub const GC_RULE: &str = "artifact:<12桁> が .noveler/ 配下（artifacts/ backups/ cache/ を除く：セッション、チェック記録、執筆ログなど）のどのファイルにも現れず、タグ keep=true がなく、作成から older_than 以上経ったアーティファクトを削除します（削除前にバックアップ）";

#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
pub struct ArtifactGcRequest {
    /// Only report what would be removed.
    #[serde(default)]
    pub dry_run: bool,
    /// Keep unreferenced artifacts younger than this (humantime: `1h`, `30m`, `0s`).
    /// Default `1h`.
    #[serde(default)]
    pub older_than: Option<String>,
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct ArtifactGcReport {
    pub dry_run: bool,
    pub rule: String,
    pub older_than: String,
    #[serde(flatten)]
    pub outcome: GcOutcome,
}

impl Report for ArtifactGcReport {}

pub(crate) fn gc_with(
    ctx: &Ctx,
    store: &ArtifactStore,
    req: ArtifactGcRequest,
) -> Result<ArtifactGcReport> {
    let older_than = req.older_than.unwrap_or_else(|| "1h".to_string());
    let min_age = parse_duration(&older_than, "older_than")?;
    let outcome = store.gc(req.dry_run, min_age, &ctx.clock)?;
    Ok(ArtifactGcReport {
        dry_run: req.dry_run,
        rule: GC_RULE.to_string(),
        older_than,
        outcome,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_accept_mcp_argument_spellings() {
        let r: ArtifactFetchRequest = serde_json::from_value(serde_json::json!({
            "artifact_id": "artifact:0123456789ab", "section": "a", "format": "json"
        }))
        .unwrap();
        assert_eq!(r.format, FetchFormat::Json);
        let r: ArtifactFetchRequest =
            serde_json::from_value(serde_json::json!({"id": "x", "format_type": "yaml"})).unwrap();
        assert_eq!((r.artifact_id.as_str(), r.format), ("x", FetchFormat::Raw));
        assert_eq!(
            r.format_type,
            Some(super::super::artifact::format::ContentFormat::Yaml)
        );
        let r: ArtifactStoreRequest = serde_json::from_value(serde_json::json!({
            "content": "c", "type": "yaml", "tags": {"episode": "001"}
        }))
        .unwrap();
        assert_eq!(r.content_type.as_deref(), Some("yaml"));
        assert!(serde_json::from_value::<ArtifactFetchRequest>(serde_json::json!({})).is_err());
    }

    #[test]
    fn store_needs_exactly_one_source() {
        let dir = tempfile::tempdir().unwrap();
        let store = ArtifactStore::new(dir.path());
        let both = ArtifactStoreRequest {
            content: Some("a".into()),
            file: Some("b".into()),
            ..Default::default()
        };
        assert_eq!(
            store_with(&Ctx::new(dir.path().into()), &store, both)
                .unwrap_err()
                .code,
            Code::U001
        );
        let none = ArtifactStoreRequest::default();
        assert_eq!(
            store_with(&Ctx::new(dir.path().into()), &store, none)
                .unwrap_err()
                .code,
            Code::U001
        );
        let bad_tag = ArtifactStoreRequest {
            content: Some("a".into()),
            tags: [(" ".to_string(), "v".to_string())].into_iter().collect(),
            ..Default::default()
        };
        assert_eq!(
            store_with(&Ctx::new(dir.path().into()), &store, bad_tag)
                .unwrap_err()
                .code,
            Code::U001
        );
    }
}
