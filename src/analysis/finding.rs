//! Findings: what a rule reports, located in the source text.

use super::fix::{Applicability, Edit, Fix};
use super::Span;
use serde::{Deserialize, Serialize};

/// How much a finding matters. Ordered: `Low < Medium < High < Critical`.
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
pub enum Severity {
    Low,
    Medium,
    High,
    Critical,
}

impl Severity {
    pub const ALL: [Severity; 4] = [
        Severity::Low,
        Severity::Medium,
        Severity::High,
        Severity::Critical,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Low => "low",
            Severity::Medium => "medium",
            Severity::High => "high",
            Severity::Critical => "critical",
        }
    }

    /// Score penalty per finding (SPEC §4).
    pub fn penalty(self) -> f64 {
        match self {
            Severity::Low => 2.0,
            Severity::Medium => 5.0,
            Severity::High => 10.0,
            Severity::Critical => 20.0,
        }
    }

    pub fn parse(text: &str) -> Option<Severity> {
        Severity::ALL.into_iter().find(|s| s.as_str() == text)
    }
}

/// The quality aspect a rule belongs to; each has its own score.
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
pub enum Aspect {
    Rhythm,
    Readability,
    Grammar,
    Style,
    Length,
    Content,
}

impl Aspect {
    pub const ALL: [Aspect; 6] = [
        Aspect::Rhythm,
        Aspect::Readability,
        Aspect::Grammar,
        Aspect::Style,
        Aspect::Length,
        Aspect::Content,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Aspect::Rhythm => "rhythm",
            Aspect::Readability => "readability",
            Aspect::Grammar => "grammar",
            Aspect::Style => "style",
            Aspect::Length => "length",
            Aspect::Content => "content",
        }
    }

    pub fn parse(text: &str) -> Option<Aspect> {
        Aspect::ALL.into_iter().find(|a| a.as_str() == text)
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

    pub fn with_suggestion(mut self, suggestion: impl Into<String>) -> Self {
        self.suggestion = Some(suggestion.into());
        self
    }

    pub fn with_fix(mut self, fix: Fix) -> Self {
        self.fix = Some(fix);
        self
    }

    /// Attaches a fix of the one edit, if there is one. Rules pass the edit their markup
    /// guard allowed (none where it would cut into ruby, emphasis or an annotation): the
    /// finding is reported either way, only the fix is dropped.
    pub fn with_edit_fix(
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
    /// The source line(s) of the finding, trimmed to at most 120 characters.
    pub excerpt: String,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub suggestion: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub fix: Option<Fix>,
}
