//! Whole-file consistency: です・ます and だ・である mixed in narration, full- and half-width
//! digits mixed; and the morpheme ending ENDING_REPETITION compares.

use super::super::{Rule, RuleContext, RuleDoc, RuleMeta};
use super::{is_symbol, sentences, tokens_span, SentenceWords};
use crate::analysis::fix::{display_edit, LazyGuard};
use crate::analysis::metrics::{same_ending_runs, sentence_ending};
use crate::analysis::morph::Token;
use crate::analysis::segment::Sentence;
use crate::analysis::structure::VoiceKind;
use crate::analysis::Diagnostics;
use crate::analysis::{Applicability, Aspect, Diagnostic, Severity};
use std::ops::Range;

fn diag(meta: &RuleMeta, span: crate::analysis::Span, message: String) -> Diagnostic {
    Diagnostic::new(meta.code, meta.default_severity, span, message)
}

// ---------------------------------------------------------------------------------------
// POLITE_STYLE_MIXED

pub struct PoliteStyleMixed;

static POLITE_STYLE_MIXED: RuleMeta = RuleMeta {
    code: "POLITE_STYLE_MIXED",
    aspect: Aspect::Style,
    default_severity: Severity::Medium,
    summary: "です・ます and だ・である sentence endings mixed in narration",
    fix: None,
    doc: RuleDoc {
        what: "地の文の文末に、敬体（です・ます）と常体（だ・である・〜た）が混在しているとき、少ない方の文を報告します。文体は声ごとに比べます。場面（見出し・場面転換の間）の地の文、作中の手紙・手記など複数段落にわたる引用や字下げされた文書はそれぞれ別の声で、その中の多数派と違う文だけが報告されます。台詞（「」の中、会話の段落）、ステータス画面・システム表示の行、体言止めは数えません。少数派の文が三文以上続く箇所は語りの切り替え（手紙の読み上げ、読者への語りかけなど）とみなし、少数派が多い声は一件にまとめて報告します。",
        why: "地の文の文体が途中で変わると、語り手の声が揺らいで読者は戸惑います。敬体か常体か、作品（少なくとも一話）の中で統一するのが原則です。",
        example: "　朝になった。窓の外は雨だった。今日は学校に行きます。傘を探した。",
        fixed: "　朝になった。窓の外は雨だった。今日は学校に行く。傘を探した。",
    },
};

/// The register of a sentence's ending.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Register {
    /// です・ます.
    Polite,
    /// だ・である・〜た and plain verb or adjective endings.
    Plain,
}

impl Register {
    fn other(self) -> Register {
        match self {
            Register::Polite => Register::Plain,
            Register::Plain => Register::Polite,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Register::Polite => "敬体（です・ます）",
            Register::Plain => "常体（だ・である）",
        }
    }
}

/// The register of one sentence's ending and the tokens to report (from the predicate on),
/// or `None` when the ending says nothing (体言止め, a quotation, a symbol).
pub(crate) fn register_of(sw: &SentenceWords) -> Option<(Register, Range<usize>)> {
    let pw = sw.pw;
    if sw.tokens.is_empty() {
        return None;
    }
    let speech = &pw.speech[..];
    // The last words before the terminator, skipping symbols and 終助詞 (ね・よ).
    let mut end = sw.tokens.end;
    while end > sw.tokens.start
        && (is_symbol(&pw.tokens[end - 1])
            || pw.tokens[end - 1].is("助詞") && pw.tokens[end - 1].pos(1) == "終助詞")
    {
        end -= 1;
    }
    if end == sw.tokens.start || speech[end - 1] {
        return None;
    }
    // The sentence's closing auxiliaries (ました = ます+た, でしょう = です+う): a
    // です・ます before a quoting と (もう死にますと云う。) is not the ending.
    let mut from = end;
    while from > sw.tokens.start && pw.tokens[from - 1].is("助動詞") {
        from -= 1;
    }
    let tail = &pw.tokens[from..end];
    let from = from.saturating_sub(1).max(sw.tokens.start);
    let last = &pw.tokens[end - 1];
    let register = if tail
        .iter()
        .any(|t| t.is("助動詞") && matches!(t.base(), "です" | "ます"))
    {
        Register::Polite
    } else if last.is("助動詞") && matches!(last.base(), "だ" | "た" | "ない" | "ぬ" | "ある")
        || (last.is("動詞") || last.is("形容詞")) && last.cform() == "基本形"
    {
        Register::Plain
    } else {
        return None;
    };
    // Report from the predicate on, not from a particle before it; a subsidiary verb
    // with its main verb (暮らしている, not いる).
    let mut from = (from..end)
        .find(|&k| !pw.tokens[k].is("助詞"))
        .unwrap_or(from);
    let toks = &pw.tokens;
    while from >= sw.tokens.start + 2
        && toks[from].is("動詞")
        && toks[from].pos(1) == "非自立"
        && toks[from - 1].is("助詞")
        && toks[from - 2].is("動詞")
    {
        from -= 2;
    }
    Some((register, from..end))
}

/// A narration unit with fewer classified sentences than this has no majority of its own:
/// it joins the narration before it (a short scene is not a voice).
const OWN_VOICE_MIN: usize = 4;
/// This many minority sentences in a row, no majority sentence between, are an aside in
/// another voice (a letter read out, a polite address to the reader), not slips.
const ASIDE_RUN: usize = 3;
/// Up to this many minority sentences in a voice, or up to `SPARSE_PERCENT` of its
/// classified sentences, are slips reported one by one; more is a voice that mixes the two
/// registers throughout, reported once.
const SPARSE_MAX: usize = 3;
const SPARSE_PERCENT: usize = 10;

/// One classified sentence: register, its words, the tokens to report, its voice.
struct Classified<'w, 't> {
    register: Register,
    pw: &'w crate::analysis::morph::ParagraphWords<'t>,
    range: Range<usize>,
    /// Ends with 。！？ (a bare line may be a heading or a fragment).
    closed: bool,
}

impl Rule for PoliteStyleMixed {
    fn meta(&self) -> &'static RuleMeta {
        &POLITE_STYLE_MIXED
    }

    fn check(&self, cx: &RuleContext, out: &mut Diagnostics) {
        let (doc, words) = (cx.doc, cx.words);
        // Classified narration sentences grouped by unit: (kind, sentences).
        let mut units: Vec<(VoiceKind, Vec<Classified>)> = Vec::new();
        // Unit index of each voice.
        let mut unit_of: Vec<Option<usize>> = vec![None; doc.voices.len()];
        for sw in sentences(doc, words) {
            let s = &doc.sentences[sw.sentence];
            let Some(voice) = doc.voices.get(s.voice) else {
                continue;
            };
            if !matches!(voice.kind, VoiceKind::Narration | VoiceKind::Document) {
                continue;
            }
            // A Markdown quotation (> …), list item (- …) or link text ([…](…)) is not the
            // narrator's prose.
            let paragraph = doc
                .paragraph_text(&doc.paragraphs[sw.pw.paragraph])
                .trim_start();
            if paragraph.starts_with(['>', '＞'])
                || ["- ", "* ", "+ "].iter().any(|m| paragraph.starts_with(m))
                || paragraph.contains("](")
            {
                continue;
            }
            let Some((register, range)) = register_of(&sw) else {
                continue;
            };
            let u = *unit_of[s.voice].get_or_insert_with(|| {
                units.push((voice.kind, Vec::new()));
                units.len() - 1
            });
            let closed = doc
                .sentence_text(s)
                .trim_end()
                .ends_with(['。', '！', '？', '!', '?']);
            units[u].1.push(Classified {
                register,
                pw: sw.pw,
                range,
                closed,
            });
        }
        // A short scene's narration joins the narration before it (or after it).
        let mut merged: Vec<(VoiceKind, Vec<Classified>)> = Vec::new();
        let mut carry: Vec<Classified> = Vec::new();
        for (kind, list) in units {
            if kind == VoiceKind::Document {
                merged.push((kind, list));
                continue;
            }
            let last_narration = merged.iter().rposition(|u| u.0 == VoiceKind::Narration);
            if list.len() < OWN_VOICE_MIN {
                match last_narration {
                    Some(i) => merged[i].1.extend(list),
                    None => carry.extend(list),
                }
            } else {
                let mut list = list;
                if !carry.is_empty() {
                    carry.append(&mut list);
                    list = std::mem::take(&mut carry);
                }
                merged.push((kind, list));
            }
        }
        if !carry.is_empty() {
            merged.push((VoiceKind::Narration, carry));
        }
        let narration_units = merged
            .iter()
            .filter(|u| u.0 == VoiceKind::Narration)
            .count();
        for (kind, list) in merged {
            let whose = match kind {
                VoiceKind::Document => "この引用文（手紙・手記など）の地の文",
                _ if narration_units > 1 => "この場面の地の文",
                _ => "この話の地の文",
            };
            report_unit(words, &list, whose, out);
        }
    }
}

/// Reports the slips of one voice: its minority sentences, unless they are few and
/// together (an aside) or many (a voice that mixes registers throughout: one finding).
fn report_unit(
    words: &crate::analysis::morph::Words,
    list: &[Classified],
    whose: &str,
    out: &mut Diagnostics,
) {
    let polite = list
        .iter()
        .filter(|c| c.register == Register::Polite)
        .count();
    let plain = list.len() - polite;
    if polite == 0 || plain == 0 {
        return;
    }
    // One sentence against one (a short passage): the register that came later is the slip
    // (as NOTATION_INCONSISTENCY does), when both end with a 。. A larger tie is a voice
    // that mixes throughout, with no majority to name: left alone.
    let tie = polite == plain;
    if tie && list.len() > 2 {
        return;
    }
    let later = list.last().map_or(Register::Plain, |c| c.register);
    let (majority, majority_n) = if tie {
        (later.other(), polite)
    } else if polite > plain {
        (Register::Polite, polite)
    } else {
        (Register::Plain, plain)
    };
    if majority_n < 2 && !(tie && list.iter().all(|c| c.closed)) {
        return;
    }
    // Minority sentences, less those in asides (ASIDE_RUN or more in a row).
    let mut slips: Vec<&Classified> = Vec::new();
    let mut run: Vec<&Classified> = Vec::new();
    for c in list {
        if c.register == majority {
            if run.len() < ASIDE_RUN {
                slips.append(&mut run);
            }
            run.clear();
        } else {
            run.push(c);
        }
    }
    if run.len() < ASIDE_RUN {
        slips.append(&mut run);
    }
    let Some(first) = slips.first() else {
        return;
    };
    let name = majority.name();
    let minority = majority.other();
    if slips.len() > SPARSE_MAX && slips.len() * 100 > SPARSE_PERCENT * list.len() {
        out.push(
            diag(
                &POLITE_STYLE_MIXED,
                tokens_span(words, first.pw, first.range.clone()),
                format!(
                    "地の文の文体が混在しています。{whose}は{name}が{majority_n}文、{}が{}文です（最初の{}の文を示しています）。",
                    minority.name(),
                    list.len() - majority_n,
                    minority.name()
                ),
            )
            .with_suggestion(format!("{name}にそろえる")),
        );
        return;
    }
    for c in slips {
        let message = if tie {
            format!("地の文の文体が混在しています。{whose}は敬体と常体が{majority_n}文ずつあり、この文は後から出てきた文体です。")
        } else {
            format!("地の文の文体が混在しています。{whose}は{name}が{majority_n}文で、この文だけ文体が違います。")
        };
        out.push(
            diag(
                &POLITE_STYLE_MIXED,
                tokens_span(words, c.pw, c.range.clone()),
                message,
            )
            .with_suggestion(format!("{name}にそろえる")),
        );
    }
}

// ---------------------------------------------------------------------------------------
// DIGIT_WIDTH_MIXED

pub struct DigitWidthMixed;

static DIGIT_WIDTH_MIXED: RuleMeta = RuleMeta {
    code: "DIGIT_WIDTH_MIXED",
    aspect: Aspect::Style,
    default_severity: Severity::Low,
    summary: "Full-width and half-width digits mixed in one file",
    fix: Some(Applicability::Standard),
    doc: RuleDoc {
        what: "一つのファイルの本文に全角数字（１２３）と半角数字（123）が混在しているとき、少ない方を報告します。一桁は全角・二桁以上は半角という縦書きの使い分けも、横書きで読まれる投稿サイトでは混在に見えるため報告します。英字・ギリシャ文字と続く型番や式（MP3、Ｔ２、α１ など）は対象外です。",
        why: "数字の幅が揃っていないと、表記の統一が取れていない原稿に見えます。投稿サイトの横書き表示では特に目立ちます。",
        example: "　午後３時に駅で待ち合わせ、5分遅れて彼が来た。３人で店に入った。",
        fixed: "　午後３時に駅で待ち合わせ、５分遅れて彼が来た。３人で店に入った。",
    },
};

impl Rule for DigitWidthMixed {
    fn meta(&self) -> &'static RuleMeta {
        &DIGIT_WIDTH_MIXED
    }

    fn check(&self, cx: &RuleContext, out: &mut Diagnostics) {
        let doc = cx.doc;
        let text = &doc.display;
        // (display range, full width, digit count)
        let mut runs: Vec<(Range<usize>, bool, usize)> = Vec::new();
        let mut cur: Option<(Range<usize>, bool, usize)> = None;
        for (i, c) in text.char_indices() {
            let width = if c.is_ascii_digit() {
                Some(false)
            } else if ('０'..='９').contains(&c) {
                Some(true)
            } else {
                None
            };
            match (width, cur.as_mut()) {
                (Some(w), Some(r)) if r.1 == w => {
                    r.0.end = i + c.len_utf8();
                    r.2 += 1;
                }
                (Some(w), _) => {
                    runs.extend(cur.take());
                    cur = Some((i..i + c.len_utf8(), w, 1));
                }
                (None, _) => runs.extend(cur.take()),
            }
        }
        runs.extend(cur);
        // Runs glued to Latin or Greek letters (either width) or dots are model numbers,
        // versions, URLs and formulas (ＭＰ３, v1.2, α１, Ｔ2); a run followed by an Aozora
        // annotation (α１［＃「１」は下付き小文字］) is typeset notation. Neither is prose.
        let notation = |r: &Range<usize>| {
            let before = text[..r.start].chars().next_back();
            let after = text[r.end..].chars().next();
            text[r.end..].starts_with("［＃")
                || [before, after].into_iter().flatten().any(|c| {
                    c.is_ascii_alphabetic()
                        || ('Ａ'..='Ｚ').contains(&c)
                        || ('ａ'..='ｚ').contains(&c)
                        || ('Α'..='ω').contains(&c)
                        || matches!(c, '.' | '/' | ':' | '．' | '／' | '：')
                })
        };
        runs.retain(|r| !notation(&r.0));
        // Digits inside an Aozora Bunko annotation ［＃「１」は下付き小文字］ are not prose.
        let mut notes = Vec::new();
        let mut from = 0;
        while let Some(o) = text[from..].find("［＃").map(|o| from + o) {
            let end = text[o..].find('］').map_or(text.len(), |c| o + c);
            notes.push(o..end);
            from = end.max(o + 1);
            while !text.is_char_boundary(from) {
                from += 1;
            }
        }
        runs.retain(|r| {
            !notes
                .iter()
                .any(|n| n.start <= r.0.start && r.0.end <= n.end)
        });
        let full: Vec<_> = runs.iter().filter(|r| r.1).collect();
        let half: Vec<_> = runs.iter().filter(|r| !r.1).collect();
        if full.is_empty() || half.is_empty() {
            return;
        }
        let minority_full = match full.len().cmp(&half.len()) {
            std::cmp::Ordering::Less => true,
            std::cmp::Ordering::Greater => false,
            // A tie: the width used first sets the convention.
            std::cmp::Ordering::Equal => !runs[0].1,
        };
        let guard = LazyGuard::new(doc);
        let (majority_name, n) = if minority_full {
            ("半角", half.len())
        } else {
            ("全角", full.len())
        };
        for (range, w, _) in runs.iter().filter(|r| r.1 == minority_full) {
            let shown = &text[range.clone()];
            let converted: String = shown
                .chars()
                .map(|c| {
                    let d = if *w {
                        c as u32 - '０' as u32
                    } else {
                        c as u32 - '0' as u32
                    };
                    let base = if *w { '0' } else { '０' };
                    char::from_u32(base as u32 + d).unwrap_or(c)
                })
                .collect();
            let edit = display_edit(doc, &guard, range.clone(), converted.clone());
            out.push(
                diag(
                    &DIGIT_WIDTH_MIXED,
                    doc.source_span(range.clone()),
                    format!(
                        "数字「{shown}」の幅がほかと違います（このファイルでは{majority_name}数字が{n}箇所）。"
                    ),
                )
                .with_suggestion(converted.clone())
                .with_edit_fix(
                    Applicability::Standard,
                    format!("「{shown}」を{majority_name}の「{converted}」にする"),
                    edit,
                ),
            );
        }
    }
}

// ---------------------------------------------------------------------------------------
// ENDING_REPETITION's ending

/// A run of sentences ending alike: its range (indices into the sentences given), the
/// ending shown to the user, and whether it is a run of one auxiliary chain (〜ていた) rather
/// than of one final word (た).
pub(crate) struct EndingRun {
    pub range: Range<usize>,
    pub ending: String,
    pub chain: bool,
}

/// Maximal runs of `sentences_` ending the same way. With words, two comparisons: by the
/// sentence's last word other than symbols and 終助詞, by base form and part of speech
/// (走った・見た・いた all end in the auxiliary た); and by its auxiliary chain — the words
/// after its last content word when there are two or more (抜いていた and 迫っていた end in
/// ていた, 書きました in ました), as an editor hears 〜ていた。〜ていた。 Without words, or for a
/// sentence without one, its last `ending_chars` characters (`metrics::sentence_ending`).
pub(crate) fn ending_runs(cx: &RuleContext, sentences_: &[&Sentence]) -> Vec<EndingRun> {
    let n = cx.settings.thresholds.ending_chars;
    let doc = cx.doc;
    if !cx.words.available() {
        return same_ending_runs(doc, sentences_, n)
            .into_iter()
            .map(|r| {
                let e = sentence_ending(doc, sentences_[r.start], n).to_string();
                EndingRun {
                    range: r,
                    ending: e,
                    chain: false,
                }
            })
            .collect();
    }
    // Per document sentence: (comparison key, shown ending) by final word and by chain.
    let mut words_keys: Vec<Option<(String, String)>> = vec![None; doc.sentences.len()];
    let mut chain_keys: Vec<Option<(String, String)>> = vec![None; doc.sentences.len()];
    for sw in sentences(doc, cx.words) {
        let pw = sw.pw;
        let text = doc.paragraph_text(&doc.paragraphs[pw.paragraph]);
        let toks = &pw.tokens[sw.tokens.clone()];
        let Some(last) = toks
            .iter()
            .rposition(|t| !(is_symbol(t) || t.is("助詞") && t.pos(1) == "終助詞"))
        else {
            continue;
        };
        let t = &toks[last];
        // 跳んだ's だ is the past た voiced (IPADIC: base だ, type 特殊・タ).
        let base = normal_base(t);
        words_keys[sw.sentence] = Some((
            format!("{}\u{0}{}", base, t.pos(0)),
            if base == "*" {
                t.surface(text).to_string()
            } else {
                base.to_string()
            },
        ));
        let first = toks[..=last]
            .iter()
            .rposition(|t| !in_chain(t, text))
            .map_or(0, |k| k + 1);
        if last + 1 - first >= 2 {
            let key: Vec<&str> = toks[first..=last].iter().map(normal_base).collect();
            let shown: String = toks[first..=last].iter().map(|t| t.surface(text)).collect();
            chain_keys[sw.sentence] = Some((key.join("|"), shown));
        }
    }
    let index_of = |s: &Sentence| {
        doc.sentences
            .binary_search_by_key(&s.display.start, |x| x.display.start)
            .ok()
    };
    let word_key = |s: &Sentence| -> Option<(String, String)> {
        index_of(s).and_then(|i| words_keys[i].clone()).or_else(|| {
            let e = sentence_ending(doc, s, n);
            (!e.is_empty()).then(|| (e.to_string(), e.to_string()))
        })
    };
    let chain_key = |s: &Sentence| index_of(s).and_then(|i| chain_keys[i].clone());
    let breaks = crate::analysis::metrics::DialogueBreaks::new(doc);
    let mut out = Vec::new();
    for (chain, key_of) in [
        (
            false,
            &word_key as &dyn Fn(&Sentence) -> Option<(String, String)>,
        ),
        (true, &chain_key),
    ] {
        let mut start = 0;
        // The key and shown ending of the run's first sentence.
        let mut prev: Option<(String, String)> = None;
        let mut prev_paragraph = 0;
        for (i, s) in sentences_.iter().enumerate() {
            let k = key_of(s);
            let broken = i > 0 && breaks.crosses(prev_paragraph, s.paragraph);
            prev_paragraph = s.paragraph;
            if broken || k.as_ref().map(|k| &k.0) != prev.as_ref().map(|p| &p.0) {
                if let Some(p) = prev.take() {
                    out.push(EndingRun {
                        range: start..i,
                        ending: p.1,
                        chain,
                    });
                }
                start = i;
                prev = k;
            }
        }
        if let Some(p) = prev {
            out.push(EndingRun {
                range: start..sentences_.len(),
                ending: p.1,
                chain,
            });
        }
    }
    out
}

/// The base form compared: た for its voiced だ (跳んだ), て for で (読んで), の for ん (のだ/んだ).
fn normal_base<'t>(t: &Token<'t>) -> &'t str {
    match t.base() {
        _ if t.ctype() == "特殊・タ" => "た",
        "で" if t.is("助詞") => "て",
        "ん" if t.is("名詞") => "の",
        b => b,
    }
}

/// A word of a sentence's auxiliary chain: an auxiliary, a dependent or suffix verb (いる,
/// しまう, れる), て / で, or the の / ん of のだ.
fn in_chain(t: &Token, text: &str) -> bool {
    t.is("助動詞")
        || t.is("動詞") && matches!(t.pos(1), "非自立" | "接尾")
        || t.is("助詞") && t.pos(1) == "接続助詞" && matches!(t.surface(text), "て" | "で")
        || t.is("名詞") && t.pos(1) == "非自立" && matches!(t.surface(text), "の" | "ん")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::fix::testing::{fixed, flagged as texts};
    use crate::analysis::Settings;

    #[test]
    fn polite_style_mixed_reports_the_minority_in_narration() {
        let got = texts(
            &PoliteStyleMixed,
            "　朝になった。雨だった。学校に行きます。傘を探した。",
        );
        assert_eq!(got, ["行きます"]);
        assert!(texts(
            &PoliteStyleMixed,
            "　朝になりました。雨でした。学校に行きます。"
        )
        .is_empty());
        assert!(texts(
            &PoliteStyleMixed,
            "　朝になった。雨だった。\n「学校に行きます」\n　傘を探した。"
        )
        .is_empty());
        assert!(texts(
            &PoliteStyleMixed,
            "　朝になった。彼は「行きます」と言った。"
        )
        .is_empty());
        // Polite narration: a plain だ, た or verb ending stands out alike.
        assert_eq!(
            texts(
                &PoliteStyleMixed,
                "　朝になりました。雨でした。それは罠だ。傘を探しました。"
            ),
            ["罠だ"]
        );
        assert_eq!(
            texts(
                &PoliteStyleMixed,
                "　朝になりました。雨でした。彼は走った。傘を探しました。"
            ),
            ["走った"]
        );
        assert_eq!(
            texts(
                &PoliteStyleMixed,
                "　私はリナです。村で薬草を育てて暮らしている。毎朝畑を見るのが日課です。"
            ),
            ["暮らしている"]
        );
        // A polite word before a quoting と is not the sentence's ending (yume_juya).
        assert!(texts(
            &PoliteStyleMixed,
            "　朝になった。雨だった。女はもう死にますと云う。傘を探した。"
        )
        .is_empty());
        assert_eq!(
            texts(
                &PoliteStyleMixed,
                "　朝になった。雨だった。もう行かなければなりません。傘を探した。"
            ),
            ["なりません"]
        );
    }

    #[test]
    fn polite_style_mixed_reports_the_later_register_on_a_tie() {
        assert_eq!(
            texts(
                &PoliteStyleMixed,
                "今日はいい天気ですね。\n今日はいい天気である。"
            ),
            ["天気である"]
        );
        assert_eq!(
            texts(&PoliteStyleMixed, "　雨が降った。\n　傘を探します。"),
            ["探します"]
        );
        // A line without a 。 is not counted as a sentence of a tie, nor is Markdown.
        assert!(texts(&PoliteStyleMixed, "AはBである\nCはDです。").is_empty());
        assert!(texts(
            &PoliteStyleMixed,
            "> 今日はいい天気ですね。\n> 今日はいい天気である。"
        )
        .is_empty());
        assert!(texts(
            &PoliteStyleMixed,
            "[今日はいい天気ですね。](http://example.com)\n[今日はいい天気である。](http://example.com)"
        )
        .is_empty());
    }

    #[test]
    fn digit_width_mixed_reports_the_minority_and_fixes_it() {
        assert_eq!(
            texts(&DigitWidthMixed, "　３時に来て、5分待ち、３人で出た。"),
            ["5"]
        );
        assert_eq!(
            fixed(
                &DigitWidthMixed,
                "　３時に来て、5分待ち、３人で出た。\n",
                &Settings::default()
            ),
            "　３時に来て、５分待ち、３人で出た。\n"
        );
        // One digit full width and two half width (print's vertical convention) is a mix
        // on a screen read horizontally; two blind writers planted it as one.
        assert_eq!(
            texts(&DigitWidthMixed, "　３時に来て、10分待った。").len(),
            1
        );
        for ok in [
            "　3時に来て、5分待った。",
            "　ＭＰ３ではなくMP3を買い、２度聴いた。",
            "　v1.2を入れ、２度試した。",
            "　α１［＃「１」は下付き小文字］と30を比べた。",
            // Formulas in either width (wagahai_wa_neko_de_aru: α１… Ｔ2… Ｔ７＝Ｘ).
            "　α１とα２、Ｔ2とＴ７の力を比べ、３度目で３０に達した。",
        ] {
            assert!(texts(&DigitWidthMixed, ok).is_empty(), "{ok}");
        }
    }
}
