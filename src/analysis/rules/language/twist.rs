//! SUBJECT_PREDICATE_MISMATCH (主語と述語のねじれ, issue 30 item 4): a topic such as 夢・目的・
//! 理由・特徴 + は whose clause ends in a plain verb or adjective of its own (私の夢は、医者に
//! なりたい。), where it must end in a noun (医者になることだ, 寝坊したからだ).

use super::super::{Rule, RuleContext, RuleDoc, RuleMeta, Scope};
use super::{is_symbol, sentences, tokens_span, tokens_text};
use crate::analysis::morph::Token;
use crate::analysis::Diagnostics;
use crate::analysis::{Aspect, Diagnostic, Severity};

pub struct SubjectPredicateMismatch;

static SUBJECT_PREDICATE_MISMATCH: RuleMeta = RuleMeta {
    code: "SUBJECT_PREDICATE_MISMATCH",
    aspect: Aspect::Grammar,
    default_severity: Severity::Medium,
    summary: "主語と述語のねじれ: 夢は／理由は／特徴は … ending in a verb or adjective of its own",
    fix: None,
    doc: RuleDoc {
        what: "「夢・目標・目的・理由・原因・特徴・長所・趣味・役割」など、内容を名詞で受けるべき語が「〜は」で主題になっているのに、文（引用の「と」の前まで）が動詞・形容詞で終わっている地の文を検出します。報告するのは、述語がその語を受けられないとはっきり分かる形だけです：願望の「たい」で終わり自分の目的語などを持つもの（私の夢は、医者になりたい）、自分の目的語「を」を持つ動詞で終わるもの（趣味は本を読む）、理由・原因の語のあとに別の主語「が」や「ので・て」でつながる節があるもの（理由は、寝坊して遅刻した）、特徴・長所の語のあとに別の主語「が」「に」を持つ形容詞・動詞で終わるもの（特徴は耳が長い）。「〜ことだ」「〜ためだ」「〜からだ」「〜のだ」のように名詞や助詞で受けている文、「理由はわからない」「問題は解決した」のようにその語が述語の主語・目的語になっている文、台詞は対象外です。",
        why: "主語と述語が対応していない文は、読者が意味を組み立て直さなければならず、推敲不足の印象を与えます。書きながら文の途中で構文が変わったときに生じる典型的な誤りです。",
        example: "　私の夢は、いつか王都で一番の料理人になりたい。",
        fixed: "　私の夢は、いつか王都で一番の料理人になることだ。",
    },
};

/// Topics whose content is said by a noun: any of them with a desire (たい) or an object of
/// its own (を) in a plain verb ending is a mismatch.
const CONTENT_TOPICS: &[&str] = &[
    "夢",
    "目標",
    "目的",
    "願い",
    "望み",
    "希望",
    "野望",
    "野心",
    "抱負",
    "志",
    "願望",
    "趣味",
    "特技",
    "日課",
    "習慣",
    "口癖",
    "役割",
    "役目",
    "任務",
    "使命",
    "予定",
    "狙い",
    "仕事",
    "信条",
    "方針",
    "目論見",
    "理由",
    "原因",
    "要因",
    "動機",
    "特徴",
    "長所",
    "短所",
    "欠点",
    "利点",
    "魅力",
    "弱点",
    "強み",
    "弱み",
    "難点",
    "取り柄",
    "癖",
    "楽しみ",
    "生きがい",
    "生き甲斐",
];

/// Topics of cause: an inner clause with its own subject or joined by ので・て is a mismatch.
/// (訳 / わけ are left out: 訳はない is "it is easy".)
const REASON_TOPICS: &[&str] = &["理由", "原因", "要因", "動機", "きっかけ"];

/// Topics of quality: an adjective (or verb) with its own subject is a mismatch.
const FEATURE_TOPICS: &[&str] = &[
    "特徴",
    "長所",
    "短所",
    "欠点",
    "利点",
    "魅力",
    "弱点",
    "強み",
    "弱み",
    "難点",
    "取り柄",
    "特技",
    "癖",
    "口癖",
    "趣味",
    "日課",
    "習慣",
];

/// Verbs (base forms; サ変 by their noun) whose subject or object the topic may be: 理由は
/// わからない, 原因は彼にある, 問題は解決した, 夢は変わった.
const ARGUMENT_VERBS: &[&str] = &[
    "知る",
    "わかる",
    "分かる",
    "判る",
    "言う",
    "いう",
    "話す",
    "聞く",
    "訊く",
    "尋ねる",
    "答える",
    "教える",
    "語る",
    "述べる",
    "書く",
    "記す",
    "明かす",
    "隠す",
    "覚える",
    "忘れる",
    "思う",
    "考える",
    "探る",
    "探す",
    "調べる",
    "突き止める",
    "見つける",
    "見つかる",
    "見当たる",
    "知れる",
    "決める",
    "決まる",
    "変わる",
    "変える",
    "違う",
    "異なる",
    "ある",
    "いる",
    "なる",
    "残る",
    "消える",
    "生まれる",
    "訪れる",
    "起こる",
    "起きる",
    "伝える",
    "伝わる",
    "気づく",
    "気付く",
    "察する",
    "できる",
    "出来る",
    "叶う",
    "叶える",
    "果たす",
    "達成",
    "説明",
    "理解",
    "判明",
    "解明",
    "推測",
    "想像",
    "想定",
    "存在",
    "特定",
    "発見",
    "確認",
    "把握",
    "共有",
    "解決",
    "実現",
    "成功",
    "失敗",
    "変更",
    "完了",
];

impl Rule for SubjectPredicateMismatch {
    fn meta(&self) -> &'static RuleMeta {
        &SUBJECT_PREDICATE_MISMATCH
    }

    fn scope(&self) -> Scope {
        Scope::Line
    }

    fn check(&self, cx: &RuleContext, out: &mut Diagnostics) {
        let (doc, words) = (cx.doc, cx.words);
        for sw in sentences(doc, words) {
            let pw = sw.pw;
            let toks = &pw.tokens;
            let text = doc.paragraph_text(&doc.paragraphs[pw.paragraph]);
            let Some(topic) = (sw.tokens.start..sw.tokens.end.saturating_sub(1)).find(|&k| {
                !pw.speech[k]
                    && toks[k].is("名詞")
                    && topic_kind(toks[k].surface(text)).is_some()
                    && toks[k + 1].is("助詞")
                    && toks[k + 1].pos(1) == "係助詞"
                    && toks[k + 1].surface(text) == "は"
            }) else {
                continue;
            };
            let Some(end) = clause_end(toks, text, &pw.speech, topic + 2, sw.tokens.end) else {
                continue;
            };
            let clause = topic + 2..end;
            let Some(head) = head_of(toks, clause.clone()) else {
                continue;
            };
            let noun = toks[topic].surface(text);
            if !mismatched(toks, text, noun, clause.clone(), head) {
                continue;
            }
            let start = (sw.tokens.start..topic)
                .rev()
                .take_while(|&k| {
                    toks[k].is("名詞") || toks[k].is("助詞") && toks[k].pos(1) == "連体化"
                })
                .last()
                .unwrap_or(topic);
            let predicate = tokens_text(doc, pw, head..end);
            out.push(
                Diagnostic::new(
                    SUBJECT_PREDICATE_MISMATCH.code,
                    SUBJECT_PREDICATE_MISMATCH.default_severity,
                    tokens_span(words, pw, start..end),
                    format!(
                        "「{}は」と「{predicate}」が対応していません（主語と述語のねじれ）。「{noun}は」は「〜ことだ」「〜ためだ」「〜からだ」のように名詞で受けます。",
                        tokens_text(doc, pw, start..topic + 1)
                    ),
                )
                .with_suggestion(format!(
                    "述語を「〜ことだ」などにするか、主語を「{noun}」でない形にする"
                )),
            );
        }
    }
}

fn topic_kind(noun: &str) -> Option<()> {
    (CONTENT_TOPICS.contains(&noun) || REASON_TOPICS.contains(&noun)).then_some(())
}

/// Where the topic's clause ends: before a quoting と / って after a predicate, or at the
/// sentence's end (before its symbols). None when speech intervenes.
fn clause_end(
    toks: &[Token],
    text: &str,
    speech: &[bool],
    from: usize,
    end: usize,
) -> Option<usize> {
    let mut last = from;
    for j in from..end {
        if speech[j] {
            return None;
        }
        let t = &toks[j];
        // A quoting と ends the quoted clause. A comma after a conjunctive particle other
        // than て (予定は打ち壊わしたのだから、ついでに…) or after a plain form (訳はない、鳴いて
        // さえやれば) closes the topic's clause.
        let comma_next = toks.get(j + 1).is_some_and(|n| n.surface(text) == "、");
        let conjunctive = t.is("助詞")
            && t.pos(1) == "接続助詞"
            && !matches!(t.base(), "て" | "で" | "ながら" | "つつ")
            && comma_next;
        // 〜から、だそうだ is 〜からだ with a comma: the topic is answered by から.
        let answered = conjunctive
            && t.base() == "から"
            && toks
                .get(j + 2)
                // The analyser may read だそうだ as a verb (だそ|う): the surface decides.
                .is_some_and(|n| {
                    n.surface(text).starts_with('だ') || n.surface(text).starts_with("です")
                });
        if answered {
            return None;
        }
        if t.is("助詞") && t.pos(2) == "引用" || conjunctive {
            return (j > from).then_some(j);
        }
        let closed = (t.is("動詞") || t.is("形容詞") || t.is("助動詞"))
            && t.cform().starts_with("基本")
            && comma_next;
        if closed {
            return Some(j + 1);
        }
        if !(is_symbol(t) || t.is("助詞") && t.pos(1) == "終助詞") {
            last = j + 1;
        }
    }
    (last > from).then_some(last)
}

/// The clause's head: its last word other than auxiliaries, dependent verbs (いる, しまう),
/// て and 終助詞 — a noun, particle, verb or adjective.
fn head_of(toks: &[Token], clause: std::ops::Range<usize>) -> Option<usize> {
    clause.rev().find(|&j| {
        let t = &toks[j];
        !(t.is("助動詞")
            || t.is("動詞") && matches!(t.pos(1), "非自立" | "接尾")
            || t.is("助詞")
                && matches!(t.pos(1), "接続助詞" | "終助詞")
                && matches!(
                    t.base(),
                    "て" | "で" | "よ" | "ね" | "な" | "わ" | "ぞ" | "さ"
                )
            || is_symbol(t))
    })
}

/// Whether the clause after the topic `noun` は, with head `head`, cannot have the topic as
/// its subject or object (see the doc).
fn mismatched(
    toks: &[Token],
    text: &str,
    noun: &str,
    clause: std::ops::Range<usize>,
    head: usize,
) -> bool {
    let h = &toks[head];
    let adjective = h.is("形容詞") || h.is("名詞") && h.pos(1) == "形容動詞語幹";
    if !(h.is("動詞") || adjective) {
        return false;
    }
    // The verb's own word: a サ変 noun before する (寝坊|し, 説明|し).
    let verb = if h.base() == "する" && head > clause.start && toks[head - 1].is("名詞") {
        toks[head - 1].surface(text)
    } else {
        h.base()
    };
    // なる takes the topic as its subject only (夢は現実になる), which a desire rules out
    // (夢は医者になりたい): checked with the desire below.
    let argument = ARGUMENT_VERBS.contains(&verb) || ARGUMENT_VERBS.contains(&h.base());
    if argument && h.base() != "なる" {
        return false;
    }
    // Passive, potential, causative: the topic may be their subject (原因は特定された,
    // 理由は考えられる, 計画は敵を油断させた).
    let after = &toks[head + 1..clause.end];
    if after.iter().take_while(|t| !t.is("助詞")).any(|t| {
        t.is("動詞")
            && t.pos(1) == "接尾"
            && matches!(t.base(), "れる" | "られる" | "せる" | "させる")
    }) {
        return false;
    }
    let before = &toks[clause.start..head];
    // A second topic or a copula before the head closed the topic's own predicate first
    // (趣味は読書で、休日は本を読む).
    if before.iter().any(|t| {
        t.is("助詞") && t.pos(1) == "係助詞" && t.surface(text) == "は"
            || t.is("助動詞") && matches!(t.base(), "だ" | "です") && t.cform().starts_with("連用")
    }) {
        return false;
    }
    let has_case = |p: &[&str]| {
        before.iter().enumerate().any(|(k, t)| {
            t.is("助詞")
                && t.pos(1) == "格助詞"
                && p.contains(&t.surface(text))
                && k > 0
                && (before[k - 1].is("名詞") || before[k - 1].is("接尾"))
        })
    };
    let desire = after
        .iter()
        .take_while(|t| !t.is("助詞") || t.pos(1) == "接続助詞")
        .any(|t| t.is("助動詞") && t.base() == "たい")
        || h.is("形容詞") && h.base() == "たい";
    let own_argument = has_case(&["が", "を", "に", "へ", "と", "で"]);
    if desire && own_argument {
        return true;
    }
    if argument {
        return false;
    }
    if h.is("動詞") && has_case(&["を"]) && CONTENT_TOPICS.contains(&noun) {
        return true;
    }
    if REASON_TOPICS.contains(&noun) && h.is("動詞") {
        let joined = before.iter().any(|t| {
            t.is("助詞")
                && t.pos(1) == "接続助詞"
                && matches!(t.surface(text), "ので" | "から" | "て" | "で")
        });
        if joined || has_case(&["が"]) {
            return true;
        }
    }
    // Any case particle of its own, compound ones too (誰に対しても優しい).
    let any_case = before.iter().enumerate().any(|(k, t)| {
        t.is("助詞")
            && t.pos(1) == "格助詞"
            && t.surface(text) != "と"
            && k > 0
            && before[k - 1].is("名詞")
    });
    FEATURE_TOPICS.contains(&noun) && (has_case(&["が"]) || any_case)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::fix::testing::flagged as texts;

    #[test]
    fn mismatch_fires_on_topics_ending_in_a_clause_of_their_own() {
        for bad in [
            "　私の夢は、医者になりたい。",
            "　僕の目標は、来年の大会で優勝したいと思っている。",
            "　彼女の趣味は、休日に古い本を読む。",
            "　遅刻した理由は、寝坊して電車に乗り遅れた。",
            "　事故の原因は、運転手がよそ見をしていた。",
            "　この種族の特徴は、耳がとても長い。",
            "　彼の長所は、誰にでも優しい。",
            "　私の役割は、仲間を守る。",
        ] {
            assert_eq!(texts(&SubjectPredicateMismatch, bad).len(), 1, "{bad}");
        }
    }

    #[test]
    fn mismatch_is_silent_on_nouns_and_true_subjects() {
        for ok in [
            "　私の夢は医者になることだ。",
            "　私の夢は医者だ。",
            "　遅刻した理由は、寝坊したからだ。",
            "　理由はわからない。",
            "　理由は、わたくしが男爵令嬢のリリアを陰でいじめていたから、だそうだ。",
            "　原因は彼にある。",
            "　問題は解決した。",
            "　夢は叶った。",
            "　その夢は、いつか叶えたい。",
            "　原因はすぐに特定された。",
            "　理由はいくつか考えられる。",
            "　特徴は長い耳だ。",
            "　彼の趣味は読書で、休日は本を読む。",
            "　目的は敵を倒すためだ。",
            "「俺の夢は、海賊王になりたい！」",
            "　彼は、夢は医者になることだと言った。",
            "　理由は誰も知らない。",
            "　彼の長所は皆が知っている。",
            "　計画は敵を油断させた。",
            "　主人の予定は打ち壊わしたのだから、ついでに裏へ行って用を足そう。",
            "　こんな癖はなかったそうだが、ある時から一日もやめた事がない。",
            "　理由はいろいろあるが、長くなるから略する事に致す。",
            "　訳はない、鳴いてさえやれば主人を満足させる事は出来るのだ。",
            "　理由は、道家で道徳経を尊敬すると一般で全く分らんからである。",
        ] {
            assert!(
                texts(&SubjectPredicateMismatch, ok).is_empty(),
                "{ok}: {:?}",
                texts(&SubjectPredicateMismatch, ok)
            );
        }
    }
}
