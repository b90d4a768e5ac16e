//! The project, as the steps need it: settings, plot, glossary, characters.

use super::*;

// The project, as the steps need it

/// The project config resolved for a check: QC-009 / QC-010 unless an override is given.
pub(crate) fn resolve_project(
    pc: &ProjectCtx,
    opts: &CheckOptions,
) -> Result<(Project, TargetLength)> {
    let over = opts.override_length();
    let config = pc.root().join(project::PROJECT_CONFIG);
    // Absent, not "not a regular file": a directory or FIFO there is the load's P002.
    if config.symlink_metadata().is_err() {
        let Some(length) = over else {
            return Err(Error::new(
                Code::QC009,
                format!("プロジェクト設定（{}）が見つかりません", project::PROJECT_CONFIG),
            )
            .at(&config, None)
            .hint("プロジェクトルートを確認するか、config_overrides.target_length（CLI では --target-min / --target-max）を指定してください。")
            .suggest("noveler check progressive <話数> tasks --target-min 2000 --target-max 6000")
            .details(serde_json::json!({"missing_files": [project::PROJECT_CONFIG]})));
        };
        let p = project_with_length(pc, length)?;
        return Ok((p, length));
    }
    match over {
        Some(length) => Ok((project_with_length(pc, length)?, length)),
        None => {
            let p = pc.project().cloned().map_err(|e| {
                if e.code == Code::QC010 {
                    e.hint("min < max の整数に直すか、config_overrides.target_length（CLI では --target-min / --target-max）で上書きしてください。")
                } else {
                    e
                }
            })?;
            let t = p.settings.target_length;
            Ok((p, t))
        }
    }
}

/// The call's project with the target length `length`: what `Project::load_with_length`
/// gives, without reading the config again. A project that does not load as it is
/// (QC-010 a bad target length the override replaces …) is loaded with the override, as
/// before.
pub(crate) fn project_with_length(pc: &ProjectCtx, length: TargetLength) -> Result<Project> {
    match pc.project() {
        Ok(p) => {
            let mut p = p.clone();
            p.settings.target_length = length;
            Ok(p)
        }
        Err(_) => Project::load_with_length(pc.root(), length),
    }
}

/// A settings document read for the steps.
#[derive(Debug, Clone)]
pub struct RefFile {
    pub key: &'static str,
    pub label: &'static str,
    pub path: PathBuf,
    pub rel: String,
    pub text: String,
}

/// Everything loaded from disk for one step.
pub struct Loaded {
    pub project: Project,
    pub manuscript_path: PathBuf,
    pub manuscript_rel: String,
    /// Raw bytes' sha256 (what FileRefs and QC-018 use).
    pub sha256: String,
    pub raw_len: u64,
    pub source: Source,
    /// `file` or `manuscript_content`.
    pub text_origin: &'static str,
    pub characters: Option<Vec<Character>>,
    pub glossary: Option<Vec<Term>>,
    pub plot: Option<PlotInfo>,
    pub foreshadowing: Vec<Foreshadow>,
    pub refs: Vec<RefFile>,
}

fn read_yaml(path: &Path) -> Result<(String, serde_yaml::Value)> {
    let bytes = crate::store::text::read_bytes(path)?;
    let text = crate::store::text::decode(path, &bytes)?.text;
    let doc = crate::project::yaml::from_str(&text).map_err(|e| {
        Error::new(
            Code::P002,
            format!("{} を YAML として読み込めません: {e}", path.display()),
        )
        .at(path, e.line())
        .hint("YAML の書式（インデント、コロンの後の空白）を確認してください。")
    })?;
    Ok((text, doc))
}

/// Episode plots of the project: (episode, path), sorted.
fn episode_plots(project: &Project) -> Vec<(u32, PathBuf)> {
    let plot = project.plot_dir();
    let mut out: Vec<(u32, PathBuf)> = Vec::new();
    for dir in [plot.join("話別プロット"), plot] {
        let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
            .into_iter()
            .flatten()
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.is_file())
            .filter(|p| matches!(p.extension().and_then(|e| e.to_str()), Some("yaml" | "yml")))
            .collect();
        files.sort();
        for p in files {
            let Some(stem) = p.file_stem().and_then(|s| s.to_str()) else {
                continue;
            };
            if let Some(n) = project::episode_number_of(stem) {
                if !out.iter().any(|(m, _)| *m == n) {
                    out.push((n, p));
                }
            }
        }
    }
    out.sort();
    out
}

/// Loads the manuscript and the settings documents of episode `ep`. `content` replaces the
/// manuscript text (an agent's revision checked without writing it).
// Long on purpose: one sequential procedure whose steps share local state; left whole in
// the issue-17 pass, which moved code without changing it.
pub fn load(project: Project, ep: u32, content: Option<&str>) -> Result<Loaded> {
    let manuscript_path = project.manuscript_path(ep)?;
    let manuscript_rel = project.display(&manuscript_path);
    let (bytes, origin) = match content {
        Some(c) => (c.as_bytes().to_vec(), "manuscript_content"),
        None => (
            crate::store::text::read_bytes(&manuscript_path).map_err(|e| {
                Error::new(
                    Code::QC004,
                    format!("原稿 {manuscript_rel} を読めないためチェックを実行できません: {e}"),
                )
                .at(&manuscript_path, None)
                .hint("ファイルの存在と権限を確認して再実行してください。")
                .details(serde_json::json!({"error_log": e.to_string()}))
            })?,
            "file",
        ),
    };
    let source = crate::store::text::decode(&manuscript_path, &bytes).map_err(|e| {
        Error::new(
            Code::QC004,
            format!(
                "原稿 {manuscript_rel} を解析できないためチェックを実行できません: {}",
                e.message
            ),
        )
        .at(&manuscript_path, e.line)
        .hint(e.hint.clone())
        .details(serde_json::json!({"error_log": e.to_string(), "cause": e.code.as_str()}))
    })?;
    let sha256 = sha256_hex(&bytes);
    let files = project.settings_files();
    let mut refs = Vec::new();
    let mut characters = None;
    let mut glossary = None;
    if let Some(p) = &files.characters {
        let (text, doc) = read_yaml(p)?;
        characters = Some(parse_characters(&doc));
        refs.push(RefFile {
            key: "characters",
            label: "キャラクター設定",
            rel: project.display(p),
            path: p.clone(),
            text,
        });
    }
    if let Some(p) = &files.glossary {
        let (text, doc) = read_yaml(p)?;
        glossary = Some(parse_glossary(&doc));
        refs.push(RefFile {
            key: "glossary",
            label: "用語集",
            rel: project.display(p),
            path: p.clone(),
            text,
        });
    }
    if let Some(p) = &files.world {
        let bytes = crate::store::text::read_bytes(p)?;
        let text = crate::store::text::decode(p, &bytes)?.text;
        refs.push(RefFile {
            key: "world",
            label: "世界観",
            rel: project.display(p),
            path: p.clone(),
            text,
        });
    }
    for p in &files.style {
        let bytes = crate::store::text::read_bytes(p)?;
        let text = crate::store::text::decode(p, &bytes)?.text;
        refs.push(RefFile {
            key: "style",
            label: "文体・スタイルガイド",
            rel: project.display(p),
            path: p.clone(),
            text,
        });
    }
    let mut plot = None;
    let mut foreshadowing = Vec::new();
    if let Ok(p) = project.plot_path(ep) {
        if matches!(p.extension().and_then(|e| e.to_str()), Some("yaml" | "yml")) {
            let (text, doc) = read_yaml(&p)?;
            let rel = project.display(&p);
            let info = parse_plot(&doc, &rel);
            foreshadowing.extend(info.foreshadowing.iter().cloned());
            plot = Some(info);
            refs.push(RefFile {
                key: "plot",
                label: "話別プロット",
                rel,
                path: p.clone(),
                text,
            });
        }
    }
    // Foreshadowing of every other episode plot (items due here may be listed only there).
    for (n, p) in episode_plots(&project) {
        if n == ep {
            continue;
        }
        let Ok((_, doc)) = read_yaml(&p) else {
            continue; // another episode's broken plot does not stop this check
        };
        for f in parse_foreshadowing(&doc, &project.display(&p)) {
            let dup = foreshadowing.iter().any(|g| match (&g.id, &f.id) {
                (Some(a), Some(b)) => a == b,
                _ => g.item == f.item,
            });
            if !dup {
                foreshadowing.push(f);
            }
        }
    }
    Ok(Loaded {
        raw_len: bytes.len() as u64,
        project,
        manuscript_path,
        manuscript_rel,
        sha256,
        source,
        text_origin: origin,
        characters,
        glossary,
        plot,
        foreshadowing,
        refs,
    })
}

/// The first Markdown heading of `text`, without `#` and surrounding spaces.
pub(crate) fn heading_of(text: &str) -> Option<String> {
    text.lines()
        .map(str::trim)
        .find(|l| l.starts_with('#'))
        .map(|l| l.trim_start_matches('#').trim().to_string())
        .filter(|s| !s.is_empty())
}

/// Files a step needs that are missing (relative paths for the message).
pub(super) fn missing_for(step: &StepDef, l: &Loaded, ep: u32) -> Vec<String> {
    let dir = l.project.dirs.settings.clone();
    step.requires()
        .iter()
        .filter_map(|r| match *r {
            "characters" if l.characters.is_none() => Some(format!("{dir}/キャラクター.yaml")),
            "glossary" if l.glossary.is_none() => Some(format!("{dir}/用語集.yaml")),
            "plot" if l.plot.is_none() => Some(format!(
                "{}/話別プロット/第{ep:03}話_<タイトル>.yaml",
                l.project.dirs.plot
            )),
            _ => None,
        })
        .collect()
}
