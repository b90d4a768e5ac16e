//! The tool table: one entry per MCP tool. See `mcp/mod.rs` for how to add one.
//!
//! Descriptions are written for the agent choosing a tool: what it does, when to use it,
//! and what to call next. Keep them short — every word is paid for in each session's
//! context (`benches/mcp.sh` prints the `tools/list` size of each profile).

use super::adapter::{tool, Hints, ToolSpec};
use super::requests::{backup_management, FocusedCheckRequest, BASIC_ASPECTS};
use super::Profile;
use crate::analysis::Aspect;
use crate::commands::{self, artifact, convert, files, validate, Ctx};

/// A check step adds an attempt to the session each call (not idempotent), and changes
/// nothing the author wrote.
const STEP_HINTS: Hints = Hints {
    read_only: false,
    destructive: false,
    idempotent: false,
};

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
    let mut tools = vec![
        tool(
            "noveler_check",
            "check",
            Hints::ADDITIVE,
            "Full quality check in three stages: (1) the deterministic check of episodes or \
             files (metrics, findings with line/column and fixes, scores; same as `noveler \
             check --format json`); for one episode also (2) the 68-item story-element \
             evaluation and (3) the structure/expression analysis, which return prompts until \
             you pass your judgments back as a31_result / analysis_result. auto_fix applies \
             safe fixes first (with a backup). Next: fix and check again, or check_fix.",
            commands::evaluate::full_check,
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
            |ctx: &Ctx, req: FocusedCheckRequest| {
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
            |ctx: &Ctx, req: FocusedCheckRequest| {
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
        // --- progressive check (seed 001/002), judged evaluations, fixes (issue 6) ---
        tool(
            "get_check_tasks",
            "progressive_tasks",
            Hints::ADDITIVE,
            "Start (or resume) the 12-step progressive quality check of an episode: returns \
             session_id, the 12 tasks with status, progress and the next step. Use first; then \
             execute_check_step for each step. new_session: true starts over.",
            commands::progressive::tasks,
        ),
        tool(
            "execute_check_step",
            "progressive_step",
            STEP_HINTS,
            "Run one step (1-12) of the progressive check: deterministic findings and metrics \
             now, a quality_score, and llm_instruction for the judgment part. Do the judgment \
             and call again with llm_result {summary, metrics:{score}, issues, recommendations} \
             to fold it in (llm_pending until then). Step 12 approves the episode.",
            commands::progressive::step,
        ),
        tool(
            "get_check_status",
            "progressive_status",
            Hints::READ_ONLY,
            "Progress of an episode's check session: completed/failed steps, current phase, \
             next step and estimated remaining time. Use to resume work.",
            commands::progressive::status,
        ),
        tool(
            "get_check_history",
            "progressive_history",
            Hints::READ_ONLY,
            "Past attempts of an episode's check steps (newest first, limit 1-100, cursor) \
             with scores and pass/fail, plus one entry per session run.",
            commands::progressive::history,
        ),
        tool(
            "generate_episode_preview",
            "generate_episode_preview",
            Hints::ADDITIVE,
            "Review preview of an episode: title, opening lines, length, dialogue ratio and \
             key lines (deterministic); the prose summary comes from you: follow \
             llm_instruction and call again with llm_result {summary, key_points}.",
            commands::evaluate::preview,
        ),
        tool(
            "progressive_check_get_tasks",
            "progressive_tasks",
            Hints::ADDITIVE,
            "Same as get_check_tasks (seed name progressive_check.get_tasks): initialises or \
             resumes a session (pass session_id to resume) and lists the 12 tasks.",
            commands::progressive::tasks,
        ),
        tool(
            "progressive_check_execute_step",
            "progressive_step",
            STEP_HINTS,
            "Run a step of a session by session_id: input_data may carry llm_result, \
             manuscript_content and config_overrides; iteration_policy repeats it. Returns \
             execution_result, artifacts, passed and next_step.",
            commands::progressive::execute_step,
        ),
        tool(
            "progressive_check_repeat_step",
            "progressive_repeat",
            STEP_HINTS,
            "Repeat a step under an iteration_policy {count, until_pass, min_improvement, \
             time_budget_s}: stops on pass, on too little improvement, or on the budget \
             (QC-007). Revise the text between calls; every attempt is in the history.",
            commands::progressive::repeat,
        ),
        tool(
            "progressive_check_get_status",
            "progressive_status",
            Hints::READ_ONLY,
            "Status of a check session by session_id: current step, completed and failed \
             steps, progress and the whole manifest (pinned templates, target length).",
            commands::progressive::status,
        ),
        tool(
            "progressive_check_list_artifacts",
            "progressive_artifacts",
            Hints::READ_ONLY,
            "Files of a check session (manifest, each step's input/output JSON) and the \
             artifacts its steps referenced (manuscript, settings), with sha256 and size.",
            commands::progressive::artifacts,
        ),
        tool(
            "progressive_check_end_session",
            "progressive_end",
            Hints::ADDITIVE,
            "Close a check session (finalize: true) and report its result: passed when step \
             12 approved the episode, else failed or canceled.",
            commands::progressive::end,
        ),
        tool(
            "progressive_check_start_session",
            "progressive_start_session",
            Hints::READ_ONLY,
            "Deprecated: returns guidance to use progressive_check_get_tasks (or \
             get_check_tasks), which starts a session and returns its session_id.",
            commands::progressive::start_session,
        ),
        tool(
            "check_story_elements",
            "check_story_elements",
            Hints::OVERWRITES,
            "Evaluate an episode on the 68 story elements in six groups (emotion, characters, \
             story, writing, world, reader engagement): returns the item list and a prompt; \
             call again with llm_result {summary, items:[{id, score 0/0.5/1}], issues, \
             recommendations} for the group scores. auto_fix also applies fixes.",
            commands::evaluate::story_elements,
        ),
        tool(
            "check_story_structure",
            "check_story_structure",
            Hints::ADDITIVE,
            "Story structure evaluation: deterministic plot, section, foreshadowing and rhythm \
             findings, plus a prompt; call again with llm_result scoring story_integration, \
             pacing_rhythm, foreshadowing_recovery, character_psychology_consistency and \
             genre_appropriateness (0-100).",
            commands::evaluate::story_structure,
        ),
        tool(
            "check_writing_expression",
            "check_writing_expression",
            Hints::ADDITIVE,
            "Writing expression evaluation: deterministic grammar, readability and style \
             findings, plus a prompt; call again with llm_result scoring naturalness, \
             descriptive_power, metaphor_rhetoric, style_consistency, readability and \
             professional_comparison (0-100) with a benchmark.",
            commands::evaluate::writing_expression,
        ),
        tool(
            "check_fix",
            "polish",
            Hints::OVERWRITES,
            "Apply automatic fixes to an episode (fix_level safe/standard/aggressive; \
             issue_ids to pick findings): backs up the manuscript, refuses (QC-018) if it \
             changed since expected_sha256, writes atomically. Returns fixes_applied, \
             fixes_skipped with reasons, quality_improvement and the diff. dry_run: diff only.",
            commands::polish::check_fix,
        ),
        tool(
            "polish_stage",
            "polish_stage",
            Hints::ADDITIVE,
            "Revision prompt for an episode: stage 2 (content polish) or 3 (reader \
             experience), with the manuscript's sha256 to send back. Then polish_submit.",
            commands::polish::stage,
        ),
        tool(
            "polish_submit",
            "polish_submit",
            Hints::OVERWRITES,
            "Apply your stage 2/3 revision {base_sha256, revised_manuscript, changes, \
             summary}: validated, refused (QC-018) unless base_sha256 is the file's current \
             hash, backed up, written with the original line endings. dry_run: diff only.",
            commands::polish::submit,
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
