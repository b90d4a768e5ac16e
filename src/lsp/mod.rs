//! `noveler lsp`: the language server. Findings, fixes and explanations where the author
//! writes, from the same `check` and `polish` the CLI and the MCP tools run — this module
//! only converts (ruff's server, harper-ls; docs/EXEMPLARS.md).
//!
//! - `transport`: LSP's base protocol over stdio (bounded, never ends on a bad message);
//! - `server`: the main loop — lifecycle, documents, projects, requests — on one thread;
//!   `handlers` the requests, `notify` the notifications;
//! - `worker`: checks run on a thread of their own, newest edit first, so the main loop
//!   answers while a long document is checked (a newer edit cancels an older check);
//! - `document`: an open document as the client holds it, edited incrementally;
//! - `position`: the one place positions are converted (UTF-16 / UTF-8 / UTF-32, CRLF, BOM);
//! - `target`: which project and which file a document is, manuscript or snippet;
//! - `diagnostics`, `actions`, `hover`, `lens`: findings → LSP;
//! - `settings`: the editor's settings (`initializationOptions`, `didChangeConfiguration`);
//! - `configs`: the project's config files, their errors shown as diagnostics on them.
//!
//! The server writes nothing to disk: every change (a fix, a suppression comment, a
//! `.novelerrc.yaml` edit) goes back to the editor as a workspace edit the author applies.

mod actions;
mod configs;
mod diagnostics;
mod document;
mod handlers;
mod hover;
mod lens;
mod notify;
pub mod position;
mod server;
mod settings;
mod target;
mod transport;
mod worker;

use crate::error::{Code, Error, Result};
use std::io::{Read, Write};
use std::path::PathBuf;

pub use transport::MAX_MESSAGE_BYTES;

/// Serves over `input`/`output` (the protocol streams) until the client says `exit` or
/// closes its end. `root` is the project root the CLI resolved (`--project-root`, or the
/// one found from the working directory): documents outside every project the server
/// finds are checked with its settings. Returns whether the session ended as the protocol
/// asks (`shutdown` before `exit`).
pub fn serve<R, W>(root: PathBuf, input: R, output: W) -> Result<bool>
where
    R: Read + Send + 'static,
    W: Write + Send + 'static,
{
    let io = transport::start(input, output).map_err(|e| {
        Error::new(
            Code::R003,
            format!("LSP の入出力を準備できませんでした: {e}"),
        )
    })?;
    log(&format!(
        "serving (noveler {}), root {}",
        crate::VERSION,
        root.display()
    ));
    let clean = server::Server::new(root, io.sender.clone()).run(&io.receiver);
    drop(io.sender);
    // The writer ends when every sender is gone (the worker's and the server's were dropped
    // with the server); the reader ends at `exit` or the end of input.
    for t in io.threads {
        let _ = t.join();
    }
    Ok(clean)
}

/// A line on stderr (the protocol is stdout).
pub(crate) fn log(message: &str) {
    eprintln!("noveler lsp: {message}");
}
