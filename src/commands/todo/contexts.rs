//! Per-task context verbs: update_context, get_context, search_contexts.

use super::*;

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
        updated_at: ctx.clock.timestamp(),
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
