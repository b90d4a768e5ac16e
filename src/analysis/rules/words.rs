//! Dictionary word search for the grammar rules: one scan of the displayed text finds
//! every occurrence of every word of a dictionary, instead of one substring search per
//! word. Word sets are built once per distinct word list and kept in a small process-wide
//! cache (the settings, and with them the dictionaries, rarely change within a run; a
//! cache hit costs one comparison of the word lists).
//!
//! The scan walks the text char by char and tests each pair of adjacent chars (and each
//! char, for one-char words) against a bitmap of the hashed first two chars of the words:
//! in Japanese prose the first chars of the words (で, こ, と …) are common, their first two
//! chars rare, so the rare hits look the words up and compare them. (aho-corasick's byte
//! automata did the same job at about three times the cost.)

use super::scan::decode_at;
use std::ops::Range;
use std::sync::{Arc, Mutex};

/// Distinct non-empty words and an index of them by their first two chars.
pub(super) struct WordSet {
    words: Vec<String>,
    /// Bit `pair_hash(c1, c2)` is set for the first two chars of every longer word.
    pairs: Bitmap,
    /// Bit `char_hash(c)` is set for every one-char word.
    singles: Bitmap,
    /// The words by their first char, sorted by it.
    firsts: Vec<(u32, First)>,
}

/// The words that start with one char.
#[derive(Default)]
struct First {
    /// Words of that one char.
    single: Vec<usize>,
    /// Longer words by their second char, sorted by it.
    by_second: Vec<(u32, Vec<usize>)>,
}

/// 2^16 bits (8 KiB: stays in the L1 cache).
struct Bitmap(Vec<u64>);

impl Bitmap {
    fn new() -> Bitmap {
        Bitmap(vec![0; 1 << 10])
    }

    fn set(&mut self, h: u32) {
        self.0[(h >> 6) as usize] |= 1 << (h & 63);
    }

    #[inline]
    fn get(&self, h: u32) -> bool {
        self.0
            .get((h >> 6) as usize)
            .is_some_and(|w| w & (1 << (h & 63)) != 0)
    }
}

/// A 16-bit hash of a char.
#[inline]
fn char_hash(c: u32) -> u32 {
    c.wrapping_mul(0x9E37_79B1) >> 16
}

/// A 16-bit hash of two chars.
#[inline]
fn pair_hash(c1: u32, c2: u32) -> u32 {
    (c1.wrapping_mul(0x9E37_79B1) ^ c2.wrapping_mul(0x85EB_CA77)) >> 16
}

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
        let mut set = WordSet {
            words: Vec::new(),
            pairs: Bitmap::new(),
            singles: Bitmap::new(),
            firsts: Vec::new(),
        };
        for (w, word) in words.iter().enumerate() {
            let mut chars = word.chars().map(u32::from);
            let Some(first) = chars.next() else {
                continue;
            };
            let at = match set.firsts.binary_search_by_key(&first, |f| f.0) {
                Ok(at) => at,
                Err(at) => {
                    set.firsts.insert(at, (first, First::default()));
                    at
                }
            };
            let entry = &mut set.firsts[at].1;
            match chars.next() {
                None => {
                    set.singles.set(char_hash(first));
                    entry.single.push(w);
                }
                Some(second) => {
                    set.pairs.set(pair_hash(first, second));
                    match entry.by_second.binary_search_by_key(&second, |e| e.0) {
                        Ok(k) => entry.by_second[k].1.push(w),
                        Err(k) => entry.by_second.insert(k, (second, vec![w])),
                    }
                }
            }
        }
        set.words = words;
        set
    }

    /// The words starting with the char `code`.
    fn first(&self, code: u32) -> Option<&First> {
        self.firsts
            .binary_search_by_key(&code, |f| f.0)
            .ok()
            .map(|k| &self.firsts[k].1)
    }

    /// For every word, its occurrences in `text` as `str::match_indices` gives them
    /// (leftmost first, an occurrence overlapping the previous one of the same word is
    /// skipped), in increasing order.
    pub(super) fn occurrences(&self, text: &str) -> Vec<Vec<Range<usize>>> {
        let mut out: Vec<Vec<Range<usize>>> = vec![Vec::new(); self.words.len()];
        // A word (valid UTF-8) can only match at a char boundary: every char start is
        // tried, in order, so each word's occurrences come in increasing order.
        let mut found = |w: usize, at: usize| {
            let list = &mut out[w];
            if list.last().is_none_or(|prev| prev.end <= at) {
                list.push(at..at + self.words[w].len());
            }
        };
        let bytes = text.as_bytes();
        // The previous char: its start and code (none before the first: no pair).
        let (mut prev_at, mut prev) = (usize::MAX, u32::MAX);
        let mut at = 0;
        while at < bytes.len() {
            let (len, code) = decode_at(bytes, at);
            if self.singles.get(char_hash(code)) {
                if let Some(first) = self.first(code) {
                    for &w in &first.single {
                        found(w, at);
                    }
                }
            }
            if prev_at != usize::MAX && self.pairs.get(pair_hash(prev, code)) {
                let candidates = self.first(prev).and_then(|f| {
                    f.by_second
                        .binary_search_by_key(&code, |e| e.0)
                        .ok()
                        .map(|k| &f.by_second[k].1)
                });
                for &w in candidates.into_iter().flatten() {
                    if text[prev_at..].starts_with(self.words[w].as_str()) {
                        found(w, prev_at);
                    }
                }
            }
            (prev_at, prev) = (at, code);
            at += len;
        }
        out
    }
}

#[cfg(test)]
impl WordSet {
    /// The reference: one substring search per word.
    fn occurrences_naive(&self, text: &str) -> Vec<Vec<Range<usize>>> {
        self.words
            .iter()
            .map(|word| {
                text.match_indices(word.as_str())
                    .map(|(at, w)| at..at + w.len())
                    .collect()
            })
            .collect()
    }
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
    let all: Vec<(Range<usize>, usize)> = ids
        .iter()
        .enumerate()
        .filter_map(|(w, id)| id.map(|id| (w, id)))
        .flat_map(|(w, id)| occurrences[id].iter().map(move |r| (r.clone(), w)))
        .collect();
    leftmost_longest(all)
}

/// The non-overlapping matches of `all` (range, w), leftmost first and, at one position,
/// longest first (then lowest `w`): the selection rule of `select`, kept apart so that the
/// naive reference in the tests selects the same way.
fn leftmost_longest(mut all: Vec<(Range<usize>, usize)>) -> Vec<(Range<usize>, usize)> {
    // The key covers the whole element, so an unstable sort gives the stable order.
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
        leftmost_longest(all)
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
    fn index_and_naive_search_give_the_same_occurrences() {
        let (distinct, _) = distinct(["ああ", "あ", "いあ", "あい", "𠀋", "𠀋あ", "ab", "あいう"]);
        let set = WordSet::build(distinct);
        for text in [
            "いあああ",
            "ああああ",
            "あいあ",
            "いいあいああう",
            "𠀋𠀋あab",
            "",
        ] {
            assert_eq!(set.occurrences(text), set.occurrences_naive(text), "{text}");
        }
    }

    mod props {
        use super::*;
        use proptest::prelude::*;

        proptest! {
            #[test]
            fn matches_the_naive_search(
                text in "[あいう𠀋a]{0,30}",
                words in prop::collection::vec("[あいう𠀋a]{0,3}", 0..6),
            ) {
                let words: Vec<&str> = words.iter().map(String::as_str).collect();
                prop_assert_eq!(find_words(&text, &words), find_words_naive(&text, &words));
            }
        }
    }
}
