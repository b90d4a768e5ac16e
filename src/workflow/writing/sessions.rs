//! Sessions of an episode: find, open, show.

use super::*;
use crate::next::NextStep;
use std::cell::OnceCell;

// Sessions of an episode.

/// The writing sessions as one call sees them: listed (every session file read once) on
/// first use, and kept up to date with what the call saves, so a transaction (a submission
/// and the show after it) reads each session file once however many questions it asks.
/// Built inside the episode's writer lock, it is what the disk holds for the lock's span.
pub struct Sessions {
    root: PathBuf,
    listed: OnceCell<Vec<Listed>>,
}

impl Sessions {
    /// The sessions of the project at `root`, not read yet.
    pub fn new(root: &Path) -> Sessions {
        Sessions {
            root: root.to_path_buf(),
            listed: OnceCell::new(),
        }
    }

    fn listed(&self) -> &[Listed] {
        self.listed.get_or_init(|| session::list(&self.root))
    }

    /// Session `id`, with the errors of `session::load` (U001 for an id of another shape,
    /// U005 for none, QC-005 for a damaged file).
    pub fn load(&self, id: &str) -> Result<Session> {
        if session::STORE.is_id(id) {
            for l in self.listed() {
                match l {
                    Listed::Ok(s) if s.session_id == id => return Ok((**s).clone()),
                    Listed::Corrupt { id: cid, error, .. } if cid == id => {
                        return Err((**error).clone())
                    }
                    _ => {}
                }
            }
        }
        // An invalid id, or none on disk: the error `load` gives (U001 / U005).
        session::load(&self.root, id)
    }

    /// The session of `ep` in progress, if any. A damaged session file that belongs (or
    /// may belong) to `ep` is QC-005: it might be the active writer.
    pub(crate) fn find_active(&self, ep: u32) -> Result<Option<Session>> {
        let mut active = None;
        for listed in self.listed() {
            match listed {
                Listed::Ok(s) if s.episode == ep && s.status == SessionStatus::InProgress => {
                    active = Some(s);
                }
                Listed::Corrupt {
                    episode: Some(e),
                    error,
                    ..
                } if *e == ep => return Err((**error).clone()),
                _ => {}
            }
        }
        Ok(active.map(|s| (**s).clone()))
    }

    /// The newest completed session of `ep`.
    fn latest_completed(&self, ep: u32) -> Option<Session> {
        self.listed().iter().rev().find_map(|l| match l {
            Listed::Ok(s) if s.episode == ep && s.status == SessionStatus::Completed => {
                Some((**s).clone())
            }
            _ => None,
        })
    }

    /// The handoff memo of the newest completed session of `ep` (`refs::handoff_of`).
    pub(crate) fn handoff_of(&self, ep: u32) -> Option<PathBuf> {
        refs::handoff_in(&self.root, self.listed(), ep)
    }

    /// Saves `s` (atomically, `session::save`, under the writer lock `held`) and keeps the
    /// view in step; returns the reference of the bytes written.
    pub fn save(&mut self, held: &lock::EpisodeLock, s: &Session) -> Result<crate::store::FileRef> {
        let saved = session::save(held, &self.root, s)?;
        if let Some(listed) = self.listed.get_mut() {
            let pos = listed.iter().position(|l| match l {
                Listed::Ok(x) => x.session_id == s.session_id,
                Listed::Corrupt { id, .. } => *id == s.session_id,
            });
            let entry = Listed::Ok(Box::new(s.clone()));
            match pos {
                Some(i) => listed[i] = entry,
                None => {
                    let at = listed.partition_point(|l| listed_id(l) < s.session_id.as_str());
                    listed.insert(at, entry);
                }
            }
        }
        Ok(saved)
    }
}

fn listed_id(l: &Listed) -> &str {
    match l {
        Listed::Ok(s) => &s.session_id,
        Listed::Corrupt { id, .. } => id,
    }
}

/// The session of `ep` in progress, if any. A damaged session file that belongs (or may
/// belong) to `ep` is QC-005: it might be the active writer.
pub(crate) fn find_active(root: &Path, ep: u32) -> Result<Option<Session>> {
    Sessions::new(root).find_active(ep)
}

pub(super) fn second_writer(ep: u32, active: &Session) -> Error {
    Error::new(
        Code::QC008,
        format!(
            "第{ep}話には進行中の執筆セッション {} があります（現在 {}）",
            active.session_id, active.current_stage
        ),
    )
    .hint(format!(
        "一つの話を同時に書けるのは一つのセッションだけです。続けるなら noveler write resume {ep} --session {}、やめるなら noveler write abandon {ep} --session {}。",
        active.session_id, active.session_id
    ))
    .suggest(format!("noveler write resume {ep} --session {}", active.session_id))
    .alternative(format!("noveler write abandon {ep} --session {}", active.session_id))
    .details(json!({"active_session_id": active.session_id, "current_stage": active.current_stage}))
}

pub(super) fn wrong_episode(s: &Session, ep: u32) -> Error {
    Error::new(
        Code::U001,
        format!(
            "セッション {} は第{}話のものです（指定は第{ep}話）",
            s.session_id, s.episode
        ),
    )
    .hint("話数かセッションIDを確認してください。")
    .suggest(format!("noveler write status {}", s.episode))
}

/// Opens the session `opts` asks for, or makes a new one (not saved here).
fn open(sessions: &Sessions, opts: &OpenOptions, clock: &Clock) -> Result<(Session, bool)> {
    let ep = opts.episode;
    if let Some(id) = &opts.session_id {
        let s = sessions.load(id)?;
        if s.episode != ep {
            return Err(wrong_episode(&s, ep));
        }
        if s.status == SessionStatus::Abandoned {
            return Err(
                Error::new(Code::QC001, format!("セッション {id} は中止されています"))
                    .hint(format!(
                        "再開するには noveler write resume {ep} --session {id}。"
                    ))
                    .suggest(format!("noveler write resume {ep} --session {id}")),
            );
        }
        if s.status == SessionStatus::InProgress {
            if let Some(active) = sessions.find_active(ep)? {
                if active.session_id != s.session_id {
                    return Err(second_writer(ep, &active));
                }
            }
        }
        return Ok((s, false));
    }
    match sessions.find_active(ep)? {
        Some(active) if opts.new_session => Err(second_writer(ep, &active)),
        Some(active) => Ok((active, false)),
        None => {
            // The episode was written already: show that (a new run needs --new).
            if !opts.new_session {
                if let Some(done) = sessions.latest_completed(ep) {
                    return Ok((done, false));
                }
            }
            let created = now(clock);
            let salt = format!("{}:{:?}", std::process::id(), std::time::Instant::now());
            let mut s = Session::new(session::new_id(&created, ep, &salt), ep, &created);
            s.options.word_count_target = opts.word_count_target;
            s.options.plot_from_caller = opts.plot_content.is_some();
            Ok((s, true))
        }
    }
}

/// Stores the current auto-artifacts and puts them in the session; warns about inputs
/// that changed since the session last saw them.
fn refresh_artifacts(
    env: &Env,
    s: &mut Session,
    dry_run: bool,
    clock: &Clock,
) -> Result<Vec<String>> {
    let mut warnings = Vec::new();
    let stored = refs::store_docs(&env.docs, &env.root, s.episode, dry_run, clock)?;
    let mut refs = Vec::new();
    for (d, r) in env.docs.iter().zip(stored) {
        if d.key != "summary" && !s.artifacts.is_empty() {
            let before = s
                .artifacts
                .iter()
                .find(|a| a.key == r.key && a.source_file == r.source_file);
            match before {
                Some(b) if b.artifact_id != r.artifact_id => warnings.push(format!(
                    "{} が更新されたため参照を新しくしました（{} → {}）",
                    r.label, b.artifact_id, r.artifact_id
                )),
                None => warnings.push(format!("{} を参照に加えました", r.label)),
                _ => {}
            }
        }
        refs.push(r);
    }
    s.artifacts = refs;
    Ok(warnings)
}

pub(super) fn write_json(root: &Path, rel_path: &str, value: &Value) -> Result<()> {
    let bytes = serde_json::to_vec_pretty(value)
        .map_err(|e| Error::new(Code::R002, format!("JSON化に失敗: {e}")))?;
    write_atomic(&root.join(rel_path), &bytes)
}

fn manifest(s: &Session) -> Value {
    json!({
        "session_id": s.session_id,
        "episode": s.episode,
        "created_at": s.created_at,
        "options": s.options,
    })
}

pub(super) fn suggestions(s: &Session, stage: Option<&StageDef>) -> Vec<String> {
    let ep = s.episode;
    let id = &s.session_id;
    let steps = match stage {
        Some(st) => vec![
            submit_step(s, st),
            NextStep::command(&format!("write status {ep} --session {id}"))
                .why("セッションの進み具合を見る"),
        ],
        // The flow is done: publishing goes through the completion gate (issue 15).
        None => vec![
            NextStep::new("noveler_complete")
                .arg("episode", ep)
                .why("品質ゲートを通して完了する"),
            NextStep::new("noveler_check")
                .arg("episode", ep)
                .why("書き上げた話を確認する"),
            NextStep::new("noveler_plot")
                .arg("episode", ep + 1)
                .why("次の話のプロットを作る"),
            NextStep::new("noveler_write")
                .arg("episode", ep)
                .arg("new_session", true)
                .why("この話を書き直す"),
        ],
    };
    steps.iter().map(NextStep::to_wire).collect()
}

/// Submitting `stage`'s output: the call with the output left for the agent (`"<出力>"`).
pub(crate) fn submit_step(s: &Session, stage: &StageDef) -> NextStep {
    NextStep::new("write_stage")
        .arg("episode", s.episode)
        .arg("stage", stage.number)
        .arg("session_id", s.session_id.as_str())
        .arg("submission", "<出力>")
        .why("プロンプトに従った出力を送る")
}

/// Shows `stage` (or the session's current stage) of the episode, starting a session when
/// there is none. Outside a dry run the prompt is logged to `.noveler/writes/<id>/`.
pub fn show(
    ctx: &Ctx,
    opts: &OpenOptions,
    stage: Option<&'static StageDef>,
) -> Result<WriteOutcome> {
    let root = &ctx.root;
    // The project is loaded (once) where the show first needs it.
    let pc = ProjectCtx::new(root);
    if opts.dry_run {
        return show_locked(None, &pc, &mut Sessions::new(root), opts, stage, None, ctx);
    }
    lock::with_episode_lock(root, opts.episode, lock::Scope::Writing, |held| {
        show_locked(
            Some(held),
            &pc,
            &mut Sessions::new(root),
            opts,
            stage,
            None,
            ctx,
        )
    })
}

/// Submits `sub` and then shows the stage after it, as one transaction under one hold of
/// the episode's writer lock (no other writer can slip in between). `between` runs after
/// the submission is saved and before the show (progress, cancellation); it gets the
/// session id the submission went to and returns how to open the session for the show.
///
/// One of each per transaction: the project is loaded once (`ProjectCtx`), the session
/// files are read once (`Sessions`, built inside the lock and kept in step with the
/// submission's save), and the episode context (plot, settings, sources) is built once
/// and reused by the show (`Env::for_session_reusing`).
pub(crate) fn submit_and_show(
    sub: &SubmitOptions,
    ctx: &Ctx,
    between: impl FnOnce(&SubmitOutcome) -> Result<OpenOptions>,
) -> Result<(SubmitOutcome, WriteOutcome)> {
    let root = &ctx.root;
    let pc = ProjectCtx::new(root);
    let run = |held: Option<&lock::EpisodeLock>| {
        let mut sessions = Sessions::new(root);
        let mut env = None;
        let submitted = submit_locked(held, &pc, &mut sessions, sub, ctx, &mut env)?;
        let opts = between(&submitted)?;
        let shown = show_locked(held, &pc, &mut sessions, &opts, None, env, ctx)?;
        Ok((submitted, shown))
    };
    if sub.dry_run {
        return run(None);
    }
    lock::with_episode_lock(root, sub.episode, lock::Scope::Writing, |held| {
        run(Some(held))
    })
}

/// `earlier`: an episode context this call already built (by a submission), reused when
/// it fits the session shown. `held`: the writer lock (none in a dry run, which writes
/// nothing).
pub(super) fn show_locked(
    held: Option<&lock::EpisodeLock>,
    pc: &ProjectCtx,
    sessions: &mut Sessions,
    opts: &OpenOptions,
    stage: Option<&'static StageDef>,
    earlier: Option<Env>,
    ctx: &Ctx,
) -> Result<WriteOutcome> {
    // As `submit_locked`: the witness is this episode's writer lock.
    if let Some(held) = held {
        held.covers(opts.episode, lock::Scope::Writing)?;
    }
    let root = pc.root();
    let (mut s, is_new) = open(sessions, opts, &ctx.clock)?;
    if !is_new && opts.word_count_target.is_some() && !opts.dry_run {
        s.options.word_count_target = opts.word_count_target;
    }
    let env = if is_new {
        Env::load(
            pc,
            sessions,
            opts.episode,
            opts.plot_content.as_deref(),
            opts.word_count_target,
        )?
    } else {
        Env::for_session_reusing(pc, sessions, &s, earlier)?
    };
    let mut warnings = refresh_artifacts(&env, &mut s, opts.dry_run, &ctx.clock)?;
    if !is_new && opts.plot_content.is_some() {
        warnings.push(format!(
            "セッション {} は開始済みのため、指定されたプロット内容は使っていません（新しく始めるには --new）",
            s.session_id
        ));
    }
    if opts.draft_only && s.status == SessionStatus::InProgress {
        for st in &STAGES[..7] {
            s.skip(st);
        }
    }
    let target = match stage {
        Some(st) => Some(st),
        None if s.status == SessionStatus::InProgress => s.next_stage(),
        None => None,
    };
    if let Some(st) = target {
        let missing: Vec<String> = STAGES[..usize::from(st.number) - 1]
            .iter()
            .filter(|p| !s.is_completed(p) && !s.is_skipped(p))
            .map(|p| format!("STEP{}", p.number))
            .collect();
        if !missing.is_empty() {
            warnings.push(format!(
                "{} が未完了です。この段階の提出は前の段階を終えてからになります",
                missing.join("・")
            ));
        }
    }
    let mut prompt = match target {
        Some(st) => Some(render_stage(&env, &s, st)?),
        None => None,
    };
    let mut written = Vec::new();
    if let Some(held) = held.filter(|_| !opts.dry_run) {
        if is_new {
            write_json(
                root,
                &format!("{}/manifest.json", session::writes_dir(&s.session_id)),
                &manifest(&s),
            )?;
            if let Some(text) = &opts.plot_content {
                write_atomic(
                    &root.join(plot_content_file(&s.session_id)),
                    text.as_bytes(),
                )?;
            }
        }
        if let (Some(p), Some(st)) = (prompt.as_mut(), target) {
            let dir = session::writes_dir(&s.session_id);
            let prompt_file = format!("{dir}/{}.prompt.md", st.stem());
            let prompt_path = root.join(&prompt_file);
            write_atomic(&prompt_path, p.prompt.as_bytes())?;
            written.push(crate::store::FileRef::from_bytes(
                root,
                &prompt_path,
                p.prompt.as_bytes(),
                "prompt",
            ));
            write_json(
                root,
                &format!("{dir}/{}.input.json", st.stem()),
                &json!({
                    "step": st.number,
                    "stage": st.id,
                    "template": p.template,
                    "inputs": p.inputs,
                    "prompt_stats": p.prompt_stats,
                }),
            )?;
            let rejected = s.prompts.get(st.id).map_or(0, |r| r.rejected);
            s.prompts.insert(
                st.id.to_string(),
                PromptRecord {
                    issued_at: now(&ctx.clock),
                    prompt_file: prompt_file.clone(),
                    template: p.template.clone(),
                    rejected,
                },
            );
            p.prompt_file = Some(prompt_file);
        }
        s.last_updated = now(&ctx.clock);
        written.push(sessions.save(held, &s)?);
    }
    let next = s
        .next_stage()
        .filter(|_| s.status == SessionStatus::InProgress);
    // A project template that could not be used: said where the author reads.
    warnings.extend(prompt.as_ref().and_then(|p| p.template.warning.clone()));
    // Artifacts held in memory (an unwritable `.noveler/artifacts/`): the flow goes on.
    let inputs = prompt.iter().flat_map(|p| &p.inputs);
    warnings.extend(crate::workflow::embed::unwritten_warning(
        &crate::store::artifact::shared(root),
        s.artifacts
            .iter()
            .map(|a| a.artifact_id.as_str())
            .chain(inputs.filter_map(|r| r.artifact_id.as_deref())),
    ));
    Ok(WriteOutcome {
        session_id: s.session_id.clone(),
        episode: s.episode,
        dry_run: opts.dry_run,
        new_session: is_new,
        status: s.status,
        progress: Progress::of(&s),
        stage: prompt,
        next_step: next.map(|n| n.number),
        next_stage: next.map(|n| n.id.to_string()),
        artifacts: s.artifacts.clone(),
        session_file: shown_path(root, &session::path_of(root, &s.session_id)),
        suggested_actions: suggestions(&s, target),
        warnings,
        sources: env.docs.iter().filter_map(|d| d.file_ref.clone()).collect(),
        written,
    })
}
