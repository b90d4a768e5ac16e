//! Decision-record verbs: create_adr, update_adr_status, list_adrs.

use super::*;

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
    pub status: AdrStatus,
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
    let created_at = ctx.clock.timestamp();
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
        status,
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
    pub new_status: AdrStatus,
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
    let updated_at = ctx.clock.timestamp();
    let repo = repo(ctx);
    let (old, entry, ch) =
        repo.update_adr_status(number, status, reason.as_deref(), &updated_at)?;
    Ok(UpdateAdrStatusReport {
        adr_number: number,
        old_status: old,
        new_status: status,
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
