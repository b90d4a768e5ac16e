//! Rules of aspect `readability` (SPEC §4). They look at every sentence, dialogue included,
//! and at displayed text (ruby readings and markup never count).

use super::length::{decimal, document_span, percent};
use super::scan::decode_at;
use super::{Rule, RuleContext, RuleDoc, RuleMeta, Scope};
#[cfg(test)]
use crate::analysis::segment::{char_class, CharClass};
use crate::analysis::Diagnostics;
use crate::analysis::{Aspect, Diagnostic, Severity};

pub(super) static RULES: &[&dyn Rule] = &[
    &LongSentence,
    &HighAvgSentenceLength,
    &KanjiRatioOutOfRange,
    &KanjiRun,
];

// ---------------------------------------------------------------------------------------

/// LONG_SENTENCE: one sentence that is too long.
pub struct LongSentence;

static LONG_SENTENCE: RuleMeta = RuleMeta {
    code: "LONG_SENTENCE",
    aspect: Aspect::Readability,
    default_severity: Severity::Low,
    summary: "A sentence longer than 80 characters (low) or 100 characters (medium)",
    fix: None,
    doc: RuleDoc {
        what: "1文が長すぎる（既定では80字超で低、100字超で中）箇所です。句点「。」や「！」「？」までを1文として、空白を除いた表示文字数で数えます。",
        why: "スマホの画面では80字を超える文は3〜4行にわたり、読者は文の途中で主語や話の筋を見失います。Web小説の読者は流し読みが多く、長い文ほど読み飛ばされます。",
        example: "　魔王城へ向かう途中の森で道に迷ってしまった勇者一行は、日が暮れる前に野営の準備をしなければならないと分かっていながらも、先ほど見かけた不思議な光の正体がどうしても気になって、誰からともなくその方向へと足を向けてしまっていた。",
        fixed: "　魔王城へ向かう途中、勇者一行は森で道に迷ってしまった。日が暮れる前に野営の準備をしなければならない。分かってはいても、先ほど見かけた不思議な光が気になる。誰からともなく、一行はその方向へ足を向けていた。",
    },
};

impl Rule for LongSentence {
    fn meta(&self) -> &'static RuleMeta {
        &LONG_SENTENCE
    }

    fn scope(&self) -> Scope {
        Scope::Line
    }

    fn check(&self, cx: &RuleContext, out: &mut Diagnostics) {
        let t = &cx.settings.thresholds;
        for s in &cx.doc.sentences {
            let severity = if s.length > t.long_sentence_medium.max(t.long_sentence_low) {
                Severity::Medium
            } else if s.length > t.long_sentence_low {
                Severity::Low
            } else {
                continue;
            };
            out.push(
                Diagnostic::new(
                    LONG_SENTENCE.code,
                    severity,
                    s.span,
                    format!(
                        "1文が{}字あります（目安{}字以内）",
                        s.length, t.long_sentence_low
                    ),
                )
                .with_suggestion(
                    "読点の位置や「〜が」「〜ので」などのつなぎ目で、二つ以上の文に分けましょう",
                ),
            );
        }
    }
}

// ---------------------------------------------------------------------------------------

/// HIGH_AVG_SENTENCE_LENGTH: the mean sentence length is too high.
pub struct HighAvgSentenceLength;

static HIGH_AVG_SENTENCE_LENGTH: RuleMeta = RuleMeta {
    code: "HIGH_AVG_SENTENCE_LENGTH",
    aspect: Aspect::Readability,
    default_severity: Severity::Medium,
    summary: "Mean sentence length above 50 characters",
    fix: None,
    doc: RuleDoc {
        what: "会話文を含む全ての文の平均の長さが目安（既定50字）を超えています。",
        why: "平均が長いということは、話全体が長い文で書かれているということです。一文ずつ直すより、書き方の癖として「一文一義（1つの文に1つの内容）」を意識すると全体が読みやすくなります。",
        example: "　（ほとんどの文が60〜90字で、短い文や会話がほとんどない話）",
        fixed: "　一文に詰め込んでいた情報を、動作・情景・心情などの単位で分けて書く。短い文や会話を適度に挟む。",
    },
};

impl Rule for HighAvgSentenceLength {
    fn meta(&self) -> &'static RuleMeta {
        &HIGH_AVG_SENTENCE_LENGTH
    }

    fn check(&self, cx: &RuleContext, out: &mut Diagnostics) {
        let max = cx.settings.thresholds.max_avg_sentence_length;
        let sentences = &cx.doc.sentences;
        if sentences.is_empty() {
            return;
        }
        let total: usize = sentences.iter().map(|s| s.length).sum();
        let mean = total as f64 / sentences.len() as f64;
        if mean <= max {
            return;
        }
        out.push(
            Diagnostic::new(
                HIGH_AVG_SENTENCE_LENGTH.code,
                HIGH_AVG_SENTENCE_LENGTH.default_severity,
                document_span(cx.doc),
                format!(
                    "1文の平均が{}字です（全{}文、目安{}字以内）",
                    decimal(mean),
                    sentences.len(),
                    decimal(max)
                ),
            )
            .with_suggestion(
                "一文に一つの内容を目安に文を分け、短い文や会話を挟んで平均を下げましょう",
            ),
        );
    }
}

// ---------------------------------------------------------------------------------------

/// KANJI_RATIO_OUT_OF_RANGE: the share of kanji is outside the band.
pub struct KanjiRatioOutOfRange;

static KANJI_RATIO_OUT_OF_RANGE: RuleMeta = RuleMeta {
    code: "KANJI_RATIO_OUT_OF_RANGE",
    aspect: Aspect::Readability,
    default_severity: Severity::Low,
    summary: "Share of kanji among body characters outside the target band (default 20–40%)",
    fix: None,
    doc: RuleDoc {
        what: "本文の文字（空白・ルビの読みを除く）に占める漢字の割合が目安（既定20〜40%）から外れています。",
        why: "漢字が多すぎると紙面が黒く見えて堅苦しく、読むのに時間がかかります。少なすぎると語の切れ目がわかりにくく、幼い印象になります。Web小説では30%前後が読みやすいとされます。",
        example: "　其の時、彼は既に此の事実を知って居たのだと、私は漸く理解した。",
        fixed: "　そのとき、彼はすでにこの事実を知っていたのだと、私はようやく理解した。",
    },
};

impl Rule for KanjiRatioOutOfRange {
    fn meta(&self) -> &'static RuleMeta {
        &KANJI_RATIO_OUT_OF_RANGE
    }

    fn check(&self, cx: &RuleContext, out: &mut Diagnostics) {
        let t = &cx.settings.thresholds;
        if cx.doc.body_chars == 0 {
            return;
        }
        let ratio = cx.metrics.character_balance.kanji_ratio;
        if !ratio.is_finite() {
            return;
        }
        let suggestion = if ratio > t.kanji_ratio_max {
            "「事→こと」「又→また」「出来る→できる」など、ひらがなに開ける語を開きましょう"
        } else if ratio < t.kanji_ratio_min {
            "ひらがなが続くと語の切れ目が見えにくくなります。一般的な語は漢字で書きましょう"
        } else {
            return;
        };
        out.push(
            Diagnostic::new(
                KANJI_RATIO_OUT_OF_RANGE.code,
                KANJI_RATIO_OUT_OF_RANGE.default_severity,
                document_span(cx.doc),
                format!(
                    "漢字の割合が{}%です（{}字中{}字、目安{}〜{}%）",
                    percent(ratio),
                    cx.doc.body_chars,
                    cx.doc.classes.kanji,
                    percent(t.kanji_ratio_min),
                    percent(t.kanji_ratio_max)
                ),
            )
            .with_suggestion(suggestion),
        );
    }
}

// ---------------------------------------------------------------------------------------

/// KANJI_RUN: too many kanji in a row.
pub struct KanjiRun;

static KANJI_RUN: RuleMeta = RuleMeta {
    code: "KANJI_RUN",
    aspect: Aspect::Readability,
    default_severity: Severity::Low,
    summary: "More than 6 kanji in a row (ruby readings not counted)",
    fix: None,
    doc: RuleDoc {
        what: "漢字が続きすぎている（既定では7字以上連続している）箇所です。ルビの読みは数えず、表示される文字で数えます。漢数字の連なり（一〇二四、三百）は一字として数えます。",
        why: "漢字が長く続くと、どこで語が切れるのか読者が一瞬考え込み、読むテンポが止まります。特に造語や固有名詞が続く場面は、初見の読者には読めません。",
        example: "　帝国魔導騎士団長代理は、その命令に従った。",
        fixed: "　帝国魔導騎士団の団長代理は、その命令に従った。",
    },
};

impl Rule for KanjiRun {
    fn meta(&self) -> &'static RuleMeta {
        &KANJI_RUN
    }

    fn scope(&self) -> Scope {
        Scope::Line
    }

    fn check(&self, cx: &RuleContext, out: &mut Diagnostics) {
        let max = cx.settings.thresholds.kanji_run_max;
        let display = &cx.doc.display;
        let mut push = |start: usize, end: usize, count: usize| {
            if count <= max {
                return;
            }
            let run = &display[start..end];
            // A number in kanji reads as one unit: 受験番号一〇二四番 is 受験番号 + a number + 番.
            let count = count - numeral_excess(run);
            if count <= max {
                return;
            }
            out.push(
                Diagnostic::new(
                    KANJI_RUN.code,
                    KANJI_RUN.default_severity,
                    cx.doc.source_span(start..end),
                    format!("「{run}」と漢字が{count}字続いています（目安{max}字以内）"),
                )
                .with_suggestion("「の」や送り仮名を入れて分けるか、一部をひらがなに開きましょう"),
            );
        };
        // Every maximal kanji run, found by sampling: a kanji takes at least 3 bytes, so a
        // run of more than `max` kanji covers at least `stride` bytes and holds one of the
        // byte positions looked at (`stride` apart, or the end of the previous run); from
        // a kanji there, the run is grown both ways.
        let bytes = display.as_bytes();
        let stride = max.saturating_add(1).saturating_mul(3);
        let mut p = 0;
        while p < bytes.len() {
            let at = char_start(bytes, p);
            if !kanji_at(bytes, at).1 {
                p = p.saturating_add(stride);
                continue;
            }
            let (mut start, mut count) = (at, 1);
            while start > 0 {
                let before = char_start(bytes, start - 1);
                if !kanji_at(bytes, before).1 {
                    break;
                }
                start = before;
                count += 1;
            }
            let mut end = at + kanji_at(bytes, at).0;
            while end < bytes.len() {
                let (len, kanji) = kanji_at(bytes, end);
                if !kanji {
                    break;
                }
                end += len;
                count += 1;
            }
            push(start, end, count);
            p = end;
        }
    }
}

/// Kanji numerals (一〜九, 〇, 十, 百, 千, 万) in `run` beyond the first of each consecutive
/// group, and a date or time unit (年月日時分秒) right after a group: what a run's length drops
/// by when each written number, with its unit, counts as one character. A date in kanji reads
/// at a glance (令和六年三月十日 is 令和 + three dates, not eight characters to decode).
fn numeral_excess(run: &str) -> usize {
    let mut excess = 0;
    let mut in_number = false;
    for c in run.chars() {
        let numeral = is_kanji_numeral(c);
        if in_number && (numeral || "年月日時分秒".contains(c)) {
            excess += 1;
        }
        in_number = numeral;
    }
    excess
}

/// Whether `c` is a kanji numeral (一〜九, 〇, 十, 百, 千, 万).
pub(crate) fn is_kanji_numeral(c: char) -> bool {
    "〇一二三四五六七八九十百千万".contains(c)
}

/// The start of the char holding byte `i` of valid UTF-8 `bytes`.
fn char_start(bytes: &[u8], mut i: usize) -> usize {
    while i > 0 && bytes.get(i).is_some_and(|b| b & 0xC0 == 0x80) {
        i -= 1;
    }
    i
}

/// Length of the UTF-8 char starting at `bytes[i]` (a char boundary of valid UTF-8) and
/// whether it is a kanji (`CharClass::Kanji`), decoded straight from the bytes.
#[inline]
fn kanji_at(bytes: &[u8], i: usize) -> (usize, bool) {
    let (len, code) = decode_at(bytes, i);
    // char_class's kanji: CJK Ext A, CJK Unified, Compatibility, Ext B–G, and 々〆〇〻.
    let kanji = matches!(
        code,
        0x3400..=0x4DBF
            | 0x4E00..=0x9FFF
            | 0xF900..=0xFAFF
            | 0x20000..=0x3134F
            | 0x3005..=0x3007
            | 0x303B
    );
    (len, kanji)
}

#[cfg(test)]
mod tests {
    use super::super::length::tests::{no_panic, run};
    use super::*;
    use crate::analysis::Settings;

    fn s() -> Settings {
        Settings::default()
    }

    /// The straightforward KANJI_RUN scan: every maximal kanji run with its length.
    fn kanji_runs_naive(text: &str) -> Vec<(usize, usize, usize)> {
        crate::analysis::rules::grammar::runs(text, |c| char_class(c) == CharClass::Kanji)
    }

    fn kanji_runs_found(text: &str, max: usize) -> Vec<(usize, usize, usize)> {
        let mut settings = s();
        settings.thresholds.kanji_run_max = max;
        let doc = crate::analysis::Document::parse(text);
        let mut out: Vec<(usize, usize, usize)> = run(&KanjiRun, text, &settings)
            .iter()
            .map(|d| {
                let count = doc.source[d.span.range()].chars().count();
                (d.span.start, d.span.end, count)
            })
            .collect();
        out.sort();
        out
    }

    #[test]
    fn kanji_run_sampling_finds_every_long_run() {
        let texts = [
            "春夏秋冬東西南\n",
            "あ春夏秋冬東西南い春夏秋冬東西\n春夏秋冬東西南北上下\n",
            "𠀋𠀋𠀋𠀋𠀋𠀋𠀋a漢字漢字漢字漢字々\n",
            "漢漢漢漢漢漢漢",
            "ab漢漢漢漢漢漢漢漢漢漢漢漢漢漢漢cd漢漢漢漢漢漢漢",
        ];
        for text in texts {
            for max in [0, 1, 2, 5, 6, 7, 30] {
                let expected: Vec<_> = kanji_runs_naive(text)
                    .into_iter()
                    .filter(|r| r.2 > max)
                    .collect();
                assert_eq!(kanji_runs_found(text, max), expected, "{text} {max}");
            }
        }
    }

    mod props {
        use super::*;
        use proptest::prelude::*;

        proptest! {
            #[test]
            fn kanji_run_sampling_matches_the_scan(
                text in "[漢字々𠀋あa\n　]{0,60}",
                max in 0usize..8,
            ) {
                let expected: Vec<_> = kanji_runs_naive(&text)
                    .into_iter()
                    .filter(|r| r.2 > max)
                    .collect();
                prop_assert_eq!(kanji_runs_found(&text, max), expected);
            }
        }
    }

    #[test]
    fn a_kanji_number_counts_as_one_character() {
        // 受験番号 + 一〇二四 + 番 = 6 units: not over the default 6.
        assert!(run(&KanjiRun, "　受験番号一〇二四番だ。\n", &s()).is_empty());
        assert!(run(&KanjiRun, "　西暦二〇二四年の春。\n", &s()).is_empty());
        // A date counts as its numbers (blind set 2).
        assert!(run(&KanjiRun, "　令和六年三月十日、図書館が閉じた。\n", &s()).is_empty());
        // Other kanji still count one by one.
        assert_eq!(
            run(&KanjiRun, "　帝国魔導騎士団長代理だ。\n", &s()).len(),
            1
        );
        assert_eq!(run(&KanjiRun, "　第一次世界大戦後処理。\n", &s()).len(), 1);
    }

    #[test]
    fn kanji_at_agrees_with_char_class_on_every_char() {
        let mut buf = [0u8; 4];
        for c in (0..=0x10FFFF).filter_map(char::from_u32) {
            let bytes = c.encode_utf8(&mut buf).as_bytes();
            assert_eq!(
                kanji_at(bytes, 0),
                (c.len_utf8(), char_class(c) == CharClass::Kanji),
                "{c:?}"
            );
        }
    }

    fn sent(n: usize) -> String {
        format!("{}。", "あ".repeat(n))
    }

    #[test]
    fn long_sentence_low_and_medium() {
        let text = format!("{}{}{}\n", sent(81), sent(80), sent(101));
        let out = run(&LongSentence, &text, &s());
        assert_eq!(out.len(), 2, "{out:?}");
        assert_eq!(out[0].severity, Severity::Low);
        assert_eq!(out[0].message, "1文が81字あります（目安80字以内）");
        assert_eq!(&text[out[0].span.range()], sent(81));
        assert_eq!(out[1].severity, Severity::Medium);
        assert_eq!(out[1].message, "1文が101字あります（目安80字以内）");
        assert_eq!(&text[out[1].span.range()], sent(101));
    }

    #[test]
    fn long_sentence_boundaries_and_dialogue() {
        // 100 is low, not medium; 80 does not fire.
        let out = run(&LongSentence, &sent(100), &s());
        assert_eq!(out.len(), 1);
        assert_eq!(out[0].severity, Severity::Low);
        assert!(run(&LongSentence, &sent(80), &s()).is_empty());
        // Dialogue counts for readability.
        let text = format!("「{}」\n", "あ".repeat(90));
        assert_eq!(run(&LongSentence, &text, &s()).len(), 1);
        // Ruby readings do not count: 80 displayed characters.
        let text = format!("｜漢字《かんじかんじかんじ》{}。", "あ".repeat(78));
        assert!(run(&LongSentence, &text, &s()).is_empty());
    }

    #[test]
    fn high_avg_sentence_length() {
        let text = format!("{}\n{}\n", sent(60), sent(45));
        let out = run(&HighAvgSentenceLength, &text, &s());
        assert_eq!(out.len(), 1);
        let d = &out[0];
        assert_eq!(d.severity, Severity::Medium);
        assert_eq!(d.message, "1文の平均が52.5字です（全2文、目安50字以内）");
        assert_eq!(&text[d.span.range()], sent(60));
    }

    #[test]
    fn high_avg_boundary() {
        // Mean exactly 50: fine; dialogue pulls the mean down.
        let text = format!("{}{}", sent(60), sent(40));
        assert!(run(&HighAvgSentenceLength, &text, &s()).is_empty());
        let text = format!("{}\n「はい」\n", sent(60));
        assert!(run(&HighAvgSentenceLength, &text, &s()).is_empty());
        assert!(run(&HighAvgSentenceLength, "", &s()).is_empty());
    }

    #[test]
    fn kanji_ratio_high_and_low() {
        // 10 characters, 5 kanji → 50%.
        let text = "漢字漢字漢あいうえお\n";
        let out = run(&KanjiRatioOutOfRange, text, &s());
        assert_eq!(out.len(), 1);
        assert_eq!(out[0].severity, Severity::Low);
        assert_eq!(
            out[0].message,
            "漢字の割合が50%です（10字中5字、目安20〜40%）"
        );
        assert!(out[0].suggestion.as_deref().unwrap().contains("開け"));
        assert_eq!(&text[out[0].span.range()], "漢字漢字漢あいうえお");
        // 10 characters, 1 kanji → 10%.
        let out = run(&KanjiRatioOutOfRange, "漢あいうえおかきくけ", &s());
        assert_eq!(out.len(), 1);
        assert!(out[0].message.starts_with("漢字の割合が10%"));
        assert!(out[0].suggestion.as_deref().unwrap().contains("漢字で書き"));
    }

    #[test]
    fn kanji_ratio_boundaries() {
        // 2 of 10 = 20%, 4 of 10 = 40%: in range. Readings do not count.
        assert!(run(&KanjiRatioOutOfRange, "漢字あいうえおかきく", &s()).is_empty());
        assert!(run(&KanjiRatioOutOfRange, "漢字漢字あいうえおか", &s()).is_empty());
        assert!(run(
            &KanjiRatioOutOfRange,
            "漢字《かんじかんじかんじかんじ》漢字あいうえおか",
            &s()
        )
        .is_empty());
        assert!(run(&KanjiRatioOutOfRange, "", &s()).is_empty());
    }

    #[test]
    fn kanji_run_fires_per_run() {
        let text = "　帝国魔導騎士団長代理は、国家安全保障会議へ。漢字六文字列ok\n";
        let out = run(&KanjiRun, text, &s());
        assert_eq!(out.len(), 2, "{out:?}");
        assert_eq!(out[0].severity, Severity::Low);
        assert_eq!(
            out[0].message,
            "「帝国魔導騎士団長代理」と漢字が10字続いています（目安6字以内）"
        );
        assert_eq!(&text[out[0].span.range()], "帝国魔導騎士団長代理");
        assert_eq!(&text[out[1].span.range()], "国家安全保障会議");
    }

    #[test]
    fn kanji_run_boundary_and_ruby() {
        // Exactly 6: fine. 7 at the end of the text (no trailing newline): fires.
        assert!(run(&KanjiRun, "あ漢字六文字列あ", &s()).is_empty());
        let text = "あ春夏秋冬東西南";
        let out = run(&KanjiRun, text, &s());
        assert_eq!(out.len(), 1);
        assert_eq!(&text[out[0].span.range()], "春夏秋冬東西南");
        // Readings never count, and the run is counted on displayed text.
        let text = "｜魔法陣《まほうじんまほうじん》が光る。\n";
        assert!(run(&KanjiRun, text, &s()).is_empty());
        let text = "魔法《まほう》陣形成術式だ\n";
        let out = run(&KanjiRun, text, &s());
        assert_eq!(out.len(), 1);
        assert!(out[0].message.contains("「魔法陣形成術式」"));
        assert_eq!(&text[out[0].span.range()], "魔法《まほう》陣形成術式");
        // Annotations are not displayed: the run goes through them, the span covers them.
        let text = "春夏秋［＃「秋」に傍点］冬東西南\n";
        let out = run(&KanjiRun, text, &s());
        assert_eq!(out.len(), 1);
        assert!(out[0].message.contains("「春夏秋冬東西南」と漢字が7字"));
        assert_eq!(&text[out[0].span.range()], text.trim_end());
        // A run does not continue onto the next line.
        assert!(run(&KanjiRun, "一二三四\n五六七八\n", &s()).is_empty());
    }

    #[test]
    fn never_panics() {
        no_panic(RULES);
    }
}
