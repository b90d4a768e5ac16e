//! A convention used consistently through a file is the author's choice, not a mistake on
//! every line (issue 13): when a rule's findings cover more than `SHARE` of the places where
//! the convention shows (at least `MIN_COUNT` of them), they are reported once, at the first,
//! with the count; the one finding's fix holds the edits, at most `MAX_EDITS_PER_FIX` of
//! them (issue 28: one edit per line of a 400 KB file was 30 MB of JSON).

use crate::analysis::finding::MAX_DIAGNOSTICS_PER_RULE;
use crate::analysis::Diagnostics;
use crate::analysis::{Diagnostic, Fix, Severity};

/// Share of the places above which a habit is consistent.
pub(super) const SHARE: f64 = 0.8;
/// Fewer findings than this are always reported one by one.
pub(super) const MIN_COUNT: usize = 5;
/// Most edits one fix holds. A fix past it applies the first ones; applying it and
/// checking again finds the rest (`polish --until` goes on by itself).
pub const MAX_EDITS_PER_FIX: usize = 1_000;

/// The per-place findings of one rule, in text order: at most `MAX_DIAGNOSTICS_PER_RULE`
/// kept, the rest only counted (16 MiB of one-letter lines was a finding per line, held
/// whole before the rule decided to report one).
#[derive(Default)]
pub(super) struct Found {
    kept: Vec<Diagnostic>,
    /// Diagnostics past the kept ones, per severity.
    unkept: Vec<(Severity, usize)>,
    /// How many of those had a fix.
    unkept_fixable: usize,
}

impl Found {
    pub(super) fn push(&mut self, d: Diagnostic) {
        if self.kept.len() < MAX_DIAGNOSTICS_PER_RULE {
            self.kept.push(d);
            return;
        }
        self.unkept_fixable += usize::from(d.fix.is_some());
        match self.unkept.iter_mut().find(|(s, _)| *s == d.severity) {
            Some((_, n)) => *n += 1,
            None => self.unkept.push((d.severity, 1)),
        }
    }

    /// How many were pushed.
    pub(super) fn len(&self) -> usize {
        self.kept.len() + self.unkept.iter().map(|(_, n)| n).sum::<usize>()
    }
}

/// Pushes `found` (the per-place findings of one rule, in text order) to `out`, or one
/// finding with `summary(count, places)` as its message when they are consistent.
pub(super) fn report(
    found: Found,
    places: usize,
    summary: impl FnOnce(usize, usize) -> String,
    out: &mut Diagnostics,
) {
    let n = found.len();
    let Found {
        kept,
        unkept,
        unkept_fixable,
    } = found;
    if n < MIN_COUNT || (n as f64) <= SHARE * places as f64 {
        let code = kept.first().map(|d| d.code);
        out.extend(kept);
        if let Some(code) = code {
            for (severity, count) in unkept {
                out.count_unkept(code, severity, count);
            }
        }
        return;
    }
    let Some(first) = kept.first() else {
        return;
    };
    let mut one = Diagnostic::new(first.code, first.severity, first.span, summary(n, places));
    one.suggestion = first.suggestion.clone();
    let fixable = kept.iter().filter(|d| d.fix.is_some()).count() + unkept_fixable;
    let edits: Vec<_> = kept
        .iter()
        .filter_map(|d| d.fix.as_ref())
        .flat_map(|f| f.edits.iter().cloned())
        .take(MAX_EDITS_PER_FIX)
        .collect();
    if let Some(fix) = kept.iter().find_map(|d| d.fix.as_ref()) {
        if !edits.is_empty() {
            let description = if edits.len() < fixable {
                format!(
                    "{}（全{fixable}箇所のうち先頭{}箇所。直したあとでもう一度確認すると残りが出ます）",
                    fix.description,
                    edits.len()
                )
            } else {
                format!("{}（全{}箇所）", fix.description, edits.len())
            };
            one = one.with_fix(Fix::new(fix.applicability, description, edits));
        }
    }
    out.push(one);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::{Applicability, Edit, Severity, Span};

    fn found(ds: impl IntoIterator<Item = Diagnostic>) -> Found {
        let mut f = Found::default();
        for d in ds {
            f.push(d);
        }
        f
    }

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
            found((0..9).map(d)),
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
    fn one_fix_holds_at_most_max_edits_and_says_how_many_are_left() {
        let n = MAX_DIAGNOSTICS_PER_RULE + 50;
        let mut out = Diagnostics::new();
        report(found((0..n).map(d)), n, |n, m| format!("{n}/{m}"), &mut out);
        assert_eq!(out.len(), 1);
        let fix = out[0].fix.as_ref().unwrap();
        assert_eq!(fix.edits.len(), MAX_EDITS_PER_FIX);
        assert!(
            fix.description
                .contains(&format!("全{n}箇所のうち先頭{MAX_EDITS_PER_FIX}箇所")),
            "{}",
            fix.description
        );
        assert_eq!(out[0].message, format!("{n}/{n}"));
        // Not consistent: the kept ones listed, the rest counted, never held.
        let mut out = Diagnostics::new();
        report(found((0..n).map(d)), 2 * n, |_, _| String::new(), &mut out);
        let (listed, overflow) = out.into_parts();
        assert_eq!(listed.len(), MAX_DIAGNOSTICS_PER_RULE);
        assert_eq!(overflow[0].count, 50);
    }

    #[test]
    fn mixed_or_few_findings_stay_one_by_one() {
        let mut out = Diagnostics::new();
        report(found((0..8).map(d)), 10, |_, _| String::new(), &mut out);
        assert_eq!(out.len(), 8);
        let mut out = Diagnostics::new();
        report(found((0..4).map(d)), 4, |_, _| String::new(), &mut out);
        assert_eq!(out.len(), 4);
    }
}
