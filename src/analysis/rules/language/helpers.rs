//! Readability helpers (issue 30 item 8), low severity and for web novels (`narou`): a long
//! sentence without a 読点, こそあど crowded into two sentences, the same adverb three times
//! in a paragraph.

use super::super::{Rule, RuleContext, RuleDoc, RuleMeta, Scope};
use super::{sentences, tokens_span, SentenceWords};
use crate::analysis::morph::Token;
use crate::analysis::segment::CharClass;
use crate::analysis::Diagnostics;
use crate::analysis::{Aspect, Diagnostic, Severity};

fn diag(meta: &RuleMeta, span: crate::analysis::Span, message: String) -> Diagnostic {
    Diagnostic::new(meta.code, meta.default_severity, span, message)
}

// ---------------------------------------------------------------------------------------
// LONG_SENTENCE_NO_COMMA

pub struct LongSentenceNoComma;

static LONG_SENTENCE_NO_COMMA: RuleMeta = RuleMeta {
    code: "LONG_SENTENCE_NO_COMMA",
    aspect: Aspect::Readability,
    default_severity: Severity::Low,
    summary: "A narration sentence of 50 or more characters without a 読点",
    fix: None,
    doc: RuleDoc {
        what: "読点「、」が一つもないまま50字以上続く地の文の文を検出します。台詞は対象外です。",
        why: "読点は読者の息継ぎの位置で、語のまとまりを示す目印です。長い文に一つもないと、どこで区切って読めばよいのかが分からず、読み返しが増えます。",
        example: "　彼女は駅前の古い喫茶店で待ち合わせの時間よりずっと早く着いてしまったことに気づいて窓際の席で本を開いた。",
        fixed: "　彼女は駅前の古い喫茶店で、待ち合わせの時間よりずっと早く着いてしまったことに気づいて、窓際の席で本を開いた。",
    },
};

/// Characters from which a sentence without a 読点 is reported.
const NO_COMMA_LENGTH: usize = 50;

impl Rule for LongSentenceNoComma {
    fn meta(&self) -> &'static RuleMeta {
        &LONG_SENTENCE_NO_COMMA
    }

    fn scope(&self) -> Scope {
        Scope::Line
    }

    fn check(&self, cx: &RuleContext, out: &mut Diagnostics) {
        let doc = cx.doc;
        for s in &doc.sentences {
            let text = doc.sentence_text(s);
            // Japanese prose only: a line of Latin text or a table is not a sentence.
            let japanese = text
                .chars()
                .any(|c| crate::analysis::segment::char_class(c) == CharClass::Hiragana);
            if s.dialogue
                || s.length < NO_COMMA_LENGTH
                || !japanese
                || text.contains(['、', '，', ',', '，'])
            {
                continue;
            }
            out.push(
                diag(
                    &LONG_SENTENCE_NO_COMMA,
                    s.span,
                    format!("読点のない文が{}字続いています。", s.length),
                )
                .with_suggestion("意味の切れ目（主語や長い修飾語の後）に読点を打つ"),
            );
        }
    }
}

// ---------------------------------------------------------------------------------------
// DEMONSTRATIVE_OVERUSE

pub struct DemonstrativeOveruse;

static DEMONSTRATIVE_OVERUSE: RuleMeta = RuleMeta {
    code: "DEMONSTRATIVE_OVERUSE",
    aspect: Aspect::Readability,
    default_severity: Severity::Low,
    summary: "Three or more こそあど words (この, それ, そう …) in two narration sentences",
    fix: None,
    doc: RuleDoc {
        what: "続く二つの地の文に、ものを指すこそあど言葉（これ・それ・あれ・この・その・あの・ここ・そこ・こんな・そんな・こいつ など）が合わせて3つ以上ある箇所を検出します。時を表す決まった言い方（その時・あの日・その後・このまま）、「こう・そう・ああ」（そう言った）と台詞は数えません。",
        why: "指示語が重なると、どれが何を指すのかを読者が前に戻って確かめなければなりません。指している名詞を書くか、一つにまとめると伝わりやすくなります。",
        example: "　その男はそれを手に取った。そして、あの場所へ向かった。",
        fixed: "　男は古い地図を手に取った。そして、地図に記された場所へ向かった。",
    },
};

/// こそあど words that point at a thing or place (ど- words ask; こう・そう・ああ say "so").
const DEMONSTRATIVES: &[&str] = &[
    "これ",
    "それ",
    "あれ",
    "この",
    "その",
    "あの",
    "ここ",
    "そこ",
    "あそこ",
    "こちら",
    "そちら",
    "あちら",
    "こっち",
    "そっち",
    "あっち",
    "こんな",
    "そんな",
    "あんな",
    "こういう",
    "そういう",
    "ああいう",
    "こいつ",
    "そいつ",
    "あいつ",
    "此処",
    "其処",
];

/// こそあど of set phrases of time and manner (その時, あの日, その後, このまま), which do not
/// make the reader look back for what they point at.
const SET_PHRASE_NOUNS: &[&str] = &[
    "時",
    "とき",
    "日",
    "後",
    "あと",
    "頃",
    "ころ",
    "間",
    "うち",
    "まま",
    "上",
    "夜",
    "朝",
    "晩",
    "瞬間",
    "度",
    "たび",
    "辺",
    "あたり",
    "通り",
    "とおり",
    "くらい",
    "ぐらい",
    "ほか",
    "他",
];

/// Adverbs not counted as repeated: こう・そう・ああ, the ones that ask (どう, なぜ), もし,
/// and those of rhetorical anaphora (いかに心配するとも、いかに後悔するとも、いかに…).
const MANNER_ADVERBS: &[&str] = &[
    "こう",
    "そう",
    "ああ",
    "どう",
    "なぜ",
    "何故",
    "もし",
    "もしも",
    "いかに",
    "如何に",
    "いくら",
    "どんなに",
    "たとえ",
];

/// How many こそあど in two sentences make too many.
const DEMONSTRATIVE_LIMIT: usize = 3;

impl Rule for DemonstrativeOveruse {
    fn meta(&self) -> &'static RuleMeta {
        &DEMONSTRATIVE_OVERUSE
    }

    fn check(&self, cx: &RuleContext, out: &mut Diagnostics) {
        let (doc, words) = (cx.doc, cx.words);
        let all = sentences(doc, words);
        // (sentence words, its こそあど token indices) of narration sentences.
        let counted: Vec<(&SentenceWords, Vec<usize>)> = all
            .iter()
            .filter(|sw| !doc.sentences[sw.sentence].dialogue)
            .map(|sw| {
                let text = doc.paragraph_text(&doc.paragraphs[sw.pw.paragraph]);
                let found = sw
                    .tokens
                    .clone()
                    .filter(|&i| !sw.pw.speech[i] && is_demonstrative(&sw.pw.tokens, text, i))
                    .collect();
                (sw, found)
            })
            .collect();
        let mut k = 0;
        while k < counted.len() {
            let (a, found_a) = &counted[k];
            let next = counted
                .get(k + 1)
                .filter(|(b, _)| b.pw.paragraph == a.pw.paragraph);
            let n = found_a.len() + next.map_or(0, |(_, f)| f.len());
            if n < DEMONSTRATIVE_LIMIT {
                k += 1;
                continue;
            }
            // From the first こそあど to the last, within one paragraph.
            let last = next
                .and_then(|(_, f)| f.last())
                .or(found_a.last())
                .copied()
                .unwrap_or(a.tokens.start);
            let first = found_a.first().copied().unwrap_or(last);
            out.push(
                diag(
                    &DEMONSTRATIVE_OVERUSE,
                    tokens_span(words, a.pw, first..last + 1),
                    format!("二つの文にこそあど言葉が{n}つあります。何を指すのかが分かりにくくなります。"),
                )
                .with_suggestion("指している名詞を書くか、指示語を一つにまとめる"),
            );
            k += 2;
        }
    }
}

fn is_demonstrative(toks: &[Token], text: &str, i: usize) -> bool {
    let t = &toks[i];
    let set_phrase = t.is("連体詞")
        && toks
            .get(i + 1)
            .is_some_and(|n| SET_PHRASE_NOUNS.contains(&n.surface(text)));
    (t.is("連体詞") || t.is("名詞") && t.pos(1) == "代名詞")
        && DEMONSTRATIVES.contains(&t.surface(text))
        && !set_phrase
}

// ---------------------------------------------------------------------------------------
// ADVERB_REPETITION

pub struct AdverbRepetition;

static ADVERB_REPETITION: RuleMeta = RuleMeta {
    code: "ADVERB_REPETITION",
    aspect: Aspect::Readability,
    default_severity: Severity::Low,
    summary: "The same adverb three or more times in one narration paragraph (とても…とても…とても)",
    fix: None,
    doc: RuleDoc {
        what: "一つの段落の地の文で、同じ副詞（とても・すごく・ゆっくり・少し など）が5文のうちに3回以上出てくる箇所を検出します。指示の副詞（こう・そう）と台詞は対象外です。",
        why: "同じ副詞の繰り返しは語彙が乏しい印象を与え、強調のつもりがかえって効き目を失います。言い換えるか、削っても意味が変わらないものは削りましょう。",
        example: "　その日はとても暑く、空はとても青かった。僕はとても疲れていた。",
        fixed: "　その日はひどく暑く、空は抜けるように青かった。僕は疲れ切っていた。",
    },
};

/// How many times one adverb in a paragraph is too many, and within how many sentences (a
/// web novel's paragraph holds a few; an old novel's a page).
const ADVERB_LIMIT: usize = 3;
const ADVERB_SENTENCES: usize = 5;

impl Rule for AdverbRepetition {
    fn meta(&self) -> &'static RuleMeta {
        &ADVERB_REPETITION
    }

    fn scope(&self) -> Scope {
        Scope::Line
    }

    fn check(&self, cx: &RuleContext, out: &mut Diagnostics) {
        let (doc, words) = (cx.doc, cx.words);
        for pw in words.paragraphs() {
            let text = doc.paragraph_text(&doc.paragraphs[pw.paragraph]);
            let p = &doc.paragraphs[pw.paragraph];
            // The sentence (index into the paragraph's) of each token.
            let mut sentence_of = Vec::with_capacity(pw.tokens.len());
            let mut si = p.sentences.start;
            for t in &pw.tokens {
                while si + 1 < p.sentences.end
                    && doc.sentences[si + 1].display.start <= pw.base + t.range.start
                {
                    si += 1;
                }
                sentence_of.push(si);
            }
            // adverb → its token indices, in order of first use.
            let mut seen: Vec<(&str, Vec<usize>)> = Vec::new();
            for (i, t) in pw.tokens.iter().enumerate() {
                if pw.speech[i] || !t.is("副詞") || !super::starts_a_word(&pw.tokens, text, i) {
                    continue;
                }
                let s = t.surface(text);
                if MANNER_ADVERBS.contains(&s) {
                    continue;
                }
                match seen.iter_mut().find(|(a, _)| *a == s) {
                    Some((_, at)) => at.push(i),
                    None => seen.push((s, vec![i])),
                }
            }
            for (adverb, at) in seen {
                // The first window of ADVERB_LIMIT uses within ADVERB_SENTENCES sentences.
                let Some(w) = at.windows(ADVERB_LIMIT).find(|w| {
                    sentence_of[w[ADVERB_LIMIT - 1]] - sentence_of[w[0]] < ADVERB_SENTENCES
                }) else {
                    continue;
                };
                out.push(
                    diag(
                        &ADVERB_REPETITION,
                        tokens_span(words, pw, w[0]..w[ADVERB_LIMIT - 1] + 1),
                        format!("副詞「{adverb}」が近くで{}回使われています。", ADVERB_LIMIT),
                    )
                    .with_suggestion("言い換えるか、なくても意味が通るものを削る"),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::fix::testing::flagged as texts;

    #[test]
    fn long_sentence_no_comma_fires_on_narration_only() {
        let long = "　彼女は駅前の古い喫茶店で待ち合わせの時間よりずっと早く着いてしまったことに気づいて窓際の席で本を開いた。";
        assert_eq!(texts(&LongSentenceNoComma, long).len(), 1);
        for ok in [
            "　彼女は駅前の古い喫茶店で、待ち合わせの時間よりずっと早く着いてしまったことに気づいて窓際の席で本を開いた。",
            "「彼女は駅前の古い喫茶店で待ち合わせの時間よりずっと早く着いてしまったことに気づいて窓際の席で本を開いた」",
            "　彼女は本を開いた。",
        ] {
            assert!(texts(&LongSentenceNoComma, ok).is_empty(), "{ok}");
        }
    }

    #[test]
    fn demonstratives_three_in_two_sentences() {
        assert_eq!(
            texts(
                &DemonstrativeOveruse,
                "　その男はそれを手に取った。そして、あの場所へ向かった。"
            )
            .len(),
            1
        );
        for ok in [
            "　その男は地図を手に取った。そして、森へ向かった。",
            "　男は「それをこっちへ寄越せ、そこの奴」と言った。",
            "　どこへ行くのか、誰が来るのか、何をするのか。",
            "　その時、あの日のことを思い出した。その後、彼は去った。",
            "　そう思った。そう言った。こう考えた。",
        ] {
            assert!(texts(&DemonstrativeOveruse, ok).is_empty(), "{ok}");
        }
    }

    #[test]
    fn adverb_repetition_three_times_in_a_paragraph() {
        assert_eq!(
            texts(
                &AdverbRepetition,
                "　その日はとても暑く、空はとても青かった。僕はとても疲れていた。"
            ),
            ["とても暑く、空はとても青かった。僕はとても"]
        );
        for ok in [
            "　その日はとても暑く、空はとても青かった。",
            "「とても、とても、とても嬉しい」",
            "　そう言って、そう笑って、そう泣いた。",
            "　いかに心配するとも、いかに後悔するとも、いかに善を願うとも、遅い。",
            "　家に入ったとたん、ぬすっとう、と怒鳴る声が聞こえた。ぬすっとう。ぬすっとう。",
        ] {
            assert!(texts(&AdverbRepetition, ok).is_empty(), "{ok}");
        }
    }
}
