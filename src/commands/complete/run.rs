//! Running `complete`: gate, ledger, artifact, publish copy — one transaction.

use super::*;
use crate::operations::check::FileResult;
use crate::store::artifact::StoreOutcome;
use crate::store::transaction::Committed;

/// Runs `noveler complete` (today's date from the call's clock, `ctx.clock`).
pub fn run(ctx: &Ctx, req: CompleteRequest) -> Result<CompleteReport> {
    run_with(ctx, req, &mut |_, _| Ok(()))
}

/// `run` with a hook called before each write of the transaction
/// (tests make it fail to prove the rollback). The steps: 1. the gate (`checked`,
/// `judged`), 2. what would be written (`planned`), 3. the locked transaction
/// (`commit`), then what next (`next_actions`).
pub fn run_with(ctx: &Ctx, req: CompleteRequest, before_write: Hook<'_>) -> Result<CompleteReport> {
    let root = &ctx.root;
    let min_score = super::super::score_bound(root, "min_score", req.min_score, DEFAULT_MIN_SCORE)?;
    let project = Project::load(root)?;
    let n = req.episode;
    let manuscript_abs = project.manuscript_path(n)?;
    let manuscript = project.display(&manuscript_abs);

    // 1. The gate.
    let (file, mut inputs) = checked(ctx, &project, &manuscript)?;
    let gate = judged(root, n, &file, min_score, req.force);
    let ledger = Ledger::load(&project)?;
    let Planned {
        mut report,
        publish_rel,
    } = planned(&project, &req, &manuscript_abs, manuscript, gate, &ledger);

    if !report.quality.passed && !report.forced {
        report.auto_publish.message = if req.auto_publish {
            "品質基準に届かないため、公開の準備はしていません（noveler は自動投稿を行いません）。"
                .into()
        } else {
            String::new()
        };
        report.next_actions = gate::refused_actions(n, &report.quality);
        report.inputs = inputs;
        return Ok(report);
    }

    // 2. What would be written.
    let published = publish_text(&file.text, report.format);
    report.conversion = Some(Conversion {
        ruby: published.ruby,
        emphasis: published.emphasis,
    });
    report.warnings.extend(published.warnings.iter().cloned());
    let today = ctx.clock.local_date();
    let completion = Completion {
        episode: n,
        title: report.title.clone(),
        file: report.manuscript.clone(),
        status: "completed".into(),
        completed_on: today.clone(),
        quality_score: report.quality.score.unwrap_or_default(),
        chars: report.length.body_chars as u64,
        forced: report
            .forced
            .then(|| gate::forced_record(&report.quality.refusals)),
    };
    report.completed_on = Some(today);
    report.publish_file = Some(publish_rel.clone());

    if req.dry_run {
        let (_, kept) = ledger.with_completion(&completion)?;
        report.ledger_layout_kept = Some(kept);
        report.auto_publish.message = auto_message(&report, req.auto_publish, true);
        report.next_actions.push(format!(
            "noveler_complete {{\"episode\": {n}}} — dry_run なしで実行すると書き込みます"
        ));
        report.inputs = inputs;
        return Ok(report);
    }

    // 3. The transaction.
    let writes = Writes {
        manuscript_abs: &manuscript_abs,
        publish_rel: &publish_rel,
        publish_text: &published.text,
        completion: &completion,
    };
    commit(
        ctx,
        &project,
        &file,
        &writes,
        &mut report,
        &mut inputs,
        before_write,
    )
    .map_err(|e| {
        if e.code == Code::QC008 {
            e.hint("同じ話への書き込みか完了処理が進行中です。終わってから再実行してください。")
                .details(serde_json::json!({"busy": format!("episode:{n}")}))
        } else {
            e
        }
    })?;
    report.completed = true;
    report.inputs = inputs;
    report.auto_publish.message = auto_message(&report, req.auto_publish, false);
    next_actions(&mut report, &project, &publish_rel);
    Ok(report)
}

/// The deterministic check of the manuscript: its one file result and the files it read.
fn checked(ctx: &Ctx, project: &Project, manuscript: &str) -> Result<(FileResult, Vec<FileRef>)> {
    let mut checked = check::run(
        ctx,
        project,
        CheckRequest {
            targets: vec![Target::Path(manuscript.to_string())],
            exit_zero: true,
            ..Default::default()
        },
    )?;
    if let Some(e) = checked.errors.pop() {
        return Err(e
            .error
            .map(|boxed| *boxed)
            .unwrap_or_else(|| Error::new(Code::U005, e.message.clone())));
    }
    let Some(file) = checked.files.pop() else {
        return Err(Error::new(
            Code::U005,
            format!("{manuscript} を確認できませんでした"),
        ));
    };
    Ok((file, checked.inputs))
}

/// The gate's verdict on the checked manuscript.
struct Gate {
    quality: QualityGate,
    length: LengthInfo,
    criteria: Option<criteria::CriteriaReport>,
    publication_status: PublicationStatus,
    forced: bool,
}

/// Every reason to refuse (the writing plan's promises included), and where the episode
/// stands for publishing.
fn judged(root: &std::path::Path, n: u32, file: &FileResult, min_score: f64, force: bool) -> Gate {
    let score = file.scores.overall;
    let mut by_severity = crate::analysis::severity_tally();
    let mut by_code: BTreeMap<&str, usize> = BTreeMap::new();
    for f in &file.findings {
        crate::analysis::tally_severity(&mut by_severity, f.severity, 1);
        *by_code.entry(f.code.as_str()).or_insert(0) += 1;
    }
    let mut top: Vec<(&str, usize)> = by_code.into_iter().collect();
    top.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    let high_findings = file
        .findings
        .iter()
        .filter(|f| f.severity >= Severity::High)
        .count();
    let ready_score = READY_SCORE.max(min_score);
    let ls = &file.metrics.length_stats;
    let length = LengthInfo {
        body_chars: ls.body_chars,
        target_min: ls.target_min,
        target_max: ls.target_max,
        in_range: ls.in_range,
    };
    let band = (length.target_min, length.target_max);
    let criteria = criteria::for_episode(root, n, &file.text, length.body_chars, band);
    let refusals = gate::refusals(
        score,
        file.scores.reason.as_deref(),
        min_score,
        &length,
        criteria.as_ref(),
    );
    let passed = refusals.is_empty();
    let forced = !passed && force;
    let publication_status = if !passed && !forced {
        PublicationStatus::NeedsImprovement
    } else if forced || high_findings > 0 || score.is_some_and(|s| s < ready_score) {
        PublicationStatus::NeedsReview
    } else {
        PublicationStatus::Ready
    };
    let quality = QualityGate {
        score,
        unscored_reason: file.scores.reason.clone(),
        min_score,
        ready_score,
        passed,
        refusals,
        findings: file.findings.len(),
        high_findings,
        by_severity,
        top_codes: top.iter().take(5).map(|(c, _)| c.to_string()).collect(),
    };
    Gate {
        quality,
        length,
        criteria,
        publication_status,
        forced,
    }
}

/// The report before anything is written, and where the publish copy would go.
struct Planned {
    report: CompleteReport,
    publish_rel: String,
}

fn planned(
    project: &Project,
    req: &CompleteRequest,
    manuscript_abs: &std::path::Path,
    manuscript: String,
    gate: Gate,
    ledger: &Ledger,
) -> Planned {
    let n = req.episode;
    let (format, format_source) = match (req.format, format_from_config(project)) {
        (Some(f), _) => (f, "request"),
        (None, Some(f)) => (f, "project_config"),
        (None, None) => (PublishFormat::default(), "default"),
    };
    let entry = ledger.entry(n).cloned();
    let already_completed = entry.as_ref().is_some_and(|e| e.is_completed());
    let file_name = manuscript_abs
        .file_name()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let title = entry
        .as_ref()
        .and_then(|e| e.title.clone())
        .filter(|t| !t.trim().is_empty())
        .or_else(|| crate::project::layout::episode_of(&file_name).map(|(_, t)| t))
        .unwrap_or_default();
    let stem = manuscript_abs
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| format!("第{n:03}話"));
    let publish_rel = format!(
        "{}/{PUBLISH_DIR}/{}/{stem}.txt",
        project.dirs.management,
        format.as_str()
    );
    let report = CompleteReport {
        episode: n,
        title,
        manuscript,
        format,
        format_source: format_source.into(),
        publication_status: gate.publication_status,
        completed: false,
        already_completed,
        dry_run: req.dry_run,
        quality: gate.quality,
        length: gate.length,
        forced: gate.forced,
        criteria: gate.criteria,
        completed_on: None,
        publish_file: None,
        conversion: None,
        artifacts: Vec::new(),
        manifest_artifact_id: None,
        backup: None,
        ledger_layout_kept: None,
        auto_publish: AutoPublish {
            requested: req.auto_publish,
            performed: false,
            message: String::new(),
        },
        warnings: Vec::new(),
        next_actions: Vec::new(),
        inputs: Vec::new(),
        outputs: Vec::new(),
    };
    Planned {
        report,
        publish_rel,
    }
}

/// What the transaction writes besides the ledger's other entries.
struct Writes<'a> {
    /// The manuscript they are made of (it must not have changed since the check).
    manuscript_abs: &'a std::path::Path,
    publish_rel: &'a str,
    publish_text: &'a str,
    completion: &'a Completion,
}

/// The transaction, under the episode's manuscript lock (shared with every rewriter of the
/// manuscript) and the ledger lock (both in `.noveler/locks/`, never beside the author's
/// files). The manuscript must still be what was checked and converted.
fn commit(
    ctx: &Ctx,
    project: &Project,
    file: &FileResult,
    writes: &Writes<'_>,
    report: &mut CompleteReport,
    inputs: &mut Vec<FileRef>,
    before_write: Hook<'_>,
) -> Result<()> {
    let root = &project.root;
    let manuscript_abs = writes.manuscript_abs;
    let n = report.episode;
    let croot = crate::store::paths::canonical_root(root);
    let manuscript_rel = crate::store::fileref::shown_path(root, manuscript_abs);
    lock::with_manuscript_locks(&croot, &[&manuscript_rel], || {
        lock::with_lock(&lock::named_lock(&croot, "ledger"), || {
            let now = crate::store::text::read_bytes(manuscript_abs)?;
            let actual = crate::analysis::sha256_hex(&now);
            if actual != file.sha256 {
                return Err(Error::new(
                    Code::QC018,
                    format!("{} はチェックしたときから変更されています（sha256 が一致しません）", report.manuscript),
                )
                .hint("もう一度 noveler complete を実行してください（変更後の原稿でチェックし直します）。何も書き込んでいません。")
                .details(serde_json::json!({"expected_sha256": file.sha256, "actual_sha256": actual})));
            }
            // Read the ledger again under the lock: another process may have changed it.
            let ledger = Ledger::load(project)?;
            let (ledger_text, kept) = ledger.with_completion(writes.completion)?;
            report.ledger_layout_kept = Some(kept);
            if !kept {
                report.warnings.push(format!(
                    "{} は書式を保てない形だったため、内容はそのままに整形し直しました（コメントは残っていません。バックアップから確認できます）",
                    ledger.rel
                ));
            }
            if ledger.exists {
                inputs.push(FileRef::from_bytes(
                    root,
                    &ledger.path,
                    ledger.text.as_bytes(),
                    "management",
                ));
            }
            let mut txn = Transaction::new(root, &format!("complete 第{n:03}話"), &ctx.clock);
            txn.write(
                writes.publish_rel.to_string(),
                writes.publish_text.to_string(),
                "publish",
            );
            txn.write(ledger.rel.clone(), ledger_text, "management");
            let mut committed = txn.commit_with(before_write)?;

            let manuscript_ref = inputs
                .iter()
                .find(|r| r.role == "manuscript")
                .cloned()
                .unwrap_or_else(|| {
                    FileRef::from_bytes(root, manuscript_abs, file.text.as_bytes(), "manuscript")
                });
            let stored = store_manifest(root, report, manuscript_ref, &committed, &ctx.clock)?;
            // Publish text, ledger and manifest are all there: the change stands.
            committed.finish()?;
            record_outputs(root, report, &committed, &stored);
            Ok(())
        })
    })
}

/// The manifest of every file involved, as an artifact; if it cannot be stored, the
/// transaction's writes are rolled back and the error says how that went.
fn store_manifest(
    root: &std::path::Path,
    report: &CompleteReport,
    manuscript_ref: FileRef,
    committed: &Committed,
    clock: &crate::store::clock::Clock,
) -> Result<StoreOutcome> {
    let n = report.episode;
    let format = report.format;
    let mut files = vec![manuscript_ref];
    files.extend(committed.files.iter().cloned());
    let manifest = serde_json::json!({
        "kind": "publish_manifest",
        "episode": n,
        "title": report.title,
        "format": format.as_str(),
        "completed_on": report.completed_on,
        "quality_score": report.quality.score,
        "publication_status": report.publication_status,
        "backup_id": committed.backup.as_ref().map(|b| b.backup_id.clone()),
        "noveler_version": crate::VERSION,
        "files": files,
    });
    let content = serde_json::to_string_pretty(&manifest).map_err(|e| {
        Error::new(
            Code::R002,
            format!("マニフェストの JSON 化に失敗しました: {e}"),
        )
    })?;
    let mut tags = BTreeMap::new();
    tags.insert("kind".to_string(), "publish_manifest".to_string());
    tags.insert("episode".to_string(), n.to_string());
    tags.insert("format".to_string(), format.as_str().to_string());
    let stored = crate::store::artifact::shared(root).store(
        &content,
        StoreOptions {
            content_type: Some("json".into()),
            source_file: Some(report.manuscript.clone()),
            description: Some(format!(
                "第{n}話 公開準備マニフェスト（{}）",
                format.as_str()
            )),
            tags,
            source_tool: Some("noveler_complete".into()),
        },
        clock,
    );
    // The manifest is the completion's record: it must be on disk, not held in memory.
    stored
        .and_then(StoreOutcome::require_persisted)
        .map_err(|err| {
            let failed = committed.rollback();
            let note = if failed.is_empty() {
                "書き込んだファイルはすべて元に戻しました".to_string()
            } else {
                format!("元に戻せなかったファイル: {}", failed.join(", "))
            };
            Error::new(err.code, format!("{}（{note}）", err.message)).hint(err.hint.clone())
        })
}

/// The files written and the manifest, in the report and as the call's outputs.
fn record_outputs(
    root: &std::path::Path,
    report: &mut CompleteReport,
    committed: &Committed,
    stored: &StoreOutcome,
) {
    for f in &committed.files {
        report.artifacts.push(CompleteArtifact {
            kind: if f.role == "publish" {
                "publish_text".into()
            } else {
                "management".into()
            },
            path: f.path.clone(),
            sha256: f.sha256.clone(),
            size_bytes: f.size_bytes,
            artifact_id: None,
        });
    }
    let manifest_ref = FileRef::from_bytes(
        root,
        &root.join(&stored.path),
        &stored.file_bytes,
        "manifest",
    );
    report.artifacts.push(CompleteArtifact {
        kind: "manifest".into(),
        path: stored.path.clone(),
        sha256: manifest_ref.sha256.clone(),
        size_bytes: manifest_ref.size_bytes,
        artifact_id: Some(stored.metadata.artifact_id.clone()),
    });
    report.manifest_artifact_id = Some(stored.metadata.artifact_id.clone());
    report.outputs = committed.files.clone();
    report.outputs.push(manifest_ref);
    report.backup = committed.backup.clone();
}

/// What next, once the episode is completed.
fn next_actions(report: &mut CompleteReport, project: &Project, publish_rel: &str) {
    let n = report.episode;
    let title = if report.title.is_empty() {
        "（未設定）"
    } else {
        &report.title
    };
    let paste = format!(
        "{} を{}の投稿画面に貼り付ける（話タイトル: {}）",
        publish_rel,
        site_name(report.format),
        title
    );
    report.next_actions.push(paste);
    if report.publication_status == PublicationStatus::NeedsReview {
        report.next_actions.push(format!(
            "noveler_check {{\"episode\": {n}}} — 投稿前に残りの指摘（high 以上 {} 件）を確認する",
            report.quality.high_findings
        ));
    }
    let next = n + 1;
    match project.manuscript_path(next) {
        Ok(_) => report.next_actions.push(format!(
            "noveler_complete {{\"episode\": {next}}} — 次の話も仕上げる"
        )),
        Err(_) => report.next_actions.push(format!(
            "noveler_write {{\"episode\": {next}}} — 次の話を書く"
        )),
    }
    report
        .next_actions
        .push("status {} — 全体の進み具合を見る".into());
}
fn auto_message(r: &CompleteReport, requested: bool, dry_run: bool) -> String {
    let file = r.publish_file.as_deref().unwrap_or_default();
    let site = site_name(r.format);
    let verb = if dry_run {
        "用意する予定です"
    } else {
        "用意しました"
    };
    if requested {
        format!(
            "自動投稿は行いません: noveler はネットワークに接続しないため、投稿の準備（公開用テキスト {file} とマニフェスト）までを{verb}。{site}の投稿画面に貼り付けて公開してください。"
        )
    } else {
        format!("公開用テキスト {file} を{verb}（{site}向け）。")
    }
}
