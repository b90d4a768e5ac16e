//! Words that ask for a partner later in the sentence (issue 30 item 5): 副詞の呼応 (到底 …
//! ない, たとえ … ても, まるで … ようだ, なぜなら … から) and 「〜たり」 said once where a list
//! of actions needs it on each (歌ったり踊って → 歌ったり踊ったりして).

use super::super::{Rule, RuleContext, RuleDoc, RuleMeta, Scope};
use super::{is_symbol, sentences, tokens_span, tokens_text};
use crate::analysis::fix::{display_edit, LazyGuard};
use crate::analysis::morph::{ParagraphWords, Token};
use crate::analysis::Diagnostics;
use crate::analysis::{Applicability, Aspect, Diagnostic, Severity};
use std::ops::Range;

fn diag(meta: &RuleMeta, span: crate::analysis::Span, message: String) -> Diagnostic {
    Diagnostic::new(meta.code, meta.default_severity, span, message)
}

// ---------------------------------------------------------------------------------------
// ADVERB_AGREEMENT

pub struct AdverbAgreement;

static ADVERB_AGREEMENT: RuleMeta = RuleMeta {
    code: "ADVERB_AGREEMENT",
    aspect: Aspect::Grammar,
    default_severity: Severity::Medium,
    summary: "副詞の呼応: 到底/決して/少しも without a negative, たとえ without ても, まるで without ようだ, もし without a condition, なぜなら without から",
    fix: None,
    doc: RuleDoc {
        what: "決まった結びを求める副詞が、同じ文の中で結ばれていない箇所を検出します。打ち消しと呼応する「到底・決して・少しも・ちっとも・めったに・必ずしも・二度と・さほど・ろくに・一向に・大して」に打ち消し（ない・ぬ・まい・無理・不可能 など）がないもの、「たとえ」に「ても・でも・とも・ようと」がないもの、「もし・もしも・仮に」に仮定（ば・たら・なら・と・ても・場合）がないもの、「まるで」が動詞・形容詞で結ばれて「ようだ・みたいだ・ごとく」も打ち消しもないもの、「なぜなら」に「から・ため・ので・のだ」がないものです。地の文の「全然」は、肯定の評価語（全然平気・全然大丈夫・全然いい）で結ばれたときだけ報告します（「全然違う」「全然反対だ」は打ち消しの意味を含む語で、明治以来の用法です。台詞の「全然大丈夫」は人物の口調として対象外）。反語（到底できるだろうか）と、「……」「――」で言いさした文は対象外です。",
        why: "呼応の崩れた文は、読者が文末まで読んで初めて違和感に気づき、読み返しを強いられます。書き直しの途中で文末だけを変えたときに生じやすい誤りです。",
        example: "　たとえ雨が降る、彼は約束の場所へ向かう。そんな約束を破ることなど、到底できる。",
        fixed: "　たとえ雨が降っても、彼は約束の場所へ向かう。そんな約束を破ることなど、到底できない。",
    },
};

/// What an adverb asks for.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Partner {
    /// A negative (ない, ぬ, まい, 無理 …).
    Negative,
    /// A concessive (ても, でも, とも, ようと …).
    Concessive,
    /// A condition (ば, たら, なら, と, ても, 場合 …).
    Condition,
    /// A simile (ようだ, みたいだ, ごとく …) — or a negative (まるで分からない).
    Simile,
    /// A reason (から, ため, ので, のだ).
    Reason,
    /// Narration's 全然: not a positive evaluation (平気, 大丈夫, いい).
    NotPositive,
}

/// The adverbs checked, by surface, with what they ask for.
const ADVERBS: &[(&str, Partner)] = &[
    ("到底", Partner::Negative),
    ("とうてい", Partner::Negative),
    ("決して", Partner::Negative),
    ("けっして", Partner::Negative),
    ("すこしも", Partner::Negative),
    ("ちっとも", Partner::Negative),
    ("めったに", Partner::Negative),
    ("滅多に", Partner::Negative),
    ("必ずしも", Partner::Negative),
    ("二度と", Partner::Negative),
    ("さほど", Partner::Negative),
    ("ろくに", Partner::Negative),
    ("ろくな", Partner::Negative),
    ("一向に", Partner::Negative),
    ("いっこうに", Partner::Negative),
    ("大して", Partner::Negative),
    ("たいして", Partner::Negative),
    ("たとえ", Partner::Concessive),
    ("もし", Partner::Condition),
    ("もしも", Partner::Condition),
    ("仮に", Partner::Condition),
    ("まるで", Partner::Simile),
    ("なぜなら", Partner::Reason),
    ("全然", Partner::NotPositive),
];

/// Positive evaluations that the colloquial 全然 takes (全然平気, 全然いい).
const POSITIVE_EVALUATIONS: &[&str] = &[
    "大丈夫",
    "平気",
    "いい",
    "良い",
    "よい",
    "余裕",
    "楽勝",
    "オッケー",
    "OK",
    "ＯＫ",
    "アリ",
    "あり",
    "楽しい",
    "面白い",
    "おもしろい",
    "美味しい",
    "おいしい",
    "可愛い",
    "かわいい",
    "元気",
    "好き",
    "マシ",
    "まし",
    "普通",
    "簡単",
    "楽",
    "似合う",
    "いける",
];

impl Rule for AdverbAgreement {
    fn meta(&self) -> &'static RuleMeta {
        &ADVERB_AGREEMENT
    }

    fn scope(&self) -> Scope {
        Scope::Line
    }

    fn check(&self, cx: &RuleContext, out: &mut Diagnostics) {
        let (doc, words) = (cx.doc, cx.words);
        for sw in sentences(doc, words) {
            let pw = sw.pw;
            let text = doc.paragraph_text(&doc.paragraphs[pw.paragraph]);
            let sentence_text = doc.sentence_text(&doc.sentences[sw.sentence]);
            if trails_off(sentence_text) {
                continue;
            }
            for k in sw.tokens.clone() {
                let Some((adverb, partner)) = adverb_at(&pw.tokens, text, k) else {
                    continue;
                };
                if partner == Partner::NotPositive && pw.speech[k]
                    || !stands_alone(&pw.tokens, text, k)
                {
                    continue;
                }
                let scope = scope_of(&pw.tokens, text, k + adverb.len(), sw.tokens.end);
                let content = scope.iter().any(|&j| {
                    let t = &pw.tokens[j];
                    t.is("動詞") || t.is("形容詞") || t.is("名詞")
                });
                if !content || agrees(pw, text, &scope, partner) {
                    continue;
                }
                let shown = tokens_text(doc, pw, adverb.clone());
                let (asks, suggestion) = match partner {
                    Partner::Negative => (
                        "打ち消し（〜ない）と呼応する副詞ですが、この文には打ち消しがありません",
                        "文末を打ち消しにするか、副詞を替える（到底できる→到底できない／十分できる）",
                    ),
                    Partner::Concessive => (
                        "「〜ても」「〜でも」「〜とも」と呼応する副詞ですが、結びがありません",
                        "「〜ても」で受ける（たとえ雨が降る→たとえ雨が降っても）",
                    ),
                    Partner::Condition => (
                        "仮定（〜ば・〜たら・〜なら）と呼応する副詞ですが、結びがありません",
                        "「〜たら」「〜なら」で受ける（もし雨が降る、→もし雨が降ったら、）",
                    ),
                    Partner::Simile => (
                        "「〜ようだ」「〜みたいだ」と呼応する副詞ですが、結びがありません",
                        "「〜ようだ」で受ける（まるで夢を見ていた→まるで夢を見ているようだった）",
                    ),
                    Partner::Reason => (
                        "理由を述べる語で、「〜から」「〜ためだ」「〜のだ」で結ぶのが決まりですが、結びがありません",
                        "「〜からだ」で結ぶ（なぜなら彼は嘘をついた→なぜなら彼は嘘をついたからだ）",
                    ),
                    Partner::NotPositive => (
                        "本来は打ち消しと呼応する副詞です。肯定の評価語で受けるのは話し言葉の用法です",
                        "地の文では「まったく」「少しも〜ない」などにする（全然平気だった→まったく平気だった）",
                    ),
                };
                out.push(
                    diag(
                        &ADVERB_AGREEMENT,
                        tokens_span(words, pw, adverb),
                        format!("「{shown}」は{asks}。"),
                    )
                    .with_suggestion(suggestion),
                );
            }
        }
    }
}

/// The adverb starting at token `k` (its tokens: 少し|も is two) and what it asks for.
fn adverb_at(toks: &[Token], text: &str, k: usize) -> Option<(Range<usize>, Partner)> {
    let t = &toks[k];
    let s = t.surface(text);
    // 少し + も (IPADIC splits it): 少しも怖くない.
    if t.is("副詞") && s == "少し" {
        let mo = toks
            .get(k + 1)
            .is_some_and(|n| n.is("助詞") && n.surface(text) == "も");
        return mo.then_some((k..k + 2, Partner::Negative));
    }
    // なぜかというと / なぜかと言えば, as なぜなら.
    if s == "なぜ" && toks.get(k + 1).is_some_and(|n| n.surface(text) == "か") {
        let said = toks.get(k + 2).is_some_and(|n| n.surface(text) == "と")
            && toks
                .get(k + 3)
                .is_some_and(|n| matches!(n.base(), "いう" | "言う"));
        return said.then_some((k..k + 2, Partner::Reason));
    }
    let adverbial = t.is("副詞") || t.is("接続詞") || t.is("連体詞") && s == "ろくな";
    if !adverbial {
        return None;
    }
    ADVERBS
        .iter()
        .find(|(a, _)| *a == s)
        .map(|(_, p)| (k..k + 1, *p))
}

/// The tokens after the adverb (from `from`) to the sentence's end `end` at the adverb's
/// level of quotation: a quotation inside is skipped, and a closing bracket of the one the
/// adverb is in ends it (…ぞな、もし」と云った).
fn scope_of(toks: &[Token], text: &str, from: usize, end: usize) -> Vec<usize> {
    let mut out = Vec::new();
    let mut depth = 0usize;
    for (j, t) in toks.iter().enumerate().take(end).skip(from) {
        let s = t.surface(text);
        if s.starts_with(['「', '『', '（', '(']) {
            depth += 1;
            continue;
        }
        if s.starts_with(['」', '』', '）', ')']) {
            if depth == 0 {
                break;
            }
            depth -= 1;
            continue;
        }
        if depth == 0 {
            out.push(j);
        }
    }
    out
}

/// Whether a kana adverb at `k` is a word of its own rather than the end of a misparsed
/// word (たゆ|とうてい of たゆとうて) or the dialect's sentence-final もし (ぞな、もし): the word
/// before it is a particle, symbol, adverb, conjunction or adnominal, or ends in kanji.
fn stands_alone(toks: &[Token], text: &str, k: usize) -> bool {
    let s = toks[k].surface(text);
    if s.chars().any(crate::analysis::fix::is_kanji) {
        return true;
    }
    let Some(prev) = k.checked_sub(1).map(|p| &toks[p]) else {
        return true;
    };
    let ps = prev.surface(text);
    // ぞな、もし: the dialect's polite sentence-final もし, after a 終助詞 (and a comma).
    let final_particle = |t: &Token| t.is("助詞") && t.pos(1) == "終助詞";
    let dialect = final_particle(prev) || is_symbol(prev) && k >= 2 && final_particle(&toks[k - 2]);
    if matches!(s, "もし" | "もしも") && (dialect || ps == "な") {
        return false;
    }
    super::starts_a_word(toks, text, k)
}

/// Whether the sentence (display text) trails off (……。 ――」): the partner is left unsaid
/// on purpose.
fn trails_off(sentence: &str) -> bool {
    sentence
        .trim_end_matches(|c: char| c.is_whitespace() || "。！？!?」』）)".contains(c))
        .ends_with(['…', '‥', '―', '—', 'ー', '─'])
}

/// Whether the words `scope` hold what `partner` asks for.
fn agrees(pw: &ParagraphWords, text: &str, scope: &[usize], partner: Partner) -> bool {
    let toks = &pw.tokens;
    let span_text = {
        let (a, b) = (scope[0], scope[scope.len() - 1]);
        &text[toks[a].range.start..toks[b].range.end]
    };
    let question = span_text
        .trim_end_matches(|c: char| c.is_whitespace() || "。」』）)".contains(c))
        .ends_with(['か', '？', '?']);
    let negative = question || scope.iter().any(|&j| is_negative(toks, text, j));
    match partner {
        Partner::Negative => negative,
        Partner::Concessive => CONCESSIVE_TEXTS.iter().any(|m| span_text.contains(m)),
        Partner::Condition => {
            CONCESSIVE_TEXTS.iter().any(|m| span_text.contains(m))
                || scope.iter().any(|&j| is_condition(toks, text, j))
        }
        // まるで also means "wholly" (まるで違う, まるで夢中で走った, まるで人間の取扱を受けて
        // いる): a simile is missing only where a clause of its own follows (まるで時間が
        // 止まった).
        Partner::Simile => {
            negative
                || SIMILE_TEXTS.iter().any(|m| span_text.contains(m))
                || !ends_in_verb_or_adjective(toks, scope)
                || !own_clause_follows(toks, text, scope)
        }
        Partner::Reason => REASON_TEXTS.iter().any(|m| span_text.contains(m)),
        Partner::NotPositive => {
            // The word 全然 modifies: the first content word after it.
            let first = scope
                .iter()
                .find(|&&j| !is_symbol(&toks[j]) && !toks[j].is("助詞"));
            !first.is_some_and(|&j| {
                let t = &toks[j];
                POSITIVE_EVALUATIONS.contains(&t.surface(text))
                    || POSITIVE_EVALUATIONS.contains(&t.base())
            }) || negative
        }
    }
}

/// Whether a clause with its own subject opens right after まるで (まるで時間が止まった): a
/// noun + が before the first predicate, and no comma right after まるで (まるで、張合いが
/// 抜けました is "wholly").
fn own_clause_follows(toks: &[Token], text: &str, scope: &[usize]) -> bool {
    if scope
        .first()
        .is_none_or(|&j| matches!(toks[j].surface(text), "、" | "，"))
    {
        return false;
    }
    for (n, &j) in scope.iter().enumerate() {
        let t = &toks[j];
        if t.is("動詞") || t.is("形容詞") || t.is("助動詞") {
            return false;
        }
        if n > 0 && t.is("助詞") && t.surface(text) == "が" && toks[scope[n - 1]].is("名詞") {
            return true;
        }
    }
    false
}

const CONCESSIVE_TEXTS: &[&str] = &[
    "ても",
    "でも",
    "とも",
    "ようと",
    "うと",
    "ようが",
    "うが",
    "たって",
    "だって",
    "であれ",
    "ところで",
    "とて",
    "ど、",
];
const SIMILE_TEXTS: &[&str] = &[
    "よう",
    "様",
    "みたい",
    "ごと",
    "如",
    "そっくり",
    "同然",
    "ばかり",
    "さながら",
    "も同じ",
    "に似",
];
const REASON_TEXTS: &[&str] = &[
    "から",
    "ため",
    "為",
    "ので",
    "のだ",
    "んだ",
    "のです",
    "んです",
    "のである",
    "わけ",
    "訳",
];

/// Whether token `j` negates: ない・ぬ・ん・まい, the adjective ない, a word of negative meaning
/// (無理, 不可能, 駄目), a prefix 不・無・非, the rhetorical ものか, the prohibitive な.
fn is_negative(toks: &[Token], text: &str, j: usize) -> bool {
    let t = &toks[j];
    let s = t.surface(text);
    // へん・ひん: the Kansai negative (できへん); ねえ is ない (許さねえ).
    t.is("助動詞") && matches!(t.base(), "ない" | "ぬ" | "ん" | "まい" | "へん" | "ひん")
        || t.is("形容詞") && matches!(t.base(), "ない" | "無い")
        // やり切れない, しがない (one adjective), 出来ん / 得られん (ぬ contracted).
        || t.is("形容詞") && t.base().ends_with("ない")
        || t.cform() == "体言接続特殊" && s.ends_with('ん')
        // おらん misread as おら|ん (a pronoun and a particle).
        || s == "ん"
            && j > 0
            && toks[j - 1]
                .surface(text)
                .ends_with(['ら', 'か', 'さ', 'た', 'な', 'ま', 'わ', 'が', 'ば'])
        || NEGATIVE_WORDS.iter().any(|w| s.starts_with(w))
        || t.is("接頭詞") && matches!(s, "不" | "無" | "非" | "未")
        || t.is("名詞") && s.chars().count() >= 2 && s.starts_with(['不', '無', '非'])
        || s == "もの" && toks.get(j + 1).is_some_and(|n| n.surface(text) == "か")
        || s == "もん" && toks.get(j + 1).is_some_and(|n| n.surface(text) == "か")
        || t.is("助詞")
            && t.pos(1) == "終助詞"
            && s == "な"
            && j > 0
            && toks[j - 1].cform().starts_with("基本")
}

const NEGATIVE_WORDS: &[&str] = &[
    "無理", "駄目", "だめ", "ダメ", "無駄", "困難", "皆無", "無し", "なし", "ゼロ", "否",
];

/// Whether token `j` makes a condition: a 仮定形 (降れ|ば, た → たら, だ → なら), ば, と after a
/// plain form, ては, 場合, 時 / とき.
fn is_condition(toks: &[Token], text: &str, j: usize) -> bool {
    let t = &toks[j];
    let s = t.surface(text);
    t.cform().starts_with("仮定")
        || t.is("助詞") && t.pos(1) == "接続助詞" && matches!(s, "ば" | "と" | "ては" | "ちゃ")
        || matches!(s, "場合" | "時" | "とき" | "なら" | "ならば" | "たら")
}

/// Whether the last content word of `scope` (before symbols, 終助詞 and auxiliaries) is a
/// verb or an adjective: まるで別人だ ends in a noun and reads "wholly", not as a simile
/// left unfinished.
fn ends_in_verb_or_adjective(toks: &[Token], scope: &[usize]) -> bool {
    scope
        .iter()
        .rev()
        .map(|&j| &toks[j])
        .find(|t| {
            !(is_symbol(t)
                || t.is("助詞") && t.pos(1) == "終助詞"
                || t.is("助動詞")
                || t.is("動詞") && t.pos(1) == "非自立"
                || t.is("助詞") && t.pos(1) == "接続助詞")
        })
        .is_some_and(|t| t.is("動詞") || t.is("形容詞"))
}

// ---------------------------------------------------------------------------------------
// TARI_INCOMPLETE

pub struct TariIncomplete;

static TARI_INCOMPLETE: RuleMeta = RuleMeta {
    code: "TARI_INCOMPLETE",
    aspect: Aspect::Grammar,
    default_severity: Severity::Medium,
    summary: "「〜たり」 not repeated on the next action (歌ったり踊って楽しんだ)",
    fix: Some(Applicability::Standard),
    doc: RuleDoc {
        what: "動作を並べる「〜たり」が一つ目にだけ付き、次の動詞が「〜て」「〜た」で終わっている箇所（歌ったり踊って楽しんだ・本を読んだり、音楽を聴いた）を検出します。「〜たり〜たりする」と揃っているもの、例を一つ挙げる「嘘をついたりしてはいけない」（〜たりする）は対象外です。",
        why: "「〜たり」は並べる動作のそれぞれに付けるのが決まりです。片方だけだと、並列なのか順序なのかが曖昧になり、文章が不安定に見えます。",
        example: "　休日は友達と歌ったり踊って楽しんだ。",
        fixed: "　休日は友達と歌ったり踊ったりして楽しんだ。",
    },
};

impl Rule for TariIncomplete {
    fn meta(&self) -> &'static RuleMeta {
        &TARI_INCOMPLETE
    }

    fn scope(&self) -> Scope {
        Scope::Line
    }

    fn check(&self, cx: &RuleContext, out: &mut Diagnostics) {
        let (doc, words) = (cx.doc, cx.words);
        let guard = LazyGuard::new(doc);
        for sw in sentences(doc, words) {
            let pw = sw.pw;
            let toks = &pw.tokens;
            let text = doc.paragraph_text(&doc.paragraphs[pw.paragraph]);
            for k in sw.tokens.clone() {
                if !is_tari(&toks[k], text) || k == sw.tokens.start {
                    continue;
                }
                let Some((verb, ending)) = unpaired_next(toks, text, k, sw.tokens.end) else {
                    continue;
                };
                let e = &toks[ending];
                let last_verb = &toks[ending - 1];
                // 踊っ|て → 踊っ|たりして, 聴い|た → 聴い|たりした (voiced after ん/い of
                // 泳いで: 飲ん|で → 飲ん|だりして).
                let voiced = e.surface(text).starts_with(['で', 'だ']);
                let tari = if voiced { "だり" } else { "たり" };
                let end_word = if e.is("助詞") { "して" } else { "した" };
                let replacement = format!("{tari}{end_word}");
                let at = pw.base + e.range.start..pw.base + e.range.end;
                // An adjective changes its stem (寒くて → 寒かったりして): no fix.
                let edit = (last_verb.is("動詞"))
                    .then(|| display_edit(doc, &guard, at, replacement.clone()))
                    .flatten();
                let shown = tokens_text(doc, pw, verb..ending + 1);
                let right = format!("{}{replacement}", tokens_text(doc, pw, verb..ending));
                out.push(
                    diag(
                        &TARI_INCOMPLETE,
                        tokens_span(words, pw, verb..ending + 1),
                        format!(
                            "「〜たり」が片方だけです。「{shown}」も「{right}」と「たり」で受けてください。"
                        ),
                    )
                    .with_suggestion(right.clone())
                    .with_edit_fix(
                        Applicability::Standard,
                        format!("「{shown}」を「{right}」にする"),
                        edit,
                    ),
                );
            }
        }
    }
}

fn is_tari(t: &Token, text: &str) -> bool {
    t.is("助詞") && t.pos(1) == "並立助詞" && matches!(t.surface(text), "たり" | "だり")
}

/// Verbs that follow a て-form as part of one predicate (焼いて見たり, 買っておいで).
const SUBSIDIARY_VERBS: &[&str] = &[
    "見る",
    "みる",
    "来る",
    "くる",
    "行く",
    "いく",
    "おく",
    "置く",
    "しまう",
    "もらう",
    "貰う",
    "くれる",
    "呉れる",
    "あげる",
    "やる",
    "いる",
    "居る",
    "ある",
    "見せる",
    "みせる",
    "いただく",
    "頂く",
    "くださる",
    "下さる",
    "おる",
    "いらっしゃる",
];

/// After the たり at `k` (ending the sentence at `end`): the next verb or adjective and the
/// て / た that ends its predicate, when that predicate ends its clause without a たり of its
/// own (踊っ|て楽しんだ, 聴い|た。). None when a たり or する comes first (踊ったりして,
/// ついたりしては), when a たり comes later in the sentence (酔っぱらって訪問して泊ったり: a
/// longer phrase), or when the たり is not the parallel one (二たり, したりと — classical).
fn unpaired_next(toks: &[Token], text: &str, k: usize, end: usize) -> Option<(usize, usize)> {
    let before = &toks[k - 1];
    if !(before.is("動詞") || before.is("形容詞") || before.is("助動詞")) {
        return None;
    }
    if toks
        .get(k + 1)
        .is_some_and(|n| n.surface(text) == "と" || n.is("助動詞") || n.is("名詞"))
    {
        return None;
    }
    if (k + 1..end).any(|j| is_tari(&toks[j], text)) {
        return None;
    }
    let mut j = (k + 1..end).find(|&j| {
        let t = &toks[j];
        t.is("動詞") && t.pos(1) == "自立" || t.is("形容詞") && t.pos(1) == "自立"
    })?;
    // A sentence mark or a conjunction (つまり、また、) between: a new clause, not the list.
    if toks[k + 1..j]
        .iter()
        .any(|t| is_symbol(t) && !matches!(t.surface(text), "、" | "，") || t.is("接続詞"))
        // する right after たり (or たり + は・も) closes the list: 嘘をついたりしては.
        || matches!(toks[j].base(), "する" | "やる")
            && (j == k + 1 || j == k + 2 && toks[k + 1].is("助詞"))
    {
        return None;
    }
    // する as the second action needs its object or サ変 noun (宿題をして, 喋々して): 安価に
    // して is "being cheap and".
    if toks[j].base() == "する"
        && !toks
            .get(j - 1)
            .is_some_and(|p| p.surface(text) == "を" || p.is("名詞") && p.pos(1) == "サ変接続")
    {
        return None;
    }
    let first = j;
    let te = |t: &Token| {
        t.is("助詞") && t.pos(1) == "接続助詞" && matches!(t.surface(text), "て" | "で")
    };
    // Through the chain of subsidiary verbs: 焼いて|見たり is one predicate.
    while toks.get(j + 1).is_some_and(te)
        && toks.get(j + 2).is_some_and(|v| {
            v.is("動詞") && (v.pos(1) == "非自立" || SUBSIDIARY_VERBS.contains(&v.base()))
        })
    {
        j += 2;
    }
    let next = toks.get(j + 1)?;
    if te(next) {
        // 読んでは, 読んでも: a condition, not a second action; 買っておいで、と言って: a
        // quotation.
        let after = toks.get(j + 2);
        let particle =
            after.is_some_and(|n| n.is("助詞") && matches!(n.surface(text), "は" | "も"));
        let quoted = after.is_some_and(is_symbol)
            && toks
                .get(j + 3)
                .is_some_and(|n| n.surface(text) == "と" || is_symbol(n));
        return (!particle && !quoted).then_some((first, j + 1));
    }
    // た / だ ending the sentence (聴いた。).
    let ta = next.is("助動詞")
        && next.ctype() == "特殊・タ"
        && next.cform().starts_with("基本")
        && toks
            .get(j + 2)
            .is_none_or(|n| is_symbol(n) && !matches!(n.surface(text), "、" | "，"));
    ta.then_some((first, j + 1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::fix::testing::{fixed_line as fix, flagged as texts};

    #[test]
    fn adverb_agreement_fires_when_the_partner_is_missing() {
        for (bad, adverb) in [
            ("　そんな大役は、僕には到底できる。", "到底"),
            ("　あの日のことは決して忘れる。", "決して"),
            ("　彼女は少しも怖かった。", "少しも"),
            ("　彼はめったに笑う。", "めったに"),
            ("　たとえ雨が降る、僕は行く。", "たとえ"),
            ("　もし明日晴れる、海へ行こう。", "もし"),
            ("　まるで時間が止まった。", "まるで"),
            ("　なぜなら、彼は嘘をついていた。", "なぜなら"),
            ("「二度と来る！」", "二度と"),
            ("　その結果は必ずしも正しい。", "必ずしも"),
            ("　試験は全然平気だった。", "全然"),
        ] {
            assert_eq!(texts(&AdverbAgreement, bad), [adverb], "{bad}");
        }
    }

    #[test]
    fn adverb_agreement_is_silent_when_the_partner_is_there() {
        for ok in [
            "　そんな大役は、僕には到底できない。",
            "　到底無理だ。",
            "　あの日のことは決して忘れない。",
            "　決して許すものか。",
            "　彼女は少しも怖くなかった。",
            "　少し休んでもいい。",
            "　たとえ雨が降っても、僕は行く。",
            "　たとえ子供でも分かる。",
            "　たとえ何があろうと、行く。",
            "　もし明日晴れたら、海へ行こう。",
            "　もし雨なら中止だ。",
            "　もし、あの時……。",
            "　まるで夢を見ているようだった。",
            "　まるで別人だ。",
            "　まるで分からない。",
            "　まるで夢を見ていた。",
            "　まるで違う。",
            "　汽車の中がまるでざわざわしました。",
            "　おれには到底やり切れない。",
            "　とうてい動かす事が出来んものとして扱う。",
            "　影がたゆとうていそうで怖い。",
            "「そりゃ、イナゴぞな、もし」と生意気に言った。",
            "「お気の毒じゃな、もし」",
            "　しかし四杯は過ぎるぞな、もし、と云った。",
            "　心構えが、まるで間違っていた事に気が附きました。",
            "　まるで、張合いが抜けました。",
            "　人間というものは到底天の恵に浴しておらん動物である。",
            "　なぜなら、彼は嘘をついていたからだ。",
            "　なぜなら、嘘だったのです。",
            "「二度と来るな！」",
            "　到底できることだろうか。",
            "　全然違う。",
            "「全然平気だよ」",
            "　彼は「決して」と言いかけた。",
            "　たとえば、猫が好きだ。",
            "「そんなん、到底できへんって」",
            "「決して許さねえ」",
        ] {
            assert!(texts(&AdverbAgreement, ok).is_empty(), "{ok}");
        }
    }

    #[test]
    fn tari_incomplete_fires_and_fixes() {
        assert_eq!(
            texts(&TariIncomplete, "　休日は友達と歌ったり踊って楽しんだ。"),
            ["踊って"]
        );
        assert_eq!(
            texts(&TariIncomplete, "　本を読んだり、音楽を聴いた。"),
            ["聴いた"]
        );
        assert_eq!(
            fix(&TariIncomplete, "　休日は友達と歌ったり踊って楽しんだ。"),
            "　休日は友達と歌ったり踊ったりして楽しんだ。"
        );
        assert_eq!(
            fix(&TariIncomplete, "　本を読んだり、音楽を聴いた。"),
            "　本を読んだり、音楽を聴いたりした。"
        );
        assert_eq!(
            fix(&TariIncomplete, "　本を読んだり、宿題をして過ごした。"),
            "　本を読んだり、宿題をしたりして過ごした。"
        );
        assert_eq!(
            fix(&TariIncomplete, "　酒を飲んだり、歌を歌って騒いだ。"),
            "　酒を飲んだり、歌を歌ったりして騒いだ。"
        );
        assert_eq!(
            fix(&TariIncomplete, "　飯を食べたり、酒を飲んで騒いだ。"),
            "　飯を食べたり、酒を飲んだりして騒いだ。"
        );
    }

    #[test]
    fn tari_incomplete_leaves_paired_and_exemplifying_tari_alone() {
        for ok in [
            "　泣いたり笑ったりした。",
            "　歌ったり踊ったりして楽しんだ。",
            "　嘘をついたりしてはいけない。",
            "　走ったり跳んだりできる場所で休んだ。",
            "　行ったり来たりする。",
            "　彼が言ったり書いた文書を読む。",
            "　服がぴったり合って嬉しかった。",
            "　あたりを見回して歩いた。",
            "　煮て見たり、焼いて見たり、酢に漬けて見たりした。",
            "　手を振ったり、こちらへまわって来るのでした。",
            "　深夜に訪ねたり、酔っぱらって訪問して泊ったりした。",
            "　二匹と云う代りに二たりといった。",
            "　寝転んで読んだり、停車場で読んではわからない。",
            "　暴行をほしいままにしたりと書いて、次に意見を附した。",
            "　金を借りたり、つまり、あの頃よりさらに荒んで野卑になった。",
            "　血が出たり、薬を買っておいで、と言って使いにやった。",
            "　教えてくれたり、安価にして滋養に富むものを食べて眠った。",
        ] {
            assert!(texts(&TariIncomplete, ok).is_empty(), "{ok}");
        }
    }
}
