//! Sentence splitting (SPEC §2.5, revised 2026-11-24): the two-level model.
//!
//! Per paragraph (its displayed text):
//! 1. Brackets `「『（(【〈《〔` are paired within the paragraph: a closer pops back to its
//!    opener (openers above it were never closed), a closer with no open counterpart is a
//!    plain character, and an opener never closed in the paragraph (the multi-paragraph
//!    quotation convention) is a plain character that opens nothing.
//! 2. A pair with a terminator (`。！？!?`) anywhere inside is a *quotation*: its content,
//!    brackets included, forms sentences of its own (*quoted* sentences). A pair without one
//!    is part of the sentence around it (彼は「行こう」と言った。 is one sentence).
//! 3. Within each level (the paragraph, or a quotation) a sentence ends after a run of
//!    terminators, closing brackets/quotes following the run belonging to it, and at the
//!    level's end. The text of a level around a quotation is one sentence: in
//!    彼は「もう行こう。ここは危ない」と言って立ち上がった。 the narration sentence is
//!    彼は…と言って立ち上がった。 (length 12) and the quoted ones are 「もう行こう。 and
//!    ここは危ない」.
//! 4. Length = characters of the sentence's own level, excluding whitespace and the
//!    terminating run (closers after the run count, as brackets do). Commas = `、` of the own
//!    level, except one between two numerals (二、三日, 1、2回: SPEC §2.9).

use super::segment::{is_closer, is_space, is_terminator};

/// One sentence of a paragraph, in display byte offsets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Piece {
    pub start: usize,
    pub end: usize,
    pub length: usize,
    pub commas: usize,
    /// Inside a quotation.
    pub quoted: bool,
}

/// The bracket pairs of SPEC §2.5: index of the kind for an opener or a closer.
fn open_kind(c: char) -> Option<u8> {
    Some(match c {
        '「' => 0,
        '『' => 1,
        '（' => 2,
        '(' => 3,
        '【' => 4,
        '〈' => 5,
        '《' => 6,
        '〔' => 7,
        _ => return None,
    })
}

fn close_kind(c: char) -> Option<u8> {
    Some(match c {
        '」' => 0,
        '』' => 1,
        '）' => 2,
        ')' => 3,
        '】' => 4,
        '〉' => 5,
        '》' => 6,
        '〕' => 7,
        _ => return None,
    })
}

/// A numeral around which `、` is not a comma (SPEC §2.9).
pub(crate) fn is_numeral(c: char) -> bool {
    c.is_ascii_digit()
        || ('０'..='９').contains(&c)
        || matches!(
            c,
            '〇' | '一'
                | '二'
                | '三'
                | '四'
                | '五'
                | '六'
                | '七'
                | '八'
                | '九'
                | '十'
                | '百'
                | '千'
                | '万'
        )
}

/// Whether the `、` at byte `i` of `text` lies between two numerals.
pub(crate) fn numeral_comma(text: &str, i: usize) -> bool {
    let before = text[..i].chars().next_back();
    let after = text[i + '、'.len_utf8()..].chars().next();
    before.is_some_and(is_numeral) && after.is_some_and(is_numeral)
}

/// Quotations of `text`: (opener offset, closer offset), sorted by opener.
fn quotations(text: &str) -> Vec<(usize, usize)> {
    // (opener offset, kind, a terminator lies inside)
    let mut stack: Vec<(usize, u8, bool)> = Vec::new();
    let mut open_counts = [0usize; 8];
    let mut out = Vec::new();
    for (i, c) in text.char_indices() {
        if is_terminator(c) {
            if let Some(top) = stack.last_mut() {
                top.2 = true;
            }
        } else if let Some(k) = open_kind(c) {
            stack.push((i, k, false));
            open_counts[k as usize] += 1;
        } else if let Some(k) = close_kind(c) {
            if open_counts[k as usize] == 0 {
                continue;
            }
            while let Some((at, kind, term)) = stack.pop() {
                open_counts[kind as usize] -= 1;
                if kind == k {
                    if term {
                        out.push((at, i));
                    }
                    if let Some(parent) = stack.last_mut() {
                        parent.2 |= term;
                    }
                    break;
                }
                // Never closed: its content belongs to the level around it.
                if let Some(parent) = stack.last_mut() {
                    parent.2 |= term;
                }
            }
        }
    }
    out.sort_unstable();
    out
}

/// The sentence being built at one level.
struct Level {
    /// Display offset of the quotation's closer (`usize::MAX` for the paragraph level).
    close: usize,
    quoted: bool,
    start: Option<usize>,
    last_end: usize,
    length: usize,
    commas: usize,
    in_run: bool,
    /// Own characters other than the quotation's brackets.
    content: usize,
}

impl Level {
    fn new(close: usize, quoted: bool) -> Level {
        Level {
            close,
            quoted,
            start: None,
            last_end: 0,
            length: 0,
            commas: 0,
            in_run: false,
            content: 0,
        }
    }

    /// Ends the current sentence (if any) into `out`. A "sentence" of nothing but the
    /// quotation's brackets (「『行け！』」) is none: its closer joins the sentence before.
    fn finish(&mut self, base: usize, first: usize, out: &mut Vec<Piece>) {
        if self.content == 0 && self.start.is_some() {
            self.start = None;
            if let Some(prev) = out[first..].last_mut() {
                prev.end = prev.end.max(base + self.last_end);
            }
        }
        if let Some(start) = self.start.take() {
            out.push(Piece {
                start: base + start,
                end: base + self.last_end,
                length: self.length,
                commas: self.commas,
                quoted: self.quoted,
            });
        }
        self.length = 0;
        self.commas = 0;
        self.in_run = false;
        self.content = 0;
    }

    /// Adds an own character at `i` (`bracket`: the quotation's own opener or closer).
    fn push(&mut self, i: usize, c: char, comma: bool, bracket: bool) {
        if self.start.is_none() {
            self.start = Some(i);
        }
        self.last_end = i + c.len_utf8();
        if !bracket {
            self.content += 1;
        }
        if is_terminator(c) {
            self.in_run = true;
            return;
        }
        self.length += 1;
        if comma {
            self.commas += 1;
        }
    }
}

/// Appends the sentences of the paragraph `text` (displayed text starting at display offset
/// `base`) to `out`, ordered by start.
pub(crate) fn split(text: &str, base: usize, out: &mut Vec<Piece>) {
    let first = out.len();
    let quotes = quotations(text);
    let mut next_quote = 0;
    let mut levels = vec![Level::new(usize::MAX, false)];
    for (i, c) in text.char_indices() {
        let Some(level) = levels.last_mut() else {
            break;
        };
        // Fast path: kana, kanji and the rest of U+3041..U+FEFF hold no space, terminator,
        // closer, comma or bracket.
        if ('\u{3041}'..'\u{FF00}').contains(&c) {
            if level.in_run {
                level.finish(base, first, out);
            }
            level.push(i, c, false, false);
            continue;
        }
        if quotes.get(next_quote).is_some_and(|q| q.0 == i) {
            if level.in_run {
                level.finish(base, first, out);
            }
            levels.push(Level::new(quotes[next_quote].1, true));
            next_quote += 1;
            if let Some(inner) = levels.last_mut() {
                inner.push(i, c, false, true);
            }
            continue;
        }
        if level.in_run && !is_terminator(c) && !is_closer(c) {
            level.finish(base, first, out);
        }
        if is_space(c) {
            continue;
        }
        let comma = c == '、' && !numeral_comma(text, i);
        let closes = level.close == i;
        level.push(i, c, comma, closes);
        if closes {
            level.finish(base, first, out);
            levels.pop();
        }
    }
    for mut level in levels.into_iter().rev() {
        level.finish(base, first, out);
    }
    out[first..].sort_by_key(|p| p.start);
}

#[cfg(test)]
mod tests {
    use super::*;

    /// (text, length, quoted) of each sentence.
    fn split_text(text: &str) -> Vec<(String, usize, bool)> {
        let mut out = Vec::new();
        split(text, 0, &mut out);
        out.iter()
            .map(|p| (text[p.start..p.end].to_string(), p.length, p.quoted))
            .collect()
    }

    fn s(text: &str, length: usize, quoted: bool) -> (String, usize, bool) {
        (text.to_string(), length, quoted)
    }

    #[test]
    fn a_quotation_holds_several_sentences() {
        assert_eq!(
            split_text("「A。B。C。」"),
            vec![s("「A。", 2, true), s("B。", 1, true), s("C。」", 2, true)]
        );
        assert_eq!(
            split_text("「行こう。危ないから。」"),
            vec![s("「行こう。", 4, true), s("危ないから。」", 6, true)]
        );
    }

    #[test]
    fn narration_around_a_quotation_is_one_sentence() {
        assert_eq!(
            split_text("彼は「もう行こう。ここは危ない」と言って立ち上がった。"),
            vec![
                s(
                    "彼は「もう行こう。ここは危ない」と言って立ち上がった。",
                    12,
                    false
                ),
                s("「もう行こう。", 6, true),
                s("ここは危ない」", 7, true),
            ]
        );
        assert_eq!(
            split_text("「行こう。」と彼は言った。次だ。"),
            vec![
                s("「行こう。」", 5, true),
                s("と彼は言った。", 6, false),
                s("次だ。", 2, false)
            ]
        );
    }

    #[test]
    fn a_quotation_without_terminator_stays_inline() {
        assert_eq!(
            split_text("彼は「行こう」と言った。"),
            vec![s("彼は「行こう」と言った。", 11, false)]
        );
        assert_eq!(split_text("「行くぞ」"), vec![s("「行くぞ」", 5, false)]);
    }

    #[test]
    fn an_unclosed_opener_opens_nothing() {
        // The multi-paragraph quotation convention: each paragraph opens with 「.
        assert_eq!(
            split_text("「先生。私はその時、東京へ出ました。"),
            vec![
                s("「先生。", 3, false),
                s("私はその時、東京へ出ました。", 13, false)
            ]
        );
        // A closer with no opener is a plain character.
        assert_eq!(split_text("あ）い。う").len(), 2);
        // A closer pops back to its opener: （ is never closed and opens nothing.
        assert_eq!(
            split_text("「あ（い。」う。"),
            vec![s("「あ（い。」", 5, true), s("う。", 1, false)]
        );
    }

    #[test]
    fn nested_quotations_split_at_every_depth() {
        assert_eq!(
            split_text("彼は「『本。』を読め」と言う。"),
            vec![
                s("彼は「『本。』を読め」と言う。", 5, false),
                s("「『本。』を読め」", 5, true),
                s("『本。』", 3, true),
            ]
        );
    }

    #[test]
    fn terminator_runs_and_closers_end_together() {
        assert_eq!(
            split_text("本当か！？　そうだ!!いや。”次"),
            vec![
                s("本当か！？", 3, false),
                s("そうだ!!", 3, false),
                s("いや。”", 3, false),
                s("次", 1, false)
            ]
        );
        assert_eq!(split_text("！"), vec![s("！", 0, false)]);
        // Closers after a quotation's end belong to the sentence that ends there.
        assert_eq!(
            split_text("「『行け！』」と言った。"),
            vec![s("『行け！』」", 4, true), s("と言った。", 4, false)]
        );
    }

    #[test]
    fn commas_between_numerals_are_not_commas() {
        let mut out = Vec::new();
        split("二、三日して、1、2回、来た。", 0, &mut out);
        assert_eq!(out[0].commas, 2);
        assert!(numeral_comma("二、三", 3));
        assert!(!numeral_comma("二、あ", 3));
        assert!(!numeral_comma("、三", 0));
    }

    #[test]
    fn bracket_table_agrees_with_segment_predicates() {
        use crate::analysis::segment::{closing_of, is_open_bracket};
        for c in ['「', '『', '（', '(', '【', '〈', '《', '〔'] {
            assert!(is_open_bracket(c));
            let close = closing_of(c).unwrap();
            assert!(is_closer(close));
            assert_eq!(open_kind(c), close_kind(close));
            assert!(open_kind(c).is_some());
        }
        assert_eq!(open_kind('あ'), None);
    }

    #[test]
    fn odd_inputs_do_not_panic() {
        for text in [
            "",
            "「",
            "」",
            "「」",
            "。」",
            "「。",
            "」「。」」",
            "『「。』」",
            "（。",
        ] {
            let mut out = Vec::new();
            split(text, 0, &mut out);
            for p in &out {
                assert!(p.start <= p.end && p.end <= text.len(), "{text}");
            }
        }
    }
}
