//! The judged evaluations (seed 000 §3.2, §5.4.2): `check_story_elements` (68 items in six
//! groups), `check_story_structure`, `check_writing_expression`, and
//! `generate_episode_preview` (seed 002 §2.5). Same protocol as the progressive steps
//! (`workflow::steps::judgment`): noveler measures what it can, returns the prompt, and
//! folds an `llm_result` sent back into the scores; without one, `llm_pending: true` and
//! no judged score is reported. A score is never made up.

use crate::analysis::metrics::tension;
use crate::analysis::{Applicability, Document, FileAnalysis, Settings};
use crate::error::{Code, Error, Result};
use crate::operations::fix::{PolishReport, PolishRequest};
use crate::operations::Ctx;
use crate::project::ProjectCtx;
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

/// `pc`: the call's project (a full check loads it once for all its stages).
fn prepare(ctx: &Ctx, pc: &ProjectCtx, ep: u32, template_name: &str) -> Result<Prepared> {
    if ep == 0 {
        return Err(Error::new(Code::E001, "話数は 1 以上で指定してください"));
    }
    let project = pc.project()?.clone();
    let l = progressive::load(project, ep, None)?;
    let settings = l.project.settings.clone();
    let analysis = crate::store::dictionary::analyze(&l.source.text, &l.manuscript_rel, &settings)?;
    let (artifact, refs) = progressive::store_inputs(&ctx.root, ep, &l, &ctx.clock)?;
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
            "- MCP: {tool} に {{\"episode\": {}, \"llm_result\": {{…}}}} を渡す\n- CLI: `noveler evaluate {} {} --llm-result <ファイル>`",
            self.ep,
            tool.trim_start_matches("check_").trim_start_matches("generate_"),
            self.ep
        );
        let mut prompt = progressive::render_prompt(&self.template, vars, &submit)?;
        if let Some(docs) = progressive::embedded_inputs(&self.l, &prompt) {
            prompt.push_str(&docs);
        }
        Ok(prompt)
    }

    /// Logs this evaluation's I/O beside the checks' (seed 000 §4.4, 001 §2: every check
    /// leaves its record under `.noveler/checks/`): one line in `check_runs.ndjson` with the
    /// text's path, sha256 and size, the template, whether a judgment came in (its sha256,
    /// never its text) and the result's score and state. Written only when the run saves its
    /// results; a failure to log never fails the evaluation.
    fn record(&self, ctx: &Ctx, command: &str, llm_result: Option<&Value>, output: Value) {
        if !ctx.save || !ctx.root.is_dir() {
            return;
        }
        let judgment_sha256 = llm_result.map(|v| {
            crate::analysis::sha256_hex(serde_json::to_string(v).unwrap_or_default().as_bytes())
        });
        let line = json!({
            "timestamp": crate::store::logs::stamp(ctx.clock.now()),
            "command": command,
            "input": {
                "episode": self.ep,
                "files": [{
                    "path": self.l.manuscript_rel,
                    "sha256": self.l.sha256,
                    "size_bytes": self.l.raw_len,
                }],
                "template": {"name": self.template.name, "sha256": self.template.sha256},
                "llm_result_sha256": judgment_sha256,
            },
            "output": output,
        });
        let _ = crate::store::logs::append(
            &ctx.root,
            crate::store::logs::CHECK_RUNS,
            &line,
            crate::store::logs::DEFAULT_ROTATION,
        );
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

mod elements;
mod full;
mod preview;
mod structure;
pub use elements::*;
pub use full::*;
pub use preview::*;
pub use structure::*;
