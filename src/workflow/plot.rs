//! Episode plots for an agent: `noveler plot EP` renders the plot prompt (project settings,
//! chapter plot and earlier plots as `artifact:` references); `noveler plot submit EP`
//! validates the plot (schema of `templates/plot/episode_plot.yaml`: title, summary, scenes
//! with purposes, key events, viewpoint, tone, conflict, resolution, hook plan with the minor
//! peak at 40–60 %, the mini hook at 80–90 % and the main hook at the end) and writes
//! `20_プロット/話別プロット/第NNN話_<title>.yaml`, keeping the old plot as a backup.

use super::io::{self, ProjectInfo};
use super::refs::{self, PromptStats};
use super::schema::{self, Violation};
use super::session::{self, ArtifactRef, Session};
use super::submission::{Body, Payload};
use super::templates::{self, TemplateInfo};
use super::writing::{self, Env, InputRef};
use crate::error::{Code, Error, Result};
use crate::next::NextStep;
use crate::operations::Ctx;
use crate::project::Project;
use crate::project::ProjectCtx;
use crate::store::fileref::shown_path;
use crate::store::write_atomic;
use serde::Serialize;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};

/// What `noveler plot EP` returns: `prompt` (a prompt to write the plot) or `exists` (a
/// plot is there; nothing to do unless regenerating).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum PlotStatus {
    Prompt,
    Exists,
}

/// The result of `noveler plot EP`.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct PlotOutcome {
    pub episode: u32,
    pub dry_run: bool,
    pub regenerate: bool,
    pub status: PlotStatus,
    /// The existing plot file, if any.
    pub plot_file: Option<String>,
    pub prompt: Option<String>,
    pub output_schema: Option<Value>,
    pub acceptance_criteria: Vec<String>,
    pub inputs: Vec<InputRef>,
    pub template: TemplateInfo,
    pub prompt_stats: Option<PromptStats>,
    pub prompt_file: Option<String>,
    /// The writing session of this episode in progress, if any.
    pub session_id: Option<String>,
    /// Writing step to do after the plot (1 = start writing).
    pub next_step: Option<u8>,
    pub suggested_actions: Vec<String>,
    pub warnings: Vec<String>,
}

/// The result of `noveler plot submit EP`.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct PlotSubmitOutcome {
    pub episode: u32,
    pub dry_run: bool,
    pub accepted: bool,
    pub title: String,
    pub plot_file: String,
    /// Backup ids of plots replaced (`noveler backup restore ID`).
    pub backups: Vec<String>,
    /// Earlier plot files of the episode under another title, moved away (backed up).
    pub removed: Vec<String>,
    pub artifact_id: String,
    pub scenes: usize,
    pub hook_plan: Value,
    pub session_id: Option<String>,
    pub next_step: Option<u8>,
    pub suggested_actions: Vec<String>,
    pub warnings: Vec<String>,
}

fn plot_env(pc: &ProjectCtx, ep: u32, regenerate: bool) -> Result<(Env, Vec<refs::SourceDoc>)> {
    let project = pc.project()?;
    let info = ProjectInfo::of(project);
    let facts = refs::episode_facts(project, ep, None)?;
    let docs = refs::plot_sources(project, &facts, regenerate)?;
    Ok((
        Env {
            root: pc.root().to_path_buf(),
            info,
            facts,
            docs: Vec::new(),
            word_count_target: None,
            plot_content: None,
        },
        docs,
    ))
}

fn active_session(root: &Path, ep: u32) -> Option<String> {
    writing::find_active(root, ep)
        .ok()
        .flatten()
        .map(|s| s.session_id)
}

/// Renders the plot prompt of episode `ep`.
pub fn prompt(ctx: &Ctx, ep: u32, regenerate: bool, dry_run: bool) -> Result<PlotOutcome> {
    let root = &ctx.root;
    if ep == 0 {
        return Err(Error::new(Code::E001, "話数は 1 以上で指定してください"));
    }
    // The project is loaded once for the whole call.
    let pc = ProjectCtx::new(root);
    let (env, docs) = plot_env(&pc, ep, regenerate)?;
    let t = templates::load(root, templates::PLOT_TEMPLATE)?;
    let existing = env.facts.plot_path.clone();
    let session_id = active_session(root, ep);
    if existing.is_some() && !regenerate {
        return Ok(PlotOutcome {
            episode: ep,
            dry_run,
            regenerate,
            status: PlotStatus::Exists,
            plot_file: existing.as_deref().map(|p| shown_path(root, p)),
            prompt: None,
            output_schema: None,
            acceptance_criteria: Vec::new(),
            inputs: Vec::new(),
            template: t.info(),
            prompt_stats: None,
            prompt_file: None,
            next_step: Some(1),
            suggested_actions: vec![
                NextStep::new("noveler_write")
                    .arg("episode", ep)
                    .why("このプロットで書く")
                    .to_wire(),
                NextStep::new("noveler_plot")
                    .arg("episode", ep)
                    .arg("regenerate", true)
                    .why("プロットを作り直す")
                    .to_wire(),
            ],
            session_id,
            warnings: Vec::new(),
        });
    }
    let mut artifacts: Vec<ArtifactRef> = Vec::new();
    for d in &docs {
        artifacts.push(d.store(root, ep, dry_run, &ctx.clock)?);
    }
    let mut vars = writing::vars(&env, None, None);
    if regenerate && existing.is_some() {
        vars.insert(
            "regenerate_note".into(),
            "今あるプロット（現行プロット）を作り直します。良いところは残し、弱いところを直してください。".into(),
        );
    }
    let (t, parts) = writing::rendered(t, &vars)?;
    let blank = Session::new(String::new(), ep, "");
    let inputs = writing::resolve_inputs(&t, &blank, &artifacts)?;
    let mut p = format!("# 第{ep:03}話 {}\n\n", t.doc.title);
    p.push_str(parts.purpose.trim_end());
    p.push_str("\n\n");
    p.push_str(
        &crate::workflow::embed::section(root, &docs, &inputs)
            .unwrap_or_else(|| writing::refs_section(&inputs)),
    );
    p.push('\n');
    p.push_str(parts.instructions.trim_end());
    p.push_str("\n\n## 出力形式\n次の形の YAML（または JSON）を提出してください。既存の話別プロットと同じ書式です。");
    p.push_str(&crate::workflow::schema_text::shown(&t.doc.output_schema));
    p.push_str("\n\n## 受け入れ基準\n");
    for a in &parts.acceptance {
        p.push_str(&format!("- {a}\n"));
    }
    let regen_flag = if regenerate { " --regenerate" } else { "" };
    p.push_str(&format!(
        "\n## 提出方法\n- CLI: `noveler plot submit {ep} --file <プロット.yaml>{regen_flag}`\n- MCP: `noveler_plot`（episode: {ep}, submission: プロット{}）\n",
        if regenerate { ", regenerate: true" } else { "" }
    ));
    let sizes: Vec<u64> = inputs
        .iter()
        .filter(|r| r.artifact_id.is_some())
        .map(|r| r.size_bytes)
        .collect();
    let stats = PromptStats::compute(&p, &sizes);
    let prompt_file = if dry_run {
        None
    } else {
        let stamp = writing::now_digits(&ctx.clock);
        let f = format!(
            "{}/plots/第{ep:03}話_{stamp}.prompt.md",
            session::WRITES_DIR
        );
        write_atomic(&root.join(&f), p.as_bytes())?;
        Some(f)
    };
    Ok(PlotOutcome {
        episode: ep,
        dry_run,
        regenerate,
        status: PlotStatus::Prompt,
        plot_file: existing.as_deref().map(|p| shown_path(root, p)),
        prompt: Some(p),
        output_schema: Some(t.doc.output_schema.clone()),
        acceptance_criteria: parts.acceptance,
        inputs,
        template: t.info(),
        prompt_stats: Some(stats),
        prompt_file,
        session_id,
        next_step: Some(1),
        suggested_actions: vec![{
            let submit = NextStep::new("noveler_plot")
                .arg("episode", ep)
                .arg("content", "<プロット（出力形式の YAML）>");
            let submit = if regenerate {
                submit.arg("regenerate", true)
            } else {
                submit
            };
            submit
                .why("プロンプトに従って書いたプロットを送る")
                .to_wire()
        }],
        warnings: t
            .warning
            .iter()
            .cloned()
            .chain(crate::workflow::embed::unwritten_warning(
                &crate::store::artifact::shared(root),
                artifacts.iter().map(|a| a.artifact_id.as_str()),
            ))
            .collect(),
    })
}

/// Parses a plot submission (YAML or JSON).
fn parse_plot(payload: &Payload) -> Result<(Value, Option<String>)> {
    let text = match payload.body() {
        Body::Doc(v) => return Ok((v.clone(), None)),
        Body::Text(t) => t,
    };
    let text = text.trim_start_matches('\u{feff}').to_string();
    match crate::project::yaml::from_str::<Value>(&text) {
        Ok(v) if v.is_object() => Ok((v, Some(text))),
        Ok(_) => Err(plot_error(
            &[Violation {
                path: String::new(),
                message: "キーと値の対応（マッピング）である必要があります".into(),
            }],
            0,
        )),
        Err(e) => Err(Error::new(
            Code::U006,
            format!("プロットを YAML として読めません: {e}"),
        )
        .hint("YAML の書式（インデント、コロンの後の空白、引用符の閉じ忘れ）を確認してください。")
        .details(json!({"violations": [{"path": "", "message": e.to_string()}]}))),
    }
}

fn plot_error(v: &[Violation], ep: u32) -> Error {
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
        format!("プロットが形式に合いません: {at} {}{more}", first.message),
    )
    .hint(format!(
        "details.violations の各 path を直して再提出してください。形式は noveler plot {ep} --regenerate の出力形式で確認できます。"
    ))
    .details(json!({"violations": v}))
}

/// Validates a plot document for episode `ep`: the template's schema plus the episode
/// number.
pub(crate) fn validate_plot(root: &Path, ep: u32, doc: &Value) -> Result<Vec<Violation>> {
    let t = templates::load(root, templates::PLOT_TEMPLATE)?;
    let mut v = schema::validate(&t.doc.output_schema, doc);
    if let Some(n) = doc.get("episode") {
        if n.as_u64() != Some(u64::from(ep)) {
            v.push(Violation {
                path: "/episode".into(),
                message: format!("第{ep}話のプロットですが episode が {n} です"),
            });
        }
    }
    if let Some(h) = doc.get("hook_plan") {
        let minor = h.get("minor_peak_pct").and_then(Value::as_f64);
        let mini = h.get("mini_hook_pct").and_then(Value::as_f64);
        if let (Some(a), Some(b)) = (minor, mini) {
            if a >= b {
                v.push(Violation {
                    path: "/hook_plan/mini_hook_pct".into(),
                    message: "小さな引きは小さな山場より後に置いてください".into(),
                });
            }
        }
    }
    Ok(v)
}

/// The text written to disk: the submitted YAML as is (with `episode:` added when
/// missing), or YAML made from a JSON submission.
fn plot_text(ep: u32, doc: &Value, original: Option<&str>) -> String {
    match original {
        Some(text) if doc.get("episode").is_some() => {
            let mut t = text.to_string();
            if !t.ends_with('\n') {
                t.push('\n');
            }
            t
        }
        Some(text) => {
            let mut lines: Vec<&str> = text.lines().collect();
            let at = usize::from(lines.first().is_some_and(|l| l.trim() == "---"));
            let line = format!("episode: {ep}");
            lines.insert(at, &line);
            let mut t = lines.join("\n");
            t.push('\n');
            t
        }
        None => {
            let mut m = serde_json::Map::new();
            m.insert("episode".into(), json!(ep));
            if let Some(obj) = doc.as_object() {
                for (k, v) in obj {
                    if k != "episode" {
                        m.insert(k.clone(), v.clone());
                    }
                }
            }
            serde_yaml::to_string(&Value::Object(m)).unwrap_or_default()
        }
    }
}

/// The plot files of episode `ep` (the episode plot directory's, and the one `find_plot`
/// resolves).
fn existing_plots(project: &Project, ep: u32) -> Vec<PathBuf> {
    let mut existing: Vec<PathBuf> = io::episode_plots(project)
        .into_iter()
        .filter(|(n, _)| *n == ep)
        .map(|(_, p)| p)
        .collect();
    if let Some(p) = io::find_plot(project, ep) {
        if !existing.contains(&p) {
            existing.push(p);
        }
    }
    existing
}

/// U001: the plot exists and `--regenerate` was not given.
fn plot_exists(root: &Path, ep: u32, existing: &[PathBuf]) -> Error {
    let names: Vec<String> = existing.iter().map(|p| shown_path(root, p)).collect();
    Error::new(
        Code::U001,
        format!("第{ep}話のプロットはすでにあります: {}", names.join(", ")),
    )
    .hint("作り直すときは --regenerate を付けてください（今のプロットはバックアップされます）。")
    .suggest(format!(
        "noveler plot submit {ep} --file <プロット.yaml> --regenerate"
    ))
    .details(json!({"existing": names}))
}

/// Validates and writes the plot of episode `ep`.
pub fn submit(
    ctx: &Ctx,
    ep: u32,
    payload: &Payload,
    regenerate: bool,
    dry_run: bool,
) -> Result<PlotSubmitOutcome> {
    let root = &ctx.root;
    if ep == 0 {
        return Err(Error::new(Code::E001, "話数は 1 以上で指定してください"));
    }
    let (doc, original) = parse_plot(payload)?;
    let violations = validate_plot(root, ep, &doc)?;
    if !violations.is_empty() {
        return Err(plot_error(&violations, ep));
    }
    let title = doc
        .get("title")
        .and_then(Value::as_str)
        .map(str::trim)
        .unwrap_or_default()
        .to_string();
    // One load for the call; a broken config still lets a plot be saved where the default
    // layout puts it, as before.
    let pc = ProjectCtx::new(root);
    let project = pc.layout();
    let dir = io::episode_plot_dir(project);
    let path: PathBuf = dir.join(format!("第{ep:03}話_{}.yaml", writing::safe_title(&title)));
    let existing = existing_plots(project, ep);
    if !existing.is_empty() && !regenerate {
        return Err(plot_exists(root, ep, &existing));
    }
    let text = plot_text(ep, &doc, original.as_deref());
    let mut warnings = Vec::new();
    let session_id = active_session(root, ep);
    if session_id.is_some() {
        warnings.push(
            "進行中の執筆セッションは、次に表示する段階から新しいプロットを参照します".into(),
        );
    }
    let rel_path = shown_path(root, &path);
    let hook_plan = doc.get("hook_plan").cloned().unwrap_or(Value::Null);
    let scenes = doc
        .get("scenes")
        .and_then(Value::as_array)
        .map_or(0, Vec::len);
    let suggested_actions = vec![NextStep::new("noveler_write")
        .arg("episode", ep)
        .why("このプロットで本文を書く")
        .to_wire()];
    if dry_run {
        return Ok(PlotSubmitOutcome {
            episode: ep,
            dry_run,
            accepted: true,
            title,
            plot_file: rel_path,
            backups: Vec::new(),
            removed: Vec::new(),
            artifact_id: io::artifact_id(&text),
            scenes,
            hook_plan,
            session_id,
            next_step: Some(1),
            suggested_actions,
            warnings,
        });
    }
    let mut backups = Vec::new();
    for old in &existing {
        backups.push(io::backup_file(root, old, "plot regenerate", &ctx.clock)?);
    }
    // Journaled until the last step: a failure (a full disk) or a kill anywhere after
    // this rolls the plot back, so the same submit can simply be sent again.
    let mut targets = vec![shown_path(root, &path)];
    targets.extend(
        existing
            .iter()
            .filter(|o| **o != path)
            .map(|o| shown_path(root, o)),
    );
    let journal = crate::store::journal::Journal::begin(
        root,
        &format!("plot submit {ep}"),
        &targets,
        &ctx.clock,
    )?;
    write_atomic(&path, text.as_bytes())?;
    let mut removed = Vec::new();
    for old in existing.iter().filter(|o| **o != path) {
        crate::store::disk::remove_existing_file(old)?;
        removed.push(shown_path(root, old));
    }
    let artifact_id = io::store_artifact(
        root,
        &text,
        "yaml",
        Some(&rel_path),
        &format!("第{ep:03}話 話別プロット"),
        &[("episode", format!("{ep:03}")), ("type", "plot".into())],
        &ctx.clock,
    )?;
    let stamp = writing::now_digits(&ctx.clock);
    write_atomic(
        &root.join(format!(
            "{}/plots/第{ep:03}話_{stamp}.submitted.yaml",
            session::WRITES_DIR
        )),
        text.as_bytes(),
    )?;
    journal.finish()?;
    warnings.extend(crate::workflow::embed::unwritten_warning(
        &crate::store::artifact::shared(root),
        [artifact_id.as_str()],
    ));
    Ok(PlotSubmitOutcome {
        episode: ep,
        dry_run,
        accepted: true,
        title,
        plot_file: rel_path,
        backups,
        removed,
        artifact_id,
        scenes,
        hook_plan,
        session_id,
        next_step: Some(1),
        suggested_actions,
        warnings,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/sample_project")
    }

    #[test]
    fn existing_plots_validate() {
        let root = sample();
        let project = Project::load(&root).unwrap();
        for (n, path) in io::episode_plots(&project) {
            let doc: Value =
                serde_yaml::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
            assert_eq!(
                validate_plot(&root, n, &doc).unwrap(),
                vec![],
                "{}",
                path.display()
            );
        }
    }

    #[test]
    fn hook_positions_are_enforced() {
        let root = sample();
        let path = io::find_plot(&Project::load(&root).unwrap(), 1).unwrap();
        let mut doc: Value = serde_yaml::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
        doc["hook_plan"]["minor_peak_pct"] = json!(70);
        doc["hook_plan"]["mini_hook_pct"] = json!(60);
        doc["scenes"][1].as_object_mut().unwrap().remove("purpose");
        let v = validate_plot(&root, 2, &doc).unwrap();
        let paths: Vec<&str> = v.iter().map(|v| v.path.as_str()).collect();
        assert!(paths.contains(&"/hook_plan/minor_peak_pct"), "{paths:?}");
        assert!(paths.contains(&"/hook_plan/mini_hook_pct"), "{paths:?}");
        assert!(paths.contains(&"/scenes/1/purpose"), "{paths:?}");
        assert!(paths.contains(&"/episode"), "{paths:?}");
    }

    #[test]
    fn episode_line_is_added_to_yaml_without_one() {
        let doc = json!({"title": "t"});
        assert_eq!(
            plot_text(4, &doc, Some("title: t")),
            "episode: 4\ntitle: t\n"
        );
        assert_eq!(
            plot_text(4, &doc, Some("---\ntitle: t\n")),
            "---\nepisode: 4\ntitle: t\n"
        );
        assert!(plot_text(4, &doc, None).starts_with("episode: 4\n"));
    }
}
