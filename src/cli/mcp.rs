//! `noveler mcp`: serve the commands as MCP tools over stdio; `noveler mcp install-command
//! [--user]`: install the `/noveler` slash command for Claude Code.

use super::files::DataFormat;
use super::{emit, Sink};
use crate::commands::install_command::{
    self, InstallCommandReport, InstallCommandRequest, InstallStatus, Scope,
};
use crate::commands::{self, Ctx};
use crate::mcp::Profile;
use crate::ExitStatus;
use clap::{Args, Subcommand};

#[derive(Debug, Clone, Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct McpArgs {
    #[command(subcommand)]
    pub action: Option<McpAction>,
    /// Which tools to offer: `default` (one tool per job, compact replies) or `seed` (every
    /// tool under the seeds' names, full typed output schemas)
    #[arg(long, value_enum, default_value_t = Profile::Default)]
    pub tools: Profile,
    /// Another directory tool calls may read and write (repeatable); the project root and
    /// the roots the client declares (MCP roots) are always allowed
    #[arg(long = "allow-root", value_name = "DIR")]
    pub allow_root: Vec<std::path::PathBuf>,
}

#[derive(Debug, Clone, Subcommand)]
pub enum McpAction {
    /// Install the Claude Code slash command /noveler (write, check, plot, status, init) into
    /// the project's .claude/commands/noveler.md, or with --user into
    /// ~/.claude/commands/noveler.md for every folder. An identical file is left alone; a
    /// different one is first backed up beside it (noveler.md.<time>.bak)
    InstallCommand {
        /// Install for the user ($HOME/.claude/commands/noveler.md) instead of the project
        #[arg(long)]
        user: bool,
        #[arg(long, value_enum, default_value = "text")]
        format: DataFormat,
    },
}

/// Runs the server until the client closes stdin; 0 on a clean end, 2 when it cannot start.
/// With a subcommand, runs that instead.
pub fn run(ctx: &Ctx, args: McpArgs, global: &super::GlobalArgs, sink: &Sink) -> ExitStatus {
    if let Some(McpAction::InstallCommand { user, format }) = args.action {
        return run_install_command(ctx, user, format, global, sink);
    }
    let quiet = global.quiet;
    let options = crate::mcp::Options {
        profile: args.tools,
        quiet,
        allow_roots: args.allow_root,
        no_save: !ctx.save,
        line_runner: Some(super::run_line),
    };
    match crate::mcp::serve_stdio(ctx.root.clone(), options) {
        Ok(()) => ExitStatus::Ok,
        Err(err) => {
            sink.error(&err);
            err.exit_code()
        }
    }
}

/// `noveler mcp install-command [--user]`.
fn run_install_command(
    ctx: &Ctx,
    user: bool,
    format: DataFormat,
    global: &super::GlobalArgs,
    sink: &Sink,
) -> ExitStatus {
    let mut ctx = ctx.clone();
    let scope = if user {
        // The user's home is no project: nothing is kept unless --save.
        ctx.save = ctx.save && global.save;
        Scope::User
    } else {
        Scope::Project
    };
    let req = InstallCommandRequest {
        scope,
        home: std::env::var_os("HOME"),
    };
    let out = commands::execute(&ctx, install_command::NAME, |c| {
        // At the keyboard, a folder that is no project gets no .claude/ of its own.
        if scope == Scope::Project && !super::is_project(&c.root) {
            return Err(super::not_a_project(&c.root)
                .hint("プロジェクトのフォルダで実行するか、どのフォルダでも使えるように --user を付けてください（~/.claude/commands/noveler.md に入れます）。"));
        }
        install_command::run(c, req)
    });
    emit(sink, &out, format.format(), install_text)
}

fn install_text(r: &InstallCommandReport) -> String {
    let mut s = match r.status {
        InstallStatus::Created => format!("/noveler コマンドを入れました: {}\n", r.path),
        InstallStatus::Unchanged => {
            format!("/noveler コマンドは最新です（変更なし）: {}\n", r.path)
        }
        InstallStatus::Replaced => format!("/noveler コマンドを更新しました: {}\n", r.path),
    };
    if let Some(backup) = &r.backup {
        s.push_str(&format!("  以前のファイルは {backup} に残しました\n"));
    }
    s.push_str("\n次にすること:\n");
    for a in &r.next_actions {
        s.push_str(&format!("  - {a}\n"));
    }
    s
}
