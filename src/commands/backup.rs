//! `noveler backup create|list|restore` (seed 000 `backup_management`): snapshots of
//! manuscripts and artifacts under `.noveler/backups/`. The logic lives in `store::backup`.

use super::{Ctx, Report};
use crate::error::{Code, Error, Result};
use crate::project::{is_manuscript_file, Project};
use crate::store::artifact::ARTIFACT_DIR;
use crate::store::backup::{self, BackupEntry, BackupRef, BrokenBackup, RestoreOutcome};
use crate::store::{paths, FileRef};
use serde::{Deserialize, Serialize};
use std::path::Path;

// ---------------------------------------------------------------------------------------
// create

#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
pub struct BackupCreateRequest {
    /// Episode number whose manuscript to back up.
    #[serde(default, alias = "episode_number")]
    pub episode: Option<u32>,
    /// Files to back up, relative to the project root.
    #[serde(default)]
    pub files: Vec<String>,
    /// Back up everything of the author's: manuscripts, plots, settings, management files,
    /// the project and tool configs, and every artifact.
    #[serde(default)]
    pub all: bool,
    /// Why (kept in the manifest). Default `manual`.
    #[serde(default)]
    pub reason: Option<String>,
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct BackupCreateReport {
    pub backup_id: String,
    /// The manifest, relative to the project root.
    pub manifest: String,
    pub created_at: String,
    pub reason: String,
    pub files: Vec<BackupEntry>,
    pub total_files: usize,
    pub total_size_bytes: u64,
    #[serde(skip)]
    inputs: Vec<FileRef>,
    #[serde(skip)]
    outputs: Vec<FileRef>,
}

impl Report for BackupCreateReport {
    fn inputs(&self) -> Vec<FileRef> {
        self.inputs.clone()
    }
    fn outputs(&self) -> Vec<FileRef> {
        self.outputs.clone()
    }
}

/// What `--all` keeps from one folder.
#[derive(Clone, Copy, PartialEq)]
enum Kind {
    /// `.md`/`.txt` manuscripts.
    Manuscript,
    /// The author's documents: YAML, Markdown, text.
    Document,
    /// Artifact JSON files.
    Artifact,
}

/// Everything of the author's that `--all` backs up, relative to the root, sorted: every
/// manuscript (under the project's manuscript directory, which `directory_structure` may
/// rename), the plots, the settings (設定集), the management files (話数管理.yaml …, but not
/// the publish-ready texts `complete` derives), プロジェクト設定.yaml and .novelerrc.yaml, and
/// every artifact file.
fn all_files(root: &Path) -> Result<Vec<String>> {
    let project = Project::load(root)?;
    let mut out = Vec::new();
    let croot = paths::canonical_root(root);
    let publish = Path::new(&project.dirs.management).join("公開用");
    for (dir, kind) in [
        (project.dirs.manuscript.as_str(), Kind::Manuscript),
        (project.dirs.plot.as_str(), Kind::Document),
        (project.dirs.settings.as_str(), Kind::Document),
        (project.dirs.management.as_str(), Kind::Document),
        (ARTIFACT_DIR, Kind::Artifact),
    ] {
        let base = paths::inside(root, dir)?;
        for entry in walkdir::WalkDir::new(&base)
            .follow_links(false)
            .into_iter()
            .filter_map(|e| e.ok())
        {
            let name = entry.file_name().to_string_lossy();
            let ext = |exts: &[&str]| {
                entry
                    .path()
                    .extension()
                    .is_some_and(|e| exts.iter().any(|x| e.eq_ignore_ascii_case(x)))
            };
            let wanted = match kind {
                Kind::Manuscript => is_manuscript_file(entry.path()),
                Kind::Document => ext(&["yaml", "yml", "md", "txt"]),
                Kind::Artifact => ext(&["json"]),
            };
            if entry.file_type().is_file() && wanted && !name.starts_with('.') {
                if let Ok(rel) = crate::store::fileref::relative_to(&croot, entry.path()) {
                    if !Path::new(&rel).starts_with(&publish) {
                        out.push(rel);
                    }
                }
            }
        }
    }
    for file in [crate::project::PROJECT_CONFIG, ".novelerrc.yaml"] {
        if root.join(file).is_file() {
            out.push(file.to_string());
        }
    }
    out.sort();
    out.dedup();
    Ok(out)
}

/// The manuscript of `episode` (via the project model: E001/E003/E004), relative to the root.
pub(crate) fn episode_file(root: &Path, episode: u32) -> Result<String> {
    let path = Project::load(root)?.manuscript_path(episode)?;
    Ok(paths::resolve(root, &path)?.rel)
}

pub(crate) fn run_create(ctx: &Ctx, req: BackupCreateRequest) -> Result<BackupCreateReport> {
    let root = &ctx.root;
    let mut rels = Vec::new();
    if let Some(ep) = req.episode {
        rels.push(episode_file(root, ep)?);
    }
    for f in &req.files {
        rels.push(paths::resolve_file(root, Path::new(f))?.rel);
    }
    if req.all {
        rels.extend(all_files(root)?);
    }
    if rels.is_empty() {
        let msg = if req.all {
            "バックアップする原稿・アーティファクトがありません"
        } else {
            "バックアップの対象が指定されていません"
        };
        return Err(Error::new(Code::U005, msg)
            .hint("話数、ファイルのパス、または --all を指定してください。")
            .suggest("noveler backup create --all"));
    }
    let reason = req.reason.unwrap_or_else(|| "manual".to_string());
    let b = backup::backup_files(root, &rels, &reason, &ctx.clock)?;
    let m = backup::read_manifest(root, &b.backup_id)?;
    let croot = paths::canonical_root(root);
    let inputs = m
        .files
        .iter()
        .map(|f| FileRef {
            path: f.path.clone(),
            sha256: f.sha256.clone(),
            size_bytes: f.size_bytes,
            content_type: crate::store::fileref::content_type_of(Path::new(&f.path)).into(),
            role: "backed_up".into(),
        })
        .collect();
    let outputs = FileRef::from_path(&croot, &croot.join(&b.manifest), "backup_manifest")
        .into_iter()
        .collect();
    Ok(BackupCreateReport {
        backup_id: m.backup_id,
        manifest: b.manifest,
        created_at: m.created_at,
        reason: m.reason,
        total_files: m.total_files,
        total_size_bytes: m.total_size_bytes,
        files: m.files,
        inputs,
        outputs,
    })
}

// ---------------------------------------------------------------------------------------
// list

#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
pub struct BackupListRequest {}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct BackupSummary {
    pub backup_id: String,
    pub created_at: String,
    pub reason: String,
    pub total_files: usize,
    pub total_size_bytes: u64,
    /// Original paths.
    pub files: Vec<String>,
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct BackupListReport {
    pub total_backups: usize,
    /// Newest first.
    pub backups: Vec<BackupSummary>,
    /// Backups that cannot be restored (unfinished or corrupt manifest).
    pub broken: Vec<BrokenBackup>,
}

impl Report for BackupListReport {}

pub(crate) fn run_list(ctx: &Ctx, _req: BackupListRequest) -> Result<BackupListReport> {
    let (good, broken) = backup::list(&ctx.root)?;
    let backups: Vec<BackupSummary> = good
        .into_iter()
        .map(|m| BackupSummary {
            backup_id: m.backup_id,
            created_at: m.created_at,
            reason: m.reason,
            total_files: m.total_files,
            total_size_bytes: m.total_size_bytes,
            files: m.files.into_iter().map(|f| f.path).collect(),
        })
        .collect();
    Ok(BackupListReport {
        total_backups: backups.len(),
        backups,
        broken,
    })
}

// ---------------------------------------------------------------------------------------
// restore

#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
pub struct BackupRestoreRequest {
    /// The backup id (`YYYYMMDD_HHMMSS_xxxxxxxx`, see `backup list`).
    #[serde(alias = "id")]
    pub backup_id: String,
    /// Only report what would be written.
    #[serde(default)]
    pub dry_run: bool,
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct BackupRestoreReport {
    #[serde(flatten)]
    pub outcome: RestoreOutcome,
    /// Files written (0 for a dry run).
    pub restored: usize,
    #[serde(skip)]
    inputs: Vec<FileRef>,
    #[serde(skip)]
    outputs: Vec<FileRef>,
}

impl Report for BackupRestoreReport {
    fn inputs(&self) -> Vec<FileRef> {
        self.inputs.clone()
    }
    fn outputs(&self) -> Vec<FileRef> {
        self.outputs.clone()
    }
}

pub(crate) fn run_restore(ctx: &Ctx, req: BackupRestoreRequest) -> Result<BackupRestoreReport> {
    let root = &ctx.root;
    let id = req.backup_id.trim();
    let outcome = backup::restore(root, id, req.dry_run, &ctx.clock)?;
    let croot = paths::canonical_root(root);
    let manifest = format!("{}/{id}/{}", backup::BACKUP_DIR, backup::MANIFEST);
    let inputs = FileRef::from_path(&croot, &croot.join(&manifest), "backup_manifest")
        .into_iter()
        .collect();
    let written: Vec<&str> = if outcome.dry_run {
        Vec::new()
    } else {
        outcome
            .files
            .iter()
            .filter(|f| f.action != crate::store::backup::RestoreAction::Unchanged)
            .map(|f| f.path.as_str())
            .collect()
    };
    let mut outputs: Vec<FileRef> = written
        .iter()
        .filter_map(|p| FileRef::from_path(&croot, &croot.join(p), "restored").ok())
        .collect();
    if let Some(BackupRef { manifest, .. }) = &outcome.pre_restore_backup {
        outputs.extend(FileRef::from_path(
            &croot,
            &croot.join(manifest),
            "backup_manifest",
        ));
    }
    Ok(BackupRestoreReport {
        restored: written.len(),
        outcome,
        inputs,
        outputs,
    })
}
