//! `noveler complete EP [--auto-publish] [--site narou|kakuyomu|plain] [--min-score N]`.

use crate::analysis::publish::PublishFormat;
use crate::cli::files::DataFormat;
use crate::cli::{emit, Sink};
use crate::commands::complete::{self, CompleteReport, CompleteRequest};
use crate::commands::{self, Ctx};
use crate::output::complete as text;
use crate::ExitStatus;
use clap::Args;

#[derive(Debug, Args)]
pub struct CompleteArgs {
    /// Episode number to complete
    pub episode: u32,
    /// Prepare for posting (noveler never posts: there is no network access)
    #[arg(long)]
    pub auto_publish: bool,
    /// Site of the publish-ready text (default: from 掲載予定 in プロジェクト設定.yaml, else
    /// narou)
    #[arg(long, value_enum, value_name = "SITE")]
    pub site: Option<PublishFormat>,
    /// Stop when the overall score is below this (0–100)
    #[arg(long, default_value_t = complete::DEFAULT_MIN_SCORE)]
    pub min_score: f64,
    /// Run the gate and show what would be written, without writing
    #[arg(long)]
    pub dry_run: bool,
    /// Complete even though the gate refuses (length outside the band, score below
    /// --min-score, a criterion of the writing plan unmet); 話数管理.yaml records it as forced
    #[arg(long)]
    pub force: bool,
    /// Output format: text, or json (the result envelope). `--output-format` is a deprecated
    /// alias; the site is `--site`.
    #[arg(long, alias = "output-format", value_enum, default_value = "text")]
    pub format: DataFormat,
}

pub fn run(ctx: &Ctx, args: CompleteArgs, quiet: bool, sink: &Sink) -> ExitStatus {
    let req = CompleteRequest {
        episode: args.episode,
        auto_publish: args.auto_publish,
        format: args.site,
        min_score: Some(args.min_score),
        dry_run: args.dry_run,
        force: args.force,
    };
    let out = commands::execute(ctx, commands::complete::NAME, |c| complete::run(c, req));
    let render: fn(&CompleteReport) -> String = if quiet { text::quiet_text } else { text::text };
    emit(sink, &out, args.format.format(), render)
}
