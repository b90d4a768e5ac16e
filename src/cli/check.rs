//! `noveler check [EPISODE|FILE|DIR|-]...`: clap arguments → `CheckRequest`, progress bar,
//! rendering in the chosen format, exit status.

use super::{is_project, GlobalArgs, Sink};
use crate::analysis::settings::Preset;
use crate::analysis::{Aspect, Severity};
use crate::commands::check::{self as cmd, CheckReport, CheckRequest, Target};
use crate::commands::{self, Ctx};
use crate::output::check::{self as render, PathMap, TextOptions};
use crate::output::Format;
use crate::ExitStatus;
use clap::builder::{PossibleValuesParser, TypedValueParser};
use clap::{Args, ValueEnum, ValueHint};
use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

/// When to use ANSI colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum ColorChoice {
    /// When stdout is a terminal and NO_COLOR is not set
    Auto,
    Always,
    Never,
}

fn severity_parser() -> impl TypedValueParser<Value = Severity> {
    PossibleValuesParser::new(["low", "medium", "high", "critical"])
        .map(|s| Severity::parse(&s).unwrap_or(Severity::High))
}

fn aspect_parser() -> impl TypedValueParser<Value = Aspect> {
    PossibleValuesParser::new([
        "rhythm",
        "readability",
        "grammar",
        "style",
        "length",
        "content",
    ])
    .map(|s| Aspect::parse(&s).unwrap_or(Aspect::Style))
}

fn preset_parser() -> impl TypedValueParser<Value = Preset> {
    PossibleValuesParser::new(["narou", "literary"]).map(|s| {
        if s == "literary" {
            Preset::Literary
        } else {
            Preset::Narou
        }
    })
}

/// `noveler check progressive EP <verb>` (the 12-step progressive check, `cli::progressive`).
#[derive(Debug, Clone, clap::Subcommand)]
pub enum CheckSub {
    /// The 12-step progressive check of an episode: tasks, step N, repeat, status, history, end
    Progressive(super::progressive::ProgressiveArgs),
}

#[derive(Debug, Clone, Args)]
#[command(args_conflicts_with_subcommands = true)]
#[command(after_help = "\
Targets: a bare number is an episode (3 → 40_原稿/第003話*.md|txt); write ./3 for a file \
named 3. Directories are walked for .md/.txt (hidden dirs, .noveler, temp and target are \
skipped; the project root stands for its manuscript directory). - reads the manuscript \
from stdin. Without targets the project's manuscript directory is checked.

Exit status: 0 no finding at or above --fail-on (default high) and every score at or above \
--fail-under; 1 the gate tripped; 2 usage, config or I/O error (other files are still \
checked). A closed stdout (broken pipe) exits 0.")]
pub struct CheckArgs {
    #[command(subcommand)]
    pub sub: Option<CheckSub>,
    /// Episode numbers, manuscript files, directories, or - for stdin
    #[arg(value_name = "EPISODE|FILE|DIR|-", value_hint = ValueHint::AnyPath)]
    pub targets: Vec<String>,
    /// Output format: text (snippets), json (the result envelope), ndjson (one finding per
    /// line + summary), sarif (2.1.0), github (Actions annotations), concise (one line per
    /// finding: path:line:col: CODE message)
    #[arg(long, value_enum, default_value = "text")]
    pub format: Format,
    /// Only check these aspects (comma-separated)
    #[arg(long, value_delimiter = ',', value_parser = aspect_parser(), value_name = "ASPECT,...")]
    pub aspects: Vec<Aspect>,
    /// The basic check (MCP check_basic): every aspect but rhythm
    #[arg(long, conflicts_with = "aspects")]
    pub basic: bool,
    /// Report only findings of this severity or above
    #[arg(long, value_parser = severity_parser(), value_name = "SEVERITY")]
    pub severity_threshold: Option<Severity>,
    /// Exit 1 when a finding of this severity or above is reported
    #[arg(long, value_parser = severity_parser(), default_value = "high", value_name = "SEVERITY")]
    pub fail_on: Severity,
    /// Exit 1 when a file's overall score is below this (0-100)
    #[arg(long, value_name = "SCORE")]
    pub fail_under: Option<f64>,
    /// Exit 0 even when the gate trips (errors still exit 2)
    #[arg(long)]
    pub exit_zero: bool,
    /// Run only these rules this time (comma-separated or repeated; overrides the config)
    #[arg(long, value_delimiter = ',', value_name = "CODE,...")]
    pub select: Vec<String>,
    /// Do not run these rules this time (comma-separated or repeated)
    #[arg(long, value_delimiter = ',', value_name = "CODE,...")]
    pub ignore: Vec<String>,
    /// Print the settings the check would run with (configs read, preset, target length,
    /// thresholds, every rule on or off with its severity) and check nothing
    #[arg(long)]
    pub show_settings: bool,
    /// Print a table of finding counts per rule code instead of the findings (text format)
    #[arg(long)]
    pub statistics: bool,
    /// Never show a progress bar
    #[arg(long)]
    pub no_progress: bool,
    /// Colour the text output
    #[arg(long, value_enum, default_value = "auto", value_name = "WHEN")]
    pub color: ColorChoice,
    /// Tool config to use instead of .novelerrc.yaml
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,
    /// Rule preset: narou (web novels) or literary (the default for Aozora Bunko files)
    #[arg(long, value_parser = preset_parser(), value_name = "PRESET")]
    pub preset: Option<Preset>,
    /// Rhythm metrics and rules over narration only (true) or all sentences (false)
    #[arg(long, value_name = "BOOL", num_args = 0..=1, default_missing_value = "true")]
    pub exclude_dialogue_lines: Option<bool>,
    /// Do not read or write the content-hash cache (.noveler/cache/)
    #[arg(long)]
    pub no_cache: bool,
    /// File name to report stdin (-) as; also decides ignores. Stdin is checked as a snippet
    /// unless this names an episode file (第NNN話…) or a file in the manuscript directory
    #[arg(long, value_name = "NAME")]
    pub stdin_filename: Option<String>,
    /// Hide findings recorded in this baseline file (default .noveler-baseline.json at the project root, to commit)
    #[arg(long, value_name = "FILE", value_hint = ValueHint::FilePath, num_args = 0..=1, require_equals = true, default_missing_value = "")]
    pub baseline: Option<String>,
    /// Record every current finding in a baseline file (default .noveler-baseline.json at the project root, to commit)
    #[arg(
        long,
        value_name = "FILE",
        value_hint = ValueHint::FilePath,
        num_args = 0..=1,
        require_equals = true,
        default_missing_value = "",
        conflicts_with = "baseline"
    )]
    pub write_baseline: Option<String>,
    /// Check the text as a snippet, not a whole episode: skip the rules about an episode as a
    /// whole (length, dialogue ratio, kanji ratio, window…)
    #[arg(long)]
    pub snippet: bool,
    #[command(flatten)]
    pub ml: MlArgs,
}

/// The corpus statistics flags (`check`, `check progressive N step`): seed 001 §8's
/// `ml_optimization`, any of them enabling it.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct MlArgs {
    /// Compare with a corpus baseline (statistics, not a model): this text's metrics as
    /// percentiles of the author's earlier episodes, in metadata.ml_enhancements (json)
    #[arg(long, help_heading = "Corpus statistics")]
    pub ml: bool,
    /// Compare with this stored baseline (`noveler baseline build DIR`) instead (implies --ml)
    #[arg(long, value_name = "ID", help_heading = "Corpus statistics")]
    pub corpus_model_id: Option<String>,
    /// Check with thresholds learned from the baseline, clamped to sane bounds (implies --ml)
    #[arg(long, help_heading = "Corpus statistics")]
    pub dynamic_thresholds: bool,
    /// Adjust severities by position and frequency against the baseline (implies --ml)
    #[arg(long, help_heading = "Corpus statistics")]
    pub dynamic_severity: bool,
    /// Weight rule penalties by the recorded accept/reject feedback (implies --ml)
    #[arg(long, help_heading = "Corpus statistics")]
    pub optimize_weights: bool,
}

impl MlArgs {
    /// `ml_optimization` from the flags (any of them enables it).
    pub fn ml_optimization(&self) -> Option<crate::commands::check::MlOptimization> {
        let on = self.ml
            || self.corpus_model_id.is_some()
            || self.dynamic_thresholds
            || self.dynamic_severity
            || self.optimize_weights;
        on.then(|| crate::commands::check::MlOptimization {
            enabled: true,
            corpus_model_id: self.corpus_model_id.clone(),
            use_dynamic_thresholds: self.dynamic_thresholds,
            use_dynamic_severity: self.dynamic_severity,
            auto_optimize_weights: self.optimize_weights,
        })
    }
}

/// A baseline path as typed: relative to the working directory (`""` stays the default).
fn from_cwd(cwd: &std::path::Path, p: &str) -> String {
    if p.is_empty() {
        String::new()
    } else {
        cwd.join(p).to_string_lossy().into_owned()
    }
}

/// Whether to colour output written to a stream that `is_tty`.
pub(crate) fn use_color(choice: ColorChoice, is_tty: bool) -> bool {
    match choice {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => is_tty && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()),
    }
}

/// When the working directory is in no project (pre-commit run from the root of a
/// repository holding the novel in a subdirectory), the project of the first path target.
fn root_from_targets(root: &std::path::Path, targets: &[Target]) -> Option<PathBuf> {
    if is_project(root) {
        return None;
    }
    let first = targets.iter().find_map(|t| match t {
        Target::Path(p) if p != "-" => Some(PathBuf::from(p)),
        _ => None,
    })?;
    let start = if first.is_dir() {
        first
    } else {
        first.parent()?.to_path_buf()
    };
    let found = crate::project::discover_root(None, &start);
    is_project(&found).then_some(found)
}

/// Builds the request: paths are taken from the working directory, numbers are episodes.
pub fn request(args: &CheckArgs, cwd: &std::path::Path) -> CheckRequest {
    let targets = super::files::expand_globs(&args.targets)
        .iter()
        .map(|t| match Target::parse(t) {
            Target::Path(p) if p != "-" => {
                Target::Path(cwd.join(&p).to_string_lossy().into_owned())
            }
            other => other,
        })
        .collect();
    CheckRequest {
        targets,
        aspects: if args.basic {
            crate::commands::check::modes::BASIC_ASPECTS.to_vec()
        } else {
            args.aspects.clone()
        },
        severity_threshold: args.severity_threshold,
        fail_on: Some(args.fail_on),
        fail_under: args.fail_under,
        exit_zero: args.exit_zero,
        config: args
            .config
            .as_ref()
            .map(|c| cwd.join(c).to_string_lossy().into_owned()),
        exclude_dialogue_lines: args.exclude_dialogue_lines,
        preset: args.preset,
        no_cache: args.no_cache,
        baseline: args.baseline.as_deref().map(|p| from_cwd(cwd, p)),
        write_baseline: args.write_baseline.as_deref().map(|p| from_cwd(cwd, p)),
        stdin_filename: args.stdin_filename.clone(),
        snippet: args.snippet,
        ml_optimization: args.ml.ml_optimization(),
        select: args.select.clone(),
        ignore: args.ignore.clone(),
        ..Default::default()
    }
}

/// `--show-settings`: the effective settings as YAML (text) or the envelope (json).
fn show_settings(ctx: &Ctx, req: &CheckRequest, format: Format, sink: &Sink) -> ExitStatus {
    let ctx = Ctx {
        save: false,
        ..ctx.clone()
    };
    let out = commands::execute(&ctx, commands::check::NAME, |c| cmd::show_settings(c, req));
    let format = if format == Format::Json {
        Format::Json
    } else {
        Format::Text
    };
    super::emit(sink, &out, format, |r| {
        serde_yaml::to_string(r).unwrap_or_default()
    })
}

pub fn run(ctx: &Ctx, global: &GlobalArgs, args: CheckArgs, sink: &Sink) -> ExitStatus {
    if let Some(CheckSub::Progressive(p)) = args.sub {
        return super::progressive::run(ctx, p, sink);
    }
    let cwd = std::env::current_dir().unwrap_or_else(|_| ctx.root.clone());
    let mut req = request(&args, &cwd);
    if args.targets.iter().any(|t| t == "-") {
        match crate::store::text::read_stream(Path::new("<stdin>"), std::io::stdin().lock()) {
            Ok(bytes) => req.content_bytes = Some(bytes),
            Err(e) => {
                sink.error(&e);
                return ExitStatus::Error;
            }
        }
    }

    let mut ctx = ctx.clone();
    if global.project_root.is_none() {
        if let Some(root) = root_from_targets(&ctx.root, &req.targets) {
            ctx.root = root;
            super::apply_save_policy(&mut ctx, global);
        }
    }
    // A root that does not exist is reported (P001); saving the envelope must not create it.
    if !ctx.root.is_dir() {
        ctx.save = false;
    }
    let bar: Arc<OnceLock<indicatif::ProgressBar>> = Arc::new(OnceLock::new());
    if !args.no_progress && !global.quiet && std::io::stderr().is_terminal() {
        let bar = bar.clone();
        ctx.progress = Some(Arc::new(move |done, total, what: &str| {
            if total <= 1 {
                return;
            }
            let pb = bar.get_or_init(|| {
                let pb = indicatif::ProgressBar::with_draw_target(
                    Some(total),
                    indicatif::ProgressDrawTarget::stderr(),
                );
                if let Ok(style) =
                    indicatif::ProgressStyle::with_template("{bar:30} {pos}/{len} {wide_msg}")
                {
                    pb.set_style(style);
                }
                pb
            });
            pb.set_position(done);
            pb.set_message(what.to_string());
        }));
    }

    if args.show_settings {
        return show_settings(&ctx, &req, args.format, sink);
    }
    let outcome = commands::execute(&ctx, commands::check::NAME, |c| cmd::run(c, req));
    if let Some(pb) = bar.get() {
        pb.finish_and_clear();
    }

    let paths = PathMap::new(&ctx.root, &cwd);
    let opts = TextOptions {
        color: use_color(args.color, std::io::stdout().is_terminal()),
        quiet: global.quiet,
        statistics: args.statistics,
        width: std::env::var("COLUMNS")
            .ok()
            .and_then(|c| c.parse().ok())
            .filter(|&w: &usize| w >= 40)
            .unwrap_or(100),
    };
    let format = args.format;
    let code = super::emit(sink, &outcome, format, |r: &CheckReport| match format {
        Format::Text | Format::Json => {
            let mut t = render::text(r, &opts);
            if let Some(ml) = &r.ml_enhancements {
                t.push_str(&crate::output::stats::ml_text(ml));
            }
            t
        }
        Format::Ndjson => render::ndjson(r),
        Format::Sarif => render::sarif(r, &paths),
        Format::Github => render::github(r, &paths),
        Format::Concise => render::concise(r, &paths),
    });
    if let Ok(report) = &outcome.report {
        if !matches!(format, Format::Json | Format::Ndjson) {
            for e in &report.errors {
                match &e.error {
                    Some(err) => sink.stderr(super::render_error(err).trim_end()),
                    None => sink.stderr(&format!("[{}] {}: {}", e.code, e.path, e.message)),
                }
            }
        }
    }
    code
}
