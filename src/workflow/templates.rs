//! The template registry: every prompt template is compiled into the binary, and a project
//! may override one by placing a file of the same name under its own `templates/`
//! (`<root>/templates/writing/stage08_write_manuscript_draft.yaml`). Whichever is used is
//! reported with `template_source: project|embedded` and its sha256.

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
}

/// What a report says about the template it rendered.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct TemplateInfo {
    pub name: String,
    pub version: String,
    pub template_source: TemplateSource,
    pub sha256: String,
}

impl Template {
    pub fn info(&self) -> TemplateInfo {
        TemplateInfo {
            name: self.name.clone(),
            version: self.doc.version.clone(),
            template_source: self.source,
            sha256: self.sha256.clone(),
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

/// Loads `name`: the project's `templates/<name>` when it exists, else the embedded one.
pub fn load(root: &Path, name: &str) -> Result<Template> {
    let override_path = root.join("templates").join(name);
    if override_path.is_file() {
        let bytes = crate::store::text::read_bytes(&override_path)?;
        let text = String::from_utf8(bytes.clone()).map_err(|_| {
            Error::new(
                Code::U003,
                format!("テンプレート {name} が UTF-8 ではありません"),
            )
            .at(&override_path, None)
            .hint("UTF-8 で保存し直してください。")
        })?;
        let doc = parse(name, &text, &override_path)?;
        return Ok(Template {
            name: name.to_string(),
            doc,
            source: TemplateSource::Project,
            sha256: sha256_hex(&bytes),
            path: Some(override_path),
        });
    }
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
    fn broken_override_is_a_config_error_naming_the_file() {
        let dir = tempfile::tempdir().unwrap();
        let name = "writing/stage02_analyze_plot_structure.yaml";
        let path = dir.path().join("templates").join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, "version: [").unwrap();
        let err = load(dir.path(), name).unwrap_err();
        assert_eq!(err.code, Code::U002);
        assert_eq!(err.path.as_deref(), Some(path.as_path()));
        let text = embedded(name)
            .unwrap()
            .replace("additionalProperties: false", "oneOf: []");
        std::fs::write(&path, text).unwrap();
        let err = load(dir.path(), name).unwrap_err();
        assert!(err.message.contains("oneOf"), "{}", err.message);
    }
}
