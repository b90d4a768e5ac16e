//! Tasks, decision records (ADR) and per-task context for the author's agent (seed 004).
//!
//! Everything lives as plain Markdown under `<project>/.todo/` so that the author can read
//! and edit it by hand:
//! - `task.md`: categories (`##`), tasks (`- [ ] title #T001`), subtasks (indented);
//! - `context/T001.md`: free-form notes for one task;
//! - `adr/adr-001-<title>.md`: decision records;
//! - `index.md`: navigation, regenerated after every change.
//!
//! Parsing is tolerant (unknown lines are kept as they are, never rewritten); every write is
//! atomic and made under `.todo/.lock`, re-reading the files after taking the lock.
// Only cli/ and mcp/ print (tests/architecture.rs checks the stream handles).
#![deny(clippy::print_stdout, clippy::print_stderr)]

pub mod adr;
pub mod context;
pub mod fs;
pub mod index;
pub mod lines;
pub mod markdown;
pub mod repo;
pub mod resources;
pub mod search;
pub mod tasks;

pub use repo::{Changes, Repo};
pub use tasks::Status;
