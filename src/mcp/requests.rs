//! Request types of tools whose arguments are narrower than the command they run (the
//! focused checks). Each maps onto the command's own Request; nothing is computed here.

use crate::analysis::{Aspect, Severity};
use crate::commands::check::{CheckRequest, Target};
use crate::commands::write::WriteRequest;
use serde::Deserialize;

/// The aspects of `check_basic` (shared with `noveler check --basic`).
pub use crate::commands::check::modes::BASIC_ASPECTS;

/// Arguments of a focused check of one episode (or one file, or a text).
#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
#[serde(default)]
pub struct FocusedCheckRequest {
    /// Episode number to check (the manuscript 40_原稿/第NNN話*.md).
    #[serde(alias = "episode_number")]
    pub episode: Option<u32>,
    /// Or a manuscript file (or directory), relative to the project root.
    pub path: Option<String>,
    /// Or the manuscript text itself (nothing is read from disk).
    pub content: Option<String>,
    /// Report only findings of this severity or above (low, medium, high, critical).
    pub severity_threshold: Option<Severity>,
    /// Baseline file of accepted findings inside the project (`""`: .noveler-baseline.json);
    /// findings it holds are suppressed and counted in `summary.suppressed.baseline`.
    pub baseline: Option<String>,
}

impl FocusedCheckRequest {
    /// The `check` request for these arguments, restricted to `aspects`.
    pub(crate) fn into_check(self, aspects: &[Aspect]) -> CheckRequest {
        CheckRequest {
            targets: self.path.map(Target::Path).into_iter().collect(),
            episode: self.episode,
            content: self.content,
            aspects: aspects.to_vec(),
            severity_threshold: self.severity_threshold,
            baseline: self.baseline,
            ..Default::default()
        }
    }
}

/// What `backup_management` does.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum BackupAction {
    /// List the backups (newest first).
    #[default]
    List,
    /// Snapshot an episode's manuscript, some files, or everything (`all`).
    Create,
    /// Put the files of `backup_id` back (the current files are backed up first).
    Restore,
}

/// Arguments of `backup_management`: one action over the store's backups.
#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
#[serde(default)]
pub struct BackupManagementRequest {
    /// `list` (default), `create` or `restore`.
    pub action: BackupAction,
    /// create: the episode whose manuscript to back up.
    #[serde(alias = "episode_number")]
    pub episode: Option<u32>,
    /// create: files to back up, relative to the project root.
    pub files: Vec<String>,
    /// create: every manuscript and every artifact.
    pub all: bool,
    /// create: why (kept in the manifest; default `manual`).
    pub reason: Option<String>,
    /// restore: the backup id (`YYYYMMDD_HHMMSS_xxxxxxxx`, from `list`).
    #[serde(alias = "id")]
    pub backup_id: Option<String>,
    /// restore: only report what would be written.
    pub dry_run: bool,
}

/// The result of one `backup_management` action.
#[derive(Debug, Clone, serde::Serialize, schemars::JsonSchema)]
#[serde(tag = "action", rename_all = "lowercase")]
pub enum BackupManagementReport {
    List(bk::BackupListReport),
    Create(bk::BackupCreateReport),
    Restore(bk::BackupRestoreReport),
}

use crate::commands::backup as bk;

impl crate::commands::Report for BackupManagementReport {
    fn inputs(&self) -> Vec<crate::store::FileRef> {
        match self {
            BackupManagementReport::List(r) => r.inputs(),
            BackupManagementReport::Create(r) => r.inputs(),
            BackupManagementReport::Restore(r) => r.inputs(),
        }
    }
    fn outputs(&self) -> Vec<crate::store::FileRef> {
        match self {
            BackupManagementReport::List(r) => r.outputs(),
            BackupManagementReport::Create(r) => r.outputs(),
            BackupManagementReport::Restore(r) => r.outputs(),
        }
    }
}

/// Runs one backup action through the `backup` commands.
pub fn backup_management(
    ctx: &crate::commands::Ctx,
    req: BackupManagementRequest,
) -> crate::Result<BackupManagementReport> {
    Ok(match req.action {
        BackupAction::List => {
            BackupManagementReport::List(bk::run_list(ctx, bk::BackupListRequest {})?)
        }
        BackupAction::Create => BackupManagementReport::Create(bk::run_create(
            ctx,
            bk::BackupCreateRequest {
                episode: req.episode,
                files: req.files,
                all: req.all,
                reason: req.reason,
            },
        )?),
        BackupAction::Restore => {
            let Some(backup_id) = req.backup_id.filter(|s| !s.trim().is_empty()) else {
                return Err(crate::Error::new(
                    crate::Code::U001,
                    "restore には backup_id が必要です",
                )
                .hint("まず action: list でバックアップの一覧を取得し、その backup_id を指定してください。")
                .suggest("backup_management {\"action\": \"list\"}"));
            };
            BackupManagementReport::Restore(bk::run_restore(
                ctx,
                bk::BackupRestoreRequest {
                    backup_id,
                    dry_run: req.dry_run,
                },
            )?)
        }
    })
}

/// A writing stage: its number or its name.
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
#[serde(untagged)]
pub enum StageRef {
    Number(u32),
    Name(String),
}

/// Arguments of `write_stage`: one tool for every stage of the staged writing (instead of
/// `write_step_1` … `write_step_10`, which stay in the `seed` profile).
#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
pub struct WriteStageRequest {
    /// Episode number.
    #[serde(alias = "episode_number")]
    pub episode: u32,
    /// Stage 1-10 or its name (plot_data_preparation … finalize_manuscript). Default: the
    /// session's current stage.
    #[serde(default, alias = "step", alias = "step_id")]
    pub stage: Option<StageRef>,
    /// Session to continue. Default: the episode's session in progress, else a new one.
    #[serde(default)]
    pub session_id: Option<String>,
    /// An interrupted (abandoned) session to reactivate and continue, as write_resume does.
    #[serde(default)]
    pub resume_session: Option<String>,
    /// Your output for the stage: the JSON object the prompt's schema asks for (stage 8:
    /// {title, manuscript}). Omit to get the prompt.
    #[serde(default)]
    pub submission: Option<serde_json::Value>,
    /// The author's feedback on the submitted stage.
    #[serde(default)]
    pub feedback: Option<String>,
    /// Start a new session.
    #[serde(default)]
    pub new_session: bool,
    /// Skip the design stages not done yet and go to the manuscript (stage 8).
    #[serde(default)]
    pub draft_only: bool,
    /// Criteria to waive. Ids from the reply's criteria.unmet (target_length,
    /// must_include:N, must_avoid:N); recorded in the session.
    #[serde(default)]
    pub waive: Vec<String>,
    /// Render or validate only; nothing is written.
    #[serde(default)]
    pub dry_run: bool,
}

impl WriteStageRequest {
    /// The `write` request for these arguments.
    pub(crate) fn into_write(self) -> WriteRequest {
        let (step, stage) = match self.stage {
            Some(StageRef::Number(n)) => (Some(n), None),
            Some(StageRef::Name(s)) => (None, Some(s)),
            None => (None, None),
        };
        WriteRequest {
            episode: self.episode,
            session_id: self.session_id,
            step,
            stage,
            new_session: self.new_session,
            dry_run: self.dry_run,
            submission: self.submission,
            feedback: self.feedback,
            draft_only: self.draft_only,
            waive: self.waive,
            ..Default::default()
        }
    }
}
