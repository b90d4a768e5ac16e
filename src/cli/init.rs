//! `noveler init DIR --title T --genre G [--author A] [--platform P] [--target-length N]`.

use crate::cli::files::DataFormat;
use crate::cli::{emit, Sink};
use crate::commands::init::{self, InitRequest, Platform};
use crate::commands::{self, Ctx};
use crate::ExitStatus;
use clap::Args;
use std::path::PathBuf;

#[derive(Debug, Args)]
pub struct InitArgs {
    /// Directory to create the project in (created when missing; must be empty unless --force)
    pub dir: PathBuf,
    /// The work's title (プロジェクト名)
    #[arg(long)]
    pub title: String,
    /// Main genre (ジャンル.メイン), e.g. ファンタジー
    #[arg(long)]
    pub genre: String,
    /// Author name (作者)
    #[arg(long)]
    pub author: Option<String>,
    /// Where the work is to be posted (掲載予定; `complete` publishes in its format)
    #[arg(long, value_enum, default_value = "narou")]
    pub platform: Platform,
    /// Target length per episode, in characters (default 4000, a なろう/カクヨム episode);
    /// the band around it is half of it to one and a half times it
    #[arg(long, value_name = "CHARS")]
    pub target_length: Option<usize>,
    /// Minimum length per episode, in characters (default: half the target)
    #[arg(long, value_name = "CHARS")]
    pub target_min: Option<usize>,
    /// Maximum length per episode, in characters (default: one and a half times the target)
    #[arg(long, value_name = "CHARS")]
    pub target_max: Option<usize>,
    /// Initialise a non-empty directory: add what is missing, keep every existing file
    #[arg(long)]
    pub force: bool,
    /// Do not write .mcp.json and the Claude Code slash command .claude/commands/noveler.md
    #[arg(long)]
    pub no_agent_files: bool,
    #[arg(long, value_enum, default_value = "text")]
    pub format: DataFormat,
}

pub fn run(ctx: &Ctx, args: InitArgs, global: &super::GlobalArgs, sink: &Sink) -> ExitStatus {
    // The project root is DIR, whatever --project-root or discovery said.
    let cwd = std::env::current_dir().unwrap_or_else(|_| PathBuf::from("."));
    let dir = if args.dir.is_absolute() {
        args.dir.clone()
    } else {
        cwd.join(&args.dir)
    };
    let mut ctx = ctx.clone();
    ctx.root = dir.clone();
    // DIR becomes a project: its result file goes there (unless --no-save).
    ctx.save = !global.no_save;
    if init::would_refuse(&dir, args.force) {
        // A refusal leaves the directory exactly as it was: no result file either.
        ctx.save = false;
    }
    let req = InitRequest {
        title: args.title,
        genre: args.genre,
        author: args.author,
        platform: Some(args.platform),
        target_length: args.target_length,
        target_min: args.target_min,
        target_max: args.target_max,
        force: args.force,
        no_agent_files: args.no_agent_files,
    };
    let out = commands::execute(&ctx, commands::init::NAME, |c| init::run(c, req));
    emit(sink, &out, args.format.format(), |r| {
        let mut s = format!(
            "プロジェクト「{}」を作成しました: {}\n",
            r.title, r.project_root
        );
        for f in &r.created {
            s.push_str(&format!("  作成  {f}\n"));
        }
        for f in &r.skipped {
            s.push_str(&format!("  既存  {f}（そのまま残しました）\n"));
        }
        s.push_str("\n設定したこと:\n");
        for line in &r.settings {
            s.push_str(&format!("  - {line}\n"));
        }
        s.push_str("\n次にすること:\n");
        for a in &r.next_actions {
            s.push_str(&format!("  - {}\n", crate::output::hint::to_cli(a)));
        }
        s
    })
}
