//! Rendering reports for people and machines. Only `output` and `store` write what the
//! user reads.

use clap::ValueEnum;

pub mod artifact;
pub mod check;
pub mod complete;
pub mod hint;
pub mod plot;
pub mod polish;
pub mod progressive;
// The conversion is pure text work: it lives in `analysis`; the old path stays for callers.
pub use crate::analysis::publish;
pub mod report_html;
pub mod rules;
pub mod stats;
pub mod status;
pub mod todo;
pub mod write;

/// Output formats of the CLI. `json` prints the envelope, exactly as saved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    Text,
    Json,
    Ndjson,
    Sarif,
    Github,
    Concise,
}
