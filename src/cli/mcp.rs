//! `noveler mcp`: serve the commands as MCP tools over stdio.

use super::Sink;
use crate::commands::Ctx;
use crate::mcp::Profile;
use crate::ExitStatus;
use clap::Args;

#[derive(Debug, Clone, Args)]
pub struct McpArgs {
    /// Which tools to offer: `default` (one tool per job, compact replies) or `seed` (every
    /// tool under the seeds' names, full typed output schemas)
    #[arg(long, value_enum, default_value_t = Profile::Default)]
    pub tools: Profile,
    /// Another directory tool calls may read and write (repeatable); the project root and
    /// the roots the client declares (MCP roots) are always allowed
    #[arg(long = "allow-root", value_name = "DIR")]
    pub allow_root: Vec<std::path::PathBuf>,
}

/// Runs the server until the client closes stdin; 0 on a clean end, 2 when it cannot start.
pub fn run(ctx: &Ctx, args: McpArgs, quiet: bool, sink: &Sink) -> ExitStatus {
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
