//! The tool table of the progressive check.

use super::*;

/// A check step adds an attempt to the session each call (not idempotent), and changes
/// nothing the author wrote.
pub(super) const STEP_HINTS: Hints = Hints {
    read_only: false,
    destructive: false,
    idempotent: false,
};

/// The progressive check (seed 001/002), the judged evaluations and the fix tools (issue 6):
/// every one maps onto `commands::progressive`, `commands::evaluate` or `commands::polish`.
pub(super) fn progressive_tools() -> Vec<ToolSpec> {
    let mut tools = session_tools();
    tools.extend(seed_named_tools());
    tools.extend(evaluation_and_fix_tools());
    tools
}

/// The session of the progressive check under its short names, and the episode preview.
fn session_tools() -> Vec<ToolSpec> {
    vec![
        tool(
            "get_check_tasks",
            crate::commands::progressive::TASKS,
            Hints::ADDITIVE,
            "Start (or resume) the 12-step progressive quality check of an episode: returns \
             session_id, the 12 tasks with status, progress and the next step. Use first; then \
             execute_check_step for each step. new_session: true starts over.",
            commands::progressive::tasks,
        ),
        tool(
            "execute_check_step",
            crate::commands::progressive::STEP,
            STEP_HINTS,
            "Run one step (1-12) of the progressive check: deterministic findings and metrics \
             now (measured_score), and llm_instruction for the judgment part. Do the judgment \
             and call again with llm_result {summary, metrics:{score}, issues, recommendations} \
             to fold it in (status pending, quality_score null until then). Step 12 approves the episode. dry_run \
             keeps nothing; options carries per-call settings.",
            commands::progressive::modes::step,
        ),
        tool(
            "get_check_status",
            crate::commands::progressive::STATUS,
            Hints::READ_ONLY,
            "Progress of an episode's check session: completed/failed steps, current phase, \
             next step and estimated remaining time. Use to resume work.",
            commands::progressive::status,
        ),
        tool(
            "get_check_history",
            crate::commands::progressive::HISTORY,
            Hints::READ_ONLY,
            "Past attempts of an episode's check steps (newest first, limit 1-100, cursor) \
             with scores and pass/fail, plus one entry per session run.",
            commands::progressive::history,
        ),
        tool(
            "generate_episode_preview",
            crate::commands::evaluate::PREVIEW,
            Hints::ADDITIVE,
            "Review preview of an episode: title, opening lines, length, dialogue ratio and \
             key lines (deterministic); the prose summary comes from you: follow \
             llm_instruction and call again with llm_result {summary, key_points}.",
            commands::evaluate::preview,
        ),
    ]
}

/// The same session under the seed's `progressive_check_*` names.
fn seed_named_tools() -> Vec<ToolSpec> {
    vec![
        tool(
            "progressive_check_get_tasks",
            crate::commands::progressive::TASKS,
            Hints::ADDITIVE,
            "Same as get_check_tasks (seed name progressive_check.get_tasks): initialises or \
             resumes a session (pass session_id to resume) and lists the 12 tasks.",
            commands::progressive::tasks,
        ),
        tool(
            "progressive_check_execute_step",
            crate::commands::progressive::STEP,
            STEP_HINTS,
            "Run a step of a session by session_id: input_data may carry llm_result, \
             manuscript_content and config_overrides; iteration_policy repeats it. Returns \
             execution_result, artifacts, passed and next_step.",
            commands::progressive::execute_step,
        ),
        tool(
            "progressive_check_repeat_step",
            crate::commands::progressive::REPEAT,
            STEP_HINTS,
            "Repeat a step under an iteration_policy {count, until_pass, min_improvement, \
             time_budget_s}: stops on pass, on too little improvement, or on the budget \
             (QC-007). Without a new text or llm_result a repeat measures the same text \
             and gives the same score: revise between calls (or use improve_quality_until).",
            commands::progressive::repeat,
        ),
        tool(
            "progressive_check_get_status",
            crate::commands::progressive::STATUS,
            Hints::READ_ONLY,
            "Status of a check session by session_id: current step, completed and failed \
             steps, progress and the whole manifest (pinned templates, target length).",
            commands::progressive::status,
        ),
        tool(
            "progressive_check_list_artifacts",
            crate::commands::progressive::ARTIFACTS,
            Hints::READ_ONLY,
            "Files of a check session (manifest, each step's input/output JSON) and the \
             artifacts its steps referenced (manuscript, settings), with sha256 and size.",
            commands::progressive::artifacts,
        ),
        tool(
            "progressive_check_end_session",
            crate::commands::progressive::END,
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
    ]
}

/// The judged evaluations and the fix tools.
fn evaluation_and_fix_tools() -> Vec<ToolSpec> {
    vec![
        tool(
            "check_story_elements",
            crate::commands::evaluate::STORY_ELEMENTS,
            Hints::OVERWRITES,
            "Evaluate an episode on the 68 story elements in six groups (emotion, characters, \
             story, writing, world, reader engagement): returns the item list and a prompt; \
             call again with llm_result {summary, items:[{id, score 0/0.5/1}], issues, \
             recommendations} for the group scores. auto_fix also applies fixes.",
            commands::evaluate::story_elements,
        ),
        tool(
            "check_story_structure",
            crate::commands::evaluate::STORY_STRUCTURE,
            Hints::ADDITIVE,
            "Story structure evaluation: deterministic plot, section, foreshadowing and rhythm \
             findings, plus a prompt; call again with llm_result scoring story_integration, \
             pacing_rhythm, foreshadowing_recovery, character_psychology_consistency and \
             genre_appropriateness (0-100).",
            commands::evaluate::story_structure,
        ),
        tool(
            "check_writing_expression",
            crate::commands::evaluate::WRITING_EXPRESSION,
            Hints::ADDITIVE,
            "Writing expression evaluation: deterministic grammar, readability and style \
             findings, plus a prompt; call again with llm_result scoring naturalness, \
             descriptive_power, metaphor_rhetoric, style_consistency, readability and \
             professional_comparison (0-100) with a benchmark.",
            commands::evaluate::writing_expression,
        ),
        tool(
            "check_fix",
            commands::polish::NAME,
            Hints::OVERWRITES,
            "Apply automatic fixes to an episode (fix_level safe/standard/aggressive; \
             issue_ids to pick findings): backs up the manuscript, refuses (QC-018) if it \
             changed since expected_sha256, writes atomically. Returns fixes_applied, \
             fixes_skipped with reasons, quality_improvement and the diff. dry_run: diff only.",
            commands::polish::check_fix,
        ),
        tool(
            "polish_stage",
            crate::commands::polish::STAGE,
            Hints::ADDITIVE,
            "Revision prompt for an episode: stage 2 (content polish) or 3 (reader \
             experience), with the manuscript's sha256 to send back. Then polish_submit.",
            commands::polish::stage,
        ),
        tool(
            "polish_submit",
            crate::commands::polish::SUBMIT,
            Hints::OVERWRITES,
            "Apply your stage 2/3 revision {base_sha256, revised_manuscript, changes, \
             summary}: validated, refused (QC-018) unless base_sha256 is the file's current \
             hash, backed up, written with the original line endings. dry_run: diff only.",
            commands::polish::submit,
        ),
    ]
}
