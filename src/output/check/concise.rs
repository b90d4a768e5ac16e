//! One line per finding for editors and grep (`--format concise`, as ruff's):
//! `path:line:col: CODE message`, the path relative to the working directory.

use super::*;

pub fn concise(report: &CheckReport, paths: &PathMap) -> String {
    let mut out = String::new();
    for file in &report.files {
        let path = escape_controls(&paths.map(&file.path)).into_owned();
        for f in &file.findings {
            let _ = writeln!(
                out,
                "{path}:{}:{}: {} {}",
                f.line,
                f.column,
                f.code,
                escape_controls(&f.message)
            );
        }
    }
    out
}
