//! `noveler lsp`: serve findings, fixes and explanations to an editor over stdio.

use super::Sink;
use crate::commands::Ctx;
use crate::ExitStatus;
use clap::Args;

#[derive(Debug, Clone, Args)]
pub struct LspArgs {
    /// Speak over stdin/stdout (the only transport; accepted because editors pass it)
    #[arg(long)]
    pub stdio: bool,
}

/// Runs the server until the editor exits it: 0 after `shutdown` then `exit`, 1 on an
/// `exit` without `shutdown` (as LSP asks), 2 when it cannot start.
pub fn run(ctx: &Ctx, _args: LspArgs, sink: &Sink) -> ExitStatus {
    match crate::lsp::serve(ctx.root.clone(), std::io::stdin(), std::io::stdout()) {
        Ok(true) => ExitStatus::Ok,
        Ok(false) => ExitStatus::Findings,
        Err(err) => {
            sink.error(&err);
            err.exit_code()
        }
    }
}
