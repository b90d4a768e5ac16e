//! The tool table of the writing flow.

use super::*;

/// A writing call: may replace the manuscript (after a backup) and advances a session.
pub(super) const WRITES: Hints = Hints {
    read_only: false,
    destructive: true,
    idempotent: false,
};

/// What `write_step_N` says about step N.
pub(super) const STEP_DESCRIPTIONS: [&str; 10] = [
    "STEP 1/10 of staged writing (plot_data_preparation): starts the episode's session (its \
     session_id is in the result) and returns the prompt for a writing memo, with the plot, \
     settings and previous episode as artifact: references (read them with fetch_artifact), \
     plus output_schema. Call again with `submission` (a JSON object matching the schema) to \
     store it; the result then carries the prompt of step 2. Next: write_step_2.",
    "STEP 2/10 (analyze_plot_structure): scenes, character budget and hook positions. Without \
     `submission` returns the prompt and output_schema; with it validates, stores and \
     advances. Pass the session_id of step 1. Next: write_step_3.",
    "STEP 3/10 (design_emotional_flow): the viewpoint character's emotional arc and changing \
     relationships. Without `submission` returns the prompt; with it validates, stores and \
     advances. Next: write_step_4.",
    "STEP 4/10 (design_humor_elements): charm moments and light beats. Without `submission` \
     returns the prompt; with it validates, stores and advances. Next: write_step_5.",
    "STEP 5/10 (design_character_dialogue): voices and key dialogues with subtext. Without \
     `submission` returns the prompt; with it validates, stores and advances. Next: \
     write_step_6.",
    "STEP 6/10 (design_scene_atmosphere): setting, senses, mood and opening image per scene. \
     Without `submission` returns the prompt; with it validates, stores and advances. Next: \
     write_step_7.",
    "STEP 7/10 (adjust_logic_consistency): checks against settings and the previous episode, \
     ending in the writing brief for the manuscript. Without `submission` returns the prompt; \
     with it validates, stores and advances. Next: write_step_8.",
    "STEP 8/10 (write_manuscript_draft): write the episode. The prompt carries the target \
     length, viewpoint and genre. The submission {title, manuscript} is saved to \
     40_原稿/第NNN話_<title>.md (an existing file is backed up first) and checked; the score \
     is recorded. Next: write_step_9.",
    "STEP 9/10 (refine_manuscript_quality): revise the draft using the check findings \
     (artifact check_report). The submitted manuscript replaces the draft (backed up) and is \
     checked again. Next: write_step_10.",
    "STEP 10/10 (finalize_manuscript): final read, title, episode summary and handoff notes \
     for the next episode; `manuscript` may be omitted to keep the current one. Completes \
     the session. Next: noveler_check or noveler_plot for the next episode.",
];

/// The staged-writing tools (SPEC §7): every one maps onto `commands::write` /
/// `commands::plot`; results carry session_id, next_step and suggested_actions.
// Long on purpose: the tool table of the writing flow: one entry per tool.
pub(super) fn writing_tools() -> Vec<ToolSpec> {
    use crate::commands::{plot, write};
    let mut tools = vec![tool(
        "noveler_write",
        "write",
        WRITES,
        "Write an episode in ten stages with noveler keeping the state: returns the prompt of \
         the session's next stage (plot, settings, earlier outputs as artifact: references) and \
         its output_schema; with `submission` it first validates and stores that stage's output \
         and advances. noveler never calls a model — you do the writing. Stage 8's submission is \
         the manuscript (saved with a backup, then checked). dry_run writes nothing. Next: call \
         again with the output, or use write_step_N.",
        crate::commands::write::modes::noveler_write,
    )
    .exclusive(write::exclusive_key)];
    for (i, description) in STEP_DESCRIPTIONS.iter().enumerate() {
        let n = i as u32 + 1;
        const NAMES: [&str; 10] = [
            "write_step_1",
            "write_step_2",
            "write_step_3",
            "write_step_4",
            "write_step_5",
            "write_step_6",
            "write_step_7",
            "write_step_8",
            "write_step_9",
            "write_step_10",
        ];
        tools.push(
            tool(
                NAMES[i],
                commands::write::NAME,
                WRITES,
                description,
                move |ctx: &Ctx, req: write::StepRequest| write::step(ctx, n, req),
            )
            .exclusive(write::exclusive_key),
        );
    }
    tools.extend([
        tool(
            "write_stage",
            commands::write::NAME,
            WRITES,
            "One writing stage of an episode, by number (1-10) or name (plot_data_preparation \
             … finalize_manuscript; the seed names such as plot_structure_analysis work too), \
             default the session's current one: its prompt, or with `submission` validate, \
             store and advance.",
            |ctx: &Ctx, req: WriteStageRequest| {
                let resume = req.resume_session.clone();
                crate::commands::write::modes::stage_resuming(ctx, req.into_write(), resume)
            },
        )
        .exclusive(write::exclusive_key),
        tool(
            "write_resume",
            commands::write::RESUME,
            Hints::ADDITIVE,
            "Resume an interrupted writing session (session_id) from its current stage: returns \
             resumed_from_stage, remaining_stages and that stage's prompt. An abandoned session \
             is reactivated if no other is in progress for the episode (QC-008 otherwise).",
            write::resume,
        )
        .exclusive(write::exclusive_key),
        tool(
            "write_manuscript_draft",
            commands::write::NAME,
            WRITES,
            "Go straight to stage 8 (the manuscript) of an episode, recording the open design \
             stages as skipped: returns the writing prompt (target length, viewpoint, genre, plot \
             by reference); with `submission` ({title, manuscript} or the text) saves it to \
             40_原稿/ with a backup and checks it. Next: write_step_9 to refine.",
            write::draft,
        )
        .exclusive(write::exclusive_key),
        tool(
            "write_with_claude",
            commands::write::NAME,
            WRITES,
            "Write the manuscript in this conversation, no external API: like \
             write_manuscript_draft, and `plot_content` may replace the plot file. Returns the \
             prompt; submit the manuscript with `submission`. Next: noveler_check.",
            write::draft,
        )
        .exclusive(write::exclusive_key),
        tool(
            "enhanced_get_writing_tasks",
            crate::commands::write::TASKS,
            Hints::READ_ONLY,
            "The ten writing tasks of an episode with their status, progress and diagnostics \
             (missing plot or settings, damaged session, outputs logged but not recorded, lost \
             artifacts, busy lock), each saying whether it is recoverable. Use before writing or \
             after a failure; then enhanced_execute_writing_step.",
            write::enhanced_tasks,
        ),
        tool(
            "enhanced_execute_writing_step",
            "enhanced_execute_writing_step",
            WRITES,
            "Run one writing step (step_id 1-10) after repairing what can be repaired (rebuild a \
             damaged session from the writes log, replay logged outputs, restore lost \
             artifacts): returns the prompt, or with `submission` stores it. `recovery_applied` \
             says whether a repair happened. Errors carry execution_method: enhanced_use_case.",
            write::enhanced_execute,
        )
        .exclusive(write::exclusive_key),
        tool(
            "enhanced_resume_from_partial_failure",
            crate::commands::write::RESUME_FAILURE,
            Hints::OVERWRITES,
            "Replay an episode's logged stage outputs from recovery_point (0 = start): each is \
             validated again and re-applied (the manuscript of the last one rewritten and \
             checked). Returns resumed_steps and a result per step; reports progress. Use after \
             a crash or a damaged session.",
            write::enhanced_resume,
        )
        .exclusive(write::exclusive_key),
        tool(
            "noveler_plot",
            commands::plot::NAME,
            WRITES,
            "The episode plot: returns the plot prompt (project config, proposal, chapter plot, \
             earlier plots, settings by artifact: reference) and its schema; with `submission` \
             (JSON) or `content` (YAML) validates it (scenes with purposes, key events, hook plan: \
             minor peak 40-60%, mini hook 80-90%, main hook at the end) and writes \
             20_プロット/話別プロット/第NNN話_<title>.yaml. regenerate replaces an existing plot \
             (backed up). Next: noveler_write.",
            plot::run,
        )
        .exclusive(write::exclusive_key),
    ]);
    tools
}
