//! `noveler check progressive EP <verb>` (also `noveler progressive EP <verb>`): the 12-step
//! progressive check, and `noveler evaluate EP <kind>`: the judged evaluations.

use crate::cli::files::{user_path, DataFormat};
use crate::cli::{emit, Sink};
use crate::commands::progressive::{self as cmd, OptionArgs};
use crate::commands::{self, evaluate, Ctx};
use crate::error::{Code, Error, Result};
use crate::output::progressive as out;
use crate::workflow::progressive::{ConfigOverrides, IterationPolicy, LengthOverride};
use crate::ExitStatus;
use clap::{Args, Subcommand, ValueHint};
use serde_json::Value;
use std::path::Path;

#[derive(Debug, Clone, Args)]
pub struct ProgressiveArgs {
    /// Episode number
    pub episode: u32,
    #[command(subcommand)]
    pub verb: Verb,
    /// Session id (default: the episode's latest open session)
    #[arg(id = "progressive_session", long = "session", global = true)]
    pub session: Option<String>,
    /// Count dialogue lines in the sentence-length (rhythm) figures too
    #[arg(long, global = true)]
    pub include_dialogue: bool,
    /// Moving-average window over narration sentence lengths (default 5)
    #[arg(long, global = true)]
    pub window_size: Option<usize>,
    /// Rule profile (narou)
    #[arg(long, global = true)]
    pub rule_profile: Option<String>,
    /// Step 12: approve although earlier steps' judgments are pending (recorded as such)
    #[arg(long, global = true)]
    pub accept_unjudged: bool,
    /// Override the target length minimum (with --target-max)
    #[arg(long, global = true, requires = "target_max")]
    pub target_min: Option<usize>,
    /// Override the target length maximum (with --target-min)
    #[arg(long, global = true, requires = "target_min")]
    pub target_max: Option<usize>,
    #[arg(
        id = "progressive_format",
        long = "format",
        value_enum,
        default_value = "text",
        global = true
    )]
    pub format: DataFormat,
}

#[derive(Debug, Clone, Subcommand)]
pub enum Verb {
    /// List the 12 steps and start (or resume) the episode's session
    Tasks {
        /// Start a new session even if one is open
        #[arg(long)]
        new: bool,
    },
    /// Run step N: findings and metrics now, plus the prompt for the judgment part
    Step {
        /// Step number 1-12
        #[arg(allow_negative_numbers = true)]
        n: i64,
        /// The agent's judgment (JSON file, `-` for stdin) to fold into the score
        #[arg(long, value_name = "FILE", value_hint = ValueHint::FilePath)]
        llm_result: Option<String>,
        /// Check this file's text instead of the manuscript (nothing is written)
        #[arg(long, value_name = "FILE", value_hint = ValueHint::FilePath)]
        content: Option<String>,
        /// Run the step but keep nothing (no session, attempt, step files or artifacts)
        #[arg(long)]
        dry_run: bool,
        #[command(flatten)]
        ml: crate::cli::check::MlArgs,
    },
    /// Run step N up to COUNT times, stopping on pass / too little improvement
    Repeat {
        #[arg(allow_negative_numbers = true)]
        n: i64,
        #[arg(long, default_value_t = 1)]
        count: u32,
        /// Stop once the step passes
        #[arg(long)]
        until_pass: bool,
        /// Stop when the score improves by less than this
        #[arg(long, default_value_t = 0.0)]
        min_improvement: f64,
        /// Stop after this many seconds (QC-007)
        #[arg(long)]
        time_budget: Option<u64>,
        /// The agent's judgment for the first attempt
        #[arg(long, value_name = "FILE", value_hint = ValueHint::FilePath)]
        llm_result: Option<String>,
    },
    /// Progress of the session
    Status,
    /// Past attempts, newest first
    History {
        #[arg(long, default_value_t = 20)]
        limit: usize,
        #[arg(long)]
        cursor: Option<String>,
    },
    /// Close the session
    End,
    /// Files and artifacts of the session
    Artifacts,
}

/// Reads a JSON document from a file (`-`: stdin); U006 when it is not JSON.
pub(crate) fn read_json(arg: &str) -> Result<Value> {
    let (text, name) = if arg == "-" {
        (crate::cli::files::read_stdin()?, "<stdin>".to_string())
    } else {
        let p = user_path(arg);
        let bytes = std::fs::read(&p).map_err(|e| Error::io(&p, &e))?;
        (crate::store::text::decode(Path::new(&p), &bytes)?.text, p)
    };
    serde_json::from_str(&text).map_err(|e| {
        Error::new(Code::U006, format!("{name} は JSON として読めません: {e}"))
            .at(&name, Some(e.line()))
            .hint("llm_result は JSON オブジェクトで書いてください。")
    })
}

fn read_text(arg: &str) -> Result<String> {
    let p = user_path(arg);
    let bytes = std::fs::read(&p).map_err(|e| Error::io(&p, &e))?;
    Ok(crate::store::text::decode(Path::new(&p), &bytes)?.text)
}

fn options(a: &ProgressiveArgs) -> OptionArgs {
    OptionArgs {
        exclude_dialogue_lines: a.include_dialogue.then_some(false),
        window_size: a.window_size,
        rule_profile: a.rule_profile.clone(),
        accept_unjudged: a.accept_unjudged.then_some(true),
        config_overrides: match (a.target_min, a.target_max) {
            (Some(min), Some(max)) => Some(ConfigOverrides {
                target_length: Some(LengthOverride { min, max }),
            }),
            _ => None,
        },
    }
}

// Long on purpose: one match arm per sub-verb.
pub fn run(ctx: &Ctx, args: ProgressiveArgs, sink: &Sink) -> ExitStatus {
    let fmt = args.format.format();
    let ep = Some(args.episode);
    let session = args.session.clone();
    let opts = options(&args);
    match args.verb {
        Verb::Tasks { new } => {
            let o = commands::execute(ctx, crate::commands::progressive::TASKS, |c| {
                cmd::tasks(
                    c,
                    cmd::TasksRequest {
                        episode: ep,
                        session_id: session,
                        new_session: new,
                        options: opts,
                    },
                )
            });
            emit(sink, &o, fmt, out::tasks_text)
        }
        Verb::Step {
            n,
            llm_result,
            content,
            dry_run,
            ml,
        } => {
            let o = commands::execute(ctx, crate::commands::progressive::STEP, |c| {
                let llm_result = llm_result.as_deref().map(read_json).transpose()?;
                let manuscript_content = content.as_deref().map(read_text).transpose()?;
                crate::commands::progressive::modes::step(
                    c,
                    crate::commands::progressive::modes::CheckStepRequest {
                        step: cmd::StepRequest {
                            episode: ep,
                            step_id: n,
                            session_id: session,
                            llm_result,
                            manuscript_content,
                            check_focus: None,
                            ml_optimization: ml.ml_optimization(),
                            options: opts,
                        },
                        dry_run,
                        options: None,
                        manuscript_artifact_id: None,
                        manuscript_snapshot: None,
                    },
                )
            });
            emit(sink, &o, fmt, |r| {
                let text = out::step_text(&r.result);
                if !r.dry_run {
                    return text;
                }
                // Nothing was kept: the step's files named in the text do not exist.
                let gone = format!("、または {} にあります", r.result.files.output_file);
                format!(
                    "{}\n（dry run: セッション・ステップのファイル・アーティファクトは何も残していません）\n",
                    text.replace(&gone, "にあります").trim_end()
                )
            })
        }
        Verb::Repeat {
            n,
            count,
            until_pass,
            min_improvement,
            time_budget,
            llm_result,
        } => {
            let o = commands::execute(ctx, crate::commands::progressive::REPEAT, |c| {
                let llm_result = llm_result.as_deref().map(read_json).transpose()?;
                cmd::repeat(
                    c,
                    cmd::RepeatRequest {
                        episode: ep,
                        session_id: session,
                        step_id: n,
                        iteration_policy: Some(IterationPolicy {
                            count,
                            until_pass,
                            min_improvement,
                            time_budget_s: time_budget,
                            ..Default::default()
                        }),
                        llm_result,
                        options: opts,
                    },
                )
            });
            emit(sink, &o, fmt, out::repeat_text)
        }
        Verb::Status => {
            let o = commands::execute(ctx, crate::commands::progressive::STATUS, |c| {
                cmd::status(
                    c,
                    cmd::StatusRequest {
                        episode: ep,
                        session_id: session,
                    },
                )
            });
            emit(sink, &o, fmt, out::status_text)
        }
        Verb::History { limit, cursor } => {
            let o = commands::execute(ctx, crate::commands::progressive::HISTORY, |c| {
                cmd::history(
                    c,
                    cmd::HistoryRequest {
                        episode: ep,
                        session_id: session,
                        limit,
                        cursor,
                    },
                )
            });
            emit(sink, &o, fmt, out::history_text)
        }
        Verb::End => {
            let o = commands::execute(ctx, crate::commands::progressive::END, |c| {
                cmd::end(
                    c,
                    cmd::EndRequest {
                        episode: ep,
                        session_id: session,
                        finalize: true,
                    },
                )
            });
            emit(sink, &o, fmt, out::end_text)
        }
        Verb::Artifacts => {
            let o = commands::execute(ctx, crate::commands::progressive::ARTIFACTS, |c| {
                cmd::artifacts(
                    c,
                    cmd::ArtifactsRequest {
                        session_id: session,
                        episode: ep,
                    },
                )
            });
            emit(sink, &o, fmt, out::artifacts_text)
        }
    }
}

// ---------------------------------------------------------------------------------------
// noveler evaluate

#[derive(Debug, Args)]
pub struct EvaluateArgs {
    /// Episode number
    pub episode: u32,
    /// elements (68 items), structure, expression, preview
    #[arg(value_parser = ["elements", "structure", "expression", "preview"])]
    pub kind: String,
    /// The agent's judgment (JSON file, `-` for stdin)
    #[arg(long, value_name = "FILE", value_hint = ValueHint::FilePath)]
    pub llm_result: Option<String>,
    /// preview: short or detailed
    #[arg(long, default_value = "short")]
    pub style: String,
    #[arg(long, value_enum, default_value = "text")]
    pub format: DataFormat,
}

pub(crate) fn run_evaluate(ctx: &Ctx, args: EvaluateArgs, sink: &Sink) -> ExitStatus {
    let fmt = args.format.format();
    let ep = args.episode;
    let llm = args.llm_result.clone();
    let read = move || llm.as_deref().map(read_json).transpose();
    match args.kind.as_str() {
        "elements" => {
            let o = commands::execute(ctx, crate::commands::evaluate::STORY_ELEMENTS, |c| {
                evaluate::story_elements(
                    c,
                    evaluate::StoryElementsRequest {
                        episode: ep,
                        llm_result: read()?,
                        auto_fix: false,
                        fix_level: crate::analysis::Applicability::Safe,
                    },
                )
            });
            emit(sink, &o, fmt, out::elements_text)
        }
        "structure" => {
            let o = commands::execute(ctx, crate::commands::evaluate::STORY_STRUCTURE, |c| {
                evaluate::story_structure(
                    c,
                    evaluate::JudgedRequest {
                        episode: ep,
                        llm_result: read()?,
                    },
                )
            });
            emit(sink, &o, fmt, |r| out::judged_text(&r.report))
        }
        "expression" => {
            let o = commands::execute(ctx, crate::commands::evaluate::WRITING_EXPRESSION, |c| {
                evaluate::writing_expression(
                    c,
                    evaluate::JudgedRequest {
                        episode: ep,
                        llm_result: read()?,
                    },
                )
            });
            emit(sink, &o, fmt, |r| out::judged_text(&r.report))
        }
        _ => {
            let o = commands::execute(ctx, crate::commands::evaluate::PREVIEW, |c| {
                evaluate::preview(
                    c,
                    evaluate::PreviewRequest {
                        episode: ep,
                        style: args.style.clone(),
                        llm_result: read()?,
                    },
                )
            });
            emit(sink, &o, fmt, out::preview_text)
        }
    }
}
