//! `noveler check` / `noveler_check`: the verb over the check operation
//! (`operations::check`), which the other verbs and the writing flow run too. The verb
//! loads the project the request names (its own `config` when given) and adds the modes
//! the seeds name (`modes`: `check_basic`'s aspects, `verbose`, the full three-stage check).

use super::{Ctx, Report};
use crate::error::Result;
use crate::store::FileRef;

pub mod modes;

pub use crate::operations::check::select::SettingsReport;
pub use crate::operations::check::stats::MlOptimization;
pub use crate::operations::check::{
    walk, BaselineWritten, CheckReport, CheckRequest, FileError, FileResult, Gate, Summary, Target,
    DEFAULT_FAIL_ON, MAX_FINDINGS_PER_RULE,
};

/// The envelope `command` of this verb, the one name the CLI and the MCP tools use.
pub const NAME: &str = "check";

/// `noveler check`: the request's own errors first, then its project (with its `config`),
/// then the check (`operations::check::run_loading`).
pub fn run(ctx: &Ctx, req: CheckRequest) -> Result<CheckReport> {
    crate::operations::check::run_loading(ctx, req)
}

/// `noveler check --show-settings`: the settings a check with `req` would run with, on the
/// project it names (its own `config` when given); nothing is checked.
pub fn show_settings(ctx: &Ctx, req: &CheckRequest) -> Result<SettingsReport> {
    crate::operations::check::validate(req)?;
    let project = crate::project::Project::load_with(
        &ctx.root,
        req.config.as_deref().map(std::path::Path::new),
    )?;
    crate::operations::check::select::show(&project, req)
}

impl Report for SettingsReport {
    fn inputs(&self) -> Vec<FileRef> {
        self.inputs.clone()
    }
}

impl Report for CheckReport {
    fn inputs(&self) -> Vec<FileRef> {
        self.inputs.clone()
    }

    fn outputs(&self) -> Vec<FileRef> {
        self.outputs.clone()
    }

    fn all_failed(&self) -> bool {
        CheckReport::all_failed(self)
    }

    fn first_error(&self) -> Option<crate::error::Error> {
        CheckReport::first_error(self)
    }

    fn exit_code(&self) -> crate::ExitStatus {
        self.status()
    }

    fn metadata(&self) -> serde_json::Value {
        CheckReport::metadata(self)
    }
}
