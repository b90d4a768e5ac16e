//! `noveler convert` (MCP `convert_cli_to_json`): the verb over the conversion of a CLI
//! result into an envelope (`operations::convert`).

use super::Report;
use crate::store::FileRef;

pub use crate::operations::convert::{
    run, ConvertReport, ConvertRequest, StreamSummary, ELISION, SUMMARY_EDGE, SUMMARY_LIMIT,
};

/// The envelope `command` of this verb, the one name the CLI and the MCP tools use.
pub const NAME: &str = "convert";

impl Report for ConvertReport {
    fn outputs(&self) -> Vec<FileRef> {
        ConvertReport::outputs(self)
    }
}
