//! `write` (MCP): the verb over the safe file write (`operations::write`), with the
//! exclusivity key the server uses to refuse a second writer of the same episode or file.

use super::{Ctx, Report};
use crate::error::Result;
use crate::store::FileRef;

pub use crate::operations::write::{WriteFileReport, WriteFileRequest};

/// The envelope `command` of this verb, the one name the CLI and the MCP tools use.
pub const NAME: &str = "write_file";

pub fn run(ctx: &Ctx, req: WriteFileRequest) -> Result<WriteFileReport> {
    crate::operations::write::run(ctx, req)
}

impl Report for WriteFileReport {
    fn outputs(&self) -> Vec<FileRef> {
        WriteFileReport::outputs(self)
    }
}

/// The exclusivity key of a `write` call, from its raw arguments (the MCP server refuses a
/// second call with the same key while the first runs).
pub(crate) fn exclusive_key(args: &serde_json::Map<String, serde_json::Value>) -> Option<String> {
    let path = args.get("path")?.as_str()?;
    let rel = path.trim_start_matches("./").replace('\\', "/");
    Some(crate::operations::write::key_for(&rel))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_by_episode_or_file() {
        let args = |p: &str| serde_json::json!({"path": p}).as_object().cloned().unwrap();
        assert_eq!(
            exclusive_key(&args("40_原稿/第004話_嵐.md")).as_deref(),
            Some("episode:4")
        );
        assert_eq!(
            exclusive_key(&args("memo.md")).as_deref(),
            Some("file:memo.md")
        );
    }
}
