//! `noveler complete EP` (MCP tool `noveler_complete`, seed 000 §4.3.4 / §5.4.4): finish an
//! episode and prepare it for a web-novel site.
//!
//! 1. **Gate**: the deterministic check (`commands::check`) of the manuscript.
//!    - `needs_improvement`: overall score below `min_score` (default 70), or no score at
//!      all (a text too short to judge, SPEC §4). Nothing is written; exit status 1.
//!    - `needs_review`: the gate passes, but a finding of severity high or above remains or
//!      the score is below 80 (or below `min_score` when that is higher). The episode is
//!      completed; the report asks for a look before posting.
//!    - `ready`: score at least 80 (and `min_score`) and no high/critical finding.
//! 2. **One transaction** (`store::transaction`, every existing target backed up first,
//!    everything restored byte for byte on any failure):
//!    - `50_管理資料/話数管理.yaml`: the episode's entry gets `ステータス: completed`,
//!      `完了日` (today's local date from the injected clock), `品質スコア` and `文字数`;
//!      the rest of the file (other entries, the author's keys and comments) is kept as it
//!      was (`project::ledger`); an episode not yet listed is added in order;
//!    - `50_管理資料/公開用/<format>/<manuscript name>.txt`: the publish-ready text
//!      (`output::publish`: narou / kakuyomu / plain);
//!    - then a manifest of every file involved (manuscript, publish text, ledger) with its
//!      sha256 is stored as an artifact; if that fails, the two files are rolled back too.
//! 3. **auto_publish** only prepares: noveler has no network access and never posts; the
//!    report says so and tells the author what to paste where.
//!
//! One completion per episode at a time (the episode lock `write` uses; QC-008 when busy).

use super::check::{self, CheckRequest, Target};
use super::{Ctx, Report};
use crate::analysis::Severity;
use crate::error::{Code, Error, Result};
use crate::output::publish::{publish_text, PublishFormat};
use crate::project::ledger::{Completion, Ledger};
use crate::project::Project;
use crate::store::artifact::{ArtifactStore, StoreOptions};
use crate::store::backup::BackupRef;
use crate::store::transaction::{Hook, Transaction};
use crate::store::{lock, FileRef};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// The default gate (seed: 品質基準 70).
pub const DEFAULT_MIN_SCORE: f64 = 70.0;
/// A score at or above this (and no high finding) is `ready`.
pub const READY_SCORE: f64 = 80.0;
/// The publish directory inside the management directory.
pub const PUBLISH_DIR: &str = "公開用";

/// Where "today" comes from. The command layer owns the clock so tests can fix it.
pub trait Clock: Send + Sync {
    /// The local calendar date, `YYYY-MM-DD`.
    fn today(&self) -> String;
}

/// The machine's local date.
pub struct LocalClock;

impl Clock for LocalClock {
    fn today(&self) -> String {
        chrono::Local::now().format("%Y-%m-%d").to_string()
    }
}

/// A fixed date (tests).
pub struct FixedClock(pub String);

impl Clock for FixedClock {
    fn today(&self) -> String {
        self.0.clone()
    }
}

#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
pub struct CompleteRequest {
    /// The episode to complete.
    #[serde(alias = "episode_number")]
    pub episode: u32,
    /// Prepare for posting. noveler never posts (no network): the publish-ready text and
    /// manifest are written and the report says where to paste them.
    #[serde(default)]
    pub auto_publish: bool,
    /// Site format of the publish-ready text: narou, kakuyomu or plain. Default: from
    /// `掲載予定` in プロジェクト設定.yaml (カクヨム → kakuyomu), else narou.
    #[serde(default)]
    pub format: Option<PublishFormat>,
    /// The gate: an overall score below this stops the completion (0–100, default 70).
    #[serde(default)]
    pub min_score: Option<f64>,
    /// Run the gate and show what would be written, without writing.
    #[serde(default)]
    pub dry_run: bool,
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct QualityGate {
    /// Overall score of the check; null when the text is too short to judge.
    pub score: Option<f64>,
    /// Why there is no score (Japanese), when there is none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unscored_reason: Option<String>,
    pub min_score: f64,
    /// `ready` needs at least this.
    pub ready_score: f64,
    pub passed: bool,
    pub findings: usize,
    /// Findings of severity high or critical.
    pub high_findings: usize,
    pub by_severity: BTreeMap<String, usize>,
    /// The most frequent finding codes (up to five), most frequent first.
    pub top_codes: Vec<String>,
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct LengthInfo {
    pub body_chars: usize,
    pub target_min: usize,
    pub target_max: usize,
    pub in_range: bool,
}

/// A file or artifact this completion produced.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct CompleteArtifact {
    /// `publish_text`, `management` or `manifest`.
    pub kind: String,
    /// Relative to the project root.
    pub path: String,
    pub sha256: String,
    pub size_bytes: u64,
    /// For the manifest: `artifact:<12 hex>` (fetch it with `fetch_artifact`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub artifact_id: Option<String>,
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct AutoPublish {
    pub requested: bool,
    /// Always false: noveler has no network access and never posts.
    pub performed: bool,
    /// Japanese.
    pub message: String,
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct Conversion {
    pub ruby: usize,
    pub emphasis: usize,
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct CompleteReport {
    pub episode: u32,
    pub title: String,
    /// The manuscript, relative to the project root.
    pub manuscript: String,
    pub format: PublishFormat,
    /// `request`, `project_config` (掲載予定) or `default`.
    pub format_source: String,
    /// `needs_improvement`, `needs_review` or `ready`.
    pub publication_status: String,
    /// The ledger now marks the episode completed (false when the gate stopped it or on a
    /// dry run).
    pub completed: bool,
    /// The ledger already marked it completed before this run.
    pub already_completed: bool,
    pub dry_run: bool,
    pub quality: QualityGate,
    pub length: LengthInfo,
    /// 完了日 written (or that would be written on a dry run).
    pub completed_on: Option<String>,
    /// The publish-ready text, relative to the project root.
    pub publish_file: Option<String>,
    pub conversion: Option<Conversion>,
    /// Files written and the manifest artifact.
    pub artifacts: Vec<CompleteArtifact>,
    pub manifest_artifact_id: Option<String>,
    /// The snapshot of the files this run replaced (restore with backup_management).
    pub backup: Option<BackupRef>,
    /// Whether 話数管理.yaml kept its comments and layout (false: rewritten).
    pub ledger_layout_kept: Option<bool>,
    pub auto_publish: AutoPublish,
    /// Japanese.
    pub warnings: Vec<String>,
    pub next_actions: Vec<String>,
    #[serde(skip)]
    #[schemars(skip)]
    inputs: Vec<FileRef>,
    #[serde(skip)]
    #[schemars(skip)]
    outputs: Vec<FileRef>,
}

impl Report for CompleteReport {
    fn inputs(&self) -> Vec<FileRef> {
        self.inputs.clone()
    }
    fn outputs(&self) -> Vec<FileRef> {
        self.outputs.clone()
    }
    fn exit_code(&self) -> u8 {
        if self.quality.passed {
            0
        } else {
            1
        }
    }
    fn metadata(&self) -> serde_json::Value {
        serde_json::json!({
            "publication_status": self.publication_status,
            "min_score": self.quality.min_score,
            "gate_passed": self.quality.passed,
        })
    }
}

/// The MCP exclusivity key: one completion (or write) per episode at a time.
pub fn exclusive_key(args: &serde_json::Map<String, serde_json::Value>) -> Option<String> {
    let n = args
        .get("episode")
        .or_else(|| args.get("episode_number"))?
        .as_u64()?;
    Some(format!("episode:{n}"))
}

/// The site named in `掲載予定` of プロジェクト設定.yaml, if any.
fn format_from_config(project: &Project) -> Option<PublishFormat> {
    let v = project.config.raw.get("掲載予定")?;
    let text = match v {
        serde_yaml::Value::String(s) => s.clone(),
        serde_yaml::Value::Sequence(items) => items
            .first()
            .and_then(|i| i.as_str())
            .unwrap_or_default()
            .to_string(),
        _ => return None,
    };
    if text.contains("カクヨム") || text.to_lowercase().contains("kakuyomu") {
        Some(PublishFormat::Kakuyomu)
    } else if text.contains("なろう") || text.to_lowercase().contains("narou") {
        Some(PublishFormat::Narou)
    } else {
        None
    }
}

fn site_name(f: PublishFormat) -> &'static str {
    match f {
        PublishFormat::Narou => "小説家になろう",
        PublishFormat::Kakuyomu => "カクヨム",
        PublishFormat::Plain => "投稿先",
    }
}

/// Runs `noveler complete` with the machine's clock.
pub fn run(ctx: &Ctx, req: CompleteRequest) -> Result<CompleteReport> {
    run_with(ctx, req, &LocalClock, &mut |_, _| Ok(()))
}

/// `run` with an injected clock and a hook called before each write of the transaction
/// (tests make it fail to prove the rollback).
pub fn run_with(
    ctx: &Ctx,
    req: CompleteRequest,
    clock: &dyn Clock,
    before_write: Hook<'_>,
) -> Result<CompleteReport> {
    let root = &ctx.root;
    if !root.is_dir() {
        return Err(Error::new(
            Code::P001,
            format!(
                "プロジェクトディレクトリ {} が見つかりません",
                root.display()
            ),
        )
        .hint("project_root（または --project-root）に存在するディレクトリを指定してください。"));
    }
    let min_score = req.min_score.unwrap_or(DEFAULT_MIN_SCORE);
    if !(0.0..=100.0).contains(&min_score) {
        return Err(Error::new(
            Code::U001,
            format!("min_score は 0〜100 で指定してください（{min_score}）"),
        ));
    }
    let project = Project::load(root)?;
    let n = req.episode;
    let manuscript_abs = project.manuscript_path(n)?;
    let manuscript = project.display(&manuscript_abs);

    // 1. The gate.
    let mut checked = check::run(
        ctx,
        CheckRequest {
            targets: vec![Target::Path(manuscript.clone())],
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
    let mut inputs: Vec<FileRef> = checked.inputs.clone();
    let score = file.scores.overall;
    let mut by_severity: BTreeMap<String, usize> = Severity::ALL
        .iter()
        .map(|s| (s.as_str().to_string(), 0))
        .collect();
    let mut by_code: BTreeMap<&str, usize> = BTreeMap::new();
    for f in &file.findings {
        *by_severity
            .entry(f.severity.as_str().to_string())
            .or_insert(0) += 1;
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
    let passed = score.is_some_and(|s| s >= min_score);
    let publication_status = if !passed {
        "needs_improvement"
    } else if high_findings > 0 || score.is_some_and(|s| s < ready_score) {
        "needs_review"
    } else {
        "ready"
    };
    let quality = QualityGate {
        score,
        unscored_reason: file.scores.reason.clone(),
        min_score,
        ready_score,
        passed,
        findings: file.findings.len(),
        high_findings,
        by_severity,
        top_codes: top.iter().take(5).map(|(c, _)| c.to_string()).collect(),
    };
    let ls = &file.metrics.length_stats;
    let length = LengthInfo {
        body_chars: ls.body_chars,
        target_min: ls.target_min,
        target_max: ls.target_max,
        in_range: ls.in_range,
    };

    let (format, format_source) = match (req.format, format_from_config(&project)) {
        (Some(f), _) => (f, "request"),
        (None, Some(f)) => (f, "project_config"),
        (None, None) => (PublishFormat::default(), "default"),
    };
    let ledger = Ledger::load(&project)?;
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
        .or_else(|| super::status::episode_of(&file_name).map(|(_, t)| t))
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

    let mut report = CompleteReport {
        episode: n,
        title: title.clone(),
        manuscript: manuscript.clone(),
        format,
        format_source: format_source.into(),
        publication_status: publication_status.into(),
        completed: false,
        already_completed,
        dry_run: req.dry_run,
        quality,
        length,
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

    if !passed {
        report.auto_publish.message = if req.auto_publish {
            "品質基準に届かないため、公開の準備はしていません（noveler は自動投稿を行いません）。"
                .into()
        } else {
            String::new()
        };
        report
            .next_actions
            .push(match (score, &file.scores.reason) {
                (Some(score), _) => format!(
                "noveler_check {{\"episode\": {n}}} — 指摘を確認して直す（スコア {} / 基準 {}）",
                super::status::fmt_score(score),
                super::status::fmt_score(min_score)
            ),
                (None, reason) => format!(
                    "noveler_write_file / noveler write {n} — 本文を書き足す（{}）",
                    reason.as_deref().unwrap_or("採点できません")
                ),
            });
        for code in report.quality.top_codes.iter().take(3) {
            report
                .next_actions
                .push(format!("noveler explain {code} — よく出ている指摘の直し方"));
        }
        report.next_actions.push(format!(
            "noveler_complete {{\"episode\": {n}}} — 直したらもう一度"
        ));
        report.inputs = inputs;
        return Ok(report);
    }

    // 2. What would be written.
    let published = publish_text(&file.text, format);
    report.conversion = Some(Conversion {
        ruby: published.ruby,
        emphasis: published.emphasis,
    });
    report.warnings.extend(published.warnings.iter().cloned());
    if !report.length.in_range {
        report.warnings.push(format!(
            "正味文字数 {} 字は目標（{}〜{} 字）の外です",
            report.length.body_chars, report.length.target_min, report.length.target_max
        ));
    }
    let today = clock.today();
    let completion = Completion {
        episode: n,
        title: title.clone(),
        file: manuscript.clone(),
        status: "completed".into(),
        completed_on: today.clone(),
        quality_score: score.unwrap_or_default(),
        chars: report.length.body_chars as u64,
    };
    report.completed_on = Some(today.clone());
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

    // 3. The transaction, under the episode's manuscript lock (shared with every rewriter of
    //    the manuscript) and the ledger lock (both in `.noveler/locks/`, never beside the
    //    author's files). The manuscript must still be what was checked and converted.
    let croot = crate::store::paths::canonical_root(root);
    let manuscript_rel = crate::store::fileref::shown_path(root, &manuscript_abs);
    lock::with_manuscript_locks(&croot, &[&manuscript_rel], || {
        lock::with_lock(&lock::named_lock(&croot, "ledger"), || {
            let now = std::fs::read(&manuscript_abs).map_err(|e| Error::io(&manuscript_abs, &e))?;
            let actual = crate::analysis::sha256_hex(&now);
            if actual != file.sha256 {
                return Err(Error::new(
                    Code::QC018,
                    format!("{manuscript} はチェックしたときから変更されています（sha256 が一致しません）"),
                )
                .hint("もう一度 noveler complete を実行してください（変更後の原稿でチェックし直します）。何も書き込んでいません。")
                .details(serde_json::json!({"expected_sha256": file.sha256, "actual_sha256": actual})));
            }
            // Read the ledger again under the lock: another process may have changed it.
            let ledger = Ledger::load(&project)?;
            let (ledger_text, kept) = ledger.with_completion(&completion)?;
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
            let mut txn = Transaction::new(root, &format!("complete 第{n:03}話"));
            txn.write(publish_rel.clone(), published.text.clone(), "publish");
            txn.write(ledger.rel.clone(), ledger_text, "management");
            let committed = txn.commit_with(before_write)?;

            // The manifest of every file involved, as an artifact.
            let manuscript_ref = inputs
                .iter()
                .find(|r| r.role == "manuscript")
                .cloned()
                .unwrap_or_else(|| {
                    FileRef::from_bytes(root, &manuscript_abs, file.text.as_bytes(), "manuscript")
                });
            let mut files = vec![manuscript_ref];
            files.extend(committed.files.iter().cloned());
            let manifest = serde_json::json!({
                "kind": "publish_manifest",
                "episode": n,
                "title": title,
                "format": format.as_str(),
                "completed_on": today,
                "quality_score": score,
                "publication_status": publication_status,
                "backup_id": committed.backup.as_ref().map(|b| b.backup_id.clone()),
                "noveler_version": crate::VERSION,
                "files": files,
            });
            let content = serde_json::to_string_pretty(&manifest).map_err(|e| {
                Error::new(Code::R002, format!("マニフェストの JSON 化に失敗しました: {e}"))
            })?;
            let mut tags = BTreeMap::new();
            tags.insert("kind".to_string(), "publish_manifest".to_string());
            tags.insert("episode".to_string(), n.to_string());
            tags.insert("format".to_string(), format.as_str().to_string());
            let stored = ArtifactStore::new(root).store(
                &content,
                StoreOptions {
                    content_type: Some("json".into()),
                    source_file: Some(manuscript.clone()),
                    description: Some(format!("第{n}話 公開準備マニフェスト（{}）", format.as_str())),
                    tags,
                    source_tool: Some("noveler_complete".into()),
                },
            );
            let stored = match stored {
                Ok(s) => s,
                Err(err) => {
                    let failed = committed.rollback();
                    let note = if failed.is_empty() {
                        "書き込んだファイルはすべて元に戻しました".to_string()
                    } else {
                        format!("元に戻せなかったファイル: {}", failed.join(", "))
                    };
                    return Err(Error::new(
                        err.code,
                        format!("{}（{note}）", err.message),
                    )
                    .hint(err.hint.clone()));
                }
            };
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
            let manifest_ref =
                FileRef::from_bytes(root, &root.join(&stored.path), &stored.file_bytes, "manifest");
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
            Ok(())
        })
    })
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

    // What next.
    report.next_actions.push(format!(
        "{} を{}の投稿画面に貼り付ける（話タイトル: {}）",
        publish_rel,
        site_name(format),
        if title.is_empty() {
            "（未設定）"
        } else {
            &title
        }
    ));
    if publication_status == "needs_review" {
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
        .push("status — 全体の進み具合を見る".into());
    Ok(report)
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::sha256_hex;
    use std::path::Path;

    const EPISODE: &str = "# 第一話　試し\n\n　朝の港は静かだった。小鞠は｜潮墨《しおずみ》を磨り、《《青い》》線を見つめた。\n「今日は描けそう」\n　師匠は黙ってうなずいた。\n　潮の匂いが窓から流れこみ、机の上の紙をわずかに揺らした。小鞠は筆を置いて、遠くの灯台を眺めた。\n「あの線の先に、まだ誰も描いていない海があるんですね」\n　師匠は答えず、古い地図を一枚だけ広げてみせた。端は焼け、墨は薄れていたが、港の形ははっきりと読めた。\n　小鞠はその地図を写しはじめた。一本ずつ、急がずに。日が高くなるころには、紙の上に小さな港がひとつ生まれていた。\n";

    /// Under 200 body characters: too short to judge.
    const STUB: &str = "# 第一話　試し\n\n　朝の港は静かだった。\n";

    fn project() -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        std::fs::write(
            root.join("プロジェクト設定.yaml"),
            "プロジェクト名: 試し\n掲載予定: カクヨム\nwriting: {episode: {target_length: {min: 10, max: 400}}}\n",
        )
        .unwrap();
        std::fs::create_dir_all(root.join("40_原稿")).unwrap();
        std::fs::write(root.join("40_原稿/第001話_試し.md"), EPISODE).unwrap();
        std::fs::create_dir_all(root.join("50_管理資料")).unwrap();
        std::fs::write(
            root.join("50_管理資料/話数管理.yaml"),
            "# メモ\n話数管理:\n  - 話数: 1\n    タイトル: 試し\n    ステータス: draft\n",
        )
        .unwrap();
        dir
    }

    fn ctx(root: &Path) -> Ctx {
        let mut c = Ctx::new(root.to_path_buf());
        c.save = false;
        c
    }

    /// Completes on `date`, with no write hook.
    fn complete_on(root: &Path, req: CompleteRequest, date: &str) -> Result<CompleteReport> {
        run_with(
            &ctx(root),
            req,
            &FixedClock(date.into()),
            &mut |_, _| Ok(()),
        )
    }

    fn req() -> CompleteRequest {
        CompleteRequest {
            episode: 1,
            min_score: Some(0.0),
            ..Default::default()
        }
    }

    #[test]
    fn completes_with_format_from_config_and_fixed_date() {
        let dir = project();
        let root = dir.path();
        let r = complete_on(root, req(), "2025-11-22").unwrap();
        assert!(r.completed);
        assert_eq!(r.format, PublishFormat::Kakuyomu);
        assert_eq!(r.format_source, "project_config");
        assert_eq!(
            r.publish_file.as_deref(),
            Some("50_管理資料/公開用/kakuyomu/第001話_試し.txt")
        );
        let text =
            std::fs::read_to_string(root.join("50_管理資料/公開用/kakuyomu/第001話_試し.txt"))
                .unwrap();
        assert!(text.contains("｜潮墨《しおずみ》"));
        assert!(text.contains("《《青い》》"));
        assert!(!text.contains("第一話"));
        let ledger = std::fs::read_to_string(root.join("50_管理資料/話数管理.yaml")).unwrap();
        assert!(ledger.starts_with("# メモ\n"));
        assert!(ledger.contains("ステータス: completed"));
        assert!(ledger.contains("完了日: 2025-11-22"));
        // Its locks live under .noveler/locks/, never beside the author's files.
        let stray: Vec<_> = walkdir::WalkDir::new(root.join("50_管理資料"))
            .into_iter()
            .flatten()
            .filter(|e| e.file_name().to_string_lossy().ends_with(".lock"))
            .collect();
        assert!(stray.is_empty(), "{stray:?}");
        assert!(root.join(".noveler/locks/ledger.lock").is_file());
        assert_eq!(r.artifacts.len(), 3);
        let manifest = r.artifacts.iter().find(|a| a.kind == "manifest").unwrap();
        let stored = ArtifactStore::new(root)
            .fetch(manifest.artifact_id.as_deref().unwrap())
            .unwrap();
        let m: serde_json::Value = serde_json::from_str(&stored.content).unwrap();
        assert_eq!(m["files"].as_array().unwrap().len(), 3);
        for f in m["files"].as_array().unwrap() {
            let bytes = std::fs::read(root.join(f["path"].as_str().unwrap())).unwrap();
            assert_eq!(f["sha256"], sha256_hex(&bytes));
        }
        // Completing again: already completed, the publish text is backed up first.
        let again = complete_on(root, req(), "2025-11-23").unwrap();
        assert!(again.already_completed);
        assert_eq!(again.backup.as_ref().unwrap().files.len(), 2);
    }

    #[test]
    fn gate_stops_without_writing_and_review_needs_a_look() {
        let dir = project();
        let root = dir.path();
        // A typo is a high finding: at most 90 points.
        std::fs::write(
            root.join("40_原稿/第001話_試し.md"),
            format!("{EPISODE}「こんにちわ」\n"),
        )
        .unwrap();
        let before = std::fs::read(root.join("50_管理資料/話数管理.yaml")).unwrap();
        let r = complete_on(
            root,
            CompleteRequest {
                episode: 1,
                min_score: Some(95.0),
                auto_publish: true,
                ..Default::default()
            },
            "2025-11-22",
        )
        .unwrap();
        assert!(r.quality.score.unwrap() <= 90.0, "{:?}", r.quality.score);
        assert_eq!(r.publication_status, "needs_improvement");
        assert!(!r.completed);
        assert_eq!(r.exit_code(), 1);
        assert!(r.quality.top_codes.contains(&"TYPO".to_string()));
        assert!(!root.join("50_管理資料/公開用").exists());
        assert_eq!(
            std::fs::read(root.join("50_管理資料/話数管理.yaml")).unwrap(),
            before
        );
        let r = complete_on(root, req(), "2025-11-22").unwrap();
        assert_eq!(r.publication_status, "needs_review");
        assert!(r.completed);
        assert_eq!(r.exit_code(), 0);
        assert!(r.quality.high_findings >= 1);
    }

    #[test]
    fn a_stub_too_short_to_judge_has_no_score_and_cannot_complete() {
        let dir = project();
        let root = dir.path();
        std::fs::write(root.join("40_原稿/第001話_試し.md"), STUB).unwrap();
        let before = std::fs::read(root.join("50_管理資料/話数管理.yaml")).unwrap();
        // Even with the gate at 0.
        let r = complete_on(root, req(), "2025-11-22").unwrap();
        assert_eq!(r.quality.score, None);
        assert!(r
            .quality
            .unscored_reason
            .as_deref()
            .unwrap()
            .contains("短すぎ"));
        assert!(!r.quality.passed);
        assert!(!r.completed);
        assert_eq!(r.publication_status, "needs_improvement");
        assert_eq!(r.exit_code(), 1);
        assert!(
            r.next_actions[0].contains("書き足す"),
            "{:?}",
            r.next_actions
        );
        assert_eq!(
            std::fs::read(root.join("50_管理資料/話数管理.yaml")).unwrap(),
            before
        );
    }

    #[test]
    fn injected_failure_rolls_everything_back() {
        let dir = project();
        let root = dir.path();
        // A publish text from an earlier completion exists: it must come back too.
        let publish = root.join("50_管理資料/公開用/narou/第001話_試し.txt");
        std::fs::create_dir_all(publish.parent().unwrap()).unwrap();
        std::fs::write(&publish, "前の版\n").unwrap();
        let files = [
            root.join("50_管理資料/話数管理.yaml"),
            publish.clone(),
            root.join("40_原稿/第001話_試し.md"),
        ];
        let before: Vec<String> = files
            .iter()
            .map(|p| sha256_hex(&std::fs::read(p).unwrap()))
            .collect();
        let err = run_with(
            &ctx(root),
            CompleteRequest {
                format: Some(PublishFormat::Narou),
                ..req()
            },
            &FixedClock("2025-11-22".into()),
            &mut |i, _| {
                if i == 1 {
                    Err(Error::new(Code::U007, "注入した失敗"))
                } else {
                    Ok(())
                }
            },
        )
        .unwrap_err();
        assert_eq!(err.code, Code::U007);
        let after: Vec<String> = files
            .iter()
            .map(|p| sha256_hex(&std::fs::read(p).unwrap()))
            .collect();
        assert_eq!(before, after);
        assert!(!root.join(".noveler/artifacts").exists());
    }

    #[test]
    fn dry_run_writes_nothing() {
        let dir = project();
        let root = dir.path();
        let r = complete_on(
            root,
            CompleteRequest {
                dry_run: true,
                ..req()
            },
            "2025-11-22",
        )
        .unwrap();
        assert!(!r.completed);
        assert!(r.publish_file.is_some());
        assert!(!root.join("50_管理資料/公開用").exists());
    }

    #[test]
    fn unknown_episode_is_e003() {
        let dir = project();
        let err = run(
            &ctx(dir.path()),
            CompleteRequest {
                episode: 9,
                ..req()
            },
        )
        .unwrap_err();
        assert_eq!(err.code, Code::E003);
    }
}
