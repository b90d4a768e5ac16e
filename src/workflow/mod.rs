//! Staged work for an LLM agent: embedded templates, writing stages, check steps.
//!
//! Writing (SPEC §7, seed 000 §3.1/§3.6/§7.3, seed 003 §2.4): noveler never calls a model.
//! Each of the ten stages renders a prompt from a template (`templates`), with the plot,
//! settings and earlier stage outputs passed as `artifact:` references (`refs`), and an
//! output schema (`schema`); the agent submits the result, noveler validates, stores and
//! advances the session (`session`, `writing`). `plot` does the same for episode plots.
// Only cli/ and mcp/ print (tests/architecture.rs checks the stream handles).
#![deny(clippy::print_stdout, clippy::print_stderr)]
pub mod dry_run;
pub mod embed;
pub mod evaluation;
pub mod io;
pub mod plot;
pub mod progressive;
pub mod quality_stop;
pub mod recovery;
pub mod refs;
pub mod render;
pub mod schema;
pub mod schema_text;
pub mod session;
pub mod stages;
pub mod steps;
pub mod submission;
pub mod templates;
pub mod text_fetch;
pub mod tool_choice;
pub mod writing;
