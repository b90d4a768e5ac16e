//! DASH_STYLE.

use super::*;
use crate::analysis::Diagnostics;

// DASH_STYLE

pub struct DashStyle;

pub(super) static DASH_STYLE: RuleMeta = RuleMeta {
    code: "DASH_STYLE",
    aspect: Aspect::Style,
    default_severity: Severity::Low,
    summary: "A dash that is not ―― (an even run of U+2015)",
    fix: Some(Applicability::Safe),
    doc: RuleDoc {
        what: "ダッシュとして使われた記号のうち「――」（U+2015 の偶数個）でないものを検出します：\
               「―」一つや三つ、全角ダッシュ「—」、罫線「─」、ダッシュ代わりの長音符「ーー」。\
               長音符は行頭・空白・記号の直後か、文の途中でダッシュとして使われたとき（漢字の\
               後で次の語が続く「その時ーー扉が」、語の後で漢字・カタカナ・括弧が続く\
               「そしてーー彼は」、助詞で言いさした「僕はーー。」）にダッシュとみなします\
               （「コーヒー」「すごーーい」「ドーーン」「先輩ーー！」「あーー」は長音なので\
               対象外）。記号だけの区切り行（「─────」）は個数を保ったまま「―」に揃えます。",
        why: "小説のダッシュは「――」（二倍ダーシ）が標準です。罫線や長音符で代用すると、\
              フォントによって線が途切れたり太さが揃わなかったりします。",
        example: "ーーその時だった。\n「待て―」\n　彼は振り返った──。",
        fixed: "――その時だった。\n「待て――」\n　彼は振り返った――。",
    },
};

pub(super) fn is_dash_char(c: char) -> bool {
    matches!(c, '―' | '—' | '─' | '━')
}

/// A letter of a word (kana, kanji, alphanumeric): after one, `ー` is a long-vowel mark.
pub(super) fn is_word_char(c: char) -> bool {
    char_class(c) != CharClass::Other || c.is_alphanumeric()
}

/// Whether the run of two or more `ー` at `start`, after a letter, is a dash all the same
/// (そしてーー彼は, その時ーー扉が, 僕はーー。): after a kanji, or after hiragana that ends a
/// word of two or more letters, with a kanji, a katakana or an opening bracket after it;
/// or after a one-letter particle (は が を に へ で と も の) ending the phrase. After
/// katakana (ドーーン), before hiragana (すごーーい) and after a word of one kana (あーー) it is
/// a long vowel, and so it is before ！ or the end after another word (先輩ーー！, やったーー).
pub(super) fn long_vowels_as_dash(text: &str, start: usize) -> bool {
    let run = text[start..].chars().take_while(|&c| c == 'ー').count();
    let end = start + run * 'ー'.len_utf8();
    let (Some(prev), next) = (char_before(text, start), char_at(text, end)) else {
        return false;
    };
    let before_prev = char_before(text, start - prev.len_utf8());
    let letter_before = before_prev.is_some_and(is_word_char);
    if run < 2 || char_class(prev) == CharClass::Katakana {
        return false;
    }
    let word_follows = next.is_some_and(|n| {
        matches!(char_class(n), CharClass::Kanji)
            || char_class(n) == CharClass::Katakana && n != 'ー'
            || matches!(n, '「' | '『')
    });
    let phrase_ends =
        next.is_none_or(|n| matches!(n, '。' | '、' | '」' | '』' | '…' | '！' | '？' | '\n'));
    match char_class(prev) {
        CharClass::Kanji => word_follows,
        CharClass::Hiragana => {
            letter_before && (word_follows || phrase_ends && "はがをにへでとものも".contains(prev))
        }
        _ => false,
    }
}

/// The dash characters and `ー`, in this order (`ー` last).
pub(super) static DASHES: Needles = Needles::new(&["―", "—", "─", "━", "ー"]);

/// Dash runs of a line, given the hits of `DASHES` in it: (start, end, char count). A run
/// starts at a dash character, or at `ー` that does not follow a letter, and continues over
/// dashes and `ー` (adjacent hits).
pub(super) fn dash_runs_of_hits(text: &str, hits: &[scan::Hit]) -> Vec<(usize, usize, usize)> {
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(&(start, end, k)) = hits.get(i) {
        i += 1;
        let long_vowel = k == 4;
        if long_vowel
            && char_before(text, start).is_some_and(is_word_char)
            && !long_vowels_as_dash(text, start)
        {
            continue;
        }
        let (mut end, mut n) = (end, 1);
        while let Some(&(_, e, _)) = hits.get(i).filter(|h| h.0 == end) {
            end = e;
            n += 1;
            i += 1;
        }
        out.push((start, end, n));
    }
    out
}

/// Dash runs of a line, char by char: the reference for `dash_runs_of_hits`.
#[cfg(test)]
pub(super) fn dash_runs(text: &str) -> Vec<(usize, usize, usize)> {
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(c) = char_at(text, i) {
        let starts = is_dash_char(c)
            || (c == 'ー'
                && (!char_before(text, i).is_some_and(is_word_char)
                    || long_vowels_as_dash(text, i)));
        if !starts {
            i += c.len_utf8();
            continue;
        }
        let start = i;
        let mut n = 0;
        while let Some(d) = char_at(text, i).filter(|&d| is_dash_char(d) || d == 'ー') {
            i += d.len_utf8();
            n += 1;
        }
        out.push((start, i, n));
    }
    out
}

impl Rule for DashStyle {
    fn meta(&self) -> &'static RuleMeta {
        &DASH_STYLE
    }

    fn scope(&self) -> Scope {
        Scope::Line
    }

    fn check(&self, cx: &RuleContext, out: &mut Diagnostics) {
        let doc = cx.doc;
        let guard = LazyGuard::new(doc);
        scan::paragraph_hits(doc, &[&DASHES], |p, text, hits| {
            let base = p.display.start;
            let content = text.trim_matches(ws);
            let separator = !content.is_empty()
                && content
                    .chars()
                    .all(|c| ws(c) || is_dash_char(c) || c == 'ー');
            for (s, e, n) in dash_runs_of_hits(text, hits) {
                let run = &text[s..e];
                let replacement = if separator {
                    "―".repeat(n)
                } else {
                    "―".repeat(even_at_least_two(n))
                };
                if run == replacement {
                    continue;
                }
                let range = base + s..base + e;
                let edit = display_edit(doc, &guard, range.clone(), replacement.clone());
                out.push(
                    Diagnostic::new(
                        DASH_STYLE.code,
                        Severity::Low,
                        doc.source_span(range),
                        format!(
                            "ダッシュ「{run}」は「{replacement}」（U+2015 を偶数個）で書くのが一般的です。"
                        ),
                    )
                    .with_suggestion(replacement.clone())
                    .with_edit_fix(
                        Applicability::Safe,
                        format!("「{run}」を「{replacement}」に置き換える"),
                        edit,
                    ),
                );
            }
        });
    }
}
