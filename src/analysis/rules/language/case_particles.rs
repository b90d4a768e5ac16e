//! Patterns of REPEATED_CASE_PARTICLE beyond two noun phrases in a row (issue 30 item 10,
//! textlint's no-doubled-joshi): two persons as topics in a row, in speech too (私は彼は好き
//! だ), and the で of means twice around a short clause (クォートで囲むことで).

use crate::analysis::morph::Token;
use std::ops::Range;

/// Pronouns that name a person.
const PERSON_PRONOUNS: &[&str] = &[
    "私",
    "わたし",
    "わたくし",
    "あたし",
    "僕",
    "ぼく",
    "俺",
    "おれ",
    "オレ",
    "彼",
    "彼女",
    "あなた",
    "貴方",
    "君",
    "きみ",
    "お前",
    "おまえ",
    "貴様",
    "あいつ",
    "こいつ",
    "そいつ",
    "奴",
    "やつ",
    "我々",
    "私たち",
    "僕たち",
    "俺たち",
    "彼ら",
    "あなたたち",
];

/// Whether `t` names a person: a personal pronoun or a person's name.
pub(super) fn is_person(t: &Token, text: &str) -> bool {
    t.is("名詞")
        && (t.pos(1) == "代名詞" && PERSON_PRONOUNS.contains(&t.surface(text))
            || t.pos(1) == "固有名詞" && t.pos(2) == "人名")
}

/// Two persons, each with は, in a row (私は彼は): the token ranges, in `range`.
pub(super) fn person_topics(toks: &[Token], text: &str, range: Range<usize>) -> Vec<Range<usize>> {
    let wa = |t: &Token| t.is("助詞") && t.pos(1) == "係助詞" && t.surface(text) == "は";
    range
        .clone()
        .filter(|&k| {
            k + 3 < range.end
                && is_person(&toks[k], text)
                && wa(&toks[k + 1])
                && is_person(&toks[k + 2], text)
                && wa(&toks[k + 3])
                && toks[k].surface(text) != toks[k + 2].surface(text)
        })
        .map(|k| k..k + 4)
        .collect()
}

/// A noun + で, then a short clause (verbs, nouns, adverbs; no particle, no comma) and こと
/// + で: the means said twice (クォートで囲むことで文字列を作る). Narration only.
pub(super) fn means_twice(
    toks: &[Token],
    text: &str,
    speech: &[bool],
    range: Range<usize>,
) -> Vec<Range<usize>> {
    let de = |t: &Token| {
        t.is("助詞") && t.pos(1) == "格助詞" && t.pos(2) == "一般" && t.surface(text) == "で"
    };
    let mut out = Vec::new();
    for i in range.clone() {
        if speech[i] || !de(&toks[i]) || i == range.start {
            continue;
        }
        let noun = |t: &Token| t.is("名詞") && t.pos(1) != "非自立" && t.pos(1) != "数";
        if !noun(&toks[i - 1]) {
            continue;
        }
        let start = (range.start..i)
            .rev()
            .take_while(|&k| toks[k].is("名詞") || toks[k].is("接頭詞"))
            .last()
            .unwrap_or(i - 1);
        let mut j = i + 1;
        let mut verb = false;
        while j + 1 < range.end {
            let t = &toks[j];
            if t.is("名詞") && t.pos(1) == "非自立" && t.surface(text) == "こと" {
                // ことで before a comma is tagged the copula's で (強化することで、).
                let n = &toks[j + 1];
                let de2 = de(n)
                    || n.is("助動詞") && n.surface(text) == "で" && n.cform().starts_with("連用");
                if verb && de2 && !speech[j + 1] {
                    out.push(start..j + 2);
                }
                break;
            }
            if t.is("動詞") || t.is("助動詞") {
                verb = true;
            } else if !(t.is("名詞") || t.is("副詞") || t.is("形容詞")) {
                break;
            }
            j += 1;
        }
    }
    out
}

/// The doubled particle of a reported range: its last token, with the に・で before a final
/// は (には, では).
pub(super) fn particle_of(toks: &[Token], text: &str, r: &Range<usize>) -> String {
    let last = toks[r.end - 1].surface(text);
    match r.end.checked_sub(2).map(|k| toks[k].surface(text)) {
        Some(p @ ("に" | "で")) if last == "は" && toks[r.end - 2].is("助詞") => {
            format!("{p}{last}")
        }
        _ => last.to_string(),
    }
}
