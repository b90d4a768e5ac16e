//! Fixes are data: a set of byte-range edits with an applicability level. One `apply`
//! serves `polish` and `check_fix`.

use super::Span;
use serde::{Deserialize, Serialize};

/// How safe a fix is to apply unattended (the seeds' fix levels).
/// Ordered: `Safe < Standard < Aggressive`; a level allows every fix at or below it.
#[derive(
    Clone,
    Copy,
    Debug,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum Applicability {
    /// Mechanical, meaning-preserving (…/―― normalisation, whitespace hygiene).
    Safe,
    /// Conventional style changes an author usually wants (indent, 。」).
    Standard,
    /// Changes that may alter nuance; review the diff.
    Aggressive,
}

impl Applicability {
    pub fn as_str(self) -> &'static str {
        match self {
            Applicability::Safe => "safe",
            Applicability::Standard => "standard",
            Applicability::Aggressive => "aggressive",
        }
    }

    pub fn parse(text: &str) -> Option<Applicability> {
        [
            Applicability::Safe,
            Applicability::Standard,
            Applicability::Aggressive,
        ]
        .into_iter()
        .find(|a| a.as_str() == text)
    }
}

/// Replace `byte_start..byte_end` of the normalised text with `replacement`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Edit {
    pub byte_start: usize,
    pub byte_end: usize,
    pub replacement: String,
}

impl Edit {
    pub fn replace(span: Span, replacement: impl Into<String>) -> Edit {
        Edit {
            byte_start: span.start,
            byte_end: span.end,
            replacement: replacement.into(),
        }
    }

    pub fn insert(at: usize, text: impl Into<String>) -> Edit {
        Edit::replace(Span::new(at, at), text)
    }

    pub fn delete(span: Span) -> Edit {
        Edit::replace(span, "")
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Fix {
    pub applicability: Applicability,
    /// Japanese, e.g. 「...」を「……」に置き換える.
    pub description: String,
    pub edits: Vec<Edit>,
}

impl Fix {
    pub fn new(
        applicability: Applicability,
        description: impl Into<String>,
        edits: Vec<Edit>,
    ) -> Fix {
        Fix {
            applicability,
            description: description.into(),
            edits,
        }
    }

    fn span(&self) -> Span {
        let start = self.edits.iter().map(|e| e.byte_start).min().unwrap_or(0);
        let end = self.edits.iter().map(|e| e.byte_end).max().unwrap_or(0);
        Span::new(start, end)
    }
}

/// Result of applying a set of fixes once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Applied {
    pub text: String,
    /// Indices (into the input slice) of the fixes applied, in text order.
    pub applied: Vec<usize>,
    /// Indices skipped because they overlapped an earlier fix or were out of bounds.
    pub skipped: Vec<usize>,
}

/// Applies non-overlapping fixes in text order; a fix whose edits overlap one already taken
/// (or that is out of bounds / off a char boundary) is skipped whole, to be retried by the
/// caller on the re-analysed text. Bytes outside the edit ranges never change.
pub fn apply(text: &str, fixes: &[&Fix]) -> Applied {
    let mut order: Vec<usize> = (0..fixes.len()).collect();
    order.sort_by_key(|&i| (fixes[i].span(), i));
    let mut taken: Vec<usize> = Vec::new();
    let mut skipped = Vec::new();
    let mut last_end = 0usize;
    let mut first = true;
    for i in order {
        let fix = fixes[i];
        let mut edits: Vec<&Edit> = fix.edits.iter().collect();
        edits.sort_by_key(|e| (e.byte_start, e.byte_end));
        let valid = !edits.is_empty()
            && edits.iter().all(|e| {
                e.byte_start <= e.byte_end
                    && e.byte_end <= text.len()
                    && text.is_char_boundary(e.byte_start)
                    && text.is_char_boundary(e.byte_end)
            })
            && edits.windows(2).all(|w| w[0].byte_end <= w[1].byte_start);
        let span = fix.span();
        if !valid || (!first && span.start < last_end) {
            skipped.push(i);
            continue;
        }
        first = false;
        last_end = span.end.max(last_end);
        taken.push(i);
    }
    let mut all_edits: Vec<&Edit> = taken.iter().flat_map(|&i| fixes[i].edits.iter()).collect();
    all_edits.sort_by_key(|e| (e.byte_start, e.byte_end));
    let mut out = String::with_capacity(text.len());
    let mut cursor = 0;
    for edit in all_edits {
        out.push_str(&text[cursor..edit.byte_start]);
        out.push_str(&edit.replacement);
        cursor = edit.byte_end;
    }
    out.push_str(&text[cursor..]);
    Applied {
        text: out,
        applied: taken,
        skipped,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fix(start: usize, end: usize, with: &str) -> Fix {
        Fix::new(
            Applicability::Safe,
            "t",
            vec![Edit::replace(Span::new(start, end), with)],
        )
    }

    #[test]
    fn applies_in_order_and_skips_overlaps() {
        let text = "abcdef";
        let a = fix(0, 2, "X");
        let b = fix(1, 3, "Y");
        let c = fix(4, 4, "Z");
        let out = apply(text, &[&c, &a, &b]);
        assert_eq!(out.text, "Xcd".to_string() + "Zef");
        assert_eq!(out.applied, vec![1, 0]);
        assert_eq!(out.skipped, vec![2]);
    }

    #[test]
    fn rejects_edits_off_char_boundaries() {
        let text = "あい";
        let bad = fix(1, 2, "x");
        let out = apply(text, &[&bad]);
        assert_eq!(out.text, text);
        assert_eq!(out.skipped, vec![0]);
    }
}
