//! `noveler polish`: the revision side of the check (seed 001 §2.1: `check` evaluates,
//! `polish` changes the manuscript). Three ways in:
//! - `run`: the rules' fixes (`analysis::fix`, levels safe < standard < aggressive) applied
//!   until stable, shown as a unified diff or written (`apply`); the MCP tool `check_fix`
//!   maps onto it (with `issue_ids`).
//! - `stage`: the content-polish (Stage 2) and reader-experience (Stage 3) prompts for an
//!   agent (templates `quality/polish_stage{2,3}_*.yaml`).
//! - `submit`: the agent's revision of Stage 2/3 applied the same safe way.
//!
//! Every write goes through the fix operation (`operations::fix`): the sha256 re-checked,
//! the original backed up, the new text written atomically.

use super::{Ctx, Report};
use crate::analysis::fix::Applicability;
use crate::analysis::sha256_hex;
use crate::error::{Code, Error, Result};
use crate::project::{EpisodeOrFile, ProjectCtx};
use crate::store::FileRef;
use crate::workflow::progressive;
use crate::workflow::steps::judgment;
use crate::workflow::templates::{self, TemplateInfo};
use serde::{Deserialize, Serialize};
use serde_json::Value;

pub use crate::operations::fix::{
    fix_text, FixApplied, FixSkipped, PolishReport, PolishRequest, QualityImprovement,
};
use crate::operations::fix::{improvement, skipped_of, stale, target, unified_diff, write_back};

/// The envelope `command` both adapters use: the CLI verb and the `polish_stage` tool.
pub const STAGE: &str = "polish_stage";
/// The envelope `command` both adapters use: the CLI verb and the `polish_submit` tool.
pub const SUBMIT: &str = "polish_submit";

/// The envelope `command` of this verb, the one name the CLI and the MCP tools use.
pub const NAME: &str = "polish";

impl Report for PolishReport {
    fn inputs(&self) -> Vec<FileRef> {
        PolishReport::inputs(self)
    }
    fn outputs(&self) -> Vec<FileRef> {
        PolishReport::outputs(self)
    }
}

/// `noveler polish`: the fix operation on the call's project.
pub fn run(ctx: &Ctx, req: PolishRequest) -> Result<PolishReport> {
    crate::operations::fix::run(ctx, &ProjectCtx::new(&ctx.root), req)
}

mod check_fix;
pub mod many;
mod stages;
pub use check_fix::*;
pub use stages::*;
