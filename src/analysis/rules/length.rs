//! Rules of aspect `length` (SPEC §4).

use super::{Rule, RuleContext, RuleDoc, RuleMeta};
use crate::analysis::segment::Document;
use crate::analysis::Diagnostics;
use crate::analysis::{Aspect, Diagnostic, Severity, Span};

pub(super) static RULES: &[&dyn Rule] = &[&LengthOutOfRange];

/// Where a document-level finding (a ratio, the length) is reported: the first paragraph of
/// the body, else the first body line, else the empty span at the start of the text.
pub(super) fn document_span(doc: &Document) -> Span {
    if let Some(p) = doc.paragraphs.first() {
        return p.span;
    }
    if let Some(l) = doc.body_lines.first() {
        return l.span;
    }
    Span::new(0, 0)
}

/// `12345` → `12,345` (the way lengths are written in the messages).
pub(super) fn thousands(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// A ratio as a percentage with at most one decimal: `0.4` → `40`, `0.4125` → `41.3`.
pub(super) fn percent(ratio: f64) -> String {
    // Not `decimal(ratio * 100.0)`: `ratio * 1000.0` rounds differently in the last bit.
    without_zero_decimal((ratio * 1000.0).round() / 10.0)
}

/// A number with at most one decimal: `1.0` → `1`, `0.65` → `0.7`, `52.25` → `52.3`.
pub(super) fn decimal(x: f64) -> String {
    without_zero_decimal((x * 10.0).round() / 10.0)
}

/// A number already rounded to one decimal, written without a `.0`.
fn without_zero_decimal(r: f64) -> String {
    if r.fract() == 0.0 {
        format!("{r:.0}")
    } else {
        format!("{r:.1}")
    }
}

/// LENGTH_OUT_OF_RANGE: 正味文字数 outside the episode's target length.
pub struct LengthOutOfRange;

static LENGTH_OUT_OF_RANGE: RuleMeta = RuleMeta {
    code: "LENGTH_OUT_OF_RANGE",
    aspect: Aspect::Length,
    // Not high: work in progress is short, and the default gate must let it be committed.
    // The band is the publication gate's business (`complete` refuses outside it).
    default_severity: Severity::Medium,
    summary: "Body length (characters, whitespace excluded) outside the episode's target length",
    fix: None,
    doc: RuleDoc {
        what: "本文の正味文字数（空白・改行・ルビの読みを除いた文字数）が、1話の目標文字数（noveler init の既定は 4,000字前後の 2,000〜6,000字。プロジェクト設定.yamlの writing.episode.target_length で変更可）の範囲外です。書きかけの原稿は短くて当然なので重大度は medium（check の既定の関門では不合格にしません）。公開の関門 noveler complete は範囲外の話を完了しません（--force で強制）。",
        why: "1話の長さが揃っていると、読者は毎回同じ感覚で読み始められ、更新の満足感も安定します。短すぎる話は物足りなさを、長すぎる話は途中離脱を招きやすくなります。",
        example: "（目標2,000〜6,000字のところ）本文が950字しかない／7,500字ある。",
        fixed: "短い場合は場面を一つ足すか描写・心情を書き足して2,000字以上に、長い場合は区切りのよい場面で2話に分けるか冗長な部分を削って6,000字以内にする。",
    },
};

impl Rule for LengthOutOfRange {
    fn meta(&self) -> &'static RuleMeta {
        &LENGTH_OUT_OF_RANGE
    }

    fn check(&self, cx: &RuleContext, out: &mut Diagnostics) {
        let chars = cx.doc.body_chars;
        let target = &cx.settings.target_length;
        let range = format!("{}〜{}字", thousands(target.min), thousands(target.max));
        let (message, suggestion) = if chars == 0 {
            (
                format!("本文がまだありません（空の原稿。目標 {range}）"),
                "本文を書きましょう。まだ書かない話なら、ファイルを作るのは書くときでかまいません"
                    .to_string(),
            )
        } else if chars < target.min {
            let short = target.min - chars;
            (
                format!(
                    "本文が{}字で、目標（{range}）より{}字少なくなっています",
                    thousands(chars),
                    thousands(short)
                ),
                format!(
                    "場面を一つ足すか、描写や心情を書き足して{}字以上増やしましょう",
                    thousands(short)
                ),
            )
        } else if chars > target.max {
            let over = chars - target.max;
            (
                format!(
                    "本文が{}字で、目標（{range}）より{}字多くなっています",
                    thousands(chars),
                    thousands(over)
                ),
                format!(
                    "区切りのよい場面で2話に分けるか、冗長な部分を{}字以上削りましょう",
                    thousands(over)
                ),
            )
        } else {
            return;
        };
        out.push(
            Diagnostic::new(
                LENGTH_OUT_OF_RANGE.code,
                LENGTH_OUT_OF_RANGE.default_severity,
                document_span(cx.doc),
                message,
            )
            .with_suggestion(suggestion),
        );
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::analysis::settings::{LengthSource, Settings, TargetLength};

    /// Texts no rule may panic on.
    pub(crate) const EDGE_TEXTS: &[&str] = &[
        "",
        "\n",
        "\n\n\n",
        "　",
        "。",
        "。。。！？",
        "「」",
        "「",
        "」。",
        "《》",
        "｜《》",
        "漢字《",
        "---\n",
        "---\ntitle: x\n---\n",
        "# 見出しだけ\n",
        "```\nコード\n```\n",
        "［＃改ページ］",
        "「会話だけ。」\n「会話だけ。」\n",
        "――ダッシュ\n",
        "アリス：行くわ。\n",
        "本文\n---\n文字数: 2\n",
        "a\r\nb",
        "\u{FEFF}BOM",
        "𠀋𠀋𠀋𠀋𠀋𠀋𠀋𠀋",
        "一二三四五六七八九十百千万億兆京垓",
    ];

    pub(crate) fn run(rule: &dyn Rule, text: &str, settings: &Settings) -> Vec<Diagnostic> {
        let out = crate::analysis::fix::testing::check(rule, text, settings);
        for d in &out {
            assert!(d.span.start <= d.span.end && d.span.end <= text.len());
            assert!(text.is_char_boundary(d.span.start) && text.is_char_boundary(d.span.end));
            assert_eq!(d.code, rule.meta().code);
            assert!(!d.message.is_empty());
        }
        out
    }

    /// Runs every rule of `rules` over the edge texts with default and odd settings.
    pub(crate) fn no_panic(rules: &[&dyn Rule]) {
        let mut odd = Settings {
            exclude_dialogue_lines: false,
            target_length: TargetLength {
                min: 0,
                max: 0,
                source: LengthSource::Override,
            },
            ..Settings::default()
        };
        let t = &mut odd.thresholds;
        t.long_sentence_length = 0;
        t.long_sentence_run = 0;
        t.short_sentence_run = 0;
        t.ending_run = 0;
        t.ending_chars = 0;
        t.window_size = 0;
        t.kanji_run_max = 0;
        t.comma_max_per_sentence = 0;
        odd.forbidden_expressions = vec![String::new(), "\n".into(), "。".into(), "漢".into()];
        for rule in rules {
            for text in EDGE_TEXTS {
                run(*rule, text, &Settings::default());
                run(*rule, text, &odd);
            }
        }
    }

    fn target(min: usize, max: usize) -> Settings {
        Settings {
            target_length: TargetLength {
                min,
                max,
                source: LengthSource::Override,
            },
            ..Settings::default()
        }
    }

    #[test]
    fn formatting_helpers() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1000), "1,000");
        assert_eq!(thousands(1234567), "1,234,567");
        assert_eq!(percent(0.4), "40");
        assert_eq!(percent(0.4125), "41.3");
        assert_eq!(decimal(1.0), "1");
        assert_eq!(decimal(52.25), "52.3");
    }

    #[test]
    fn too_short_fires_high_with_the_shortfall() {
        // 10 characters of body; the indent does not count.
        let text = "　あいうえおかきくけこ\n";
        let out = run(&LengthOutOfRange, text, &target(12, 20));
        assert_eq!(out.len(), 1);
        let d = &out[0];
        assert_eq!(
            d.severity,
            Severity::Medium,
            "work in progress passes the default gate"
        );
        assert_eq!(
            d.message,
            "本文が10字で、目標（12〜20字）より2字少なくなっています"
        );
        assert!(d.suggestion.as_deref().unwrap().contains("2字以上増やし"));
        assert_eq!(&text[d.span.range()], "　あいうえおかきくけこ");
    }

    #[test]
    fn too_long_fires_with_the_excess_and_thousands() {
        let body = "あ".repeat(6_250);
        let text = format!("{body}\n");
        let out = run(&LengthOutOfRange, &text, &Settings::default());
        assert_eq!(out.len(), 1);
        assert_eq!(
            out[0].message,
            "本文が6,250字で、目標（2,000〜6,000字）より250字多くなっています"
        );
        let suggestion = out[0].suggestion.as_deref().unwrap();
        assert!(suggestion.contains("2話に分ける"));
        assert!(suggestion.contains("250字以上削り"));
    }

    #[test]
    fn boundaries_do_not_fire() {
        let text = "あいうえおかきくけこ";
        assert!(run(&LengthOutOfRange, text, &target(10, 20)).is_empty());
        assert!(run(&LengthOutOfRange, text, &target(5, 10)).is_empty());
        assert_eq!(run(&LengthOutOfRange, text, &target(11, 20)).len(), 1);
        assert_eq!(run(&LengthOutOfRange, text, &target(5, 9)).len(), 1);
    }

    #[test]
    fn ruby_readings_and_front_matter_do_not_count() {
        // 3 displayed characters: 漢字 + で.
        let text = "---\ntitle: 長いタイトル\n---\n｜漢字《かんじ》で\n";
        assert!(run(&LengthOutOfRange, text, &target(3, 3)).is_empty());
        let out = run(&LengthOutOfRange, text, &target(4, 10));
        assert_eq!(out.len(), 1);
        assert_eq!(&text[out[0].span.range()], "｜漢字《かんじ》で");
    }

    #[test]
    fn empty_document_fires_at_the_start() {
        let out = run(&LengthOutOfRange, "", &Settings::default());
        assert_eq!(out.len(), 1);
        assert_eq!(out[0].span, Span::new(0, 0));
        assert!(out[0].message.starts_with("本文がまだありません"));
    }

    #[test]
    fn never_panics() {
        no_panic(RULES);
    }
}
