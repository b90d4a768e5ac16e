//! Finding the few characters a rule looks for without decoding every character: a style
//! rule cares about `…`, `！？`, brackets or dashes, which are rare in prose. `Needles` is a
//! fixed set of strings searched with aho-corasick's packed (Teddy, SIMD) searcher, built
//! once per process; the hits are then handed out per paragraph (displayed text) or per
//! body line (source text). The needles never contain `\n`, so a hit lies within one line.
//!
//! (Not `AhoCorasick` itself: its prefilter picks "rare" bytes by their frequency in
//! English text, and in Japanese UTF-8 those bytes are everywhere.)

use crate::analysis::segment::{BodyLine, Document, Paragraph};
use aho_corasick::packed;
use std::ops::Range;
use std::sync::OnceLock;

/// A hit: (start, end, index of the needle), byte offsets.
pub(super) type Hit = (usize, usize, usize);

/// A fixed set of strings to look for (leftmost-first, non-overlapping).
pub(super) struct Needles {
    patterns: &'static [&'static str],
    /// `None` where the CPU has no SIMD for Teddy: then a plain scan.
    searcher: OnceLock<Option<packed::Searcher>>,
}

impl Needles {
    pub(super) const fn new(patterns: &'static [&'static str]) -> Needles {
        Needles {
            patterns,
            searcher: OnceLock::new(),
        }
    }

    /// Every hit in `text`, in order, appended to `out`.
    fn find_all(&self, text: &str, out: &mut Vec<Hit>) {
        let searcher = self.searcher.get_or_init(|| {
            packed::Config::new()
                .match_kind(packed::MatchKind::LeftmostFirst)
                .builder()
                .extend(self.patterns)
                .build()
        });
        match searcher {
            Some(searcher) => out.extend(
                searcher
                    .find_iter(text)
                    .map(|m| (m.start(), m.end(), m.pattern().as_usize())),
            ),
            // The same search, one position at a time.
            None => {
                let mut at = 0;
                while at < text.len() {
                    let rest = &text[at..];
                    match self
                        .patterns
                        .iter()
                        .enumerate()
                        .find(|(_, p)| !p.is_empty() && rest.starts_with(**p))
                    {
                        Some((k, p)) => {
                            out.push((at, at + p.len(), k));
                            at += p.len();
                        }
                        None => at += rest.chars().next().map(char::len_utf8).unwrap_or(1),
                    }
                }
            }
        }
    }
}

/// The hits of every set of needles in `text`, by start. With more than one set, the hits
/// of different sets may overlap and their needle indices are per set: several sets only
/// serve to tell whether a line holds any of them. (Teddy looks for the first bytes of
/// the needles, as many as the shortest has, up to 3: a two-byte needle would make every
/// needle match on two bytes, and `E3 80` starts every CJK punctuation mark. So needles
/// shorter than 3 bytes go in a set of their own.)
fn find_all(text: &str, sets: &[&Needles]) -> Vec<Hit> {
    let mut hits = Vec::new();
    for needles in sets {
        needles.find_all(text, &mut hits);
    }
    if sets.len() > 1 {
        hits.sort_by_key(|h| h.0);
    }
    hits
}

/// Calls `f` for every paragraph whose displayed text holds a hit, with the paragraph, its
/// displayed text and its hits (offsets into that text), in text order.
pub(super) fn paragraph_hits(
    doc: &Document,
    sets: &[&Needles],
    mut f: impl FnMut(&Paragraph, &str, &[Hit]),
) {
    let hits = find_all(&doc.display, sets);
    hits_by_item(
        &hits,
        &doc.paragraphs,
        |p| p.display.clone(),
        |p, mine| f(p, doc.paragraph_text(p), mine),
    );
}

/// Calls `f` for every body line whose source text holds a hit, with the line, its source
/// text and its hits (offsets into that text), in text order.
pub(super) fn line_hits(
    doc: &Document,
    sets: &[&Needles],
    mut f: impl FnMut(&BodyLine, &str, &[Hit]),
) {
    let hits = find_all(doc.source, sets);
    hits_by_item(
        &hits,
        &doc.body_lines,
        |bl| bl.span.range(),
        |bl, mine| {
            if let Some(text) = doc.source.get(bl.span.range()) {
                f(bl, text, mine);
            }
        },
    );
}

/// Hands `hits` (by start) out to the `items` holding them: `range` gives an item's byte
/// range in the searched text (items in text order, not overlapping). Calls `f` for every
/// item that holds a hit, with its hits made relative to its start; hits outside every
/// item are dropped. One walk over both lists, shared by paragraphs and body lines.
fn hits_by_item<T>(
    hits: &[Hit],
    items: &[T],
    range: impl Fn(&T) -> Range<usize>,
    mut f: impl FnMut(&T, &[Hit]),
) {
    let mut items = items.iter().peekable();
    let mut mine: Vec<Hit> = Vec::new();
    let mut i = 0;
    while i < hits.len() {
        let at = hits[i].0;
        // The first item not ending before the hit.
        while items.next_if(|item| range(item).end <= at).is_some() {}
        let Some(item) = items.peek() else {
            break;
        };
        let Range { start, end } = range(item);
        if at < start {
            i += 1;
            continue;
        }
        mine.clear();
        while let Some(&(s, e, k)) = hits.get(i).filter(|h| h.0 < end) {
            mine.push((s - start, e - start, k));
            i += 1;
        }
        f(item, &mine);
        items.next();
    }
}

/// The char starting at byte `i` of `bytes` (valid UTF-8, `i` a char boundary): its length
/// and code point, decoded without the checks of `str::chars` (a truncated sequence, which
/// valid UTF-8 never has, decodes as length 1, code 0xFFFD).
#[inline]
pub(super) fn decode_at(bytes: &[u8], i: usize) -> (usize, u32) {
    const BAD: (usize, u32) = (1, 0xFFFD);
    let lead = bytes[i];
    let bits = |b: u8| u32::from(b & 0x3F);
    if lead < 0x80 {
        return (1, u32::from(lead));
    }
    if (0xE0..0xF0).contains(&lead) {
        return match bytes.get(i + 1..i + 3) {
            Some(&[b1, b2]) => (
                3,
                (u32::from(lead & 0x0F) << 12) | (bits(b1) << 6) | bits(b2),
            ),
            _ => BAD,
        };
    }
    if lead < 0xE0 {
        return match bytes.get(i + 1) {
            Some(&b1) => (2, (u32::from(lead & 0x1F) << 6) | bits(b1)),
            None => BAD,
        };
    }
    match bytes.get(i + 1..i + 4) {
        Some(&[b1, b2, b3]) => (
            4,
            (u32::from(lead & 0x07) << 18) | (bits(b1) << 12) | (bits(b2) << 6) | bits(b3),
        ),
        _ => BAD,
    }
}

/// Maximal runs of adjacent hits: (start, end, number of hits). With one-character needles
/// these are the maximal runs of those characters (`grammar::runs`).
pub(super) fn hit_runs(hits: &[Hit]) -> Vec<(usize, usize, usize)> {
    let mut out: Vec<(usize, usize, usize)> = Vec::new();
    for &(s, e, _) in hits {
        match out.last_mut() {
            Some(run) if run.1 == s => {
                run.1 = e;
                run.2 += 1;
            }
            _ => out.push((s, e, 1)),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::rules::grammar::runs;

    static MARKS: Needles = Needles::new(&["！", "？", "…"]);

    #[test]
    fn paragraph_runs_equal_runs_over_each_paragraph() {
        let text = "！？あ…\n\n――！\n「本当！？」…！\n# 見出し！\n！\n";
        let doc = Document::parse(text);
        let mut got = Vec::new();
        paragraph_hits(&doc, &[&MARKS], |p, t, hits| {
            assert_eq!(t, doc.paragraph_text(p));
            got.push((p.line, hit_runs(hits)));
        });
        let expected: Vec<_> = doc
            .paragraphs
            .iter()
            .map(|p| {
                (
                    p.line,
                    runs(doc.paragraph_text(p), |c| matches!(c, '！' | '？' | '…')),
                )
            })
            .filter(|(_, r)| !r.is_empty())
            .collect();
        assert_eq!(got, expected);
    }

    #[test]
    fn line_hits_are_per_body_line() {
        let text = "---\nt: ！\n---\nあ！\n# 見出し！\n\n…い\n";
        let doc = Document::parse(text);
        let mut got = Vec::new();
        line_hits(&doc, &[&MARKS], |bl, line, hits| {
            got.push((bl.line, line.to_string(), hits.to_vec()));
        });
        assert_eq!(
            got,
            vec![
                (3, "あ！".to_string(), vec![(3, 6, 0)]),
                (6, "…い".to_string(), vec![(0, 3, 2)]),
            ]
        );
    }

    #[test]
    fn decode_at_decodes_every_char() {
        let mut buf = [0u8; 4];
        for c in (0..=0x10FFFF).filter_map(char::from_u32) {
            let bytes = c.encode_utf8(&mut buf).as_bytes();
            assert_eq!(decode_at(bytes, 0), (c.len_utf8(), u32::from(c)), "{c:?}");
        }
        let text = "aé漢𠀋";
        let mut at = 0;
        let mut got = Vec::new();
        while at < text.len() {
            let (len, code) = decode_at(text.as_bytes(), at);
            got.push(char::from_u32(code));
            at += len;
        }
        assert_eq!(got, text.chars().map(Some).collect::<Vec<_>>());
    }

    #[test]
    fn fallback_search_finds_the_same_hits() {
        let needles = Needles::new(&["ab", "a", "…"]);
        let text = "xaab…a";
        let mut fast = Vec::new();
        needles.find_all(text, &mut fast);
        let slow = Needles {
            patterns: needles.patterns,
            searcher: OnceLock::from(None),
        };
        let mut got = Vec::new();
        slow.find_all(text, &mut got);
        assert_eq!(got, fast);
        assert_eq!(fast, vec![(1, 2, 1), (2, 4, 0), (4, 7, 2), (7, 8, 1)]);
    }

    mod props {
        use super::*;
        use proptest::prelude::*;

        proptest! {
            #[test]
            fn paragraph_hits_cover_every_paragraph_run(
                text in "[！？…あ「」#\n 　]{0,40}",
            ) {
                let doc = Document::parse(&text);
                let mut got = Vec::new();
                paragraph_hits(&doc, &[&MARKS], |p, _, hits| got.push((p.line, hit_runs(hits))));
                let expected: Vec<_> = doc
                    .paragraphs
                    .iter()
                    .map(|p| (p.line, runs(doc.paragraph_text(p), |c| matches!(c, '！' | '？' | '…'))))
                    .filter(|(_, r)| !r.is_empty())
                    .collect();
                prop_assert_eq!(got, expected);
            }
        }
    }
}
