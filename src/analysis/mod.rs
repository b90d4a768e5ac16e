//! The pure analysis core: text in, metrics, findings, fixes and scores out.
//! No I/O, no clock, no environment, no printing, no threads (see ARCHITECTURE.md).
#![deny(clippy::print_stdout, clippy::print_stderr, clippy::disallowed_methods)]

pub mod dictionaries;
pub mod finding;
pub mod fix;
pub mod line_index;
pub mod markup;
pub mod metrics;
pub mod morph;
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
    hex(&Sha256::digest(bytes))
}

/// Lower-case hex of `bytes`.
fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(bytes.len() * 2);
    for &b in bytes {
        out.push(DIGITS[usize::from(b >> 4)] as char);
        out.push(DIGITS[usize::from(b & 0xf)] as char);
    }
    out
}

/// Analyses normalised `text` (see `Source`) reported as `file`. Deterministic: the same
/// text, file name and settings give the same result. Findings are ordered by byte offset,
/// then code.
pub fn analyze(text: &str, file: &str, settings: &Settings) -> FileAnalysis {
    analyze_with(text, file, settings, None)
}

/// `analyze` with a dictionary for the word rules (`rules::needs_words`); without one they
/// report nothing. The text is tokenised only if an enabled rule asks for words.
pub fn analyze_with(
    text: &str,
    file: &str,
    settings: &Settings,
    lexicon: Option<&morph::Lexicon>,
) -> FileAnalysis {
    let doc = Document::parse(text);
    let metrics = metrics::compute(&doc, settings);
    let words = morph::Words::new(&doc, lexicon);
    let cx = rules::RuleContext {
        doc: &doc,
        settings,
        metrics: &metrics,
        words: &words,
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
///
/// The diagnostics arrive sorted by start offset, so the lines of their starts never go
/// back: the hash and excerpt of a line are computed once for all its findings, columns are
/// counted on from the previous finding of the line, and occurrence numbers (two findings of
/// one code on one line) only need the codes seen on the current line.
fn locate(
    doc: &Document,
    file: &str,
    settings: &Settings,
    diagnostics: Vec<Diagnostic>,
) -> Vec<Finding> {
    let text = doc.source;
    let file_hash = sha256_hex(text.as_bytes());
    let mut columns = ColumnCursor::default();
    // The line of the current findings: 0-based number, span, hash and excerpt.
    let mut current: Option<(usize, Span, String, String)> = None;
    // Codes seen on the current line, with how many findings of each.
    let mut seen: Vec<(&'static str, usize)> = Vec::new();
    let mut out = Vec::with_capacity(diagnostics.len());
    let mut digits = [0u8; 20];
    for d in diagnostics {
        let aspect = rules::lookup(d.code)
            .map(|r| r.meta().aspect)
            .unwrap_or(Aspect::Style);
        let start = columns.position(doc, d.span.start);
        let end = columns.position_after(doc, start, d.span.start, d.span.end);
        let line = start.line - 1;
        if current.as_ref().is_none_or(|c| c.0 != line) {
            let span = doc.lines.line_span(text, line);
            let line_text = &text[span.range()];
            current = Some((
                line,
                span,
                sha256_hex(line_text.as_bytes()),
                excerpt(line_text),
            ));
            seen.clear();
        }
        let Some((_, _, line_hash, line_excerpt)) = current.as_ref() else {
            continue;
        };
        let n = match seen.iter_mut().find(|(code, _)| *code == d.code) {
            Some((_, n)) => {
                *n += 1;
                *n - 1
            }
            None => {
                seen.push((d.code, 1));
                0
            }
        };
        // The id: the first 12 hex digits of the sha256 of
        // "{file_hash}:{code}:{line}:{line_hash}", with ":{n}" appended for the n-th repeat
        // of a code on a line (n ≥ 1), hashed piece by piece.
        let mut key = Sha256::new();
        key.update(file_hash.as_bytes());
        key.update(b":");
        key.update(d.code.as_bytes());
        key.update(b":");
        key.update(decimal(start.line, &mut digits));
        key.update(b":");
        key.update(line_hash.as_bytes());
        if n > 0 {
            key.update(b":");
            key.update(decimal(n, &mut digits));
        }
        let id = hex(&key.finalize()[..6]);
        out.push(Finding {
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
            excerpt: line_excerpt.clone(),
            suggestion: d.suggestion,
            fix: d.fix,
        });
    }
    out
}

/// `LineIndex::position` for offsets that mostly move forward: the column is counted on
/// from the last position asked for when it lies earlier on the same line.
#[derive(Default)]
struct ColumnCursor {
    /// (0-based line, byte offset, 1-based column) of the last position.
    last: Option<(usize, usize, usize)>,
}

impl ColumnCursor {
    fn position(&mut self, doc: &Document, offset: usize) -> line_index::Position {
        let line = doc.lines.line_of(offset);
        let column = match self.last {
            Some((l, at, col)) if l == line && at <= offset => {
                col + doc.source[at..offset].chars().count()
            }
            _ => {
                let start = doc.lines.line_span(doc.source, line).start;
                doc.source[start..offset].chars().count() + 1
            }
        };
        self.last = Some((line, offset, column));
        line_index::Position {
            line: line + 1,
            column,
        }
    }

    /// The position of `end`, given the position `start` of `start_offset <= end`.
    fn position_after(
        &self,
        doc: &Document,
        start: line_index::Position,
        start_offset: usize,
        end: usize,
    ) -> line_index::Position {
        let line = doc.lines.line_of(end);
        if line + 1 == start.line {
            line_index::Position {
                line: start.line,
                column: start.column + doc.source[start_offset..end].chars().count(),
            }
        } else {
            doc.lines.position(doc.source, end)
        }
    }
}

/// `n` in decimal, written into `buf`.
fn decimal(mut n: usize, buf: &mut [u8; 20]) -> &[u8] {
    let mut at = buf.len();
    loop {
        at -= 1;
        buf[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    &buf[at..]
}

/// The line without trailing whitespace, cut after 120 characters (with `…`).
fn excerpt(line: &str) -> String {
    const MAX: usize = 120;
    let trimmed = line.trim_end();
    match trimmed.char_indices().nth(MAX) {
        None => trimmed.to_string(),
        Some((cut, _)) => {
            let mut s = String::with_capacity(cut + '…'.len_utf8());
            s.push_str(&trimmed[..cut]);
            s.push('…');
            s
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decimal_writes_numbers() {
        let mut buf = [0u8; 20];
        for n in [0, 7, 10, 99, 12345, usize::MAX] {
            assert_eq!(decimal(n, &mut buf), n.to_string().as_bytes());
        }
    }

    #[test]
    fn excerpt_cuts_after_120_chars() {
        assert_eq!(excerpt("　あい　 \t"), "　あい");
        let long = "あ".repeat(121);
        assert_eq!(excerpt(&long), format!("{}…", "あ".repeat(120)));
        assert_eq!(excerpt(&long[3..]), "あ".repeat(120));
    }

    /// Ids are the first 12 hex digits of sha256("{file}:{code}:{line}:{line hash}[:{n}]").
    #[test]
    fn finding_ids_hash_the_documented_key() {
        let text = "彼は歩いた！走った！飛んだ！\n「そう・・・」\n彼は歩いた！走った！\n";
        let analysis = analyze(text, "t.md", &Settings::default());
        assert!(analysis.findings.len() >= 6);
        let file_hash = sha256_hex(text.as_bytes());
        let lines: Vec<&str> = text.split('\n').collect();
        let mut seen = std::collections::HashMap::<String, usize>::new();
        for f in &analysis.findings {
            let base = format!(
                "{file_hash}:{}:{}:{}",
                f.code,
                f.line,
                sha256_hex(lines[f.line - 1].as_bytes())
            );
            let n = seen.entry(base.clone()).or_insert(0);
            let key = if *n == 0 { base } else { format!("{base}:{n}") };
            *n += 1;
            assert_eq!(f.id, sha256_hex(key.as_bytes())[..12], "{}", f.code);
        }
        assert!(seen.values().any(|&n| n > 1), "no repeated code on a line");
    }
}
