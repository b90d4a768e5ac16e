//! `noveler status` (MCP tool `status`, seed 000 §4.3.5 / §5.4.4): where the project stands.
//!
//! - `project_overview`: name, genre, episodes written, completed and still in draft,
//!   characters in total, the target length.
//! - `quality_summary`: average / highest / lowest overall score of the manuscripts (the
//!   deterministic check, SPEC §4) and the episodes below the threshold (default 70, the
//!   `noveler complete` gate).
//! - `progress_analysis`: completion rate (completed / written), the remaining work in
//!   words and in numbers, and recent activity (writing sessions, progressive checks,
//!   backups, completions) read from `.noveler/` and the ledger.
//! - `episodes`: one row per manuscript: length against the target, kanji and dialogue
//!   ratio, score, findings, and the status recorded in `50_管理資料/話数管理.yaml`.
//!
//! The metrics come from `commands::check` over every episode file, so the content-hash
//! cache in `.noveler/cache/` makes a second run on an unchanged project cheap, and files are
//! analysed in parallel. A manuscript that cannot be read (not UTF-8, empty) is listed in
//! `errors` and left out of the averages; it does not fail the command.

use super::common::{fmt_score, fmt_thousands};
use super::{Ctx, Report};
use crate::analysis::{metrics, Document};
use crate::error::Result;
use crate::operations::check::{self, CheckRequest, Target};
use crate::project::episode_number_of;
use crate::project::layout::episode_of;
use crate::project::ledger::{Ledger, LedgerEntry};
use crate::project::Project;
use crate::store::FileRef;
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The default score threshold (the `noveler complete` gate).
pub const DEFAULT_THRESHOLD: f64 = 70.0;
/// Default number of recent activity entries.
pub const DEFAULT_RECENT: usize = 10;

#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
#[serde(default)]
pub struct StatusRequest {
    /// Score (0–100, default 70) below which an episode is listed in
    /// `quality_summary.episodes_below_threshold`.
    pub threshold: Option<f64>,
    /// How many recent activity entries to report (default 10).
    pub recent: Option<usize>,
    /// Analyse every manuscript again instead of using the cache in `.noveler/cache/`.
    pub no_cache: bool,
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct TargetBand {
    pub min: usize,
    pub max: usize,
    /// `project_config`, `override` or `default`.
    pub source: String,
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct ProjectOverview {
    /// `プロジェクト名` of プロジェクト設定.yaml (the directory name without one).
    pub project_name: String,
    pub genre: Option<String>,
    pub has_project_config: bool,
    /// The manuscript directory, relative to the root.
    pub manuscript_dir: String,
    /// Episodes with a manuscript (distinct episode numbers).
    pub total_episodes: usize,
    /// Of those, marked finished in 話数管理.yaml.
    pub completed_episodes: usize,
    /// The others.
    pub draft_episodes: usize,
    /// Sum of 正味文字数 over the readable manuscripts.
    pub total_body_chars: usize,
    pub target_length: TargetBand,
}

/// An episode named in a summary.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct EpisodeScore {
    pub episode: u32,
    pub title: String,
    pub score: f64,
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct QualitySummary {
    /// Mean overall score of the checked manuscripts (null when none).
    pub average_quality_score: Option<f64>,
    pub highest_score: Option<f64>,
    pub lowest_score: Option<f64>,
    pub threshold: f64,
    /// Episodes whose overall score is below `threshold`, by episode.
    pub episodes_below_threshold: Vec<EpisodeScore>,
    /// Findings over all manuscripts, per severity (all four keys).
    pub findings_by_severity: BTreeMap<String, usize>,
}

/// Remaining work in numbers.
#[derive(Debug, Clone, Default, Serialize, schemars::JsonSchema)]
pub struct RemainingWork {
    /// Written but not completed.
    pub draft_episodes: usize,
    /// Below the score threshold.
    pub below_threshold: usize,
    /// Shorter than the target minimum.
    pub too_short: usize,
    /// Characters missing to reach the minimum, summed over the short episodes.
    pub chars_to_target: usize,
    /// Longer than the target maximum.
    pub too_long: usize,
    /// Episodes with a plot but no manuscript yet.
    pub planned_without_manuscript: Vec<u32>,
}

/// Something that happened in the project.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct Activity {
    /// RFC 3339 time (or a date for completions), as recorded.
    pub at: String,
    /// `writing_session`, `progressive_check`, `backup` or `completion`.
    pub kind: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub episode: Option<u32>,
    /// Japanese.
    pub description: String,
    /// The record it was read from, relative to the root.
    pub source: String,
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct ProgressAnalysis {
    /// completed / total episodes, 0–1 (0 without episodes).
    pub completion_rate: f64,
    /// The remaining work in a sentence (Japanese).
    pub estimated_remaining_work: String,
    pub remaining_work: RemainingWork,
    /// Newest first.
    pub recent_activity: Vec<Activity>,
}

/// An episode as the ledger has it: `completed` (completed: true) or `draft`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum EpisodeState {
    Completed,
    Draft,
}

/// A manuscript's length against the target: `short`, `in_range` or `long`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum LengthStatus {
    Short,
    InRange,
    Long,
}

impl LengthStatus {
    pub fn of(chars: usize, min: usize, max: usize) -> LengthStatus {
        if chars < min {
            LengthStatus::Short
        } else if chars > max {
            LengthStatus::Long
        } else {
            LengthStatus::InRange
        }
    }
}

/// One manuscript.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct EpisodeRow {
    pub episode: u32,
    /// From 話数管理.yaml, else from the file name (`第NNN話_<title>`).
    pub title: String,
    /// Relative to the project root.
    pub path: String,
    pub sha256: String,
    /// 正味文字数 (null when the file could not be checked).
    pub body_chars: Option<usize>,
    pub length_status: Option<LengthStatus>,
    pub kanji_ratio: Option<f64>,
    /// Share of dialogue paragraphs (dialogue_line_ratio).
    pub dialogue_ratio: Option<f64>,
    /// Overall score of the check.
    pub score: Option<f64>,
    pub findings: Option<usize>,
    pub status: EpisodeState,
    /// The status word as written in 話数管理.yaml (null when the episode is not listed).
    pub status_label: Option<String>,
    /// 完了日 from 話数管理.yaml.
    pub completed_on: Option<String>,
    /// Why the file could not be checked (Japanese).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct StatusReport {
    pub project_overview: ProjectOverview,
    pub quality_summary: QualitySummary,
    pub progress_analysis: ProgressAnalysis,
    /// By episode number, then path.
    pub episodes: Vec<EpisodeRow>,
    /// Episode numbers with more than one manuscript file (ambiguous for `episode` lookups).
    pub ambiguous_episodes: Vec<u32>,
    /// Problems that did not stop the summary (Japanese).
    pub warnings: Vec<String>,
    /// What an agent may do next.
    pub next_actions: Vec<String>,
    /// The HTML report written by this run (`noveler status --report html`), relative to
    /// the project root.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub report_file: Option<String>,
    /// Narration sentence lengths of the latest readable episode (for the HTML report).
    #[serde(skip)]
    #[schemars(skip)]
    pub latest_rhythm: Option<LatestRhythm>,
    /// The accepted kanji and dialogue ratio bands (for the HTML report).
    #[serde(skip)]
    #[schemars(skip)]
    pub bands: RatioBands,
    #[serde(skip)]
    #[schemars(skip)]
    refs: Vec<FileRef>,
    #[serde(skip)]
    #[schemars(skip)]
    outputs: Vec<FileRef>,
}

impl StatusReport {
    /// Records a file written from this report (the HTML report).
    pub(crate) fn add_output(&mut self, file: FileRef) {
        self.report_file = Some(file.path.clone());
        self.outputs.push(file);
    }
}

/// The accepted bands of the ratio rules (KANJI_RATIO_OUT_OF_RANGE,
/// DIALOGUE_RATIO_OUT_OF_RANGE) under the project's settings.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct RatioBands {
    pub kanji: (f64, f64),
    pub dialogue: (f64, f64),
}

/// The sentence lengths of one episode.
#[derive(Debug, Clone)]
pub struct LatestRhythm {
    pub episode: u32,
    pub title: String,
    /// Why this episode (Japanese): the one of the newest activity, or the latest.
    pub chosen_by: String,
    pub lengths: Vec<usize>,
    /// Whether dialogue sentences were left out (`exclude_dialogue_lines`).
    pub narration_only: bool,
    /// Short ≤ this (rhythm buckets).
    pub short_max: usize,
    /// Long ≥ this.
    pub long_min: usize,
}

impl Report for StatusReport {
    fn inputs(&self) -> Vec<FileRef> {
        self.refs.clone()
    }
    fn outputs(&self) -> Vec<FileRef> {
        self.outputs.clone()
    }
}

mod activity;
mod format;
mod run;
pub(crate) use activity::*;
use format::*;
pub use run::run;

/// The envelope `command` of this verb, the one name the CLI and the MCP tools use.
pub const NAME: &str = "status";

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::Code;

    #[test]
    fn missing_root_is_p001() {
        let ctx = Ctx::new(PathBuf::from("/nonexistent/noveler/root"));
        let err = run(&ctx, StatusRequest::default()).unwrap_err();
        assert_eq!(err.code, Code::P001);
    }

    #[test]
    fn broken_config_is_p002_with_line() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join(crate::project::PROJECT_CONFIG),
            "プロジェクト名: a\n  : [\n",
        )
        .unwrap();
        let err = run(&Ctx::new(dir.path().into()), StatusRequest::default()).unwrap_err();
        assert_eq!(err.code, Code::P002);
        assert!(err.line.is_some());
    }

    #[test]
    fn empty_project_suggests_writing_episode_one() {
        let dir = tempfile::tempdir().unwrap();
        let report = run(&Ctx::new(dir.path().into()), StatusRequest::default()).unwrap();
        assert_eq!(report.project_overview.total_episodes, 0);
        assert!(!report.project_overview.has_project_config);
        assert_eq!(report.progress_analysis.completion_rate, 0.0);
        assert!(report.quality_summary.average_quality_score.is_none());
        assert!(report.next_actions[0].starts_with("write"));
    }

    fn project_with(files: &[(&str, &str)]) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        for (rel, text) in files {
            let p = dir.path().join(rel);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, text).unwrap();
        }
        dir
    }

    #[test]
    fn counts_statuses_scores_and_remaining_work() {
        let body = "　海は静かだった。小鞠は筆を取った。\n「行くよ」\n";
        let dir = project_with(&[
            (
                "プロジェクト設定.yaml",
                "プロジェクト名: 試し\nwriting: {episode: {target_length: {min: 10, max: 20}}}\n",
            ),
            ("40_原稿/第001話_一.md", body),
            ("40_原稿/第002話_二.md", body),
            ("40_原稿/第003話_三.md", ""),
            ("20_プロット/話別プロット/第004話_四.yaml", "episode: 4\n"),
            (
                "50_管理資料/話数管理.yaml",
                "話数管理:\n  - 話数: 1\n    タイトル: いち\n    ステータス: completed\n    完了日: 2025-01-02\n    品質スコア: 90\n",
            ),
        ]);
        let mut ctx = Ctx::new(dir.path().into());
        ctx.use_cache = false;
        let r = run(&ctx, StatusRequest::default()).unwrap();
        let o = &r.project_overview;
        assert_eq!(o.project_name, "試し");
        assert_eq!(
            (o.total_episodes, o.completed_episodes, o.draft_episodes),
            (3, 1, 2)
        );
        assert_eq!(r.episodes[0].title, "いち");
        assert_eq!(r.episodes[1].title, "二");
        assert_eq!(r.episodes[0].status, EpisodeState::Completed);
        assert_eq!(r.episodes[0].completed_on.as_deref(), Some("2025-01-02"));
        assert_eq!(r.episodes[1].length_status, Some(LengthStatus::Long));
        // An empty placeholder episode is checked (issue 34 item 6): short, no score.
        assert!(r.episodes[2].error.is_none());
        assert_eq!(r.episodes[2].length_status, Some(LengthStatus::Short));
        assert!(r.episodes[2].score.is_none());
        assert_eq!(r.progress_analysis.completion_rate, 0.3333);
        assert_eq!(
            r.progress_analysis
                .remaining_work
                .planned_without_manuscript,
            vec![4]
        );
        assert_eq!(r.progress_analysis.remaining_work.too_long, 2);
        assert_eq!(r.progress_analysis.remaining_work.too_short, 1);
        assert!(r
            .progress_analysis
            .estimated_remaining_work
            .contains("プロットのみの 1 話（第4話）"));
        let done = &r.progress_analysis.recent_activity;
        assert_eq!(done.len(), 1);
        assert_eq!(done[0].kind, "completion");
        assert_eq!(r.latest_rhythm.as_ref().unwrap().episode, 2);
        assert_eq!(r.quality_summary.average_quality_score, r.episodes[0].score);
        // The short draft is the work at hand, before the planned episode 4.
        let short = r
            .next_actions
            .iter()
            .position(|a| a.starts_with("noveler_check {\"episode\":3}"))
            .expect("a next step for the short draft");
        let planned = r
            .next_actions
            .iter()
            .position(|a| a.starts_with("noveler_write {\"episode\": 4}"))
            .expect("a next step for the planned episode");
        assert!(short < planned, "{:?}", r.next_actions);
        assert!(r.next_actions[short].contains("第3話は 0 字で目標（10〜20 字）に届きません"));
    }

    #[test]
    fn reads_sessions_checks_and_backups_newest_first() {
        let dir = project_with(&[
            (
                ".noveler/sessions/s1.yaml",
                "session_id: s1\nepisode: 2\nstatus: in_progress\ncurrent_stage: design_emotional_flow\ncompleted_stages: [a, b]\ntotal_stages: 10\ncreated_at: '2025-01-01T00:00:00Z'\nlast_updated: '2025-01-03T00:00:00Z'\n",
            ),
            (".noveler/sessions/broken.yaml", ": ["),
            (
                ".noveler/checks/QC_EP001_x/manifest.json",
                "{\"session_id\": \"QC_EP001_x\", \"episode_number\": 1, \"status\": \"in_progress\", \"updated_at\": \"2025-01-02T00:00:00Z\", \"completed_steps\": [1,2,3]}",
            ),
            (
                ".noveler/backups/20250104_000000_abcdef01/manifest.json",
                "{\"created_at\": \"2025-01-04T00:00:00Z\", \"reason\": \"manual\", \"files\": [{}]}",
            ),
        ]);
        let acts = recent_activity(dir.path(), None, 10);
        let kinds: Vec<&str> = acts.iter().map(|a| a.kind.as_str()).collect();
        assert_eq!(
            kinds,
            vec!["backup", "writing_session", "progressive_check"]
        );
        assert!(acts[1].description.contains("2/10"));
        assert_eq!(acts[2].episode, Some(1));
        assert_eq!(recent_activity(dir.path(), None, 1).len(), 1);
    }

    /// Issue 34 item 7: the report's rhythm shows the episode being worked on (the newest
    /// writing session or check), not the latest file.
    #[test]
    fn rhythm_is_of_the_episode_being_worked_on() {
        let body = "　海は静かだった。小鞠は筆を取った。\n「行くよ」\n";
        let mut files = vec![
            ("40_原稿/第001話_一.md", body),
            ("40_原稿/第002話_二.md", body),
            ("40_原稿/第003話_三.md", body),
        ];
        let dir = project_with(&files);
        let mut ctx = Ctx::new(dir.path().into());
        ctx.use_cache = false;
        let r = run(&ctx, StatusRequest::default()).unwrap();
        let rh = r.latest_rhythm.unwrap();
        assert_eq!((rh.episode, rh.chosen_by.as_str()), (3, "最新話"));
        files.push((
            ".noveler/sessions/s1.yaml",
            "session_id: s1\nepisode: 2\nstatus: in_progress\ncurrent_stage: design_emotional_flow\ncompleted_stages: [a, b]\ntotal_stages: 10\ncreated_at: '2025-01-01T00:00:00Z'\nlast_updated: '2025-01-03T00:00:00Z'\n",
        ));
        let dir = project_with(&files);
        let mut ctx = Ctx::new(dir.path().into());
        ctx.use_cache = false;
        let r = run(&ctx, StatusRequest::default()).unwrap();
        let rh = r.latest_rhythm.unwrap();
        assert_eq!((rh.episode, rh.chosen_by.as_str()), (2, "直近の作業の話"));
    }

    #[test]
    fn thousands_and_scores() {
        assert_eq!(fmt_thousands(0), "0");
        assert_eq!(fmt_thousands(999), "999");
        assert_eq!(fmt_thousands(1000), "1,000");
        assert_eq!(fmt_thousands(1234), "1,234");
        assert_eq!(fmt_thousands(1234567), "1,234,567");
        assert_eq!(fmt_score(86.0), "86");
        assert_eq!(fmt_score(86.25), "86.3");
    }
}
