//! A convention used consistently through a file is the author's choice, not a mistake on
//! every line (issue 13): when a rule's findings cover more than `SHARE` of the places where
//! the convention shows (at least `MIN_COUNT` of them), they are reported once, at the first,
//! with the count; the one finding's fix holds every edit.

use crate::analysis::Diagnostics;
use crate::analysis::{Diagnostic, Fix};

/// Share of the places above which a habit is consistent.
pub(super) const SHARE: f64 = 0.8;
/// Fewer findings than this are always reported one by one.
pub(super) const MIN_COUNT: usize = 5;

/// Pushes `found` (the per-place findings of one rule, in text order) to `out`, or one
/// finding with `summary(count, places)` as its message when they are consistent.
pub(super) fn report(
    found: Vec<Diagnostic>,
    places: usize,
    summary: impl FnOnce(usize, usize) -> String,
    out: &mut Diagnostics,
) {
    let n = found.len();
    if n < MIN_COUNT || (n as f64) <= SHARE * places as f64 {
        out.extend(found);
        return;
    }
    let Some(first) = found.first() else {
        return;
    };
    let mut one = Diagnostic::new(first.code, first.severity, first.span, summary(n, places));
    one.suggestion = first.suggestion.clone();
    let edits: Vec<_> = found
        .iter()
        .filter_map(|d| d.fix.as_ref())
        .flat_map(|f| f.edits.iter().cloned())
        .collect();
    if let Some(fix) = found.iter().find_map(|d| d.fix.as_ref()) {
        if !edits.is_empty() {
            one = one.with_fix(Fix::new(
                fix.applicability,
                format!("{}（全{}箇所）", fix.description, edits.len()),
                edits,
            ));
        }
    }
    out.push(one);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::{Applicability, Edit, Severity, Span};

    fn d(at: usize) -> Diagnostic {
        Diagnostic::new("X", Severity::Low, Span::new(at, at + 1), "x").with_fix(Fix::new(
            Applicability::Safe,
            "直す",
            vec![Edit::delete(Span::new(at, at + 1))],
        ))
    }

    #[test]
    fn consistent_findings_become_one() {
        let mut out = Diagnostics::new();
        report(
            (0..9).map(d).collect(),
            10,
            |n, m| format!("{n}/{m}"),
            &mut out,
        );
        assert_eq!(out.len(), 1);
        assert_eq!(out[0].message, "9/10");
        assert_eq!(out[0].span, Span::new(0, 1));
        assert_eq!(out[0].fix.as_ref().unwrap().edits.len(), 9);
    }

    #[test]
    fn mixed_or_few_findings_stay_one_by_one() {
        let mut out = Diagnostics::new();
        report((0..8).map(d).collect(), 10, |_, _| String::new(), &mut out);
        assert_eq!(out.len(), 8);
        let mut out = Diagnostics::new();
        report((0..4).map(d).collect(), 4, |_, _| String::new(), &mut out);
        assert_eq!(out.len(), 4);
    }
}
