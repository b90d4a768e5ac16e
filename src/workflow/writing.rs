//! The writing engine: opens or creates the session of an episode, renders a stage's prompt
//! (with auto-artifacts as references), accepts a submission (validate → log → artifact →
//! manuscript + check for stages 8–10 → advance), and reports status. Every mutation runs
//! under the episode's writer lock and re-reads the session inside it.

use super::io::{self, ManuscriptOps, ProjectInfo};
use super::refs::{self, EpisodeFacts, PromptStats, SourceDoc};
use super::render::{self, Vars};
use super::schema::{self, Violation};
use super::session::{
    self, ArtifactRef, CheckRecord, Feedback, Listed, ManuscriptState, PromptRecord, Session,
    SessionStatus, StageOutput,
};
use super::stages::{self, StageDef, STAGES, TOTAL_STAGES};
use super::templates::{self, Template, TemplateInfo};
use crate::error::{Code, Error, Result};
use crate::store::fileref::shown_path;
use crate::store::{lock, write_atomic};
use serde::Serialize;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// Now, as the RFC 3339 string sessions store.
pub fn now() -> String {
    crate::store::envelope::timestamp(SystemTime::now())
}

/// Now as `YYYYMMDDHHMMSS`, for file names.
pub fn now_digits() -> String {
    now()
        .chars()
        .filter(char::is_ascii_digit)
        .take(14)
        .collect()
}

fn seconds_since(issued_at: &str) -> Option<f64> {
    let then = humantime::parse_rfc3339(issued_at).ok()?;
    let secs = SystemTime::now().duration_since(then).ok()?.as_secs_f64();
    Some((secs * 10.0).round() / 10.0)
}

/// How a call wants its session.
#[derive(Debug, Clone, Default)]
pub struct OpenOptions {
    pub episode: u32,
    /// Use this session (else the episode's session in progress, else a new one).
    pub session_id: Option<String>,
    /// Start a new session; refused (QC-008) while another is in progress.
    pub new_session: bool,
    /// Render only: nothing is written.
    pub dry_run: bool,
    /// Plot text supplied by the caller instead of the plot file (`write_with_claude`).
    pub plot_content: Option<String>,
    /// Target length asked for (characters).
    pub word_count_target: Option<u32>,
    /// Pass over the design stages not done yet and go to the manuscript (stage 8).
    pub draft_only: bool,
}

/// One reference in a prompt.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct InputRef {
    pub key: String,
    pub label: String,
    /// `artifact:<12 hex>`; none when the input is not available.
    pub artifact_id: Option<String>,
    pub required: bool,
    /// `input` (this stage reads it) or `reference` (listed for completeness).
    pub role: String,
    /// `available`, `pending` (an earlier stage not done), `skipped`, `missing` (no such
    /// file in the project).
    pub status: String,
    #[serde(rename = "use")]
    pub purpose: String,
    pub source_file: Option<String>,
    pub size_bytes: u64,
}

/// Where and how to hand the result back.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct SubmitHint {
    pub cli: String,
    pub mcp_tool: String,
    pub mcp_arguments: Value,
}

/// A rendered stage: the prompt, what it references, and what it expects back.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct StagePrompt {
    pub step: u8,
    pub stage: String,
    pub title: String,
    pub expected_turns: u8,
    pub prompt: String,
    /// JSON Schema of the expected submission.
    pub output_schema: Value,
    pub acceptance_criteria: Vec<String>,
    pub inputs: Vec<InputRef>,
    pub template: TemplateInfo,
    pub prompt_stats: PromptStats,
    pub submit: SubmitHint,
    /// Where the prompt was logged (none in a dry run).
    pub prompt_file: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct Progress {
    pub completed: usize,
    pub skipped: usize,
    pub total: u8,
    pub percentage: f64,
    pub completed_stages: Vec<String>,
    pub current_stage: String,
}

impl Progress {
    pub fn of(s: &Session) -> Progress {
        let done = s.completed_stages.len();
        Progress {
            completed: done,
            skipped: s.skipped_stages.len(),
            total: TOTAL_STAGES,
            percentage: ((done + s.skipped_stages.len()) as f64 * 1000.0 / f64::from(TOTAL_STAGES))
                .round()
                / 10.0,
            completed_stages: s.completed_stages.clone(),
            current_stage: s.current_stage.clone(),
        }
    }
}

/// The result of showing (and, on first use, starting) a stage.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct WriteOutcome {
    pub session_id: String,
    pub episode: u32,
    pub dry_run: bool,
    /// This call created the session.
    pub new_session: bool,
    pub status: SessionStatus,
    pub progress: Progress,
    /// The stage prompt (none once the session is completed).
    pub stage: Option<StagePrompt>,
    /// The stage to do next (number), none when completed.
    pub next_step: Option<u8>,
    pub next_stage: Option<String>,
    pub artifacts: Vec<ArtifactRef>,
    pub session_file: String,
    pub suggested_actions: Vec<String>,
    pub warnings: Vec<String>,
}

/// Manuscript written by a stage, and its check.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct ManuscriptResult {
    pub path: String,
    pub title: String,
    /// Backups made before overwriting (or renaming) earlier versions.
    pub backups: Vec<String>,
    /// An earlier manuscript of the episode under another title, moved away (backed up).
    pub removed: Vec<String>,
    pub unchanged: bool,
    pub body_chars: usize,
    pub check: Option<CheckRecord>,
}

/// The result of a submission.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct SubmitOutcome {
    pub session_id: String,
    pub episode: u32,
    pub dry_run: bool,
    pub step: u8,
    pub stage: String,
    pub accepted: bool,
    pub output_file: Option<String>,
    pub artifact_id: String,
    pub execution_time: Option<f64>,
    pub quality_score: Option<f64>,
    pub attempts: u32,
    pub manuscript: Option<ManuscriptResult>,
    pub status: SessionStatus,
    pub progress: Progress,
    pub next_step: Option<u8>,
    pub next_stage: Option<String>,
    pub suggested_actions: Vec<String>,
    pub warnings: Vec<String>,
}

// ---------------------------------------------------------------------------------------
// Episode context.

/// Everything about the project and episode a rendering needs.
pub struct Env {
    pub root: PathBuf,
    pub info: ProjectInfo,
    pub facts: EpisodeFacts,
    pub docs: Vec<SourceDoc>,
    pub word_count_target: Option<u32>,
}

fn plot_content_file(id: &str) -> String {
    format!("{}/plot_content.txt", session::writes_dir(id))
}

impl Env {
    /// Loads the context of `session` (its caller-supplied plot, if any, comes from the
    /// writes log) or of a session about to start with `opts`.
    pub fn load(
        root: &Path,
        ep: u32,
        plot_content: Option<&str>,
        target: Option<u32>,
    ) -> Result<Env> {
        let info = io::project_info(root)?;
        let facts = refs::episode_facts(root, ep, plot_content)?;
        let docs = refs::writing_sources(root, &info, &facts, plot_content)?;
        Ok(Env {
            root: root.to_path_buf(),
            info,
            facts,
            docs,
            word_count_target: target,
        })
    }

    pub fn for_session(root: &Path, s: &Session) -> Result<Env> {
        let plot = if s.options.plot_from_caller {
            let path = root.join(plot_content_file(&s.session_id));
            Some(refs::read_text(&path)?)
        } else {
            None
        };
        Env::load(
            root,
            s.episode,
            plot.as_deref(),
            s.options.word_count_target,
        )
    }

    pub fn title(&self, s: Option<&Session>) -> String {
        s.and_then(|s| s.manuscript.as_ref().map(|m| m.title.clone()))
            .or_else(|| self.facts.title.clone())
            .unwrap_or_else(|| "無題".into())
    }

    pub fn target_chars(&self) -> u32 {
        self.word_count_target.unwrap_or_else(|| {
            let mid = (self.info.target_min + self.info.target_max) / 2;
            (mid / 100 * 100) as u32
        })
    }
}

/// Japanese numerals for headings (`第四話`): 1–9999.
pub fn kanji_number(n: u32) -> String {
    const DIGITS: [&str; 10] = ["〇", "一", "二", "三", "四", "五", "六", "七", "八", "九"];
    if n == 0 || n >= 10000 {
        return n.to_string();
    }
    let mut out = String::new();
    for (unit, name) in [(1000, "千"), (100, "百"), (10, "十")] {
        let d = (n / unit) % 10;
        if d > 0 {
            if d > 1 {
                out.push_str(DIGITS[d as usize]);
            }
            out.push_str(name);
        }
    }
    let d = n % 10;
    if d > 0 {
        out.push_str(DIGITS[d as usize]);
    }
    out
}

/// A file-name-safe title: no path separators, reserved or control characters.
pub fn safe_title(title: &str) -> String {
    let cleaned: String = title
        .chars()
        .map(|c| {
            if c.is_control() || "/\\:*?\"<>|".contains(c) {
                '_'
            } else {
                c
            }
        })
        .collect();
    let t: String = cleaned
        .trim()
        .trim_start_matches('.')
        .chars()
        .take(60)
        .collect();
    if t.trim().is_empty() {
        "無題".into()
    } else {
        t.trim().to_string()
    }
}

fn length_status(body: usize, min: usize, max: usize) -> String {
    if body < min {
        format!("{}字不足", min - body)
    } else if body > max {
        format!("{}字超過", body - max)
    } else {
        "範囲内".into()
    }
}

/// The placeholder values of one rendering.
pub fn vars(env: &Env, s: Option<&Session>, stage: Option<&StageDef>) -> Vars {
    let ep = env.facts.episode;
    let info = &env.info;
    let mut v = Vars::new();
    let mut put = |k: &str, val: String| {
        v.insert(k.to_string(), val);
    };
    let or = |s: &str, d: &str| {
        if s.trim().is_empty() {
            d.to_string()
        } else {
            s.to_string()
        }
    };
    put("project_name", or(&info.name, "（作品名未設定）"));
    put("genre", or(&info.genre, "ジャンル未設定"));
    put(
        "sub_genres",
        if info.sub_genres.is_empty() {
            "サブジャンルなし".into()
        } else {
            info.sub_genres.join("・")
        },
    );
    let viewpoint = env
        .facts
        .plot_viewpoint
        .clone()
        .filter(|_| info.viewpoint.is_empty())
        .unwrap_or_else(|| info.viewpoint.clone());
    put(
        "viewpoint",
        or(&viewpoint, "（視点未設定：プロットに従う）"),
    );
    put("platform", or(&info.platform, "未設定"));
    put("episode", ep.to_string());
    put("episode_padded", format!("{ep:03}"));
    put("episode_kanji", kanji_number(ep));
    let title = env.title(s);
    put("episode_title", title.clone());
    put(
        "previous_episode",
        match &env.facts.previous {
            Some((n, t, _)) => format!("前話（第{n}話「{t}」）"),
            None if ep <= 1 => "前話（なし：第1話）".into(),
            None => format!("前話（第{}話：原稿なし）", ep - 1),
        },
    );
    put(
        "chapter_role",
        env.facts
            .chapter_role
            .clone()
            .unwrap_or_else(|| "章別プロット未設定".into()),
    );
    put("target_min", info.target_min.to_string());
    put("target_max", info.target_max.to_string());
    put("target_chars", env.target_chars().to_string());
    put(
        "target_source",
        if env.word_count_target.is_some() {
            "指定値".into()
        } else if info.target_source == "project_config" {
            "プロジェクト設定".into()
        } else {
            "既定値".into()
        },
    );
    put(
        "hook_minor_peak_pct",
        env.facts.hook_minor_peak_pct.unwrap_or(50).to_string(),
    );
    put(
        "hook_mini_hook_pct",
        env.facts.hook_mini_hook_pct.unwrap_or(85).to_string(),
    );
    put(
        "hook_main",
        env.facts
            .hook_main
            .clone()
            .unwrap_or_else(|| "プロット未設定：この話の結末から次話へつながる一文".into()),
    );
    put(
        "stage_number",
        stage.map(|s| s.number.to_string()).unwrap_or_default(),
    );
    put(
        "stage_title",
        stage.map(|s| s.title.to_string()).unwrap_or_default(),
    );
    put("total_stages", TOTAL_STAGES.to_string());
    put(
        "session_id",
        s.map(|s| s.session_id.clone()).unwrap_or_default(),
    );
    let planned = format!(
        "{}/第{ep:03}話_{}.md",
        shown_path(&env.root, &io::manuscript_dir(&env.root)),
        safe_title(&title)
    );
    let manuscript = s.and_then(|s| s.manuscript.as_ref());
    put(
        "manuscript_path",
        manuscript.map(|m| m.path.clone()).unwrap_or(planned),
    );
    let check = manuscript.and_then(|m| m.check.as_ref());
    put(
        "check_score",
        check.map_or("（未チェック）".into(), |c| match c.score {
            Some(score) => format!("{score:.1}"),
            None => "（短すぎて採点なし）".into(),
        }),
    );
    put(
        "body_chars",
        check.map_or("（未計測）".into(), |c| c.body_chars.to_string()),
    );
    put(
        "length_status",
        check.map_or("未計測".into(), |c| {
            length_status(c.body_chars, c.target_min, c.target_max)
        }),
    );
    put(
        "findings_summary",
        check.map_or("（未チェック）".into(), |c| {
            if c.findings == 0 {
                "なし".into()
            } else {
                let parts: Vec<String> = ["critical", "high", "medium", "low"]
                    .iter()
                    .filter_map(|k| c.by_severity.get(*k).map(|n| format!("{k} {n}件")))
                    .collect();
                format!("{}件（{}）", c.findings, parts.join(" / "))
            }
        }),
    );
    put("regenerate_note", String::new());
    v
}

fn template_error(t: &Template, field: &str, e: render::RenderError) -> Error {
    let path = t
        .path
        .clone()
        .unwrap_or_else(|| PathBuf::from(format!("(embedded)/templates/{}", t.name)));
    let code = if t.path.is_some() {
        Code::U002
    } else {
        Code::R002
    };
    Error::new(
        code,
        format!("テンプレート {} の {field} を展開できません: {e}", t.name),
    )
    .at(path, None)
    .hint(format!(
        "使えるプレースホルダーは {} です。",
        vars_names().join(", ")
    ))
}

/// Every placeholder name a template may use.
pub fn vars_names() -> Vec<String> {
    let env = Env {
        root: PathBuf::new(),
        info: ProjectInfo {
            name: String::new(),
            genre: String::new(),
            sub_genres: Vec::new(),
            viewpoint: String::new(),
            platform: String::new(),
            target_min: 1,
            target_max: 2,
            target_source: String::new(),
            project: None,
        },
        facts: EpisodeFacts::default(),
        docs: Vec::new(),
        word_count_target: None,
    };
    vars(&env, None, None).into_keys().collect()
}

/// Renders the parts of a template.
pub struct RenderedParts {
    pub purpose: String,
    pub instructions: String,
    pub acceptance: Vec<String>,
}

pub fn render_parts(t: &Template, vars: &Vars) -> Result<RenderedParts> {
    let purpose =
        render::render(&t.doc.purpose, vars).map_err(|e| template_error(t, "purpose", e))?;
    let instructions = render::render(&t.doc.instructions, vars)
        .map_err(|e| template_error(t, "instructions", e))?;
    let acceptance = t
        .doc
        .acceptance_criteria
        .iter()
        .map(|a| render::render(a, vars).map_err(|e| template_error(t, "acceptance_criteria", e)))
        .collect::<Result<Vec<_>>>()?;
    Ok(RenderedParts {
        purpose,
        instructions,
        acceptance,
    })
}

fn available(a: &ArtifactRef, role: &str, required: bool, purpose: &str) -> InputRef {
    InputRef {
        key: a.key.clone(),
        label: a.label.clone(),
        artifact_id: Some(a.artifact_id.clone()),
        required,
        role: role.into(),
        status: "available".into(),
        purpose: purpose.into(),
        source_file: a.source_file.clone(),
        size_bytes: a.size_bytes,
    }
}

fn unavailable(key: &str, label: String, status: &str, required: bool, purpose: &str) -> InputRef {
    InputRef {
        key: key.into(),
        label,
        artifact_id: None,
        required,
        role: "input".into(),
        status: status.into(),
        purpose: purpose.into(),
        source_file: None,
        size_bytes: 0,
    }
}

fn key_label(key: &str) -> String {
    match key {
        "summary" => "執筆ブリーフ（要約）",
        "plot" => "話別プロット",
        "chapter_plot" => "章別プロット",
        "characters" => "キャラクター設定",
        "world" => "世界観",
        "glossary" => "用語集",
        "style" => "文体・スタイル",
        "quality_rules" => "執筆品質ルール",
        "previous_manuscript" => "前話原稿",
        "previous_handoff" => "前話の引き継ぎメモ",
        "manuscript" => "現在の原稿",
        "check_report" => "品質チェック結果",
        "project_config" => "プロジェクト設定",
        "proposal" => "企画書",
        "previous_plots" => "これまでの話別プロット",
        "current_plot" => "現行プロット",
        other => other,
    }
    .to_string()
}

/// The references of a stage: its declared inputs, then every other auto-artifact.
/// Unknown keys are template errors.
pub fn resolve_inputs(
    t: &Template,
    s: &Session,
    artifacts: &[ArtifactRef],
) -> Result<Vec<InputRef>> {
    let mut out: Vec<InputRef> = Vec::new();
    let push = |r: InputRef, out: &mut Vec<InputRef>| {
        if r.artifact_id.is_none() || !out.iter().any(|o| o.artifact_id == r.artifact_id) {
            out.push(r);
        }
    };
    // The brief always comes first.
    let summary_use = t
        .doc
        .inputs
        .iter()
        .find(|i| i.key == "summary")
        .map(|i| i.purpose.clone())
        .unwrap_or_else(|| "まず全体像をつかむ（作品・この話・参照資料の一覧）".into());
    for a in artifacts.iter().filter(|a| a.summary) {
        push(available(a, "input", true, &summary_use), &mut out);
    }
    for spec in &t.doc.inputs {
        let key = spec.key.as_str();
        if key == "summary" {
            continue;
        }
        if let Some(id) = key.strip_prefix("stage:") {
            let Some(stage) = stages::by_name(id) else {
                return Err(unknown_input(t, key));
            };
            let label = format!("STEP{} 成果物（{}）", stage.number, stage.title);
            let r = match s.stage_outputs.get(stage.id) {
                Some(o) => InputRef {
                    key: key.into(),
                    label,
                    artifact_id: Some(o.artifact_id.clone()),
                    required: spec.required,
                    role: "input".into(),
                    status: "available".into(),
                    purpose: spec.purpose.clone(),
                    source_file: Some(o.output_file.clone()),
                    size_bytes: o.size_bytes,
                },
                None if s.is_skipped(stage) => {
                    unavailable(key, label, "skipped", spec.required, &spec.purpose)
                }
                None => unavailable(key, label, "pending", spec.required, &spec.purpose),
            };
            push(r, &mut out);
            continue;
        }
        match key {
            "manuscript" | "check_report" => {
                let m = s.manuscript.as_ref();
                let found = if key == "manuscript" {
                    m.map(|m| (m.artifact_id.clone(), Some(m.path.clone()), m.size_bytes))
                } else {
                    m.and_then(|m| m.check.as_ref())
                        .map(|c| (c.artifact_id.clone(), None, c.size_bytes))
                };
                let r = match found {
                    Some((id, src, size)) => InputRef {
                        key: key.into(),
                        label: key_label(key),
                        artifact_id: Some(id),
                        required: spec.required,
                        role: "input".into(),
                        status: "available".into(),
                        purpose: spec.purpose.clone(),
                        source_file: src,
                        size_bytes: size,
                    },
                    None => {
                        unavailable(key, key_label(key), "pending", spec.required, &spec.purpose)
                    }
                };
                push(r, &mut out);
            }
            "plot"
            | "chapter_plot"
            | "characters"
            | "world"
            | "glossary"
            | "style"
            | "quality_rules"
            | "previous_manuscript"
            | "previous_handoff"
            | "project_config"
            | "proposal"
            | "previous_plots"
            | "current_plot" => {
                let mut any = false;
                for a in artifacts.iter().filter(|a| a.key == key) {
                    any = true;
                    push(
                        available(a, "input", spec.required, &spec.purpose),
                        &mut out,
                    );
                }
                if !any {
                    push(
                        unavailable(key, key_label(key), "missing", spec.required, &spec.purpose),
                        &mut out,
                    );
                }
            }
            _ => return Err(unknown_input(t, key)),
        }
    }
    for a in artifacts {
        if !out
            .iter()
            .any(|o| o.artifact_id.as_deref() == Some(&a.artifact_id))
        {
            out.push(available(a, "reference", false, ""));
        }
    }
    Ok(out)
}

fn unknown_input(t: &Template, key: &str) -> Error {
    let path = t
        .path
        .clone()
        .unwrap_or_else(|| PathBuf::from(format!("(embedded)/templates/{}", t.name)));
    Error::new(Code::U002, format!("テンプレート {} の入力 {key} は不明です", t.name))
        .at(path, None)
        .hint("使える入力: summary, plot, chapter_plot, characters, world, glossary, style, quality_rules, previous_manuscript, previous_handoff, manuscript, check_report, stage:<段階ID>。")
}

fn ref_line(r: &InputRef) -> String {
    let mut line = format!("- **{}**", r.label);
    if r.required {
        line.push_str("（必須）");
    }
    line.push_str(": ");
    match (&r.artifact_id, r.status.as_str()) {
        (Some(id), _) => line.push_str(&format!("`{id}`")),
        (None, "pending") => line.push_str("未提出（先にこの段階を完了してください）"),
        (None, "skipped") => line.push_str("省略された段階のためありません"),
        _ => line.push_str("プロジェクトにありません"),
    }
    if let Some(src) = &r.source_file {
        line.push_str(&format!(" — {src}"));
    }
    if !r.purpose.is_empty() {
        line.push_str(&format!(" — {}", r.purpose));
    }
    line
}

/// The "アーティファクト参照情報" section.
pub fn refs_section(inputs: &[InputRef]) -> String {
    let example = inputs
        .iter()
        .find_map(|r| r.artifact_id.clone())
        .unwrap_or_else(|| "artifact:xxxxxxxxxxxx".into());
    let mut out = String::from("## アーティファクト参照情報\n");
    out.push_str(&format!(
        "資料の本文は貼り付けていません。作業の前に、必要な資料を `fetch_artifact` で取得してください（例: `fetch_artifact {example}`。YAML や JSON は section 指定で一部だけ取得できます）。\n\n"
    ));
    out.push_str("### この段階で読む資料\n");
    // An optional input the project does not have is left out of the text (it stays in
    // `inputs` with status `missing`).
    for r in inputs
        .iter()
        .filter(|r| r.role == "input" && (r.required || r.status != "missing"))
    {
        out.push_str(&ref_line(r));
        out.push('\n');
    }
    let others: Vec<&InputRef> = inputs.iter().filter(|r| r.role == "reference").collect();
    if !others.is_empty() {
        out.push_str("\n### その他の参照資料（必要なときだけ）\n");
        for r in others {
            out.push_str(&ref_line(r));
            out.push('\n');
        }
    }
    out
}

/// The submission section and hint for `stage` of `s`.
fn submit_hint(s: &Session, stage: &StageDef) -> SubmitHint {
    SubmitHint {
        cli: format!(
            "noveler write submit {} --session {} --stage {} --file <出力ファイル>",
            s.episode, s.session_id, stage.number
        ),
        // `write_stage` is in every MCP profile (the seed's write_step_N too, in `seed`).
        mcp_tool: "write_stage".into(),
        mcp_arguments: json!({
            "episode": s.episode,
            "stage": stage.number,
            "session_id": s.session_id,
            "submission": "<出力>",
        }),
    }
}

/// Renders `stage` for session `s`.
pub fn render_stage(env: &Env, s: &Session, stage: &'static StageDef) -> Result<StagePrompt> {
    let t = templates::load(&env.root, &stage.template_name())?;
    let v = vars(env, Some(s), Some(stage));
    let parts = render_parts(&t, &v)?;
    let inputs = resolve_inputs(&t, s, &s.artifacts)?;
    let schema_text = serde_yaml::to_string(&t.doc.output_schema).unwrap_or_default();
    let hint = submit_hint(s, stage);
    let mut p = format!(
        "# 第{:03}話「{}」 STEP {}/{} {}\n\n",
        s.episode,
        env.title(Some(s)),
        stage.number,
        TOTAL_STAGES,
        stage.title
    );
    p.push_str(parts.purpose.trim_end());
    p.push_str("\n\n");
    p.push_str(
        &super::embed::section(&env.root, &env.docs, &inputs)
            .unwrap_or_else(|| refs_section(&inputs)),
    );
    p.push('\n');
    p.push_str(parts.instructions.trim_end());
    p.push_str("\n\n## 出力形式\n次の JSON Schema（YAML で表記）に合う JSON オブジェクトを一つだけ提出してください。\n```yaml\n");
    p.push_str(schema_text.trim_end());
    p.push_str("\n```\n\n## 受け入れ基準\n");
    for a in &parts.acceptance {
        p.push_str(&format!("- {a}\n"));
    }
    p.push_str("\n## 提出方法\n");
    p.push_str(&format!(
        "- CLI: `{}`（標準入力からは `--file -`）\n",
        hint.cli
    ));
    p.push_str(&format!(
        "- MCP: `{}`（episode: {}, stage: {}, session_id: \"{}\", submission: 出力）\n",
        hint.mcp_tool, s.episode, stage.number, s.session_id
    ));
    if stage.number == 8 {
        p.push_str("- 本文だけの Markdown ファイルも提出できます（そのときタイトルはプロットのものを使います）。\n");
    }
    let sizes: Vec<u64> = inputs
        .iter()
        .filter(|r| r.artifact_id.is_some())
        .map(|r| r.size_bytes)
        .collect();
    let stats = PromptStats::compute(&p, &sizes);
    Ok(StagePrompt {
        step: stage.number,
        stage: stage.id.into(),
        title: stage.title.into(),
        expected_turns: t.doc.expected_turns.unwrap_or(stage.expected_turns),
        prompt: p,
        output_schema: t.doc.output_schema.clone(),
        acceptance_criteria: parts.acceptance,
        inputs,
        template: t.info(),
        prompt_stats: stats,
        submit: hint,
        prompt_file: None,
    })
}

// ---------------------------------------------------------------------------------------
// Sessions of an episode.

/// The session of `ep` in progress, if any. A damaged session file that belongs (or may
/// belong) to `ep` is QC-005: it might be the active writer.
pub fn find_active(root: &Path, ep: u32) -> Result<Option<Session>> {
    let mut active = None;
    for listed in session::list(root) {
        match listed {
            Listed::Ok(s) if s.episode == ep && s.status == SessionStatus::InProgress => {
                active = Some(*s);
            }
            Listed::Corrupt {
                episode: Some(e),
                error,
                ..
            } if e == ep => return Err(*error),
            _ => {}
        }
    }
    Ok(active)
}

/// The newest completed session of `ep`.
fn latest_completed(root: &Path, ep: u32) -> Option<Session> {
    session::list(root).into_iter().rev().find_map(|l| match l {
        Listed::Ok(s) if s.episode == ep && s.status == SessionStatus::Completed => Some(*s),
        _ => None,
    })
}

fn second_writer(ep: u32, active: &Session) -> Error {
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

fn wrong_episode(s: &Session, ep: u32) -> Error {
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
fn open(root: &Path, opts: &OpenOptions) -> Result<(Session, bool)> {
    let ep = opts.episode;
    if let Some(id) = &opts.session_id {
        let s = session::load(root, id)?;
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
            if let Some(active) = find_active(root, ep)? {
                if active.session_id != s.session_id {
                    return Err(second_writer(ep, &active));
                }
            }
        }
        return Ok((s, false));
    }
    match find_active(root, ep)? {
        Some(active) if opts.new_session => Err(second_writer(ep, &active)),
        Some(active) => Ok((active, false)),
        None => {
            // The episode was written already: show that (a new run needs --new).
            if !opts.new_session {
                if let Some(done) = latest_completed(root, ep) {
                    return Ok((done, false));
                }
            }
            let created = now();
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
fn refresh_artifacts(env: &Env, s: &mut Session, dry_run: bool) -> Result<Vec<String>> {
    let mut warnings = Vec::new();
    let mut refs = Vec::new();
    for d in &env.docs {
        let r = d.store(&env.root, s.episode, dry_run)?;
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

fn write_json(root: &Path, rel_path: &str, value: &Value) -> Result<()> {
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

fn suggestions(s: &Session, stage: Option<&StageDef>) -> Vec<String> {
    let ep = s.episode;
    let id = &s.session_id;
    match stage {
        Some(st) => vec![
            format!(
                "noveler write submit {ep} --session {id} --stage {} --file <出力ファイル>",
                st.number
            ),
            format!("noveler write status {ep} --session {id}"),
        ],
        // The flow is done: publishing goes through the completion gate (issue 15).
        None => vec![
            format!("noveler complete {ep}"),
            format!("noveler check {ep}"),
            format!("noveler plot {}", ep + 1),
            format!("noveler write {ep} --new"),
        ],
    }
}

/// Shows `stage` (or the session's current stage) of the episode, starting a session when
/// there is none. Outside a dry run the prompt is logged to `.noveler/writes/<id>/`.
pub fn show(
    root: &Path,
    opts: &OpenOptions,
    stage: Option<&'static StageDef>,
) -> Result<WriteOutcome> {
    if opts.dry_run {
        return show_locked(root, opts, stage);
    }
    io::with_episode_lock(root, opts.episode, || show_locked(root, opts, stage))
}

fn show_locked(
    root: &Path,
    opts: &OpenOptions,
    stage: Option<&'static StageDef>,
) -> Result<WriteOutcome> {
    let (mut s, is_new) = open(root, opts)?;
    if !is_new && opts.word_count_target.is_some() && !opts.dry_run {
        s.options.word_count_target = opts.word_count_target;
    }
    let env = if is_new {
        Env::load(
            root,
            opts.episode,
            opts.plot_content.as_deref(),
            opts.word_count_target,
        )?
    } else {
        Env::for_session(root, &s)?
    };
    let mut warnings = refresh_artifacts(&env, &mut s, opts.dry_run)?;
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
    if !opts.dry_run {
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
            write_atomic(&root.join(&prompt_file), p.prompt.as_bytes())?;
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
                    issued_at: now(),
                    prompt_file: prompt_file.clone(),
                    template: p.template.clone(),
                    rejected,
                },
            );
            p.prompt_file = Some(prompt_file);
        }
        s.last_updated = now();
        session::save(root, &s)?;
    }
    let next = s
        .next_stage()
        .filter(|_| s.status == SessionStatus::InProgress);
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
    })
}

// ---------------------------------------------------------------------------------------
// Submissions.

/// A submission as it arrived.
#[derive(Debug, Clone)]
pub enum Payload {
    /// Already structured (MCP arguments).
    Json(Value),
    /// Text from a file or stdin: JSON, YAML, or (stage 8) a bare manuscript.
    Text(String),
}

#[derive(Debug, Clone)]
pub struct SubmitOptions {
    pub episode: u32,
    pub session_id: Option<String>,
    /// Defaults to the session's current stage.
    pub stage: Option<&'static StageDef>,
    pub payload: Payload,
    /// The file it came from (messages only).
    pub source: Option<String>,
    pub feedback: Option<String>,
    /// Validate only; nothing is written.
    pub dry_run: bool,
}

/// Turns a payload into the JSON document validated against the stage's schema.
pub fn parse_payload(
    payload: &Payload,
    stage: &StageDef,
    default_title: &str,
) -> Result<(Value, Vec<String>)> {
    let text = match payload {
        Payload::Json(Value::String(t)) => t.clone(),
        Payload::Json(v) => return Ok((v.clone(), Vec::new())),
        Payload::Text(t) => t.clone(),
    };
    let trimmed = text.trim_start_matches('\u{feff}').trim();
    if let Ok(v) = serde_json::from_str::<Value>(trimmed) {
        if v.is_object() {
            return Ok((v, Vec::new()));
        }
    }
    let looks_json = trimmed.starts_with('{') || trimmed.starts_with('[');
    if !looks_json {
        if let Ok(v) = serde_yaml::from_str::<Value>(trimmed) {
            if v.is_object() {
                return Ok((v, Vec::new()));
            }
        }
    }
    if stage.number == 8 && !looks_json && !trimmed.is_empty() {
        return Ok((
            json!({"title": default_title, "manuscript": text}),
            vec![format!(
                "本文のみの提出として受け取りました（タイトル「{default_title}」はプロットから）"
            )],
        ));
    }
    let why = serde_json::from_str::<Value>(trimmed)
        .err()
        .map(|e| format!("JSON: {e}"))
        .unwrap_or_else(|| "オブジェクトではありません".into());
    Err(Error::new(
        Code::U006,
        format!("STEP{} の提出内容を JSON オブジェクトとして読めません（{why}）", stage.number),
    )
    .hint("出力形式（JSON Schema）に合う JSON オブジェクトを一つだけ提出してください。YAML でもかまいません。")
    .details(json!({"violations": [{"path": "", "message": why}], "step": stage.number, "stage": stage.id})))
}

fn violation_error(
    s: &Session,
    stage: &StageDef,
    v: &[Violation],
    rejected_file: Option<&str>,
) -> Error {
    let first = &v[0];
    let at = if first.path.is_empty() {
        "（全体）"
    } else {
        first.path.as_str()
    };
    let more = if v.len() > 1 {
        format!("（ほか{}件）", v.len() - 1)
    } else {
        String::new()
    };
    Error::new(
        Code::U006,
        format!(
            "STEP{}（{}）の提出内容が出力形式に合いません: {at} {}{more}",
            stage.number, stage.title, first.message
        ),
    )
    .hint(format!(
        "details.violations の各 path を直して再提出してください。出力形式は noveler write {} --session {} --step {} で確認できます。",
        s.episode, s.session_id, stage.number
    ))
    .suggest(format!(
        "noveler write submit {} --session {} --stage {} --file <直した出力>",
        s.episode, s.session_id, stage.number
    ))
    .details(json!({
        "violations": v,
        "step": stage.number,
        "stage": stage.id,
        "session_id": s.session_id,
        "rejected_file": rejected_file,
    }))
}

fn scene_numbers(s: &Session, root: &Path) -> Option<Vec<i64>> {
    let o = s.stage_outputs.get("analyze_plot_structure")?;
    let text = std::fs::read_to_string(root.join(&o.output_file)).ok()?;
    let v: Value = serde_json::from_str(&text).ok()?;
    Some(
        v.get("scenes")?
            .as_array()?
            .iter()
            .filter_map(|sc| sc.get("number").and_then(Value::as_i64))
            .collect(),
    )
}

/// Soft checks beyond the schema: reported as warnings, never blocking.
pub fn stage_warnings(env: &Env, s: &Session, stage: &StageDef, doc: &Value) -> Vec<String> {
    let mut w = Vec::new();
    let scenes_known = if stage.number == 2 {
        doc.get("scenes").and_then(Value::as_array).map(|a| {
            a.iter()
                .filter_map(|sc| sc.get("number").and_then(Value::as_i64))
                .collect::<Vec<_>>()
        })
    } else {
        scene_numbers(s, &env.root)
    };
    if stage.number == 2 {
        let total: i64 = doc
            .get("scenes")
            .and_then(Value::as_array)
            .map(|a| {
                a.iter()
                    .filter_map(|sc| sc.get("target_chars").and_then(Value::as_i64))
                    .sum()
            })
            .unwrap_or(0);
        let (min, max) = (env.info.target_min as i64, env.info.target_max as i64);
        if total < min || total > max {
            w.push(format!(
                "場面の字数の合計 {total} 字が目標 {min}〜{max} 字から外れています"
            ));
        }
    }
    if let Some(known) = scenes_known.filter(|k| !k.is_empty()) {
        let mut refs: Vec<(String, i64)> = Vec::new();
        collect_scene_refs(doc, "", &mut refs);
        for (path, n) in refs {
            if !known.contains(&n) {
                w.push(format!("{path}: 場面 {n} は STEP2 の場面にありません"));
            }
        }
    }
    w
}

fn collect_scene_refs(v: &Value, path: &str, out: &mut Vec<(String, i64)>) {
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                let p = format!("{path}/{}", schema::escape(k));
                if k == "scene" {
                    if let Some(n) = x.as_i64() {
                        out.push((p.clone(), n));
                    }
                }
                collect_scene_refs(x, &p, out);
            }
        }
        Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                collect_scene_refs(x, &format!("{path}/{i}"), out);
            }
        }
        _ => {}
    }
}

/// Which stages may take a submission now: the current one, any already completed (a
/// redo), or a later one whose predecessors are all done or skipped.
fn check_order(s: &Session, stage: &StageDef) -> Result<()> {
    if s.status == SessionStatus::Completed {
        return Err(Error::new(
            Code::QC001,
            format!("セッション {} は完了しています", s.session_id),
        )
        .hint(format!(
            "原稿は確定済みです。書き直すときは新しいセッションを始めてください: noveler write {} --new",
            s.episode
        ))
        .suggest(format!("noveler write {} --new", s.episode)));
    }
    if s.status == SessionStatus::Abandoned {
        return Err(Error::new(
            Code::QC001,
            format!("セッション {} は中止されています", s.session_id),
        )
        .suggest(format!(
            "noveler write resume {} --session {}",
            s.episode, s.session_id
        )));
    }
    let missing: Vec<&StageDef> = STAGES[..usize::from(stage.number) - 1]
        .iter()
        .filter(|p| !s.is_completed(p) && !s.is_skipped(p))
        .collect();
    if let Some(first) = missing.first() {
        return Err(Error::new(
            Code::QC003,
            format!(
                "STEP{}（{}）はまだ提出できません。先に STEP{}（{}）を完了してください",
                stage.number, stage.title, first.number, first.title
            ),
        )
        .hint("段階は順に進みます。noveler write status で現在の段階を確認できます。")
        .suggest(format!(
            "noveler write {} --session {} --step {}",
            s.episode, s.session_id, first.number
        ))
        .details(json!({
            "current_stage": s.current_stage,
            "missing_stages": missing.iter().map(|m| m.id).collect::<Vec<_>>(),
        })));
    }
    Ok(())
}

/// Accepts a submission for a stage; `ops` writes and checks the manuscript of stages 8–10.
pub fn submit(root: &Path, opts: &SubmitOptions, ops: &dyn ManuscriptOps) -> Result<SubmitOutcome> {
    if opts.dry_run {
        return submit_locked(root, opts, ops);
    }
    io::with_episode_lock(root, opts.episode, || submit_locked(root, opts, ops))
}

fn session_for_submit(root: &Path, opts: &SubmitOptions) -> Result<Session> {
    match &opts.session_id {
        Some(id) => {
            let s = session::load(root, id)?;
            if s.episode != opts.episode {
                return Err(wrong_episode(&s, opts.episode));
            }
            if s.status == SessionStatus::InProgress {
                if let Some(active) = find_active(root, opts.episode)? {
                    if active.session_id != s.session_id {
                        return Err(second_writer(opts.episode, &active));
                    }
                }
            }
            Ok(s)
        }
        None => find_active(root, opts.episode)?.ok_or_else(|| {
            Error::new(
                Code::U005,
                format!("第{}話に進行中の執筆セッションがありません", opts.episode),
            )
            .hint("noveler write EP でセッションを始め、表示された session_id を --session に渡してください。")
            .suggest(format!("noveler write {}", opts.episode))
        }),
    }
}

fn submit_locked(
    root: &Path,
    opts: &SubmitOptions,
    ops: &dyn ManuscriptOps,
) -> Result<SubmitOutcome> {
    let mut s = session_for_submit(root, opts)?;
    let stage = match opts.stage {
        Some(st) => st,
        None => s.next_stage().ok_or_else(|| {
            Error::new(
                Code::QC001,
                format!("セッション {} は完了しています", s.session_id),
            )
        })?,
    };
    check_order(&s, stage)?;
    let env = Env::for_session(root, &s)?;
    let title = env.title(Some(&s));
    let t = templates::load(root, &stage.template_name())?;
    let dir = session::writes_dir(&s.session_id);
    let attempts = s.stage_outputs.get(stage.id).map_or(0, |o| o.attempts)
        + s.prompts.get(stage.id).map_or(0, |p| p.rejected)
        + 1;
    let parsed = parse_payload(&opts.payload, stage, &title);
    let (doc, mut warnings) = match parsed {
        Ok(x) => x,
        Err(e) => {
            if !opts.dry_run {
                record_rejection(root, &mut s, stage, &t, &dir, &Value::Null, &e)?;
            }
            return Err(e);
        }
    };
    let violations = schema::validate(&t.doc.output_schema, &doc);
    if !violations.is_empty() {
        let rejected_file = if opts.dry_run {
            None
        } else {
            let err = violation_error(&s, stage, &violations, None);
            Some(record_rejection(root, &mut s, stage, &t, &dir, &doc, &err)?)
        };
        return Err(violation_error(
            &s,
            stage,
            &violations,
            rejected_file.as_deref(),
        ));
    }
    warnings.extend(stage_warnings(&env, &s, stage, &doc));
    if let Some(p) = s.prompts.get(stage.id) {
        if p.template.sha256 != t.sha256 {
            warnings.push(format!(
                "プロンプト発行後にテンプレートが変わりました（{} → {}）。現在のテンプレートで検証しました",
                p.template.version, t.doc.version
            ));
        }
    }
    let output_file = format!("{dir}/{}.output.json", stage.stem());
    let body = serde_json::to_string_pretty(&doc).unwrap_or_default();
    let artifact_id = io::artifact_id(&body);
    let execution_time = s
        .prompts
        .get(stage.id)
        .and_then(|p| seconds_since(&p.issued_at));
    if opts.dry_run {
        let mut preview = s.clone();
        preview.complete(stage);
        let next = preview
            .next_stage()
            .filter(|_| preview.status == SessionStatus::InProgress);
        return Ok(SubmitOutcome {
            session_id: s.session_id.clone(),
            episode: s.episode,
            dry_run: true,
            step: stage.number,
            stage: stage.id.into(),
            accepted: true,
            output_file: None,
            artifact_id,
            execution_time,
            quality_score: None,
            attempts,
            manuscript: None,
            status: s.status,
            progress: Progress::of(&s),
            next_step: next.map(|n| n.number),
            next_stage: next.map(|n| n.id.to_string()),
            suggested_actions: vec![opts_cli_submit(&s, stage)],
            warnings,
        });
    }
    // Journal first: a crash after this line is recoverable from the log.
    write_atomic(&root.join(&output_file), body.as_bytes())?;
    io::store_artifact(
        root,
        &body,
        "json",
        Some(&output_file),
        &format!("第{:03}話 STEP{} {}", s.episode, stage.number, stage.title),
        &[
            ("episode", format!("{:03}", s.episode)),
            ("session", s.session_id.clone()),
            ("stage", stage.id.to_string()),
        ],
    )?;
    let manuscript = if stage.writes_manuscript() {
        Some(apply_manuscript(&env, &mut s, stage, &doc, true, ops)?)
    } else {
        None
    };
    if let Some(m) = &manuscript {
        if let Some(c) = &m.check {
            if !c.in_range {
                warnings.push(format!(
                    "正味 {} 字で目標 {}〜{} 字から外れています（{}）",
                    c.body_chars,
                    c.target_min,
                    c.target_max,
                    length_status(c.body_chars, c.target_min, c.target_max)
                ));
            }
            let previous = STAGES[..usize::from(stage.number) - 1]
                .iter()
                .rev()
                .find_map(|p| s.stage_outputs.get(p.id).and_then(|o| o.quality_score));
            if let (Some(prev), Some(score)) = (previous, c.score) {
                if score < prev {
                    warnings.push(format!(
                        "品質スコアが {prev:.1} → {score:.1} に下がりました"
                    ));
                }
            }
        }
    }
    if stage.number == 10 {
        store_handoff(root, &s, &doc)?;
    }
    let quality_score = manuscript
        .as_ref()
        .and_then(|m| m.check.as_ref())
        .and_then(|c| c.score);
    s.stage_outputs.insert(
        stage.id.to_string(),
        StageOutput {
            output_file: output_file.clone(),
            artifact_id: artifact_id.clone(),
            size_bytes: body.len() as u64,
            execution_time,
            quality_score,
            submitted_at: now(),
            template: t.info(),
            attempts,
            warnings: warnings.clone(),
        },
    );
    if let Some(p) = s.prompts.get_mut(stage.id) {
        p.rejected = 0;
    }
    if let Some(f) = opts.feedback.as_ref().filter(|f| !f.trim().is_empty()) {
        s.user_feedback.push(Feedback {
            stage: stage.id.to_string(),
            feedback: f.trim().to_string(),
            timestamp: now(),
        });
    }
    s.complete(stage);
    s.last_updated = now();
    session::save(root, &s)?;
    let next = s
        .next_stage()
        .filter(|_| s.status == SessionStatus::InProgress);
    let suggested_actions = match next {
        Some(n) => vec![
            format!(
                "noveler write {} --session {} --step {}",
                s.episode, s.session_id, n.number
            ),
            format!(
                "noveler write status {} --session {}",
                s.episode, s.session_id
            ),
        ],
        None => suggestions(&s, None),
    };
    Ok(SubmitOutcome {
        session_id: s.session_id.clone(),
        episode: s.episode,
        dry_run: false,
        step: stage.number,
        stage: stage.id.into(),
        accepted: true,
        output_file: Some(output_file),
        artifact_id,
        execution_time,
        quality_score,
        attempts,
        manuscript,
        status: s.status,
        progress: Progress::of(&s),
        next_step: next.map(|n| n.number),
        next_stage: next.map(|n| n.id.to_string()),
        suggested_actions,
        warnings,
    })
}

fn opts_cli_submit(s: &Session, stage: &StageDef) -> String {
    format!(
        "noveler write submit {} --session {} --stage {} --file <出力ファイル>",
        s.episode, s.session_id, stage.number
    )
}

/// Logs a rejected submission and counts it; returns the log file.
fn record_rejection(
    root: &Path,
    s: &mut Session,
    stage: &StageDef,
    t: &Template,
    dir: &str,
    doc: &Value,
    err: &Error,
) -> Result<String> {
    let n = s.prompts.get(stage.id).map_or(0, |p| p.rejected) + 1;
    let file = format!("{dir}/{}.rejected_{n:02}.json", stage.stem());
    write_json(
        root,
        &file,
        &json!({"submitted_at": now(), "submission": doc, "error": err.to_json()}),
    )?;
    let entry = s
        .prompts
        .entry(stage.id.to_string())
        .or_insert_with(|| PromptRecord {
            issued_at: now(),
            prompt_file: String::new(),
            template: t.info(),
            rejected: 0,
        });
    entry.rejected = n;
    s.last_updated = now();
    session::save(root, s)?;
    Ok(file)
}

fn store_handoff(root: &Path, s: &Session, doc: &Value) -> Result<()> {
    let handoff = json!({
        "episode": s.episode,
        "session_id": s.session_id,
        "title": doc.get("title"),
        "episode_summary": doc.get("episode_summary"),
        "next_episode_handoff": doc.get("next_episode_handoff"),
    });
    write_json(
        root,
        &format!("{}/handoff.json", session::writes_dir(&s.session_id)),
        &handoff,
    )
}

/// The manuscript text as saved: a heading when the submission has none, and the
/// `文字数:` trailer of the episode template refreshed.
pub fn normalize_manuscript(text: &str, ep: u32, title: &str) -> String {
    let mut body = crate::analysis::Source::new(text).text;
    // Drop an old trailer (`---` followed only by `key: value` lines).
    let lines: Vec<&str> = body.lines().collect();
    if let Some(pos) = lines.iter().rposition(|l| l.trim() == "---") {
        let tail = &lines[pos + 1..];
        let meta = tail.iter().all(|l| {
            let l = l.trim();
            l.is_empty() || l.contains(':') || l.contains('：')
        });
        if meta && tail.iter().any(|l| l.contains("文字数")) {
            body = lines[..pos].join("\n");
        }
    }
    let body = body.trim_matches('\n').to_string();
    let has_heading = body
        .lines()
        .find(|l| !l.trim().is_empty())
        .is_some_and(|l| l.trim_start().starts_with('#'));
    let mut out = String::new();
    if !has_heading {
        out.push_str(&format!("# 第{}話　{}\n\n", kanji_number(ep), title));
    }
    out.push_str(&body);
    out.push('\n');
    let n = io::body_chars(&out);
    out.push_str(&format!("\n---\n文字数: {n}\n"));
    out
}

/// Writes the manuscript a stage submitted (stage 10 may omit it: the current one is kept
/// and re-checked), backing up what it replaces, then checks it. `ops` does the safe write
/// and the check.
pub fn apply_manuscript(
    env: &Env,
    s: &mut Session,
    stage: &StageDef,
    doc: &Value,
    check: bool,
    ops: &dyn ManuscriptOps,
) -> Result<ManuscriptResult> {
    let root = env.root.as_path();
    let ep = s.episode;
    let title = doc
        .get("title")
        .and_then(Value::as_str)
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(str::to_string)
        .unwrap_or_else(|| env.title(Some(s)));
    // The file the text was read from (stage 10 without a manuscript) and its sha256: it is
    // replaced (or removed) only if it still has it, so a concurrent `polish` is never lost.
    let mut read_from: Option<(PathBuf, String)> = None;
    let text = match doc.get("manuscript").and_then(Value::as_str) {
        Some(t) => t.to_string(),
        None => {
            let current = s.manuscript.as_ref().map(|m| root.join(&m.path));
            let path = match current.filter(|p| p.is_file()) {
                Some(p) => p,
                None => io::find_manuscript(root, ep)?.ok_or_else(|| {
                    Error::new(Code::E003, format!("第{ep}話の原稿が見つかりません"))
                        .hint("manuscript に本文全体を入れて提出してください。")
                })?,
            };
            let bytes = crate::store::text::read_bytes(&path)?;
            let text = crate::store::text::decode(&path, &bytes)?.text;
            read_from = Some((path, crate::analysis::sha256_hex(&bytes)));
            text
        }
    };
    let content = normalize_manuscript(&text, ep, &title);
    // The quality stop (issue 18): refused before anything is written, so the session
    // stays at stage 8.
    if stage.number == 8 {
        let chars = io::body_chars(&content);
        super::quality_stop::check_draft(ep, chars, env.info.target_min, env.word_count_target)?;
    }
    let path = io::manuscript_dir(root).join(format!("第{ep:03}話_{}.md", safe_title(&title)));
    let mut backups = Vec::new();
    let mut removed = Vec::new();
    let existing = io::manuscripts_of(root, ep);
    let unchanged = existing.len() == 1
        && existing[0] == path
        && std::fs::read(&path).ok().as_deref() == Some(content.as_bytes());
    let rel_path = shown_path(root, &path);
    if !unchanged {
        // The safe write backs up the file it replaces; an earlier manuscript of the episode
        // under another title is backed up here and then removed, so one file remains.
        let expected = |p: &Path| {
            read_from
                .as_ref()
                .filter(|(from, _)| from == p)
                .map(|(_, sha)| sha.as_str())
        };
        backups.extend(ops.write(root, &rel_path, &content, expected(&path))?);
        for old in existing.iter().filter(|o| **o != path) {
            let old_rel = shown_path(root, old);
            let id = lock::with_manuscript_locks(root, &[&old_rel], || {
                if let Some(sha) = expected(old) {
                    let now = std::fs::read(old).map_err(|e| Error::io(old, &e))?;
                    if crate::analysis::sha256_hex(&now) != sha {
                        return Err(Error::new(
                            Code::QC018,
                            format!("{old_rel} は読み込んだときから変更されています（削除していません）"),
                        )
                        .hint("原稿を確認してから、もう一度提出してください。"));
                    }
                }
                let id = io::backup_file(root, old, &format!("write {}", stage.stem()))?;
                std::fs::remove_file(old).map_err(|e| Error::io(old, &e))?;
                Ok(id)
            })?;
            backups.push(id);
            removed.push(old_rel);
        }
    }
    let artifact_id = io::store_artifact(
        root,
        &content,
        "markdown",
        Some(&rel_path),
        &format!("第{ep:03}話 原稿（STEP{}）", stage.number),
        &[
            ("episode", format!("{ep:03}")),
            ("type", "manuscript".into()),
            ("stage", stage.id.to_string()),
        ],
    )?;
    let record = if check {
        let outcome = ops.check(root, &path)?;
        let result_text = serde_json::to_string_pretty(&outcome.result).unwrap_or_default();
        let check_id = io::store_artifact(
            root,
            &result_text,
            "json",
            Some(&rel_path),
            &format!("第{ep:03}話 品質チェック結果（STEP{}）", stage.number),
            &[
                ("episode", format!("{ep:03}")),
                ("type", "check_report".into()),
                ("stage", stage.id.to_string()),
            ],
        )?;
        let mut by_severity = BTreeMap::new();
        for f in &outcome.findings {
            let key = serde_json::to_value(f.severity)
                .ok()
                .and_then(|v| v.as_str().map(str::to_string))
                .unwrap_or_default();
            *by_severity.entry(key).or_insert(0) += 1;
        }
        Some(CheckRecord {
            stage: stage.id.to_string(),
            score: outcome.score,
            body_chars: outcome.body_chars,
            target_min: outcome.target_min,
            target_max: outcome.target_max,
            in_range: outcome.in_range,
            findings: outcome.findings.len(),
            by_severity,
            artifact_id: check_id,
            size_bytes: result_text.len() as u64,
        })
    } else {
        None
    };
    let mut all_backups = s
        .manuscript
        .as_ref()
        .map(|m| m.backups.clone())
        .unwrap_or_default();
    all_backups.extend(backups.iter().cloned());
    s.manuscript = Some(ManuscriptState {
        path: rel_path.clone(),
        title: title.clone(),
        sha256: crate::analysis::sha256_hex(content.as_bytes()),
        artifact_id,
        size_bytes: content.len() as u64,
        check: record.clone(),
        backups: all_backups,
    });
    Ok(ManuscriptResult {
        path: rel_path,
        title,
        backups,
        removed,
        unchanged,
        body_chars: record
            .as_ref()
            .map(|r| r.body_chars)
            .unwrap_or_else(|| io::body_chars(&content)),
        check: record,
    })
}

// ---------------------------------------------------------------------------------------
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
        lock_held: io::lock_held(root, ep),
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

/// Continues session `id` of `ep` from its current stage (an abandoned session is
/// reactivated when no other session of the episode is in progress).
pub fn resume(root: &Path, ep: u32, id: &str, dry_run: bool) -> Result<ResumeOutcome> {
    let run = || {
        let mut s = session::load(root, id)?;
        if s.episode != ep {
            return Err(wrong_episode(&s, ep));
        }
        let mut reactivated = false;
        if s.status == SessionStatus::Abandoned {
            if let Some(active) = find_active(root, ep)? {
                return Err(second_writer(ep, &active));
            }
            s.status = SessionStatus::InProgress;
            s.refresh_current();
            reactivated = true;
            if !dry_run {
                s.last_updated = now();
                session::save(root, &s)?;
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
            let env = Env::for_session(root, &s)?;
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
            }
        } else {
            show_locked(root, &opts, None)?
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
        run()
    } else {
        io::with_episode_lock(root, ep, run)
    }
}

/// Marks session `id` abandoned, freeing the episode for a new session.
pub fn abandon(root: &Path, ep: u32, id: &str) -> Result<SessionSummary> {
    io::with_episode_lock(root, ep, || {
        let mut s = session::load(root, id)?;
        if s.episode != ep {
            return Err(wrong_episode(&s, ep));
        }
        if s.status == SessionStatus::InProgress {
            s.status = SessionStatus::Abandoned;
            s.last_updated = now();
            session::save(root, &s)?;
        }
        Ok(SessionSummary::of(&s))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kanji_numbers() {
        assert_eq!(kanji_number(1), "一");
        assert_eq!(kanji_number(4), "四");
        assert_eq!(kanji_number(10), "十");
        assert_eq!(kanji_number(23), "二十三");
        assert_eq!(kanji_number(105), "百五");
        assert_eq!(kanji_number(2310), "二千三百十");
    }

    #[test]
    fn titles_are_file_safe() {
        assert_eq!(safe_title("灯台/守の:休日"), "灯台_守の_休日");
        assert_eq!(safe_title("  ../  "), "_");
        assert_eq!(safe_title(""), "無題");
        assert_eq!(safe_title("..."), "無題");
    }

    #[test]
    fn every_stage_template_renders_with_the_full_variable_set() {
        let names = vars_names();
        for st in &STAGES {
            let t = templates::load(Path::new("/nonexistent"), &st.template_name()).unwrap();
            for field in [&t.doc.purpose, &t.doc.instructions] {
                for p in render::placeholders(field) {
                    assert!(names.contains(&p), "{}: unknown placeholder {p}", t.name);
                }
            }
        }
        let t = templates::load(Path::new("/nonexistent"), templates::PLOT_TEMPLATE).unwrap();
        for p in render::placeholders(&t.doc.instructions) {
            assert!(names.contains(&p), "plot: {p}");
        }
    }

    #[test]
    fn payloads_json_yaml_and_bare_manuscripts() {
        let st8 = stages::by_number(8).unwrap();
        let st1 = stages::by_number(1).unwrap();
        let (v, _) = parse_payload(&Payload::Text("{\"a\": 1}".into()), st1, "t").unwrap();
        assert_eq!(v["a"], 1);
        let (v, _) = parse_payload(&Payload::Text("a: 1\nb: [x]\n".into()), st1, "t").unwrap();
        assert_eq!(v["b"][0], "x");
        let (v, w) = parse_payload(&Payload::Text("　本文です。\n".into()), st8, "題").unwrap();
        assert_eq!(v["title"], "題");
        assert_eq!(w.len(), 1);
        let err = parse_payload(&Payload::Text("{\"a\": ".into()), st8, "t").unwrap_err();
        assert_eq!(err.code, Code::U006);
        let err = parse_payload(&Payload::Text("ただの文".into()), st1, "t").unwrap_err();
        assert_eq!(err.code, Code::U006);
    }
}
