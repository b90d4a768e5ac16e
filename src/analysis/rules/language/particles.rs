//! Rules on the chaining of words within and across sentences: a doubled word, の chains,
//! the same case particle twice, 接続助詞「が」twice, the same 接続詞 opening adjacent
//! sentences.

use super::super::{Rule, RuleContext, RuleDoc, RuleMeta, Scope};
use super::{is_symbol, sentences, tokens_span, tokens_text};
use crate::analysis::fix::LazyGuard;
use crate::analysis::morph::Token;
use crate::analysis::rules::readability::is_kanji_numeral;
use crate::analysis::segment::{char_class, CharClass};
use crate::analysis::Diagnostics;
use crate::analysis::{Applicability, Aspect, Diagnostic, Severity};
use std::ops::Range;

fn diag(meta: &RuleMeta, span: crate::analysis::Span, message: String) -> Diagnostic {
    Diagnostic::new(meta.code, meta.default_severity, span, message)
}

// ---------------------------------------------------------------------------------------
// DOUBLED_WORD

pub struct DoubledWord;

static DOUBLED_WORD: RuleMeta = RuleMeta {
    code: "DOUBLED_WORD",
    aspect: Aspect::Grammar,
    default_severity: Severity::High,
    summary: "An accidentally doubled word or particle (彼は彼は, 本をを)",
    fix: Some(Applicability::Standard),
    doc: RuleDoc {
        what: "同じ語句が間を置かずに二度続いている箇所（地の文の「彼は彼は」「依頼書依頼書」、「本をを読む」の「をを」）を検出します。読点や「……」を挟んだ繰り返し（「私は、私は」）、畳語（「いろいろ」「どんどん」）、強調の反復（「上へ上へ」「次から次から」）、台詞の中の言い直しは対象外です。",
        why: "推敲でのコピー・貼り付けや書き直しの残りで生じる典型的な打ち間違いで、読者はすぐに気づきます。",
        example: "　彼は彼は振り返らずに、本をを閉じた。",
        fixed: "　彼は振り返らずに、本を閉じた。",
    },
};

impl Rule for DoubledWord {
    fn meta(&self) -> &'static RuleMeta {
        &DOUBLED_WORD
    }

    fn scope(&self) -> Scope {
        Scope::Line
    }

    fn check(&self, cx: &RuleContext, out: &mut Diagnostics) {
        let (doc, words) = (cx.doc, cx.words);
        let guard = LazyGuard::new(doc);
        for pw in words.paragraphs() {
            let text = doc.paragraph_text(&doc.paragraphs[pw.paragraph]);
            let toks = &pw.tokens;
            let speech = &pw.speech[..];
            let mut i = 0;
            while i < toks.len() {
                let Some(n) = doubled_unit(toks, text, speech, i) else {
                    i += 1;
                    continue;
                };
                let first = tokens_text(doc, pw, i..i + n).to_string();
                let second = i + n..i + 2 * n;
                let s = pw.base + toks[second.start].range.start;
                let e = pw.base + toks[second.end - 1].range.end;
                if one_ruby_base(doc, pw.base + toks[i].range.start, e) {
                    i = second.end;
                    continue;
                }
                let edit = crate::analysis::fix::display_edit(doc, &guard, s..e, "");
                out.push(
                    diag(
                        &DOUBLED_WORD,
                        tokens_span(words, pw, i..second.end),
                        format!("「{first}」が二度続いています。"),
                    )
                    .with_suggestion(first.clone())
                    .with_edit_fix(
                        Applicability::Standard,
                        format!("重複した「{first}」を削る"),
                        edit,
                    ),
                );
                i = second.end;
            }
        }
    }
}

/// Whether displayed range `start..end` is the base of one ruby (寸断寸断《ずたずた》に): the
/// author wrote the doubling as one word with one reading. The source has the reading right
/// after the range (not 《《, which opens emphasis) and no ｜ opening a shorter base inside it.
fn one_ruby_base(doc: &crate::analysis::segment::Document, start: usize, end: usize) -> bool {
    let src = doc.source_span(start..end);
    doc.source
        .get(src.end..)
        .is_some_and(|rest| rest.starts_with('《') && !rest.starts_with("《《"))
        && doc
            .source
            .get(src.range())
            .is_some_and(|base| !base.contains('｜'))
}

/// Whether word `b` exists and is word `a` again (surface and part of speech).
fn same_word(toks: &[Token], text: &str, a: usize, b: usize) -> bool {
    toks.get(b)
        .is_some_and(|t| t.surface(text) == toks[a].surface(text) && t.pos4() == toks[a].pos4())
}

/// Whether the particle at `i` is written twice (をを). を・が・に doubled anywhere; の・は
/// right after a noun (放課後のの, 彼女はは) unless kana around it say misparse: ののしる is
/// one word, ははは a laugh (even after 母は), かわらははこぐさ a flower's name, ははあー an
/// interjection. と・か・も doubled can be correct (〜とと is a stutter, か…か a choice).
fn particle_doubled(toks: &[Token], text: &str, i: usize) -> bool {
    let same = |a: usize, b: usize| same_word(toks, text, a, b);
    if !toks[i].is("助詞") || !same(i, i + 1) {
        return false;
    }
    match toks[i].surface(text) {
        "を" | "が" | "に" => true,
        "の" | "は" => {
            let hiragana = |c: char| char_class(c) == CharClass::Hiragana;
            let next = toks.get(i + 2);
            i > 0
                && toks[i - 1].is("名詞")
                && !same(i, i + 2)
                && !next.is_some_and(|t| t.is("フィラー") || t.is("感動詞"))
                && !(toks[i - 1].surface(text).chars().all(hiragana)
                    && next.is_some_and(|t| t.surface(text).starts_with(hiragana)))
        }
        _ => false,
    }
}

/// The length (1–3 words) of a unit at `i` immediately repeated, if it is a doubled word
/// worth reporting: a particle doubled (をを), a noun doubled (依頼書依頼書) or a content word +
/// particle (彼は彼は).
fn doubled_unit(toks: &[Token], text: &str, speech: &[bool], i: usize) -> Option<usize> {
    let same = |a: usize, b: usize| same_word(toks, text, a, b);
    if particle_doubled(toks, text, i) {
        return Some(1);
    }
    if let Some(n) = noun_doubled(toks, text, speech, i) {
        return Some(n);
    }
    if let Some(n) = phrase_doubled(toks, text, speech, i) {
        return Some(n);
    }
    // A noun + は・が・を doubled (彼は彼は). Other particles are the classic emphatic
    // repetitions of literature (上へ上へ, 次から次から, 迷子の迷子の), left alone; so is speech,
    // and so is the intensifier それはそれは (これはこれは): a demonstrative doubled is an idiom.
    if i + 3 < toks.len()
        && !speech[i]
        && toks[i].is("名詞")
        && !toks[i].unknown
        && !matches!(toks[i].surface(text), "それ" | "これ" | "あれ")
        && toks[i + 1].is("助詞")
        && (matches!(toks[i + 1].surface(text), "は" | "が" | "を")
            // A pronoun's の doubled is a slip (彼の彼の横顔); a noun's may be a refrain.
            || toks[i].pos(1) == "代名詞" && toks[i + 1].surface(text) == "の")
        && same(i, i + 2)
        && same(i + 1, i + 3)
    {
        return Some(2);
    }
    None
}

/// The number of words (1–3) of a noun at `i` of two or more characters, one of them a kanji,
/// written twice in a row in narration (依頼書依頼書). A one-character noun doubled is a
/// reduplication (山山, 家家), a number is a number (一つ一つ), a kana word doubled a mimetic
/// (けらけら: けら is also a noun), and a word doubled before と is called or quoted (先生先生と
/// 呼ぶ, 有望有望と): the corpus had 19 of these before they were left out. The pair must be
/// followed by a particle, as a slip in a sentence is (依頼書依頼書を): a chant ends in 。
/// (南無阿弥陀仏南無阿弥陀仏。) and a doubled mimetic goes on as a verb (愚図愚図して).
fn noun_doubled(toks: &[Token], text: &str, speech: &[bool], i: usize) -> Option<usize> {
    let same = |a: usize, b: usize| same_word(toks, text, a, b);
    for n in 1..=3 {
        if i + 2 * n <= toks.len()
            && !speech[i]
            && toks[i..i + n].iter().enumerate().all(|(k, t)| {
                t.is("名詞")
                    && !t.unknown
                    && (matches!(t.pos(1), "一般" | "サ変接続" | "固有名詞" | "形容動詞語幹")
                        || k > 0 && t.pos(1) == "接尾")
            })
            && toks[i..i + n]
                .iter()
                .map(|t| t.surface(text).chars().count())
                .sum::<usize>()
                >= 2
            && toks[i..i + n].iter().any(|t| {
                t.surface(text)
                    .chars()
                    .any(|c| char_class(c) == CharClass::Kanji)
            })
            && !toks[i].surface(text).starts_with(is_kanji_numeral)
            && (0..n).all(|k| same(i + k, i + n + k))
            && toks
                .get(i + 2 * n)
                .is_some_and(|t| t.is("助詞") && !matches!(t.surface(text), "と" | "って" | "とか"))
        {
            return Some(n);
        }
    }
    None
}

/// The number of words (3–6) of a predicate phrase at `i` written twice in a row in
/// narration (かもしれないかもしれない): it ends in a verb or an auxiliary, not in て or も
/// (歩いて歩いて, 何度も何度も are emphasis), and holds four characters or more.
fn phrase_doubled(toks: &[Token], text: &str, speech: &[bool], i: usize) -> Option<usize> {
    let same = |a: usize, b: usize| same_word(toks, text, a, b);
    (3..=6).find(|&n| {
        let unit = i..i + n;
        i + 2 * n <= toks.len()
            && !speech[i]
            && toks[i..i + 2 * n]
                .iter()
                .all(|t| !is_symbol(t) && !t.unknown)
            && !toks[i].is("名詞")
            && (toks[i + n - 1].is("助動詞") || toks[i + n - 1].is("動詞"))
            && unit.clone().all(|k| same(k, k + n))
            // Said twice and quoted (話してはいけぬ話してはいけぬと合図する): on purpose.
            && !toks
                .get(i + 2 * n)
                .is_some_and(|t| matches!(t.surface(text), "と" | "って"))
            && toks[unit]
                .iter()
                .map(|t| t.surface(text).chars().count())
                .sum::<usize>()
                >= 4
    })
}

// ---------------------------------------------------------------------------------------
// NO_CHAIN

pub struct NoChain;

static NO_CHAIN: RuleMeta = RuleMeta {
    code: "NO_CHAIN",
    aspect: Aspect::Readability,
    default_severity: Severity::Low,
    summary: "A chain of の: four, or three between nouns of possession (東京の大学の先生の娘)",
    fix: None,
    doc: RuleDoc {
        what: "名詞を「の」でつないだ長い連鎖を検出します。「の」が四つ以上（「学校の裏の森の奥の小屋」）、または持ち主をたどる「の」が三つ（「僕の姉の友人の弟」）続くときに報告します。「机の上の」「自分の」のように位置・再帰を表す語の後の「の」は持ち主をたどらないので三つには数えず、「のよう」「のため」など形式名詞の前の「の」は文法上の「の」なので数えません。",
        why: "「の」が続くと、どの語がどの語に係るのかを読者が一つずつ確かめなければならず、読むテンポが落ちます。",
        example: "　王都の北の森の奥の小屋に、魔女が住んでいた。",
        fixed: "　王都の北に広がる森の奥、その小屋に魔女が住んでいた。",
    },
};

impl Rule for NoChain {
    fn meta(&self) -> &'static RuleMeta {
        &NO_CHAIN
    }

    fn scope(&self) -> Scope {
        Scope::Line
    }

    fn check(&self, cx: &RuleContext, out: &mut Diagnostics) {
        let (doc, words) = (cx.doc, cx.words);
        for sw in sentences(doc, words) {
            let pw = sw.pw;
            let text = doc.paragraph_text(&doc.paragraphs[pw.paragraph]);
            let base = sw.tokens.start;
            let toks = sw.tokens();
            // (first の, last の, の count, heavy links) of the current chain.
            let mut chain: Option<(usize, usize, usize, usize)> = None;
            let mut flush = |chain: Option<(usize, usize, usize, usize)>| {
                if let Some((a, b, n, _)) = chain.filter(|c| c.2 >= 4 || c.3 >= 3) {
                    // From the compound noun before the first の to the one after the last:
                    // whole words (作業台の上の自分の潮見図, not 台…潮見).
                    let mut start = (base + a).saturating_sub(1).max(base);
                    while start > sw.tokens.start && noun_part(&pw.tokens[start - 1]) {
                        start -= 1;
                    }
                    let mut end = (base + b + 2).min(sw.tokens.end);
                    while end < sw.tokens.end && noun_part(&pw.tokens[end]) {
                        end += 1;
                    }
                    out.push(
                        diag(
                            &NO_CHAIN,
                            tokens_span(words, pw, start..end),
                            format!(
                                "「の」が{n}回続いています（{}）。",
                                tokens_text(doc, pw, start..end)
                            ),
                        )
                        .with_suggestion("言い換えや語順の入れ替えで「の」を減らす"),
                    );
                }
            };
            for (k, t) in toks.iter().enumerate() {
                let is_no = t.is("助詞") && t.pos(1) == "連体化" && t.surface(text) == "の";
                // の before a formal noun of a set phrase is grammar, not a link of the chain:
                // 鍔のよう, 幸のため, 時のほか (のように, のために). 上・中 still link.
                let grammatical = is_no
                    && toks.get(k + 1).is_some_and(|n| {
                        n.is("名詞")
                            && matches!(
                                n.surface(text),
                                "よう" | "ため" | "ほか" | "まま" | "はず" | "とおり" | "通り"
                            )
                    });
                // A chain links nouns: an の after anything else (あずま|や の) starts none.
                let after_noun = k > 0 && noun_part(&toks[k - 1]);
                if grammatical {
                    flush(chain.take());
                } else if is_no && (chain.is_some() || after_noun) {
                    let heavy = usize::from(after_noun && !light_link(&toks[k - 1], text));
                    chain = Some(match chain {
                        Some((a, _, n, h)) => (a, k, n + 1, h + heavy),
                        None => (k, k, 1, heavy),
                    });
                } else if !(t.is("名詞") || t.is("接頭詞")) {
                    flush(chain.take());
                }
            }
            flush(chain);
        }
    }
}

/// A token of a compound noun: a noun of any kind or a prefix.
fn noun_part(t: &Token) -> bool {
    t.is("名詞") || t.is("接頭詞")
}

/// A noun before の that adds no hop of possession to a chain (issue 31: most three-の
/// phrases are ordinary): a relation to the noun before it (机の上の, 森の奥の, 駅の前の),
/// the reflexive 自分 and 例 (自分の家の), a time (頃の), or a formal noun (方の). A chain is
/// reported from four の, or from three heavy links (僕の姉の友人の弟).
fn light_link(t: &Token, text: &str) -> bool {
    t.pos(1) == "非自立"
        || matches!(
            t.surface(text),
            "上" | "中"
                | "下"
                | "前"
                | "後"
                | "後ろ"
                | "横"
                | "奥"
                | "隅"
                | "外"
                | "内"
                | "側"
                | "端"
                | "先"
                | "向う"
                | "向こう"
                | "裏"
                | "表"
                | "辺"
                | "周り"
                | "まわり"
                | "間"
                | "傍"
                | "脇"
                | "そば"
                | "なか"
                | "うち"
                | "自分"
                | "例"
                | "れい"
                | "頃"
                | "ころ"
        )
}

// ---------------------------------------------------------------------------------------
// REPEATED_CASE_PARTICLE

pub struct DoubledParticle;

static REPEATED_CASE_PARTICLE: RuleMeta = RuleMeta {
    code: "REPEATED_CASE_PARTICLE",
    aspect: Aspect::Readability,
    default_severity: Severity::Low,
    summary: "The same case particle on two noun phrases in a row (駅前で人混みで, 私は彼は…と)",
    fix: None,
    doc: RuleDoc {
        what: "地の文で、同じ助詞「が・を・で・へ・は」が名詞ひとつを挟んで続けて使われている箇所（「駅前で人混みで」「私は彼は悪くないと思う」「私が彼が嘘をついたと気づく」）を検出します（textlint の no-doubled-joshi を最小間隔で使ったときの考え方）。「が」「は」は、二つ目が引用（〜と）や名詞を修飾する節の中にあって、一つ目と別の述語にかかるときだけ数えます（「吾輩は名前はない」「こっちが用がある」は正しい文です）。間に読点・述語・他の助詞があるもの、時や数を表す語（「今日は僕は」「二人で車で」）、同じ語の反復（「上へ上へ」）、「に」（「最初に森に」「遊びに」など副詞的な用法が多いため）、「の・と・も・から」、台詞は対象外です。",
        why: "同じ助詞が続くと、どの語がどの述語にかかるのかが曖昧になり、文が読みにくくなります。",
        example: "　駅前で人混みで彼を見失った。",
        fixed: "　駅前の人混みで彼を見失った。",
    },
};

/// The particles counted. に is left out: after a noun it is as often adverbial or of
/// purpose (最初に, 一緒に, 遊びに, 世話に) as a second participant, and on the corpus
/// nearly every doubled に was correct. から and より are parallel phrases (右から左から).
const CASE_PARTICLES: &[&str] = &["が", "を", "で", "へ"];

/// A word of a noun phrase: nouns of any kind, prefixes.
fn noun_like(t: &Token) -> bool {
    t.is("名詞") || t.is("接頭詞")
}

/// A noun phrase that says when or how much (今日, 二人, 三時): a particle after it sets
/// the scene (今日は僕は休む, 二人で車で帰る) rather than name a second participant `particle`.
/// A noun that IPADIC calls 副詞可能 (今日, 前, 途中) sets the scene too, except before で,
/// where it is as often the place of the act (城門の前で広場で; but 真向へ前へのめった).
fn scene_setting(toks: &[Token], phrase: Range<usize>, particle: &str) -> bool {
    let last = &toks[phrase.end - 1];
    toks[phrase]
        .iter()
        .any(|t| t.is("名詞") && t.pos(1) == "数")
        || particle != "で" && last.pos(1) == "副詞可能"
        || last.pos(2) == "助数詞"
}

/// Whether the predicate after token `i` closes a clause nested in the sentence — it is
/// quoted (…と思う) or modifies a noun (僕が贈った指輪) — so that two が or は before it
/// belong to different predicates (私が彼が嘘をついていると). When the predicate ends the
/// clause instead, both attach to it: 吾輩は名前はない, こっちが用がある.
fn predicate_is_nested(toks: &[Token], text: &str, i: usize, end: usize) -> bool {
    let predicate = |t: &Token| t.is("動詞") || t.is("形容詞") || t.is("助動詞");
    // A space between words (GitLab Pages) is not the end of the phrase.
    let Some(first) = (i + 1..end)
        .find(|&k| predicate(&toks[k]) || is_symbol(&toks[k]) && toks[k].pos(1) != "空白")
    else {
        return false;
    };
    let mut k = first;
    while k < end
        && (predicate(&toks[k])
            || toks[k].is("助詞") && matches!(toks[k].surface(text), "て" | "で"))
    {
        k += 1;
    }
    k > first
        && k < end
        && (toks[k].is("名詞")
            || toks[k].is("助詞") && toks[k].pos(2) == "引用"
            || toks[k].is("助詞") && toks[k].pos(1) == "連体化")
}

impl Rule for DoubledParticle {
    fn meta(&self) -> &'static RuleMeta {
        &REPEATED_CASE_PARTICLE
    }

    fn scope(&self) -> Scope {
        Scope::Line
    }

    fn check(&self, cx: &RuleContext, out: &mut Diagnostics) {
        let (doc, words) = (cx.doc, cx.words);
        for sw in sentences(doc, words) {
            let pw = sw.pw;
            let toks = &pw.tokens[..];
            let text = doc.paragraph_text(&doc.paragraphs[pw.paragraph]);
            // The last counted particle: its index and the noun phrase it follows, kept
            // while nothing but the next noun phrase comes after it.
            let mut last: Option<(usize, Range<usize>)> = None;
            let mut phrase_start: Option<usize> = None;
            let mut reported: Vec<Range<usize>> = Vec::new();
            let mut i = sw.tokens.start;
            while i < sw.tokens.end {
                let t = &toks[i];
                if pw.speech[i] {
                    (last, phrase_start) = (None, None);
                    i += 1;
                    continue;
                }
                // A noun phrase, opened by an adnominal too (その噂には).
                if noun_like(t) || t.is("連体詞") && phrase_start.is_none() {
                    phrase_start.get_or_insert(i);
                    i += 1;
                    continue;
                }
                // には / では count as one particle (文字列にはそこには).
                let compound = compound_topic(toks, text, i);
                let end = if compound { i + 2 } else { i + 1 };
                let s = tokens_text(doc, pw, i..end);
                let counted = compound
                    || t.is("助詞")
                        && (t.pos(1) == "格助詞"
                            && t.pos(2) == "一般"
                            && CASE_PARTICLES.contains(&s)
                            || t.pos(1) == "係助詞" && s == "は");
                let Some(start) = phrase_start.take().filter(|_| counted) else {
                    last = None;
                    i += 1;
                    continue;
                };
                let phrase = start..i;
                if let Some((prev, prev_phrase)) = last.take() {
                    let prev_end = if compound_topic(toks, text, prev) {
                        prev + 2
                    } else {
                        prev + 1
                    };
                    let doubled = tokens_text(doc, pw, prev..prev_end) == s
                        && prev_end == start
                        && tokens_text(doc, pw, prev_phrase.clone())
                            != tokens_text(doc, pw, phrase.clone())
                        // A phrase headed by a formal noun (のは, うちは, ところを)
                        // names a clause, not a participant.
                        && prev_phrase
                            .clone()
                            .find(|&k| toks[k].is("名詞"))
                            .is_none_or(|k| toks[k].pos(1) != "非自立")
                        && !scene_setting(toks, prev_phrase.clone(), s)
                        && !scene_setting(toks, phrase.clone(), s)
                        && (!matches!(s, "が" | "は")
                            || predicate_is_nested(toks, text, end - 1, sw.tokens.end)
                            || persons(toks, text, &prev_phrase, &phrase));
                    if doubled {
                        reported.push(prev_phrase.start..end);
                        last = None;
                        i = end;
                        continue;
                    }
                }
                last = Some((i, phrase));
                i = end;
            }
            // Two persons as topics in a row, in speech too (「私は彼は好きだ」: who likes
            // whom?), and で of means twice (クォートで囲むことで).
            reported.extend(super::case_particles::person_topics(
                toks,
                text,
                sw.tokens.clone(),
            ));
            reported.extend(super::case_particles::means_twice(
                toks,
                text,
                &pw.speech,
                sw.tokens.clone(),
            ));
            reported.sort_by_key(|r| (r.start, r.end));
            reported.dedup_by(|a, b| a.start < b.end);
            for r in reported {
                let shown = tokens_text(doc, pw, r.clone());
                let particle = super::case_particles::particle_of(toks, text, &r);
                out.push(
                    diag(
                        &REPEATED_CASE_PARTICLE,
                        tokens_span(words, pw, r),
                        format!("助詞「{particle}」が続けて使われています（{shown}）。"),
                    )
                    .with_suggestion("一方を言い換えるか、一つ目の後に読点を打つ"),
                );
            }
        }
    }
}

/// Whether に・で at `i` and は after it make one topic particle (には, では).
fn compound_topic(toks: &[Token], text: &str, i: usize) -> bool {
    toks[i].is("助詞")
        && toks[i].pos(1) == "格助詞"
        && matches!(toks[i].surface(text), "に" | "で")
        && toks
            .get(i + 1)
            .is_some_and(|n| n.pos(1) == "係助詞" && n.surface(text) == "は")
}

/// Whether both phrases are one word naming a person (私, 彼, a name): two of them as
/// topics or subjects in a row leave the reader asking who does what (私は彼は好きだ).
fn persons(toks: &[Token], text: &str, a: &Range<usize>, b: &Range<usize>) -> bool {
    a.len() == 1
        && b.len() == 1
        && super::case_particles::is_person(&toks[a.start], text)
        && super::case_particles::is_person(&toks[b.start], text)
}

// ---------------------------------------------------------------------------------------
// DOUBLED_GA

pub struct DoubledGa;

static DOUBLED_GA: RuleMeta = RuleMeta {
    code: "DOUBLED_GA",
    aspect: Aspect::Readability,
    default_severity: Severity::Low,
    summary: "接続助詞「が」twice in one narration sentence",
    fix: None,
    doc: RuleDoc {
        what: "地の文で、逆接・前置きの接続助詞「が」（読点が続くもの）が一文に二回以上使われている文を検出します（「〜が、〜が、〜」）。「〜うが〜うが」「あろうが、あるまいが」のような譲歩の並列、「がいい」「がごとく」「が故に」、台詞は対象外です。",
        why: "「が」でつなぐたびに話の向きが変わり、読者は文の結論を見失います。文を分けると論理がはっきりします。",
        example: "　剣を振るったが、手応えはなかったが、彼は諦めなかった。",
        fixed: "　剣を振るったが、手応えはなかった。それでも彼は諦めなかった。",
    },
};

impl Rule for DoubledGa {
    fn meta(&self) -> &'static RuleMeta {
        &DOUBLED_GA
    }

    fn scope(&self) -> Scope {
        Scope::Line
    }

    fn check(&self, cx: &RuleContext, out: &mut Diagnostics) {
        let (doc, words) = (cx.doc, cx.words);
        for sw in sentences(doc, words) {
            let pw = sw.pw;
            let text = doc.paragraph_text(&doc.paragraphs[pw.paragraph]);
            if doc.sentences[sw.sentence].dialogue {
                continue;
            }
            let speech = &pw.speech[..];
            let toks = &pw.tokens;
            let gas: Vec<usize> = sw
                .tokens
                .clone()
                .filter(|&i| {
                    let t = &toks[i];
                    !speech[i]
                        && t.is("助詞")
                        && t.pos(1) == "接続助詞"
                        && t.surface(text) == "が"
                        && adversative_ga(toks, text, i)
                })
                .collect();
            if let [first, .., last] = gas.as_slice() {
                out.push(
                    diag(
                        &DOUBLED_GA,
                        tokens_span(words, pw, *first..*last + 1),
                        format!("一文に接続助詞「が」が{}回あります。", gas.len()),
                    )
                    .with_suggestion("文を分けるか、一方を「ので」「けれど」などに言い換える"),
                );
            }
        }
    }
}

/// Whether the 接続助詞 が at `i` joins two clauses the way DOUBLED_GA means (逆接・前置き):
/// followed by a comma (行ったが、), which is how edited prose writes it, and not the
/// concessive 〜うが・〜まいが (食おうが五杯食おうが, あろうが、あるまいが — だろうが stays
/// adversative). That leaves out the が of がいい, がごとく, が故に, が最後 and a quoted 〜がと,
/// which IPADIC also tags 接続助詞 (on the corpus: 43 findings, 2 of 15 sampled adversative).
fn adversative_ga(toks: &[Token], text: &str, i: usize) -> bool {
    let comma = toks
        .get(i + 1)
        .is_some_and(|n| matches!(n.surface(text), "、" | "，"));
    let concessive = i >= 1
        && toks[i - 1].is("助動詞")
        && matches!(toks[i - 1].base(), "う" | "よう" | "まい")
        && !(i >= 2 && toks[i - 2].is("助動詞") && matches!(toks[i - 2].base(), "だ" | "です"));
    comma && !concessive
}

// ---------------------------------------------------------------------------------------
// REPEATED_CONJUNCTION

pub struct RepeatedConjunction;

static REPEATED_CONJUNCTION: RuleMeta = RuleMeta {
    code: "REPEATED_CONJUNCTION",
    aspect: Aspect::Style,
    default_severity: Severity::Low,
    summary: "Adjacent narration sentences opening with the same 接続詞 (しかし…しかし)",
    fix: None,
    doc: RuleDoc {
        what: "続く二つの文（地の文）が同じ接続詞（しかし・だが・そして など）で始まっている箇所を検出します。副詞にもなる「また」「ただ」は、読点が続くとき（「また、」）だけ接続詞として数えます。",
        why: "同じ接続詞が続くと文章が単調になり、「しかし」が続けば論理の向きも読み取りにくくなります。",
        example: "　しかし、扉は開かなかった。しかし、彼は諦めなかった。",
        fixed: "　しかし、扉は開かなかった。それでも、彼は諦めなかった。",
    },
};

impl Rule for RepeatedConjunction {
    fn meta(&self) -> &'static RuleMeta {
        &REPEATED_CONJUNCTION
    }

    fn check(&self, cx: &RuleContext, out: &mut Diagnostics) {
        let (doc, words) = (cx.doc, cx.words);
        // The previous narration sentence's opening 接続詞 (surface), if any.
        let mut prev: Option<String> = None;
        for sw in sentences(doc, words) {
            let pw = sw.pw;
            if doc.sentences[sw.sentence].dialogue {
                prev = None;
                continue;
            }
            let text = doc.paragraph_text(&doc.paragraphs[pw.paragraph]);
            let first = sw.tokens.clone().find(|&i| {
                !is_symbol(&pw.tokens[i]) && !text[pw.tokens[i].range.clone()].trim().is_empty()
            });
            // また and ただ are adverbs as often as 接続詞 (ただ名前である = "only"); they open
            // a sentence as a conjunction when a comma follows (また、…).
            let conj = first.filter(|&i| {
                let t = &pw.tokens[i];
                t.is("接続詞")
                    && (!matches!(t.surface(text), "また" | "ただ")
                        || pw
                            .tokens
                            .get(i + 1)
                            .is_some_and(|n| matches!(n.surface(text), "、" | "，")))
            });
            let surface = conj.map(|i| pw.tokens[i].surface(text).to_string());
            if let (Some(i), Some(s)) = (conj, surface.as_ref()) {
                if prev.as_ref() == Some(s) {
                    out.push(
                        diag(
                            &REPEATED_CONJUNCTION,
                            tokens_span(words, pw, i..i + 1),
                            format!("前の文と同じ接続詞「{s}」で始まっています。"),
                        )
                        .with_suggestion("別の接続詞に替えるか、接続詞なしでつなぐ"),
                    );
                }
            }
            prev = surface;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::fix::testing::{fixed, flagged as texts};
    use crate::analysis::Settings;

    #[test]
    fn doubled_word_fires_and_fixes() {
        assert_eq!(texts(&DoubledWord, "　彼は彼は走った。"), ["彼は彼は"]);
        assert_eq!(texts(&DoubledWord, "　本をを読む。"), ["をを"]);
        assert_eq!(
            fixed(
                &DoubledWord,
                "　彼は彼は本をを読む。\n",
                &Settings::default()
            ),
            "　彼は本を読む。\n"
        );
        assert!(texts(&DoubledWord, "「彼は彼は……」").is_empty());
        // の・は doubled after a noun, and a noun written twice (blind set, 2026-11-28).
        assert_eq!(texts(&DoubledWord, "　放課後のの教室。"), ["のの"]);
        assert_eq!(
            texts(&DoubledWord, "　私は彼の彼の横顔を見た。"),
            ["彼の彼の"]
        );
        assert!(texts(&DoubledWord, "　迷子の迷子の子猫。").is_empty());
        // One ruby over both copies: the author's one word (Aozora's 寸断寸断《ずたずた》).
        assert!(texts(&DoubledWord, "　心は寸断寸断《ずたずた》に裂けた。").is_empty());
        assert_eq!(
            texts(&DoubledWord, "　依頼書｜依頼書《いらいしょ》を読んだ。"),
            ["依頼書｜依頼書"]
        );
        assert_eq!(texts(&DoubledWord, "　彼女はは振り返った。"), ["はは"]);
        assert_eq!(
            texts(&DoubledWord, "　受付嬢は依頼書依頼書を差し出した。"),
            ["依頼書依頼書"]
        );
        assert_eq!(
            fixed(
                &DoubledWord,
                "　依頼書依頼書を出す。\n",
                &Settings::default()
            ),
            "　依頼書を出す。\n"
        );
        for ok in [
            "　山山の間に村がある。",
            "「ははは、そうか」",
            "　母はははと笑った。",
            "　一一〇番に電話した。",
            "「先生先生！」",
            "　ののしる声がした。",
            "　僕を見て、美咲はけらけらと笑った。",
            "　いちめんのかわらははこぐさの上に立った。",
            "　婆さんははあーと答える。",
            "　毎日先生先生と呼びつけていた。",
            "　豚の鼻頭を、一つ一つ丁寧に叩いた。",
            "　吾輩は死ぬ。南無阿弥陀仏南無阿弥陀仏。",
        ] {
            assert!(texts(&DoubledWord, ok).is_empty(), "{ok}");
        }
        for ok in [
            "　私は、私は……。",
            "　上へ上へと登った。",
            "　いろいろな人がいる。",
            "　どんどん進む。",
            "　時々雨が降る。",
            "　彼は走った。彼は止まった。",
            "　それはそれは残酷な揉み方をやる。",
            "　これはこれは、よくおいでくださいました。",
        ] {
            assert!(texts(&DoubledWord, ok).is_empty(), "{ok}");
        }
    }

    #[test]
    fn no_chain_fires_from_three() {
        assert_eq!(texts(&NoChain, "　王都の北の森の奥に住む。").len(), 1);
        assert!(texts(&NoChain, "　王都の北の森に住む。").is_empty());
        assert!(texts(&NoChain, "　私の本と彼の本と君の本。").is_empty());
        // のよう・のため are grammar, not a third link (wagahai: 鉄の刀の鍔のような).
        assert!(texts(&NoChain, "　鉄の刀の鍔のような輪郭だ。").is_empty());
        assert!(texts(&NoChain, "　村の子供の幸せのために祈った。").is_empty());
        // Three の with a relation or 自分 among the links are ordinary (issue 31); three
        // links of possession, or four の, are a chain.
        assert!(texts(&NoChain, "　作業台の上の自分の潮見図に目をやった。").is_empty());
        assert!(texts(&NoChain, "　蜘蛛の糸の下の方を見た。").is_empty());
        assert_eq!(texts(&NoChain, "　僕の姉の友人の弟が来た。").len(), 1);
        // Spans keep whole words: the compound nouns at both ends.
        assert_eq!(
            texts(&NoChain, "　営業部の新人の歓迎会の幹事役を任された。"),
            ["営業部の新人の歓迎会の幹事役"]
        );
        assert_eq!(
            texts(&NoChain, "　作業台の上の箱の中の手紙を見た。"),
            ["作業台の上の箱の中の手紙"]
        );
    }

    #[test]
    fn doubled_particle_catches_persons_compounds_and_means_twice() {
        assert_eq!(texts(&DoubledParticle, "　私は彼は好きだ。"), ["私は彼は"]);
        assert_eq!(
            texts(&DoubledParticle, "　あなたは「私は彼は好きだ」と言った。"),
            ["私は彼は"]
        );
        assert_eq!(
            texts(&DoubledParticle, "　文字列にはそこには問題がある。"),
            ["文字列にはそこには"]
        );
        assert_eq!(
            texts(&DoubledParticle, "　クォートで囲むことで文字列を作る。"),
            ["クォートで囲むことで"]
        );
        for ok in [
            "　私は彼の鼻は好きだ。",
            "　私は、彼は好きだ。",
            "　ナイフで切断した後、ハンマーで破砕した。",
            "　そんな事で言うべきではない。",
            "　東京では夏には雨が多い。",
        ] {
            assert!(texts(&DoubledParticle, ok).is_empty(), "{ok}");
        }
    }

    #[test]
    fn doubled_word_catches_a_doubled_predicate_phrase() {
        assert_eq!(
            texts(
                &DoubledWord,
                "　そこには問題があるかもしれないかもしれない。"
            ),
            ["かもしれないかもしれない"]
        );
        for ok in [
            "　何度も何度も叫んだ。",
            "　歩いて歩いて、ようやく着いた。",
            "「行かなくちゃ行かなくちゃ」",
            "　鈴木君は、話してはいけぬ話してはいけぬと顋で合図する。",
        ] {
            assert!(texts(&DoubledWord, ok).is_empty(), "{ok}");
        }
    }

    #[test]
    fn doubled_particle_fires_without_a_comma_in_narration() {
        assert_eq!(
            texts(&DoubledParticle, "　駅前で人混みで彼を見失った。").len(),
            1
        );
        assert_eq!(texts(&DoubledParticle, "　私は彼は嫌いだと思う。").len(), 1);
        assert_eq!(
            texts(&DoubledParticle, "　材料不足で代替素材で作った。").len(),
            1
        );
        assert_eq!(
            texts(&DoubledParticle, "　彼女が僕が贈った指輪を外した。"),
            ["彼女が僕が"]
        );
        assert_eq!(
            texts(&DoubledParticle, "　私が彼が嘘をついていると気づいた。"),
            ["私が彼が"]
        );
        assert_eq!(
            texts(&DoubledParticle, "　兵士たちは城門の前で広場で整列した。"),
            ["前で広場で"]
        );
        for ok in [
            "　吾輩は名前はない。",
            "　謝らないうちは罪は消えないと思う。",
            "　こっちが用があって来た。",
            "　私は部長に企画書に目を通してもらった。",
            "　最初に異変に気づいた。",
            "　二人で自転車で帰った。",
            "　三時に駅に着いた。",
            "　今日は僕は休む。",
            "　僕は今日は休む。",
            "　上へ上へと登った。",
            "　右から左から人が来た。",
            "　乗った人と共に真向へ前へのめった。",
            "　私は妹の彼は知らない。",
            "　彼が来た。彼が笑った。",
            "　彼が来たのが嬉しかった。",
            "　この手記を書いた男を知らない。",
            "　彼が来たとき、妹が笑った。",
            "「彼が来たのが嬉しい」",
            "　駅で待ち、店で食べた。",
            "　私は彼について話し、彼によって救われた。",
        ] {
            assert!(texts(&DoubledParticle, ok).is_empty(), "{ok}");
        }
    }

    #[test]
    fn doubled_ga_fires_on_two_conjunctive_ga() {
        assert_eq!(
            texts(&DoubledGa, "　行ったが、いなかったが、待った。").len(),
            1
        );
        assert!(texts(&DoubledGa, "　行ったが、いなかった。彼が来た。").is_empty());
        assert!(texts(&DoubledGa, "　彼が来て、猫が鳴いた。").is_empty());
        assert!(texts(&DoubledGa, "「行ったが、いなかったが、待った」").is_empty());
        // Concessive 〜うが and the が of がいい・がごとく・が故に are not adversative joints.
        for ok in [
            "　四杯食おうが五杯食おうが、おれの勝手だ。",
            "　猫であろうが、あるまいが、構うものか。",
            "　待っているがいいと言ったが、彼は来なかった。",
            "　空を踏むがごとく、雲を行くがごとく歩いた。",
            "　信じるが故に、疑うが故に、迷った。",
        ] {
            assert!(texts(&DoubledGa, ok).is_empty(), "{ok}");
        }
        assert_eq!(
            texts(&DoubledGa, "　雨だろうが、行くつもりだったが、やめた。").len(),
            1
        );
    }

    #[test]
    fn repeated_conjunction_fires_on_adjacent_sentences() {
        assert_eq!(
            texts(&RepeatedConjunction, "　しかし、雨だ。しかし、行く。"),
            ["しかし"]
        );
        assert!(texts(&RepeatedConjunction, "　しかし、雨だ。だが、行く。").is_empty());
        assert!(texts(
            &RepeatedConjunction,
            "　しかし、雨だ。傘はある。しかし、行く。"
        )
        .is_empty());
        assert!(texts(&RepeatedConjunction, "「しかし、雨だ」\n「しかし、行く」").is_empty());
        // ただ without a comma is the adverb "only" (wagahai: ただ名前である。ただ名前だけでは).
        assert!(texts(
            &RepeatedConjunction,
            "　ただ名前である。ただ名前だけでは役に立たない。"
        )
        .is_empty());
        assert_eq!(
            texts(&RepeatedConjunction, "　また、雨だ。また、風だ。"),
            ["また"]
        );
    }
}
