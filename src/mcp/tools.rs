//! The tool table: one entry per MCP tool. See `mcp/mod.rs` for how to add one.
//!
//! Descriptions are written for the agent choosing a tool: what it does, when to use it,
//! and what to call next. Keep them short — every word is paid for in each session's
//! context (`benches/mcp.sh` prints the `tools/list` size of each profile).

use super::adapter::{tool, Hints, ToolSpec};
use super::requests::{FocusedCheckRequest, BASIC_ASPECTS};
use super::Profile;
use crate::analysis::Aspect;
use crate::commands;

/// The `--tools core` profile: the day-to-day loop of an author's agent — see the project
/// (`status`), check an episode (`noveler_check`, `check_basic`, `check_rhythm`), change it
/// safely (`write`, `backup_management`), pass big inputs by reference (`fetch_artifact`,
/// `list_artifacts`), notice what changed (`check_file_changes`), and reach every other
/// command through `noveler`. Names not (yet) in the table are skipped.
pub const CORE: &[&str] = &[
    "status",
    "noveler_check",
    "check_basic",
    "check_rhythm",
    "write",
    "backup_management",
    "fetch_artifact",
    "list_artifacts",
    "check_file_changes",
    "noveler",
];

/// Every tool, in `tools/list` order.
pub fn all() -> Vec<ToolSpec> {
    vec![
        tool(
            "noveler_check",
            "check",
            Hints::READ_ONLY,
            "Deterministic quality check of episodes or manuscript files (all aspects: rhythm, \
             readability, grammar, style, length, content): metrics, findings with line/column \
             and fixes, scores per aspect. Same result as `noveler check --format json`. Use \
             for a full check or several episodes/files at once; check_basic and check_rhythm \
             are the focused versions. Next: fix the text (write) and check again.",
            commands::check::run,
        ),
        tool(
            "check_basic",
            "check",
            Hints::READ_ONLY,
            "Basic check of one episode: length against the target (正味文字数), forbidden \
             expressions, typos and grammar, notation and style, readability — every \
             deterministic aspect except rhythm. Use after writing or editing an episode; \
             findings carry line, column, message and a fix when mechanical. Next: check_rhythm, \
             or fix and check again.",
            |ctx: &commands::Ctx, req: FocusedCheckRequest| {
                commands::check::run(ctx, req.into_check(&BASIC_ASPECTS))
            },
        ),
        tool(
            "check_rhythm",
            "check",
            Hints::READ_ONLY,
            "Rhythm check of one episode: sentence-length runs and balance, dialogue ratio, \
             sentence endings, commas per sentence, moving-window length (narration only by \
             default), with rhythm metrics. Use when prose reads monotonous or choppy, or after \
             check_basic. Next: fix and check again.",
            |ctx: &commands::Ctx, req: FocusedCheckRequest| {
                commands::check::run(ctx, req.into_check(&[Aspect::Rhythm]))
            },
        ),
        tool(
            "status",
            "status",
            Hints::READ_ONLY,
            "Project summary: the project name and every episode manuscript in 40_原稿/ with its \
             path, sha256 and 正味文字数 (body characters). Use first in a session to learn which \
             episodes exist; then check one with check_basic or noveler_check.",
            commands::status::run,
        ),
        tool(
            "write",
            "write_file",
            Hints::OVERWRITES,
            "Safely write a whole text file inside the project (e.g. a manuscript \
             40_原稿/第004話_<title>.md). Paths are relative to the project root; `..`, absolute \
             paths, symlinks leading outside, .noveler/ and .git/ are refused. An existing file \
             is backed up first; pass expected_sha256 to refuse the write when the file changed \
             since you read it. Returns absolute_path, relative_path, project_root, \
             content_length and the backup. Next: check_basic on the episode. One write per \
             episode at a time (QC-008 when busy).",
            commands::write_file::run,
        )
        .exclusive(commands::write_file::exclusive_key),
        tool(
            "noveler",
            "noveler",
            Hints::ANY,
            "Run any noveler CLI command line in-process (e.g. `rules`, `explain COMMA_OVERUSE`, \
             `check 1 --aspects style`) and get its returncode, stdout/stderr (abbreviated past \
             1000 characters) and the command's own JSON envelope. Use for commands that have no \
             dedicated tool; prefer the dedicated tools when they exist.",
            commands::noveler_cli::run,
        ),
    ]
}

/// The tools of `profile`, in table order.
pub fn for_profile(profile: Profile) -> Vec<ToolSpec> {
    let tools = all();
    match profile {
        Profile::Full => tools,
        Profile::Core => tools
            .into_iter()
            .filter(|t| CORE.contains(&t.name))
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_snake_case() {
        let tools = all();
        let mut seen = std::collections::BTreeSet::new();
        for t in &tools {
            assert!(seen.insert(t.name), "duplicate tool {}", t.name);
            assert!(
                t.name
                    .chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_'),
                "{}",
                t.name
            );
            assert!(t.description.len() > 40, "{} needs a description", t.name);
        }
    }

    #[test]
    fn core_is_at_most_ten_and_a_subset() {
        assert!(CORE.len() <= 10);
        let core = for_profile(Profile::Core);
        assert!(core.len() <= for_profile(Profile::Full).len());
        assert!(core.iter().all(|t| CORE.contains(&t.name)));
    }

    #[test]
    fn every_tool_has_object_schemas() {
        for t in all() {
            assert_eq!(t.input_schema["type"], "object", "{}", t.name);
            assert_eq!(t.output_schema["type"], "object", "{}", t.name);
            assert!(t.input_schema["properties"]["project_root"].is_object());
        }
    }
}
