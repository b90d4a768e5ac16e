//! Request types of tools whose arguments are narrower than the command they run (the
//! focused checks). Each maps onto the command's own Request; nothing is computed here.

use crate::analysis::{Aspect, Severity};
use crate::commands::check::{CheckRequest, Target};
use serde::Deserialize;

/// The aspects of `check_basic`: everything deterministic except rhythm (which has its own
/// tool, `check_rhythm`): length, forbidden expressions, typos and grammar, notation and
/// style, readability.
pub const BASIC_ASPECTS: [Aspect; 5] = [
    Aspect::Length,
    Aspect::Content,
    Aspect::Grammar,
    Aspect::Style,
    Aspect::Readability,
];

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
}

impl FocusedCheckRequest {
    /// The `check` request for these arguments, restricted to `aspects`.
    pub fn into_check(self, aspects: &[Aspect]) -> CheckRequest {
        CheckRequest {
            targets: self.path.map(Target::Path).into_iter().collect(),
            episode: self.episode,
            content: self.content,
            aspects: aspects.to_vec(),
            severity_threshold: self.severity_threshold,
            ..Default::default()
        }
    }
}
