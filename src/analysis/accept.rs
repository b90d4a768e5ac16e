//! Accepted words (`.novelerrc.yaml` `accepted_words`): characters' names and coined terms
//! the author writes as meant, as harper-ls's "add to dictionary" and cspell's `words` have
//! them. A finding whose flagged text lies inside an occurrence of one is not reported
//! (counted as suppressed by the config): 魔導兵装 accepted, KANJI_RUN on 魔導兵装 and a TYPO
//! inside it go. Left alone: findings about the whole text (their span only marks where they
//! are shown), and findings flagging a single character, which mark a position rather than
//! a word (the missing indent before a name that opens a paragraph).

use super::{score, Diagnostic};
use aho_corasick::{AhoCorasick, AhoCorasickKind};

/// A matcher for the author's own word lists (accepted words, forbidden phrases), built and
/// run in time linear in the list plus the text. Always the contiguous NFA: for a few
/// patterns aho-corasick would pick its DFA, whose construction walks failure links state
/// by state — quadratic in a long repetitive phrase (one forbidden phrase of 20,000 あ
/// took 37 s, 80,000 over 7 minutes). `None` if the list cannot be built.
pub(crate) fn phrase_matcher<P: AsRef<[u8]>>(patterns: &[P]) -> Option<AhoCorasick> {
    AhoCorasick::builder()
        .kind(Some(AhoCorasickKind::ContiguousNFA))
        .build(patterns)
        .ok()
}

/// Drops from `diagnostics` those inside an occurrence of an accepted word in `text`;
/// returns how many went.
pub(crate) fn apply(text: &str, words: &[String], diagnostics: &mut Vec<Diagnostic>) -> usize {
    let words: Vec<&str> = words
        .iter()
        .map(|w| w.trim())
        .filter(|w| !w.is_empty())
        .collect();
    if words.is_empty() || diagnostics.is_empty() {
        return 0;
    }
    let Some(ac) = phrase_matcher(&words) else {
        return 0;
    };
    // Occurrences sorted by start, with the furthest end reached by any of the first k.
    let mut spans: Vec<(usize, usize)> = ac
        .find_overlapping_iter(text)
        .map(|m| (m.start(), m.end()))
        .collect();
    if spans.is_empty() {
        return 0;
    }
    spans.sort_unstable();
    let mut reach = Vec::with_capacity(spans.len());
    let mut far = 0;
    for &(_, end) in &spans {
        far = far.max(end);
        reach.push(far);
    }
    let covered = |start: usize, end: usize| {
        let k = spans.partition_point(|&(s, _)| s <= start);
        k > 0 && reach[k - 1] >= end
    };
    let before = diagnostics.len();
    diagnostics.retain(|d| {
        let flagged = text.get(d.span.range()).unwrap_or("");
        let word_like = flagged.chars().nth(1).is_some();
        score::WHOLE_TEXT_RULES.contains(&d.code)
            || !word_like
            || !covered(d.span.start, d.span.end)
    });
    before - diagnostics.len()
}

#[cfg(test)]
mod tests {
    use crate::analysis::{analyze, Settings};

    fn codes(text: &str, accepted: &[&str]) -> Vec<String> {
        let s = Settings {
            accepted_words: accepted.iter().map(|w| w.to_string()).collect(),
            ..Settings::default()
        };
        let a = analyze(text, "t.md", &s);
        let mut out: Vec<String> = a.findings.iter().map(|f| f.code.clone()).collect();
        out.push(format!("suppressed {}", a.suppressed.config));
        out
    }

    #[test]
    fn a_finding_inside_an_accepted_word_is_suppressed() {
        // A long kanji run that is a coined term, at the start of an unindented paragraph.
        let text = "魔導兵装管理局が動いた。\n";
        let plain = codes(text, &[]);
        assert!(plain.contains(&"KANJI_RUN".to_string()), "{plain:?}");
        let accepted = codes(text, &["魔導兵装管理局"]);
        assert!(!accepted.contains(&"KANJI_RUN".to_string()), "{accepted:?}");
        // The missing indent flags one character: a position, not the word; kept.
        assert!(
            accepted.contains(&"INDENT_MISSING".to_string()),
            "{accepted:?}"
        );
        assert!(
            accepted.contains(&"suppressed 1".to_string()),
            "{accepted:?}"
        );
        // A shorter accepted word does not cover the longer run.
        let part = codes(text, &["魔導"]);
        assert!(part.contains(&"KANJI_RUN".to_string()), "{part:?}");
    }
}
