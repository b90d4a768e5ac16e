//! Text rendering of `noveler explain` and `noveler rules`.

use crate::commands::explain::RuleInfo;
use std::fmt::Write;

pub fn explain_text(rule: &RuleInfo) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{} ({}, default severity: {})",
        rule.code,
        rule.aspect.as_str(),
        rule.default_severity.as_str()
    );
    let _ = writeln!(s, "{}\n", rule.summary);
    let _ = writeln!(s, "何を: {}", rule.what);
    let _ = writeln!(s, "なぜ: {}", rule.why);
    // An example may hold the very control character it is about: shown escaped.
    let _ = writeln!(s, "例: {}", super::check::escape_controls(&rule.example));
    let _ = writeln!(s, "修正例: {}", super::check::escape_controls(&rule.fixed));
    if let Some(fix) = rule.fix {
        let _ = writeln!(s, "自動修正: あり（{}）", fix.as_str());
    }
    s
}

pub fn rules_table(rules: &[RuleInfo]) -> String {
    let width = rules.iter().map(|r| r.code.len()).max().unwrap_or(4);
    let mut s = String::new();
    for r in rules {
        let _ = writeln!(
            s,
            "{:width$}  {:11}  {:8}  {}{}",
            r.code,
            r.aspect.as_str(),
            r.default_severity.as_str(),
            r.summary,
            if r.fix.is_some() { " [fix]" } else { "" },
        );
    }
    s
}
