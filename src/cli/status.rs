//! `noveler status [--report html [-o FILE]]`.

use crate::cli::files::DataFormat;
use crate::cli::{emit, Sink};
use crate::commands::status::{self, StatusRequest};
use crate::commands::{self, Ctx};
use crate::store::{paths, write_atomic, FileRef};
use crate::ExitStatus;
use clap::{Args, ValueEnum};
use std::path::{Path, PathBuf};

/// Where the HTML report goes without `-o` (relative to the project root).
pub const DEFAULT_REPORT: &str = "temp/status_report.html";

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ReportKind {
    /// One self-contained HTML file with charts (no script, nothing fetched)
    Html,
}

#[derive(Debug, Args)]
pub struct StatusArgs {
    /// List episodes scoring below this in the quality summary (0–100)
    #[arg(long, default_value_t = status::DEFAULT_THRESHOLD)]
    pub threshold: f64,
    /// How many recent activities to show
    #[arg(long, default_value_t = status::DEFAULT_RECENT)]
    pub recent: usize,
    /// Analyse every manuscript again instead of using .noveler/cache/
    #[arg(long)]
    pub no_cache: bool,
    /// Also write a visual report
    #[arg(long, value_enum, value_name = "KIND")]
    pub report: Option<ReportKind>,
    /// Where to write the report (relative to the working directory; default:
    /// temp/status_report.html in the project)
    #[arg(short, long, value_name = "FILE", requires = "report")]
    pub output: Option<PathBuf>,
    #[arg(long, value_enum, default_value = "text")]
    pub format: DataFormat,
}

/// The report path: `-o` relative to the working directory (absolute kept), else the
/// default under the root.
fn report_path(root: &Path, output: Option<&Path>) -> PathBuf {
    match output {
        Some(p) if p.is_absolute() => p.to_path_buf(),
        Some(p) => std::env::current_dir()
            .map(|cwd| cwd.join(p))
            .unwrap_or_else(|_| root.join(p)),
        None => root.join(DEFAULT_REPORT),
    }
}

pub fn run(ctx: &Ctx, args: StatusArgs, quiet: bool, sink: &Sink) -> ExitStatus {
    let req = StatusRequest {
        threshold: Some(args.threshold),
        recent: Some(args.recent),
        no_cache: args.no_cache,
    };
    let out = commands::execute(ctx, commands::status::NAME, |c| {
        // At the keyboard, an empty table of a directory that is no project reads as if all
        // were well: say where the project is or how to start one (MCP keeps the table).
        if !crate::cli::is_project(&c.root) {
            return Err(crate::cli::not_a_project(&c.root));
        }
        let mut report = status::run(c, req)?;
        if args.report == Some(ReportKind::Html) {
            // `-o` goes wherever the person at the keyboard says (SPEC §8 "Paths"); only the
            // default lies under the root.
            let target = match args.output.as_deref() {
                Some(_) => report_path(&c.root, args.output.as_deref()),
                None => paths::resolve(&c.root, &report_path(&c.root, None))?.abs,
            };
            let html =
                crate::output::report_html::render(&report, &format!("noveler {}", crate::VERSION));
            if let Some(dir) = target.parent().filter(|d| !d.as_os_str().is_empty()) {
                crate::store::disk::create_dir_all(dir)?;
            }
            write_atomic(&target, html.as_bytes())?;
            report.add_output(FileRef::from_bytes(
                &c.root,
                &target,
                html.as_bytes(),
                "report",
            ));
        }
        Ok(report)
    });
    emit(sink, &out, args.format.format(), |r| {
        let mut s = crate::output::status::status_text(r);
        if quiet {
            // `-q`: the summary lines only (title, progress, quality), not the table.
            s = s.split("\n\n").next().unwrap_or_default().to_string();
            s.push('\n');
        }
        if let Some(f) = &r.report_file {
            s.push_str(&format!("レポート: {f}\n"));
        }
        s
    })
}
