//! Findings: what a rule reports, located in the source text.

use super::fix::{Applicability, Edit, Fix};
use super::Span;
use serde::{Deserialize, Serialize};

/// A closed set of keywords (severity, aspect, fix level): the enum, serialised as its
/// keyword, with `ALL` in declaration order, `as_str` and `parse`. One definition, so that
/// JSON, the schema, the CLI and the config all read and write the same names.
macro_rules! keywords {
    (
        $(#[$meta:meta])*
        pub enum $name:ident {
            $( $(#[$variant_meta:meta])* $variant:ident => $text:literal, )+
        }
    ) => {
        $(#[$meta])*
        #[derive(
            Clone,
            Copy,
            Debug,
            PartialEq,
            Eq,
            Hash,
            PartialOrd,
            Ord,
            ::serde::Serialize,
            ::serde::Deserialize,
            schemars::JsonSchema,
        )]
        pub enum $name {
            $( $(#[$variant_meta])* #[serde(rename = $text)] $variant, )+
        }

        impl $name {
            pub const ALL: [$name; [$($text),+].len()] = [$($name::$variant),+];

            pub fn as_str(self) -> &'static str {
                match self {
                    $( $name::$variant => $text, )+
                }
            }

            pub fn parse(text: &str) -> Option<$name> {
                $name::ALL.into_iter().find(|k| k.as_str() == text)
            }
        }
    };
}
pub(crate) use keywords;

/// Every severity name (`low` … `critical`) at 0: the start of a tally whose JSON lists all
/// four (check summary, status, complete).
pub fn severity_tally() -> std::collections::BTreeMap<String, usize> {
    Severity::ALL
        .iter()
        .map(|s| (s.as_str().to_string(), 0))
        .collect()
}

/// Adds `n` findings of `severity` to a tally keyed by severity name: the one counter.
pub fn tally_severity(
    tally: &mut std::collections::BTreeMap<String, usize>,
    severity: Severity,
    n: usize,
) {
    *tally.entry(severity.as_str().to_string()).or_insert(0) += n;
}

keywords! {
    /// How much a finding matters. Ordered: `Low < Medium < High < Critical`.
    pub enum Severity {
        Low => "low",
        Medium => "medium",
        High => "high",
        Critical => "critical",
    }
}

keywords! {
    /// The quality aspect a rule belongs to; each has its own score.
    pub enum Aspect {
        Rhythm => "rhythm",
        Readability => "readability",
        Grammar => "grammar",
        Style => "style",
        Length => "length",
        Content => "content",
    }
}

/// What a rule emits: location as a span, no line numbers yet.
#[derive(Clone, Debug, PartialEq)]
pub struct Diagnostic {
    pub code: &'static str,
    pub severity: Severity,
    /// Japanese, for the author.
    pub message: String,
    pub span: Span,
    pub suggestion: Option<String>,
    pub fix: Option<Fix>,
}

impl Diagnostic {
    pub fn new(
        code: &'static str,
        severity: Severity,
        span: Span,
        message: impl Into<String>,
    ) -> Self {
        Diagnostic {
            code,
            severity,
            message: message.into(),
            span,
            suggestion: None,
            fix: None,
        }
    }

    pub(crate) fn with_suggestion(mut self, suggestion: impl Into<String>) -> Self {
        self.suggestion = Some(suggestion.into());
        self
    }

    pub(crate) fn with_fix(mut self, fix: Fix) -> Self {
        self.fix = Some(fix);
        self
    }

    /// Attaches a fix of the one edit, if there is one. Rules pass the edit their markup
    /// guard allowed (none where it would cut into ruby, emphasis or an annotation): the
    /// finding is reported either way, only the fix is dropped.
    pub(crate) fn with_edit_fix(
        self,
        applicability: Applicability,
        description: impl Into<String>,
        edit: Option<Edit>,
    ) -> Self {
        match edit {
            Some(edit) => self.with_fix(Fix::new(applicability, description, vec![edit])),
            None => self,
        }
    }
}

/// Most diagnostics one rule keeps for one file. A pathological file (3 MB of `（`) makes a
/// rule report once per character; past this many, diagnostics are only counted
/// (`Overflow`), so memory stays bounded whatever the input. Far above the listed cap
/// (`max_findings_per_rule`, 200 by default) and the score's per-rule saturation, so no
/// real manuscript reaches it.
pub const MAX_DIAGNOSTICS_PER_RULE: usize = 10_000;

/// Where rules put their diagnostics: a list that keeps at most `MAX_DIAGNOSTICS_PER_RULE`
/// per code, plus any later one more severe than all kept so far (so each code's highest
/// severity is always kept and the gate sees it), and counts the rest. Reads as the list
/// (`Deref`); only `push` and `extend` are its own.
#[derive(Debug, Default)]
pub struct Diagnostics {
    list: Vec<Diagnostic>,
    /// Per code: kept so far and the highest severity kept.
    kept: Vec<(&'static str, usize, Severity)>,
    overflow: Vec<Overflow>,
}

/// Diagnostics of one code and severity counted but not kept (see `Diagnostics`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Overflow {
    pub code: String,
    pub severity: Severity,
    pub count: usize,
}

impl Diagnostics {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn push(&mut self, d: Diagnostic) {
        let at = match self.kept.iter().position(|k| k.0 == d.code) {
            Some(at) => at,
            None => {
                self.kept.push((d.code, 0, d.severity));
                self.kept.len() - 1
            }
        };
        let slot = &mut self.kept[at];
        if slot.1 < MAX_DIAGNOSTICS_PER_RULE || d.severity > slot.2 {
            slot.1 += 1;
            slot.2 = slot.2.max(d.severity);
            self.list.push(d);
            return;
        }
        self.count_overflow(d.code, d.severity, 1);
    }

    /// Adds `count` diagnostics of `code` at `severity` that a rule counted without
    /// keeping them.
    pub(crate) fn count_unkept(&mut self, code: &str, severity: Severity, count: usize) {
        self.count_overflow(code, severity, count);
    }

    /// Adds `count` unkept diagnostics of `code` at `severity`.
    fn count_overflow(&mut self, code: &str, severity: Severity, count: usize) {
        match self
            .overflow
            .iter_mut()
            .find(|o| o.code == code && o.severity == severity)
        {
            Some(o) => o.count += count,
            None => self.overflow.push(Overflow {
                code: code.to_string(),
                severity,
                count,
            }),
        }
    }

    pub fn extend(&mut self, ds: impl IntoIterator<Item = Diagnostic>) {
        for d in ds {
            self.push(d);
        }
    }

    /// `other`'s diagnostics pushed after these, its counts added to these.
    pub fn append(&mut self, other: Diagnostics) {
        self.extend(other.list);
        for o in other.overflow {
            self.count_overflow(&o.code, o.severity, o.count);
        }
    }

    /// The kept diagnostics and the counts of the others.
    pub fn into_parts(self) -> (Vec<Diagnostic>, Vec<Overflow>) {
        (self.list, self.overflow)
    }
}

impl std::ops::Deref for Diagnostics {
    type Target = Vec<Diagnostic>;
    fn deref(&self) -> &Vec<Diagnostic> {
        &self.list
    }
}

impl std::ops::DerefMut for Diagnostics {
    fn deref_mut(&mut self) -> &mut Vec<Diagnostic> {
        &mut self.list
    }
}

/// A located finding as reported in JSON (SPEC §4). Lines and columns are 1-based;
/// columns count characters.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Finding {
    /// First 12 hex of sha256(`file_hash:code:line:line_hash`): stable while the line is.
    pub id: String,
    pub code: String,
    pub aspect: Aspect,
    pub severity: Severity,
    pub message: String,
    pub file: String,
    pub line: usize,
    pub column: usize,
    pub end_line: usize,
    pub end_column: usize,
    pub byte_start: usize,
    pub byte_end: usize,
    /// A window of at most 120 characters of the finding's line centred on the flagged text
    /// (`byte_start..byte_end`): the whole flagged text with context on both sides, or its
    /// start when it is longer than the window or runs past the line; `…` marks a cut side.
    pub excerpt: String,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub suggestion: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub fix: Option<Fix>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn diagnostics_keep_a_bounded_number_per_code_and_count_the_rest() {
        let d = |code, severity, at| Diagnostic::new(code, severity, Span::new(at, at + 1), "x");
        let mut sink = Diagnostics::new();
        let n = MAX_DIAGNOSTICS_PER_RULE + 5;
        for i in 0..n {
            sink.push(d("A", Severity::Low, i));
        }
        // A more severe one past the bound is kept (the gate must see it); a repeat is not.
        sink.push(d("A", Severity::High, n));
        sink.push(d("A", Severity::High, n + 1));
        sink.extend([d("B", Severity::Medium, 0)]);
        assert_eq!(sink.len(), MAX_DIAGNOSTICS_PER_RULE + 2);
        let (kept, overflow) = sink.into_parts();
        assert_eq!(kept.last().map(|d| d.code), Some("B"));
        assert!(kept.iter().any(|d| d.severity == Severity::High));
        assert_eq!(
            overflow,
            vec![
                Overflow {
                    code: "A".into(),
                    severity: Severity::Low,
                    count: 5
                },
                Overflow {
                    code: "A".into(),
                    severity: Severity::High,
                    count: 1
                },
            ]
        );
    }

    /// Every keyword serialises as its `as_str` name and parses back from it.
    fn assert_round_trip<K: Serialize + Copy + PartialEq + std::fmt::Debug>(
        all: &[K],
        as_str: fn(K) -> &'static str,
        parse: fn(&str) -> Option<K>,
    ) {
        for &k in all {
            assert_eq!(serde_json::json!(k), serde_json::json!(as_str(k)));
            assert_eq!(parse(as_str(k)), Some(k));
        }
    }

    #[test]
    fn keywords_serialise_as_their_names_and_parse_back() {
        assert_round_trip(&Severity::ALL, Severity::as_str, Severity::parse);
        assert_round_trip(&Aspect::ALL, Aspect::as_str, Aspect::parse);
        assert_round_trip(
            &Applicability::ALL,
            Applicability::as_str,
            Applicability::parse,
        );
        assert_eq!(
            Severity::ALL.map(Severity::as_str),
            ["low", "medium", "high", "critical"]
        );
        assert_eq!(
            Applicability::ALL,
            [
                Applicability::Safe,
                Applicability::Standard,
                Applicability::Aggressive
            ]
        );
        assert_eq!(Severity::parse("Low"), None);
        assert!(Severity::Low < Severity::Critical);
        assert!(Applicability::Safe < Applicability::Aggressive);
    }
}
