//! check_story_structure / check_writing_expression.

use super::*;

// check_story_structure / check_writing_expression

/// Evaluate an episode's story structure (or writing expression).
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
pub struct JudgedRequest {
    /// Episode number.
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

impl JudgedReport {
    pub fn inputs(&self) -> Vec<FileRef> {
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

impl StoryStructureReport {
    pub fn inputs(&self) -> Vec<FileRef> {
        self.report.inputs()
    }
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct WritingExpressionReport {
    #[serde(flatten)]
    pub report: JudgedReport,
    pub expression_analysis: BTreeMap<String, AspectScore>,
}

impl WritingExpressionReport {
    pub fn inputs(&self) -> Vec<FileRef> {
        self.report.inputs()
    }
}

#[allow(clippy::too_many_arguments)]
fn judged_eval(
    ctx: &Ctx,
    pc: &ProjectCtx,
    req: &JudgedRequest,
    template: &str,
    tool: &str,
    steps_used: &[u8],
    aspect_of: impl Fn(u8, &StepIssue) -> Option<&'static str>,
) -> Result<JudgedReport> {
    let p = prepare(ctx, pc, req.episode, template)?;
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
    p.record(
        ctx,
        tool,
        req.llm_result.as_ref(),
        json!({
            "llm_pending": scoring.llm_pending,
            "measured_score": measured_score,
            "overall_score": (!scoring.llm_pending).then_some(scoring.quality_score),
            "issues": det.len(),
        }),
    );
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
    story_structure_in(ctx, &ProjectCtx::new(&ctx.root), req)
}

/// `story_structure` with the call's project.
pub(crate) fn story_structure_in(
    ctx: &Ctx,
    pc: &ProjectCtx,
    req: JudgedRequest,
) -> Result<StoryStructureReport> {
    let r = judged_eval(
        ctx,
        pc,
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
    writing_expression_in(ctx, &ProjectCtx::new(&ctx.root), req)
}

/// `writing_expression` with the call's project.
pub(crate) fn writing_expression_in(
    ctx: &Ctx,
    pc: &ProjectCtx,
    req: JudgedRequest,
) -> Result<WritingExpressionReport> {
    let r = judged_eval(
        ctx,
        pc,
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
