//! GitHub Actions workflow commands.

use super::*;

/// Escapes workflow-command data (`%`, CR, LF); other control characters (ESC, BEL, NUL
/// from a damaged manuscript) are shown as `<U+001B>` so they never reach a CI log raw.
fn gh_data(s: &str) -> String {
    escape_controls(s)
        .replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// Escapes a workflow-command property value (also `:` and `,`).
fn gh_prop(s: &str) -> String {
    gh_data(s).replace(':', "%3A").replace(',', "%2C")
}

/// GitHub Actions annotations: `::warning file=…,line=…,col=…,endLine=…,endColumn=…,
/// title=CODE::message` per finding (`::error` for high and critical), and `::error` for
/// targets that could not be checked.
pub fn github(report: &CheckReport, paths: &PathMap) -> String {
    let mut out = String::new();
    for file in &report.files {
        let path = gh_prop(&paths.map(&file.path));
        for f in &file.findings {
            let level = match f.severity {
                Severity::High | Severity::Critical => "error",
                Severity::Low | Severity::Medium => "warning",
            };
            let _ = writeln!(
                out,
                "::{level} file={path},line={},col={},endLine={},endColumn={},title={}::{}",
                f.line,
                f.column,
                f.end_line,
                f.end_column,
                gh_prop(&format!("{} ({})", f.code, f.severity.as_str())),
                gh_data(&f.message)
            );
        }
    }
    for e in &report.errors {
        let _ = writeln!(
            out,
            "::error file={},title={}::{}",
            gh_prop(&paths.map(&e.path)),
            gh_prop(&e.code),
            gh_data(format!("{} {}", e.message, e.hint).trim())
        );
    }
    out
}
