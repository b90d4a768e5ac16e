//! `noveler write`: staged writing (start/show, submit, resume, status, abandon, tasks,
//! recover). Text output is for an agent working in a shell as much as for the author: the
//! prompt is printed whole, followed by the command that submits its result.

use crate::cli::files::DataFormat;
use crate::cli::files::{read_stdin, user_path};
use crate::cli::{emit, Sink};
use crate::commands::write::{
    self as cmd, EnhancedResumeRequest, EnhancedTasksRequest, WriteAbandonRequest, WriteRequest,
    WriteResumeRequest, WriteStatusRequest, WriteSubmitRequest,
};
use crate::commands::{self, Ctx};
use crate::output::write::{recover_text, show_text, status_text, submit_text, tasks_text};
use crate::ExitStatus;
use clap::{Args, Subcommand, ValueHint};

#[derive(Debug, Args)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct WriteArgs {
    #[command(subcommand)]
    pub action: Option<WriteAction>,
    #[command(flatten)]
    pub show: ShowArgs,
}

/// `noveler write EP`: start a session, or show the next stage of the one in progress.
#[derive(Debug, Args)]
pub struct ShowArgs {
    /// Episode number
    #[arg(required = true)]
    pub episode: Option<u32>,
    /// Show this step (1-10) instead of the current one
    #[arg(long, conflicts_with = "stage")]
    pub step: Option<u32>,
    /// Show this stage, by name (plot_data_preparation ... finalize_manuscript) or number
    #[arg(long)]
    pub stage: Option<String>,
    /// Session to continue (default: the episode's session in progress)
    #[arg(long, value_name = "ID")]
    pub session: Option<String>,
    /// Start a new session (refused while another one is in progress)
    #[arg(long = "new")]
    pub new_session: bool,
    /// Go straight to the manuscript (stage 8), recording the open design stages as skipped
    #[arg(long)]
    pub draft: bool,
    /// Use this plot instead of the episode's plot file (new sessions)
    #[arg(long, value_name = "FILE", value_hint = ValueHint::FilePath)]
    pub plot_file: Option<String>,
    /// Target length in characters (default: middle of the project's target range)
    #[arg(long, value_name = "CHARS")]
    pub word_count_target: Option<u32>,
    /// Render only: write nothing (no session, artifacts, logs or result file)
    #[arg(long)]
    pub dry_run: bool,
    #[arg(long, value_enum, default_value = "text")]
    pub format: DataFormat,
}

#[derive(Debug, Subcommand)]
pub enum WriteAction {
    /// Submit a stage's output (JSON/YAML; for stage 8 also a bare manuscript .md)
    Submit {
        /// Episode number
        episode: u32,
        /// Session (default: the episode's session in progress)
        #[arg(long, value_name = "ID")]
        session: Option<String>,
        /// Stage number or name (default: the session's current stage)
        #[arg(long)]
        stage: Option<String>,
        /// File holding the output, or `-` for stdin
        #[arg(long, value_name = "FILE", value_hint = ValueHint::FilePath)]
        file: String,
        /// The author's feedback on this stage (e.g. approved)
        #[arg(long)]
        feedback: Option<String>,
        /// Stages 8-10: a criterion of the plan to waive (target_length, must_include:N,
        /// must_avoid:N; repeatable). Stage 10 does not end the session while one is unmet
        /// and not waived
        #[arg(long, value_name = "CRITERION")]
        waive: Vec<String>,
        /// Validate only: write nothing
        #[arg(long)]
        dry_run: bool,
        #[arg(long, value_enum, default_value = "text")]
        format: DataFormat,
    },
    /// Continue an interrupted (or abandoned) session from its current stage
    Resume {
        /// Episode number
        episode: u32,
        /// The session to resume (default: the episode's only session)
        #[arg(long, value_name = "ID")]
        session: Option<String>,
        #[arg(long)]
        dry_run: bool,
        #[arg(long, value_enum, default_value = "text")]
        format: DataFormat,
    },
    /// Sessions of an episode and the progress of one
    Status {
        /// Episode number
        episode: u32,
        #[arg(long, value_name = "ID")]
        session: Option<String>,
        #[arg(long, value_enum, default_value = "text")]
        format: DataFormat,
    },
    /// Stop a session, freeing the episode for a new one
    Abandon {
        /// Episode number
        episode: u32,
        #[arg(long, value_name = "ID")]
        session: String,
        #[arg(long, value_enum, default_value = "text")]
        format: DataFormat,
    },
    /// The ten tasks with progress and diagnostics (enhanced_get_writing_tasks)
    Tasks {
        /// Episode number
        episode: u32,
        #[arg(long, value_enum, default_value = "text")]
        format: DataFormat,
    },
    /// Rebuild a damaged session and replay logged outputs from a step
    /// (enhanced_resume_from_partial_failure)
    Recover {
        /// Episode number
        episode: u32,
        /// First step to replay (0 = from the start)
        #[arg(long, default_value_t = 0)]
        from: u32,
        #[arg(long, value_name = "ID")]
        session: Option<String>,
        #[arg(long, value_enum, default_value = "text")]
        format: DataFormat,
    },
}

fn no_save(ctx: &Ctx, dry_run: bool) -> Ctx {
    let mut c = ctx.clone();
    if dry_run {
        c.save = false;
    }
    c
}

// Long on purpose: one match arm per sub-verb.
pub fn run(ctx: &Ctx, args: WriteArgs, sink: &Sink) -> ExitStatus {
    // Outside a project there is no plot to write from: say so before any lock file or
    // `.noveler/` is made in a stranger's directory.
    if !crate::cli::is_project(&ctx.root) {
        sink.error(&crate::cli::not_a_project(&ctx.root));
        return ExitStatus::Error;
    }
    match args.action {
        None => show(ctx, args.show, sink),
        Some(WriteAction::Submit {
            episode,
            session,
            stage,
            file,
            feedback,
            waive,
            dry_run,
            format,
        }) => {
            let c = no_save(ctx, dry_run);
            let (content, file) = if file == "-" {
                match read_stdin() {
                    Ok(t) => (Some(t), None),
                    Err(e) => {
                        let out = commands::execute(&c, commands::write::SUBMIT, |_| {
                            Err::<cmd::WriteSubmitReport, _>(e)
                        });
                        return emit(sink, &out, format.format(), |_| String::new());
                    }
                }
            } else {
                (None, Some(user_path(&file)))
            };
            let req = WriteSubmitRequest {
                episode,
                session_id: session,
                stage,
                submission: None,
                content,
                file,
                feedback,
                waive,
                dry_run,
            };
            let out = commands::execute(&c, commands::write::SUBMIT, |c| cmd::submit(c, req));
            emit(sink, &out, format.format(), |r| submit_text(&r.outcome))
        }
        Some(WriteAction::Resume {
            episode,
            session,
            dry_run,
            format,
        }) => {
            let c = no_save(ctx, dry_run);
            let req = WriteResumeRequest {
                episode,
                session_id: session.unwrap_or_default(),
                dry_run,
            };
            let out = commands::execute(&c, commands::write::RESUME, |c| cmd::resume(c, req));
            emit(sink, &out, format.format(), |r| {
                let mut t = format!(
                    "再開: STEP{} から（残り {} 段階）{}\n",
                    r.outcome
                        .resumed_from_stage
                        .map_or("-".into(), |n| n.to_string()),
                    r.outcome.remaining_stages.len(),
                    if r.outcome.reactivated {
                        "（中止していたセッションを再開）"
                    } else {
                        ""
                    }
                );
                t.push_str(&show_text(&r.outcome.write));
                t
            })
        }
        Some(WriteAction::Status {
            episode,
            session,
            format,
        }) => {
            let req = WriteStatusRequest {
                episode,
                session_id: session,
            };
            let out = commands::execute(ctx, commands::write::STATUS, |c| cmd::status(c, req));
            emit(sink, &out, format.format(), |r| status_text(&r.outcome))
        }
        Some(WriteAction::Abandon {
            episode,
            session,
            format,
        }) => {
            let req = WriteAbandonRequest {
                episode,
                session_id: session,
            };
            let out = commands::execute(ctx, commands::write::ABANDON, |c| cmd::abandon(c, req));
            emit(sink, &out, format.format(), |r| {
                format!(
                    "セッション {} を中止しました（{} 段階完了）\n次: {}\n",
                    r.session_id,
                    r.session.completed,
                    r.suggested_actions
                        .iter()
                        .map(|a| crate::output::hint::to_cli(a))
                        .collect::<Vec<_>>()
                        .join(" / ")
                )
            })
        }
        Some(WriteAction::Tasks { episode, format }) => {
            let req = EnhancedTasksRequest { episode };
            let out = commands::execute(ctx, crate::commands::write::TASKS, |c| {
                cmd::enhanced_tasks(c, req)
            });
            emit(sink, &out, format.format(), |r| tasks_text(&r.outcome))
        }
        Some(WriteAction::Recover {
            episode,
            from,
            session,
            format,
        }) => {
            let req = EnhancedResumeRequest {
                episode,
                recovery_point: from,
                session_id: session,
            };
            let out = commands::execute(ctx, crate::commands::write::RESUME_FAILURE, |c| {
                cmd::enhanced_resume(c, req)
            });
            emit(sink, &out, format.format(), |r| recover_text(&r.outcome))
        }
    }
}

fn show(ctx: &Ctx, a: ShowArgs, sink: &Sink) -> ExitStatus {
    let c = no_save(ctx, a.dry_run);
    let plot_content = match &a.plot_file {
        Some(f) => match crate::workflow::submission::read_text(&ctx.root, &user_path(f)) {
            Ok((text, _)) => Some(text),
            Err(e) => {
                let out =
                    commands::execute(&c, commands::write::NAME, |_| Err::<cmd::WriteReport, _>(e));
                return emit(sink, &out, a.format.format(), |_| String::new());
            }
        },
        None => None,
    };
    let req = WriteRequest {
        episode: a.episode.unwrap_or(0),
        session_id: a.session,
        step: a.step,
        stage: a.stage,
        new_session: a.new_session,
        dry_run: a.dry_run,
        plot_content,
        word_count_target: a.word_count_target,
        draft_only: a.draft,
        ..Default::default()
    };
    let out = commands::execute(&c, commands::write::NAME, |c| cmd::run(c, req));
    emit(sink, &out, a.format.format(), |r| show_text(&r.outcome))
}
