//! Findings → LSP diagnostics: code, severity (critical/high → Error, medium → Warning,
//! low → Information), source `noveler`, the Japanese message (and the suggestion on a line
//! of its own, after →), the range in the client's encoding. A finding about the whole episode
//! (length, ratios, averages: `score::WHOLE_TEXT_RULES`) is shown on the title — the first
//! line with text — not spread over the document; so is the count of findings of a code
//! past the per-rule cap. Each code links to its section of `docs/rules.md`
//! (`codeDescription`).

use super::position::{Encoding, LineIndex, Normalised};
use crate::analysis::{score, Finding, Severity};
use crate::operations::check::FileResult;
use lsp_types::{Diagnostic, DiagnosticSeverity, NumberOrString, Range};
use serde_json::json;

/// The diagnostic source.
pub(crate) const SOURCE: &str = "noveler";

pub(crate) fn severity(s: Severity) -> DiagnosticSeverity {
    match s {
        Severity::Critical | Severity::High => DiagnosticSeverity::ERROR,
        Severity::Medium => DiagnosticSeverity::WARNING,
        Severity::Low => DiagnosticSeverity::INFORMATION,
    }
}

/// Whether `code` judges the whole episode rather than a place in it.
pub(crate) fn is_whole_text(code: &str) -> bool {
    score::WHOLE_TEXT_RULES.contains(&code)
}

/// Each finding's range, and the diagnostics (one per finding, then one per code over the
/// cap), for the client's `text`.
pub(crate) fn build(
    file: &FileResult,
    text: &str,
    lines: &LineIndex,
    enc: Encoding,
) -> (Vec<Range>, Vec<Diagnostic>) {
    let map = Normalised::new(&file.text, text);
    let title = title_range(text, lines, enc);
    let at = |offset: usize| lines.position(text, map.to_client(lines, text, offset), enc);
    let mut ranges = Vec::with_capacity(file.findings.len());
    let mut out = Vec::with_capacity(file.findings.len() + file.omitted.len());
    for f in &file.findings {
        let range = if is_whole_text(&f.code) {
            title
        } else {
            Range {
                start: at(f.byte_start),
                end: at(f.byte_end),
            }
        };
        ranges.push(range);
        out.push(diagnostic(f, range));
    }
    for (code, n) in &file.omitted {
        out.push(Diagnostic {
            range: title,
            severity: Some(DiagnosticSeverity::INFORMATION),
            code: Some(NumberOrString::String(code.clone())),
            code_description: code_description(code),
            source: Some(SOURCE.into()),
            message: format!(
                "{code} はこのほかに {n} 件あります（多すぎるため一覧を省略しました。すべては noveler check で）"
            ),
            ..Diagnostic::default()
        });
    }
    (ranges, out)
}

fn diagnostic(f: &Finding, range: Range) -> Diagnostic {
    let message = match &f.suggestion {
        Some(s) if !s.is_empty() => format!("{}\n→ {s}", f.message),
        _ => f.message.clone(),
    };
    Diagnostic {
        range,
        severity: Some(severity(f.severity)),
        code: Some(NumberOrString::String(f.code.clone())),
        source: Some(SOURCE.into()),
        message,
        code_description: code_description(&f.code),
        data: Some(json!({"id": f.id})),
        ..Diagnostic::default()
    }
}

/// Where `code` is documented (LSP 3.16 `codeDescription`): `docs/rules.md` (generated from
/// the registry) of the source this server was built from, at the rule's heading, as
/// `file://…/docs/rules.md#L<line>` — VS Code opens a file URI at that line, a browser shows
/// the page. A local file works offline; `None` when the server runs away from its source
/// tree (hover still explains the rule). The page is read once per process.
pub(crate) fn code_description(code: &str) -> Option<lsp_types::CodeDescription> {
    type Links = std::collections::HashMap<String, lsp_types::CodeDescription>;
    static LINKS: std::sync::OnceLock<Links> = std::sync::OnceLock::new();
    LINKS
        .get_or_init(|| {
            let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/rules.md");
            let Some(text) = crate::store::text::read_bytes(&path)
                .ok()
                .and_then(|b| String::from_utf8(b).ok())
            else {
                return Links::new();
            };
            let uri = crate::store::uri::file_uri(&path);
            text.lines()
                .enumerate()
                .filter_map(|(i, l)| {
                    let code = l.strip_prefix("## ")?.trim();
                    let href = format!("{uri}#L{}", i + 1).parse().ok()?;
                    Some((code.to_string(), lsp_types::CodeDescription { href }))
                })
                .collect()
        })
        .get(code)
        .cloned()
}

/// The first line with text (the title of a manuscript), whole; the start when none.
pub(crate) fn title_range(text: &str, lines: &LineIndex, enc: Encoding) -> Range {
    for line in 0..lines.line_count() {
        let start = lines.line_start(text, line);
        let end = lines.line_end(text, line);
        let content = &text[start..end];
        if !content.trim().is_empty() {
            return Range {
                start: lines.position(text, start, enc),
                end: lines.position(text, end, enc),
            };
        }
    }
    Range::default()
}
