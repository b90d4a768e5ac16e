//! The project's config files: loading a project (a broken config keeps the last good
//! load, or the defaults, standing — never a crash), and a config's error as a diagnostic
//! on that file (its buffer's own text while the editor has it open).

use super::diagnostics::SOURCE;
use super::position::{Encoding, LineIndex};
use crate::error::Error;
use crate::project::{self, Project};
use lsp_types::{Diagnostic, DiagnosticSeverity, NumberOrString, Range};
use std::path::Path;
use std::sync::Arc;

/// A project as loaded for the server.
#[derive(Clone, Debug)]
pub(crate) struct Loaded {
    pub project: Arc<Project>,
    /// Why the config did not load (the project above is then the last good one, or the
    /// defaults).
    pub error: Option<Arc<Error>>,
}

/// Loads the project at `root`; on an error, `previous` (or the defaults) stands in.
pub(crate) fn load(root: &Path, previous: Option<&Loaded>) -> Loaded {
    match Project::load(root) {
        Ok(p) => Loaded {
            project: Arc::new(p),
            error: None,
        },
        Err(e) => Loaded {
            project: previous
                .map(|l| l.project.clone())
                .unwrap_or_else(|| Arc::new(Project::defaults(root))),
            error: Some(Arc::new(e)),
        },
    }
}

/// The error in the text of config file `path`, as the project load would report it.
pub(crate) fn validate(path: &Path, text: &str) -> Option<Error> {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
    match name {
        project::TOOL_CONFIG => project::rc::parse_rc(path, text).err(),
        project::PROJECT_CONFIG => project::config::parse_project_config(path, text).err(),
        project::QUALITY_RULES => project::rc::parse_quality_rules(path, text).err(),
        _ => None,
    }
}

/// `e` as a diagnostic on its line of `text` (the whole line; the first when it names
/// none or `text` is unknown).
pub(crate) fn diagnostic(e: &Error, text: Option<&str>, enc: Encoding) -> Diagnostic {
    let range = match (text, e.line) {
        (Some(text), Some(line)) if line > 0 => {
            let lines = LineIndex::new(text);
            let l = (line - 1).min(lines.line_count().saturating_sub(1));
            Range {
                start: lines.position(text, lines.line_start(text, l), enc),
                end: lines.position(text, lines.line_end(text, l), enc),
            }
        }
        _ => Range::default(),
    };
    let mut message = e.message.clone();
    if !e.hint.is_empty() {
        message.push('\n');
        message.push_str(&e.hint);
    }
    Diagnostic {
        range,
        severity: Some(DiagnosticSeverity::ERROR),
        code: Some(NumberOrString::String(e.code.as_str().to_string())),
        source: Some(SOURCE.into()),
        message,
        ..Diagnostic::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_broken_config_is_an_error_on_its_line() {
        let path = Path::new("/p/.novelerrc.yaml");
        let text = "preset: narou\nrules:\n  NO_SUCH_RULE: {enabled: false}\n";
        let e = validate(path, text).unwrap();
        let d = diagnostic(&e, Some(text), Encoding::Utf16);
        assert_eq!(d.code, Some(NumberOrString::String("U002".into())));
        assert!(d.range.start.line >= 1, "{:?}", d.range);
        assert!(validate(path, "preset: narou\n").is_none());
        assert!(validate(Path::new("/p/other.yaml"), "{{{").is_none());
    }
}
