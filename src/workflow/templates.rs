//! The template registry: every prompt template is compiled into the binary, and a project
//! may override one by placing a file of the same name under its own `templates/`
//! (`<root>/templates/writing/stage08_write_manuscript_draft.yaml`). Whichever is used is
//! reported with `template_source: project|embedded` and its sha256. A project file that
//! cannot be used (not UTF-8, not YAML, an unsupported schema) does not stop the work: the
//! embedded template is used instead, and the report says so in `template.warning` (seed 001
//! §2 "検証失敗時は内蔵フォールバックと WARN ログを発行する").

use super::schema;
use crate::analysis::sha256_hex;
use crate::error::{Code, Error, Result};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

macro_rules! embedded {
    ($($name:literal),* $(,)?) => {
        /// (name relative to `templates/`, content) of every embedded prompt template.
        pub const EMBEDDED: &[(&str, &str)] = &[
            $( ($name, include_str!(concat!("../../templates/", $name))), )*
        ];
    };
}

embedded! {
    "writing/stage01_plot_data_preparation.yaml",
    "writing/stage02_analyze_plot_structure.yaml",
    "writing/stage03_design_emotional_flow.yaml",
    "writing/stage04_design_humor_elements.yaml",
    "writing/stage05_design_character_dialogue.yaml",
    "writing/stage06_design_scene_atmosphere.yaml",
    "writing/stage07_adjust_logic_consistency.yaml",
    "writing/stage08_write_manuscript_draft.yaml",
    "writing/stage09_refine_manuscript_quality.yaml",
    "writing/stage10_finalize_manuscript.yaml",
    "plot/episode_plot.yaml",
    "quality/checks/check_step01_typo_check.yaml",
    "quality/checks/check_step02_grammar_notation.yaml",
    "quality/checks/check_step03_readability.yaml",
    "quality/checks/check_step04_character_consistency.yaml",
    "quality/checks/check_step05_plot_consistency.yaml",
    "quality/checks/check_step06_worldbuilding.yaml",
    "quality/checks/check_step07_structure.yaml",
    "quality/checks/check_step08_foreshadowing.yaml",
    "quality/checks/check_step09_scene_transition.yaml",
    "quality/checks/check_step10_expression_style.yaml",
    "quality/checks/check_step11_rhythm_tempo.yaml",
    "quality/checks/check_step12_final_approval.yaml",
    "quality/check_story_elements.yaml",
    "quality/check_story_structure.yaml",
    "quality/check_writing_expression.yaml",
    "quality/episode_preview.yaml",
    "quality/polish_stage2_content.yaml",
    "quality/polish_stage3_reader.yaml",
}

/// The template for a plot prompt, relative to `templates/`.
pub const PLOT_TEMPLATE: &str = "plot/episode_plot.yaml";

/// Where a template came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum TemplateSource {
    Project,
    Embedded,
}

/// One input a stage needs, as an artifact reference key (`plot`, `characters`,
/// `stage:<id>` …).
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct InputSpec {
    #[serde(rename = "ref")]
    pub key: String,
    #[serde(default)]
    pub required: bool,
    /// Why the stage reads it (shown next to the reference).
    #[serde(default, rename = "use")]
    pub purpose: String,
}

/// A template file, parsed.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TemplateDoc {
    pub version: String,
    #[serde(default)]
    pub stage: Option<u8>,
    pub id: String,
    pub title: String,
    #[serde(default)]
    pub expected_turns: Option<u8>,
    pub purpose: String,
    #[serde(default)]
    pub inputs: Vec<InputSpec>,
    pub instructions: String,
    pub output_schema: serde_json::Value,
    #[serde(default)]
    pub acceptance_criteria: Vec<String>,
    /// Engine-specific data of the template (word lists, thresholds, item lists), read by
    /// the code that uses the template (e.g. the progressive check steps); null when absent.
    #[serde(default)]
    pub parameters: serde_json::Value,
}

/// A template ready to render, with where it came from.
#[derive(Debug, Clone)]
pub struct Template {
    /// Relative to `templates/` (`writing/stage01_plot_data_preparation.yaml`).
    pub name: String,
    pub doc: TemplateDoc,
    pub source: TemplateSource,
    /// sha256 of the template file's bytes.
    pub sha256: String,
    /// The override file, when `source` is `project`.
    pub path: Option<PathBuf>,
    /// Why the project's override was not used (the embedded template was, in its place).
    pub warning: Option<String>,
}

/// What a report says about the template it rendered.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct TemplateInfo {
    pub name: String,
    pub version: String,
    pub template_source: TemplateSource,
    pub sha256: String,
    /// Set when the project's override could not be used and the embedded template was used
    /// in its place: what was wrong with the file, and where.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub warning: Option<String>,
}

impl Template {
    pub fn info(&self) -> TemplateInfo {
        TemplateInfo {
            name: self.name.clone(),
            version: self.doc.version.clone(),
            template_source: self.source,
            sha256: self.sha256.clone(),
            warning: self.warning.clone(),
        }
    }
}

/// The embedded text of `name`, if there is one.
pub fn embedded(name: &str) -> Option<&'static str> {
    EMBEDDED.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
}

/// Parses template text; `path` names it in errors.
pub fn parse(name: &str, text: &str, path: &Path) -> Result<TemplateDoc> {
    let doc: TemplateDoc = crate::project::yaml::from_str(text).map_err(|e| {
        let line = e.line();
        Error::new(
            Code::U002,
            format!("テンプレート {name} を読み込めません: {e}"),
        )
        .at(path, line)
        .hint("YAML の書式と項目名（version, id, title, purpose, inputs, instructions, output_schema, acceptance_criteria）を確認してください。")
    })?;
    if let Err(at) = schema::check_supported(&doc.output_schema) {
        return Err(Error::new(
            Code::U002,
            format!("テンプレート {name} の output_schema が不正です: output_schema{at}"),
        )
        .at(path, None)
        .hint("使えるキーワードは type, properties, required, additionalProperties, items, enum, const, minLength, maxLength, minimum, maximum, minItems, maxItems, pattern と注釈（title, description など）です。"));
    }
    Ok(doc)
}

/// Loads `name`: the project's `templates/<name>` when it exists and is usable, else the
/// embedded one (with `warning` saying why the project's file was not used).
pub fn load(root: &Path, name: &str) -> Result<Template> {
    let override_path = root.join("templates").join(name);
    if !override_path.is_file() {
        return load_embedded(name, None);
    }
    match load_override(name, &override_path) {
        Ok(t) => Ok(t),
        Err(e) => embedded_instead(name, &override_path, &e).ok_or(e),
    }
}

/// The embedded template `name` in place of the project's file at `path`, which failed
/// with `e` (when loading or rendering), with the warning that says so; `None` when there
/// is no embedded template of that name.
pub fn embedded_instead(name: &str, path: &Path, e: &Error) -> Option<Template> {
    embedded(name)?;
    let at = match e.line {
        Some(line) => format!("{}:{line}", path.display()),
        None => path.display().to_string(),
    };
    let warning = format!(
        "プロジェクトのテンプレート {at} を使えないため、組み込みのテンプレートを使いました（{}）。ファイルを直すか削除してください。",
        e.message
    );
    load_embedded(name, Some(warning)).ok()
}

/// The project's override file of `name`, parsed.
fn load_override(name: &str, path: &Path) -> Result<Template> {
    let bytes = crate::store::text::read_bytes(path)?;
    let text = String::from_utf8(bytes.clone()).map_err(|_| {
        Error::new(
            Code::U003,
            format!("テンプレート {name} が UTF-8 ではありません"),
        )
        .at(path, None)
        .hint("UTF-8 で保存し直してください。")
    })?;
    let doc = parse(name, &text, path)?;
    Ok(Template {
        name: name.to_string(),
        doc,
        source: TemplateSource::Project,
        sha256: sha256_hex(&bytes),
        path: Some(path.to_path_buf()),
        warning: None,
    })
}

/// The embedded template `name`.
fn load_embedded(name: &str, warning: Option<String>) -> Result<Template> {
    let text = embedded(name).ok_or_else(|| {
        Error::new(
            Code::R002,
            format!("組み込みテンプレート {name} がありません"),
        )
    })?;
    let doc = parse(
        name,
        text,
        Path::new(&format!("(embedded)/templates/{name}")),
    )?;
    Ok(Template {
        name: name.to_string(),
        doc,
        source: TemplateSource::Embedded,
        sha256: sha256_hex(text.as_bytes()),
        path: None,
        warning,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::workflow::stages::STAGES;

    #[test]
    fn every_embedded_template_parses_with_a_supported_schema() {
        for (name, text) in EMBEDDED {
            let doc = parse(name, text, Path::new(name)).unwrap_or_else(|e| panic!("{e}"));
            assert!(!doc.version.is_empty(), "{name}");
            assert!(!doc.acceptance_criteria.is_empty(), "{name}");
            assert_eq!(doc.output_schema["type"], "object", "{name}");
        }
    }

    #[test]
    fn every_stage_has_its_template() {
        for stage in STAGES {
            let name = stage.template_name();
            let t = load(Path::new("/nonexistent"), &name).unwrap();
            assert_eq!(t.doc.stage, Some(stage.number), "{name}");
            assert_eq!(t.doc.id, stage.id, "{name}");
            assert_eq!(t.doc.title, stage.title, "{name}");
            assert_eq!(t.source, TemplateSource::Embedded);
        }
    }

    #[test]
    fn project_override_wins_and_is_reported() {
        let dir = tempfile::tempdir().unwrap();
        let name = "writing/stage01_plot_data_preparation.yaml";
        let text = embedded(name).unwrap().replace("1.0.0", "1.0.0-local");
        let path = dir.path().join("templates").join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, &text).unwrap();
        let t = load(dir.path(), name).unwrap();
        assert_eq!(t.source, TemplateSource::Project);
        assert_eq!(t.doc.version, "1.0.0-local");
        assert_eq!(t.sha256, sha256_hex(text.as_bytes()));
    }

    #[test]
    fn a_broken_override_falls_back_to_the_embedded_template_with_a_warning() {
        let dir = tempfile::tempdir().unwrap();
        let name = "writing/stage02_analyze_plot_structure.yaml";
        let path = dir.path().join("templates").join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, "version: [").unwrap();
        let err = load_override(name, &path).unwrap_err();
        assert_eq!(err.code, Code::U002);
        assert_eq!(err.path.as_deref(), Some(path.as_path()));
        let t = load(dir.path(), name).unwrap();
        assert_eq!(t.source, TemplateSource::Embedded);
        assert_eq!(t.sha256, sha256_hex(embedded(name).unwrap().as_bytes()));
        let warning = t.info().warning.unwrap();
        assert!(warning.contains(&path.display().to_string()), "{warning}");
        assert!(warning.contains("組み込み"), "{warning}");
        let text = embedded(name)
            .unwrap()
            .replace("additionalProperties: false", "oneOf: []");
        std::fs::write(&path, text).unwrap();
        let warning = load(dir.path(), name).unwrap().warning.unwrap();
        assert!(warning.contains("oneOf"), "{warning}");
        std::fs::write(&path, b"\xff\xfe").unwrap();
        let warning = load(dir.path(), name).unwrap().warning.unwrap();
        assert!(warning.contains("UTF-8"), "{warning}");
        // A usable override has no warning.
        assert!(load(Path::new("/nonexistent"), name)
            .unwrap()
            .warning
            .is_none());
    }
}
