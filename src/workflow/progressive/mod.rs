//! The progressive check engine (seed 001/002, SPEC §7): sessions under
//! `.noveler/checks/<session_id>/`, the twelve steps, repeats, status and history.
//!
//! # Session layout
//! ```text
//! .noveler/locks/episode_003.checks.lock           one writer per episode (QC-008 busy)
//! .noveler/checks/QC_EP003_20250925_103000_0000/
//!   manifest.json                                  seed 001 §6.4 (+ attempts, state_version)
//!   step04_attempt01_input.json                    what the step was given (no manuscript text:
//!   step04_attempt01_output.json                   hashes and artifact ids) and what it returned
//! ```
//! The manifest pins, at session start, each step template's version and sha256 (a changed
//! template afterwards is QC-006), the target length with its source (project_config,
//! override or default; a missing project config is QC-009 and an invalid one QC-010 unless
//! `config_overrides.target_length` is given) and the check options. Every attempt of a step
//! is recorded (history); `completed_steps`/`failed_steps` follow each step's latest attempt.
//! A session is resumed by episode (the latest open one) or by id; an interrupted step leaves
//! the manifest as it was before the step (it is written last, atomically).

use super::steps::common::{EarlierStatus, EarlierStep, StepContext, StepIssue};
use super::steps::glossary::{parse_glossary, Term};
use super::steps::judgment::{self, Judgment, Scoring};
use super::steps::names::{parse_characters, Character};
use super::steps::plot::{parse_foreshadowing, parse_plot, Foreshadow, PlotInfo};
use super::steps::rhythm::{dialogue_warnings, rhythm_block, DialogueWarnings, RhythmBlock};
use super::steps::{self, StepDef, STEPS, TOTAL_STEPS};
use super::templates::{self, Template, TemplateInfo, TemplateSource};
use crate::analysis::metrics::{HookAssessment, LengthStats};
use crate::analysis::settings::{LengthSource, TargetLength};
use crate::analysis::{sha256_hex, Document, FileAnalysis, Settings, Severity, Source};
use crate::error::{Code, Error, Result};
use crate::operations::Ctx;
use crate::project::ProjectCtx;
use crate::project::{self, Project};
use crate::store::artifact::StoreOptions;
use crate::store::clock::Clock;
use crate::store::{lock, write_atomic, FileRef};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Where check sessions live, relative to the project root.
pub const CHECKS_DIR: &str = ".noveler/checks";
/// The manifest inside a session directory.
pub const MANIFEST: &str = "manifest.json";

mod attempt;
mod ids;
mod loading;
mod manifest;
mod options;
mod pinning;
mod repeat;
mod reports;
mod results;
mod step_attempt;
pub use attempt::*;
pub use ids::*;
pub use loading::*;
pub use manifest::*;
pub use options::*;
pub(crate) use pinning::*;
pub use repeat::*;
pub use reports::*;
pub use results::*;
use step_attempt::run_attempt;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_witness_for_episode_2_cannot_run_episode_3s_step() {
        let dir = tempfile::tempdir().unwrap();
        let two = lock::EpisodeLock::unheld_for_test(2, lock::Scope::Checks);
        let input = StepInput {
            episode: 3,
            step: 1,
            ..Default::default()
        };
        let ctx = Ctx::new(dir.path().to_path_buf());
        let pc = ProjectCtx::new(dir.path());
        let err = execute_step_held(&two, &ctx, &pc, input).unwrap_err();
        assert_eq!(err.code, Code::R002);
        assert!(!dir.path().join(".noveler").exists(), "nothing was written");
    }

    /// The text renderings' `as_str` is the JSON word.
    #[test]
    fn status_words_are_the_json_words() {
        use crate::workflow::recovery::{ReplayStatus, StageStatus};
        fn json<T: Serialize>(v: T) -> String {
            serde_json::to_value(v)
                .unwrap()
                .as_str()
                .unwrap()
                .to_string()
        }
        for s in [
            RunStatus::Passed,
            RunStatus::Failed,
            RunStatus::Running,
            RunStatus::Canceled,
        ] {
            assert_eq!(s.as_str(), json(s));
        }
        for s in [
            ReplayStatus::Resumed,
            ReplayStatus::AlreadyCompleted,
            ReplayStatus::Pending,
            ReplayStatus::Failed,
            ReplayStatus::NotAttempted,
        ] {
            assert_eq!(s.as_str(), json(s));
        }
        for s in [
            StageStatus::Completed,
            StageStatus::Current,
            StageStatus::Pending,
            StageStatus::Skipped,
        ] {
            assert_eq!(s.as_str(), json(s));
        }
        assert_eq!(json(Verdict::of(true)), "passed");
        assert_eq!(json(Verdict::of(false)), "failed");
    }

    #[test]
    fn session_ids_round_trip() {
        let id = new_session_id(3, "2025-09-25T10:30:00.123Z", 2);
        assert!(valid_session_id(&id), "{id}");
        assert_eq!(id, "QC_EP003_20250925_103000_0002");
        assert!(new_session_id(3, "2025-09-25T10:30:00.123Z", 10) > id);
        assert_eq!(episode_of_session(&id), Some(3));
        for bad in [
            "QC_EP003_20250925_103000",
            "../x",
            "QC_EP003_20250925_103000_zzzz",
            "QC_EPabc_20250925_103000_ab12",
        ] {
            assert!(!valid_session_id(bad), "{bad}");
        }
    }

    #[test]
    fn options_validate() {
        let bad = CheckOptions {
            rule_profile: Some("x".into()),
            ..Default::default()
        };
        assert_eq!(bad.validate().unwrap_err().code, Code::U001);
        let bad = CheckOptions {
            config_overrides: Some(ConfigOverrides {
                target_length: Some(LengthOverride { min: 5, max: 5 }),
            }),
            ..Default::default()
        };
        assert_eq!(bad.validate().unwrap_err().code, Code::U001);
    }
}
