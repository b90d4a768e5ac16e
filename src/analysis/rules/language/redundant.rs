//! REDUNDANT_EXPRESSION beyond its phrase list (issue 30 item 10): the patterns of
//! textlint-ja's no-redundant-expression read on words (することも可能だ, することはできません,
//! であると言えます, 実験を行えば, 検査を実行する — any particle, a comma inside, any
//! conjugation), and where a listed phrase is not the redundant construction (a Markdown
//! quotation, list item, link or code span; ことが可能 with no verb before it; テストを行う).
//! The rule itself (`usage::RedundantExpression`) reports both.

use super::super::{RuleContext, RuleMeta};
use super::{tokens_span, tokens_text};
use crate::analysis::fix::{display_edit, LazyGuard};
use crate::analysis::morph::{ParagraphWords, Token};
use crate::analysis::{Applicability, Diagnostic, Diagnostics};
use std::ops::Range;

/// 五段 verbs whose potential form is another verb (育つ → 育てる "raise", 焼く → 焼ける
/// "burn"): after them ことができる does not shorten to the potential without changing the
/// meaning (人は一人では育つことができない).
const POTENTIAL_IS_ANOTHER_VERB: &[&str] = &[
    "育つ",
    "立つ",
    "建つ",
    "付く",
    "着く",
    "就く",
    "開く",
    "空く",
    "続く",
    "向く",
    "届く",
    "進む",
    "揃う",
    "整う",
    "並ぶ",
    "浮かぶ",
    "沈む",
    "緩む",
    "痛む",
    "止む",
    "傾く",
    "片付く",
    "近づく",
    "近付く",
    "縮む",
    "叶う",
    "焼く",
    "抜く",
    "解く",
    "砕く",
    "割る",
    "切る",
    "売る",
    "取る",
    "折る",
    "破る",
    "裂く",
    "溶く",
    "欠く",
    "除く",
    "脱ぐ",
    "剥く",
    "避く",
];

/// Whether the paragraph is Markdown furniture rather than prose: a quotation (`> `), a
/// list item (`- `, `* `, `+ `, `1. `) or one holding a link (`](`).
pub(super) fn markdown_aside(paragraph: &str) -> bool {
    let p = paragraph.trim_start();
    let numbered = p
        .split_once(". ")
        .is_some_and(|(n, _)| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()));
    p.starts_with(['>', '＞'])
        || ["- ", "* ", "+ "].iter().any(|m| p.starts_with(m))
        || numbered
        || p.contains("](")
}

/// Whether display offset `at` of `text` lies inside a Markdown code span (`…`).
fn in_code_span(text: &str, at: usize) -> bool {
    text[..at].matches('`').count() % 2 == 1
}

/// Whether the list phrase `phrase` found at word `i` of `pw` (range `at` of `text`) is the
/// redundant construction there.
pub(super) fn list_match_applies(
    pw: &ParagraphWords,
    text: &str,
    i: usize,
    at: &Range<usize>,
    phrase: &str,
) -> bool {
    if markdown_aside(text) || in_code_span(text, at.start) {
        return false;
    }
    let prev = i.checked_sub(1).map(|p| &pw.tokens[p]);
    // ことが可能 / ことができる after a verb (見ることが可能): at a line start, or after
    // 抜かれる's こと-less forms, there is nothing to shorten.
    if phrase.starts_with("こと") && !prev.is_some_and(|t| t.is("動詞") || t.is("助動詞")) {
        return false;
    }
    if phrase == "ことができ" && prev.is_some_and(|t| POTENTIAL_IS_ANOTHER_VERB.contains(&t.base()))
    {
        return false;
    }
    // テストを行う, 処理を行う: a katakana or generic noun with 行う reads as it is (textlint's
    // allow list).
    if phrase.starts_with('を') && prev.is_some_and(|t| plain_light_verb_noun(t, text)) {
        return false;
    }
    true
}

/// A サ変 noun written in katakana (テスト) or 処理: with を行う／を実行 it is not padding.
fn plain_light_verb_noun(t: &Token, text: &str) -> bool {
    let s = t.surface(text);
    s == "処理" || s.chars().all(|c| matches!(c, 'ァ'..='ヶ' | 'ー'))
}

/// Reports the patterns the list cannot hold, in narration, where no listed phrase was
/// reported at the same start (`listed`: display offsets).
pub(super) fn check_patterns(
    cx: &RuleContext,
    meta: &'static RuleMeta,
    listed: &[usize],
    out: &mut Diagnostics,
) {
    // In older prose 説明する事が出来る is the period's wording, not padding: judged on the
    // corpus, none of these was worth a note there (the phrase list still applies).
    if cx.settings.preset() == crate::analysis::settings::Preset::Literary {
        return;
    }
    let doc = cx.doc;
    let guard = LazyGuard::new(doc);
    for pw in cx.words.paragraphs() {
        let text = doc.paragraph_text(&doc.paragraphs[pw.paragraph]);
        if markdown_aside(text) {
            continue;
        }
        let toks = &pw.tokens;
        for i in 0..toks.len() {
            if pw.speech[i] || in_code_span(text, toks[i].range.start) {
                continue;
            }
            let Some(found) = suru_koto_dekiru(toks, text, i)
                .or_else(|| de_aru_to(toks, text, i))
                .or_else(|| light_verb(toks, text, i))
            else {
                continue;
            };
            // A listed phrase already reported inside (登録を行う holds the listed を行う).
            let words = pw.base + toks[found.words.start].range.start
                ..pw.base + toks[found.words.end - 1].range.end;
            if listed.iter().any(|at| words.contains(at)) {
                continue;
            }
            let shown = tokens_text(doc, pw, found.words.clone());
            let mut d = Diagnostic::new(
                meta.code,
                meta.default_severity,
                tokens_span(cx.words, pw, found.words.clone()),
                format!("「{shown}」は冗長です。{}", found.advice),
            )
            .with_suggestion(found.advice.clone());
            if let Some((cut, to)) = found.cut {
                let start = pw.base + toks[cut.start].range.start;
                let end = pw.base + toks[cut.end - 1].range.end;
                d = d.with_edit_fix(
                    Applicability::Aggressive,
                    format!("「{}」を省く", &doc.display[start..end]),
                    display_edit(doc, &guard, start..end, to),
                );
            }
            out.push(d);
        }
    }
}

struct Found {
    words: Range<usize>,
    advice: String,
    /// Words to replace, and by what, when the shorter wording is certain.
    cut: Option<(Range<usize>, String)>,
}

fn is_comma(t: &Token, text: &str) -> bool {
    matches!(t.surface(text), "、" | "，" | ",")
}

/// The index after an optional comma at `k`.
fn skip_comma(toks: &[Token], text: &str, k: usize) -> usize {
    if toks.get(k).is_some_and(|t| is_comma(t, text)) {
        k + 1
    } else {
        k
    }
}

/// する + こと + が／も／は／を (+ 、) + 可能・不可能 … or できる (textlint's dict1, dict2):
/// 省略することも可能だ → 省略も可能だ, 解析することはできません → 解析はできません.
fn suru_koto_dekiru(toks: &[Token], text: &str, i: usize) -> Option<Found> {
    let t = &toks[i];
    if !(t.is("動詞") && t.base() == "する" && t.surface(text) == "する") {
        return None;
    }
    // Only the light verb of a サ変 noun (解析する): どうする事も出来ない is an idiom, and
    // 鏡とする事は出来まい (make it a mirror) has nothing to drop.
    let sahen = i > 0 && toks[i - 1].is("名詞") && toks[i - 1].pos(1) == "サ変接続";
    if !sahen {
        return None;
    }
    let koto = toks.get(i + 1)?;
    let particle = toks.get(i + 2)?;
    if !(koto.is("名詞") && matches!(koto.base(), "こと" | "事")) {
        return None;
    }
    let p = particle.surface(text);
    if !(particle.is("助詞") && matches!(p, "が" | "も" | "は" | "を")) {
        return None;
    }
    let k = skip_comma(toks, text, i + 3);
    let last = toks.get(k)?;
    let able = last.is("名詞") && matches!(last.base(), "可能" | "不可能" | "不能" | "可" | "不可")
        || last.is("動詞") && matches!(last.base(), "できる" | "出来る");
    if !able {
        return None;
    }
    // The する phrase goes (省略することが可能 → 省略可能); も／は stay.
    let keep = if matches!(p, "も" | "は") { p } else { "" };
    let shown = format!("すること{p}");
    Some(Found {
        words: i..k + 1,
        advice: format!("「{shown}」を省くと簡潔になります（解析することもできる→解析もできる）。"),
        cut: Some((i..k, keep.to_string())),
    })
}

/// で + ある + と + 言える, or + 考えている (textlint's dict3, dict4): 必要であると言えます,
/// 大切であると考えています. A past 考えていた narrates what someone thought: not reported.
fn de_aru_to(toks: &[Token], text: &str, i: usize) -> Option<Found> {
    let de = &toks[i];
    if !(de.surface(text) == "で" && de.base() == "だ") {
        return None;
    }
    let aru = toks.get(i + 1)?;
    if aru.base() != "ある" && aru.base() != "有る" {
        return None;
    }
    let k = skip_comma(toks, text, i + 2);
    if toks.get(k)?.surface(text) != "と" {
        return None;
    }
    let k = skip_comma(toks, text, k + 1);
    let verb = toks.get(k)?;
    if matches!(verb.base(), "言える" | "いえる") {
        return Some(Found {
            words: i..k + 1,
            advice: "「である」か「と言える」のどちらかで足ります。".into(),
            cut: None,
        });
    }
    if verb.base() != "考える" || toks.get(k + 1)?.surface(text) != "て" {
        return None;
    }
    let k = skip_comma(toks, text, k + 2);
    let iru = toks.get(k)?;
    let past = toks.get(k + 1).is_some_and(|n| {
        n.base() == "た" || n.base() == "ます" && toks.get(k + 2).is_some_and(|m| m.base() == "た")
    });
    if iru.base() != "いる" || past {
        return None;
    }
    Some(Found {
        words: i..k + 1,
        advice: "「である」か「と考えている」のどちらかで足ります。".into(),
        cut: None,
    })
}

/// サ変 noun + を (+ 、) + 行う / 実行 (textlint's dict5, dict6): 実験を行えば → 実験すれば,
/// 検査を実行する → 検査する. Katakana nouns and 処理 are not reported (テストを行う), nor
/// plans carried out (計画を実行する is not 計画する).
fn light_verb(toks: &[Token], text: &str, i: usize) -> Option<Found> {
    let noun = &toks[i];
    if !(noun.is("名詞") && noun.pos(1) == "サ変接続") || plain_light_verb_noun(noun, text) {
        return None;
    }
    if toks.get(i + 1)?.surface(text) != "を" {
        return None;
    }
    let k = skip_comma(toks, text, i + 2);
    let verb = toks.get(k)?;
    let n = noun.surface(text);
    let light = if verb.is("動詞") && matches!(verb.base(), "行う" | "行なう") {
        "行う"
    } else if verb.is("名詞") && verb.base() == "実行" && !PLANS.contains(&n) {
        "実行"
    } else {
        return None;
    };
    Some(Found {
        words: i..k + 1,
        advice: format!("「{n}を{light}」は「{n}する」で足ります。"),
        cut: None,
    })
}

/// Nouns that are carried out rather than done (計画を実行する is not 計画する).
const PLANS: &[&str] = &[
    "計画", "作戦", "命令", "指示", "予定", "約束", "手順", "方針", "指令", "任務", "決定", "契約",
    "判決", "処分", "選択", "提案", "合意", "宣言", "予告", "脅迫", "復讐",
];

#[cfg(test)]
mod tests {
    use super::super::usage::RedundantExpression;
    use crate::analysis::fix::testing::{fixed_line, flagged};
    use crate::analysis::Settings;

    fn fix(text: &str) -> String {
        fixed_line(&RedundantExpression, text)
    }

    #[test]
    fn textlint_patterns_fire_with_any_particle_comma_or_ending() {
        for (text, shown) in [
            ("　これは省略することも可能だ。", "することも可能"),
            ("　これは省略する事は可能だ。", "する事は可能"),
            ("　これは省略することは、可能だ。", "することは、可能"),
            ("　これは省略することは不可能だ。", "することは不可能"),
            ("　必要なら解析することが、できます。", "することが、でき"),
            (
                "　構文エラーとなり実行することはできません。",
                "することはでき",
            ),
            ("　これは必要であると言えます。", "であると言え"),
            ("　これは必要で有るといえます。", "で有るといえ"),
            ("　これは大切であると考えています。", "であると考えてい"),
            ("　実験を行えば分かります。", "実験を行え"),
            ("　検査を実行すれば分かります。", "検査を実行"),
        ] {
            assert_eq!(flagged(&RedundantExpression, text), [shown], "{text}");
        }
        assert_eq!(
            fix("　これは省略することも可能だ。"),
            "　これは省略も可能だ。"
        );
        assert_eq!(
            fix("　必要なら解析することが、できます。"),
            "　必要なら解析できます。"
        );
    }

    #[test]
    fn older_prose_keeps_its_wording() {
        let literary = Settings {
            preset: "literary".into(),
            ..Settings::default()
        };
        let text = "　それを理解する事が出来なかった。\n";
        assert!(
            crate::analysis::fix::testing::diagnostics(&RedundantExpression, text, &literary)
                .is_empty()
        );
        assert_eq!(flagged(&RedundantExpression, text.trim_end()).len(), 1);
    }

    #[test]
    fn what_textlint_leaves_alone_is_left_alone() {
        for ok in [
            "　人は1人では育つことができない。",
            "　あいつにだけは絶対抜かれることはできない。",
            "　`することができる`という冗長な表現を`できる`にするルールです。",
            "> これは省略することが可能だが、省略しない。",
            "[これは省略することが可能](http://example)だが、省略しない。",
            "2. ことが可能",
            "　プログラムを実行する。",
            "　テストを行う。",
            "　テストを行っているとき。",
            "　彼らは計画を実行に移した。",
            "　彼は犯人であると考えていた。",
            "「省略することも可能だ」",
            "　もはやどうする事も出来ない。",
            "　甎を磨して鏡とする事は出来まい。",
        ] {
            assert!(flagged(&RedundantExpression, ok).is_empty(), "{ok}");
        }
    }
}
