//! Hover on a finding: its message, then the rule's documentation (何を / なぜ / 例 /
//! 修正例), the same text `noveler explain CODE` prints.

use super::worker::Analysed;
use lsp_types::{Hover, HoverContents, MarkupContent, MarkupKind, Position, Range};

/// The hover at `pos`: every finding whose range holds it.
pub(crate) fn at(a: &Analysed, pos: Position) -> Option<Hover> {
    let file = a.file.as_ref()?;
    let holds = |r: &Range| {
        let p = (pos.line, pos.character);
        (r.start.line, r.start.character) <= p && p <= (r.end.line, r.end.character)
    };
    let mut parts = Vec::new();
    let mut range = None;
    for (f, r) in file.findings.iter().zip(&a.ranges) {
        if !holds(r) {
            continue;
        }
        range.get_or_insert(*r);
        parts.push(explained(f));
    }
    if parts.is_empty() {
        return None;
    }
    Some(Hover {
        contents: HoverContents::Markup(MarkupContent {
            kind: MarkupKind::Markdown,
            value: parts.join("\n\n---\n\n"),
        }),
        range,
    })
}

/// One finding in Markdown: code, severity, message, suggestion, the rule's doc.
fn explained(f: &crate::analysis::Finding) -> String {
    let mut out = format!(
        "**{}**（{}・{}）\n\n{}",
        f.code,
        f.severity.as_str(),
        f.aspect.as_str(),
        f.message
    );
    if let Some(s) = f.suggestion.as_deref().filter(|s| !s.is_empty()) {
        out.push_str(&format!("\n\n→ {s}"));
    }
    // The registry `noveler explain` reads too.
    let code = f.code.trim().to_ascii_uppercase();
    if let Some(doc) = crate::analysis::rules::lookup(&code).map(|r| r.meta().doc) {
        for (head, body) in [
            ("何を", doc.what),
            ("なぜ", doc.why),
            ("例", doc.example),
            ("修正例", doc.fixed),
        ] {
            out.push_str(&format!("\n\n**{head}**　{body}"));
        }
    }
    out.push_str(&format!("\n\n`noveler explain {}`", f.code));
    out
}
