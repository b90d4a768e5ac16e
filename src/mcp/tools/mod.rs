//! The tool table: one entry per MCP tool. See `mcp/mod.rs` for how to add one. The
//! progressive check's tools are in `progressive`, the writing flow's in `writing`.
//!
//! Descriptions are written for the agent choosing a tool: what it does, when to use it,
//! and what to call next. Keep them short — every word is paid for in each session's
//! context (`benches/mcp.sh` prints the `tools/list` size of each profile).

use super::adapter::{tool, Hints, ToolSpec};
use super::requests::{backup_management, FocusedCheckRequest, WriteStageRequest, BASIC_ASPECTS};
use super::Profile;
use crate::analysis::Aspect;
use crate::commands::{self, artifact, convert, files, validate, Ctx};

mod progressive;
mod writing;

use progressive::*;
use writing::*;

/// The default profile: one tool per job, named for what it does, with a one-line
/// description that says when to use it (about 3k tokens for names, descriptions and input
/// schemas; `benches/agent.sh` counts them). `(name, seed tool, description)`: each runs
/// the seed tool of the same job; the seed names stay available as `--tools seed`.
pub const DEFAULT: &[(&str, &str, &str)] = &[
    (
        "status",
        "status",
        "Project overview: each episode's length, score and state. Call first in a session.",
    ),
    (
        "noveler_check",
        "noveler_check",
        "Check episodes or files: findings with line/column, scores. Use after every edit; full: true (one episode) adds the judged story review.",
    ),
    (
        "write_stage",
        "write_stage",
        "Write an EPISODE in 10 stages: returns the current stage's prompt; call again with submission to store it and get the next. For a plain file use write_file.",
    ),
    (
        "write_file",
        "write",
        "Write a whole FILE in the project (backup first; expected_sha256 guards edits). For staged episode writing use write_stage.",
    ),
    (
        "noveler_plot",
        "noveler_plot",
        "An episode's plot: returns the plot prompt; call again with submission to save it. Before write_stage.",
    ),
    (
        "noveler_complete",
        "noveler_complete",
        "Finish an episode: quality gate, 話数管理.yaml update, publish-ready text. After the check passes.",
    ),
    (
        "get_check_tasks",
        "get_check_tasks",
        "Start or resume the 12-step quality check of an episode; then execute_check_step.",
    ),
    (
        "execute_check_step",
        "execute_check_step",
        "Run check step 1-12; call again with llm_result to add your judgment. Step 12 approves the episode.",
    ),
    (
        "check_fix",
        "check_fix",
        "Apply automatic fixes to an episode's findings (backup first; dry_run previews).",
    ),
    (
        "fetch_artifact",
        "fetch_artifact",
        "Read an artifact:<id> a prompt refers to (section: one part). Long content is paged with read_result.",
    ),
    (
        "store_artifact",
        "store_artifact",
        "Store text (or a project file) as an artifact and get its artifact:<id> to pass by reference.",
    ),
    (
        "read_result",
        "read_result",
        "Read more of a saved result: call it as a reply's page.next or truncated[].next says.",
    ),
    (
        "check_file_changes",
        "check_file_changes",
        "Which project files changed since noveler last saw them. Call at the start of a session.",
    ),
    (
        "backup_management",
        "backup_management",
        "List, create or restore backups of manuscripts and artifacts.",
    ),
    (
        "noveler",
        "noveler",
        "Run any other noveler CLI command line, e.g. `explain TYPO`, `rules`, `plot status 3`.",
    ),
];

/// Arguments the default profile does not list (and so refuses, naming the nearest listed
/// one; `--tools seed` accepts them): CLI gate and tuning options an agent has no use for,
/// which would cost every session's context.
pub const UNLISTED: &[(&str, &[&str])] = &[
    (
        "noveler_check",
        &[
            "stdin_filename",
            "fail_on",
            "fail_under",
            "exit_zero",
            "config",
            "no_cache",
            "exclude_dialogue_lines",
            // Seed-named or CLI-twin options an agent rarely needs (still accepted).
            "baseline",
            "write_baseline",
            "snippet",
            "verbose",
            "preset",
            "severity_threshold",
        ],
    ),
    ("status", &["no_cache"]),
    // How the CLI prints an artifact; an agent reads the reply.
    ("fetch_artifact", &["format"]),
    (
        "get_check_tasks",
        &["exclude_dialogue_lines", "window_size", "rule_profile"],
    ),
    (
        "execute_check_step",
        &[
            "check_focus",
            "exclude_dialogue_lines",
            "window_size",
            "rule_profile",
            "manuscript_artifact_id",
            "manuscript_snapshot",
            "options",
        ],
    ),
    ("store_artifact", &["source_file"]),
];

/// Every tool, in `tools/list` order.
pub fn all() -> Vec<ToolSpec> {
    let mut tools = core_tools();
    tools.extend(artifact_tools());
    tools.extend(file_tools());
    tools.extend(writing_tools());
    // the task memory (seed 004): create_task … search_contexts
    tools.extend(super::todo_tools::all());
    tools.extend(progressive_tools());
    tools.extend(super::stats_tools::all());
    tools
}

/// The verbs an agent uses most: the checks, status, complete, writing a file, any other
/// command line.
fn core_tools() -> Vec<ToolSpec> {
    vec![
        tool(
            "noveler_check",
            commands::check::NAME,
            Hints::OVERWRITES,
            "Quality check of episodes or manuscript files: metrics, findings with line/column \
             and fixes, scores per aspect — the same result as `noveler check --format json`. \
             With full: true and one episode, the three-stage check: (2) the 68-item story \
             evaluation and (3) the structure/expression analysis return prompts until you pass \
             your judgments back as a31_result / analysis_result. auto_fix applies safe fixes \
             first (with a backup). check_basic and check_rhythm are the focused versions.",
            commands::check::modes::noveler_check,
        ),
        tool(
            "check_basic",
            commands::check::NAME,
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
            commands::check::NAME,
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
            commands::status::NAME,
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
            commands::complete::NAME,
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
            commands::write_file::NAME,
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
            commands::noveler_cli::NAME,
            Hints::ANY,
            "Run any noveler CLI command line in-process (e.g. `rules`, `explain COMMA_OVERUSE`, \
             `check 1 --aspects style`) and get its returncode, stdout/stderr (abbreviated past \
             1000 characters) and the command's own JSON envelope. Use for commands that have no \
             dedicated tool; prefer the dedicated tools when they exist.",
            |ctx: &Ctx, req: commands::noveler_cli::NovelerCliRequest| {
                commands::noveler_cli::run(ctx, req, super::state::line_runner()?)
            },
        ),
    ]
}

/// Artifacts, saved results and backups.
fn artifact_tools() -> Vec<ToolSpec> {
    vec![
        tool(
            "fetch_artifact",
            crate::commands::artifact::FETCH,
            Hints::READ_ONLY,
            "Fetch the content behind an `artifact:<12 hex>` reference (plots, settings, \
             previous episodes passed by reference in prompts). Give `section` to get only a \
             JSON/YAML key path or a Markdown heading's section. Use when a prompt or result \
             names an artifact you need to read; list_artifacts shows what exists.",
            |ctx: &Ctx, req: artifact::ArtifactFetchRequest| {
                artifact::fetch_with(&crate::store::artifact::shared(&ctx.root), req)
            },
        ),
        tool(
            "list_artifacts",
            crate::commands::artifact::LIST,
            Hints::READ_ONLY,
            "List stored artifacts (id, content type, size, source file, description, tags), \
             optionally filtered by tags. Use to find the artifact id of a plot or setting; \
             then fetch_artifact.",
            |ctx: &Ctx, req: artifact::ArtifactListRequest| {
                artifact::list_with(&crate::store::artifact::shared(&ctx.root), req)
            },
        ),
        tool(
            "store_artifact",
            crate::commands::artifact::STORE,
            Hints::ADDITIVE,
            "Store text (`content`) or a project file (`file`) as an artifact and get its \
             `artifact:<12 hex>` id, to pass it by reference instead of pasting it. The same \
             content always gets the same id.",
            |ctx: &Ctx, req: artifact::ArtifactStoreRequest| {
                artifact::store_with(ctx, &crate::store::artifact::shared(&ctx.root), req)
            },
        ),
        tool(
            "read_result",
            "read_result",
            Hints::READ_ONLY,
            "A page of a saved result (`saved_to`): the list or text at `pointer`, from \
             `cursor`, as much as fits one reply. Use when a reply's `page.next` or \
             `truncated[].next` is this call; each page's `next` reads on to the end.",
            files::run_page,
        )
        .unsaved(),
        tool(
            "backup_management",
            "backup_management",
            Hints {
                read_only: false,
                destructive: true,
                idempotent: false,
            },
            "Snapshots of manuscripts and artifacts under .noveler/backups/: action `list` \
             (default), `create` (an episode, files, or all) or `restore` (backup_id; verifies \
             hashes, backs up the current files first; dry_run to preview). Use before a risky \
             edit, or to undo one (write returns the backup it took).",
            backup_management,
        ),
    ]
}

/// The file-reference helpers: hashes, changes, the CLI's JSON.
fn file_tools() -> Vec<ToolSpec> {
    vec![
        tool(
            "convert_cli_to_json",
            commands::convert::NAME,
            Hints::ADDITIVE,
            "Turn a CLI result {command, returncode, stdout, stderr} into a result envelope: \
             streams past 1000 characters are summarised (first/last 500) and saved in full as \
             referenced files. Use to keep long command output out of the conversation.",
            convert::run,
        ),
        tool(
            "validate_json_response",
            commands::validate::NAME,
            Hints::READ_ONLY,
            "Check that a JSON document (json_data, json_text or a file) is a well-formed noveler \
             result envelope (SPEC §5): required keys, FileRef paths and sha256s, totals; \
             verify_files also compares FileRefs with the disk. Returns valid, kind and problems \
             with JSON pointers.",
            validate::run,
        ),
        tool(
            "get_file_reference_info",
            crate::commands::files::INFO,
            Hints::READ_ONLY,
            "A file's reference: path, sha256, size, content type, characters/lines, and its \
             state in the hash index (unchanged/changed/new, other paths with the same \
             content). Use before write (expected_sha256) or to see whether a file changed.",
            files::run_info,
        ),
        tool(
            "list_files_with_hashes",
            crate::commands::files::LIST,
            Hints::READ_ONLY,
            "Files recorded in the hash index (temp/json_output/.hash_index.json) with sha256, \
             size, role and whether they still exist; filter by path prefix or role. Use to find \
             saved results and their hashes; then get_file_by_hash.",
            files::run_list,
        ),
        tool(
            "get_file_by_hash",
            crate::commands::files::GET,
            Hints::READ_ONLY,
            "Content of a recorded file by sha256 (or a unique prefix of 8+ hex), re-hashed to \
             verify it. Use to read a saved result or stream referenced by hash.",
            files::run_get,
        ),
        tool(
            "check_file_changes",
            crate::commands::files::CHANGES,
            Hints::READ_ONLY,
            "Compare files with the hash index: unchanged, changed, new or missing (default: \
             every recorded path outside temp/json_output/). Use at the start of a session to \
             see what the author edited since the last run; then check the changed episodes.",
            files::run_changes,
        ),
    ]
}

/// The tools of `profile`, in table order.
pub(crate) fn for_profile(profile: Profile) -> Vec<ToolSpec> {
    let compact = profile == Profile::Default;
    let tools = all().into_iter().map(|mut t| {
        t.view = super::view::kind_of(t.command, compact);
        if let Some(kind) = t.view {
            super::view::extend_schema(std::sync::Arc::make_mut(&mut t.input_schema), kind);
        }
        t
    });
    let tools: Vec<ToolSpec> = tools.collect();
    match profile {
        Profile::Seed => tools
            .into_iter()
            .map(|mut t| {
                super::seed::extend_output_schema(
                    t.name,
                    std::sync::Arc::make_mut(&mut t.output_schema),
                );
                t
            })
            .collect(),
        Profile::Default => DEFAULT
            .iter()
            .filter_map(|(name, seed, description)| {
                let mut t = tools.iter().find(|t| t.name == *seed)?.clone();
                t.name = *name;
                t.description = *description;
                t.listed_only = true;
                t.unlisted = UNLISTED
                    .iter()
                    .find(|(n, _)| n == name)
                    .map_or(&[], |(_, args)| args);
                Some(t)
            })
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
    fn nested_options_are_listed_by_their_keys() {
        let check = for_profile(Profile::Default)
            .into_iter()
            .find(|t| t.name == "noveler_check")
            .unwrap();
        let listed = check.compact_input_schema();
        let ml = &listed["properties"]["ml_optimization"];
        assert!(ml.get("properties").is_none(), "{ml}");
        assert_eq!(ml["type"], "object");
        assert!(
            ml["description"].as_str().unwrap().ends_with(
                "Keys: enabled, corpus_model_id, use_dynamic_thresholds, \
                 use_dynamic_severity, auto_optimize_weights."
            ),
            "{ml}"
        );
    }

    #[test]
    fn default_is_one_tool_per_job_from_the_seed_table() {
        let seed: Vec<&str> = all().iter().map(|t| t.name).collect();
        let default = for_profile(Profile::Default);
        assert_eq!(
            default.len(),
            DEFAULT.len(),
            "every default tool maps to a seed tool"
        );
        for (name, from, description) in DEFAULT {
            assert!(seed.contains(from), "{name}: {from} is not in the table");
            assert!(description.len() < 200, "{name}: keep it to one line");
        }
        assert!(!default.iter().any(|t| t.name.starts_with("write_step_")));
        // No two default tools run the same seed tool (no aliases).
        let mut froms: Vec<&str> = DEFAULT.iter().map(|d| d.1).collect();
        froms.sort();
        froms.dedup();
        assert_eq!(froms.len(), DEFAULT.len());
    }

    /// Unknown keys are refused by every tool, flattened Requests included (serde_ignored
    /// cannot see past `flatten`; those Requests deny unknown fields themselves).
    #[test]
    fn every_tool_refuses_an_unknown_key() {
        let dir = tempfile::tempdir().unwrap();
        let ctx = Ctx::new(dir.path().to_path_buf());
        for t in all() {
            let mut args = serde_json::Map::new();
            args.insert("llm_reslt".into(), serde_json::json!(1));
            let example = super::super::args::example(&t.input_schema, &t.required, None);
            args.extend(example.as_object().cloned().unwrap_or_default());
            match t.call(&ctx, args) {
                Err(e) => assert_eq!(e.field.as_deref(), Some("llm_reslt"), "{}", t.name),
                Ok(_) => panic!("{} accepted an unknown key", t.name),
            }
        }
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
