//! Dictionary word search for the grammar rules: one Aho-Corasick scan of the displayed
//! text finds every occurrence of every word of a dictionary, instead of one substring
//! search per word. Automata are built once per distinct word list and kept in a small
//! process-wide cache (the settings, and with them the dictionaries, rarely change within
//! a run; a cache hit costs one comparison of the word lists).
//!
//! A word set starts with a contiguous NFA, cheap to build (a one-episode `check` pays
//! for the build); once it has scanned `DFA_AFTER` bytes it builds a DFA, which scans about
//! twice as fast (a run over many files). Both find the same matches.

use aho_corasick::{AhoCorasick, AhoCorasickKind, MatchKind};
use std::ops::Range;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

/// Distinct non-empty words and automata over them (pattern id = index into `words`).
pub(super) struct WordSet {
    words: Vec<String>,
    /// `None` if the automaton could not be built: occurrences are then searched word by
    /// word.
    nfa: Option<AhoCorasick>,
    dfa: OnceLock<Option<AhoCorasick>>,
    /// Bytes scanned with the NFA so far.
    scanned: AtomicUsize,
}

/// Bytes of text scanned with the NFA after which the DFA is built (its build costs about
/// as much as scanning this much more slowly).
const DFA_AFTER: usize = 256 * 1024;

/// How many distinct word lists the cache keeps (TYPO and NOTATION_INCONSISTENCY use one
/// each per settings).
const CACHE_SIZE: usize = 8;

impl WordSet {
    /// The word set of `words` (distinct non-empty words, in order of first appearance).
    pub(super) fn get(words: &[String]) -> Arc<WordSet> {
        static CACHE: Mutex<Vec<Arc<WordSet>>> = Mutex::new(Vec::new());
        {
            let cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
            if let Some(hit) = cache.iter().find(|s| s.words == words) {
                return Arc::clone(hit);
            }
        }
        let set = Arc::new(WordSet::build(words.to_vec()));
        let mut cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
        if cache.len() >= CACHE_SIZE {
            cache.remove(0);
        }
        cache.push(Arc::clone(&set));
        set
    }

    fn build(words: Vec<String>) -> WordSet {
        WordSet {
            nfa: automaton(&words, AhoCorasickKind::ContiguousNFA),
            words,
            dfa: OnceLock::new(),
            scanned: AtomicUsize::new(0),
        }
    }

    /// The automaton to scan `text` with.
    fn automaton(&self, text: &str) -> Option<&AhoCorasick> {
        if let Some(dfa) = self.dfa.get() {
            return dfa.as_ref().or(self.nfa.as_ref());
        }
        let before = self.scanned.fetch_add(text.len(), Ordering::Relaxed);
        if before + text.len() >= DFA_AFTER {
            let dfa = self
                .dfa
                .get_or_init(|| automaton(&self.words, AhoCorasickKind::DFA));
            return dfa.as_ref().or(self.nfa.as_ref());
        }
        self.nfa.as_ref()
    }

    /// For every word, its occurrences in `text` as `str::match_indices` gives them
    /// (leftmost first, an occurrence overlapping the previous one of the same word is
    /// skipped), in increasing order.
    pub(super) fn occurrences(&self, text: &str) -> Vec<Vec<Range<usize>>> {
        let mut out: Vec<Vec<Range<usize>>> = vec![Vec::new(); self.words.len()];
        match self.automaton(text) {
            Some(ac) => {
                // Overlapping matches of one pattern come in increasing order of their end,
                // so of their start too (a pattern has one length).
                for m in ac.find_overlapping_iter(text) {
                    let list = &mut out[m.pattern().as_usize()];
                    if list.last().is_none_or(|prev| prev.end <= m.start()) {
                        list.push(m.start()..m.end());
                    }
                }
            }
            None => {
                for (list, word) in out.iter_mut().zip(&self.words) {
                    list.extend(
                        text.match_indices(word.as_str())
                            .map(|(at, w)| at..at + w.len()),
                    );
                }
            }
        }
        out
    }
}

fn automaton(words: &[String], kind: AhoCorasickKind) -> Option<AhoCorasick> {
    AhoCorasick::builder()
        .match_kind(MatchKind::Standard)
        .kind(Some(kind))
        .build(words)
        .ok()
}

/// Distinct non-empty words of `words`, in order of first appearance, and for every word
/// of `words` its index among them (`None` for an empty word).
pub(super) fn distinct<'w>(
    words: impl IntoIterator<Item = &'w str>,
) -> (Vec<String>, Vec<Option<usize>>) {
    let mut distinct: Vec<String> = Vec::new();
    let mut ids = Vec::new();
    for word in words {
        if word.is_empty() {
            ids.push(None);
            continue;
        }
        let id = match distinct.iter().position(|d| d == word) {
            Some(id) => id,
            None => {
                distinct.push(word.to_string());
                distinct.len() - 1
            }
        };
        ids.push(Some(id));
    }
    (distinct, ids)
}

/// `find_words` over precomputed occurrences: `occurrences[ids[w]]` are the occurrences of
/// word `w`. Leftmost first and, at one position, longest first (then lowest `w`);
/// occurrences never overlap. Returns (range, w).
pub(super) fn select(
    occurrences: &[Vec<Range<usize>>],
    ids: &[Option<usize>],
) -> Vec<(Range<usize>, usize)> {
    let mut all: Vec<(Range<usize>, usize)> = ids
        .iter()
        .enumerate()
        .filter_map(|(w, id)| id.map(|id| (w, id)))
        .flat_map(|(w, id)| occurrences[id].iter().map(move |r| (r.clone(), w)))
        .collect();
    all.sort_unstable_by(|a, b| {
        (a.0.start, std::cmp::Reverse(a.0.end), a.1).cmp(&(
            b.0.start,
            std::cmp::Reverse(b.0.end),
            b.1,
        ))
    });
    let mut out: Vec<(Range<usize>, usize)> = Vec::new();
    for m in all {
        if out.last().is_none_or(|last| last.0.end <= m.0.start) {
            out.push(m);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The reference: one substring search per word.
    fn find_words_naive(text: &str, words: &[&str]) -> Vec<(Range<usize>, usize)> {
        let mut all: Vec<(Range<usize>, usize)> = Vec::new();
        for (w, word) in words.iter().enumerate() {
            if word.is_empty() {
                continue;
            }
            all.extend(
                text.match_indices(word)
                    .map(|(at, _)| (at..at + word.len(), w)),
            );
        }
        all.sort_by(|a, b| {
            (a.0.start, std::cmp::Reverse(a.0.end), a.1).cmp(&(
                b.0.start,
                std::cmp::Reverse(b.0.end),
                b.1,
            ))
        });
        let mut out: Vec<(Range<usize>, usize)> = Vec::new();
        for m in all {
            if out.last().is_none_or(|last| last.0.end <= m.0.start) {
                out.push(m);
            }
        }
        out
    }

    fn find_words(text: &str, words: &[&str]) -> Vec<(Range<usize>, usize)> {
        let (distinct, ids) = distinct(words.iter().copied());
        let set = WordSet::get(&distinct);
        select(&set.occurrences(text), &ids)
    }

    #[test]
    fn matches_the_naive_search_on_overlaps_and_duplicates() {
        let words = ["ああ", "いあ", "", "あ", "ああ", "いああ", "う"];
        for text in [
            "いあああ",
            "あああああ",
            "いいああうあ",
            "",
            "えお",
            "ああいああ",
        ] {
            assert_eq!(
                find_words(text, &words),
                find_words_naive(text, &words),
                "{text}"
            );
        }
    }

    #[test]
    fn nfa_dfa_and_fallback_give_the_same_occurrences() {
        let (distinct, _) = distinct(["ああ", "あ", "いあ", "あい"]);
        let nfa = WordSet::build(distinct.clone());
        let dfa = WordSet::build(distinct.clone());
        dfa.scanned.store(DFA_AFTER, Ordering::Relaxed);
        let without = WordSet {
            words: distinct,
            nfa: None,
            dfa: OnceLock::from(None),
            scanned: AtomicUsize::new(0),
        };
        for text in ["いあああ", "ああああ", "あいあ", "いいあいああ"] {
            let expected = without.occurrences(text);
            assert_eq!(nfa.occurrences(text), expected, "{text}");
            assert_eq!(dfa.occurrences(text), expected, "{text}");
        }
        assert!(nfa.dfa.get().is_none());
        assert!(dfa.dfa.get().is_some_and(Option::is_some));
    }

    mod props {
        use super::*;
        use proptest::prelude::*;

        proptest! {
            #[test]
            fn matches_the_naive_search(
                text in "[あいう]{0,30}",
                words in prop::collection::vec("[あいう]{0,3}", 0..6),
            ) {
                let words: Vec<&str> = words.iter().map(String::as_str).collect();
                prop_assert_eq!(find_words(&text, &words), find_words_naive(&text, &words));
            }
        }
    }
}
