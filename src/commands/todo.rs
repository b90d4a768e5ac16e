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
use std::time::SystemTime;

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

fn now() -> String {
    timestamp(SystemTime::now())
}

fn repo(ctx: &Ctx) -> Repo {
    Repo::new(&ctx.root)
}

// ---------------------------------------------------------------- validation

fn chars(s: &str) -> usize {
    s.chars().count()
}

fn too_long(field: &str, len: usize, max: usize) -> Error {
    Error::new(
        Code::ContentTooLong,
        format!("{field} が長すぎます（{len} 文字、上限 {max} 文字）"),
    )
    .details(serde_json::json!({ "field": field, "value": len, "max": max }))
    .hint(format!("{field} を {max} 文字以内にしてください。"))
}

fn invalid(field: &str, value: impl Into<serde_json::Value>, message: impl Into<String>) -> Error {
    field_error(Code::U001, field, value, message)
}

/// A one-line text: trimmed, 1..=max characters, no control characters.
fn line_text(field: &str, value: &str, max: usize) -> Result<String> {
    let v = value.trim();
    if v.is_empty() {
        return Err(invalid(field, value, format!("{field} が空です"))
            .hint(format!("{field} を指定してください。")));
    }
    if chars(v) > max {
        return Err(too_long(field, chars(v), max));
    }
    if v.chars().any(char::is_control) {
        return Err(invalid(
            field,
            value,
            format!("{field} に改行や制御文字は使えません"),
        ));
    }
    Ok(v.to_string())
}

/// A task or subtask title: a line text that does not carry a task id token.
fn title_text(field: &str, value: &str) -> Result<String> {
    let v = line_text(field, value, TITLE_MAX)?;
    if markdown::task_id_token(&v).is_some() {
        return Err(invalid(
            field,
            value,
            format!(
                "{field} に `#T001` の形の文字列は使えません（タスクIDと区別できなくなります）"
            ),
        ));
    }
    Ok(v)
}

/// A multi-line text of at most `max` characters; `required` ones must not be blank.
fn long_text(field: &str, value: &str, max: usize, required: bool) -> Result<String> {
    if required && value.trim().is_empty() {
        return Err(invalid(field, value, format!("{field} が空です"))
            .hint(format!("{field} を指定してください。")));
    }
    if chars(value) > max {
        return Err(too_long(field, chars(value), max));
    }
    Ok(value.to_string())
}

fn task_id(field: &str, value: &str) -> Result<u16> {
    parse_id(value.trim()).ok_or_else(|| {
        field_error(
            Code::InvalidTaskId,
            field,
            value,
            format!("タスクID `{value}` は形式が正しくありません"),
        )
        .hint("T001〜T999 の形（T と数字3桁）で指定してください。")
    })
}

fn category(value: Option<&str>) -> Result<String> {
    let v = value.map(str::trim).unwrap_or("");
    if v.is_empty() {
        return Ok(DEFAULT_CATEGORY.to_string());
    }
    let bad = |why: &str| {
        field_error(
            Code::InvalidCategory,
            "category",
            value.unwrap_or(""),
            format!("カテゴリ名が無効です: {why}"),
        )
        .hint(format!(
            "{CATEGORY_MAX} 文字以内の1行の名前を指定してください。"
        ))
    };
    if chars(v) > CATEGORY_MAX {
        return Err(bad(&format!(
            "{} 文字（上限 {CATEGORY_MAX} 文字）",
            chars(v)
        )));
    }
    if v.chars().any(char::is_control) {
        return Err(bad("改行や制御文字を含んでいます"));
    }
    if v.ends_with('#') {
        return Err(bad("末尾の # は見出しの記号として読まれます"));
    }
    Ok(v.to_string())
}

fn status(field: &str, value: &str) -> Result<Status> {
    Status::parse(value.trim()).ok_or_else(|| {
        field_error(
            Code::InvalidStatus,
            field,
            value,
            format!("ステータス `{value}` は使えません"),
        )
        .hint("todo / in_progress / done のいずれかを指定してください。")
    })
}

fn adr_status(value: &str) -> Result<AdrStatus> {
    AdrStatus::parse(value.trim()).ok_or_else(|| {
        field_error(
            Code::InvalidStatus,
            "status",
            value,
            format!("ADR のステータス `{value}` は使えません"),
        )
        .hint("Proposed / Accepted / Deprecated のいずれかを指定してください。")
    })
}

fn adr_number(value: i64) -> Result<u16> {
    u16::try_from(value)
        .ok()
        .filter(|n| (1..=MAX_ADRS).contains(n))
        .ok_or_else(|| {
            field_error(
                Code::InvalidAdrNumber,
                "adr_number",
                value,
                format!("ADR 番号 {value} は範囲外です"),
            )
            .hint("1〜999 の番号を指定してください。")
        })
}

fn limit(value: i64, max: i64) -> Result<usize> {
    if (1..=max).contains(&value) {
        Ok(value as usize)
    } else {
        Err(
            invalid("limit", value, format!("limit {value} は範囲外です"))
                .hint(format!("1〜{max} を指定してください。")),
        )
    }
}

fn query(value: &str) -> Result<(String, Vec<String>)> {
    let q = value.trim();
    if q.is_empty() {
        return Err(invalid("query", value, "検索語が空です")
            .hint("1〜200 文字の検索語を指定してください。"));
    }
    if chars(q) > QUERY_MAX {
        return Err(too_long("query", chars(q), QUERY_MAX));
    }
    Ok((search::fold(q), search::terms(q)))
}

fn default_list_limit() -> i64 {
    50
}

fn default_search_limit() -> i64 {
    20
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

// ---------------------------------------------------------------- create_task

#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
pub struct CreateTaskRequest {
    /// Task title (1–100 characters, one line).
    #[schemars(length(min = 1, max = 100))]
    pub title: String,
    /// Category, i.e. the `##` section of task.md (at most 50 characters; default `未分類`).
    #[serde(default)]
    #[schemars(length(max = 50))]
    pub category: Option<String>,
    /// Details, written to the `## 説明` section of the task's context file (at most 500 characters).
    #[serde(default)]
    #[schemars(length(max = 500))]
    pub description: Option<String>,
    /// Subtask titles (at most 20, each at most 100 characters), created as todo.
    #[serde(default)]
    #[schemars(length(max = 20), inner(length(max = 100)))]
    pub subtasks: Vec<String>,
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct CreateTaskReport {
    /// The new task's id (`T001`…`T999`).
    #[schemars(regex(pattern = r"^T[0-9]{3}$"))]
    pub task_id: String,
    /// The context file created, relative to the project root.
    pub file_path: String,
    /// RFC 3339.
    pub created_at: String,
    pub title: String,
    pub category: String,
    /// 1-based position (priority) within the category.
    pub priority: usize,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<String>,
    #[serde(skip)]
    pub files: Files,
}

pub fn create_task(ctx: &Ctx, req: CreateTaskRequest) -> Result<CreateTaskReport> {
    let title = title_text("title", &req.title)?;
    let category = category(req.category.as_deref())?;
    let description = req
        .description
        .as_deref()
        .map(|d| long_text("description", d, DESCRIPTION_MAX, false))
        .transpose()?;
    if req.subtasks.len() > SUBTASKS_MAX {
        return Err(too_long("subtasks", req.subtasks.len(), SUBTASKS_MAX)
            .hint(format!("サブタスクは {SUBTASKS_MAX} 件までです。")));
    }
    let subtasks = req
        .subtasks
        .iter()
        .enumerate()
        .map(|(i, s)| Ok((Status::Todo, title_text(&format!("subtasks[{i}]"), s)?)))
        .collect::<Result<Vec<_>>>()?;
    let repo = repo(ctx);
    let (id, priority, ch) =
        repo.create_task(&title, &category, description.as_deref(), &subtasks)?;
    Ok(CreateTaskReport {
        task_id: format_id(id),
        file_path: repo.paths.rel(&repo.paths.context(id)),
        created_at: now(),
        title,
        category,
        priority,
        warnings: ch.warnings.clone(),
        files: Files::from(&ch),
    })
}

// ---------------------------------------------------------------- update_task

/// One subtask of `update_task`.
#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
pub struct SubtaskInput {
    /// Subtask title (1–100 characters).
    #[schemars(length(min = 1, max = 100))]
    pub title: String,
    /// `todo` (default), `in_progress` or `done`.
    #[serde(default)]
    #[schemars(extend("enum" = ["todo", "in_progress", "done", null]))]
    pub status: Option<String>,
}

#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
pub struct UpdateTaskRequest {
    /// The task to update (`T001`…`T999`).
    #[schemars(regex(pattern = r"^T[0-9]{3}$"))]
    pub task_id: String,
    /// New title (1–100 characters).
    #[serde(default)]
    #[schemars(length(max = 100))]
    pub title: Option<String>,
    /// New status: `todo`, `in_progress` or `done`.
    #[serde(default)]
    #[schemars(extend("enum" = ["todo", "in_progress", "done", null]))]
    pub status: Option<String>,
    /// New category (moves the task to the end of that section; at most 50 characters).
    #[serde(default)]
    #[schemars(length(max = 50))]
    pub category: Option<String>,
    /// Subtasks, replacing all existing ones (at most 20; `[]` removes them all).
    #[serde(default)]
    #[schemars(length(max = 20))]
    pub subtasks: Option<Vec<SubtaskInput>>,
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct UpdateTaskReport {
    #[schemars(regex(pattern = r"^T[0-9]{3}$"))]
    pub task_id: String,
    /// Fields that changed (`title`, `status`, `category`, `subtasks`); empty when the
    /// request matched what was already there.
    pub updated_fields: Vec<String>,
    /// RFC 3339.
    pub updated_at: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<String>,
    #[serde(skip)]
    pub files: Files,
}

pub fn update_task(ctx: &Ctx, req: UpdateTaskRequest) -> Result<UpdateTaskReport> {
    let id = task_id("task_id", &req.task_id)?;
    let mut edits = TaskEdits {
        title: req
            .title
            .as_deref()
            .map(|t| title_text("title", t))
            .transpose()?,
        status: req
            .status
            .as_deref()
            .map(|s| status("status", s))
            .transpose()?,
        category: req
            .category
            .as_deref()
            .map(|c| category(Some(c)))
            .transpose()?,
        subtasks: None,
    };
    if let Some(subs) = &req.subtasks {
        if subs.len() > SUBTASKS_MAX {
            return Err(too_long("subtasks", subs.len(), SUBTASKS_MAX)
                .hint(format!("サブタスクは {SUBTASKS_MAX} 件までです。")));
        }
        let list = subs
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let title = title_text(&format!("subtasks[{i}].title"), &s.title)?;
                let st = match s.status.as_deref() {
                    Some(v) => status(&format!("subtasks[{i}].status"), v)?,
                    None => Status::Todo,
                };
                Ok((st, title))
            })
            .collect::<Result<Vec<_>>>()?;
        edits.subtasks = Some(list);
    }
    if edits.title.is_none()
        && edits.status.is_none()
        && edits.category.is_none()
        && edits.subtasks.is_none()
    {
        return Err(invalid(
            "task_id",
            req.task_id.clone(),
            "更新する項目が指定されていません",
        )
        .hint("title / status / category / subtasks のいずれかを指定してください。"));
    }
    let (fields, ch) = repo(ctx).update_task(id, &edits)?;
    Ok(UpdateTaskReport {
        task_id: format_id(id),
        updated_fields: fields.into_iter().map(String::from).collect(),
        updated_at: now(),
        warnings: ch.warnings.clone(),
        files: Files::from(&ch),
    })
}

// ---------------------------------------------------------------- delete_task

#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
pub struct DeleteTaskRequest {
    /// The task to delete (`T001`…`T999`); its context file is removed too.
    #[schemars(regex(pattern = r"^T[0-9]{3}$"))]
    pub task_id: String,
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct DeleteTaskReport {
    #[schemars(regex(pattern = r"^T[0-9]{3}$"))]
    pub task_id: String,
    /// Files removed, relative to the project root.
    pub deleted_files: Vec<String>,
    /// RFC 3339.
    pub deleted_at: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<String>,
    #[serde(skip)]
    pub files: Files,
}

pub fn delete_task(ctx: &Ctx, req: DeleteTaskRequest) -> Result<DeleteTaskReport> {
    let id = task_id("task_id", &req.task_id)?;
    let ch = repo(ctx).delete_task(id)?;
    Ok(DeleteTaskReport {
        task_id: format_id(id),
        deleted_files: ch.deleted.clone(),
        deleted_at: now(),
        warnings: ch.warnings.clone(),
        files: Files::from(&ch),
    })
}

// ---------------------------------------------------------------- reorder_task

#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
pub struct ReorderTaskRequest {
    /// The task to move (`T001`…`T999`).
    #[schemars(regex(pattern = r"^T[0-9]{3}$"))]
    pub task_id: String,
    /// `first` / `last` (within its category), or `before` / `after` `reference_task_id`
    /// (the task joins the reference's category).
    #[schemars(extend("enum" = ["first", "last", "before", "after"]))]
    pub position: String,
    /// Required with `before` / `after`.
    #[serde(default)]
    #[schemars(regex(pattern = r"^T[0-9]{3}$"))]
    pub reference_task_id: Option<String>,
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct ReorderTaskReport {
    #[schemars(regex(pattern = r"^T[0-9]{3}$"))]
    pub task_id: String,
    /// 1-based position within the category before the move.
    pub old_position: usize,
    /// 1-based position within the category after the move.
    pub new_position: usize,
    /// RFC 3339.
    pub updated_at: String,
    /// The category the task is in after the move.
    pub category: String,
    /// The category it was in, when the move changed it (before / after a task elsewhere).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub previous_category: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<String>,
    #[serde(skip)]
    pub files: Files,
}

pub fn reorder_task(ctx: &Ctx, req: ReorderTaskRequest) -> Result<ReorderTaskReport> {
    let id = task_id("task_id", &req.task_id)?;
    let reference = || -> Result<u16> {
        let r = req
            .reference_task_id
            .as_deref()
            .map(str::trim)
            .filter(|r| !r.is_empty())
            .ok_or_else(|| {
                field_error(
                    Code::InvalidPosition,
                    "reference_task_id",
                    serde_json::Value::Null,
                    format!(
                        "position `{}` には reference_task_id が必要です",
                        req.position
                    ),
                )
                .hint("基準にするタスクのIDを reference_task_id に指定してください。")
            })?;
        let r = task_id("reference_task_id", r)?;
        if r == id {
            return Err(field_error(
                Code::InvalidPosition,
                "reference_task_id",
                format_id(r),
                "タスク自身を基準にはできません",
            )
            .hint("別のタスクのIDを指定してください。"));
        }
        Ok(r)
    };
    let place = match req.position.trim() {
        "first" => Place::First,
        "last" => Place::Last,
        "before" => Place::Before(reference()?),
        "after" => Place::After(reference()?),
        other => {
            return Err(field_error(
                Code::InvalidPosition,
                "position",
                other,
                format!("位置指定 `{other}` は使えません"),
            )
            .hint("first / last / before / after のいずれかを指定してください。"))
        }
    };
    let (moved, ch) = repo(ctx).reorder_task(id, place)?;
    Ok(ReorderTaskReport {
        task_id: format_id(id),
        old_position: moved.old_position,
        new_position: moved.new_position,
        updated_at: now(),
        previous_category: (moved.old_category != moved.category).then_some(moved.old_category),
        category: moved.category,
        warnings: ch.warnings.clone(),
        files: Files::from(&ch),
    })
}

// ---------------------------------------------------------------- list_tasks

#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
pub struct ListTasksRequest {
    /// Only tasks with this status (`todo`, `in_progress`, `done`).
    #[serde(default)]
    #[schemars(extend("enum" = ["todo", "in_progress", "done", null]))]
    pub status: Option<String>,
    /// Only tasks of this category.
    #[serde(default)]
    pub category: Option<String>,
    /// At most this many tasks (1–100, default 50).
    #[serde(default = "default_list_limit")]
    #[schemars(range(min = 1, max = 100))]
    pub limit: i64,
    /// Skip this many matching tasks first (the next page starts at cursor + limit).
    #[serde(default)]
    pub cursor: usize,
}

impl Default for ListTasksRequest {
    fn default() -> Self {
        ListTasksRequest {
            status: None,
            category: None,
            limit: default_list_limit(),
            cursor: 0,
        }
    }
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct SubtaskItem {
    pub title: String,
    pub status: String,
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct TaskItem {
    #[schemars(regex(pattern = r"^T[0-9]{3}$"))]
    pub task_id: String,
    pub title: String,
    /// `todo`, `in_progress` or `done`.
    pub status: String,
    pub category: String,
    pub subtasks_count: usize,
    /// Subtasks marked done.
    pub subtasks_done: usize,
    /// 1-based position within the category (smaller = higher priority).
    pub priority: usize,
    pub subtasks: Vec<SubtaskItem>,
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct ListTasksReport {
    pub tasks: Vec<TaskItem>,
    /// Tasks matching the filters (before `limit`).
    pub total_count: usize,
    /// Things in task.md worth fixing by hand: checkbox items without an id, duplicate ids.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<String>,
    #[serde(skip)]
    pub files: Files,
}

pub fn list_tasks(ctx: &Ctx, req: ListTasksRequest) -> Result<ListTasksReport> {
    let want_status = req
        .status
        .as_deref()
        .map(|s| status("status", s))
        .transpose()?;
    let limit = limit(req.limit, LIST_LIMIT_MAX)?;
    let want_category = req.category.as_deref().map(str::trim);
    let mut ch = Changes::default();
    let parsed = repo(ctx).read_tasks(&mut ch)?.parsed();
    let mut positions: std::collections::HashMap<&str, usize> = Default::default();
    let mut all = Vec::new();
    for t in &parsed.tasks {
        let p = positions.entry(t.category.as_str()).or_default();
        *p += 1;
        if want_status.is_some_and(|s| s != t.status)
            || want_category.is_some_and(|c| c != t.category)
        {
            continue;
        }
        all.push(TaskItem {
            task_id: t.id_str(),
            title: t.title.clone(),
            status: t.status.as_str().to_string(),
            category: t.category.clone(),
            subtasks_count: t.subtasks.len(),
            subtasks_done: t
                .subtasks
                .iter()
                .filter(|s| s.status == Status::Done)
                .count(),
            priority: *p,
            subtasks: t
                .subtasks
                .iter()
                .map(|s| SubtaskItem {
                    title: s.title.clone(),
                    status: s.status.as_str().to_string(),
                })
                .collect(),
        });
    }
    let mut warnings = Vec::new();
    for u in &parsed.untracked {
        warnings.push(format!(
            "task.md {} 行目「{}」にはタスクIDがないため一覧に含めていません（行末に ` #T000` 形式のIDを付けると管理対象になります）",
            u.line + 1,
            u.text
        ));
    }
    for d in &parsed.duplicates {
        warnings.push(format!(
            "タスクID {} が task.md に複数あります。操作は最初の行に対して行われます",
            format_id(*d)
        ));
    }
    let total = all.len();
    all.drain(..req.cursor.min(total));
    all.truncate(limit);
    Ok(ListTasksReport {
        tasks: all,
        total_count: total,
        warnings,
        files: Files::from(&ch),
    })
}

// ---------------------------------------------------------------- search_tasks

#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
pub struct SearchTasksRequest {
    /// Search words (1–200 characters); whitespace separates terms, each matched as a
    /// case- and width-insensitive substring.
    #[schemars(length(min = 1, max = 200))]
    pub query: String,
    /// Where to search: `title`, `content` (subtasks, notes, category), `context` (the
    /// context file). Default `["title", "content"]`.
    #[serde(default)]
    pub search_in: Option<Vec<String>>,
    /// At most this many results (1–50, default 20).
    #[serde(default = "default_search_limit")]
    #[schemars(range(min = 1, max = 50))]
    pub limit: i64,
}

impl Default for SearchTasksRequest {
    fn default() -> Self {
        SearchTasksRequest {
            query: String::new(),
            search_in: None,
            limit: default_search_limit(),
        }
    }
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct TaskHit {
    #[schemars(regex(pattern = r"^T[0-9]{3}$"))]
    pub task_id: String,
    pub title: String,
    pub status: String,
    pub category: String,
    /// Relevance, 0–1.
    pub match_score: f64,
    /// An excerpt around the match.
    pub matched_content: String,
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct SearchTasksReport {
    pub results: Vec<TaskHit>,
    /// Matches before `limit`.
    pub total_matches: usize,
    #[serde(skip)]
    pub files: Files,
}

pub fn search_tasks(ctx: &Ctx, req: SearchTasksRequest) -> Result<SearchTasksReport> {
    let (folded, terms) = query(&req.query)?;
    let limit = limit(req.limit, SEARCH_LIMIT_MAX)?;
    let scopes = req
        .search_in
        .clone()
        .unwrap_or_else(|| vec!["title".into(), "content".into()]);
    if scopes.is_empty() {
        return Err(
            invalid("search_in", serde_json::json!([]), "search_in が空です")
                .hint("title / content / context から1つ以上指定してください。"),
        );
    }
    for s in &scopes {
        if !matches!(s.as_str(), "title" | "content" | "context") {
            return Err(invalid(
                "search_in",
                s.clone(),
                format!("search_in に `{s}` は指定できません"),
            )
            .hint("title / content / context から指定してください。"));
        }
    }
    let has = |s: &str| scopes.iter().any(|x| x == s);
    let repo = repo(ctx);
    let mut ch = Changes::default();
    let parsed = repo.read_tasks(&mut ch)?.parsed();
    let score = |(order, t): (usize, &crate::todo::tasks::Task)| -> Option<(usize, TaskHit)> {
        let content = has("content").then(|| {
            let mut c: Vec<&str> = t.subtasks.iter().map(|s| s.title.as_str()).collect();
            c.extend(t.notes.iter().map(String::as_str));
            c.push(&t.category);
            c.join("\n")
        });
        let ctx_text = if has("context") {
            crate::todo::fs::read_text(&repo.paths.context(t.id))
                .ok()
                .flatten()
        } else {
            None
        };
        let mut fields = Vec::new();
        if has("title") {
            fields.push(Field {
                weight: search::TITLE_WEIGHT,
                text: &t.title,
            });
        }
        if let Some(c) = &content {
            fields.push(Field {
                weight: search::CONTENT_WEIGHT,
                text: c,
            });
        }
        if let Some(c) = &ctx_text {
            fields.push(Field {
                weight: search::CONTEXT_WEIGHT,
                text: c,
            });
        }
        search::score_task(&terms, &folded, &fields).map(|hit| {
            (
                order,
                TaskHit {
                    task_id: t.id_str(),
                    title: t.title.clone(),
                    status: t.status.as_str().to_string(),
                    category: t.category.clone(),
                    match_score: hit.score,
                    matched_content: hit.excerpt,
                },
            )
        })
    };
    // context files are read in parallel; ranking keeps file order among equal scores
    let mut hits: Vec<(usize, TaskHit)> = if has("context") {
        use rayon::prelude::*;
        parsed
            .tasks
            .par_iter()
            .enumerate()
            .filter_map(score)
            .collect()
    } else {
        parsed.tasks.iter().enumerate().filter_map(score).collect()
    };
    hits.sort_by(|a, b| {
        b.1.match_score
            .total_cmp(&a.1.match_score)
            .then(a.0.cmp(&b.0))
    });
    let total = hits.len();
    Ok(SearchTasksReport {
        results: hits.into_iter().take(limit).map(|h| h.1).collect(),
        total_matches: total,
        files: Files::from(&ch),
    })
}

// ---------------------------------------------------------------- create_adr

#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
pub struct CreateAdrRequest {
    /// Decision title (1–100 characters).
    #[schemars(length(min = 1, max = 100))]
    pub title: String,
    /// Background of the decision (at most 2000 characters).
    #[schemars(length(max = 2000))]
    pub context: String,
    /// What was decided (at most 2000 characters).
    #[schemars(length(max = 2000))]
    pub decision: String,
    /// Why (at most 2000 characters).
    #[schemars(length(max = 2000))]
    pub rationale: String,
    /// What follows from it (at most 2000 characters).
    #[serde(default)]
    #[schemars(length(max = 2000))]
    pub consequences: Option<String>,
    /// `Proposed` (default), `Accepted` or `Deprecated`.
    #[serde(default)]
    #[schemars(extend("enum" = ["Proposed", "Accepted", "Deprecated", null]))]
    pub status: Option<String>,
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct CreateAdrReport {
    /// `adr-001-<title>` (the file name without `.md`).
    #[schemars(regex(pattern = r"^adr-[0-9]{3}-.*$"))]
    pub adr_id: String,
    pub adr_number: u16,
    /// The ADR file, relative to the project root.
    pub file_path: String,
    /// RFC 3339.
    pub created_at: String,
    pub title: String,
    pub status: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<String>,
    #[serde(skip)]
    pub files: Files,
}

pub fn create_adr(ctx: &Ctx, req: CreateAdrRequest) -> Result<CreateAdrReport> {
    let title = line_text("title", &req.title, TITLE_MAX)?;
    let context = long_text("context", &req.context, ADR_TEXT_MAX, true)?;
    let decision = long_text("decision", &req.decision, ADR_TEXT_MAX, true)?;
    let rationale = long_text("rationale", &req.rationale, ADR_TEXT_MAX, true)?;
    let consequences = req
        .consequences
        .as_deref()
        .map(|c| long_text("consequences", c, ADR_TEXT_MAX, false))
        .transpose()?
        .filter(|c| !c.trim().is_empty());
    let status = match req.status.as_deref() {
        Some(s) => adr_status(s)?,
        None => AdrStatus::Proposed,
    };
    let created_at = now();
    let repo = repo(ctx);
    let (number, name, ch) = repo.create_adr(
        &title,
        &context,
        &decision,
        &rationale,
        consequences.as_deref(),
        status,
        &created_at,
    )?;
    Ok(CreateAdrReport {
        adr_id: name.trim_end_matches(".md").to_string(),
        adr_number: number,
        file_path: repo.paths.rel(&repo.paths.adr_dir().join(&name)),
        created_at,
        title,
        status: status.as_str().to_string(),
        warnings: ch.warnings.clone(),
        files: Files::from(&ch),
    })
}

// ---------------------------------------------------------------- update_adr_status

#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
pub struct UpdateAdrStatusRequest {
    /// The ADR's number (1–999), as in `adr-001-…`.
    #[serde(alias = "number")]
    #[schemars(range(min = 1, max = 999))]
    pub adr_number: i64,
    /// `Proposed`, `Accepted` or `Deprecated`.
    #[schemars(extend("enum" = ["Proposed", "Accepted", "Deprecated"]))]
    pub status: String,
    /// Why the status changes (at most 500 characters); recorded in the ADR's history.
    #[serde(default)]
    #[schemars(length(max = 500))]
    pub reason: Option<String>,
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct UpdateAdrStatusReport {
    pub adr_number: u16,
    /// The status before, as written in the file.
    pub old_status: String,
    pub new_status: String,
    /// RFC 3339.
    pub updated_at: String,
    pub file_path: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<String>,
    #[serde(skip)]
    pub files: Files,
}

pub fn update_adr_status(ctx: &Ctx, req: UpdateAdrStatusRequest) -> Result<UpdateAdrStatusReport> {
    let number = adr_number(req.adr_number)?;
    let status = adr_status(&req.status)?;
    let reason = req
        .reason
        .as_deref()
        .map(|r| long_text("reason", r, REASON_MAX, false))
        .transpose()?;
    let updated_at = now();
    let repo = repo(ctx);
    let (old, entry, ch) =
        repo.update_adr_status(number, status, reason.as_deref(), &updated_at)?;
    Ok(UpdateAdrStatusReport {
        adr_number: number,
        old_status: old,
        new_status: status.as_str().to_string(),
        updated_at,
        file_path: repo.paths.rel(&entry.path),
        warnings: ch.warnings.clone(),
        files: Files::from(&ch),
    })
}

// ---------------------------------------------------------------- list_adrs

#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
pub struct ListAdrsRequest {
    /// Only ADRs with this status (`Proposed`, `Accepted`, `Deprecated`).
    #[serde(default)]
    #[schemars(extend("enum" = ["Proposed", "Accepted", "Deprecated", null]))]
    pub status: Option<String>,
    /// At most this many (1–100, default 50).
    #[serde(default = "default_list_limit")]
    #[schemars(range(min = 1, max = 100))]
    pub limit: i64,
    /// Skip this many matching ADRs first (the next page starts at cursor + limit).
    #[serde(default)]
    pub cursor: usize,
}

impl Default for ListAdrsRequest {
    fn default() -> Self {
        ListAdrsRequest {
            status: None,
            limit: default_list_limit(),
            cursor: 0,
        }
    }
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct AdrItem {
    pub adr_number: u16,
    pub title: String,
    /// `Proposed`, `Accepted`, `Deprecated`, or the text found in a hand-written file.
    pub status: String,
    pub created_at: String,
    pub updated_at: String,
    pub file_path: String,
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct ListAdrsReport {
    pub adrs: Vec<AdrItem>,
    /// ADRs matching the filter (before `limit`).
    pub total_count: usize,
    #[serde(skip)]
    pub files: Files,
}

pub fn list_adrs(ctx: &Ctx, req: ListAdrsRequest) -> Result<ListAdrsReport> {
    let want = req.status.as_deref().map(adr_status).transpose()?;
    let limit = limit(req.limit, LIST_LIMIT_MAX)?;
    let repo = repo(ctx);
    let mut adrs: Vec<AdrItem> = repo
        .scan_adrs()?
        .into_iter()
        .filter(|a| want.is_none() || a.meta.status == want)
        .map(|a| AdrItem {
            adr_number: a.number,
            title: a.title(),
            status: a.status_text(),
            created_at: a.created_at(),
            updated_at: a.updated_at(),
            file_path: repo.paths.rel(&a.path),
        })
        .collect();
    let total = adrs.len();
    adrs.drain(..req.cursor.min(total));
    adrs.truncate(limit);
    Ok(ListAdrsReport {
        adrs,
        total_count: total,
        files: Files::default(),
    })
}

// ---------------------------------------------------------------- update_context

#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
pub struct UpdateContextRequest {
    /// The task (`T001`…`T999`).
    #[schemars(regex(pattern = r"^T[0-9]{3}$"))]
    pub task_id: String,
    /// Markdown to write (at most 10,000 characters).
    #[schemars(length(max = 10000))]
    pub content: String,
    /// Append instead of replacing (default false).
    #[serde(default)]
    pub append: bool,
    /// A `##` section to replace or append to (created at the end when missing; at most
    /// 50 characters). Without it the whole file is replaced, or `content` appended at the end.
    #[serde(default)]
    #[schemars(length(max = 50))]
    pub section: Option<String>,
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct UpdateContextReport {
    #[schemars(regex(pattern = r"^T[0-9]{3}$"))]
    pub task_id: String,
    pub file_path: String,
    /// RFC 3339.
    pub updated_at: String,
    #[serde(skip)]
    pub files: Files,
}

pub fn update_context(ctx: &Ctx, req: UpdateContextRequest) -> Result<UpdateContextReport> {
    let id = task_id("task_id", &req.task_id)?;
    let content = long_text("content", &req.content, CONTENT_MAX, false)?;
    let section = req
        .section
        .as_deref()
        .filter(|s| !s.trim().is_empty())
        .map(|s| line_text("section", s, SECTION_MAX))
        .transpose()?;
    let repo = repo(ctx);
    let ch = repo.update_context(
        id,
        ContextEdit {
            content: &content,
            append: req.append,
            section: section.as_deref(),
        },
    )?;
    Ok(UpdateContextReport {
        task_id: format_id(id),
        file_path: repo.paths.rel(&repo.paths.context(id)),
        updated_at: now(),
        files: Files::from(&ch),
    })
}

// ---------------------------------------------------------------- get_context

#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
pub struct GetContextRequest {
    /// The task (`T001`…`T999`).
    #[schemars(regex(pattern = r"^T[0-9]{3}$"))]
    pub task_id: String,
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct GetContextReport {
    #[schemars(regex(pattern = r"^T[0-9]{3}$"))]
    pub task_id: String,
    pub content: String,
    pub file_path: String,
    /// The file's modification time, RFC 3339.
    pub updated_at: String,
    #[serde(skip)]
    pub files: Files,
}

pub fn get_context(ctx: &Ctx, req: GetContextRequest) -> Result<GetContextReport> {
    let id = task_id("task_id", &req.task_id)?;
    let repo = repo(ctx);
    let (content, path, modified) = repo.get_context(id)?;
    let file = FileRef::from_bytes(&ctx.root, &path, content.as_bytes(), "context");
    Ok(GetContextReport {
        task_id: format_id(id),
        file_path: repo.paths.rel(&path),
        updated_at: modified.map(timestamp).unwrap_or_default(),
        content,
        files: Files {
            read: vec![file],
            written: Vec::new(),
        },
    })
}

// ---------------------------------------------------------------- search_contexts

#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
pub struct SearchContextsRequest {
    /// Search words (1–200 characters); whitespace separates terms.
    #[schemars(length(min = 1, max = 200))]
    pub query: String,
    /// At most this many results (1–50, default 20).
    #[serde(default = "default_search_limit")]
    #[schemars(range(min = 1, max = 50))]
    pub limit: i64,
}

impl Default for SearchContextsRequest {
    fn default() -> Self {
        SearchContextsRequest {
            query: String::new(),
            limit: default_search_limit(),
        }
    }
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct ContextHitItem {
    #[schemars(regex(pattern = r"^T[0-9]{3}$"))]
    pub task_id: String,
    /// Relevance, 0–1.
    pub match_score: f64,
    /// An excerpt around the first match.
    pub matched_content: String,
    pub file_path: String,
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct SearchContextsReport {
    pub results: Vec<ContextHitItem>,
    /// Matches before `limit`.
    pub total_matches: usize,
    /// Context files searched.
    pub files_searched: usize,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<String>,
    #[serde(skip)]
    pub files: Files,
}

pub fn search_contexts(ctx: &Ctx, req: SearchContextsRequest) -> Result<SearchContextsReport> {
    let (_, terms) = query(&req.query)?;
    let limit = limit(req.limit, SEARCH_LIMIT_MAX)?;
    let repo = repo(ctx);
    let dir = repo.paths.context_dir();
    let files = context::list(&dir).map_err(|e| crate::todo::fs::read_error(&dir, &e))?;
    let found = context::search(&files, &terms, limit);
    Ok(SearchContextsReport {
        results: found
            .hits
            .into_iter()
            .map(|h| ContextHitItem {
                task_id: format_id(h.id),
                match_score: h.hit.score,
                matched_content: h.hit.excerpt,
                file_path: repo.paths.rel(&h.path),
            })
            .collect(),
        total_matches: found.total,
        files_searched: files.len(),
        warnings: found
            .failed
            .iter()
            .map(|p| format!("{} を読み込めませんでした", repo.paths.rel(p)))
            .collect(),
        files: Files::default(),
    })
}

report_files!(
    CreateTaskReport,
    UpdateTaskReport,
    DeleteTaskReport,
    ReorderTaskReport,
    ListTasksReport,
    SearchTasksReport,
    CreateAdrReport,
    UpdateAdrStatusReport,
    ListAdrsReport,
    UpdateContextReport,
    GetContextReport,
    SearchContextsReport
);

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
