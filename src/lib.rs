//! noveler: deterministic checks and agent-driven workflows for Japanese web-novel
//! manuscripts. See `ARCHITECTURE.md` (shared docs) for the layering:
//! `analysis` (pure) ← `project`/`store` (disk) ← `workflow` ← `commands` ← `cli`/`mcp`/`lsp`.
pub mod analysis;
pub mod cli;
pub mod commands;
pub mod error;
pub mod lsp;
pub mod mcp;
pub mod next;
pub mod operations;
pub mod output;
pub mod project;
pub mod store;
pub mod todo;
pub mod workflow;

pub use error::{Code, Error, ExitStatus, Result};

/// The crate version reported in envelopes, the MCP handshake and `--version`.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
