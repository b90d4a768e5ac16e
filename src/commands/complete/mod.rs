//! `noveler complete EP` (MCP tool `noveler_complete`, seed 000 §4.3.4 / §5.4.4): finish an
//! episode and prepare it for a web-novel site.
//!
//! 1. **Gate**: the deterministic check (`commands::check`) of the manuscript.
//!    - `needs_improvement`: the gate refuses (`gate::refusals`, every reason listed):
//!      overall score below `min_score` (default 70) or no score at all (a text too short
//!      to judge, SPEC §4), 正味文字数 outside the target band, or a criterion of the
//!      writing flow's plan unmet and not waived (`workflow::writing::criteria`). Nothing is
//!      written; exit status 1 — unless `force`: then the episode is completed as
//!      `needs_review` and the ledger records what was overridden (`強制完了`).
//!    - `needs_review`: the gate passes, but a finding of severity high or above remains or
//!      the score is below 80 (or below `min_score` when that is higher). The episode is
//!      completed; the report asks for a look before posting.
//!    - `ready`: score at least 80 (and `min_score`) and no high/critical finding.
//! 2. **One transaction** (`store::transaction`, every existing target backed up first,
//!    everything restored byte for byte on any failure):
//!    - `50_管理資料/話数管理.yaml`: the episode's entry gets `ステータス: completed`,
//!      `完了日` (today's local date from the injected clock), `品質スコア` and `文字数`;
//!      the rest of the file (other entries, the author's keys and comments) is kept as it
//!      was (`project::ledger`); an episode not yet listed is added in order;
//!    - `50_管理資料/公開用/<format>/<manuscript name>.txt`: the publish-ready text
//!      (`analysis::publish`: narou / kakuyomu / plain);
//!    - then a manifest of every file involved (manuscript, publish text, ledger) with its
//!      sha256 is stored as an artifact; if that fails, the two files are rolled back too.
//! 3. **auto_publish** only prepares: noveler has no network access and never posts; the
//!    report says so and tells the author what to paste where.
//!
//! One completion per episode at a time (the episode lock `write` uses; QC-008 when busy).

use super::{Ctx, Report};
use crate::analysis::publish::{publish_text, PublishFormat};
use crate::analysis::Severity;
use crate::error::{Code, Error, Result};
use crate::operations::check::{self, CheckRequest, Target};
use crate::project::ledger::{Completion, Ledger};
use crate::project::Project;
use crate::store::artifact::StoreOptions;
use crate::store::backup::BackupRef;
use crate::store::transaction::{Hook, Transaction};
use crate::store::{lock, FileRef};
use crate::workflow::writing::criteria;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The envelope `command` of this verb, the one name the CLI and the MCP tools use.
pub const NAME: &str = "complete";

/// The default gate (seed: 品質基準 70).
pub const DEFAULT_MIN_SCORE: f64 = 70.0;
/// A score at or above this (and no high finding) is `ready`.
pub const READY_SCORE: f64 = 80.0;
/// The publish directory inside the management directory.
pub const PUBLISH_DIR: &str = "公開用";

#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
pub struct CompleteRequest {
    /// The episode to complete.
    #[serde(alias = "episode_number")]
    pub episode: u32,
    /// Prepare for posting. noveler never posts (no network): the publish-ready text and
    /// manifest are written and the report says where to paste them.
    #[serde(default)]
    pub auto_publish: bool,
    /// Publish format. The site format of the publish-ready text: narou, kakuyomu or
    /// plain. Default: from `掲載予定` in プロジェクト設定.yaml (カクヨム → kakuyomu), else
    /// narou.
    #[serde(default)]
    pub format: Option<PublishFormat>,
    /// Gate score (0–100, default 70). An overall score below it stops the completion.
    #[serde(default)]
    pub min_score: Option<f64>,
    /// Gate only, nothing written. Runs the gate and shows what would be written.
    #[serde(default)]
    pub dry_run: bool,
    /// Complete despite the refusals. The gate's reasons (quality.refusals) are
    /// overridden; 話数管理.yaml records the completion as forced, with them.
    #[serde(default)]
    pub force: bool,
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct QualityGate {
    /// Overall score of the check; null when the text is too short to judge.
    pub score: Option<f64>,
    /// Why there is no score (Japanese), when there is none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unscored_reason: Option<String>,
    pub min_score: f64,
    /// `ready` needs at least this.
    pub ready_score: f64,
    /// The gate passed: no reason to refuse (`refusals` is empty).
    pub passed: bool,
    /// Every reason the gate refuses the episode (empty when it passed).
    pub refusals: Vec<gate::Refusal>,
    pub findings: usize,
    /// Findings of severity high or critical.
    pub high_findings: usize,
    pub by_severity: BTreeMap<String, usize>,
    /// The most frequent finding codes (up to five), most frequent first.
    pub top_codes: Vec<String>,
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct LengthInfo {
    pub body_chars: usize,
    pub target_min: usize,
    pub target_max: usize,
    pub in_range: bool,
}

/// A file or artifact this completion produced.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct CompleteArtifact {
    /// `publish_text`, `management` or `manifest`.
    pub kind: String,
    /// Relative to the project root.
    pub path: String,
    pub sha256: String,
    pub size_bytes: u64,
    /// For the manifest: `artifact:<12 hex>` (fetch it with `fetch_artifact`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub artifact_id: Option<String>,
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct AutoPublish {
    pub requested: bool,
    /// Always false: noveler has no network access and never posts.
    pub performed: bool,
    /// Japanese.
    pub message: String,
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct Conversion {
    pub ruby: usize,
    pub emphasis: usize,
}

/// Where a completed episode stands for publishing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum PublicationStatus {
    /// The gate stopped it: nothing was written.
    NeedsImprovement,
    /// Passed the gate, with high findings left or under the ready score.
    NeedsReview,
    Ready,
}

impl PublicationStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            PublicationStatus::NeedsImprovement => "needs_improvement",
            PublicationStatus::NeedsReview => "needs_review",
            PublicationStatus::Ready => "ready",
        }
    }
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct CompleteReport {
    pub episode: u32,
    pub title: String,
    /// The manuscript, relative to the project root.
    pub manuscript: String,
    pub format: PublishFormat,
    /// `request`, `project_config` (掲載予定) or `default`.
    pub format_source: String,
    pub publication_status: PublicationStatus,
    /// The ledger now marks the episode completed (false when the gate stopped it or on a
    /// dry run).
    pub completed: bool,
    /// The ledger already marked it completed before this run.
    pub already_completed: bool,
    pub dry_run: bool,
    pub quality: QualityGate,
    pub length: LengthInfo,
    /// Completed although the gate refused (`force`); the ledger says so.
    pub forced: bool,
    /// The criteria of the episode's writing plan (its newest writing session with one),
    /// measured on the manuscript with the session's waivers; null without a plan.
    pub criteria: Option<crate::workflow::writing::criteria::CriteriaReport>,
    /// 完了日 written (or that would be written on a dry run).
    pub completed_on: Option<String>,
    /// The publish-ready text, relative to the project root.
    pub publish_file: Option<String>,
    pub conversion: Option<Conversion>,
    /// Files written and the manifest artifact.
    pub artifacts: Vec<CompleteArtifact>,
    pub manifest_artifact_id: Option<String>,
    /// The snapshot of the files this run replaced (restore with backup_management).
    pub backup: Option<BackupRef>,
    /// Whether 話数管理.yaml kept its comments and layout (false: rewritten).
    pub ledger_layout_kept: Option<bool>,
    pub auto_publish: AutoPublish,
    /// Japanese.
    pub warnings: Vec<String>,
    pub next_actions: Vec<String>,
    #[serde(skip)]
    #[schemars(skip)]
    inputs: Vec<FileRef>,
    #[serde(skip)]
    #[schemars(skip)]
    outputs: Vec<FileRef>,
}

impl Report for CompleteReport {
    fn inputs(&self) -> Vec<FileRef> {
        self.inputs.clone()
    }
    fn outputs(&self) -> Vec<FileRef> {
        self.outputs.clone()
    }
    fn exit_code(&self) -> crate::ExitStatus {
        crate::ExitStatus::findings_if(!self.quality.passed && !self.forced)
    }
    fn metadata(&self) -> serde_json::Value {
        serde_json::json!({
            "publication_status": self.publication_status,
            "min_score": self.quality.min_score,
            "gate_passed": self.quality.passed,
            "forced": self.forced,
        })
    }
}

/// The MCP exclusivity key: one completion (or write) per episode at a time.
pub(crate) fn exclusive_key(args: &serde_json::Map<String, serde_json::Value>) -> Option<String> {
    let n = args
        .get("episode")
        .or_else(|| args.get("episode_number"))?
        .as_u64()?;
    Some(format!("episode:{n}"))
}

/// The site named in `掲載予定` of プロジェクト設定.yaml, if any.
fn format_from_config(project: &Project) -> Option<PublishFormat> {
    let v = project.config.raw.get("掲載予定")?;
    let text = match v {
        serde_yaml::Value::String(s) => s.clone(),
        serde_yaml::Value::Sequence(items) => items
            .first()
            .and_then(|i| i.as_str())
            .unwrap_or_default()
            .to_string(),
        _ => return None,
    };
    if text.contains("カクヨム") || text.to_lowercase().contains("kakuyomu") {
        Some(PublishFormat::Kakuyomu)
    } else if text.contains("なろう") || text.to_lowercase().contains("narou") {
        Some(PublishFormat::Narou)
    } else {
        None
    }
}

fn site_name(f: PublishFormat) -> &'static str {
    match f {
        PublishFormat::Narou => "小説家になろう",
        PublishFormat::Kakuyomu => "カクヨム",
        PublishFormat::Plain => "投稿先",
    }
}

mod gate;
mod run;
pub use gate::Refusal;
pub use run::*;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::sha256_hex;
    use std::path::Path;

    const EPISODE: &str = "# 第一話　試し\n\n　朝の港は静かだった。小鞠は｜潮墨《しおずみ》を磨り、《《青い》》線を見つめた。\n「今日は描けそう」\n　師匠は黙ってうなずいた。\n　潮の匂いが窓から流れこみ、机の上の紙をわずかに揺らした。小鞠は筆を置いて、遠くの灯台を眺めた。\n「あの線の先に、まだ誰も描いていない海があるんですね」\n　師匠は答えず、古い地図を一枚だけ広げてみせた。端は焼け、墨は薄れていたが、港の形ははっきりと読めた。\n　小鞠はその地図を写しはじめた。一本ずつ、急がずに。日が高くなるころには、紙の上に小さな港がひとつ生まれていた。\n";

    /// Under 200 body characters: too short to judge.
    const STUB: &str = "# 第一話　試し\n\n　朝の港は静かだった。\n";

    fn project() -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::write(
            root.join("プロジェクト設定.yaml"),
            "プロジェクト名: 試し\n掲載予定: カクヨム\nwriting: {episode: {target_length: {min: 10, max: 400}}}\n",
        )
        .unwrap();
        std::fs::create_dir_all(root.join("40_原稿")).unwrap();
        std::fs::write(root.join("40_原稿/第001話_試し.md"), EPISODE).unwrap();
        std::fs::create_dir_all(root.join("50_管理資料")).unwrap();
        std::fs::write(
            root.join("50_管理資料/話数管理.yaml"),
            "# メモ\n話数管理:\n  - 話数: 1\n    タイトル: 試し\n    ステータス: draft\n",
        )
        .unwrap();
        dir
    }

    fn ctx(root: &Path) -> Ctx {
        let mut c = Ctx::new(root.to_path_buf());
        c.save = false;
        c
    }

    /// A ctx whose clock says noon of the local `date` (`YYYY-MM-DD`).
    fn ctx_on(root: &Path, date: &str) -> Ctx {
        let noon = chrono::NaiveDate::parse_from_str(date, "%Y-%m-%d")
            .unwrap()
            .and_hms_opt(12, 0, 0)
            .unwrap()
            .and_local_timezone(chrono::Local)
            .earliest()
            .unwrap();
        let mut c = ctx(root);
        c.clock = crate::store::clock::Clock::fixed(noon.into());
        c
    }

    /// Completes on `date`, with no write hook.
    fn complete_on(root: &Path, req: CompleteRequest, date: &str) -> Result<CompleteReport> {
        run_with(&ctx_on(root, date), req, &mut |_, _| Ok(()))
    }

    fn req() -> CompleteRequest {
        CompleteRequest {
            episode: 1,
            min_score: Some(0.0),
            ..Default::default()
        }
    }

    #[test]
    fn completes_with_format_from_config_and_fixed_date() {
        let dir = project();
        let root = dir.path();
        let r = complete_on(root, req(), "2025-11-22").unwrap();
        assert!(r.completed);
        assert_eq!(r.format, PublishFormat::Kakuyomu);
        assert_eq!(r.format_source, "project_config");
        assert_eq!(
            r.publish_file.as_deref(),
            Some("50_管理資料/公開用/kakuyomu/第001話_試し.txt")
        );
        let text =
            std::fs::read_to_string(root.join("50_管理資料/公開用/kakuyomu/第001話_試し.txt"))
                .unwrap();
        assert!(text.contains("｜潮墨《しおずみ》"));
        assert!(text.contains("《《青い》》"));
        assert!(!text.contains("第一話"));
        let ledger = std::fs::read_to_string(root.join("50_管理資料/話数管理.yaml")).unwrap();
        assert!(ledger.starts_with("# メモ\n"));
        assert!(ledger.contains("ステータス: completed"));
        assert!(ledger.contains("完了日: 2025-11-22"));
        // Its locks live under .noveler/locks/, never beside the author's files.
        let stray: Vec<_> = walkdir::WalkDir::new(root.join("50_管理資料"))
            .into_iter()
            .flatten()
            .filter(|e| e.file_name().to_string_lossy().ends_with(".lock"))
            .collect();
        assert!(stray.is_empty(), "{stray:?}");
        assert!(root.join(".noveler/locks/ledger.lock").is_file());
        assert_eq!(r.artifacts.len(), 3);
        let manifest = r.artifacts.iter().find(|a| a.kind == "manifest").unwrap();
        let stored = crate::store::artifact::ArtifactStore::new(root)
            .fetch(manifest.artifact_id.as_deref().unwrap())
            .unwrap();
        let m: serde_json::Value = serde_json::from_str(&stored.content).unwrap();
        assert_eq!(m["files"].as_array().unwrap().len(), 3);
        for f in m["files"].as_array().unwrap() {
            let bytes = std::fs::read(root.join(f["path"].as_str().unwrap())).unwrap();
            assert_eq!(f["sha256"], sha256_hex(&bytes));
        }
        // Completing again: already completed, the publish text is backed up first.
        let again = complete_on(root, req(), "2025-11-23").unwrap();
        assert!(again.already_completed);
        assert_eq!(again.backup.as_ref().unwrap().files.len(), 2);
    }

    #[test]
    fn gate_stops_without_writing_and_review_needs_a_look() {
        let dir = project();
        let root = dir.path();
        // A typo is a high finding: at most 90 points.
        std::fs::write(
            root.join("40_原稿/第001話_試し.md"),
            format!("{EPISODE}「こんにちわ」\n"),
        )
        .unwrap();
        let before = std::fs::read(root.join("50_管理資料/話数管理.yaml")).unwrap();
        let r = complete_on(
            root,
            CompleteRequest {
                episode: 1,
                min_score: Some(95.0),
                auto_publish: true,
                ..Default::default()
            },
            "2025-11-22",
        )
        .unwrap();
        assert!(r.quality.score.unwrap() <= 90.0, "{:?}", r.quality.score);
        assert_eq!(r.publication_status, PublicationStatus::NeedsImprovement);
        assert!(!r.completed);
        assert_eq!(r.exit_code(), 1);
        assert!(r.quality.top_codes.contains(&"TYPO".to_string()));
        assert!(!root.join("50_管理資料/公開用").exists());
        assert_eq!(
            std::fs::read(root.join("50_管理資料/話数管理.yaml")).unwrap(),
            before
        );
        let r = complete_on(root, req(), "2025-11-22").unwrap();
        assert_eq!(r.publication_status, PublicationStatus::NeedsReview);
        assert!(r.completed);
        assert_eq!(r.exit_code(), 0);
        assert!(r.quality.high_findings >= 1);
    }

    #[test]
    fn a_stub_too_short_to_judge_has_no_score_and_cannot_complete() {
        let dir = project();
        let root = dir.path();
        std::fs::write(root.join("40_原稿/第001話_試し.md"), STUB).unwrap();
        let before = std::fs::read(root.join("50_管理資料/話数管理.yaml")).unwrap();
        // Even with the gate at 0.
        let r = complete_on(root, req(), "2025-11-22").unwrap();
        assert_eq!(r.quality.score, None);
        assert!(r
            .quality
            .unscored_reason
            .as_deref()
            .unwrap()
            .contains("短すぎ"));
        assert!(!r.quality.passed);
        assert!(!r.completed);
        assert_eq!(r.publication_status, PublicationStatus::NeedsImprovement);
        assert_eq!(r.exit_code(), 1);
        assert!(
            r.next_actions[0].contains("書き足す"),
            "{:?}",
            r.next_actions
        );
        assert_eq!(
            std::fs::read(root.join("50_管理資料/話数管理.yaml")).unwrap(),
            before
        );
    }

    #[test]
    fn injected_failure_rolls_everything_back() {
        let dir = project();
        let root = dir.path();
        // A publish text from an earlier completion exists: it must come back too.
        let publish = root.join("50_管理資料/公開用/narou/第001話_試し.txt");
        std::fs::create_dir_all(publish.parent().unwrap()).unwrap();
        std::fs::write(&publish, "前の版\n").unwrap();
        let files = [
            root.join("50_管理資料/話数管理.yaml"),
            publish.clone(),
            root.join("40_原稿/第001話_試し.md"),
        ];
        let before: Vec<String> = files
            .iter()
            .map(|p| sha256_hex(&std::fs::read(p).unwrap()))
            .collect();
        let err = run_with(
            &ctx_on(root, "2025-11-22"),
            CompleteRequest {
                format: Some(PublishFormat::Narou),
                ..req()
            },
            &mut |i, _| {
                if i == 1 {
                    Err(Error::new(Code::U007, "注入した失敗"))
                } else {
                    Ok(())
                }
            },
        )
        .unwrap_err();
        assert_eq!(err.code, Code::U007);
        let after: Vec<String> = files
            .iter()
            .map(|p| sha256_hex(&std::fs::read(p).unwrap()))
            .collect();
        assert_eq!(before, after);
        assert!(!root.join(".noveler/artifacts").exists());
    }

    #[test]
    fn dry_run_writes_nothing() {
        let dir = project();
        let root = dir.path();
        let r = complete_on(
            root,
            CompleteRequest {
                dry_run: true,
                ..req()
            },
            "2025-11-22",
        )
        .unwrap();
        assert!(!r.completed);
        assert!(r.publish_file.is_some());
        assert!(!root.join("50_管理資料/公開用").exists());
    }

    #[test]
    fn unknown_episode_is_e003() {
        let dir = project();
        let err = run(
            &ctx(dir.path()),
            CompleteRequest {
                episode: 9,
                ..req()
            },
        )
        .unwrap_err();
        assert_eq!(err.code, Code::E003);
    }
}
