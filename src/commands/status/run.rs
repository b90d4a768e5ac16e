//! Running `status`: one check over every episode, then each section of the report from
//! the rows it gave.

use super::*;

/// Runs `noveler status`. The steps: the ledger (`ledger_of`), the check over every
/// episode (`checked`), one row per manuscript (`episode_rows`), then the sections that
/// read the rows (`quality_summary`, `remaining_work`, `latest_rhythm`, `next_actions`).
pub fn run(ctx: &Ctx, req: StatusRequest) -> Result<StatusReport> {
    let root = &ctx.root;
    let threshold = super::super::score_bound(root, "threshold", req.threshold, DEFAULT_THRESHOLD)?;
    let project = Project::load(root)?;
    let mut warnings = Vec::new();
    let mut refs: Vec<FileRef> = project.config_refs("config");
    let ledger = ledger_of(&project, &mut refs, &mut warnings);
    let checked = checked(ctx, &project, req.no_cache, &mut refs)?;
    let (rows, by_severity) = episode_rows(&project, &checked, ledger.as_ref());

    // Episodes (distinct numbers) and their status.
    let numbers: BTreeSet<u32> = rows.iter().map(|r| r.episode).collect();
    let ambiguous_episodes: Vec<u32> = numbers
        .iter()
        .copied()
        .filter(|n| rows.iter().filter(|r| r.episode == *n).count() > 1)
        .collect();
    let completed_numbers: BTreeSet<u32> = rows
        .iter()
        .filter(|r| r.status == EpisodeState::Completed)
        .map(|r| r.episode)
        .collect();
    let total_episodes = numbers.len();
    let completed_episodes = completed_numbers.len();
    let draft_episodes = total_episodes - completed_episodes;
    let total_body_chars = rows.iter().filter_map(|r| r.body_chars).sum();

    let quality_summary = quality_summary(&rows, threshold, by_severity);
    let remaining = remaining_work(
        &project,
        &rows,
        &numbers,
        draft_episodes,
        quality_summary.episodes_below_threshold.len(),
    );
    let estimated_remaining_work = describe_remaining(&remaining, total_episodes, threshold);
    let completion_rate = if total_episodes == 0 {
        0.0
    } else {
        metrics::round4(completed_episodes as f64 / total_episodes as f64)
    };
    let recent_activity =
        recent_activity(root, ledger.as_ref(), req.recent.unwrap_or(DEFAULT_RECENT));
    let latest_rhythm = latest_rhythm(&project, &rows, &checked.results, &recent_activity);
    let next_actions = next_actions(
        &project,
        &rows,
        &quality_summary,
        &remaining,
        total_episodes,
    );
    if !ambiguous_episodes.is_empty() {
        warnings.push(format!(
            "同じ話数の原稿が複数あります: {}",
            ambiguous_episodes
                .iter()
                .map(|n| format!("第{n}話"))
                .collect::<Vec<_>>()
                .join("、")
        ));
    }

    let target = project.settings.target_length;
    let project_name = project
        .config
        .name
        .clone()
        .or_else(|| root.file_name().map(|n| n.to_string_lossy().into_owned()))
        .unwrap_or_default();
    Ok(StatusReport {
        project_overview: ProjectOverview {
            project_name,
            genre: project.config.genre.clone(),
            has_project_config: project.has_config,
            manuscript_dir: project.dirs.manuscript.clone(),
            total_episodes,
            completed_episodes,
            draft_episodes,
            total_body_chars,
            target_length: TargetBand {
                min: target.min,
                max: target.max,
                source: serde_json::to_value(target.source)
                    .ok()
                    .and_then(|v| v.as_str().map(str::to_string))
                    .unwrap_or_default(),
            },
        },
        quality_summary,
        progress_analysis: ProgressAnalysis {
            completion_rate,
            estimated_remaining_work,
            remaining_work: remaining,
            recent_activity,
        },
        episodes: rows,
        ambiguous_episodes,
        warnings,
        next_actions,
        latest_rhythm,
        bands: RatioBands {
            kanji: (
                project.settings.thresholds.kanji_ratio_min,
                project.settings.thresholds.kanji_ratio_max,
            ),
            dialogue: (
                project.settings.thresholds.dialogue_ratio_min,
                project.settings.thresholds.dialogue_ratio_max,
            ),
        },
        refs,
        report_file: None,
        outputs: Vec::new(),
    })
}

/// 話数管理.yaml, when it can be read (an unreadable one is a warning, not a failure).
fn ledger_of(
    project: &Project,
    refs: &mut Vec<FileRef>,
    warnings: &mut Vec<String>,
) -> Option<Ledger> {
    match Ledger::load(project) {
        Ok(l) => {
            if l.exists {
                refs.push(FileRef::from_bytes(
                    &project.root,
                    &l.path,
                    l.text.as_bytes(),
                    "management",
                ));
            }
            Some(l)
        }
        Err(e) => {
            warnings.push(format!(
                "{}（話数管理のステータスは読めませんでした）",
                e.message
            ));
            None
        }
    }
}

/// The check over every episode file (cached, parallel, input order).
struct Checked {
    episodes: Vec<crate::project::Episode>,
    /// By the file's shown path.
    results: BTreeMap<String, check::FileResult>,
    /// By the file's shown path: why it could not be checked.
    errors: BTreeMap<String, String>,
}

fn checked(
    ctx: &Ctx,
    project: &Project,
    no_cache: bool,
    refs: &mut Vec<FileRef>,
) -> Result<Checked> {
    let episodes = project.episodes();
    let mut results: BTreeMap<String, check::FileResult> = BTreeMap::new();
    let mut errors: BTreeMap<String, String> = BTreeMap::new();
    if !episodes.is_empty() {
        let targets = episodes
            .iter()
            .map(|e| Target::Path(project.display(&e.path)))
            .collect();
        let report = check::run(
            ctx,
            project,
            CheckRequest {
                targets,
                no_cache,
                exit_zero: true,
                ..Default::default()
            },
        )?;
        for e in report.errors {
            errors.insert(e.path.clone(), e.message.clone());
        }
        for f in report.files {
            results.insert(f.path.clone(), f);
        }
        refs.extend(report.inputs.into_iter().filter(|r| r.role == "manuscript"));
    }
    Ok(Checked {
        episodes,
        results,
        errors,
    })
}

/// One row per manuscript, and the findings of all of them by severity.
fn episode_rows(
    project: &Project,
    checked: &Checked,
    ledger: Option<&Ledger>,
) -> (Vec<EpisodeRow>, BTreeMap<String, usize>) {
    let target = project.settings.target_length;
    let mut rows = Vec::with_capacity(checked.episodes.len());
    let mut by_severity = crate::analysis::severity_tally();
    for ep in &checked.episodes {
        let rel = project.display(&ep.path);
        let name = ep
            .path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let entry: Option<&LedgerEntry> = ledger.and_then(|l| l.entry(ep.number));
        let title = entry
            .and_then(|e| e.title.clone())
            .filter(|t| !t.trim().is_empty())
            .or_else(|| episode_of(&name).map(|(_, t)| t))
            .unwrap_or_default();
        let completed = entry.is_some_and(LedgerEntry::is_completed);
        let mut row = EpisodeRow {
            episode: ep.number,
            title,
            path: rel.clone(),
            sha256: String::new(),
            body_chars: None,
            length_status: None,
            kanji_ratio: None,
            dialogue_ratio: None,
            score: None,
            findings: None,
            status: if completed {
                EpisodeState::Completed
            } else {
                EpisodeState::Draft
            },
            status_label: entry.and_then(|e| e.status.clone()),
            completed_on: entry.and_then(|e| e.completed_on.clone()),
            error: None,
        };
        if let Some(f) = checked.results.get(&rel) {
            let chars = f.metrics.length_stats.body_chars;
            row.sha256 = f.sha256.clone();
            row.body_chars = Some(chars);
            row.length_status = Some(LengthStatus::of(chars, target.min, target.max));
            row.kanji_ratio = Some(f.metrics.character_balance.kanji_ratio);
            row.dialogue_ratio = Some(f.metrics.dialogue.dialogue_line_ratio);
            row.score = f.scores.overall;
            row.findings = Some(f.findings.len());
            for finding in &f.findings {
                crate::analysis::tally_severity(&mut by_severity, finding.severity, 1);
            }
        } else {
            row.error = Some(
                checked
                    .errors
                    .get(&rel)
                    .cloned()
                    .unwrap_or_else(|| "確認できませんでした".into()),
            );
            if let Ok(bytes) = crate::store::text::read_bytes(&ep.path) {
                row.sha256 = crate::analysis::sha256_hex(&bytes);
            }
        }
        rows.push(row);
    }
    (rows, by_severity)
}

/// Average, highest and lowest score, and the episodes under the threshold.
fn quality_summary(
    rows: &[EpisodeRow],
    threshold: f64,
    findings_by_severity: BTreeMap<String, usize>,
) -> QualitySummary {
    let scored: Vec<&EpisodeRow> = rows.iter().filter(|r| r.score.is_some()).collect();
    let scores: Vec<f64> = scored.iter().filter_map(|r| r.score).collect();
    let average =
        (!scores.is_empty()).then(|| round1(scores.iter().sum::<f64>() / scores.len() as f64));
    let highest = scores
        .iter()
        .copied()
        .fold(None, |m: Option<f64>, s| Some(m.map_or(s, |m| m.max(s))));
    let lowest = scores
        .iter()
        .copied()
        .fold(None, |m: Option<f64>, s| Some(m.map_or(s, |m| m.min(s))));
    let episodes_below_threshold: Vec<EpisodeScore> = scored
        .iter()
        .filter(|r| r.score.is_some_and(|s| s < threshold))
        .map(|r| EpisodeScore {
            episode: r.episode,
            title: r.title.clone(),
            score: r.score.unwrap_or_default(),
        })
        .collect();
    QualitySummary {
        average_quality_score: average,
        highest_score: highest,
        lowest_score: lowest,
        threshold,
        episodes_below_threshold,
        findings_by_severity,
    }
}

/// What is left to do, in numbers.
fn remaining_work(
    project: &Project,
    rows: &[EpisodeRow],
    numbers: &BTreeSet<u32>,
    draft_episodes: usize,
    below_threshold: usize,
) -> RemainingWork {
    let target = project.settings.target_length;
    let planned = planned_episodes(project);
    RemainingWork {
        draft_episodes,
        below_threshold,
        too_short: rows
            .iter()
            .filter(|r| r.length_status == Some(LengthStatus::Short))
            .count(),
        chars_to_target: rows
            .iter()
            .filter_map(|r| r.body_chars)
            .filter(|c| *c < target.min)
            .map(|c| target.min - c)
            .sum(),
        too_long: rows
            .iter()
            .filter(|r| r.length_status == Some(LengthStatus::Long))
            .count(),
        planned_without_manuscript: planned
            .into_iter()
            .filter(|n| !numbers.contains(n))
            .collect(),
    }
}

/// The sentence lengths of the episode being worked on (for the report): the episode of the
/// newest writing session or progressive check (not a completion) that has narration, else
/// the latest episode with narration. An empty placeholder episode (checked, issue
/// 34 item 6) has none to show.
fn latest_rhythm(
    project: &Project,
    rows: &[EpisodeRow],
    results: &BTreeMap<String, check::FileResult>,
    activity: &[Activity],
) -> Option<LatestRhythm> {
    let rhythm_of = |r: &EpisodeRow, chosen_by: &str| {
        let f = results.get(&r.path)?;
        let doc = Document::parse(&f.text);
        let sentences = metrics::narration_sentences(&doc, &project.settings);
        if sentences.is_empty() {
            return None;
        }
        Some(LatestRhythm {
            episode: r.episode,
            title: r.title.clone(),
            chosen_by: chosen_by.to_string(),
            lengths: metrics::sentence_lengths(&sentences),
            narration_only: project.settings.exclude_dialogue_lines,
            short_max: project.settings.thresholds.short_bucket_max,
            long_min: project.settings.thresholds.long_sentence_length,
        })
    };
    // A completion ends the work on an episode; sessions and checks are the work.
    let worked_on = activity
        .iter()
        .filter(|a| a.kind != "completion")
        .filter_map(|a| a.episode)
        .filter_map(|n| rows.iter().rev().find(|r| r.episode == n))
        .find_map(|r| rhythm_of(r, "直近の作業の話"));
    worked_on.or_else(|| rows.iter().rev().find_map(|r| rhythm_of(r, "最新話")))
}

/// What an agent may do next: the weakest episode, one ready to complete, the next to
/// write or plot.
fn next_actions(
    project: &Project,
    rows: &[EpisodeRow],
    quality: &QualitySummary,
    remaining: &RemainingWork,
    total_episodes: usize,
) -> Vec<String> {
    let threshold = quality.threshold;
    let mut next_actions = Vec::new();
    if let Some(worst) = quality
        .episodes_below_threshold
        .iter()
        .min_by(|a, b| a.score.total_cmp(&b.score))
    {
        next_actions.push(format!(
            "noveler_check {{\"episode\": {}}} — 第{}話は {} 点（{} 点未満）",
            worst.episode,
            worst.episode,
            fmt_score(worst.score),
            fmt_score(threshold)
        ));
    }
    if let Some(r) = rows.iter().find(|r| {
        r.status == EpisodeState::Draft
            && r.score.is_some_and(|s| s >= threshold)
            && r.error.is_none()
    }) {
        next_actions.push(format!(
            "noveler_complete {{\"episode\": {}}} — 第{}話を完了して公開用テキストを作る",
            r.episode, r.episode
        ));
    }
    // A draft below the target band (a fresh `init`'s placeholder, a scene half-written) is
    // the work at hand before the next episode's plot: the check shows how far it is.
    if let Some(r) = rows.iter().find(|r| {
        r.status == EpisodeState::Draft
            && r.length_status == Some(LengthStatus::Short)
            && r.error.is_none()
    }) {
        next_actions.push(
            crate::next::NextStep::new("noveler_check")
                .arg("episode", r.episode)
                .why(format!(
                    "第{}話は {} 字で目標（{}〜{} 字）に届きません。書き足してから確かめる",
                    r.episode,
                    crate::commands::common::fmt_thousands(r.body_chars.unwrap_or(0)),
                    crate::commands::common::fmt_thousands(project.settings.target_length.min),
                    crate::commands::common::fmt_thousands(project.settings.target_length.max)
                ))
                .to_wire(),
        );
    }
    if let Some(n) = remaining.planned_without_manuscript.first() {
        next_actions.push(format!(
            "noveler_write {{\"episode\": {n}}} — プロットのある第{n}話を書く"
        ));
    } else if total_episodes == 0 && !project.has_config {
        // Not a noveler project yet: the first manuscript is a plain file.
        next_actions.push(
            crate::next::NextStep::new("write")
                .arg("path", format!("{}/第001話.md", project.dirs.manuscript))
                .arg("content", "<本文>")
                .why("第1話の原稿を書く（ファイル名の末尾にタイトルを付けてもかまいません）")
                .to_wire(),
        );
    } else {
        // Nothing planned: the next episode starts with its plot.
        let next = rows.iter().map(|r| r.episode).max().unwrap_or(0) + 1;
        next_actions.push(
            crate::next::NextStep::new("noveler_plot")
                .arg("episode", next)
                .why(format!("第{next}話のプロットを作る"))
                .to_wire(),
        );
    }
    next_actions
}
