//! The tool table: one entry per MCP tool. See `mcp/mod.rs` for how to add one.
//!
//! Descriptions are written for the agent choosing a tool: what it does, when to use it,
//! and what to call next. Keep them short — every word is paid for in each session's
//! context (`benches/mcp.sh` prints the `tools/list` size of each profile).

use super::adapter::{tool, Hints, ToolSpec};
use super::Profile;
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
            "status",
            "status",
            Hints::READ_ONLY,
            "Where the project stands: project_overview (name, episodes written / completed / \
             draft), quality_summary (average, highest, lowest check score, episodes below the \
             threshold, default 70), progress_analysis (completion rate, remaining work, recent \
             sessions, checks, backups and completions) and one row per episode (length vs \
             target, kanji and dialogue ratio, score, status from 話数管理.yaml). Uses the check \
             cache. Use first in a session; then noveler_check a weak episode or \
             noveler_complete a finished one.",
            commands::status::run,
        ),
        tool(
            "noveler_complete",
            "complete",
            Hints::OVERWRITES,
            "Finish an episode: runs the check as a gate (min_score, default 70 → \
             needs_improvement writes nothing; needs_review / ready continue), then in one \
             transaction with backups updates 話数管理.yaml (completed, 完了日, 品質スコア, 文字数) \
             and writes the publish-ready text to 50_管理資料/公開用/<format>/ (format narou, \
             kakuyomu or plain; default from 掲載予定), and stores a manifest with every file's \
             sha256 as an artifact. Returns artifacts, publication_status, next_actions. \
             auto_publish only prepares: nothing is ever posted. dry_run shows the plan.",
            commands::complete::run,
        )
        .exclusive(commands::complete::exclusive_key),
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
