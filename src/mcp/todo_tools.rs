//! The task memory over MCP (seed 004): its twelve tools as table rows, and its four
//! read-only resources (`file://.todo/index.md`, `file://.todo/task.md`,
//! `file://.todo/adr/{adr-id}.md`, `file://.todo/context/{task-id}.md`).
//!
//! Tool errors are error envelopes whose `error` carries the seed's code, message and
//! `details {field, value}` (seed 004 §6.2), plus noveler's `type` and `hint`.

use super::adapter::{tool, Hints, ToolSpec};
use crate::commands::todo;
use crate::todo::fs::TodoPaths;
use crate::todo::resources;
use rmcp::model::{
    ListResourceTemplatesResult, ListResourcesResult, ReadResourceResult, Resource,
    ResourceContents, ResourceTemplate,
};
use rmcp::ErrorData;
use std::path::Path;

/// Adds a task or an ADR: changes nothing that exists, but a second call adds another.
const ADDS: Hints = Hints {
    read_only: false,
    destructive: false,
    idempotent: false,
};
/// Edits in place; the same call twice leaves the same state.
const EDITS: Hints = Hints {
    read_only: false,
    destructive: true,
    idempotent: true,
};
/// Edits in place and records each call (ADR history, appended context).
const RECORDS: Hints = Hints {
    read_only: false,
    destructive: true,
    idempotent: false,
};

/// The twelve tools, in seed 004 order.
pub fn all() -> Vec<ToolSpec> {
    vec![
        tool(
            "create_task",
            "create_task",
            ADDS,
            "Add a task for later (e.g. 「第5話で伏線Aを回収する」) at the end of its category in \
             .todo/task.md, with optional subtasks and a description; creates its context file \
             .todo/context/TNNN.md. Returns task_id (T001–T999). Next: update_context to keep \
             notes, reorder_task to set its priority.",
            todo::create_task,
        ),
        tool(
            "update_task",
            "update_task",
            EDITS,
            "Change a task's title, status (todo / in_progress / done), category, or replace its \
             subtasks; only that task's lines in task.md change. Returns updated_fields. Use when \
             starting or finishing work on a task.",
            todo::update_task,
        ),
        tool(
            "delete_task",
            "delete_task",
            EDITS,
            "Delete a task (with its subtasks) from task.md and remove its context file. Prefer \
             update_task status done to keep the record; delete only mistakes or obsolete tasks.",
            todo::delete_task,
        ),
        tool(
            "reorder_task",
            "reorder_task",
            EDITS,
            "Move a task to first / last of its category, or before / after another task (it \
             joins that task's category). Position is priority: first = most important.",
            todo::reorder_task,
        ),
        tool(
            "list_tasks",
            "list_tasks",
            Hints::READ_ONLY,
            "List tasks in priority order with status, category, subtasks and priority; filter by \
             status or category. Use at the start of a session to see what is pending.",
            todo::list_tasks,
        ),
        tool(
            "search_tasks",
            "search_tasks",
            Hints::READ_ONLY,
            "Find tasks by words in their title, content (subtasks, notes, category) and \
             optionally their context files; results carry match_score 0–1 and an excerpt. \
             Next: get_context for the details of a hit.",
            todo::search_tasks,
        ),
        tool(
            "create_adr",
            "create_adr",
            ADDS,
            "Record a decision (e.g. 「魔法体系は三属性に決定」) as .todo/adr/adr-NNN-<title>.md \
             with context, decision, rationale and consequences, status Proposed by default. \
             Use when a choice about the story or setting should outlive the session.",
            todo::create_adr,
        ),
        tool(
            "update_adr_status",
            "update_adr_status",
            RECORDS,
            "Change a decision's status (Proposed / Accepted / Deprecated) by its number; the \
             change and its reason are appended to the ADR's history.",
            todo::update_adr_status,
        ),
        tool(
            "list_adrs",
            "list_adrs",
            Hints::READ_ONLY,
            "List decision records by number with title, status and dates; filter by status. \
             Use before changing the story's rules to see what was decided.",
            todo::list_adrs,
        ),
        tool(
            "update_context",
            "update_context",
            RECORDS,
            "Write a task's context notes (.todo/context/TNNN.md): replace the file, or append \
             (append: true); with section, only that ## section (created when missing). Use to \
             keep what the next session must know about the task.",
            todo::update_context,
        ),
        tool(
            "get_context",
            "get_context",
            Hints::READ_ONLY,
            "Read a task's context notes (.todo/context/TNNN.md). Use before resuming work on \
             a task.",
            todo::get_context,
        ),
        tool(
            "search_contexts",
            "search_contexts",
            Hints::READ_ONLY,
            "Search every task's context notes; results carry task_id, match_score 0–1 and an \
             excerpt. Next: get_context or list_tasks.",
            todo::search_contexts,
        ),
    ]
}

fn to_rpc(err: crate::Error) -> ErrorData {
    let body = err.body();
    let message = body.message.clone();
    let data = Some(serde_json::json!({ "error": body }));
    match err.code {
        crate::Code::FileNotFound => ErrorData::resource_not_found(message, data),
        _ => ErrorData::internal_error(message, data),
    }
}

/// `resources/list`: the task memory files that exist under `root`.
pub(crate) fn list_resources(root: &Path) -> Result<ListResourcesResult, ErrorData> {
    let items = resources::list(&TodoPaths::new(root)).map_err(to_rpc)?;
    let items: Vec<Resource> = items
        .into_iter()
        .map(|r| {
            Resource::new(r.uri, r.name)
                .with_description(r.description)
                .with_mime_type(resources::MIME)
        })
        .collect();
    Ok(ListResourcesResult::with_all_items(items))
}

/// `resources/templates/list`: ADRs and contexts by id.
pub(crate) fn list_templates() -> ListResourceTemplatesResult {
    let items: Vec<ResourceTemplate> = resources::templates()
        .into_iter()
        .map(|t| {
            ResourceTemplate::new(t.uri, t.name)
                .with_description(t.description)
                .with_mime_type(resources::MIME)
        })
        .collect();
    ListResourceTemplatesResult::with_all_items(items)
}

/// `resources/read`: the Markdown text of one resource (read-only).
pub(crate) fn read_resource(root: &Path, uri: &str) -> Result<ReadResourceResult, ErrorData> {
    let text = resources::read(&TodoPaths::new(root), uri).map_err(to_rpc)?;
    Ok(ReadResourceResult::new(vec![ResourceContents::text(
        text, uri,
    )
    .with_mime_type(resources::MIME)]))
}
