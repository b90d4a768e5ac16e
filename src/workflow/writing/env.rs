//! Episode context: the environment, template variables, inputs and the stage prompt.

use super::*;

// Episode context.

/// Everything about the project and episode a rendering needs.
/// Built once per call from the call's project (`ProjectCtx`) and handed down: the writing
/// engine asks it, not the disk, what the project and the episode are.
pub struct Env {
    pub root: PathBuf,
    pub info: ProjectInfo,
    pub facts: EpisodeFacts,
    pub docs: Vec<SourceDoc>,
    pub word_count_target: Option<u32>,
    /// The caller-supplied plot the context was built with (none: the plot file).
    pub plot_content: Option<String>,
}

pub(super) fn plot_content_file(id: &str) -> String {
    format!("{}/plot_content.txt", session::writes_dir(id))
}

impl Env {
    /// Loads the context of `session` (its caller-supplied plot, if any, comes from the
    /// writes log) or of a session about to start with `opts`.
    /// `sessions`: the call's view of the writing sessions (the previous episode's handoff
    /// memo is found among them).
    pub fn load(
        pc: &ProjectCtx,
        sessions: &Sessions,
        ep: u32,
        plot_content: Option<&str>,
        target: Option<u32>,
    ) -> Result<Env> {
        let project = pc.project()?;
        let info = ProjectInfo::of(project);
        let facts = refs::episode_facts(project, ep, plot_content)?;
        let handoff = ep.checked_sub(1).and_then(|p| sessions.handoff_of(p));
        let docs = refs::writing_sources(project, &info, &facts, plot_content, handoff)?;
        Ok(Env {
            root: pc.root().to_path_buf(),
            info,
            facts,
            docs,
            word_count_target: target,
            plot_content: plot_content.map(str::to_string),
        })
    }

    pub(crate) fn for_session(pc: &ProjectCtx, sessions: &Sessions, s: &Session) -> Result<Env> {
        Env::for_session_reusing(pc, sessions, s, None)
    }

    /// The context of `session`, reusing `earlier` (built in this call, e.g. by the
    /// submission before a show) when it was built for the same episode, plot and target:
    /// nothing a submission writes (the session, its logs, the episode's own manuscript and
    /// handoff) is an input of its own episode's context, so it would be read identically.
    pub(crate) fn for_session_reusing(
        pc: &ProjectCtx,
        sessions: &Sessions,
        s: &Session,
        earlier: Option<Env>,
    ) -> Result<Env> {
        let plot = if s.options.plot_from_caller {
            let path = pc.root().join(plot_content_file(&s.session_id));
            Some(refs::read_text(&path)?)
        } else {
            None
        };
        if let Some(env) = earlier.filter(|e| {
            e.root == pc.root()
                && e.facts.episode == s.episode
                && e.plot_content == plot
                && e.word_count_target == s.options.word_count_target
        }) {
            return Ok(env);
        }
        Env::load(
            pc,
            sessions,
            s.episode,
            plot.as_deref(),
            s.options.word_count_target,
        )
    }

    /// The project this context was built from (its default layout in the placeholder
    /// listing, which has none).
    pub(crate) fn layout(&self) -> std::borrow::Cow<'_, Project> {
        match self.info.project.as_deref() {
            Some(p) => std::borrow::Cow::Borrowed(p),
            None => std::borrow::Cow::Owned(Project::defaults(&self.root)),
        }
    }

    pub fn title(&self, s: Option<&Session>) -> String {
        s.and_then(|s| s.manuscript.as_ref().map(|m| m.title.clone()))
            .or_else(|| self.facts.title.clone())
            .unwrap_or_else(|| "無題".into())
    }

    pub(crate) fn target_chars(&self) -> u32 {
        self.word_count_target.unwrap_or_else(|| {
            let mid = (self.info.target_min + self.info.target_max) / 2;
            (mid / 100 * 100) as u32
        })
    }
}

/// Japanese numerals for headings (`第四話`): 1–9999.
pub(crate) fn kanji_number(n: u32) -> String {
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
pub(crate) fn safe_title(title: &str) -> String {
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

pub(super) fn length_status(body: usize, min: usize, max: usize) -> String {
    if body < min {
        format!("{}字不足", min - body)
    } else if body > max {
        format!("{}字超過", body - max)
    } else {
        "範囲内".into()
    }
}

/// The placeholder values of one rendering.
// Long on purpose: the table of template placeholders, one `put` per name the templates
// under templates/writing/ use, read top to bottom as that table (`vars_names` lists the
// same names); split, the table would be scattered over functions that all fill one map.
pub(crate) fn vars(env: &Env, s: Option<&Session>, stage: Option<&StageDef>) -> Vars {
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
        shown_path(&env.root, &env.layout().manuscript_dir()),
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
pub(crate) fn vars_names() -> Vec<String> {
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
        plot_content: None,
    };
    vars(&env, None, None).into_keys().collect()
}

/// Renders the parts of a template.
pub struct RenderedParts {
    pub purpose: String,
    pub instructions: String,
    pub acceptance: Vec<String>,
}

/// `t` rendered with `vars`; a project template that does not render (an unknown
/// placeholder …) gives way to the embedded one, which then carries the warning.
pub(crate) fn rendered(t: Template, vars: &Vars) -> Result<(Template, RenderedParts)> {
    match render_parts(&t, vars) {
        Ok(parts) => Ok((t, parts)),
        Err(e) => {
            let fallback = t
                .path
                .as_deref()
                .and_then(|path| templates::embedded_instead(&t.name, path, &e))
                .ok_or(e)?;
            let parts = render_parts(&fallback, vars)?;
            Ok((fallback, parts))
        }
    }
}

pub(crate) fn render_parts(t: &Template, vars: &Vars) -> Result<RenderedParts> {
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

pub(super) fn available(
    a: &ArtifactRef,
    role: InputRole,
    required: bool,
    purpose: &str,
) -> InputRef {
    InputRef {
        key: a.key.clone(),
        label: a.label.clone(),
        artifact_id: Some(a.artifact_id.clone()),
        required,
        role,
        status: InputStatus::Available,
        purpose: purpose.into(),
        source_file: a.source_file.clone(),
        size_bytes: a.size_bytes,
        sha256: None,
    }
}

fn unavailable(
    key: &str,
    label: String,
    status: InputStatus,
    required: bool,
    purpose: &str,
) -> InputRef {
    InputRef {
        key: key.into(),
        label,
        artifact_id: None,
        required,
        role: InputRole::Input,
        status,
        purpose: purpose.into(),
        source_file: None,
        size_bytes: 0,
        sha256: None,
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
        "previous_ending" => "前話の結び",
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
pub(crate) fn resolve_inputs(
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
        push(available(a, InputRole::Input, true, &summary_use), &mut out);
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
                    role: InputRole::Input,
                    status: InputStatus::Available,
                    purpose: spec.purpose.clone(),
                    source_file: Some(o.output_file.clone()),
                    size_bytes: o.size_bytes,
                    sha256: None,
                },
                None if s.is_skipped(stage) => unavailable(
                    key,
                    label,
                    InputStatus::Skipped,
                    spec.required,
                    &spec.purpose,
                ),
                None => unavailable(
                    key,
                    label,
                    InputStatus::Pending,
                    spec.required,
                    &spec.purpose,
                ),
            };
            push(r, &mut out);
            continue;
        }
        match key {
            "manuscript" | "check_report" => {
                let m = s.manuscript.as_ref();
                let found = if key == "manuscript" {
                    m.map(|m| {
                        let sha = Some(m.sha256.clone());
                        (
                            m.artifact_id.clone(),
                            Some(m.path.clone()),
                            m.size_bytes,
                            sha,
                        )
                    })
                } else {
                    m.and_then(|m| m.check.as_ref())
                        .map(|c| (c.artifact_id.clone(), None, c.size_bytes, None))
                };
                let r = match found {
                    Some((id, src, size, sha256)) => InputRef {
                        key: key.into(),
                        label: key_label(key),
                        artifact_id: Some(id),
                        required: spec.required,
                        role: InputRole::Input,
                        status: InputStatus::Available,
                        purpose: spec.purpose.clone(),
                        source_file: src,
                        size_bytes: size,
                        sha256,
                    },
                    None => {
                        let pending = InputStatus::Pending;
                        unavailable(key, key_label(key), pending, spec.required, &spec.purpose)
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
            | "previous_ending"
            | "previous_handoff"
            | "project_config"
            | "proposal"
            | "previous_plots"
            | "current_plot" => {
                let mut any = false;
                for a in artifacts.iter().filter(|a| a.key == key) {
                    any = true;
                    push(
                        available(a, InputRole::Input, spec.required, &spec.purpose),
                        &mut out,
                    );
                }
                if !any {
                    push(
                        unavailable(
                            key,
                            key_label(key),
                            InputStatus::Missing,
                            spec.required,
                            &spec.purpose,
                        ),
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
            out.push(available(a, InputRole::Reference, false, ""));
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
        .hint("使える入力: summary, plot, chapter_plot, characters, world, glossary, style, quality_rules, previous_manuscript, previous_ending, previous_handoff, manuscript, check_report, stage:<段階ID>。")
}

fn ref_line(r: &InputRef) -> String {
    let mut line = format!("- **{}**", r.label);
    if r.required {
        line.push_str("（必須）");
    }
    line.push_str(": ");
    match (&r.artifact_id, r.status) {
        (Some(id), _) => line.push_str(&format!("`{id}`")),
        (None, InputStatus::Pending) => line.push_str("未提出（先にこの段階を完了してください）"),
        (None, InputStatus::Skipped) => line.push_str("省略された段階のためありません"),
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
pub(crate) fn refs_section(inputs: &[InputRef]) -> String {
    let example = inputs
        .iter()
        .find_map(|r| r.artifact_id.clone())
        .unwrap_or_else(|| "artifact:xxxxxxxxxxxx".into());
    let mut out = String::from("## アーティファクト参照情報\n");
    out.push_str(&format!(
        "資料の本文は貼っていません。`fetch_artifact`（例: `{example}`。YAML・JSON は section で一部だけ）で取得してください。\n\n"
    ));
    out.push_str("### この段階で読む資料\n");
    // An optional input the project does not have is left out of the text (it stays in
    // `inputs` with status `missing`); what the agent submitted itself (an earlier stage's
    // output, the manuscript, by path and sha256) is named apart: it has the text.
    let yours = |r: &&InputRef| {
        r.status == InputStatus::Available && (r.sha256.is_some() || r.key.starts_with("stage:"))
    };
    for r in inputs
        .iter()
        .filter(|r| r.role == InputRole::Input && (r.required || r.status != InputStatus::Missing))
        .filter(|r| !yours(r))
    {
        out.push_str(&ref_line(r));
        out.push('\n');
    }
    let own: Vec<&InputRef> = inputs
        .iter()
        .filter(|r| r.role == InputRole::Input)
        .filter(yours)
        .collect();
    if !own.is_empty() {
        out.push_str("\n### あなたが提出したもの（手元にあります。取得不要）\n");
    }
    for r in own {
        let id = r.artifact_id.as_deref().unwrap_or("");
        out.push_str(&format!("- **{}**: ", r.label));
        match &r.sha256 {
            Some(sha) => out.push_str(&format!(
                "{}（sha256 {sha}、`{id}`）",
                r.source_file.as_deref().unwrap_or("")
            )),
            None => out.push_str(&format!("`{id}`")),
        }
        if !r.purpose.is_empty() {
            out.push_str(&format!(" — {}", r.purpose));
        }
        out.push('\n');
    }
    if inputs.iter().any(|r| yours(&r)) {
        out.push_str("（会話をやり直して手元にないときだけ取得してください）\n");
    }
    let others: Vec<&InputRef> = inputs
        .iter()
        .filter(|r| r.role == InputRole::Reference)
        .collect();
    if !others.is_empty() {
        // One line (the paths are in the brief): this list comes with every stage.
        out.push_str("\n### その他の参照資料（必要なときだけ）\n");
        let items: Vec<String> = others
            .iter()
            .map(|r| match &r.artifact_id {
                Some(id) => format!("{} `{id}`", r.label),
                None => r.label.clone(),
            })
            .collect();
        out.push_str(&items.join("、"));
        out.push('\n');
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
pub(crate) fn render_stage(
    env: &Env,
    s: &Session,
    stage: &'static StageDef,
) -> Result<StagePrompt> {
    let t = templates::load(&env.root, &stage.template_name())?;
    let v = vars(env, Some(s), Some(stage));
    let (t, parts) = rendered(t, &v)?;
    let inputs = resolve_inputs(&t, s, &s.artifacts)?;
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
        &crate::workflow::embed::section(&env.root, &env.docs, &inputs)
            .unwrap_or_else(|| refs_section(&inputs)),
    );
    p.push('\n');
    p.push_str(parts.instructions.trim_end());
    p.push_str("\n\n## 出力形式\n次の形の JSON オブジェクトを一つだけ提出してください。");
    p.push_str(&crate::workflow::schema_text::shown(&t.doc.output_schema));
    p.push_str("\n\n## 受け入れ基準\n");
    for a in &parts.acceptance {
        p.push_str(&format!("- {a}\n"));
    }
    p.push_str("\n## 提出方法\n");
    p.push_str(&format!(
        "- MCP: `{}`（episode, stage: {}, session_id, submission: 出力）\n",
        hint.mcp_tool, stage.number
    ));
    p.push_str(&format!(
        "- CLI: `{}`（標準入力からは `--file -`）\n",
        hint.cli
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
