//! Diagnosis and recovery for writing sessions (seed 000 §3.6, the `enhanced_*` tools).
//!
//! The writes log (`.noveler/writes/<session_id>/`) is the journal: a session's manifest
//! and every accepted submission (`stageNN_<id>.output.json`) are written there before the
//! session file is updated. So a session can be brought back in line with its journal:
//! - a session file that cannot be read (QC-005) is rebuilt from the journal — the damaged
//!   file is kept beside it as `<id>.yaml.corrupt-<stamp>`, never deleted;
//! - outputs logged but not recorded in the session (a crash between the two writes) are
//!   replayed: validated again against the stage's schema and applied;
//! - artifacts the session references but the store has lost are stored again.
//!
//! Every error these tools return carries `execution_method: enhanced_use_case` in its
//! details.
//!
//! Parts: `tasks` (the read-only diagnosis), `repair` (replay, rebuild, restore),
//! `execute` (a step after repair, resume from a partial failure).

use super::io;
use super::session::{self, Listed, Session, SessionStatus, StageOutput};
use super::stages::{self, StageDef, STAGES};
use super::submission::Submission;
use super::templates::{self, TemplateSource};
use super::writing::{self, Env, OpenOptions, Progress, SubmitOptions};
use crate::error::{Code, Error, Result};
use crate::operations::Ctx;
use crate::project::ProjectCtx;
use crate::store::lock;
use serde::Serialize;
use serde_json::{json, Value};
use std::path::Path;

mod execute;
mod repair;
mod tasks;

pub use execute::*;
pub use repair::*;
pub use tasks::*;

pub const EXECUTION_METHOD: &str = "enhanced_use_case";

/// Adds `execution_method: enhanced_use_case` to an error's details.
pub fn enhanced(mut e: Error) -> Error {
    let mut details = match e.details.take() {
        Some(Value::Object(m)) => m,
        Some(other) => {
            let mut m = serde_json::Map::new();
            m.insert("original_details".into(), other);
            m
        }
        None => serde_json::Map::new(),
    };
    details.insert("execution_method".into(), EXECUTION_METHOD.into());
    e.details = Some(Value::Object(details));
    e
}

#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct Diagnostic {
    /// An error code (`QC-005`, `E002` …) or a short name (`journal_ahead`,
    /// `missing_artifact`, `template_override` …).
    pub code: String,
    /// `error`, `warning` or `info`.
    pub level: String,
    pub message: String,
    /// `enhanced_execute_writing_step` can repair it.
    pub recoverable: bool,
    pub session_id: Option<String>,
    pub path: Option<String>,
}

fn diag(code: &str, level: &str, message: String, recoverable: bool) -> Diagnostic {
    Diagnostic {
        code: code.into(),
        level: level.into(),
        message,
        recoverable,
        session_id: None,
        path: None,
    }
}

/// A recorded file of noveler's own state as UTF-8 text (`store::text::read_internal`);
/// `None` when it is missing, refused or not UTF-8.
fn read_text(path: &Path) -> Option<String> {
    let bytes = crate::store::text::read_internal(path).ok()??;
    String::from_utf8(bytes).ok()
}
