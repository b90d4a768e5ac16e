//! `noveler polish EP|FILE [--level …] [--diff | --apply] [--codes …] [--stage 2|3]` and
//! `noveler polish submit EP|FILE --stage N --result FILE [--diff]`.

use crate::analysis::Applicability;
use crate::cli::files::{user_path, DataFormat};
use crate::cli::progressive::read_json;
use crate::cli::{emit, Sink};
use crate::commands::check::Target;
use crate::commands::polish::many::{self as polish_many, PolishManyRequest};
use crate::commands::polish::{self as cmd, PolishRequest, StageRequest, SubmitRequest};
use crate::commands::{self, Ctx};
use crate::output::progressive as out;
use crate::ExitStatus;
use clap::{Args, Subcommand, ValueEnum, ValueHint};

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum Level {
    Safe,
    Standard,
    Aggressive,
}

impl From<Level> for Applicability {
    fn from(l: Level) -> Self {
        match l {
            Level::Safe => Applicability::Safe,
            Level::Standard => Applicability::Standard,
            Level::Aggressive => Applicability::Aggressive,
        }
    }
}

#[derive(Debug, Args)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct PolishArgs {
    /// Episode numbers, manuscript paths, directories or quoted globs (a bare integer is an
    /// episode; `./3` is a file). Several targets are fixed in one run with one backup
    #[arg(required_unless_present = "all", value_name = "EP|FILE|DIR", value_hint = ValueHint::AnyPath)]
    pub targets: Vec<String>,
    /// Every manuscript of the project
    #[arg(long, conflicts_with = "targets")]
    pub all: bool,
    #[command(subcommand)]
    pub submit: Option<PolishSub>,
    /// Highest fix level applied (default: the project's fix.level, else safe)
    #[arg(long, value_enum)]
    pub level: Option<Level>,
    /// Show the unified diff only (default)
    #[arg(long, conflicts_with = "apply")]
    pub diff: bool,
    /// Write the fixes (the original is backed up first)
    #[arg(long)]
    pub apply: bool,
    /// Only fixes of these rule codes (comma-separated)
    #[arg(long, value_delimiter = ',')]
    pub codes: Vec<String>,
    /// Only the fixes of these finding ids (comma-separated, from a check)
    #[arg(long, value_delimiter = ',')]
    pub issue_ids: Vec<String>,
    /// Refuse (QC-018) unless the file still has this sha256
    #[arg(long)]
    pub expected_sha256: Option<String>,
    /// Print the prompt of revision stage 2 (content) or 3 (reader experience) instead
    #[arg(long, value_parser = clap::value_parser!(u8).range(2..=3))]
    pub stage: Option<u8>,
    #[arg(long, value_enum, default_value = "text")]
    pub format: DataFormat,
    /// Fix and re-check until the overall score reaches SCORE, no pass improves it, or
    /// --max-iterations (one episode; written once, with one backup, only with --apply)
    #[arg(long, value_name = "SCORE")]
    pub until: Option<f64>,
    /// Most fix-and-check passes of --until (1-10)
    #[arg(long, value_name = "N", default_value_t = 3, requires = "until")]
    pub max_iterations: u32,
}

#[derive(Debug, Subcommand)]
pub enum PolishSub {
    /// Apply an agent's stage 2/3 revision ({base_sha256, revised_manuscript, changes, summary})
    Submit {
        /// Episode number or manuscript path
        #[arg(value_hint = ValueHint::FilePath)]
        target: String,
        #[arg(long, value_parser = clap::value_parser!(u8).range(2..=3))]
        stage: u8,
        /// The agent's result (JSON file, `-` for stdin)
        #[arg(long, value_name = "FILE", value_hint = ValueHint::FilePath)]
        result: String,
        /// Show the diff only; write nothing
        #[arg(long)]
        diff: bool,
        #[arg(long, value_enum, default_value = "text")]
        format: DataFormat,
    },
}

/// `3` → episode 3; anything else → a path.
fn split_target(t: &str) -> (Option<u32>, Option<String>) {
    match t.parse::<u32>() {
        Ok(n) if !t.starts_with('+') => (Some(n), None),
        _ => (None, Some(user_path(t))),
    }
}

pub fn run(ctx: &Ctx, args: PolishArgs, sink: &Sink) -> ExitStatus {
    if let Some(PolishSub::Submit {
        target,
        stage,
        result,
        diff,
        format,
    }) = args.submit
    {
        let (episode, file) = split_target(&target);
        let o = commands::execute(ctx, crate::commands::polish::SUBMIT, |c| {
            let result = read_json(&result)?;
            cmd::submit(
                c,
                SubmitRequest {
                    episode,
                    file,
                    stage,
                    result,
                    dry_run: diff,
                },
            )
        });
        return emit(sink, &o, format.format(), out::polish_text);
    }
    let fmt = args.format.format();
    let targets = super::files::expand_globs(&args.targets);
    let single =
        !args.all && targets.len() == 1 && !std::path::Path::new(&user_path(&targets[0])).is_dir();
    if !single {
        if args.stage.is_some()
            || args.expected_sha256.is_some()
            || !args.issue_ids.is_empty()
            || args.until.is_some()
        {
            let e = crate::Error::new(
                crate::Code::U001,
                "--stage / --expected-sha256 / --issue-ids / --until は原稿を一つだけ指定したときに使えます",
            )
            .hint("話数かファイルを一つだけ指定してください。");
            let o = commands::execute(ctx, commands::polish::NAME, |_| {
                Err::<cmd::PolishReport, _>(e)
            });
            return emit(sink, &o, fmt, out::polish_text);
        }
        let req = PolishManyRequest {
            targets: targets
                .iter()
                .map(|t| match Target::parse(t) {
                    Target::Path(p) => Target::Path(user_path(&p)),
                    e => e,
                })
                .collect(),
            all: args.all,
            level: args.level.map(Into::into),
            apply: args.apply,
            codes: args.codes,
        };
        let o = commands::execute(ctx, commands::polish::NAME, |c| polish_many::run(c, req));
        return emit(sink, &o, fmt, crate::output::polish::many_text);
    }
    let (episode, file) = split_target(&targets[0]);
    if let Some(target_score) = args.until {
        return until(ctx, &args, episode, target_score, fmt, sink);
    }
    if let Some(stage) = args.stage {
        let o = commands::execute(ctx, crate::commands::polish::STAGE, |c| {
            cmd::stage(
                c,
                StageRequest {
                    episode,
                    file,
                    stage,
                },
            )
        });
        return emit(sink, &o, fmt, out::stage_text);
    }
    let o = commands::execute(ctx, commands::polish::NAME, |c| {
        cmd::run(
            c,
            PolishRequest {
                episode,
                file,
                level: args.level.map(Into::into),
                apply: args.apply,
                codes: args.codes,
                issue_ids: args.issue_ids,
                expected_sha256: args.expected_sha256,
                ..Default::default()
            },
        )
    });
    emit(sink, &o, fmt, out::polish_text)
}

/// `polish EP --until SCORE`: the fix → re-check loop (`commands::improve`).
fn until(
    ctx: &Ctx,
    args: &PolishArgs,
    episode: Option<u32>,
    target_score: f64,
    fmt: crate::output::Format,
    sink: &Sink,
) -> ExitStatus {
    let o = commands::execute(ctx, crate::commands::improve::NAME, |c| {
        let Some(episode) = episode else {
            return Err(crate::Error::new(
                crate::Code::U001,
                "--until は話数を一つ指定したときに使えます",
            )
            .hint("例: `noveler polish 3 --until 85 --apply`"));
        };
        crate::commands::improve::run(
            c,
            crate::commands::improve::ImproveRequest {
                episode,
                target_score,
                max_iterations: args.max_iterations,
                fix_level: args.level.map(Into::into),
                dry_run: !args.apply,
                expected_sha256: args.expected_sha256.clone(),
            },
        )
    });
    emit(sink, &o, fmt, crate::output::polish::improve_text)
}
