//! The editor's settings for noveler, from `initializationOptions` and
//! `workspace/didChangeConfiguration` (pushed, or pulled with `workspace/configuration`,
//! section `noveler`). The project's own config wins where it speaks: the editor's preset
//! applies only to a project whose `.novelerrc.yaml` names none.
//!
//! ```json
//! {"preset": "narou", "severity": "medium", "files": "manuscripts"}
//! ```
//! Each key is read on its own: a wrong value is reported (`problems`) and ignored, the
//! others still apply.

use crate::analysis::settings::Preset;
use crate::analysis::Severity;
use serde_json::Value;

/// Which documents the server checks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum Files {
    /// Manuscripts as episodes, and every other Markdown/text file as a snippet.
    #[default]
    All,
    /// Only the project's manuscripts (`40_原稿/`, `第NNN話…`).
    Manuscripts,
}

#[derive(Clone, Debug, Default, PartialEq)]
pub(crate) struct EditorSettings {
    /// Rule preset for projects whose config names none.
    pub preset: Option<Preset>,
    /// Findings below this severity are not shown.
    pub severity: Option<Severity>,
    pub files: Files,
}

impl EditorSettings {
    /// The settings in `value` (the object itself, or under `noveler`), with what was wrong.
    pub fn parse(value: &Value) -> (EditorSettings, Vec<String>) {
        let obj = value.get("noveler").unwrap_or(value);
        let mut out = EditorSettings::default();
        let mut problems = Vec::new();
        let text = |key: &str| obj.get(key).filter(|v| !v.is_null());
        if let Some(v) = text("preset") {
            match v.as_str() {
                Some("narou") => out.preset = Some(Preset::Narou),
                Some("literary") => out.preset = Some(Preset::Literary),
                _ => problems.push(format!("preset は narou か literary です（{v}）")),
            }
        }
        if let Some(v) = text("severity") {
            match v.as_str().and_then(Severity::parse) {
                Some(s) => out.severity = Some(s),
                None => problems.push(format!(
                    "severity は low / medium / high / critical のどれかです（{v}）"
                )),
            }
        }
        if let Some(v) = text("files") {
            match v.as_str() {
                Some("all") => out.files = Files::All,
                Some("manuscripts") => out.files = Files::Manuscripts,
                _ => problems.push(format!("files は all か manuscripts です（{v}）")),
            }
        }
        (out, problems)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn keys_are_read_one_by_one() {
        let (s, problems) = EditorSettings::parse(&json!({"noveler": {
            "preset": "literary", "severity": "bogus", "files": "manuscripts", "other": 1
        }}));
        assert_eq!(s.preset, Some(Preset::Literary));
        assert_eq!(s.severity, None);
        assert_eq!(s.files, Files::Manuscripts);
        assert_eq!(problems.len(), 1, "{problems:?}");
        let (s, problems) = EditorSettings::parse(&json!({"severity": "high"}));
        assert_eq!(s.severity, Some(Severity::High));
        assert!(problems.is_empty());
        assert_eq!(
            EditorSettings::parse(&Value::Null).0,
            EditorSettings::default()
        );
    }
}
