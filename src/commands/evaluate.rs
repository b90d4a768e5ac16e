//! The judged evaluations (seed 000 §3.2, §5.4.2): `check_story_elements` (68 items in six
//! groups), `check_story_structure`, `check_writing_expression`, and
//! `generate_episode_preview` (seed 002 §2.5). Same protocol as the progressive steps
//! (`workflow::steps::judgment`): noveler measures what it can, returns the prompt, and
//! folds an `llm_result` sent back into the scores; without one, `llm_pending: true` and
//! no judged score is reported. A score is never made up.

use super::polish::{self, PolishReport, PolishRequest};
use super::{Ctx, Report};
use crate::analysis::metrics::tension;
use crate::analysis::{self, Applicability, Document, FileAnalysis, Settings};
use crate::error::{Code, Error, Result};
use crate::project::Project;
use crate::store::FileRef;
use crate::workflow::progressive::{self, Loaded};
use crate::workflow::steps::common::{penalty_score, StepContext, StepIssue};
use crate::workflow::steps::judgment::{self, Scoring};
use crate::workflow::steps::{self, STEPS};
use crate::workflow::templates::{self, Template, TemplateInfo};
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};
use std::collections::BTreeMap;

/// What every evaluation reports about the text it evaluated.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct EvaluatedText {
    pub path: String,
    pub sha256: String,
    pub artifact_id: String,
    pub body_chars: usize,
    pub title: String,
}

/// Issues per step number, and a summary per step.
type Measurements = (Vec<(u8, StepIssue)>, Map<String, Value>);

struct Prepared {
    ep: u32,
    l: Loaded,
    settings: Settings,
    analysis: FileAnalysis,
    artifact: String,
    refs: progressive::RefIds,
    title: String,
    template: Template,
}

fn prepare(ctx: &Ctx, ep: u32, template_name: &str) -> Result<Prepared> {
    if ep == 0 {
        return Err(Error::new(Code::E001, "話数は 1 以上で指定してください"));
    }
    let project = Project::load(&ctx.root)?;
    let l = progressive::load(project, ep, None)?;
    let settings = l.project.settings.clone();
    let analysis = analysis::analyze(&l.source.text, &l.manuscript_rel, &settings);
    let (artifact, refs) = progressive::store_inputs(&ctx.root, ep, &l)?;
    let title = progressive::episode_title(&l);
    let template = templates::load(&ctx.root, template_name)?;
    Ok(Prepared {
        ep,
        l,
        settings,
        analysis,
        artifact,
        refs,
        title,
        template,
    })
}

impl Prepared {
    fn text_info(&self) -> EvaluatedText {
        EvaluatedText {
            path: self.l.manuscript_rel.clone(),
            sha256: self.l.sha256.clone(),
            artifact_id: self.artifact.clone(),
            body_chars: self.analysis.metrics.length_stats.body_chars,
            title: self.title.clone(),
        }
    }

    fn inputs(&self, ctx: &Ctx) -> Vec<FileRef> {
        let mut v = vec![FileRef {
            path: self.l.manuscript_rel.clone(),
            sha256: self.l.sha256.clone(),
            size_bytes: self.l.raw_len,
            content_type: crate::store::fileref::content_type_of(&self.l.manuscript_path)
                .to_string(),
            role: "manuscript".into(),
        }];
        for r in &self.l.refs {
            v.push(FileRef::from_bytes(
                &ctx.root,
                &r.path,
                r.text.as_bytes(),
                r.key,
            ));
        }
        v
    }

    /// Runs the deterministic part of the given steps (those whose inputs exist).
    fn measure(&self, ctx: &Ctx, nums: &[u8]) -> Result<Measurements> {
        let doc = Document::parse(&self.l.source.text);
        let heading = progressive::heading_of(&self.l.source.text);
        let mut issues = Vec::new();
        let mut summary = Map::new();
        for &n in nums {
            let Some(step) = STEPS.iter().find(|s| s.number == n) else {
                continue;
            };
            let missing = step.requires().iter().any(|r| match *r {
                "characters" => self.l.characters.is_none(),
                "glossary" => self.l.glossary.is_none(),
                "plot" => self.l.plot.is_none(),
                _ => false,
            });
            if missing {
                summary.insert(
                    format!("step{n:02}_{}", step.slug),
                    json!({"name": step.name, "unavailable": true}),
                );
                continue;
            }
            let t = templates::load(&ctx.root, &step.template_name())?;
            let cx = StepContext {
                episode: self.ep,
                file: &self.l.manuscript_rel,
                text: &self.l.source.text,
                doc: &doc,
                analysis: &self.analysis,
                settings: &self.settings,
                heading: heading.as_deref(),
                characters: self.l.characters.as_deref(),
                glossary: self.l.glossary.as_deref(),
                plot: self.l.plot.as_ref(),
                foreshadowing: &self.l.foreshadowing,
                earlier: &[],
                accept_unjudged: false,
                params: &t.doc.parameters,
            };
            let m = steps::measure(step, &cx);
            summary.insert(
                format!("step{n:02}_{}", step.slug),
                json!({
                    "name": step.name,
                    "measured_score": penalty_score(&m.issues, self.analysis.metrics.length_stats.body_chars),
                    "issues": m.issues.len(),
                    "details": Value::Object(m.details.clone()),
                }),
            );
            issues.extend(m.issues.into_iter().map(|i| (n, i)));
        }
        Ok((issues, summary))
    }

    fn vars(
        &self,
        measured: Option<f64>,
        issues: &[StepIssue],
        details: &Value,
    ) -> crate::workflow::render::Vars {
        let mut v = progressive::base_vars(
            self.ep,
            &self.title,
            &self.l,
            &self.artifact,
            &self.analysis,
            &self.refs,
        );
        if let Some(s) = measured {
            v.insert("measured_score".into(), s.to_string());
        }
        v.insert(
            "findings_summary".into(),
            progressive::issues_summary(issues, 30, false),
        );
        v.insert(
            "details_summary".into(),
            progressive::details_summary(details, 5000, "\n  …（省略）"),
        );
        v
    }

    fn prompt(&self, vars: &crate::workflow::render::Vars, tool: &str) -> Result<String> {
        let submit = format!(
            "- MCP: {tool} に {{\"episode_number\": {}, \"llm_result\": {{…}}}} を渡す\n- CLI: `noveler evaluate {} {} --llm-result <ファイル>`",
            self.ep,
            tool.trim_start_matches("check_").trim_start_matches("generate_"),
            self.ep
        );
        progressive::render_prompt(&self.template, vars, &submit)
    }

    /// Validates an llm_result for this template and text.
    fn judged(&self, v: &Value) -> Result<()> {
        judgment::check_manuscript_hash(v, &self.l.sha256)?;
        judgment::validate(&self.template.doc.output_schema, v, &self.template.name)
    }
}

fn weight(t: &Template, default: f64) -> f64 {
    t.doc
        .parameters
        .get("judgment_weight")
        .and_then(Value::as_f64)
        .unwrap_or(default)
}

// ---------------------------------------------------------------------------------------
// check_story_elements

fn safe() -> Applicability {
    Applicability::Safe
}

/// Evaluate an episode on the 68 story elements (six groups).
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
pub struct StoryElementsRequest {
    /// Episode number (1-based).
    #[serde(alias = "episode_number")]
    pub episode: u32,
    /// The agent's judgment: `{summary, items: [{id, score: 0|0.5|1, comment}], issues,
    /// recommendations}` covering all 68 items.
    #[serde(default)]
    pub llm_result: Option<Value>,
    /// Also apply the automatic fixes of level `fix_level` (a backup is taken).
    #[serde(default)]
    pub auto_fix: bool,
    #[serde(default = "safe")]
    pub fix_level: Applicability,
}

#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct ItemDef {
    pub id: String,
    pub group: String,
    pub text: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct GroupScore {
    pub name: String,
    /// Sum of the item scores.
    pub score: f64,
    /// Number of items.
    pub max: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct ItemScore {
    pub id: String,
    pub group: String,
    pub text: String,
    pub score: f64,
    pub comment: Option<String>,
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct StoryElementsReport {
    pub success: bool,
    pub episode_number: u32,
    pub text: EvaluatedText,
    pub llm_pending: bool,
    /// Per group (emotional_expression, character_development, story_structure,
    /// writing_technique, world_building, reader_engagement); none while pending.
    pub a31_scores: Option<BTreeMap<String, GroupScore>>,
    /// Σ item scores / 68 × 100 (one decimal); none while pending.
    pub overall_score: Option<f64>,
    pub scoring_formula: String,
    pub low_score_items: Vec<ItemScore>,
    pub improvement_suggestions: Vec<String>,
    pub summary: Option<String>,
    pub issues: Vec<StepIssue>,
    /// What noveler measured (hints for the judge, not scores of the 68 items).
    pub evidence: Value,
    pub items: Vec<ItemDef>,
    pub llm_instruction: String,
    pub llm_result_schema: Value,
    pub template: TemplateInfo,
    pub auto_fix_results: Option<PolishReport>,
    #[serde(skip)]
    files_in: Vec<FileRef>,
}

impl Report for StoryElementsReport {
    fn inputs(&self) -> Vec<FileRef> {
        self.files_in.clone()
    }
    fn outputs(&self) -> Vec<FileRef> {
        self.auto_fix_results
            .as_ref()
            .map(|p| p.outputs())
            .unwrap_or_default()
    }
}

fn item_defs(t: &Template) -> Result<Vec<(String, String, Vec<ItemDef>)>> {
    let groups = t
        .doc
        .parameters
        .get("groups")
        .and_then(Value::as_array)
        .ok_or_else(|| {
            Error::new(
                Code::U002,
                format!("テンプレート {} に parameters.groups がありません", t.name),
            )
        })?;
    let mut out = Vec::new();
    for g in groups {
        let key = g
            .get("key")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string();
        let name = g
            .get("name")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string();
        let items = g
            .get("items")
            .and_then(Value::as_array)
            .map(|xs| {
                xs.iter()
                    .filter_map(|x| {
                        Some(ItemDef {
                            id: x.get("id")?.as_str()?.to_string(),
                            group: key.clone(),
                            text: x.get("text")?.as_str()?.to_string(),
                        })
                    })
                    .collect()
            })
            .unwrap_or_default();
        out.push((key, name, items));
    }
    Ok(out)
}

pub fn story_elements(ctx: &Ctx, req: StoryElementsRequest) -> Result<StoryElementsReport> {
    let p = prepare(ctx, req.episode, "quality/check_story_elements.yaml")?;
    let groups = item_defs(&p.template)?;
    let all: Vec<ItemDef> = groups.iter().flat_map(|g| g.2.iter().cloned()).collect();
    let (issues, evidence) = p.measure(ctx, &[4, 5, 6, 7, 8, 10, 11])?;
    let mut evidence = Value::Object(evidence);
    evidence["metrics"] = json!({
        "length_stats": p.analysis.metrics.length_stats,
        "dialogue": p.analysis.metrics.dialogue,
        "hook_assessment": p.analysis.metrics.hook_assessment,
        "sections": p.analysis.metrics.sections,
    });
    let mut vars = p.vars(None, &[], &evidence);
    let mut list = String::new();
    for (_, name, items) in &groups {
        list.push_str(&format!("  ### {name}（{}項目）\n", items.len()));
        for i in items {
            list.push_str(&format!("  - {}: {}\n", i.id, i.text));
        }
    }
    vars.insert("items_list".into(), list.trim_end().to_string());
    let llm_instruction = p.prompt(&vars, "check_story_elements")?;

    let mut report = StoryElementsReport {
        success: true,
        episode_number: req.episode,
        text: p.text_info(),
        llm_pending: true,
        a31_scores: None,
        overall_score: None,
        scoring_formula: "群の点数 = 項目点（0 / 0.5 / 1）の合計、overall_score = 全68項目の合計 ÷ 68 × 100（小数1桁）".into(),
        low_score_items: Vec::new(),
        improvement_suggestions: Vec::new(),
        summary: None,
        issues: issues.into_iter().map(|(_, i)| i).collect(),
        evidence,
        items: all.clone(),
        llm_instruction,
        llm_result_schema: p.template.doc.output_schema.clone(),
        template: p.template.info(),
        auto_fix_results: None,
        files_in: p.inputs(ctx),
    };
    if let Some(v) = &req.llm_result {
        p.judged(v)?;
        let scored = v
            .get("items")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default();
        let mut by_id: BTreeMap<String, (f64, Option<String>)> = BTreeMap::new();
        let mut violations = Vec::new();
        for (i, x) in scored.iter().enumerate() {
            let id = x
                .get("id")
                .and_then(Value::as_str)
                .unwrap_or_default()
                .to_string();
            let score = x.get("score").and_then(Value::as_f64).unwrap_or(-1.0);
            if !all.iter().any(|d| d.id == id) {
                violations.push(json!({"path": format!("/items/{i}/id"), "message": format!("未知の項目IDです: {id}")}));
            } else if by_id.contains_key(&id) {
                violations.push(json!({"path": format!("/items/{i}/id"), "message": format!("項目 {id} が重複しています")}));
            }
            if ![0.0, 0.5, 1.0].contains(&score) {
                violations.push(json!({"path": format!("/items/{i}/score"), "message": "0、0.5、1 のいずれかにしてください"}));
            }
            by_id.insert(
                id,
                (
                    score,
                    x.get("comment").and_then(Value::as_str).map(str::to_string),
                ),
            );
        }
        for d in &all {
            if !by_id.contains_key(&d.id) {
                violations.push(json!({"path": "/items", "message": format!("項目 {} の判定がありません", d.id)}));
            }
        }
        if let Some(first) = violations.first() {
            return Err(Error::new(
                Code::U006,
                format!(
                    "llm_result の items が不正です: {}: {}（ほか {} 件）",
                    first["path"].as_str().unwrap_or(""),
                    first["message"].as_str().unwrap_or(""),
                    violations.len() - 1
                ),
            )
            .hint("68 項目すべてを id ごとに一度ずつ、score は 0 / 0.5 / 1 で入れてください。")
            .details(json!({"violations": violations})));
        }
        let mut scores = BTreeMap::new();
        let mut total = 0.0;
        for (key, name, items) in &groups {
            let s: f64 = items
                .iter()
                .map(|d| by_id.get(&d.id).map(|x| x.0).unwrap_or(0.0))
                .sum();
            total += s;
            scores.insert(
                key.clone(),
                GroupScore {
                    name: name.clone(),
                    score: s,
                    max: items.len() as u32,
                },
            );
        }
        let j = judgment::parse(v, "SE");
        report.llm_pending = false;
        report.overall_score = Some((total / all.len().max(1) as f64 * 1000.0).round() / 10.0);
        report.a31_scores = Some(scores);
        report.low_score_items = all
            .iter()
            .filter_map(|d| {
                let (s, c) = by_id.get(&d.id)?;
                (*s < 1.0).then(|| ItemScore {
                    id: d.id.clone(),
                    group: d.group.clone(),
                    text: d.text.clone(),
                    score: *s,
                    comment: c.clone(),
                })
            })
            .collect();
        report.improvement_suggestions = j.recommendations.clone();
        report.summary = Some(j.summary.clone());
        report.issues.extend(j.issues);
    }
    if req.auto_fix {
        report.auto_fix_results = Some(polish::run(
            ctx,
            PolishRequest {
                episode: Some(req.episode),
                level: Some(req.fix_level),
                apply: true,
                expected_sha256: Some(p.l.sha256.clone()),
                ..Default::default()
            },
        )?);
    }
    Ok(report)
}

// ---------------------------------------------------------------------------------------
// check_story_structure / check_writing_expression

/// Evaluate an episode's story structure (or writing expression).
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
pub struct JudgedRequest {
    /// Episode number (1-based).
    #[serde(alias = "episode_number")]
    pub episode: u32,
    /// The agent's judgment as in `llm_result_schema` (every aspect scored 0–100).
    #[serde(default)]
    pub llm_result: Option<Value>,
}

#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct AspectScore {
    /// The agent's score (0–100); none while pending.
    pub score: Option<f64>,
    pub issues: Vec<StepIssue>,
    /// Set for professional_comparison.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub benchmark: Option<String>,
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct JudgedReport {
    pub success: bool,
    pub episode_number: u32,
    pub text: EvaluatedText,
    pub llm_pending: bool,
    /// Aspect → judged score and issues (deterministic issues are assigned to the aspect
    /// they bear on).
    pub analysis: BTreeMap<String, AspectScore>,
    /// `quality_score` of the scoring, measured and judged combined: `null` while the
    /// judgment is pending (the measured part is `scoring.measured_score`), so no number
    /// reads as a judgment noveler never made (issue 15).
    pub overall_score: Option<f64>,
    pub scoring: Scoring,
    pub summary: Option<String>,
    pub recommendations: Vec<String>,
    /// What noveler measured, per step.
    pub measured: Value,
    pub llm_instruction: String,
    pub llm_result_schema: Value,
    pub template: TemplateInfo,
    #[serde(skip)]
    files_in: Vec<FileRef>,
}

impl Report for JudgedReport {
    fn inputs(&self) -> Vec<FileRef> {
        self.files_in.clone()
    }
}

/// `check_story_structure` output (seed 000 §5.4.2) around the common judged report.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct StoryStructureReport {
    #[serde(flatten)]
    pub report: JudgedReport,
    pub structure_analysis: BTreeMap<String, AspectScore>,
    /// The judged structure score: `null` until the agent's judgment (`llm_result`) is in —
    /// a number before it would read as a judgment noveler never made (issue 15).
    pub overall_structure_score: Option<f64>,
}

impl Report for StoryStructureReport {
    fn inputs(&self) -> Vec<FileRef> {
        self.report.inputs()
    }
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct WritingExpressionReport {
    #[serde(flatten)]
    pub report: JudgedReport,
    pub expression_analysis: BTreeMap<String, AspectScore>,
}

impl Report for WritingExpressionReport {
    fn inputs(&self) -> Vec<FileRef> {
        self.report.inputs()
    }
}

fn judged_eval(
    ctx: &Ctx,
    req: &JudgedRequest,
    template: &str,
    tool: &str,
    steps_used: &[u8],
    aspect_of: impl Fn(u8, &StepIssue) -> Option<&'static str>,
) -> Result<JudgedReport> {
    let p = prepare(ctx, req.episode, template)?;
    let aspects = judgment::strings(p.template.doc.parameters.get("aspects"));
    let (issues, measured) = p.measure(ctx, steps_used)?;
    let det: Vec<StepIssue> = issues.iter().map(|(_, i)| i.clone()).collect();
    let measured_score = penalty_score(&det, p.analysis.metrics.length_stats.body_chars);
    let measured = Value::Object(measured);
    let vars = p.vars(Some(measured_score), &det, &measured);
    let llm_instruction = p.prompt(&vars, tool)?;
    let mut analysis: BTreeMap<String, AspectScore> = aspects
        .iter()
        .map(|a| {
            (
                a.clone(),
                AspectScore {
                    score: None,
                    issues: Vec::new(),
                    benchmark: None,
                },
            )
        })
        .collect();
    for (n, i) in &issues {
        if let Some(a) = aspect_of(*n, i) {
            if let Some(slot) = analysis.get_mut(a) {
                slot.issues.push(i.clone());
            }
        }
    }
    let mut summary = None;
    let mut recommendations = Vec::new();
    let mut judged = None;
    if let Some(v) = &req.llm_result {
        p.judged(v)?;
        let j = judgment::parse(v, "JE");
        let mut sum = 0.0;
        for a in &aspects {
            let s = j.metrics.get(a).copied();
            if let Some(slot) = analysis.get_mut(a) {
                slot.score = s;
            }
            sum += s.unwrap_or(0.0);
        }
        judged = Some((sum / aspects.len().max(1) as f64 * 10.0).round() / 10.0);
        for i in j.issues {
            let key = i.code.strip_prefix("JUDGED:").map(str::to_string);
            match key.and_then(|k| analysis.get_mut(&k)) {
                Some(slot) => slot.issues.push(i),
                None => {
                    if let Some(first) = aspects.first().and_then(|a| analysis.get_mut(a)) {
                        first.issues.push(i);
                    }
                }
            }
        }
        if let Some(b) = v.get("benchmark").and_then(Value::as_str) {
            if let Some(slot) = analysis.get_mut("professional_comparison") {
                slot.benchmark = Some(b.to_string());
            }
        }
        summary = Some(j.summary);
        recommendations = j.recommendations;
    }
    let scoring = judgment::combine(measured_score, judged, weight(&p.template, 0.7));
    Ok(JudgedReport {
        success: true,
        episode_number: req.episode,
        text: p.text_info(),
        llm_pending: scoring.llm_pending,
        overall_score: (!scoring.llm_pending).then_some(scoring.quality_score),
        analysis,
        scoring,
        summary,
        recommendations,
        measured,
        llm_instruction,
        llm_result_schema: p.template.doc.output_schema.clone(),
        template: p.template.info(),
        files_in: p.inputs(ctx),
    })
}

pub fn story_structure(ctx: &Ctx, req: JudgedRequest) -> Result<StoryStructureReport> {
    let r = judged_eval(
        ctx,
        &req,
        "quality/check_story_structure.yaml",
        "check_story_structure",
        &[4, 5, 7, 8, 9, 11],
        |n, _| match n {
            5 => Some("story_integration"),
            7 | 9 | 11 => Some("pacing_rhythm"),
            8 => Some("foreshadowing_recovery"),
            4 => Some("character_psychology_consistency"),
            _ => None,
        },
    )?;
    Ok(StoryStructureReport {
        structure_analysis: r.analysis.clone(),
        overall_structure_score: r.overall_score,
        report: r,
    })
}

pub fn writing_expression(ctx: &Ctx, req: JudgedRequest) -> Result<WritingExpressionReport> {
    let r = judged_eval(
        ctx,
        &req,
        "quality/check_writing_expression.yaml",
        "check_writing_expression",
        &[1, 2, 3, 10],
        |n, i| match (n, i.code.as_str()) {
            (10, "EXPRESSION_SIMILE_DENSE") => Some("metaphor_rhetoric"),
            (10, "EXPRESSION_TELLING") => Some("descriptive_power"),
            (10, _) => Some("style_consistency"),
            (1 | 2, _) => Some("naturalness"),
            (3, _) => Some("readability"),
            _ => None,
        },
    )?;
    Ok(WritingExpressionReport {
        expression_analysis: r.analysis.clone(),
        report: r,
    })
}

// ---------------------------------------------------------------------------------------
// generate_episode_preview

fn short() -> String {
    "short".into()
}

/// A review preview of an episode: title, opening lines, length, dialogue ratio and key
/// lines (deterministic); the prose summary through the judgment protocol.
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
pub struct PreviewRequest {
    /// Episode number (1-based).
    #[serde(alias = "episode_number")]
    pub episode: u32,
    /// `short` (default) or `detailed`.
    #[serde(default = "short")]
    pub style: String,
    /// The agent's summary: `{summary, key_points}`.
    #[serde(default)]
    pub llm_result: Option<Value>,
}

#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct KeyLine {
    pub line: usize,
    pub text: String,
    /// `tension` (highest tension score: ！？, …, ――, short sentences) or `ending`.
    pub reason: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct Preview {
    pub title: String,
    /// The agent's summary; none while pending.
    pub summary: Option<String>,
    pub key_points: Vec<String>,
    pub opening_lines: Vec<String>,
    pub body_chars: usize,
    pub target_min: usize,
    pub target_max: usize,
    pub dialogue_line_ratio: f64,
    pub dialogue_char_ratio: f64,
    pub sections: usize,
    pub key_lines: Vec<KeyLine>,
    /// Plot key events, as listed in the plot (when there is one).
    pub plot_key_events: Vec<String>,
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct PreviewReport {
    pub success: bool,
    pub episode_number: u32,
    pub style: String,
    pub text: EvaluatedText,
    pub llm_pending: bool,
    pub preview: Preview,
    pub llm_instruction: String,
    pub llm_result_schema: Value,
    pub template: TemplateInfo,
    #[serde(skip)]
    files_in: Vec<FileRef>,
}

impl Report for PreviewReport {
    fn inputs(&self) -> Vec<FileRef> {
        self.files_in.clone()
    }
}

fn clip(s: &str, n: usize) -> String {
    let t = s.trim();
    let mut out: String = t.chars().take(n).collect();
    if t.chars().count() > n {
        out.push('…');
    }
    out
}

pub fn preview(ctx: &Ctx, req: PreviewRequest) -> Result<PreviewReport> {
    let detailed = match req.style.as_str() {
        "short" => false,
        "detailed" => true,
        other => {
            return Err(
                Error::new(Code::U001, format!("style「{other}」は使えません"))
                    .hint("short か detailed を指定してください。"),
            )
        }
    };
    let p = prepare(ctx, req.episode, "quality/episode_preview.yaml")?;
    let doc = Document::parse(&p.l.source.text);
    let m = &p.analysis.metrics;
    let n_open = if detailed { 5 } else { 3 };
    let opening_lines: Vec<String> = doc
        .paragraphs
        .iter()
        .take(n_open)
        .map(|q| clip(doc.paragraph_text(q), 80))
        .collect();
    let short_len = p.settings.thresholds.short_sentence_length;
    let mut ranked: Vec<(usize, usize)> = doc
        .sentences
        .iter()
        .enumerate()
        .map(|(i, s)| (tension(&doc, s, short_len), i))
        .filter(|(t, _)| *t > 0)
        .collect();
    ranked.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    let n_key = if detailed { 6 } else { 3 };
    let mut picked: Vec<usize> = ranked.iter().take(n_key).map(|x| x.1).collect();
    picked.sort();
    let line_of = |i: usize| {
        doc.paragraphs
            .get(doc.sentences[i].paragraph)
            .map(|q| q.line + 1)
            .unwrap_or(0)
    };
    let mut key_lines: Vec<KeyLine> = picked
        .iter()
        .map(|&i| KeyLine {
            line: line_of(i),
            text: clip(doc.sentence_text(&doc.sentences[i]), 80),
            reason: "tension".into(),
        })
        .collect();
    if let Some(last) = doc.sentences.len().checked_sub(1) {
        if !picked.contains(&last) {
            key_lines.push(KeyLine {
                line: line_of(last),
                text: clip(doc.sentence_text(&doc.sentences[last]), 80),
                reason: "ending".into(),
            });
        }
    }
    let mut preview = Preview {
        title: progressive::heading_of(&p.l.source.text).unwrap_or_else(|| p.title.clone()),
        summary: None,
        key_points: Vec::new(),
        opening_lines,
        body_chars: m.length_stats.body_chars,
        target_min: m.length_stats.target_min,
        target_max: m.length_stats.target_max,
        dialogue_line_ratio: m.dialogue.dialogue_line_ratio,
        dialogue_char_ratio: m.dialogue.dialogue_char_ratio,
        sections: m.sections.count,
        key_lines,
        plot_key_events: p
            .l
            .plot
            .as_ref()
            .map(|x| x.key_events.clone())
            .unwrap_or_default(),
    };
    let details = serde_json::to_value(&preview).unwrap_or_default();
    let mut vars = p.vars(None, &[], &details);
    vars.insert("style".into(), req.style.clone());
    let llm_instruction = p.prompt(&vars, "generate_episode_preview")?;
    let mut pending = true;
    if let Some(v) = &req.llm_result {
        p.judged(v)?;
        preview.summary = v.get("summary").and_then(Value::as_str).map(str::to_string);
        preview.key_points = judgment::strings(v.get("key_points"));
        pending = false;
    }
    Ok(PreviewReport {
        success: true,
        episode_number: req.episode,
        style: req.style.clone(),
        text: p.text_info(),
        llm_pending: pending,
        preview,
        llm_instruction,
        llm_result_schema: p.template.doc.output_schema.clone(),
        template: p.template.info(),
        files_in: p.inputs(ctx),
    })
}

// ---------------------------------------------------------------------------------------
// noveler_check: the full three-stage check (seed 000 §3.2, §4.3.2, §5.4.2)

/// `{"structure": <check_story_structure llm_result>, "expression":
/// <check_writing_expression llm_result>}`.
#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
pub struct AnalysisResults {
    #[serde(default)]
    pub structure: Option<Value>,
    #[serde(default)]
    pub expression: Option<Value>,
}

/// The quality check of `noveler_check`. By default exactly `noveler check` (stage 1: the
/// deterministic check of every target). With `full` (or when a judgment is passed back) and
/// a single episode, also stage 2, the 68-item evaluation (A31), and stage 3, the structure
/// and expression analysis: each returns its prompt until the agent's judgment comes back
/// (`a31_result`, `analysis_result`), and is then scored.
#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FullCheckRequest {
    #[serde(flatten)]
    pub check: crate::commands::check::CheckRequest,
    /// Run the full three-stage check (basic → 68 items → analysis) for the one episode.
    #[serde(default)]
    pub full: bool,
    /// The agent's 68-item judgment (as check_story_elements' llm_result); implies `full`.
    #[serde(default)]
    pub a31_result: Option<Value>,
    /// The agent's analysis (`{structure, expression}` llm_results); implies `full`.
    #[serde(default, alias = "claude_result")]
    pub analysis_result: Option<AnalysisResults>,
    /// Apply the automatic fixes (level `fix_level`, after a backup) before checking.
    #[serde(default)]
    pub auto_fix: bool,
    #[serde(default)]
    pub fix_level: Option<Applicability>,
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct AnalysisStage {
    pub structure: StoryStructureReport,
    pub expression: WritingExpressionReport,
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct FullCheckReport {
    /// Stage 1, exactly as `noveler check` (files, summary, errors).
    #[serde(flatten)]
    pub basic: crate::commands::check::CheckReport,
    /// The three-stage part (seed 000 §5.4.2); absent for a plain check.
    #[serde(flatten)]
    pub stages: Option<ThreeStages>,
}

/// What the full check adds to the deterministic one.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct ThreeStages {
    /// `basic`, `a31`, `analysis` — the stages whose result is complete.
    pub check_stages_completed: Vec<String>,
    /// Stages waiting for the agent's judgment (their prompts are in the stage results).
    pub check_stages_pending: Vec<String>,
    /// Mean of the completed stages' scores (basic: lowest file score; a31: overall_score;
    /// analysis: structure and expression overall scores); one decimal.
    pub overall_quality_score: Option<f64>,
    pub overall_formula: String,
    pub basic_check_result: Value,
    pub a31_evaluation_result: Option<StoryElementsReport>,
    /// Stage 3 (seed key `claude_analysis_result`).
    #[serde(rename = "claude_analysis_result")]
    pub analysis_result: Option<AnalysisStage>,
    pub auto_fix_applied: bool,
    pub fixed_issues_count: usize,
    pub auto_fix_results: Option<PolishReport>,
}

impl Report for FullCheckReport {
    fn inputs(&self) -> Vec<FileRef> {
        self.basic.inputs()
    }
    fn outputs(&self) -> Vec<FileRef> {
        self.stages
            .as_ref()
            .and_then(|s| s.auto_fix_results.as_ref())
            .map(|p| p.outputs())
            .unwrap_or_default()
    }
    fn all_failed(&self) -> bool {
        self.basic.all_failed()
    }
    fn exit_code(&self) -> u8 {
        self.basic.exit_code()
    }
    fn metadata(&self) -> Value {
        self.basic.metadata()
    }
}

/// The single episode a check request addresses, if it addresses exactly one.
fn single_episode(req: &crate::commands::check::CheckRequest) -> Option<u32> {
    use crate::commands::check::Target;
    match (req.episode, req.targets.as_slice()) {
        (Some(ep), []) => Some(ep),
        (None, [Target::Episode(ep)]) => Some(*ep),
        (Some(ep), [Target::Episode(e2)]) if ep == *e2 => Some(ep),
        _ => None,
    }
}

pub fn full_check(ctx: &Ctx, req: FullCheckRequest) -> Result<FullCheckReport> {
    let full = req.full || req.a31_result.is_some() || req.analysis_result.is_some();
    if !full && !req.auto_fix {
        return Ok(FullCheckReport {
            basic: crate::commands::check::run(ctx, req.check)?,
            stages: None,
        });
    }
    let episode = single_episode(&req.check);
    if full && episode.is_none() {
        return Err(Error::new(
            Code::U001,
            "三段階チェック（full）は一話を指定したときだけ使えます",
        )
        .hint("episode に話数を一つ指定してください。"));
    }
    let mut auto_fix_results = None;
    if req.auto_fix {
        let Some(ep) = episode else {
            return Err(
                Error::new(Code::U001, "auto_fix は一話を指定したときだけ使えます")
                    .hint("episode に話数を一つ指定してください。"),
            );
        };
        auto_fix_results = Some(polish::run(
            ctx,
            PolishRequest {
                episode: Some(ep),
                level: req.fix_level,
                apply: true,
                ..Default::default()
            },
        )?);
    }
    let basic = crate::commands::check::run(ctx, req.check.clone())?;
    let mut completed = vec!["basic".to_string()];
    let mut pending = Vec::new();
    let mut scores: Vec<f64> = basic.summary.score_min.into_iter().collect();
    let basic_check_result = json!({
        "score": basic.summary.score_min,
        "findings": basic.summary.findings,
        "by_severity": basic.summary.by_severity,
        "files": basic.summary.files,
    });
    let (mut a31, mut analysis) = (None, None);
    if let (Some(ep), true) = (episode, full) {
        let se = story_elements(
            ctx,
            StoryElementsRequest {
                episode: ep,
                llm_result: req.a31_result.clone(),
                auto_fix: false,
                fix_level: Applicability::Safe,
            },
        )?;
        match se.overall_score {
            Some(s) if !se.llm_pending => {
                completed.push("a31".into());
                scores.push(s);
            }
            _ => pending.push("a31".into()),
        }
        a31 = Some(se);
        let results = req.analysis_result.clone().unwrap_or_default();
        let structure = story_structure(
            ctx,
            JudgedRequest {
                episode: ep,
                llm_result: results.structure,
            },
        )?;
        let expression = writing_expression(
            ctx,
            JudgedRequest {
                episode: ep,
                llm_result: results.expression,
            },
        )?;
        if !structure.report.llm_pending && !expression.report.llm_pending {
            completed.push("analysis".into());
            scores.extend(structure.overall_structure_score);
            scores.extend(expression.report.overall_score);
        } else {
            pending.push("analysis".into());
        }
        analysis = Some(AnalysisStage {
            structure,
            expression,
        });
    }
    let overall = (!scores.is_empty())
        .then(|| (scores.iter().sum::<f64>() / scores.len() as f64 * 10.0).round() / 10.0);
    let fixed = auto_fix_results
        .as_ref()
        .map(|p| p.fixes_applied.len())
        .unwrap_or(0);
    Ok(FullCheckReport {
        basic,
        stages: Some(ThreeStages {
        check_stages_completed: completed,
        check_stages_pending: pending,
        overall_quality_score: overall,
        overall_formula: "完了した段階の点数の平均（basic: ファイルの最低スコア、a31: 68項目の overall_score、analysis: 構成と表現の総合点）。判断待ちの段階は含めない".into(),
        basic_check_result,
        a31_evaluation_result: a31,
        analysis_result: analysis,
        auto_fix_applied: auto_fix_results.as_ref().is_some_and(|p| p.written),
        fixed_issues_count: fixed,
        auto_fix_results,
        }),
    })
}
