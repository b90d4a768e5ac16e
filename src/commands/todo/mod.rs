//! Task memory tools (seed 004): tasks, decision records (ADR) and per-task context, one
//! function per MCP tool with the seed's names, input limits and error codes. The storage
//! (Markdown files under `.todo/`) is `crate::todo`; this module validates requests, runs
//! one transaction and shapes the report.
//!
//! Every error names its input in `details {field, value}` (seed 004 §6.2). Input that is
//! too long gives `CONTENT_TOO_LONG` with `value` = its length in characters and `max`;
//! an empty required text, an out-of-range `limit` or an unknown `search_in` gives `U001`
//! (the seed has no code for those).

use super::{Ctx, Report};
use crate::error::{Code, Error, Result};
use crate::store::envelope::timestamp;
use crate::store::FileRef;
use crate::todo::adr::{AdrStatus, MAX_ADRS};
use crate::todo::repo::{field_error, Changes, ContextEdit, Repo, TaskEdits};
use crate::todo::search::{self, Field};
use crate::todo::tasks::{format_id, parse_id, Place, Status, DEFAULT_CATEGORY};
use crate::todo::{context, markdown};
use serde::{Deserialize, Serialize};

/// Input limits of seed 004 (characters, items).
pub const TITLE_MAX: usize = 100;
pub const CATEGORY_MAX: usize = 50;
pub const DESCRIPTION_MAX: usize = 500;
pub const SUBTASKS_MAX: usize = 20;
pub const ADR_TEXT_MAX: usize = 2000;
pub const REASON_MAX: usize = 500;
pub const CONTENT_MAX: usize = 10_000;
pub const SECTION_MAX: usize = 50;
pub const QUERY_MAX: usize = 200;
pub const LIST_LIMIT_MAX: i64 = 100;
pub const SEARCH_LIMIT_MAX: i64 = 50;

/// The twelve tools: name and description (for the MCP tool table).
pub const TOOLS: [(&str, &str); 12] = [
    ("create_task", "Create a main task at the end of its category in .todo/task.md (id T001…T999) and its context file .todo/context/TNNN.md."),
    ("update_task", "Partially update a task: title, status (todo / in_progress / done), category, or the full list of subtasks. Only the task's own lines change."),
    ("delete_task", "Delete a task (with its subtasks) from .todo/task.md and remove its context file."),
    ("reorder_task", "Move a task to first / last of its category or before / after another task; position is priority (first = highest)."),
    ("list_tasks", "List tasks in priority order, optionally filtered by status and category."),
    ("search_tasks", "Full-text search over task titles, content (subtasks, notes, category) and optionally context files; results have match_score 0–1 and an excerpt."),
    ("create_adr", "Record a decision (ADR) as .todo/adr/adr-NNN-<title>.md: context, decision, rationale, consequences, status."),
    ("update_adr_status", "Change an ADR's status (Proposed / Accepted / Deprecated), recording the change and its reason in the ADR's history."),
    ("list_adrs", "List decision records by number, optionally filtered by status."),
    ("update_context", "Replace or append to a task's context file, optionally within one ## section (created when missing)."),
    ("get_context", "Read a task's context file."),
    ("search_contexts", "Full-text search over all context files; results have match_score 0–1 and an excerpt."),
];

fn repo(ctx: &Ctx) -> Repo {
    Repo::new(&ctx.root, &ctx.clock)
}

/// The files a transaction read and wrote, kept out of the JSON result.
#[derive(Clone, Debug, Default)]
pub struct Files {
    pub read: Vec<FileRef>,
    pub written: Vec<FileRef>,
}

impl From<&Changes> for Files {
    fn from(ch: &Changes) -> Self {
        Files {
            read: ch.read.clone(),
            written: ch.written.clone(),
        }
    }
}

macro_rules! report_files {
    ($($t:ty),*) => {$(
        impl Report for $t {
            fn inputs(&self) -> Vec<FileRef> { self.files.read.clone() }
            fn outputs(&self) -> Vec<FileRef> { self.files.written.clone() }
        }
    )*};
}

mod adrs;
mod contexts;
mod tasks;
mod validate;
pub use adrs::*;
pub use contexts::*;
pub use tasks::*;
use validate::*;

#[cfg(test)]
mod tests {
    use super::*;

    fn schema<T: schemars::JsonSchema>() -> serde_json::Value {
        serde_json::to_value(schemars::schema_for!(T)).unwrap()
    }

    #[test]
    fn schemas_carry_the_seed_limits() {
        let create = schema::<CreateTaskRequest>();
        assert_eq!(create["required"], serde_json::json!(["title"]));
        assert_eq!(create["properties"]["title"]["maxLength"], 100);
        assert_eq!(create["properties"]["title"]["minLength"], 1);
        assert_eq!(create["properties"]["category"]["maxLength"], 50);
        assert_eq!(create["properties"]["description"]["maxLength"], 500);
        assert_eq!(create["properties"]["subtasks"]["maxItems"], 20);
        assert_eq!(create["properties"]["subtasks"]["items"]["maxLength"], 100);
        let update = schema::<UpdateTaskRequest>();
        assert_eq!(update["properties"]["task_id"]["pattern"], "^T[0-9]{3}$");
        assert_eq!(update["properties"]["status"]["enum"][1], "in_progress");
        let list = schema::<ListTasksRequest>();
        assert_eq!(list["properties"]["limit"]["maximum"], 100);
        assert_eq!(list["properties"]["limit"]["minimum"], 1);
        assert_eq!(list["properties"]["limit"]["default"], 50);
        let search = schema::<SearchTasksRequest>();
        assert_eq!(search["properties"]["query"]["maxLength"], 200);
        assert_eq!(search["properties"]["limit"]["maximum"], 50);
        assert_eq!(search["properties"]["limit"]["default"], 20);
        let reorder = schema::<ReorderTaskRequest>();
        assert_eq!(reorder["properties"]["position"]["enum"][3], "after");
        assert_eq!(
            reorder["required"],
            serde_json::json!(["task_id", "position"])
        );
        let adr = schema::<CreateAdrRequest>();
        assert_eq!(
            adr["required"],
            serde_json::json!(["title", "context", "decision", "rationale"])
        );
        assert_eq!(adr["properties"]["decision"]["maxLength"], 2000);
        let status = schema::<UpdateAdrStatusRequest>();
        assert_eq!(status["properties"]["adr_number"]["maximum"], 999);
        assert_eq!(status["properties"]["reason"]["maxLength"], 500);
        let ctx = schema::<UpdateContextRequest>();
        assert_eq!(ctx["properties"]["content"]["maxLength"], 10000);
        assert_eq!(ctx["properties"]["section"]["maxLength"], 50);
        assert_eq!(ctx["properties"]["append"]["default"], false);
        let out = schema::<CreateTaskReport>();
        assert_eq!(out["properties"]["task_id"]["pattern"], "^T[0-9]{3}$");
        assert!(out["properties"].get("files").is_none());
    }

    #[test]
    fn requests_parse_from_mcp_arguments() {
        let r: ListTasksRequest = serde_json::from_value(serde_json::json!({})).unwrap();
        assert_eq!(r.limit, 50);
        let r: SearchContextsRequest =
            serde_json::from_value(serde_json::json!({"query": "x"})).unwrap();
        assert_eq!(r.limit, 20);
        let r: UpdateAdrStatusRequest =
            serde_json::from_value(serde_json::json!({"adr_number": 3, "status": "Accepted"}))
                .unwrap();
        assert_eq!(r.adr_number, 3);
    }

    #[test]
    fn validators() {
        assert_eq!(
            task_id("task_id", "T1").unwrap_err().code,
            Code::InvalidTaskId
        );
        assert_eq!(task_id("task_id", " T010 ").unwrap(), 10);
        assert_eq!(category(None).unwrap(), DEFAULT_CATEGORY);
        assert_eq!(category(Some("  ")).unwrap(), DEFAULT_CATEGORY);
        assert_eq!(
            category(Some("a\nb")).unwrap_err().code,
            Code::InvalidCategory
        );
        assert_eq!(
            category(Some("C#")).unwrap_err().code,
            Code::InvalidCategory
        );
        assert_eq!(title_text("title", "x #T001").unwrap_err().code, Code::U001);
        assert_eq!(
            title_text("title", &"字".repeat(100))
                .unwrap()
                .chars()
                .count(),
            100
        );
        assert_eq!(
            title_text("title", &"字".repeat(101)).unwrap_err().code,
            Code::ContentTooLong
        );
        assert_eq!(limit(0, 100).unwrap_err().code, Code::U001);
        assert_eq!(limit(100, 100).unwrap(), 100);
        assert_eq!(adr_number(0).unwrap_err().code, Code::InvalidAdrNumber);
        assert_eq!(adr_number(1000).unwrap_err().code, Code::InvalidAdrNumber);
        assert_eq!(
            status("status", "doing").unwrap_err().code,
            Code::InvalidStatus
        );
        assert_eq!(
            adr_status("accepted").unwrap_err().code,
            Code::InvalidStatus
        );
        let e = too_long("content", 10001, 10000);
        assert_eq!(e.details.unwrap()["value"], 10001);
    }
}
