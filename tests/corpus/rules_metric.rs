//! The metric rules (rhythm, readability, length, content) on real prose: the Aozora corpus
//! in `../shared/corpus/aozora/` (read in place; the `corpus` target reports it as ignored when absent).
//! Checks that no rule panics, every span is valid, and findings agree with the metrics.

use noveler::analysis::metrics::{self, Metrics};
use noveler::analysis::rules::{registry, Rule, RuleContext};
use noveler::analysis::segment::{char_class, CharClass};
use noveler::analysis::{Diagnostic, Document, Settings, Severity};
use std::collections::BTreeMap;

use crate::common::aozora_texts as corpus;

const CODES: &[&str] = &[
    "CONSECUTIVE_LONG_SENTENCES",
    "CONSECUTIVE_SHORT_SENTENCES",
    "DIALOGUE_RATIO_OUT_OF_RANGE",
    "ENDING_REPETITION",
    "COMMA_AVG_OUT_OF_RANGE",
    "COMMA_OVERUSE",
    "WINDOW_OUT_OF_RANGE",
    "LONG_SENTENCE",
    "HIGH_AVG_SENTENCE_LENGTH",
    "KANJI_RATIO_OUT_OF_RANGE",
    "KANJI_RUN",
    "LENGTH_OUT_OF_RANGE",
    "FORBIDDEN_EXPRESSION",
];

fn rules() -> Vec<&'static dyn Rule> {
    let rules: Vec<&'static dyn Rule> = registry()
        .iter()
        .copied()
        .filter(|r| CODES.contains(&r.meta().code))
        .collect();
    assert_eq!(rules.len(), CODES.len(), "every metric rule is registered");
    rules
}

fn check_all(doc: &Document, settings: &Settings, metrics: &Metrics) -> Vec<Diagnostic> {
    // No dictionary: ENDING_REPETITION compares characters, as these metric tests expect.
    let words = noveler::analysis::morph::Words::new(doc, None);
    let cx = RuleContext {
        doc,
        settings,
        metrics,
        words: &words,
    };
    let mut out = noveler::analysis::Diagnostics::new();
    for rule in rules() {
        rule.check(&cx, &mut out);
    }
    out.into_parts().0
}

/// Source text with ruby readings, `｜` and `［＃…］` annotations removed.
fn displayed(source: &str) -> String {
    let mut out = String::new();
    let mut skip_until: Option<char> = None;
    let mut chars = source.chars().peekable();
    while let Some(c) = chars.next() {
        if let Some(end) = skip_until {
            if c == end {
                skip_until = None;
            }
            continue;
        }
        match c {
            '《' => skip_until = Some('》'),
            '［' if chars.peek() == Some(&'＃') => skip_until = Some('］'),
            '｜' => {}
            _ => out.push(c),
        }
    }
    out
}

pub fn metric_rules_on_the_aozora_corpus() {
    let settings = Settings {
        forbidden_expressions: vec!["下人".into(), "ござる".into(), "吾輩".into()],
        ..Settings::default()
    };
    let mut totals: BTreeMap<&str, usize> = BTreeMap::new();
    for (name, text) in corpus() {
        let doc = Document::parse(&text);
        let m = metrics::compute(&doc, &settings);
        let out = check_all(&doc, &settings, &m);
        let mut by_code: BTreeMap<&str, Vec<&Diagnostic>> = BTreeMap::new();
        for d in &out {
            assert!(
                d.span.start <= d.span.end && d.span.end <= text.len(),
                "{name}: {d:?}"
            );
            assert!(
                text.is_char_boundary(d.span.start) && text.is_char_boundary(d.span.end),
                "{name}: {d:?}"
            );
            by_code.entry(d.code).or_default().push(d);
            *totals.entry(d.code).or_default() += 1;
        }
        let count = |code: &str| by_code.get(code).map_or(0, Vec::len);
        let t = &settings.thresholds;

        // Runs agree with the run counts of the rhythm metrics.
        assert_eq!(
            count("CONSECUTIVE_LONG_SENTENCES"),
            m.rhythm.long_run_violations,
            "{name}"
        );
        assert_eq!(
            count("CONSECUTIVE_SHORT_SENTENCES"),
            m.rhythm.short_run_violations,
            "{name}"
        );
        assert_eq!(
            count("ENDING_REPETITION") > 0,
            m.endings.max_same_ending_run >= t.ending_run,
            "{name}"
        );
        assert_eq!(
            count("WINDOW_OUT_OF_RANGE") > 0,
            m.rhythm.window_in_range_ratio < t.window_min_in_range_ratio,
            "{name}"
        );
        // One LONG_SENTENCE per sentence over the limit, spanning it.
        let long: Vec<_> = doc
            .sentences
            .iter()
            .filter(|s| s.length > t.long_sentence_low)
            .collect();
        assert_eq!(count("LONG_SENTENCE"), long.len(), "{name}");
        for (d, s) in by_code
            .get("LONG_SENTENCE")
            .into_iter()
            .flatten()
            .zip(&long)
        {
            assert_eq!(d.span, s.span);
            let want = if s.length > t.long_sentence_medium {
                Severity::Medium
            } else {
                Severity::Low
            };
            assert_eq!(d.severity, want);
        }
        // Kanji runs: the span shows only kanji once readings are dropped, more than the max.
        for d in by_code.get("KANJI_RUN").into_iter().flatten() {
            let shown = displayed(&text[d.span.range()]);
            assert!(
                shown.chars().all(|c| char_class(c) == CharClass::Kanji),
                "{name}: {shown}"
            );
            assert!(shown.chars().count() > t.kanji_run_max, "{name}: {shown}");
        }
        // Forbidden expressions: every occurrence in displayed body text, spans map back.
        for d in by_code.get("FORBIDDEN_EXPRESSION").into_iter().flatten() {
            let shown = displayed(&text[d.span.range()]);
            assert!(
                settings.forbidden_expressions.contains(&shown),
                "{name}: {shown}"
            );
        }
        let expected_forbidden: usize = settings
            .forbidden_expressions
            .iter()
            .map(|p| doc.display.matches(p.as_str()).count())
            .sum();
        assert_eq!(count("FORBIDDEN_EXPRESSION"), expected_forbidden, "{name}");
        // The length rule matches length_stats.
        assert_eq!(
            count("LENGTH_OUT_OF_RANGE") == 1,
            !m.length_stats.in_range,
            "{name}"
        );
        println!(
            "{name}: {} chars, {} sentences, findings {:?}",
            doc.body_chars,
            doc.sentences.len(),
            by_code
                .iter()
                .map(|(k, v)| (*k, v.len()))
                .collect::<BTreeMap<_, _>>()
        );
    }
    println!("totals: {totals:?}");
}
