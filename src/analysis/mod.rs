//! The pure analysis core: text in, metrics, findings, fixes and scores out.
//! No I/O, no clock, no environment, no printing, no threads (see ARCHITECTURE.md).
#![deny(clippy::print_stdout, clippy::print_stderr, clippy::disallowed_methods)]

pub mod dictionaries;
pub mod finding;
pub mod fix;
pub mod line_index;
pub mod markup;
pub mod metrics;
pub mod rules;
pub mod score;
pub mod segment;
pub mod settings;
pub mod source;
pub mod span;

pub use finding::{Aspect, Diagnostic, Finding, Severity};
pub use fix::{Applicability, Edit, Fix};
pub use line_index::LineIndex;
pub use metrics::Metrics;
pub use score::Scores;
pub use segment::Document;
pub use settings::Settings;
pub use source::Source;
pub use span::Span;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// The full result for one manuscript.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct FileAnalysis {
    pub metrics: Metrics,
    pub findings: Vec<Finding>,
    pub scores: Scores,
}

/// Lower-case hex sha256 of `bytes`.
pub fn sha256_hex(bytes: &[u8]) -> String {
    let digest = Sha256::digest(bytes);
    let mut out = String::with_capacity(64);
    for b in digest {
        out.push_str(&format!("{b:02x}"));
    }
    out
}

/// Analyses normalised `text` (see `Source`) reported as `file`. Deterministic: the same
/// text, file name and settings give the same result. Findings are ordered by byte offset,
/// then code.
pub fn analyze(text: &str, file: &str, settings: &Settings) -> FileAnalysis {
    let doc = Document::parse(text);
    let metrics = metrics::compute(&doc, settings);
    let cx = rules::RuleContext {
        doc: &doc,
        settings,
        metrics: &metrics,
    };
    let mut diagnostics = Vec::new();
    for rule in rules::registry() {
        let meta = rule.meta();
        if settings.is_enabled(meta.code, meta.aspect) {
            rule.check(&cx, &mut diagnostics);
        }
    }
    diagnostics.sort_by(|a, b| {
        (a.span.start, a.code, a.span.end).cmp(&(b.span.start, b.code, b.span.end))
    });
    let findings = locate(&doc, file, settings, diagnostics);
    let scores = score::compute(&findings, settings);
    FileAnalysis {
        metrics,
        findings,
        scores,
    }
}

/// Turns span diagnostics into located findings with stable ids.
fn locate(
    doc: &Document,
    file: &str,
    settings: &Settings,
    diagnostics: Vec<Diagnostic>,
) -> Vec<Finding> {
    let text = doc.source;
    let file_hash = sha256_hex(text.as_bytes());
    let mut seen = std::collections::HashMap::<String, usize>::new();
    diagnostics
        .into_iter()
        .map(|d| {
            let aspect = rules::lookup(d.code)
                .map(|r| r.meta().aspect)
                .unwrap_or(Aspect::Style);
            let start = doc.lines.position(text, d.span.start);
            let end = doc.lines.position(text, d.span.end);
            let line_span = doc.lines.line_span(text, start.line - 1);
            let line_text = &text[line_span.range()];
            let base = format!(
                "{file_hash}:{}:{}:{}",
                d.code,
                start.line,
                sha256_hex(line_text.as_bytes())
            );
            // Two findings of one code on one line get distinct ids by occurrence.
            let n = seen.entry(base.clone()).or_insert(0);
            let key = if *n == 0 { base } else { format!("{base}:{n}") };
            *n += 1;
            let id = sha256_hex(key.as_bytes())[..12].to_string();
            Finding {
                id,
                code: d.code.to_string(),
                aspect,
                severity: settings.severity_for(d.code, d.severity),
                message: d.message,
                file: file.to_string(),
                line: start.line,
                column: start.column,
                end_line: end.line,
                end_column: end.column,
                byte_start: d.span.start,
                byte_end: d.span.end,
                excerpt: excerpt(line_text),
                suggestion: d.suggestion,
                fix: d.fix,
            }
        })
        .collect()
}

fn excerpt(line: &str) -> String {
    const MAX: usize = 120;
    let trimmed = line.trim_end();
    if trimmed.chars().count() <= MAX {
        trimmed.to_string()
    } else {
        let mut s: String = trimmed.chars().take(MAX).collect();
        s.push('…');
        s
    }
}
