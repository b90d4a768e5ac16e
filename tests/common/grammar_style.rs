//! The grammar and style rules' codes and helpers, shared by `rules_text` (the fixture) and
//! `corpus` (the Aozora works).

use noveler::analysis::{analyze, Settings};

pub const CODES: &[&str] = &[
    "GRAMMAR_PUNCTUATION",
    "TYPO",
    "NOTATION_INCONSISTENCY",
    "ELLIPSIS_STYLE",
    "ELLIPSIS_ODD_COUNT",
    "DASH_STYLE",
    "EXCLAMATION_SPACE",
    "HALFWIDTH_EXCLAMATION",
    "PERIOD_BEFORE_CLOSE",
    "INDENT_MISSING",
    "BRACKETS_MISMATCH",
    "TRAILING_SPACES",
    "TAB_FOUND",
    "DOUBLE_SPACES",
    "EMPTY_LINE_RUNS",
];

pub fn mine(text: &str) -> Vec<noveler::analysis::Finding> {
    analyze(text, "第001話_表記テスト.md", &Settings::default())
        .findings
        .into_iter()
        .filter(|f| CODES.contains(&f.code.as_str()))
        .collect()
}

/// Ruby, emphasis and annotation markup of a text, in order.
pub fn markup(text: &str) -> Vec<String> {
    let re = regex::Regex::new(
        r"［＃[^］\n]*］|《《[^《》\n]+》》|[｜|][^｜|《》\n]+《[^《》\n]+》|《[^《》\n]+》",
    )
    .expect("pattern");
    re.find_iter(text).map(|m| m.as_str().to_string()).collect()
}
