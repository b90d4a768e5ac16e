//! 表記ゆれ from the dictionary (issue 30 item 7): one word written two ways in one file,
//! found from the words' base forms and readings instead of a list of pairs. Two spellings
//! are one word when the dictionary gives them the same reading of the base form, the same
//! kind of word (and the same use: the auxiliary 〜ていただく is not the verb 頂く), and one
//! is the other with some kanji written in kana (嬉しい / うれしい, 友達 / 友だち, 行う / 行なう).
//! NOTATION_INCONSISTENCY reports them beside the pairs of `notation_pairs.tsv`.

use crate::analysis::fix::is_kanji;
use crate::analysis::morph::{ParagraphWords, Words};
use crate::analysis::segment::Document;
use crate::analysis::segment::{char_class, CharClass};
use std::collections::HashMap;
use std::ops::Range;

/// One word written more than one way: each spelling (its base form) with the display
/// ranges where it is used, most used first.
pub(crate) struct Variants {
    pub spellings: Vec<(String, Vec<Range<usize>>)>,
}

/// Spellings the dictionary cannot tell apart from another word of the same reading: 方 is
/// read ホウ even where it is the person (あの方), so it is not compared with ほう.
const NOT_COMPARED: &[&str] = &["方", "ほう"];

/// Verbs that follow a て-form as auxiliaries (見ていく, 買ってもらう), in either spelling.
const SUBSIDIARY_VERBS: &[&str] = &[
    "いく",
    "行く",
    "くる",
    "来る",
    "みる",
    "見る",
    "おく",
    "置く",
    "しまう",
    "仕舞う",
    "もらう",
    "貰う",
    "いただく",
    "頂く",
    "くださる",
    "下さる",
    "あげる",
    "上げる",
    "くれる",
    "呉れる",
    "いる",
    "居る",
    "ある",
    "有る",
    "みせる",
    "見せる",
    "やる",
    "ゆく",
];

/// Kana spellings shorter than this are not compared: two kana are often another word
/// (いま 居間, きく 効く) that the reading alone cannot tell from the kanji one.
const MIN_KANA_CHARS: usize = 3;

/// Every word of the document written more than one way.
pub(crate) fn lemma_variants(doc: &Document, words: &Words) -> Vec<Variants> {
    // The words are grouped by key (kind of word, reading of the base form): per reading,
    // each kind with the index of its group; per group, in order of first use, each
    // spelling (base form) with its ranges, in order of first use. Kinds and spellings
    // borrow the dictionary's features and the reading is written into one buffer: a
    // corpus has hundreds of thousands of words, and a few `String`s for each were a tenth
    // of a check.
    let mut index: HashMap<String, Vec<(Kind, usize)>> = HashMap::new();
    let mut groups: Vec<Spellings<&str>> = Vec::new();
    let mut reading = String::new();
    for pw in words.paragraphs() {
        let text = doc.paragraph_text(&doc.paragraphs[pw.paragraph]);
        for i in 0..pw.tokens.len() {
            let Some((kind, spelling)) = lemma_key(pw, text, i, &mut reading) else {
                continue;
            };
            let t = &pw.tokens[i];
            let range = pw.base + t.range.start..pw.base + t.range.end;
            if !index.contains_key(reading.as_str()) {
                index.insert(reading.clone(), Vec::new());
            }
            let Some(kinds) = index.get_mut(reading.as_str()) else {
                continue;
            };
            let at = match kinds.iter().find(|(k, _)| *k == kind) {
                Some(&(_, at)) => at,
                None => {
                    groups.push(Vec::new());
                    kinds.push((kind, groups.len() - 1));
                    groups.len() - 1
                }
            };
            let group = &mut groups[at];
            match group.iter_mut().find(|(s, _)| *s == spelling) {
                Some((_, ranges)) => ranges.push(range),
                None => group.push((spelling, vec![range])),
            }
        }
    }
    let mut out = Vec::new();
    for group in groups {
        if group.len() < 2 || !one_word(&group) {
            continue;
        }
        let mut spellings: Spellings = group
            .into_iter()
            .map(|(s, ranges)| (s.to_string(), ranges))
            .collect();
        spellings.sort_by_key(|(_, r)| std::cmp::Reverse(r.len()));
        out.push(Variants { spellings });
    }
    out
}

/// Each spelling of one word with the ranges it is written at, in order of first use.
type Spellings<S = String> = Vec<(S, Vec<Range<usize>>)>;

/// The comparison key of token `i` (its kind of word, and the reading of its base form
/// written into `reading`) and its spelling (base form), for a word that may be written in
/// kanji or kana.
fn lemma_key<'t>(
    pw: &ParagraphWords<'t>,
    text: &str,
    i: usize,
    reading_out: &mut String,
) -> Option<(Kind<'t>, &'t str)> {
    let t = &pw.tokens[i];
    if t.unknown {
        return None;
    }
    let kind = kind_of(pw, text, i)?;
    let base = t.base();
    let reading = t.reading();
    if base == "*" || reading == "*" || NOT_COMPARED.contains(&base) {
        return None;
    }
    // Kanji and hiragana only (カタカナ and Latin spellings are chosen for effect).
    if !base
        .chars()
        .all(|c| matches!(char_class(c), CharClass::Kanji | CharClass::Hiragana))
    {
        return None;
    }
    let surface = t.surface(text);
    if !base.chars().any(is_kanji)
        && (base.chars().count() < MIN_KANA_CHARS || surface.chars().count() < MIN_KANA_CHARS)
    {
        return None;
    }
    base_reading(surface, base, reading, reading_out).then_some((kind, base))
}

/// A kind of word: part of speech; for a verb or adjective whether it is used as an
/// auxiliary (0 or 1) and its 活用型, for a noun 2 and its 細分類1, else 2 and "".
type Kind<'t> = (&'t str, u8, &'t str);

/// The kind of word of token `i`, or None for words not compared: particles, auxiliaries,
/// symbols, prefixes, interjections, numbers, names, pronouns and suffixes. A verb used as
/// an auxiliary (after て/で, or 非自立) and a formal noun (非自立) are kinds of their own.
fn kind_of<'t>(pw: &ParagraphWords<'t>, text: &str, i: usize) -> Option<Kind<'t>> {
    let t = &pw.tokens[i];
    let after_te = i > 0 && pw.tokens[i - 1].is("助詞") && pw.tokens[i - 1].pos(1) == "接続助詞";
    match t.pos(0) {
        "動詞" | "形容詞" => {
            // The second verb of a compound (浮かびあがる, 食べすぎる, 高すぎる) is written in
            // kana by a common convention where the verb alone is not (上がる, 過ぎる): a use
            // of its own, as after て.
            // 〜にすぎない (merely) likewise.
            let compound = i > 0 && {
                let p = &pw.tokens[i - 1];
                p.is("動詞") && p.cform().starts_with("連用")
                    || p.is("形容詞") && p.cform().contains("ガル接続")
                    || p.surface(text) == "に" && matches!(t.base(), "すぎる" | "過ぎる")
            };
            // After て only the subsidiary verbs (見ていく, 買ってもらう) are another use: しびれて
            // 上がらない is the verb.
            let subsidiary = after_te && SUBSIDIARY_VERBS.contains(&t.base());
            let dependent = t.pos(1) != "自立" || subsidiary || compound;
            // いう after a quoting と is written in kana by convention (という), 言う for speech.
            let quoting = i > 0 && pw.tokens[i - 1].pos(2) == "引用";
            if quoting && matches!(t.base(), "いう" | "言う") {
                return None;
            }
            Some((t.pos(0), u8::from(dependent), t.ctype()))
        }
        // Of the same part of speech: 殺気 (名詞,一般) and さっき (名詞,副詞可能) read alike.
        // (The list's pairs cover the spellings the dictionary classes apart: 沢山 is an
        // adverb and たくさん a noun, 一緒 a サ変 noun and いっしょ a plain one.)
        "名詞" => match t.pos(1) {
            "数" | "固有名詞" | "代名詞" | "接尾" | "特殊" => None,
            sub => Some(("名詞", 2, sub)),
        },
        pos @ ("副詞" | "連体詞" | "接続詞") => Some((pos, 2, "")),
        _ => None,
    }
}

/// The reading (katakana) of base form `base` of a word whose surface `surface` reads
/// `reading`, written into `out`: the kana ending where surface and base differ is swapped
/// (書い/カイ → 書く/カク). False (and `out` unspecified) when it cannot be told.
fn base_reading(surface: &str, base: &str, reading: &str, out: &mut String) -> bool {
    let common = surface
        .chars()
        .zip(base.chars())
        .take_while(|(a, b)| a == b)
        .map(|(a, _)| a.len_utf8())
        .sum::<usize>();
    let (surface_tail, base_tail) = (&surface[common..], &base[common..]);
    let kana = |s: &str| s.chars().all(|c| char_class(c) == CharClass::Hiragana);
    if !kana(surface_tail) || !kana(base_tail) {
        return false;
    }
    let mut stem = reading;
    for c in surface_tail.chars().rev() {
        match stem.strip_suffix(katakana(c)) {
            Some(rest) => stem = rest,
            None => return false,
        }
    }
    out.clear();
    out.push_str(stem);
    out.extend(base_tail.chars().map(katakana));
    true
}

fn katakana(c: char) -> char {
    match c {
        'ぁ'..='ゖ' => char::from_u32(c as u32 + 0x60).unwrap_or(c),
        _ => c,
    }
}

/// Whether the spellings are one word written several ways: each spelling's kanji are a
/// subsequence of the fullest spelling's, and a spelling with fewer kanji has more kana in
/// their place (友だち of 友達, いっしょ of 一緒) or differs only in its kana (答え / 答, 行なう /
/// 行う). 帰る and 返る (or 有る and 在る) read alike but are two words, and so are 風 and 風邪.
fn one_word<S: AsRef<str>>(spellings: &[(S, Vec<Range<usize>>)]) -> bool {
    let parts = |s: &str| -> (String, usize) {
        (
            s.chars().filter(|c| is_kanji(*c)).collect(),
            s.chars().filter(|c| !is_kanji(*c)).count(),
        )
    };
    let all: Vec<(String, usize)> = spellings.iter().map(|(s, _)| parts(s.as_ref())).collect();
    let Some((fullest, fullest_kana)) = all.iter().max_by_key(|(k, _)| k.chars().count()) else {
        return false;
    };
    all.iter()
        .all(|(k, kana)| is_subsequence(k, fullest) && (k == fullest || kana > fullest_kana))
}

fn is_subsequence(short: &str, long: &str) -> bool {
    let mut rest = long.chars();
    short.chars().all(|c| rest.any(|d| d == c))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn variants(text: &str) -> Vec<Vec<(String, usize)>> {
        let doc = Document::parse(text);
        let words = Words::new(&doc, Some(crate::analysis::morph::tests::lexicon()));
        lemma_variants(&doc, &words)
            .into_iter()
            .map(|v| v.spellings.into_iter().map(|(s, r)| (s, r.len())).collect())
            .collect()
    }

    fn pair(a: &str, n: usize, b: &str, m: usize) -> Vec<(String, usize)> {
        vec![(a.to_string(), n), (b.to_string(), m)]
    }

    #[test]
    fn kanji_and_kana_of_one_word_are_grouped() {
        assert_eq!(
            variants("　嬉しい。とても嬉しかった。うれしくて泣いた。\n"),
            [pair("嬉しい", 2, "うれしい", 1)]
        );
        assert_eq!(
            variants("　毎日頑張る。明日もがんばろう。\n"),
            [pair("頑張る", 1, "がんばる", 1)]
        );
        assert_eq!(
            variants("　友達が来た。友だちと遊んだ。友達だ。\n"),
            [pair("友達", 2, "友だち", 1)]
        );
        // Conjugated forms count by their base form.
        assert_eq!(
            variants("　やっと出来た。何でもできる。出来ることはやった。\n"),
            [pair("出来る", 2, "できる", 1)]
        );
        // After a て-clause a verb is the verb (しびれて上がらない), not an auxiliary.
        assert_eq!(
            variants(
                "　歓声が上がった。腕はしびれて上がらない。光が浮かびあがる。花火があがった。\n"
            ),
            [pair("上がる", 2, "あがる", 1)]
        );
        assert_eq!(
            variants("　儀式を行う。祭りを行なった。\n"),
            [pair("行う", 1, "行なう", 1)]
        );
    }

    #[test]
    fn different_words_and_uses_are_not_grouped() {
        for ok in [
            // The auxiliary against the verb: the standard split.
            "　見ていただく。本を頂く。\n",
            // The second verb of a compound against the verb alone.
            "　月が浮かびあがった。歓声が上がった。\n",
            "　時間が過ぎた。食べすぎた。\n",
            "　時間が過ぎた。ただの道しるべにすぎん。\n",
            // という against 言う.
            "　猫という動物。彼が言う。\n",
            // あの方 (a person, read ホウ by the dictionary) against ほう.
            "　あの方は先生だ。こちらのほうがいい。\n",
            // Two kanji words of one reading (帰る, 返る) with a kana one: which is meant?
            "　家に帰る。手紙が返る。彼はかえる。\n",
            // Katakana is chosen for effect.
            "　猫がいた。ネコだ。\n",
            // Names and pronouns.
            "　私は行く。わたしも行く。\n",
            // Short kana.
            "　今行く。いま行く。\n",
            // Words of one reading: 殺気 / さっき, 風 / 風邪.
            "　殺気を感じた。さっき見た。\n",
            "　風が吹く。風邪をひいた。\n",
        ] {
            assert!(variants(ok).is_empty(), "{ok}: {:?}", variants(ok));
        }
    }

    #[test]
    fn base_reading_swaps_the_kana_ending() {
        let base_reading = |surface: &str, base: &str, reading: &str| {
            let mut out = String::new();
            super::base_reading(surface, base, reading, &mut out).then_some(out)
        };
        assert_eq!(
            base_reading("書い", "書く", "カイ").as_deref(),
            Some("カク")
        );
        assert_eq!(
            base_reading("出来", "出来る", "デキ").as_deref(),
            Some("デキル")
        );
        assert_eq!(
            base_reading("できる", "できる", "デキル").as_deref(),
            Some("デキル")
        );
        assert_eq!(
            base_reading("分かっ", "分かる", "ワカッ").as_deref(),
            Some("ワカル")
        );
        assert_eq!(
            base_reading("一緒", "一緒", "イッショ").as_deref(),
            Some("イッショ")
        );
    }
}
