//! check_story_elements: the story-element evaluation.

use super::*;

// check_story_elements

fn safe() -> Applicability {
    Applicability::Safe
}

/// Evaluate an episode on the 68 story elements (six groups).
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
pub struct StoryElementsRequest {
    /// Episode number.
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

impl StoryElementsReport {
    pub fn inputs(&self) -> Vec<FileRef> {
        self.files_in.clone()
    }
    pub fn outputs(&self) -> Vec<FileRef> {
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
    story_elements_in(ctx, &ProjectCtx::new(&ctx.root), req)
}

/// `story_elements` with the call's project.
pub(crate) fn story_elements_in(
    ctx: &Ctx,
    pc: &ProjectCtx,
    req: StoryElementsRequest,
) -> Result<StoryElementsReport> {
    let p = prepare(ctx, pc, req.episode, "quality/check_story_elements.yaml")?;
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
        let by_id = item_scores(v, &all)?;
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
    p.record(
        ctx,
        "check_story_elements",
        req.llm_result.as_ref(),
        json!({
            "llm_pending": report.llm_pending,
            "overall_score": report.overall_score,
            "issues": report.issues.len(),
        }),
    );
    if req.auto_fix {
        report.auto_fix_results = Some(crate::operations::fix::run(
            ctx,
            pc,
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

/// The judged score and comment of each item of `llm_result`, by item id; U006 with every
/// violation (an unknown or repeated id, a score other than 0 / 0.5 / 1, an item missing).
fn item_scores(v: &Value, all: &[ItemDef]) -> Result<BTreeMap<String, (f64, Option<String>)>> {
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
    for d in all {
        if !by_id.contains_key(&d.id) {
            violations.push(
                json!({"path": "/items", "message": format!("項目 {} の判定がありません", d.id)}),
            );
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
    Ok(by_id)
}
