//! Usage rules read from words: ら抜き言葉, い抜き言葉, 二重敬語, 二重否定, and the data-driven
//! 重言 and 冗長表現 lists.

use super::super::words::{distinct, select, WordSet};
use super::super::{Rule, RuleContext, RuleDoc, RuleMeta, Scope};
use super::{tokens_span, tokens_text};
use crate::analysis::fix::{display_edit, LazyGuard};
use crate::analysis::morph::{ParagraphWords, Token};
use crate::analysis::settings::TypoEntry;
use crate::analysis::Diagnostics;
use crate::analysis::{Applicability, Aspect, Diagnostic, Severity};

fn diag(meta: &RuleMeta, span: crate::analysis::Span, message: String) -> Diagnostic {
    Diagnostic::new(meta.code, meta.default_severity, span, message)
}

// ---------------------------------------------------------------------------------------
// RA_NUKI

pub struct RaNuki;

static RA_NUKI: RuleMeta = RuleMeta {
    code: "RA_NUKI",
    aspect: Aspect::Grammar,
    default_severity: Severity::Medium,
    summary: "ら抜き言葉 (見れる, 来れる, 食べれる): the potential form without ら",
    fix: Some(Applicability::Standard),
    doc: RuleDoc {
        what: "一段動詞・カ変動詞の可能形から「ら」が抜けた「ら抜き言葉」（見れる・来れる・食べれる・寝れる など）を検出します。五段動詞の可能動詞（読める・書ける）は正しい形なので対象外です。",
        why: "ら抜き言葉は話し言葉では広く使われますが、書き言葉としては誤用とみなされ、地の文にあると校閲で必ず指摘されます。台詞で人物の口調として使うなら意図的であることが読者に伝わるようにしましょう。",
        example: "　この崖からなら、町の灯りがよく見れる。明日も来れるだろうか。",
        fixed: "　この崖からなら、町の灯りがよく見られる。明日も来られるだろうか。",
    },
};

impl Rule for RaNuki {
    fn meta(&self) -> &'static RuleMeta {
        &RA_NUKI
    }

    fn scope(&self) -> Scope {
        Scope::Line
    }

    fn check(&self, cx: &RuleContext, out: &mut Diagnostics) {
        let (doc, words) = (cx.doc, cx.words);
        let guard = LazyGuard::new(doc);
        for pw in words.paragraphs() {
            let text = doc.paragraph_text(&doc.paragraphs[pw.paragraph]);
            for (i, t) in pw.tokens.iter().enumerate() {
                // Where ら goes (display offset within the paragraph) and the words fired on.
                let (at, first) = if is_ichidan_or_kahen_stem(t)
                    && pw.tokens.get(i + 1).is_some_and(is_reru_suffix)
                    && !before_case_particle(pw, i + 1)
                    // 書け|れる is れ足す (RE_TASU): ら added would make 書けられる.
                    && !super::verbs::re_tasu_at(words, pw, i)
                {
                    (pw.tokens[i + 1].range.start, i)
                } else if t.is("動詞")
                    && RA_NUKI_WORDS.contains(&t.base())
                    && !before_case_particle(pw, i)
                {
                    // IPADIC lists a few ら抜き forms as words of their own (見れる, 来れる).
                    match t.surface(text).char_indices().nth(1) {
                        Some((k, 'れ')) => (t.range.start + k, i),
                        _ => continue,
                    }
                } else {
                    continue;
                };
                let end = (first + 2).min(pw.tokens.len());
                let range = first..end;
                if classical(doc, words, pw, first, at) {
                    continue;
                }
                let shown = tokens_text(doc, pw, range.clone());
                let base = pw.base;
                let edit =
                    display_edit(doc, &guard, base + at..base + at + 'れ'.len_utf8(), "られ");
                out.push(
                    diag(
                        &RA_NUKI,
                        tokens_span(words, pw, range),
                        format!("「{shown}」はら抜き言葉です。「ら」を入れた形にしてください。"),
                    )
                    .with_suggestion("「ら」を補う（見れる→見られる、来れる→来られる）")
                    .with_edit_fix(
                        Applicability::Standard,
                        "「ら」を補う",
                        edit,
                    ),
                );
            }
        }
    }
}

/// Whether the れ form whose stem is token `first` (ら would go at display offset `at`
/// within the paragraph) is 文語, not ら抜き: the 完了 り after it (来れり, 見れり), or a
/// ruby that reads 来 otherwise than こ (来《きた》れり is 来たる; a ら抜き 来れる is こ).
fn classical(
    doc: &crate::analysis::Document,
    words: &crate::analysis::morph::Words,
    pw: &ParagraphWords,
    first: usize,
    at: usize,
) -> bool {
    let text = doc.paragraph_text(&doc.paragraphs[pw.paragraph]);
    let after_re = text
        .get(at..)
        .and_then(|t| t.strip_prefix('れ'))
        .unwrap_or("");
    if after_re.starts_with('り') {
        return true;
    }
    let stem = &pw.tokens[first];
    if !stem.base().starts_with('来') {
        return false;
    }
    let source = doc.text(words.span(pw, stem.range.clone()));
    let tail = &doc.source[words.span(pw, stem.range.clone()).end..];
    let ruby = source
        .split_once('《')
        .map(|(_, r)| r)
        .or_else(|| tail.strip_prefix('《'))
        .and_then(|r| r.split_once('》'))
        .map(|(r, _)| r);
    ruby.is_some_and(|r| r != "こ")
}

/// ら抜き forms IPADIC has as single words (base forms).
const RA_NUKI_WORDS: &[&str] = &["見れる", "来れる", "これる", "出れる", "寝れる", "着れる"];

fn is_ichidan_or_kahen_stem(t: &Token) -> bool {
    t.is("動詞")
        && t.pos(1) == "自立"
        && t.cform() == "未然形"
        && (t.ctype().starts_with("一段") || t.ctype().starts_with("カ変"))
}

fn is_reru_suffix(t: &Token) -> bool {
    t.is("動詞") && t.pos(1) == "接尾" && t.base() == "れる"
}

/// Whether the れ form at `i` (not its 基本形) is followed by a noun (not そう), a case particle
/// or が: not a verb form at all but a misparsed word (botchan's dialect うんでれがん), since a
/// potential verb there is followed by て, た, ます, ない, ば, そう or a comma (見れるが has the
/// 基本形).
fn before_case_particle(pw: &ParagraphWords, i: usize) -> bool {
    !pw.tokens[i].cform().starts_with("基本")
        && pw.tokens.get(i + 1).is_some_and(|n| {
            // そう after the stem is the auxiliary's stem (着れそうに), not a noun.
            n.is("名詞") && n.pos(2) != "助動詞語幹"
                || n.is("助詞")
                    && (n.pos(1) == "格助詞" || n.pos(1) == "接続助詞" && n.base() == "が")
        })
}

// ---------------------------------------------------------------------------------------
// I_NUKI

pub struct INuki;

static I_NUKI: RuleMeta = RuleMeta {
    code: "I_NUKI",
    aspect: Aspect::Grammar,
    default_severity: Severity::Low,
    summary: "い抜き言葉 in narration (読んでた, 見てる): 〜ている without い",
    fix: Some(Applicability::Standard),
    doc: RuleDoc {
        what: "地の文で「〜ている」「〜ていた」の「い」が抜けた形（読んでた・見てる・知ってます）を検出します。台詞（「」の中や会話の段落）は話し言葉なので対象外です。",
        why: "い抜き言葉は口語です。地の文に混じると文体が崩れて幼い印象になり、一人称の語りでも意図が伝わらなければ誤りと受け取られます。",
        example: "　彼女はずっと窓の外を見てた。",
        fixed: "　彼女はずっと窓の外を見ていた。",
    },
};

impl Rule for INuki {
    fn meta(&self) -> &'static RuleMeta {
        &I_NUKI
    }

    fn scope(&self) -> Scope {
        Scope::Line
    }

    fn check(&self, cx: &RuleContext, out: &mut Diagnostics) {
        let (doc, words) = (cx.doc, cx.words);
        let guard = LazyGuard::new(doc);
        for pw in words.paragraphs() {
            let text = doc.paragraph_text(&doc.paragraphs[pw.paragraph]);
            let speech = &pw.speech[..];
            for (i, t) in pw.tokens.iter().enumerate() {
                if speech[i] || i == 0 || !pw.tokens[i - 1].is("動詞") {
                    continue;
                }
                let surface = t.surface(text);
                let te = surface.starts_with('て') || surface.starts_with('で');
                // で only follows a sound-changed stem (読んで, 泳いで): 出でて is 出づ, not 出てる.
                if surface.starts_with('で') && pw.tokens[i - 1].cform() != "連用タ接続" {
                    continue;
                }
                // てる's one-character form before ず is a misparse (されてずうっと).
                if surface.chars().count() == 1
                    && t.is("動詞")
                    && pw.tokens.get(i + 1).is_some_and(|n| n.base() == "ぬ")
                {
                    continue;
                }
                // 書いてない / 入れてなかった: the negative of 〜てある (nothing is written) as
                // often as an い抜き 〜ていない; judged, nearly every one was the former.
                if t.is("動詞")
                    && t.cform() == "未然形"
                    && pw
                        .tokens
                        .get(i + 1)
                        .is_some_and(|n| n.is("助動詞") && matches!(n.base(), "ない" | "ぬ"))
                {
                    continue;
                }
                // IPADIC: 見てる → 見/てる (動詞,非自立, base てる); 見てた → 見/て/た.
                let fires = te
                    && (t.is("動詞")
                        && t.pos(1) == "非自立"
                        && matches!(t.base(), "てる" | "でる")
                        || t.is("助詞")
                            && t.pos(1) == "接続助詞"
                            && pw.tokens.get(i + 1).is_some_and(|n| {
                                n.is("助動詞") && matches!(n.base(), "た" | "ます")
                            }));
                if !fires {
                    continue;
                }
                let end = if t.is("助詞") { i + 2 } else { i + 1 };
                let range = i - 1..end.min(pw.tokens.len());
                let shown = tokens_text(doc, pw, range.clone());
                let at = pw.base + t.range.start + 'て'.len_utf8();
                let te_char = &text[t.range.start..t.range.start + 'て'.len_utf8()];
                let edit = display_edit(
                    doc,
                    &guard,
                    at - 'て'.len_utf8()..at,
                    format!("{te_char}い"),
                );
                out.push(
                    diag(
                        &I_NUKI,
                        tokens_span(words, pw, range),
                        format!(
                            "「{shown}」はい抜き言葉です。地の文では「{te_char}い」と書きます。"
                        ),
                    )
                    .with_suggestion("「い」を補う（見てた→見ていた）")
                    .with_edit_fix(
                        Applicability::Standard,
                        "「い」を補う",
                        edit,
                    ),
                );
            }
        }
    }
}

// ---------------------------------------------------------------------------------------
// DOUBLE_HONORIFIC

pub struct DoubleHonorific;

static DOUBLE_HONORIFIC: RuleMeta = RuleMeta {
    code: "DOUBLE_HONORIFIC",
    aspect: Aspect::Grammar,
    default_severity: Severity::Medium,
    summary: "二重敬語 and mixed-up honorifics (おっしゃられる, お〜になられる, ご利用される, 参られる)",
    fix: None,
    doc: RuleDoc {
        what: "尊敬語にさらに尊敬の「れる・られる」を重ねた二重敬語（おっしゃられる・いらっしゃられる・召し上がられる・お〜になられる）と、謙譲の形に尊敬の「れる・られる」を付けた誤り（ご利用される・お待ちされる・参られる・申される・拝見される）、相手の行為に謙譲の「お〜する」を使った「ご確認してください」を検出します。「先生にご招待された」のような受け身は対象外です。",
        why: "敬語を重ねても丁寧にはならず、誤用として目立ちます。謙譲語は自分の側の行為に使う形なので、相手の行為に使うとかえって失礼になります。敬語を正しく使えるはずの人物（執事・秘書など）の台詞にあると、人物造形まで揺らぎます。",
        example: "　社長がそうおっしゃられたので、皆がお召し上がりになられるのを待った。",
        fixed: "　社長がそうおっしゃったので、皆が召し上がるのを待った。",
    },
};

/// 尊敬語 verbs (base forms) that must not take れる・られる.
const HONORIFIC_VERBS: &[&str] = &[
    "おっしゃる",
    "仰る",
    "いらっしゃる",
    "召し上がる",
    "召しあがる",
    "めしあがる",
    "なさる",
    "くださる",
    "下さる",
];

impl Rule for DoubleHonorific {
    fn meta(&self) -> &'static RuleMeta {
        &DOUBLE_HONORIFIC
    }

    fn scope(&self) -> Scope {
        Scope::Line
    }

    fn check(&self, cx: &RuleContext, out: &mut Diagnostics) {
        let (doc, words) = (cx.doc, cx.words);
        for pw in words.paragraphs() {
            let text = doc.paragraph_text(&doc.paragraphs[pw.paragraph]);
            let toks = &pw.tokens;
            for i in 0..toks.len().saturating_sub(1) {
                if !is_reru_suffix_any(&toks[i + 1]) || !toks[i].is("動詞") {
                    continue;
                }
                let start = if HONORIFIC_VERBS.contains(&toks[i].base()) {
                    i
                } else if toks[i].base() == "なる" && i >= 2 && toks[i - 1].surface(text) == "に"
                {
                    // お／ご〜になられる: a prefix お・ご within the few words before に.
                    match (i.saturating_sub(5)..i - 1).find(|&k| {
                        let s = toks[k].surface(text);
                        s.starts_with('お') || s.starts_with('ご') || s.starts_with('御')
                    }) {
                        Some(k) => k,
                        None => continue,
                    }
                } else if let Some(k) = humble_before_reru(toks, text, i) {
                    let shown = tokens_text(doc, pw, k..i + 2);
                    out.push(
                        diag(
                            &DOUBLE_HONORIFIC,
                            tokens_span(words, pw, k..i + 2),
                            format!("「{shown}」は謙譲の形に尊敬の「れる・られる」を付けた誤りです。"),
                        )
                        .with_suggestion("尊敬語にする（ご利用される→ご利用になる・利用される、参られる→いらっしゃる、申された→おっしゃった）"),
                    );
                    continue;
                } else {
                    continue;
                };
                let range = start..i + 2;
                let shown = tokens_text(doc, pw, range.clone());
                out.push(
                    diag(
                        &DOUBLE_HONORIFIC,
                        tokens_span(words, pw, range),
                        format!("「{shown}」は二重敬語です。尊敬語に「れる・られる」を重ねないでください。"),
                    )
                    .with_suggestion("「れる・られる」を外す（おっしゃられた→おっしゃった、お〜になられる→お〜になる）"),
                );
            }
            // ご確認してください: the humble お／ご〜する asked of the listener.
            for i in 0..toks.len() {
                let Some(k) = humble_request(toks, text, i) else {
                    continue;
                };
                let shown = tokens_text(doc, pw, k..i + 3);
                out.push(
                    diag(
                        &DOUBLE_HONORIFIC,
                        tokens_span(words, pw, k..i + 3),
                        format!("「{shown}」は相手の行為に謙譲の「お／ご〜する」を使っています。"),
                    )
                    .with_suggestion("「して」を外す（ご確認してください→ご確認ください）"),
                );
            }
        }
    }
}

/// 謙譲語 verbs (base forms) that must not take the honorific れる・られる (参られる, 申される).
const HUMBLE_VERBS: &[&str] = &["参る", "申す", "いたす", "致す", "申し上げる"];

/// A です or ます from token `from` to the end of its sentence.
fn polite_after(toks: &[Token], text: &str, from: usize) -> bool {
    toks.iter()
        .skip(from)
        .take_while(|t| !matches!(t.surface(text), "。" | "！" | "？" | "」" | "』"))
        .any(|t| t.is("助動詞") && matches!(t.base(), "です" | "ます"))
}

/// Where a humble form starts whose する or verb at `i` takes the honorific れる at `i + 1`:
/// a 謙譲語 verb (参ら|れる), 拝見・拝読 … + さ|れる, or お／ご + a noun or verb + さ|れる (ご利用
/// される, お待ちされる). A passive with its agent (先生にご招待された) is not one.
fn humble_before_reru(toks: &[Token], text: &str, i: usize) -> Option<usize> {
    let t = &toks[i];
    if HUMBLE_VERBS.contains(&t.base()) {
        // 申されない / 申されません is the potential (cannot say), not an honorific.
        let negative = |n: &Token| n.is("助動詞") && matches!(n.base(), "ない" | "ぬ" | "ん");
        let potential = toks.get(i + 2).is_some_and(|n| {
            negative(n) || n.base() == "ます" && toks.get(i + 3).is_some_and(negative)
        });
        // 参られた・申された without です・ます is the archaic register of period and fantasy
        // speech (よくぞ参られた、勇者殿), where they are the honorific; in polite speech
        // (参られました, 申されたのです) they are the modern slip.
        let archaic_ok = matches!(t.base(), "参る" | "申す") && !polite_after(toks, text, i + 2);
        return (!potential && !archaic_ok).then_some(i);
    }
    if t.base() != "する" || i == 0 {
        return None;
    }
    let k = honorific_prefix_start(toks, text, i)?;
    let agent = k > 0 && matches!(toks[k - 1].surface(text), "に" | "から");
    (!agent).then_some(k)
}

/// Where お／ご + a word, or a 拝 word (拝見), ends right before token `i`: the index of the
/// prefix (or of the word when the prefix is part of it, お待ち, お話し).
fn honorific_prefix_start(toks: &[Token], text: &str, i: usize) -> Option<usize> {
    let w = toks.get(i.checked_sub(1)?)?;
    let ws = w.surface(text);
    // A サ変 noun (利用, お待ち), a verb's 連用形 or a noun made of one (伺い): お欺され
    // (お + 欺 + され, a passive) is none of them.
    let word = w.is("名詞") && w.pos(1) == "サ変接続"
        || w.is("名詞")
            && w.pos(1) == "一般"
            && ws.ends_with(['い', 'き', 'し', 'ち', 'に', 'ひ', 'み', 'り', 'ぎ', 'び'])
        || w.is("動詞") && w.cform().starts_with("連用");
    if !word {
        return None;
    }
    if ws.starts_with('拝') && w.pos(1) == "サ変接続" {
        return Some(i - 1);
    }
    if ["お", "ご", "御"].iter().any(|p| ws.starts_with(p)) && ws.chars().count() >= 3 {
        return Some(i - 1);
    }
    let p = toks.get(i.checked_sub(2)?)?;
    (p.is("接頭詞") && matches!(p.surface(text), "お" | "ご" | "御")).then_some(i - 2)
}

/// Where お／ご〜してください starts, when し of it is token `i` (し|て|ください).
fn humble_request(toks: &[Token], text: &str, i: usize) -> Option<usize> {
    let t = &toks[i];
    if !(t.base() == "する" && t.surface(text) == "し") {
        return None;
    }
    let te = toks.get(i + 1)?;
    let please = toks.get(i + 2)?;
    if te.surface(text) != "て" || !matches!(please.base(), "くださる" | "下さる") {
        return None;
    }
    let k = honorific_prefix_start(toks, text, i)?;
    (!toks[k].surface(text).starts_with('拝')).then_some(k)
}

fn is_reru_suffix_any(t: &Token) -> bool {
    t.is("動詞") && t.pos(1) == "接尾" && matches!(t.base(), "れる" | "られる")
}

// ---------------------------------------------------------------------------------------
// DOUBLE_NEGATIVE

pub struct DoubleNegative;

static DOUBLE_NEGATIVE: RuleMeta = RuleMeta {
    code: "DOUBLE_NEGATIVE",
    aspect: Aspect::Readability,
    default_severity: Severity::Low,
    summary: "二重否定 (ないわけではない, なくもない)",
    fix: None,
    doc: RuleDoc {
        what: "否定を否定で打ち消す二重否定（〜ないわけではない・〜なくもない・〜ないこともない・〜ないとは言えない）を検出します。",
        why: "二重否定は読者に一度頭の中で裏返させる表現です。含みを持たせたい場面以外では、肯定で言い切るほうが速く正確に伝わります。",
        example: "　彼の気持ちがわからないわけではない。",
        fixed: "　彼の気持ちは少しわかる。",
    },
};

/// What follows a negative ない (or ぬ) to make a double negative, written in kana up to the
/// な of the second negative: matched on the text with `kana_prefix`, so 訳, 事, コト, 言, 限
/// and 無 match too (ない訳ではない, ない事はない, 無くも無い).
const AFTER_NAI: &[&str] = &[
    "わけではな",
    "わけじゃな",
    "わけでもな",
    "こともな",
    "ことはな",
    "ものでもな",
    "ものではな",
    "もんでもな",
    "もんじゃな",
    "とはいえな",
    "ともいえな",
    "とはかぎらな",
    "ともかぎらな",
    "といいきれな",
    "とはいいきれな",
    "ともいいきれな",
    "でもな",
    "ではな",
];
const AFTER_NAKU: &[&str] = &["もな", "はな"];

/// Other spellings of kana in `AFTER_NAI` and `AFTER_NAKU`: (kana, spellings).
const KANA_SPELLINGS: &[(&str, &[&str])] = &[
    ("わけ", &["訳"]),
    ("こと", &["事", "コト"]),
    ("かぎ", &["限"]),
    ("いいき", &["言い切", "言いき", "いい切"]),
    ("い", &["言"]),
    ("な", &["無"]),
];

/// The length in bytes of the prefix of `text` that spells `kana` (as is, or with the
/// spellings of `KANA_SPELLINGS`), if one does.
fn kana_prefix(text: &str, kana: &str) -> Option<usize> {
    if kana.is_empty() {
        return Some(0);
    }
    for (k, spellings) in KANA_SPELLINGS {
        if let Some(rest) = kana.strip_prefix(k) {
            for sp in *spellings {
                if let Some(n) = text.strip_prefix(sp).and_then(|t| kana_prefix(t, rest)) {
                    return Some(sp.len() + n);
                }
            }
        }
    }
    let c = kana.chars().next()?;
    let rest = text.strip_prefix(c)?;
    kana_prefix(rest, &kana[c.len_utf8()..]).map(|n| c.len_utf8() + n)
}

impl Rule for DoubleNegative {
    fn meta(&self) -> &'static RuleMeta {
        &DOUBLE_NEGATIVE
    }

    fn scope(&self) -> Scope {
        Scope::Line
    }

    fn check(&self, cx: &RuleContext, out: &mut Diagnostics) {
        let (doc, words) = (cx.doc, cx.words);
        for pw in words.paragraphs() {
            let text = doc.paragraph_text(&doc.paragraphs[pw.paragraph]);
            for t in &pw.tokens {
                let negative = (t.is("助動詞") && matches!(t.base(), "ない" | "ぬ"))
                    || (t.is("形容詞")
                        && t.pos(1) == "自立"
                        && matches!(t.base(), "ない" | "無い"));
                if !negative {
                    continue;
                }
                let surface = t.surface(text);
                let rest = &text[t.range.end..];
                let tails = match surface {
                    "ない" | "無い" | "ぬ" | "ん" => AFTER_NAI,
                    "なく" | "無く" => AFTER_NAKU,
                    _ => continue,
                };
                let Some((tail, n)) = tails
                    .iter()
                    .find_map(|x| kana_prefix(rest, x).map(|n| (*x, n)))
                else {
                    continue;
                };
                // Through the final ない / なかっ / なく / なけれ, which must be there:
                // 出来なくもなる (may become impossible) and ないでもなお negate once.
                let mut end = t.range.end + n;
                let Some(last) = text[end..]
                    .chars()
                    .next()
                    .filter(|c| "いかくけ".contains(*c))
                else {
                    continue;
                };
                end += last.len_utf8();
                // ないではないか asks the reader to agree (来ないではないか): one negation.
                if tail == "ではな" && text[end..].starts_with('か') {
                    continue;
                }
                let span = cx.words.span(pw, t.range.start..end);
                out.push(
                    diag(
                        &DOUBLE_NEGATIVE,
                        span,
                        format!("「{}」は二重否定です。", &text[t.range.start..end]),
                    )
                    .with_suggestion("含みを持たせたいのでなければ、肯定の形で言い切る"),
                );
            }
        }
    }
}

// ---------------------------------------------------------------------------------------
// TAUTOLOGY and REDUNDANT_EXPRESSION: phrase lists matched at word starts.

pub struct Tautology;

static TAUTOLOGY: RuleMeta = RuleMeta {
    code: "TAUTOLOGY",
    aspect: Aspect::Grammar,
    default_severity: Severity::Medium,
    summary: "重言 (頭痛が痛い, 馬から落馬, 一番最初) from the tautologies list",
    fix: None,
    doc: RuleDoc {
        what: "同じ意味の言葉を重ねた重言（頭痛が痛い・馬から落馬・一番最初・後で後悔 など）を、辞書（templates/dictionaries/tautologies.tsv）に照らして検出します。活用する語は語幹で照合します（「頭痛が痛」は「痛い」「痛くて」の両方に当たります）。",
        why: "重言は意味が重複しているため、読者に稚拙な印象を与えます。校閲では必ず指摘される代表的な誤用です。",
        example: "　一番最初に声をかけたのは、彼女だった。",
        fixed: "　最初に声をかけたのは、彼女だった。",
    },
};

impl Rule for Tautology {
    fn meta(&self) -> &'static RuleMeta {
        &TAUTOLOGY
    }

    fn scope(&self) -> Scope {
        Scope::Line
    }

    fn check(&self, cx: &RuleContext, out: &mut Diagnostics) {
        let tautology = |span, wrong: &str, right: &str| {
            diag(
                &TAUTOLOGY,
                span,
                format!("「{wrong}」は重言です。「{right}」のように重複を除いてください。"),
            )
            .with_suggestion(right.to_string())
        };
        phrase_hits(cx, &cx.settings.tautologies, false, |span, _, e| {
            out.push(tautology(span, &e.wrong, &e.right));
        });
        // 約 + a number (+ counter) + ほど・くらい・程度: an approximation said twice, whatever
        // the number (約五十人ほど, 約3キロくらい), so not a list entry.
        let doc = cx.doc;
        for pw in cx.words.paragraphs() {
            let text = doc.paragraph_text(&doc.paragraphs[pw.paragraph]);
            for i in 0..pw.tokens.len() {
                let Some(end) = approximated_twice(&pw.tokens, text, i) else {
                    continue;
                };
                let number = tokens_text(doc, pw, i + 1..end - 1);
                let wrong = tokens_text(doc, pw, i..end);
                let right = format!("約{number}");
                out.push(tautology(tokens_span(cx.words, pw, i..end), wrong, &right));
            }
        }
    }
}

/// The end of `約` + number (+ up to two counter words) + ほど / くらい / ぐらい / 程度 starting at
/// token `i`, if one does.
fn approximated_twice(toks: &[Token], text: &str, i: usize) -> Option<usize> {
    if !(toks[i].is("接頭詞") && toks[i].surface(text) == "約") {
        return None;
    }
    let mut k = i + 1;
    while toks
        .get(k)
        .is_some_and(|t| t.is("名詞") && t.pos(1) == "数")
    {
        k += 1;
    }
    if k == i + 1 {
        return None;
    }
    for _ in 0..3 {
        let t = toks.get(k)?;
        if matches!(
            t.surface(text),
            "ほど" | "程" | "くらい" | "ぐらい" | "程度"
        ) {
            return Some(k + 1);
        }
        if !(t.is("名詞") && matches!(t.pos(1), "接尾" | "一般")) {
            return None;
        }
        k += 1;
    }
    None
}

pub struct RedundantExpression;

static REDUNDANT_EXPRESSION: RuleMeta = RuleMeta {
    code: "REDUNDANT_EXPRESSION",
    aspect: Aspect::Style,
    default_severity: Severity::Low,
    summary: "冗長表現 in narration (することができる, ことによって) from the list",
    fix: Some(Applicability::Aggressive),
    doc: RuleDoc {
        what: "地の文の冗長な言い回し（することができる・ことによって・というふうに など）を、辞書（templates/dictionaries/redundant_expressions.tsv）に照らして検出します。台詞は対象外です。「を行う」のように「を」で始まる語句は、サ変名詞の後（登録を行う→登録する）だけを対象にします（儀式を行う は言い換えられないため）。「ことができる」は五段動詞の後（使うことができる→使える）だけです（一段動詞の「られる」は受け身・尊敬とも読めるため、信じることができる はそのままが明快です）。言い換えが一通りに決まる語（することができ→でき、ことによって→ことで〈「ことによっては」を除く〉など）には、言い回しを変える修正（aggressive）が付きます。`--level aggressive` のときだけ適用されます。辞書の語句のほか、語の並びで「サ変名詞＋することが／も／は（、）＋可能・できる」（省略することも可能だ→省略も可能だ）、「であると言える」「であると考えている」、「サ変名詞＋を行う／を実行する」（実験を行えば→実験すれば）を、活用や読点を挟んだ形も含めて検出します（textlint-ja の no-redundant-expression と同じ範囲。カタカナ語と「処理」の「〜を行う」、「計画を実行する」のように実行されるもの、過去の「考えていた」、Markdown の引用・箇条書き・リンク・コードは対象外）。語の並びによる検出は literary プリセットでは行いません（「理解する事が出来る」は古い文章の言い回しです）。",
        why: "意味を変えずに短くできる言い回しは、文のテンポを落とします。一つひとつは小さくても、積み重なると文章全体が間延びします。",
        example: "　彼は魔法を使用することができる。",
        fixed: "　彼は魔法を使用できる。",
    },
};

impl Rule for RedundantExpression {
    fn meta(&self) -> &'static RuleMeta {
        &REDUNDANT_EXPRESSION
    }

    fn scope(&self) -> Scope {
        Scope::Line
    }

    fn check(&self, cx: &RuleContext, out: &mut Diagnostics) {
        let doc = cx.doc;
        let guard = LazyGuard::new(doc);
        let mut listed = Vec::new();
        phrase_hits(
            cx,
            &cx.settings.redundant_expressions,
            true,
            |span, at, e| {
                listed.push(at.start);
                let edit = rewrite_of(e, &doc.display[at.end..])
                    .and_then(|to| display_edit(doc, &guard, at, to));
                out.push(
                    diag(
                        &REDUNDANT_EXPRESSION,
                        span,
                        format!("「{}」は冗長です。「{}」で足ります。", e.wrong, e.right),
                    )
                    .with_suggestion(e.right.clone())
                    .with_edit_fix(
                        Applicability::Aggressive,
                        format!("「{}」を「{}」に言い換える", e.wrong, e.right),
                        edit,
                    ),
                );
            },
        );
        super::redundant::check_patterns(cx, &REDUNDANT_EXPRESSION, &listed, out);
    }
}

/// 冗長表現 whose shorter wording replaces them as is, whatever follows (the conjugation
/// goes on the same way): (phrase, replacement, a following text that changes the meaning).
/// Only these get a fix, and only while the list still suggests that replacement; the
/// others (することが可能→できる needs the sentence end changed, ではないだろうか→だろう drops
/// the question) stay suggestions. The fix changes wording: level aggressive.
const REWRITES: &[(&str, &str, Option<&str>)] = &[
    ("することができ", "でき", None),
    // ことによっては means "perhaps", not "by doing".
    ("ことによって", "ことで", Some("は")),
    ("ということになる", "ことになる", None),
    ("であると言える", "である", None),
    ("であるといえる", "である", None),
    ("するようにする", "する", None),
    ("させていただきます", "します", None),
    ("することにする", "する", None),
    ("と言っても過言ではない", "と言える", None),
    ("の方が良い", "ほうがよい", None),
];

/// The replacement of `e` when it is one of `REWRITES` and `after` (the display text after
/// the phrase) does not change its meaning.
fn rewrite_of(e: &TypoEntry, after: &str) -> Option<&'static str> {
    REWRITES
        .iter()
        .find(|(from, to, _)| *from == e.wrong && *to == e.right)
        .filter(|(_, _, unless)| !unless.is_some_and(|u| after.starts_with(u)))
        .map(|(_, to, _)| *to)
}

/// Calls `hit` for every occurrence of a phrase of `list` that starts where a word starts
/// (so 一番最初 does not match inside another word), skipping speech when `narration_only`.
fn phrase_hits(
    cx: &RuleContext,
    list: &[TypoEntry],
    narration_only: bool,
    mut hit: impl FnMut(crate::analysis::Span, std::ops::Range<usize>, &TypoEntry),
) {
    if list.is_empty() {
        return;
    }
    let (phrases, ids) = distinct(list.iter().map(|e| e.wrong.as_str()));
    let set = WordSet::get(&phrases);
    let doc = cx.doc;
    for pw in cx.words.paragraphs() {
        let text = doc.paragraph_text(&doc.paragraphs[pw.paragraph]);
        let found = select(&set.occurrences(text), &ids);
        if found.is_empty() {
            continue;
        }
        let speech = if narration_only { &pw.speech[..] } else { &[] };
        for (range, w) in found {
            let Some(i) = word_starting_at(pw, range.start) else {
                continue;
            };
            if speech.get(i).copied().unwrap_or(false) {
                continue;
            }
            if narration_only
                && !super::redundant::list_match_applies(pw, text, i, &range, &list[w].wrong)
            {
                continue;
            }
            // A phrase that starts with を (を行う) is about a サ変 noun's light verb: 登録を行う
            // is 登録する, but 儀式を行う, 真理を行う, 摩擦術を行う have no shorter wording.
            let sahen =
                i > 0 && pw.tokens[i - 1].is("名詞") && pw.tokens[i - 1].pos(1) == "サ変接続";
            if list[w].wrong.starts_with('を') && !sahen {
                continue;
            }
            // ことができる shortens to a potential form only after a 五段 verb (使うことができる
            // → 使える): an 一段 verb's potential られる reads as passive or honorific too
            // (信じられる), so there ことができる is the clearer wording, not a redundant one.
            let godan = i > 0
                && pw.tokens[i - 1].is("動詞")
                && pw.tokens[i - 1].ctype().starts_with("五段");
            if list[w].wrong == "ことができ" && !godan {
                continue;
            }
            // させていただけますか / させていただいてもよろしいですか / させていただきたい ask
            // for permission: there the humble form is the request itself, not padding.
            if list[w].wrong.starts_with("させていただ")
                && text.get(range.start..).is_some_and(|t| {
                    let rest = t.trim_start_matches("させていただ");
                    rest.starts_with('け')
                        || rest.starts_with("いても")
                        || rest.starts_with("きたい")
                })
            {
                continue;
            }
            let at = pw.base + range.start..pw.base + range.end;
            hit(cx.words.span(pw, range), at, &list[w]);
        }
    }
}

/// The index of the word starting at `at`, if one does.
fn word_starting_at(pw: &ParagraphWords, at: usize) -> Option<usize> {
    pw.tokens.binary_search_by_key(&at, |t| t.range.start).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::fix::testing::{diagnostics, fixed_line as fix, flagged as texts};
    use crate::analysis::Settings;

    #[test]
    fn ra_nuki_fires_on_ichidan_and_kahen_and_fixes() {
        assert_eq!(texts(&RaNuki, "　朝なら起きれる。"), ["起きれる"]);
        assert_eq!(texts(&RaNuki, "「これなら食べれる」"), ["食べれる"]);
        assert_eq!(texts(&RaNuki, "　明日も来れる。").len(), 1);
        assert_eq!(fix(&RaNuki, "　朝なら起きれる。"), "　朝なら起きられる。");
        assert_eq!(
            fix(&RaNuki, "　ここからよく見れた。"),
            "　ここからよく見られた。"
        );
        // そう after the form is the auxiliary, not a noun that marks a misparse.
        assert_eq!(
            texts(&RaNuki, "　一人ではとても着れそうになかった。"),
            ["着れ"]
        );
    }

    #[test]
    fn ra_nuki_leaves_potential_verbs_and_ra_forms_alone() {
        // 文語: 来《きた》れり is 来たる with the 完了 り, not a ら抜き 来れる (issue 31).
        for ok in [
            "　石碑には、神が来《きた》れりと刻まれていた。",
            "　春来れり。",
        ] {
            assert!(texts(&RaNuki, ok).is_empty(), "{ok}");
        }
        assert_eq!(texts(&RaNuki, "　明日も来《こ》れるだろうか。").len(), 1);
        for ok in [
            "　本が読める。",
            "　朝なら起きられる。",
            "　彼は忘れる。",
            "　それを入れる。",
            "　見れば分かる。",
            "　町が見られる。",
            "　明日なら来られる。",
            "　恐れ入って引き下がるうんでれがんがあるものか。",
        ] {
            assert!(texts(&RaNuki, ok).is_empty(), "{ok}");
        }
    }

    #[test]
    fn i_nuki_fires_in_narration_only() {
        // The negative of 〜てある (nothing is written there) is no い抜き (issue 31).
        for ok in ["　手紙には何も書いてない。", "　鍵を鞄に入れてなかった。"]
        {
            assert!(texts(&INuki, ok).is_empty(), "{ok}");
        }
        assert_eq!(texts(&INuki, "　彼は本を読んでた。").len(), 1);
        assert_eq!(texts(&INuki, "　僕はそれを知ってます。").len(), 1);
        assert_eq!(texts(&INuki, "　猫が寝てる。").len(), 1);
        assert!(texts(&INuki, "「本を読んでた」").is_empty());
        assert!(texts(&INuki, "　彼は「見てる」と言った。").is_empty());
        assert!(texts(&INuki, "　彼は本を読んでいた。").is_empty());
        assert!(texts(&INuki, "　彼は走って逃げた。").is_empty());
        // Classical 出でて and a misparsed されてずうっと are not 〜ている (corpus).
        assert!(texts(&INuki, "　敵の不意に出でて、逃げ出す。").is_empty());
        assert!(texts(&INuki, "　音もすりへらされてずうっとかすかになった。").is_empty());
        assert_eq!(texts(&INuki, "　彼は泳いでた。").len(), 1);
        assert_eq!(
            fix(&INuki, "　彼は本を読んでた。"),
            "　彼は本を読んでいた。"
        );
        assert_eq!(fix(&INuki, "　猫が寝てる。"), "　猫が寝ている。");
    }

    #[test]
    fn double_honorific_fires_and_not_on_single_honorifics() {
        assert_eq!(texts(&DoubleHonorific, "　先生がおっしゃられた。").len(), 1);
        assert_eq!(
            texts(&DoubleHonorific, "「どうぞお召し上がりになられてください」").len(),
            1
        );
        assert_eq!(texts(&DoubleHonorific, "　社長がご覧になられた。").len(), 1);
        for ok in [
            "　先生がおっしゃった。",
            "「どうぞお召し上がりください」",
            "　社長がご覧になった。",
            "　彼は大人になられた方だ。",
            "　雨に降られた。",
        ] {
            assert!(texts(&DoubleHonorific, ok).is_empty(), "{ok}");
        }
    }

    #[test]
    fn double_honorific_reports_humble_forms_made_honorific() {
        for bad in [
            "「お客様がご利用される場合は」",
            "　部長がお待ちされている。",
            "「先生が参られました」",
            "「社長がそう申されたのです」",
            "「先生が拝見されるそうです」",
            "「こちらの書類をご確認してください」",
            "「少々お待ちしてください」",
        ] {
            assert_eq!(texts(&DoubleHonorific, bad).len(), 1, "{bad}");
        }
        for ok in [
            "「お客様がご利用になる場合は」",
            "　彼は先生にご招待された。",
            "「少々お待ちください」",
            "「こちらでお待ちしております」",
            "「ご確認ください」",
            "「資料を拝見しました」",
            "　彼は利用された。",
            "「先生がいらっしゃいました」",
            "「何とも申されません」",
            "　吾輩の苦痛とは申されない。",
            "「古賀さんがお欺《だま》されたんぞなもし」",
            // Period and fantasy speech: the archaic honorific.
            "「よくぞ参られた、勇者殿」",
            "「殿がそう申された」",
        ] {
            assert!(texts(&DoubleHonorific, ok).is_empty(), "{ok}");
        }
    }

    #[test]
    fn ra_nuki_leaves_re_tasu_to_its_rule() {
        assert!(texts(&RaNuki, "　明日なら行けれる。").is_empty());
        assert!(texts(&RaNuki, "　こんな字じゃ読めれない。").is_empty());
        // 開ける is a verb of its own: 開けれる is ら抜き.
        assert_eq!(texts(&RaNuki, "　この扉なら開けれる。").len(), 1);
        assert_eq!(
            fix(&RaNuki, "　この扉なら開けれる。"),
            "　この扉なら開けられる。"
        );
    }

    #[test]
    fn double_negative_fires_on_the_patterns_only() {
        assert_eq!(
            texts(&DoubleNegative, "　わからないわけではない。"),
            ["ないわけではない"]
        );
        assert_eq!(
            texts(&DoubleNegative, "　噂を信じていないわけでもなかった。").len(),
            1
        );
        assert_eq!(
            texts(&DoubleNegative, "　気持ちはわからなくもない。"),
            ["なくもない"]
        );
        assert_eq!(
            texts(&DoubleNegative, "　行かないこともなかった。").len(),
            1
        );
        assert_eq!(
            texts(&DoubleNegative, "　嵐が来ないとも限らない。"),
            ["ないとも限らない"]
        );
        for bad in [
            "　それが発端だったといえ無くも無い。",
            "　手もないではないが、気が進まない。",
            "　どんな行為に出ないものでもない。",
            "　避けられないものではなかった。",
            "　懸念はない事はない。",
            "　憂鬱でないコトもない。",
            "　問題ないと言い切れない。",
            "　問題ないとは言い切れない。",
            "　知らぬわけではない。",
        ] {
            assert_eq!(texts(&DoubleNegative, bad).len(), 1, "{bad}");
        }
        for ok in [
            "　彼は来ないではないか。",
            "　行かないでもなお迷う。",
            "　数が少ないわけではない。",
            "　行かないわけにはいかない。",
            "　何もない。",
            "　わからない。",
            "　比較することも出来るし、また出来なくもなる。",
        ] {
            assert!(texts(&DoubleNegative, ok).is_empty(), "{ok}");
        }
    }

    #[test]
    fn redundant_expression_leaves_a_request_for_permission() {
        assert_eq!(
            texts(&RedundantExpression, "　では、少し休憩させていただきます。").len(),
            1
        );
        for ok in [
            "　先生、明日はお休みさせていただけますか。",
            "　この件、私に担当させていただいてもよろしいでしょうか。",
            "　ぜひ参加させていただきたいのですが。",
        ] {
            assert!(texts(&RedundantExpression, ok).is_empty(), "{ok}");
        }
    }

    #[test]
    fn tautology_and_redundant_phrases_match_at_word_starts() {
        assert_eq!(texts(&Tautology, "　頭痛が痛い。"), ["頭痛が痛"]);
        assert_eq!(texts(&Tautology, "　頭痛が痛くて眠れない。"), ["頭痛が痛"]);
        assert_eq!(texts(&Tautology, "「馬から落馬した」"), ["馬から落馬"]);
        assert_eq!(texts(&Tautology, "　違和感を感じた。"), ["違和感を感じ"]);
        assert!(texts(&Tautology, "　最初に声をかけた。").is_empty());
        assert_eq!(
            texts(&Tautology, "　やっと返事が返ってきた。"),
            ["返事が返"]
        );
        // 約 + any number + ほど・くらい (not a list entry).
        assert_eq!(
            texts(&Tautology, "　騎士団は約五十人ほどの兵を率いた。"),
            ["約五十人ほど"]
        );
        assert_eq!(
            texts(&Tautology, "　約3キロくらい歩いた。"),
            ["約3キロくらい"]
        );
        assert_eq!(texts(&Tautology, "　約十分ほど待った。"), ["約十分ほど"]);
        for ok in [
            "　約五十人の兵。",
            "　五十人ほどの兵。",
            "　約束ほど大事なものはない。",
        ] {
            assert!(texts(&Tautology, ok).is_empty(), "{ok}");
        }
        assert_eq!(
            texts(&RedundantExpression, "　歩くことによって考える。"),
            ["ことによって"]
        );
        assert_eq!(
            texts(&RedundantExpression, "　彼は説明することができた。").len(),
            1
        );
        assert!(texts(&RedundantExpression, "「説明することができた」").is_empty());
        assert_eq!(
            texts(
                &RedundantExpression,
                "　彼女は三つの魔法を使うことができる。"
            ),
            ["ことができ"]
        );
        assert_eq!(
            texts(&RedundantExpression, "　受付を担当させていただいた。"),
            ["させていただ"]
        );
        assert!(texts(&RedundantExpression, "「担当させていただきます」").is_empty());
        assert!(texts(&RedundantExpression, "　彼の言葉を信じることができた。").is_empty());
        assert!(texts(&RedundantExpression, "　彼は説明できた。").is_empty());
        // を行う only after a サ変 noun (登録を行う → 登録する).
        assert_eq!(
            texts(&RedundantExpression, "　新人の登録を行う日だ。"),
            ["を行う"]
        );
        for ok in ["　その真理を行う力が無い。", "　神殿で儀式を行う。"] {
            assert!(texts(&RedundantExpression, ok).is_empty(), "{ok}");
        }
    }

    #[test]
    fn redundant_expression_fix_rewords_only_fixed_rewrites() {
        assert_eq!(
            fix(&RedundantExpression, "　彼は魔法を使用することができる。"),
            "　彼は魔法を使用できる。"
        );
        assert_eq!(
            fix(&RedundantExpression, "　歩くことによって考える。"),
            "　歩くことで考える。"
        );
        // ことによっては (perhaps) keeps its wording; so does a phrase whose replacement
        // needs the sentence changed.
        let perhaps = "　ことによっては明日になる。";
        assert_eq!(fix(&RedundantExpression, perhaps), perhaps);
        let possible = "　使用することが可能だ。";
        assert_eq!(texts(&RedundantExpression, possible).len(), 1);
        assert_eq!(fix(&RedundantExpression, possible), possible);
        // The fix is aggressive: never applied at a lower level.
        let found = diagnostics(
            &RedundantExpression,
            "　説明することができた。\n",
            &Settings::default(),
        );
        assert_eq!(
            found[0].fix.as_ref().map(|f| f.applicability),
            Some(Applicability::Aggressive)
        );
    }

    #[test]
    fn phrase_lists_come_from_settings() {
        let mut settings = Settings::default();
        std::sync::Arc::make_mut(&mut settings.tautologies).clear();
        assert!(diagnostics(&Tautology, "　頭痛が痛い。\n", &settings).is_empty());
        std::sync::Arc::make_mut(&mut settings.tautologies).push(TypoEntry {
            wrong: "白い白馬".into(),
            right: "白馬".into(),
        });
        assert_eq!(
            diagnostics(&Tautology, "　白い白馬だ。\n", &settings).len(),
            1
        );
    }
}
