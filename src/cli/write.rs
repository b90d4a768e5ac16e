//! `noveler write`: staged writing (start/show, submit, resume, status, abandon, tasks,
//! recover). Text output is for an agent working in a shell as much as for the author: the
//! prompt is printed whole, followed by the command that submits its result.

use crate::cli::files::DataFormat;
use crate::cli::files::{read_stdin, user_path};
use crate::cli::{emit, Sink};
use crate::commands::write::{
    self as cmd, EnhancedResumeRequest, EnhancedTasksRequest, WriteAbandonRequest, WriteRequest,
    WriteResumeRequest, WriteStatusRequest, WriteSubmitRequest,
};
use crate::commands::{self, Ctx};
use crate::workflow::recovery::{ResumeFailureOutcome, TasksOutcome};
use crate::workflow::writing::{StatusOutcome, SubmitOutcome, WriteOutcome};
use crate::ExitStatus;
use clap::{Args, Subcommand, ValueHint};

#[derive(Debug, Args)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct WriteArgs {
    #[command(subcommand)]
    pub action: Option<WriteAction>,
    #[command(flatten)]
    pub show: ShowArgs,
}

/// `noveler write EP`: start a session, or show the next stage of the one in progress.
#[derive(Debug, Args)]
pub struct ShowArgs {
    /// Episode number
    #[arg(required = true)]
    pub episode: Option<u32>,
    /// Show this step (1-10) instead of the current one
    #[arg(long, conflicts_with = "stage")]
    pub step: Option<u32>,
    /// Show this stage, by name (plot_data_preparation ... finalize_manuscript) or number
    #[arg(long)]
    pub stage: Option<String>,
    /// Session to continue (default: the episode's session in progress)
    #[arg(long, value_name = "ID")]
    pub session: Option<String>,
    /// Start a new session (refused while another one is in progress)
    #[arg(long = "new")]
    pub new_session: bool,
    /// Go straight to the manuscript (stage 8), recording the open design stages as skipped
    #[arg(long)]
    pub draft: bool,
    /// Use this plot instead of the episode's plot file (new sessions)
    #[arg(long, value_name = "FILE", value_hint = ValueHint::FilePath)]
    pub plot_file: Option<String>,
    /// Target length in characters (default: middle of the project's target range)
    #[arg(long, value_name = "CHARS")]
    pub word_count_target: Option<u32>,
    /// Render only: write nothing (no session, artifacts, logs or result file)
    #[arg(long)]
    pub dry_run: bool,
    #[arg(long, value_enum, default_value = "text")]
    pub format: DataFormat,
}

#[derive(Debug, Subcommand)]
pub enum WriteAction {
    /// Submit a stage's output (JSON/YAML; for stage 8 also a bare manuscript .md)
    Submit {
        /// Episode number
        episode: u32,
        /// Session (default: the episode's session in progress)
        #[arg(long, value_name = "ID")]
        session: Option<String>,
        /// Stage number or name (default: the session's current stage)
        #[arg(long)]
        stage: Option<String>,
        /// File holding the output, or `-` for stdin
        #[arg(long, value_name = "FILE", value_hint = ValueHint::FilePath)]
        file: String,
        /// The author's feedback on this stage (e.g. approved)
        #[arg(long)]
        feedback: Option<String>,
        /// Stages 8-10: a criterion of the plan to waive (target_length, must_include:N,
        /// must_avoid:N; repeatable). Stage 10 does not end the session while one is unmet
        /// and not waived
        #[arg(long, value_name = "CRITERION")]
        waive: Vec<String>,
        /// Validate only: write nothing
        #[arg(long)]
        dry_run: bool,
        #[arg(long, value_enum, default_value = "text")]
        format: DataFormat,
    },
    /// Continue an interrupted (or abandoned) session from its current stage
    Resume {
        /// Episode number
        episode: u32,
        /// The session to resume (default: the episode's only session)
        #[arg(long, value_name = "ID")]
        session: Option<String>,
        #[arg(long)]
        dry_run: bool,
        #[arg(long, value_enum, default_value = "text")]
        format: DataFormat,
    },
    /// Sessions of an episode and the progress of one
    Status {
        /// Episode number
        episode: u32,
        #[arg(long, value_name = "ID")]
        session: Option<String>,
        #[arg(long, value_enum, default_value = "text")]
        format: DataFormat,
    },
    /// Stop a session, freeing the episode for a new one
    Abandon {
        /// Episode number
        episode: u32,
        #[arg(long, value_name = "ID")]
        session: String,
        #[arg(long, value_enum, default_value = "text")]
        format: DataFormat,
    },
    /// The ten tasks with progress and diagnostics (enhanced_get_writing_tasks)
    Tasks {
        /// Episode number
        episode: u32,
        #[arg(long, value_enum, default_value = "text")]
        format: DataFormat,
    },
    /// Rebuild a damaged session and replay logged outputs from a step
    /// (enhanced_resume_from_partial_failure)
    Recover {
        /// Episode number
        episode: u32,
        /// First step to replay (0 = from the start)
        #[arg(long, default_value_t = 0)]
        from: u32,
        #[arg(long, value_name = "ID")]
        session: Option<String>,
        #[arg(long, value_enum, default_value = "text")]
        format: DataFormat,
    },
}

fn no_save(ctx: &Ctx, dry_run: bool) -> Ctx {
    let mut c = ctx.clone();
    if dry_run {
        c.save = false;
    }
    c
}

// Long on purpose: one match arm per sub-verb.
pub fn run(ctx: &Ctx, args: WriteArgs, sink: &Sink) -> ExitStatus {
    // Outside a project there is no plot to write from: say so before any lock file or
    // `.noveler/` is made in a stranger's directory.
    if !crate::cli::is_project(&ctx.root) {
        sink.error(&crate::cli::not_a_project(&ctx.root));
        return ExitStatus::Error;
    }
    match args.action {
        None => show(ctx, args.show, sink),
        Some(WriteAction::Submit {
            episode,
            session,
            stage,
            file,
            feedback,
            waive,
            dry_run,
            format,
        }) => {
            let c = no_save(ctx, dry_run);
            let (content, file) = if file == "-" {
                match read_stdin() {
                    Ok(t) => (Some(t), None),
                    Err(e) => {
                        let out = commands::execute(&c, commands::write::SUBMIT, |_| {
                            Err::<cmd::WriteSubmitReport, _>(e)
                        });
                        return emit(sink, &out, format.format(), |_| String::new());
                    }
                }
            } else {
                (None, Some(user_path(&file)))
            };
            let req = WriteSubmitRequest {
                episode,
                session_id: session,
                stage,
                submission: None,
                content,
                file,
                feedback,
                waive,
                dry_run,
            };
            let out = commands::execute(&c, commands::write::SUBMIT, |c| cmd::submit(c, req));
            emit(sink, &out, format.format(), |r| submit_text(&r.outcome))
        }
        Some(WriteAction::Resume {
            episode,
            session,
            dry_run,
            format,
        }) => {
            let c = no_save(ctx, dry_run);
            let req = WriteResumeRequest {
                episode,
                session_id: session.unwrap_or_default(),
                dry_run,
            };
            let out = commands::execute(&c, commands::write::RESUME, |c| cmd::resume(c, req));
            emit(sink, &out, format.format(), |r| {
                let mut t = format!(
                    "再開: STEP{} から（残り {} 段階）{}\n",
                    r.outcome
                        .resumed_from_stage
                        .map_or("-".into(), |n| n.to_string()),
                    r.outcome.remaining_stages.len(),
                    if r.outcome.reactivated {
                        "（中止していたセッションを再開）"
                    } else {
                        ""
                    }
                );
                t.push_str(&show_text(&r.outcome.write));
                t
            })
        }
        Some(WriteAction::Status {
            episode,
            session,
            format,
        }) => {
            let req = WriteStatusRequest {
                episode,
                session_id: session,
            };
            let out = commands::execute(ctx, commands::write::STATUS, |c| cmd::status(c, req));
            emit(sink, &out, format.format(), |r| status_text(&r.outcome))
        }
        Some(WriteAction::Abandon {
            episode,
            session,
            format,
        }) => {
            let req = WriteAbandonRequest {
                episode,
                session_id: session,
            };
            let out = commands::execute(ctx, commands::write::ABANDON, |c| cmd::abandon(c, req));
            emit(sink, &out, format.format(), |r| {
                format!(
                    "セッション {} を中止しました（{} 段階完了）\n次: {}\n",
                    r.session_id,
                    r.session.completed,
                    r.suggested_actions
                        .iter()
                        .map(|a| crate::output::hint::to_cli(a))
                        .collect::<Vec<_>>()
                        .join(" / ")
                )
            })
        }
        Some(WriteAction::Tasks { episode, format }) => {
            let req = EnhancedTasksRequest { episode };
            let out = commands::execute(ctx, crate::commands::write::TASKS, |c| {
                cmd::enhanced_tasks(c, req)
            });
            emit(sink, &out, format.format(), |r| tasks_text(&r.outcome))
        }
        Some(WriteAction::Recover {
            episode,
            from,
            session,
            format,
        }) => {
            let req = EnhancedResumeRequest {
                episode,
                recovery_point: from,
                session_id: session,
            };
            let out = commands::execute(ctx, crate::commands::write::RESUME_FAILURE, |c| {
                cmd::enhanced_resume(c, req)
            });
            emit(sink, &out, format.format(), |r| recover_text(&r.outcome))
        }
    }
}

fn show(ctx: &Ctx, a: ShowArgs, sink: &Sink) -> ExitStatus {
    let c = no_save(ctx, a.dry_run);
    let plot_content = match &a.plot_file {
        Some(f) => match crate::workflow::submission::read_text(&ctx.root, &user_path(f)) {
            Ok((text, _)) => Some(text),
            Err(e) => {
                let out =
                    commands::execute(&c, commands::write::NAME, |_| Err::<cmd::WriteReport, _>(e));
                return emit(sink, &out, a.format.format(), |_| String::new());
            }
        },
        None => None,
    };
    let req = WriteRequest {
        episode: a.episode.unwrap_or(0),
        session_id: a.session,
        step: a.step,
        stage: a.stage,
        new_session: a.new_session,
        dry_run: a.dry_run,
        plot_content,
        word_count_target: a.word_count_target,
        draft_only: a.draft,
        ..Default::default()
    };
    let out = commands::execute(&c, commands::write::NAME, |c| cmd::run(c, req));
    emit(sink, &out, a.format.format(), |r| show_text(&r.outcome))
}

fn progress_line(done: usize, skipped: usize, total: u8) -> String {
    if skipped > 0 {
        format!("{done}/{total} 完了（{skipped} 省略）")
    } else {
        format!("{done}/{total} 完了")
    }
}

/// Text of `noveler write EP`.
pub(crate) fn show_text(o: &WriteOutcome) -> String {
    let mut t = String::new();
    let dry = if o.dry_run {
        "（ドライラン：何も保存していません）"
    } else {
        ""
    };
    let new = if o.new_session { "（新規）" } else { "" };
    t.push_str(&format!(
        "第{:03}話 セッション {}{new}{dry}\n進捗: {}\n",
        o.episode,
        o.session_id,
        progress_line(o.progress.completed, o.progress.skipped, o.progress.total)
    ));
    for w in &o.warnings {
        t.push_str(&format!("警告: {w}\n"));
    }
    match &o.stage {
        Some(s) => {
            let st = &s.prompt_stats;
            t.push_str(&format!(
                "STEP {}/10 {}（想定 {} ターン） テンプレート {} v{}（{}）\n",
                s.step,
                s.title,
                s.expected_turns,
                s.template.name,
                s.template.version,
                match s.template.template_source {
                    crate::workflow::templates::TemplateSource::Project => "project",
                    crate::workflow::templates::TemplateSource::Embedded => "embedded",
                }
            ));
            t.push_str(&format!(
                "参照 {} 件: プロンプト {} バイト（貼り付けなら {} バイト、削減 {:.1}%）\n",
                st.artifacts_referenced,
                st.referenced_bytes,
                st.pasted_bytes,
                st.prompt_reduction_pct
            ));
            t.push('\n');
            t.push_str(&s.prompt);
            if !s.prompt.ends_with('\n') {
                t.push('\n');
            }
            t.push_str(&format!("\n次: {}\n", s.submit.cli));
        }
        None => {
            t.push_str("全段階が完了しています。\n");
            for a in &o.suggested_actions {
                t.push_str(&format!("次: {}\n", crate::output::hint::to_cli(a)));
            }
        }
    }
    t
}

/// Text of `noveler write submit`.
pub(crate) fn submit_text(o: &SubmitOutcome) -> String {
    let mut t = String::new();
    if o.dry_run {
        t.push_str(&format!(
            "STEP{}（{}）の提出は出力形式に合っています（ドライラン：保存していません）\n",
            o.step, o.stage
        ));
    } else {
        t.push_str(&format!(
            "STEP{}（{}）を受け付けました — セッション {}（{} 回目の提出）\n",
            o.step, o.stage, o.session_id, o.attempts
        ));
    }
    if let Some(f) = &o.output_file {
        t.push_str(&format!("記録: {f}（{}）\n", o.artifact_id));
    }
    if let Some(m) = &o.manuscript {
        t.push_str(&format!("原稿: {}（正味 {} 字", m.path, m.body_chars));
        if let Some(c) = &m.check {
            t.push_str(&format!(
                "、スコア {}、指摘 {} 件、目標 {}〜{} 字",
                c.score.map_or(
                    "なし（短すぎて採点できません）".into(),
                    |s| format!("{s:.1}")
                ),
                c.findings,
                c.target_min,
                c.target_max
            ));
        }
        t.push_str("）\n");
        if m.unchanged {
            t.push_str("  内容は前の版と同じため書き換えていません\n");
        }
        for b in &m.backups {
            t.push_str(&format!(
                "  バックアップ: {b}（noveler backup restore {b}）\n"
            ));
        }
        for r in &m.removed {
            t.push_str(&format!("  旧ファイルを置き換え: {r}\n"));
        }
    }
    for w in &o.warnings {
        t.push_str(&format!("警告: {w}\n"));
    }
    if o.held_back() {
        let unmet = o.criteria.as_ref().map_or(0, |c| c.unmet.len());
        t.push_str(&format!(
            "STEP10 は完了にしていません: 計画の条件 {unmet} 件を満たしていません。原稿を直して STEP10 を出し直すか、承知のうえで --waive で免除してください（セッションに記録します）\n"
        ));
    }
    t.push_str(&format!(
        "進捗: {}\n",
        progress_line(o.progress.completed, o.progress.skipped, o.progress.total)
    ));
    for a in &o.suggested_actions {
        t.push_str(&format!("次: {}\n", crate::output::hint::to_cli(a)));
    }
    t
}

/// Text of `noveler write status`.
pub(crate) fn status_text(o: &StatusOutcome) -> String {
    let mut t = format!("第{:03}話の執筆セッション\n", o.episode);
    if o.sessions.is_empty() && o.corrupt_sessions.is_empty() {
        t.push_str("  （なし）\n");
    }
    for s in &o.sessions {
        let status = serde_json::to_value(s.status)
            .ok()
            .and_then(|v| v.as_str().map(str::to_string))
            .unwrap_or_default();
        t.push_str(&format!(
            "  {}  {:<11} {}/10  {}{}\n",
            s.session_id,
            status,
            s.completed,
            s.current_stage,
            s.quality_score
                .map_or(String::new(), |q| format!("  スコア {q:.1}"))
        ));
    }
    for c in &o.corrupt_sessions {
        t.push_str(&format!(
            "  {}  壊れています: {}\n",
            c.session_id,
            c.error["message"].as_str().unwrap_or_default()
        ));
    }
    if o.lock_held {
        t.push_str("いま別の処理がこの話を書き込み中です\n");
    }
    if let (Some(s), Some(p)) = (&o.session, &o.progress) {
        t.push_str(&format!(
            "\nセッション {}: {}（現在 {}）\n",
            s.session_id,
            progress_line(p.completed, p.skipped, p.total),
            s.current_stage
        ));
        for st in &crate::workflow::stages::STAGES {
            let mark = if s.is_completed(st) {
                "✓"
            } else if s.is_skipped(st) {
                "-"
            } else if s.current_stage == st.id {
                "▶"
            } else {
                " "
            };
            let extra = s
                .stage_outputs
                .get(st.id)
                .map(|o| {
                    let mut e = String::new();
                    if let Some(q) = o.quality_score {
                        e.push_str(&format!("  スコア {q:.1}"));
                    }
                    if let Some(x) = o.execution_time {
                        e.push_str(&format!("  {x:.1} 秒"));
                    }
                    e
                })
                .unwrap_or_default();
            t.push_str(&format!(
                "  {mark} STEP{:>2} {}{extra}\n",
                st.number, st.title
            ));
        }
        if let Some(m) = &s.manuscript {
            t.push_str(&format!("原稿: {}\n", m.path));
        }
    }
    for a in &o.suggested_actions {
        t.push_str(&format!("次: {}\n", crate::output::hint::to_cli(a)));
    }
    t
}

/// Text of `noveler write tasks`.
pub(crate) fn tasks_text(o: &TasksOutcome) -> String {
    let mut t = format!(
        "第{:03}話 タスク（セッション {}）進捗 {:.0}%\n",
        o.episode,
        o.session_id.as_deref().unwrap_or("なし"),
        o.progress.percentage
    );
    for task in &o.tasks {
        t.push_str(&format!(
            "  STEP{:>2} {:<10} {}  {}\n",
            task.step,
            task.status.as_str(),
            task.title,
            task.command
        ));
    }
    if !o.diagnostics.is_empty() {
        t.push_str("診断:\n");
        for d in &o.diagnostics {
            t.push_str(&format!(
                "  [{}] {} {}{}\n",
                d.level,
                d.code,
                d.message,
                if d.recoverable {
                    "（復旧可能）"
                } else {
                    ""
                }
            ));
        }
    }
    for a in &o.suggested_actions {
        t.push_str(&format!("次: {}\n", crate::output::hint::to_cli(a)));
    }
    t
}

/// Text of `noveler write recover`.
pub(crate) fn recover_text(o: &ResumeFailureOutcome) -> String {
    let mut t = format!(
        "第{:03}話 セッション {} を STEP{} から再適用しました\n",
        o.episode,
        o.session_id,
        o.recovery_point.max(1)
    );
    for a in &o.recovery_actions {
        t.push_str(&format!("復旧: {}\n", a.message));
    }
    for r in &o.results {
        t.push_str(&format!(
            "  STEP{:>2} {:<17} {}\n",
            r.step,
            r.status.as_str(),
            r.message
        ));
    }
    t.push_str(&format!(
        "進捗: {}\n",
        progress_line(o.progress.completed, o.progress.skipped, o.progress.total)
    ));
    for a in &o.suggested_actions {
        t.push_str(&format!("次: {}\n", crate::output::hint::to_cli(a)));
    }
    t
}
