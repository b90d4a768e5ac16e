//! Text rendering of `noveler explain` and `noveler rules`.

use crate::commands::explain::RuleInfo;
use std::fmt::Write;

pub(crate) fn explain_text(rule: &RuleInfo) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{} {}（観点: {}、既定の重大度: {}）\n",
        rule.code,
        rule_name(&rule.code),
        rule.aspect.as_str(),
        rule.default_severity.as_str()
    );
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

pub(crate) fn rules_table(rules: &[RuleInfo]) -> String {
    let width = rules.iter().map(|r| r.code.len()).max().unwrap_or(4);
    let mut s = String::new();
    for r in rules {
        let _ = writeln!(
            s,
            "{:width$}  {:11}  {:8}  {}{}",
            r.code,
            r.aspect.as_str(),
            r.default_severity.as_str(),
            first_sentence(&r.what),
            if r.fix.is_some() {
                " [自動修正]"
            } else {
                ""
            },
        );
    }
    s
}

/// `docs/rules.md`: every rule's documentation as one Markdown page, a `## CODE` heading
/// per rule in code order — the page the language server links each diagnostic's code to
/// (`codeDescription.href`). Written by the test that keeps the file in step.
#[cfg(test)]
pub(crate) fn rules_markdown(rules: &[RuleInfo]) -> String {
    let mut s = String::from(
        "<!-- Generated from the rule registry (src/analysis/rules); do not edit by hand.\n     \
         Regenerate: NOVELER_UPDATE_DOCS=1 cargo test --lib output::rules -->\n\n\
         # noveler の規則\n\n\
         `noveler check` と言語サーバー（`noveler lsp`）が使う規則の一覧です。\
         同じ内容は `noveler explain CODE` でも表示されます。\n",
    );
    for r in rules {
        let _ = write!(
            s,
            "\n## {}\n\n{}（観点: {}、既定の重大度: {}",
            r.code,
            rule_name(&r.code),
            r.aspect.as_str(),
            r.default_severity.as_str()
        );
        if let Some(fix) = r.fix {
            let _ = write!(s, "、自動修正: {}", fix.as_str());
        }
        s.push_str("）\n\n");
        for (head, body) in [
            ("何を", r.what.as_str()),
            ("なぜ", r.why.as_str()),
            ("例", &super::check::escape_controls(&r.example)),
            ("修正例", &super::check::escape_controls(&r.fixed)),
        ] {
            let _ = writeln!(s, "- **{head}**　{}", body.replace('\n', " "));
        }
    }
    s
}

/// A readable name of a rule code for SARIF `name` and `explain`: `LONG_SENTENCE` →
/// `LongSentence`, a one-word code `TYPO` → `TypoRule` (SARIF1001 wants `name` to differ
/// from the opaque `id` even ignoring case).
pub(crate) fn rule_name(code: &str) -> String {
    let name: String = code
        .split('_')
        .filter(|w| !w.is_empty())
        .map(|w| {
            let lower = w.to_ascii_lowercase();
            let mut c = lower.chars();
            match c.next() {
                Some(first) => first.to_ascii_uppercase().to_string() + c.as_str(),
                None => String::new(),
            }
        })
        .collect();
    if name.eq_ignore_ascii_case(code) {
        name + "Rule"
    } else {
        name
    }
}

/// The first sentence of a rule's 何を (up to the first 。 outside brackets): the one-line
/// Japanese description `rules` and SARIF `shortDescription` show.
pub(crate) fn first_sentence(text: &str) -> &str {
    let mut depth = 0i32;
    for (i, c) in text.char_indices() {
        match c {
            '（' | '「' | '『' | '(' => depth += 1,
            '）' | '」' | '』' | ')' => depth -= 1,
            '。' if depth <= 0 => return &text[..i + c.len_utf8()],
            _ => {}
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_camel_case_and_distinct_from_codes() {
        assert_eq!(rule_name("LONG_SENTENCE"), "LongSentence");
        assert_eq!(rule_name("TYPO"), "TypoRule");
        for r in crate::analysis::rules::registry() {
            let code = r.meta().code;
            assert!(!rule_name(code).eq_ignore_ascii_case(code), "{code}");
            let short = first_sentence(r.meta().doc.what);
            assert!(
                short.ends_with('。') || short == r.meta().doc.what,
                "{code}: {short}"
            );
            assert!(!short.is_empty(), "{code}");
        }
    }

    /// docs/rules.md is the registry's documentation as `rules_markdown` renders it (the
    /// language server links to it); `NOVELER_UPDATE_DOCS=1` writes it.
    #[test]
    fn the_rules_page_is_up_to_date() {
        let rules: Vec<RuleInfo> = crate::analysis::rules::registry()
            .iter()
            .map(|r| r.meta().into())
            .collect();
        let want = rules_markdown(&rules);
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/rules.md");
        if std::env::var_os("NOVELER_UPDATE_DOCS").is_some() {
            std::fs::write(&path, &want).unwrap();
        }
        let got = std::fs::read_to_string(&path).unwrap_or_default();
        assert!(
            got == want,
            "docs/rules.md is out of date: NOVELER_UPDATE_DOCS=1 cargo test --lib output::rules"
        );
        for r in &rules {
            assert_eq!(
                got.matches(&format!("\n## {}\n", r.code)).count(),
                1,
                "{}",
                r.code
            );
        }
    }

    #[test]
    fn first_sentence_skips_periods_in_brackets() {
        assert_eq!(
            first_sentence("「あ。」を見ます。次の文。"),
            "「あ。」を見ます。"
        );
        assert_eq!(first_sentence("句点なし"), "句点なし");
    }
}
