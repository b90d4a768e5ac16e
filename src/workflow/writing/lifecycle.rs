//! Status, resume, abandon.

use super::*;

// Status, resume, abandon.

#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct SessionSummary {
    pub session_id: String,
    pub status: SessionStatus,
    pub current_stage: String,
    pub completed: usize,
    pub created_at: String,
    pub last_updated: String,
    pub manuscript_path: Option<String>,
    pub quality_score: Option<f64>,
}

impl SessionSummary {
    pub fn of(s: &Session) -> SessionSummary {
        SessionSummary {
            session_id: s.session_id.clone(),
            status: s.status,
            current_stage: s.current_stage.clone(),
            completed: s.completed_stages.len(),
            created_at: s.created_at.clone(),
            last_updated: s.last_updated.clone(),
            manuscript_path: s.manuscript.as_ref().map(|m| m.path.clone()),
            quality_score: s
                .manuscript
                .as_ref()
                .and_then(|m| m.check.as_ref())
                .and_then(|c| c.score),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct CorruptSession {
    pub session_id: String,
    pub episode: Option<u32>,
    pub error: Value,
}

#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct StatusOutcome {
    pub episode: u32,
    /// The session shown in detail: the one asked for, else the one in progress.
    pub session_id: Option<String>,
    pub session: Option<Session>,
    pub progress: Option<Progress>,
    pub sessions: Vec<SessionSummary>,
    pub corrupt_sessions: Vec<CorruptSession>,
    /// Another call is writing this episode right now.
    pub lock_held: bool,
    pub next_step: Option<u8>,
    pub next_stage: Option<String>,
    pub suggested_actions: Vec<String>,
}

/// Sessions of the episode and the state of one (read-only: never writes).
pub fn status(root: &Path, ep: u32, session_id: Option<&str>) -> Result<StatusOutcome> {
    let mut sessions = Vec::new();
    let mut corrupt = Vec::new();
    let mut active = None;
    let mut latest = None;
    for l in session::list(root) {
        match l {
            Listed::Ok(s) if s.episode == ep => {
                if s.status == SessionStatus::InProgress {
                    active = Some((*s).clone());
                }
                sessions.push(SessionSummary::of(&s));
                latest = Some(*s);
            }
            Listed::Corrupt { id, episode, error } if episode.is_none_or(|e| e == ep) => corrupt
                .push(CorruptSession {
                    session_id: id,
                    episode,
                    error: error.to_json(),
                }),
            _ => {}
        }
    }
    let detail = match session_id {
        Some(id) => {
            let s = session::load(root, id)?;
            if s.episode != ep {
                return Err(wrong_episode(&s, ep));
            }
            Some(s)
        }
        None => active.or(latest),
    };
    let next = detail
        .as_ref()
        .filter(|s| s.status == SessionStatus::InProgress)
        .and_then(|s| s.next_stage());
    let mut suggested = Vec::new();
    match (&detail, next) {
        (Some(s), Some(n)) => suggested.push(format!(
            "noveler write {ep} --session {} --step {}",
            s.session_id, n.number
        )),
        (Some(s), None) if s.status == SessionStatus::Completed => {
            suggested.push(format!("noveler complete {ep}"));
            suggested.push(format!("noveler check {ep}"));
            suggested.push(format!("noveler plot {}", ep + 1));
        }
        (Some(s), _) if s.status == SessionStatus::Abandoned => {
            suggested.push(format!(
                "noveler write resume {ep} --session {}",
                s.session_id
            ));
            suggested.push(format!("noveler write {ep} --new"));
        }
        _ => suggested.push(format!("noveler write {ep}")),
    }
    for c in &corrupt {
        suggested.push(format!(
            "noveler write recover {ep} --session {}",
            c.session_id
        ));
    }
    Ok(StatusOutcome {
        episode: ep,
        session_id: detail.as_ref().map(|s| s.session_id.clone()),
        progress: detail.as_ref().map(Progress::of),
        session: detail,
        sessions,
        corrupt_sessions: corrupt,
        lock_held: lock::episode_lock_held(root, ep, lock::Scope::Writing),
        next_step: next.map(|n| n.number),
        next_stage: next.map(|n| n.id.to_string()),
        suggested_actions: suggested,
    })
}

/// Result of `resume`: the current stage, plus where the session stood.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct ResumeOutcome {
    #[serde(flatten)]
    pub write: WriteOutcome,
    pub resumed_from_stage: Option<u8>,
    pub remaining_stages: Vec<String>,
    /// The session had been abandoned and is in progress again.
    pub reactivated: bool,
}

/// The session of `ep` to resume when none was named: the only one there is. None, or
/// several, is an error that lists them (U001).
pub fn only_session(root: &Path, ep: u32) -> Result<String> {
    let ids: Vec<String> = session::list(root)
        .into_iter()
        .filter_map(|l| match l {
            Listed::Ok(s) if s.episode == ep => Some(s.session_id.clone()),
            _ => None,
        })
        .collect();
    match ids.as_slice() {
        [one] => Ok(one.clone()),
        [] => Err(Error::new(
            Code::U001,
            format!("第{ep}話の執筆セッションはありません"),
        )
        .hint(format!("noveler write {ep} で始めてください。"))
        .suggest(format!("noveler write {ep}"))),
        several => Err(Error::new(
            Code::U001,
            format!(
                "第{ep}話の執筆セッションが {} 件あります: {}",
                several.len(),
                several.join("、")
            ),
        )
        .hint(format!(
            "再開するセッションを --session で指定してください（noveler write status {ep} で一覧を見られます）。"
        ))
        .suggest(format!("noveler write status {ep}"))),
    }
}

/// Continues session `id` of `ep` from its current stage (an abandoned session is
/// reactivated when no other session of the episode is in progress).
pub fn resume(ctx: &Ctx, ep: u32, id: &str, dry_run: bool) -> Result<ResumeOutcome> {
    let root = &ctx.root;
    // The project is loaded (once) where the resume first needs it.
    let pc = ProjectCtx::new(root);
    let run = |held: Option<&lock::EpisodeLock>| {
        let mut sessions = Sessions::new(root);
        let mut s = sessions.load(id)?;
        if s.episode != ep {
            return Err(wrong_episode(&s, ep));
        }
        let mut reactivated = false;
        if s.status == SessionStatus::Abandoned {
            if let Some(active) = sessions.find_active(ep)? {
                return Err(second_writer(ep, &active));
            }
            s.status = SessionStatus::InProgress;
            s.refresh_current();
            reactivated = true;
            if let Some(held) = held.filter(|_| !dry_run) {
                s.last_updated = now(&ctx.clock);
                sessions.save(held, &s)?;
            }
        }
        let opts = OpenOptions {
            episode: ep,
            session_id: Some(id.to_string()),
            dry_run,
            ..Default::default()
        };
        let write = if dry_run && reactivated {
            // Nothing was saved: render from the in-memory session.
            let env = Env::for_session(&pc, &sessions, &s)?;
            let stage = s.next_stage();
            let prompt = match stage {
                Some(st) => Some(render_stage(&env, &s, st)?),
                None => None,
            };
            WriteOutcome {
                session_id: s.session_id.clone(),
                episode: ep,
                dry_run,
                new_session: false,
                status: s.status,
                progress: Progress::of(&s),
                stage: prompt,
                next_step: stage.map(|n| n.number),
                next_stage: stage.map(|n| n.id.to_string()),
                artifacts: s.artifacts.clone(),
                session_file: shown_path(root, &session::path_of(root, id)),
                suggested_actions: suggestions(&s, stage),
                warnings: Vec::new(),
                sources: env.docs.iter().filter_map(|d| d.file_ref.clone()).collect(),
                written: Vec::new(),
            }
        } else {
            show_locked(held, &pc, &mut sessions, &opts, None, None, ctx)?
        };
        let remaining = STAGES
            .iter()
            .filter(|st| !write.progress.completed_stages.iter().any(|c| c == st.id))
            .filter(|st| !s.is_skipped(st))
            .map(|st| st.id.to_string())
            .collect();
        Ok(ResumeOutcome {
            resumed_from_stage: write.next_step,
            remaining_stages: remaining,
            reactivated,
            write,
        })
    };
    if dry_run {
        run(None)
    } else {
        lock::with_episode_lock(root, ep, lock::Scope::Writing, |held| run(Some(held)))
    }
}

/// Marks session `id` abandoned, freeing the episode for a new session.
pub fn abandon(ctx: &Ctx, ep: u32, id: &str) -> Result<SessionSummary> {
    let root = &ctx.root;
    lock::with_episode_lock(root, ep, lock::Scope::Writing, |held| {
        let mut s = session::load(root, id)?;
        if s.episode != ep {
            return Err(wrong_episode(&s, ep));
        }
        if s.status == SessionStatus::InProgress {
            s.status = SessionStatus::Abandoned;
            s.last_updated = now(&ctx.clock);
            session::save(held, root, &s)?;
        }
        Ok(SessionSummary::of(&s))
    })
}
