//! Task verbs: create_task, update_task, delete_task, reorder_task, list_tasks, search_tasks.

use super::*;

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
        created_at: ctx.clock.timestamp(),
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
        updated_at: ctx.clock.timestamp(),
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
        deleted_at: ctx.clock.timestamp(),
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
        updated_at: ctx.clock.timestamp(),
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
    pub status: Status,
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct TaskItem {
    #[schemars(regex(pattern = r"^T[0-9]{3}$"))]
    pub task_id: String,
    pub title: String,
    pub status: Status,
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
            status: t.status,
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
                    status: s.status,
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
    pub status: Status,
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
                    status: t.status,
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
