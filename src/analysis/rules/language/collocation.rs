//! Collocation patterns: the matcher behind the word-list rules that need a word's
//! neighbours (HOMOPHONE_MISCONVERSION, IDIOM_MISUSE, WORD_MISUSE). A bare 機械 is not a
//! slip; 機械があれば at the start of a clause is. The data files
//! (`templates/dictionaries/homophones.tsv`, …) document the syntax at their top:
//!
//! - `WORD` a word whose base form or surface is WORD, or consecutive words whose surfaces
//!   make WORD exactly (五里夢中 read as 五里 + 夢中);
//! - `A|B` any of; `@POS` a word whose part of speech starts with POS (`@名詞,代名詞`);
//! - `X?` an optional word (X or nothing); `~` an optional adverbial: an adverb (with the
//!   に after it, すぐに), an adjective in its 連用 form (厳しく) or a 形容動詞 stem + に;
//! - `!X` (zero-width) the neighbouring word on the side being matched is not X;
//! - `^` (first only, zero-width) nothing before can modify the next word: nothing before in
//!   the paragraph, or a symbol, a particle other than の and を, a conjunction, an
//!   interjection, a filler, an adverb or an adjective in its 連用 form;
//! - `…` zero to four words, none of them a sentence end, a bracket or a comma (`、? …`
//!   after it lets a match run past one comma);
//! - `[X]` the wrong word (exactly one, words only): what the finding points at and the fix
//!   replaces.
//!
//! Matching is one pass over a paragraph's words: each word's first character looks up the
//! entries whose wrong word starts with it (a map built once per list), and only those are
//! tried around it.

use crate::analysis::morph::Token;
use crate::analysis::settings::TypoEntry;
use std::collections::HashMap;
use std::ops::Range;
use std::sync::{Arc, Mutex};

/// Most words a `…` gap spans.
const MAX_GAP: usize = 4;

#[derive(Clone, Debug, PartialEq)]
enum Alt {
    /// A base form or surface, or a run of surfaces.
    Word(String),
    /// Part-of-speech fields that must lead the word's (品詞, 細分類…).
    Pos(Vec<String>),
}

#[derive(Clone, Debug, PartialEq)]
enum Elem {
    Any(Vec<Alt>),
    Maybe(Vec<Alt>),
    Not(Vec<Alt>),
    ClauseStart,
    Gap,
    Adverbial,
}

/// One parsed pattern.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Pattern {
    elems: Vec<Elem>,
    /// Index of the wrong word in `elems`.
    anchor: usize,
}

/// Parses a pattern, or says (in Japanese, for a config error) what is wrong with it.
pub(crate) fn parse(pattern: &str) -> Result<Pattern, String> {
    let mut elems = Vec::new();
    let mut anchor = None;
    for (k, raw) in pattern.split_whitespace().enumerate() {
        let (raw, is_anchor) = match raw.strip_prefix('[') {
            Some(inner) => match inner.strip_suffix(']') {
                Some(inner) => (inner, true),
                None => return Err(format!("「{raw}」の [ ] が閉じていません")),
            },
            None => (raw, false),
        };
        let elem = match raw {
            "^" if k == 0 => Elem::ClauseStart,
            "^" => return Err("^ はパターンの先頭にだけ書けます".into()),
            "…" => Elem::Gap,
            "~" => Elem::Adverbial,
            _ => match (raw.strip_prefix('!'), raw.strip_suffix('?')) {
                (Some(rest), _) => Elem::Not(alts(rest)?),
                (None, Some(rest)) if !is_anchor => Elem::Maybe(alts(rest)?),
                (None, _) => Elem::Any(alts(raw)?),
            },
        };
        if is_anchor {
            let words_only =
                matches!(&elem, Elem::Any(a) if a.iter().all(|x| matches!(x, Alt::Word(_))));
            if !words_only {
                return Err(format!(
                    "[{raw}] には語だけを書けます（@品詞・!・^・… は不可）"
                ));
            }
            if anchor.replace(elems.len()).is_some() {
                return Err("[ ] で囲む語は一つだけです".into());
            }
        }
        elems.push(elem);
    }
    match anchor {
        Some(anchor) => Ok(Pattern { elems, anchor }),
        None => Err("誤りの語を [ ] で囲んでください（例: [機械] が ある ば）".into()),
    }
}

fn alts(raw: &str) -> Result<Vec<Alt>, String> {
    raw.split('|')
        .map(|a| {
            if a.is_empty() || a.contains(['[', ']']) {
                Err(format!("「{raw}」に空の語か余分な [ ] があります"))
            } else if let Some(pos) = a.strip_prefix('@') {
                Ok(Alt::Pos(pos.split(',').map(str::to_string).collect()))
            } else {
                Ok(Alt::Word(a.to_string()))
            }
        })
        .collect()
}

/// A compiled list: patterns indexed by the first character of their wrong words.
pub(crate) struct Compiled {
    /// (pattern, index in the list, modern usage: skipped for older prose).
    entries: Vec<(Pattern, usize, bool)>,
    by_first: HashMap<char, Vec<usize>>,
}

impl Compiled {
    fn build(list: &[TypoEntry]) -> Compiled {
        let mut entries = Vec::new();
        let mut by_first: HashMap<char, Vec<usize>> = HashMap::new();
        for (i, e) in list.iter().enumerate() {
            // A bad pattern is refused where config is read; one here is skipped.
            let Ok(p) = parse(&e.wrong) else { continue };
            let k = entries.len();
            if let Elem::Any(alts) = &p.elems[p.anchor] {
                let mut firsts: Vec<char> = alts
                    .iter()
                    .filter_map(|a| match a {
                        Alt::Word(w) => w.chars().next(),
                        Alt::Pos(_) => None,
                    })
                    .collect();
                firsts.dedup();
                for c in firsts {
                    let list = by_first.entry(c).or_default();
                    if list.last() != Some(&k) {
                        list.push(k);
                    }
                }
            }
            let modern = crate::analysis::dictionaries::collocation_extra(&e.wrong)
                .is_some_and(|x| x.modern);
            entries.push((p, i, modern));
        }
        Compiled { entries, by_first }
    }

    /// The compiled form of `list`, built once per distinct list (a small process-wide
    /// cache keyed by the shared list itself, as `WordSet` does).
    pub(crate) fn get(list: &Arc<Vec<TypoEntry>>) -> Arc<Compiled> {
        type Cache = Vec<(Arc<Vec<TypoEntry>>, Arc<Compiled>)>;
        static CACHE: Mutex<Cache> = Mutex::new(Vec::new());
        {
            let cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
            if let Some((_, c)) = cache
                .iter()
                .find(|(l, _)| Arc::ptr_eq(l, list) || **l == **list)
            {
                return Arc::clone(c);
            }
        }
        let compiled = Arc::new(Compiled::build(list));
        let mut cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
        if cache.len() >= 8 {
            cache.remove(0);
        }
        cache.push((Arc::clone(list), Arc::clone(&compiled)));
        compiled
    }

    /// Every match in one paragraph's words, in order of the wrong word's position; at one
    /// position only the first entry of the list that matches. With `older_prose`, entries
    /// of modern usage are skipped (始めて for 初めて was the norm of Soseki's day).
    pub(crate) fn matches(&self, toks: &[Token], text: &str, older_prose: bool) -> Vec<Match> {
        let mut out: Vec<Match> = Vec::new();
        if self.entries.is_empty() {
            return out;
        }
        let words = Words { toks, text };
        for (i, tok) in toks.iter().enumerate() {
            let mut keys = [tok.surface(text).chars().next(), tok.base().chars().next()];
            if keys[0] == keys[1] {
                keys[1] = None;
            }
            let mut candidates: Vec<usize> = keys
                .iter()
                .flatten()
                .filter_map(|c| self.by_first.get(c))
                .flatten()
                .copied()
                .collect();
            if candidates.is_empty() {
                continue;
            }
            candidates.sort_unstable();
            candidates.dedup();
            for k in candidates {
                let (p, entry, modern) = &self.entries[k];
                if *modern && older_prose {
                    continue;
                }
                if let Some(m) = p.match_at(&words, i, *entry) {
                    out.push(m);
                    break;
                }
            }
        }
        out
    }
}

/// A match of an entry: token ranges of the whole pattern and of the wrong word.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Match {
    /// Index of the entry in the list given to `Compiled::get`.
    pub entry: usize,
    pub whole: Range<usize>,
    pub anchor: Range<usize>,
    /// The wrong word as written in the pattern, when the text has it in another form
    /// (a conjugated verb matched on its base form): the fix then carries the ending over.
    pub base: Option<String>,
}

struct Words<'a, 't> {
    toks: &'a [Token<'t>],
    text: &'a str,
}

impl Words<'_, '_> {
    fn surface(&self, i: usize) -> &str {
        self.toks[i].surface(self.text)
    }

    fn len(&self) -> usize {
        self.toks.len()
    }

    fn pos_is(&self, i: usize, fields: &[String]) -> bool {
        let t = &self.toks[i];
        fields
            .iter()
            .enumerate()
            .all(|(k, f)| k < 4 && t.pos(k) == f)
    }

    /// Whether word `i` is `w` by base form or surface. IPADIC gives some サ変 verbs the
    /// classical base form (達し → 達す, 察し → 察す): 達する in a pattern matches those too.
    fn is_word(&self, i: usize, w: &str) -> bool {
        let base = self.toks[i].base();
        base == w
            || self.surface(i) == w
            || w.strip_suffix("する")
                .is_some_and(|stem| base.strip_suffix('す') == Some(stem))
    }

    /// Whether word `i` alone is one of `alts`.
    fn single(&self, alts: &[Alt], i: usize) -> bool {
        alts.iter().any(|a| match a {
            Alt::Word(w) => self.is_word(i, w),
            Alt::Pos(p) => self.pos_is(i, p),
        })
    }

    /// Ends `j` such that words `i..j` are one of `alts`: one word by base form, surface
    /// or part of speech, or a run of words whose surfaces make a listed word.
    fn ends(&self, alts: &[Alt], i: usize) -> Vec<usize> {
        let mut out = Vec::new();
        if i >= self.len() {
            return out;
        }
        for a in alts {
            match a {
                Alt::Pos(p) => {
                    if self.pos_is(i, p) {
                        out.push(i + 1);
                    }
                }
                Alt::Word(w) => {
                    if self.is_word(i, w) {
                        out.push(i + 1);
                        continue;
                    }
                    let mut len = 0;
                    let mut j = i;
                    while j < self.len() && len < w.len() {
                        let s = self.surface(j);
                        if !w[len..].starts_with(s) {
                            break;
                        }
                        len += s.len();
                        j += 1;
                    }
                    if len == w.len() && j > i + 1 {
                        out.push(j);
                    }
                }
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Starts `s` such that words `s..i` are one of `alts` (the mirror of `ends`).
    fn starts(&self, alts: &[Alt], i: usize) -> Vec<usize> {
        let mut out = Vec::new();
        if i == 0 {
            return out;
        }
        for a in alts {
            match a {
                Alt::Pos(p) => {
                    if self.pos_is(i - 1, p) {
                        out.push(i - 1);
                    }
                }
                Alt::Word(w) => {
                    if self.is_word(i - 1, w) {
                        out.push(i - 1);
                        continue;
                    }
                    let mut len = 0;
                    let mut s = i;
                    while s > 0 && len < w.len() {
                        let t = self.surface(s - 1);
                        if !w[..w.len() - len].ends_with(t) {
                            break;
                        }
                        len += t.len();
                        s -= 1;
                    }
                    if len == w.len() && s + 1 < i {
                        out.push(s);
                    }
                }
            }
        }
        out
    }

    /// Whether words `i..j` are one adverbial: an adverb (and a に after it), an adjective
    /// in a 連用 form, or a 形容動詞 stem and に.
    fn is_adverbial(&self, i: usize, j: usize) -> bool {
        let t = &self.toks[i];
        let ni = || j == i + 2 && self.toks[i + 1].is("助詞") && self.surface(i + 1) == "に";
        match j - i {
            1 => t.is("副詞") || t.is("形容詞") && t.cform().starts_with("連用"),
            2 => (t.is("副詞") || t.is("名詞") && t.pos(1) == "形容動詞語幹") && ni(),
            _ => false,
        }
    }

    fn adverbial_ends(&self, i: usize) -> Vec<usize> {
        (i + 1..=(i + 2).min(self.len()))
            .filter(|&j| self.is_adverbial(i, j))
            .collect()
    }

    fn adverbial_starts(&self, j: usize) -> Vec<usize> {
        (j.saturating_sub(2)..j)
            .filter(|&i| self.is_adverbial(i, j))
            .collect()
    }

    /// Whether a gap may not cross word `i`: a sentence end, a bracket or a comma.
    fn stops_gap(&self, i: usize) -> bool {
        let t = &self.toks[i];
        t.is("記号") && matches!(t.pos(1), "句点" | "読点" | "括弧開" | "括弧閉")
            || matches!(self.surface(i), "！" | "？" | "!" | "?" | "，" | ",")
    }

    /// Whether a clause starts at word `i`.
    fn clause_starts(&self, i: usize) -> bool {
        let Some(prev) = i.checked_sub(1).map(|p| &self.toks[p]) else {
            return true;
        };
        // Nothing before can modify a noun here: an adverb, a filler or an adjective in its
        // 連用 form (すごく) does not.
        match prev.pos(0) {
            "記号" | "接続詞" | "感動詞" | "フィラー" | "副詞" => true,
            // を always belongs to the verb after it (仕事を始めて知った).
            "助詞" => prev.pos(1) != "連体化" && prev.base() != "を",
            "形容詞" => prev.cform().starts_with("連用"),
            _ => false,
        }
    }
}

impl Pattern {
    fn match_at(&self, w: &Words, i: usize, entry: usize) -> Option<Match> {
        let Elem::Any(alts) = &self.elems[self.anchor] else {
            return None;
        };
        for end in w.ends(alts, i) {
            let Some(stop) = self.forward(w, self.anchor + 1, end) else {
                continue;
            };
            let Some(start) = self.backward(w, self.anchor, i) else {
                continue;
            };
            // Matched on a base form: the text's form differs from the pattern's word.
            let surface: String = (i..end).map(|k| w.surface(k)).collect();
            let base = alts.iter().find_map(|a| match a {
                Alt::Word(x) if end == i + 1 && w.is_word(i, x) && surface != *x => Some(x.clone()),
                _ => None,
            });
            let matched_surface = alts
                .iter()
                .any(|a| matches!(a, Alt::Word(x) if *x == surface));
            return Some(Match {
                entry,
                whole: start..stop,
                anchor: i..end,
                base: if matched_surface { None } else { base },
            });
        }
        None
    }

    /// Matches `elems[k..]` from word `i` on; the end of the match.
    fn forward(&self, w: &Words, k: usize, i: usize) -> Option<usize> {
        let Some(elem) = self.elems.get(k) else {
            return Some(i);
        };
        match elem {
            Elem::Any(alts) => w
                .ends(alts, i)
                .into_iter()
                .find_map(|j| self.forward(w, k + 1, j)),
            Elem::Maybe(alts) => w
                .ends(alts, i)
                .into_iter()
                .chain([i])
                .find_map(|j| self.forward(w, k + 1, j)),
            Elem::Not(alts) => {
                if i < w.len() && w.single(alts, i) {
                    None
                } else {
                    self.forward(w, k + 1, i)
                }
            }
            Elem::Gap => {
                for g in 0..=MAX_GAP {
                    if g > 0 && (i + g > w.len() || w.stops_gap(i + g - 1)) {
                        break;
                    }
                    if let Some(end) = self.forward(w, k + 1, i + g) {
                        return Some(end);
                    }
                }
                None
            }
            Elem::Adverbial => w
                .adverbial_ends(i)
                .into_iter()
                .chain([i])
                .find_map(|j| self.forward(w, k + 1, j)),
            Elem::ClauseStart => None,
        }
    }

    /// Matches `elems[..k]` backwards, ending just before word `i`; the start of the match.
    fn backward(&self, w: &Words, k: usize, i: usize) -> Option<usize> {
        let Some(k) = k.checked_sub(1) else {
            return Some(i);
        };
        match &self.elems[k] {
            Elem::Any(alts) => w
                .starts(alts, i)
                .into_iter()
                .find_map(|s| self.backward(w, k, s)),
            Elem::Maybe(alts) => w
                .starts(alts, i)
                .into_iter()
                .chain([i])
                .find_map(|s| self.backward(w, k, s)),
            Elem::Not(alts) => {
                if i > 0 && w.single(alts, i - 1) {
                    None
                } else {
                    self.backward(w, k, i)
                }
            }
            Elem::Gap => {
                for g in 0..=MAX_GAP {
                    if g > 0 && (g > i || w.stops_gap(i - g)) {
                        break;
                    }
                    if let Some(start) = self.backward(w, k, i - g) {
                        return Some(start);
                    }
                }
                None
            }
            Elem::Adverbial => w
                .adverbial_starts(i)
                .into_iter()
                .chain([i])
                .find_map(|s| self.backward(w, k, s)),
            Elem::ClauseStart => w.clause_starts(i).then_some(i),
        }
    }
}

/// The replacement of the wrong word `surface` by `right`. Matched on its base form
/// `base` (会う for 会っ), the ending carries over: the part `base` and `right` share at
/// their ends is cut, and `surface` must start with what remains of `base` (会っ → 遭っ).
/// `None` when that does not work out (振るっ with 振るう → 振る: another conjugation).
pub(crate) fn replacement(surface: &str, base: Option<&str>, right: &str) -> Option<String> {
    let Some(base) = base else {
        return Some(right.to_string());
    };
    let shared = base
        .chars()
        .rev()
        .zip(right.chars().rev())
        .take_while(|(a, b)| a == b)
        .map(|(a, _)| a.len_utf8())
        .sum::<usize>();
    let (stem, new_stem) = (&base[..base.len() - shared], &right[..right.len() - shared]);
    if stem.is_empty() || new_stem.is_empty() {
        return None;
    }
    // A shared る alone after a kana does not say the two verbs conjugate alike (なる is
    // 五段, 出る 一段: なっ is not 出っ); after kanji stems of one reading it does (謝る, 誤る).
    let kana_end = |s: &str| {
        s.chars()
            .next_back()
            .is_some_and(|c| !crate::analysis::fix::is_kanji(c))
    };
    if &base[base.len() - shared..] == "る" && (kana_end(stem) || kana_end(new_stem)) {
        return None;
    }
    surface
        .strip_prefix(stem)
        .map(|ending| format!("{new_stem}{ending}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::morph::tests::lexicon;

    fn entry(p: &str, r: &str) -> TypoEntry {
        TypoEntry {
            wrong: p.into(),
            right: r.into(),
        }
    }

    /// The texts of (whole, anchor) of every match of `patterns` in `text`.
    fn found(patterns: &[&str], text: &str) -> Vec<(String, String)> {
        let list = Arc::new(patterns.iter().map(|p| entry(p, "x")).collect::<Vec<_>>());
        let c = Compiled::get(&list);
        let toks = lexicon().tokenize(text);
        let span = |r: &Range<usize>| {
            text[toks[r.start].range.start..toks[r.end - 1].range.end].to_string()
        };
        c.matches(&toks, text, false)
            .iter()
            .map(|m| (span(&m.whole), span(&m.anchor)))
            .collect()
    }

    #[test]
    fn patterns_parse_and_bad_ones_are_refused() {
        let p = parse("^ [以外] と|に @形容詞|@名詞,形容動詞語幹").unwrap();
        assert_eq!(p.anchor, 1);
        assert_eq!(p.elems.len(), 4);
        assert_eq!(parse("責任 を ~ [追求]").unwrap().elems[2], Elem::Adverbial);
        for bad in [
            "機械 が",
            "[機械] [機会]",
            "[機械",
            "が ^ [機械]",
            "[@名詞]",
            "[!機械]",
            "[機械] ||",
        ] {
            assert!(parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn words_match_on_base_form_surface_or_a_run_of_surfaces() {
        assert_eq!(
            found(&["[収集] が つく"], "　事態は収集がつかなくなった。"),
            [("収集がつか".into(), "収集".into())]
        );
        // 五里夢中 is two words: the run matches the listed word.
        assert_eq!(found(&["[五里夢中]"], "　五里夢中だ。").len(), 1);
        // Not inside a longer word: a run must start and end at word boundaries.
        assert!(found(&["[里夢]"], "　五里夢中だ。").is_empty());
    }

    #[test]
    fn clause_start_not_and_gap() {
        let p = ["^ [以外] と|に @形容詞|@名詞,形容動詞語幹|@副詞"];
        assert_eq!(found(&p, "　それは以外と簡単だった。").len(), 1);
        assert_eq!(found(&p, "　以外に多い。").len(), 1);
        assert!(found(&p, "　彼以外と話した。").is_empty());
        assert!(found(&p, "　それ以外に多くの人がいた。").is_empty());
        let p = ["を [適応] する !せる"];
        assert_eq!(found(&p, "　法律を適応する。").len(), 1);
        assert!(found(&p, "　体を環境に適応させる。").is_empty());
        let p = ["[体制] を 崩す … 、? … 転ぶ|倒れる"];
        assert_eq!(found(&p, "　体制を崩して、派手に転んだ。").len(), 1);
        assert!(found(&p, "　体制を崩す。そして転んだ。").is_empty());
        // A gap alone does not run past a comma.
        let p = ["[体制] を 崩す … 転ぶ"];
        assert_eq!(found(&p, "　体制を崩して転んだ。").len(), 1);
        assert!(found(&p, "　体制を崩して、転んだ。").is_empty());
    }

    #[test]
    fn an_adverbial_may_stand_between() {
        let p = ["責任 を ~ [追求]"];
        for text in [
            "　責任を追求した。",
            "　責任を厳しく追求した。",
            "　責任をすぐに追求した。",
            "　責任を執拗に追求した。",
        ] {
            assert_eq!(found(&p, text).len(), 1, "{text}");
        }
        assert!(found(&p, "　責任を感じて理想を追求した。").is_empty());
    }

    #[test]
    fn replacement_carries_the_ending_over() {
        assert_eq!(
            replacement("会っ", Some("会う"), "遭う").as_deref(),
            Some("遭っ")
        );
        assert_eq!(replacement("機械", None, "機会").as_deref(), Some("機会"));
        assert_eq!(
            replacement("押さえ", Some("押さえる"), "抑える").as_deref(),
            Some("抑え")
        );
        assert_eq!(replacement("振るっ", Some("振るう"), "振る"), None);
        assert_eq!(replacement("なっ", Some("なる"), "出る"), None);
        assert_eq!(
            replacement("謝っ", Some("謝る"), "誤る").as_deref(),
            Some("誤っ")
        );
    }
}
