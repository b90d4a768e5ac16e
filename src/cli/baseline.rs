//! `noveler baseline build DIR | list | show ID`: corpus baselines for `check --ml`
//! (`commands::baseline`). Not the findings baseline of `check --baseline`.

use crate::cli::files::{user_path, DataFormat};
use crate::cli::{emit, Sink};
use crate::commands::baseline::{
    self as cmd, BaselineBuildRequest, BaselineListRequest, BaselineShowRequest,
};
use crate::commands::{self, Ctx};
use crate::ExitStatus;
use clap::{Args, Subcommand, ValueHint};

#[derive(Debug, Args)]
pub struct BaselineArgs {
    #[command(subcommand)]
    pub action: BaselineAction,
}

#[derive(Debug, Subcommand)]
pub enum BaselineAction {
    /// Gather the statistics of every .md/.txt text under DIR and store them
    /// (.noveler/corpus_baselines/<id>.json); prints the corpus_model_id
    Build {
        /// A folder of texts (or one file), e.g. 40_原稿 or another author's corpus
        #[arg(value_hint = ValueHint::AnyPath)]
        dir: String,
        /// The texts' genre, e.g. ファンタジー (default: the project's ジャンル.メイン for a
        /// folder under its manuscripts, else none); compared with the checked project's
        #[arg(long, value_name = "GENRE")]
        genre: Option<String>,
        #[arg(long, value_enum, default_value = "text")]
        format: DataFormat,
    },
    /// List the stored corpus baselines
    List {
        #[arg(long, value_enum, default_value = "text")]
        format: DataFormat,
    },
    /// Show a stored corpus baseline: each metric's distribution
    Show {
        /// The corpus_model_id (12 hex)
        id: String,
        #[arg(long, value_enum, default_value = "text")]
        format: DataFormat,
    },
}

pub fn run(ctx: &Ctx, args: BaselineArgs, sink: &Sink) -> ExitStatus {
    match args.action {
        BaselineAction::Build { dir, genre, format } => {
            let dir = user_path(&dir);
            let o = commands::execute(ctx, "baseline_build", |c| {
                cmd::build(c, BaselineBuildRequest { dir, genre })
            });
            emit(sink, &o, format.format(), |r| {
                let mut s = cmd::summary_text(&r.baseline);
                for e in &r.skipped {
                    s.push_str(&format!(
                        "読めなかったテキスト: {} [{}] {}\n",
                        e.path, e.code, e.message
                    ));
                }
                s.push_str(&format!(
                    "次: {}\n",
                    crate::output::hint::to_cli(&r.next_action)
                ));
                s
            })
        }
        BaselineAction::List { format } => {
            let o = commands::execute(ctx, "baseline_list", |c| {
                cmd::list(c, BaselineListRequest {})
            });
            emit(sink, &o, format.format(), |r| {
                if r.baselines.is_empty() {
                    return "コーパスのベースラインはありません（noveler baseline build DIR で作れます）\n".into();
                }
                let mut s = String::new();
                for b in &r.baselines {
                    match &b.error {
                        Some(code) => {
                            s.push_str(&format!("{}  読めません [{code}]\n", b.corpus_model_id))
                        }
                        None => s.push_str(&format!(
                            "{}  {} 本・本文 {} 字  {}{}\n",
                            b.corpus_model_id,
                            b.texts.unwrap_or(0),
                            b.body_chars.unwrap_or(0),
                            b.source.as_deref().unwrap_or(""),
                            b.genre
                                .as_deref()
                                .map(|g| format!("  ジャンル {g}"))
                                .unwrap_or_default()
                        )),
                    }
                }
                s
            })
        }
        BaselineAction::Show { id, format } => {
            let o = commands::execute(ctx, "baseline_show", |c| {
                cmd::show(c, BaselineShowRequest { id })
            });
            emit(sink, &o, format.format(), |r| {
                cmd::summary_text(&r.baseline)
            })
        }
    }
}
