//! `noveler plot`: the episode plot for an agent. `noveler plot EP` returns the plot prompt
//! (project settings, chapter plot and earlier plots as `artifact:` references);
//! `noveler plot submit EP --file F` validates the plot and writes
//! `20_プロット/話別プロット/第NNN話_<title>.yaml` (`--regenerate` replaces an existing plot,
//! which is backed up first). MCP: `noveler_plot` (with `submission` it submits).

use super::{Ctx, Report};
use crate::error::Result;
use crate::store::FileRef;
use crate::workflow::plot::{self, PlotOutcome, PlotSubmitOutcome};
use crate::workflow::submission::{carries_submission, CarriesSubmission};
use serde::{Deserialize, Serialize};

/// The envelope `command` of this verb, the one name the CLI and the MCP tools use.
pub const NAME: &str = "plot";

/// The plot prompt of an episode, or (with `submission`/`content`/`file`) its submission.
#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
pub struct PlotRequest {
    /// Episode number.
    #[serde(alias = "episode_number")]
    pub episode: u32,
    /// Make a new plot even though one exists (the old one is backed up when the new one is
    /// submitted).
    #[serde(default)]
    pub regenerate: bool,
    /// The plot as JSON (same keys as the YAML file). Submits instead of prompting.
    #[serde(default)]
    pub submission: Option<serde_json::Value>,
    /// The plot as YAML text. Submits instead of prompting.
    #[serde(default)]
    pub content: Option<String>,
    /// A file holding the plot YAML (relative to the project root, or absolute).
    #[serde(default)]
    pub file: Option<String>,
    /// Render or validate only: nothing is written.
    #[serde(default)]
    pub dry_run: bool,
}

carries_submission!(PlotRequest {
    submission,
    content,
    file
});

/// Either the prompt or the accepted plot.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
#[serde(untagged)]
pub enum PlotResult {
    Prompt(PlotOutcome),
    Submitted(PlotSubmitOutcome),
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct PlotReport {
    #[serde(flatten)]
    pub result: PlotResult,
    #[serde(skip)]
    #[schemars(skip)]
    pub files_in: Vec<FileRef>,
    #[serde(skip)]
    #[schemars(skip)]
    pub files_out: Vec<FileRef>,
}

impl Report for PlotReport {
    fn inputs(&self) -> Vec<FileRef> {
        self.files_in.clone()
    }
    fn outputs(&self) -> Vec<FileRef> {
        self.files_out.clone()
    }
}

/// `noveler plot EP` / `noveler plot submit EP` / `noveler_plot`.
pub fn run(ctx: &Ctx, mut req: PlotRequest) -> Result<PlotReport> {
    let submission = req.take_submission().parse(&ctx.root)?;
    let mut files_in: Vec<FileRef> = submission.iter().flat_map(|s| s.input.clone()).collect();
    match submission {
        None => {
            let out = plot::prompt(ctx, req.episode, req.regenerate, req.dry_run)?;
            files_in.extend(out.inputs.iter().filter_map(|r| {
                let src = r.source_file.as_ref()?;
                FileRef::from_path(&ctx.root, &ctx.root.join(src), &r.key).ok()
            }));
            let files_out = out
                .prompt_file
                .as_ref()
                .and_then(|f| FileRef::from_path(&ctx.root, &ctx.root.join(f), "prompt").ok())
                .into_iter()
                .collect();
            Ok(PlotReport {
                result: PlotResult::Prompt(out),
                files_in,
                files_out,
            })
        }
        Some(s) => {
            let out = plot::submit(ctx, req.episode, &s.payload, req.regenerate, req.dry_run)?;
            let files_out = if out.dry_run {
                Vec::new()
            } else {
                FileRef::from_path(&ctx.root, &ctx.root.join(&out.plot_file), "plot")
                    .ok()
                    .into_iter()
                    .collect()
            };
            Ok(PlotReport {
                result: PlotResult::Submitted(out),
                files_in,
                files_out,
            })
        }
    }
}
