//! `noveler plot EP [--regenerate]` and `noveler plot submit EP --file F`.

use crate::cli::files::DataFormat;
use crate::cli::files::{read_stdin, user_path};
use crate::cli::{emit, Sink};
use crate::commands::plot::{self as cmd, PlotReport, PlotRequest};
use crate::commands::{self, Ctx};
use crate::output::plot::plot_text;
use crate::ExitStatus;
use clap::{Args, Subcommand, ValueHint};

#[derive(Debug, Args)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct PlotArgs {
    #[command(subcommand)]
    pub action: Option<PlotAction>,
    /// Episode number
    #[arg(required = true)]
    pub episode: Option<u32>,
    /// Prompt for a new plot even though one exists
    #[arg(long)]
    pub regenerate: bool,
    /// Render only: write nothing
    #[arg(long)]
    pub dry_run: bool,
    #[arg(long, value_enum, default_value = "text")]
    pub format: DataFormat,
}

#[derive(Debug, Subcommand)]
pub enum PlotAction {
    /// Validate a plot (YAML or JSON) and write 20_プロット/話別プロット/第NNN話_<title>.yaml
    Submit {
        /// Episode number
        episode: u32,
        /// File holding the plot, or `-` for stdin
        #[arg(long, value_name = "FILE", value_hint = ValueHint::FilePath)]
        file: String,
        /// Replace the existing plot (it is backed up first)
        #[arg(long)]
        regenerate: bool,
        /// Validate only: write nothing
        #[arg(long)]
        dry_run: bool,
        #[arg(long, value_enum, default_value = "text")]
        format: DataFormat,
    },
}

pub fn run(ctx: &Ctx, args: PlotArgs, sink: &Sink) -> ExitStatus {
    let (req, format) = match args.action {
        None => (
            PlotRequest {
                episode: args.episode.unwrap_or(0),
                regenerate: args.regenerate,
                dry_run: args.dry_run,
                ..Default::default()
            },
            args.format,
        ),
        Some(PlotAction::Submit {
            episode,
            file,
            regenerate,
            dry_run,
            format,
        }) => {
            let (content, file) = if file == "-" {
                match read_stdin() {
                    Ok(t) => (Some(t), None),
                    Err(e) => {
                        let out = commands::execute(ctx, commands::plot::NAME, |_| {
                            Err::<PlotReport, _>(e)
                        });
                        return emit(sink, &out, format.format(), |_| String::new());
                    }
                }
            } else {
                (None, Some(user_path(&file)))
            };
            (
                PlotRequest {
                    episode,
                    regenerate,
                    dry_run,
                    content,
                    file,
                    ..Default::default()
                },
                format,
            )
        }
    };
    let mut c = ctx.clone();
    if req.dry_run {
        c.save = false;
    }
    let out = commands::execute(&c, commands::plot::NAME, |c| cmd::run(c, req));
    emit(sink, &out, format.format(), plot_text)
}
