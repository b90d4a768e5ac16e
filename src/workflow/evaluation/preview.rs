//! generate_episode_preview.

use super::*;

// generate_episode_preview

fn short() -> String {
    "short".into()
}

/// A review preview of an episode: title, opening lines, length, dialogue ratio and key
/// lines (deterministic); the prose summary through the judgment protocol.
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
pub struct PreviewRequest {
    /// Episode number.
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

impl PreviewReport {
    pub fn inputs(&self) -> Vec<FileRef> {
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
    let p = prepare(
        ctx,
        &ProjectCtx::new(&ctx.root),
        req.episode,
        "quality/episode_preview.yaml",
    )?;
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
    p.record(
        ctx,
        "generate_episode_preview",
        req.llm_result.as_ref(),
        json!({"llm_pending": pending, "body_chars": preview.body_chars}),
    );
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
