//! Rules of aspect `rhythm` (SPEC §4). They look at narration sentences only when
//! `settings.exclude_dialogue_lines` (the default), at every sentence otherwise.

use super::length::{decimal, document_span, percent};
use super::{Rule, RuleContext, RuleDoc, RuleMeta, Scope};
use crate::analysis::metrics::{
    moving_windows, narration_sentences, sentence_lengths, stretch_runs, window_in_range_ratio,
};
use crate::analysis::segment::{Document, Sentence};
use crate::analysis::Diagnostics;
use crate::analysis::{Aspect, Diagnostic, Severity, Span};
use std::ops::Range;

pub(super) static RULES: &[&dyn Rule] = &[
    &ConsecutiveLongSentences,
    &ConsecutiveShortSentences,
    &DialogueRatioOutOfRange,
    &EndingRepetition,
    &CommaAvgOutOfRange,
    &CommaOveruse,
    &WindowOutOfRange,
];

/// Maximal runs of sentences satisfying `pred`, at least `min` long (`min` 0 is read as 1).
/// A run ends where a stretch of prose ends (a heading, a scene break, a dialogue line).
fn long_enough_runs(
    doc: &Document,
    sentences: &[&Sentence],
    min: usize,
    pred: impl Fn(&&Sentence) -> bool,
) -> Vec<Range<usize>> {
    let mut out = stretch_runs(doc, sentences, |s| pred(&s));
    out.retain(|r| r.len() >= min.max(1));
    out
}

/// Source span from the first to the last sentence of `run`.
fn run_span(sentences: &[&Sentence], run: &Range<usize>) -> Span {
    let first = sentences[run.start].span;
    let last = sentences[run.end - 1].span;
    first.cover(last)
}

/// Length of the longest sentence of `run` (0 for an empty run).
fn longest_length(sentences: &[&Sentence], run: &Range<usize>) -> usize {
    sentences[run.clone()]
        .iter()
        .map(|s| s.length)
        .max()
        .unwrap_or(0)
}

fn diag(meta: &'static RuleMeta, severity: Severity, span: Span, message: String) -> Diagnostic {
    Diagnostic::new(meta.code, severity, span, message)
}

// ---------------------------------------------------------------------------------------

/// CONSECUTIVE_LONG_SENTENCES: a run of long sentences.
pub struct ConsecutiveLongSentences;

static CONSECUTIVE_LONG_SENTENCES: RuleMeta = RuleMeta {
    code: "CONSECUTIVE_LONG_SENTENCES",
    aspect: Aspect::Rhythm,
    default_severity: Severity::Medium,
    summary: "Several long sentences in a row (default: 3 or more of 45+ characters)",
    fix: None,
    doc: RuleDoc {
        what: "長い文（既定では45字以上）が3文以上続いている箇所です。既定では会話文を除いた地の文で数えます（exclude_dialogue_lines）。",
        why: "長い文が続くと読者は息継ぎができず、スマホの画面では文字の壁に見えて読み飛ばされがちです。長い文の間に短い文を挟むと、緩急が生まれて読み進めやすくなります。",
        example: "　王都の北門をくぐった二人は、朝市の喧騒に包まれた大通りを抜けて、ギルドのある旧市街へと向かう坂道をゆっくりと上っていった。坂の途中にある古い噴水の縁には、見習いの魔術師らしい少年が腰掛けていて、通り過ぎる人々に小さな光の蝶を飛ばしてみせていた。リオはその蝶の一匹が自分の肩にとまったことに気づくと、思わず足を止めて、子供の頃に母が見せてくれた同じ魔法のことを思い出していた。",
        fixed: "　王都の北門をくぐった二人は、朝市の喧騒に包まれた大通りを抜けて、旧市街への坂道を上っていった。噴水の縁では、見習いらしい少年が光の蝶を飛ばしている。その一匹が、リオの肩にとまった。リオは足を止めた。子供の頃、母が見せてくれた魔法と同じだった。",
    },
};

impl Rule for ConsecutiveLongSentences {
    fn meta(&self) -> &'static RuleMeta {
        &CONSECUTIVE_LONG_SENTENCES
    }

    fn check(&self, cx: &RuleContext, out: &mut Diagnostics) {
        let t = &cx.settings.thresholds;
        let sentences = narration_sentences(cx.doc, cx.settings);
        let long = |s: &&Sentence| s.length >= t.long_sentence_length;
        for run in long_enough_runs(cx.doc, &sentences, t.long_sentence_run, long) {
            let longest = longest_length(&sentences, &run);
            out.push(
                diag(
                    &CONSECUTIVE_LONG_SENTENCES,
                    CONSECUTIVE_LONG_SENTENCES.default_severity,
                    run_span(&sentences, &run),
                    format!(
                        "{}字以上の文が{}文続いています（最長{}字）",
                        t.long_sentence_length,
                        run.len(),
                        longest
                    ),
                )
                .with_suggestion("間に短い文を挟むか、長い文を二つに分けて緩急をつけましょう"),
            );
        }
    }
}

// ---------------------------------------------------------------------------------------

/// CONSECUTIVE_SHORT_SENTENCES: a run of very short sentences.
pub struct ConsecutiveShortSentences;

static CONSECUTIVE_SHORT_SENTENCES: RuleMeta = RuleMeta {
    code: "CONSECUTIVE_SHORT_SENTENCES",
    aspect: Aspect::Rhythm,
    default_severity: Severity::Low,
    summary: "Many very short sentences in a row (default: 5 or more of at most 10 characters)",
    fix: None,
    doc: RuleDoc {
        what: "短い文（既定では10字以下）が5文以上続いている箇所です。既定では会話文を除いた地の文で数えます（exclude_dialogue_lines）。",
        why: "短い文は緊迫感を出せますが、続きすぎると箇条書きのようになり、文章が単調で幼く見えます。山場以外で続いている場合は、文をつなげて流れを作りましょう。",
        example: "　扉を開けた。誰もいない。机がある。紙が一枚。手に取る。",
        fixed: "　扉を開けたが、部屋には誰もいなかった。机の上に紙が一枚だけ置かれている。手に取る。",
    },
};

impl Rule for ConsecutiveShortSentences {
    fn meta(&self) -> &'static RuleMeta {
        &CONSECUTIVE_SHORT_SENTENCES
    }

    fn check(&self, cx: &RuleContext, out: &mut Diagnostics) {
        let t = &cx.settings.thresholds;
        let sentences = narration_sentences(cx.doc, cx.settings);
        let short = |s: &&Sentence| s.length <= t.short_sentence_length;
        for run in long_enough_runs(cx.doc, &sentences, t.short_sentence_run, short) {
            let longest = longest_length(&sentences, &run);
            out.push(
                diag(
                    &CONSECUTIVE_SHORT_SENTENCES,
                    CONSECUTIVE_SHORT_SENTENCES.default_severity,
                    run_span(&sentences, &run),
                    format!(
                        "{}字以下の短い文が{}文続いています（最長{}字）",
                        t.short_sentence_length,
                        run.len(),
                        longest
                    ),
                )
                .with_suggestion(
                    "いくつかの文をつなげるか、描写のある文を挟んでリズムに変化をつけましょう",
                ),
            );
        }
    }
}

// ---------------------------------------------------------------------------------------

/// DIALOGUE_RATIO_OUT_OF_RANGE: share of dialogue paragraphs outside the band.
pub struct DialogueRatioOutOfRange;

static DIALOGUE_RATIO_OUT_OF_RANGE: RuleMeta = RuleMeta {
    code: "DIALOGUE_RATIO_OUT_OF_RANGE",
    aspect: Aspect::Rhythm,
    default_severity: Severity::Low,
    summary: "Share of dialogue paragraphs outside the target band (default 40–75%)",
    fix: None,
    doc: RuleDoc {
        what: "段落のうち会話文（「」『』で始まる行など）の割合が目安（既定40〜75%）から外れています。範囲の中央から20ポイント以上離れると重要度が上がります。",
        why: "Web小説では会話でテンポよく進む場面が好まれます。会話が少なすぎると説明的で重く、多すぎると情景や心情が伝わらず台本のようになります。",
        example: "　（全20段落のうち会話文が3段落だけで、地の文の説明が延々と続く）",
        fixed: "　説明の一部を登場人物の会話に置き換える。「この街には、夜に出歩いてはいけない決まりがあるんだ」「どうして？」",
    },
};

impl Rule for DialogueRatioOutOfRange {
    fn meta(&self) -> &'static RuleMeta {
        &DIALOGUE_RATIO_OUT_OF_RANGE
    }

    fn check(&self, cx: &RuleContext, out: &mut Diagnostics) {
        let t = &cx.settings.thresholds;
        let d = &cx.metrics.dialogue;
        if d.paragraphs == 0 || !d.dialogue_line_ratio.is_finite() {
            return;
        }
        let ratio = d.dialogue_line_ratio;
        let suggestion = if ratio < t.dialogue_ratio_min {
            "地の文が続いています。説明の一部を会話に置き換えて、場面を動かしましょう"
        } else if ratio > t.dialogue_ratio_max {
            "会話が続いています。地の文で情景・動作・心情を補いましょう"
        } else {
            return;
        };
        let centre = (t.dialogue_ratio_min + t.dialogue_ratio_max) / 2.0;
        let severity = if (ratio - centre).abs() > 0.2 + 1e-9 {
            Severity::Medium
        } else {
            Severity::Low
        };
        out.push(
            diag(
                &DIALOGUE_RATIO_OUT_OF_RANGE,
                severity,
                document_span(cx.doc),
                format!(
                    "会話文の割合が{}%です（{}段落中{}段落、目安{}〜{}%）",
                    percent(ratio),
                    d.paragraphs,
                    d.dialogue_paragraphs,
                    percent(t.dialogue_ratio_min),
                    percent(t.dialogue_ratio_max)
                ),
            )
            .with_suggestion(suggestion),
        );
    }
}

// ---------------------------------------------------------------------------------------

/// ENDING_REPETITION: several sentences in a row ending the same way.
pub struct EndingRepetition;

static ENDING_REPETITION: RuleMeta = RuleMeta {
    code: "ENDING_REPETITION",
    aspect: Aspect::Rhythm,
    default_severity: Severity::Low,
    summary: "Several sentences in a row with the same ending (default: 5 ending in one word such as た, 3 in one auxiliary chain such as ていた; 4 sharing 2 characters without a dictionary)",
    fix: None,
    doc: RuleDoc {
        what: "同じ文末で終わる文が続いている箇所です。文末の語（た・だ・ます・ない など。「走った」「見た」「いた」はどれも「た」）が同じ文が5文以上続くとき、または「〜ていた」「〜ました」「〜のだ」のような同じ助動詞の連なりで終わる文が3文以上続くときに報告します（既定の thresholds.ending_run は4で、語で比べるときはその一つ上、連なりで比べるときは一つ下の文数です）。辞書が使えないときは、句点の直前の2文字が同じ文が4文以上続く箇所です。見出し・場面転換・会話の段落をまたいでは数えません。既定では会話文を除いた地の文で数えます（exclude_dialogue_lines）。",
        why: "「〜た。〜た。〜た。」と同じ語尾が続くと、文章が単調に響き、読者が飽きやすくなります。「〜ていた。〜ていた。」のような長い語尾は、三度続くだけで耳につきます。文末に変化をつけるだけで、同じ内容でも読み心地が大きく変わります。",
        example: "　剣を抜いていた。敵が迫っていた。私は一歩下がっていた。",
        fixed: "　剣を抜いた。敵が迫ってくる。私は一歩下がり、横へ跳んだ。",
    },
};

impl Rule for EndingRepetition {
    fn meta(&self) -> &'static RuleMeta {
        &ENDING_REPETITION
    }

    fn check(&self, cx: &RuleContext, out: &mut Diagnostics) {
        let t = &cx.settings.thresholds;
        let sentences = narration_sentences(cx.doc, cx.settings);
        // By final word, one more sentence: た ends far more sentences than った does. By
        // auxiliary chain, one fewer: 〜ていた three times is heard at once.
        let words = cx.words.available();
        let by_word = t.ending_run.max(2) + usize::from(words);
        let by_chain = t.ending_run.saturating_sub(1).max(2);
        let runs = super::language::ending_runs(cx, &sentences);
        let reported: Vec<Range<usize>> = runs
            .iter()
            .filter(|r| !r.chain && r.range.len() >= by_word)
            .map(|r| r.range.clone())
            .collect();
        for run in runs {
            let min = if run.chain { by_chain } else { by_word };
            // A chain inside a run already reported by its final word is that run.
            let inside = run.chain
                && reported
                    .iter()
                    .any(|r| r.start <= run.range.start && run.range.end <= r.end);
            if run.range.len() < min || inside {
                continue;
            }
            out.push(
                diag(
                    &ENDING_REPETITION,
                    ENDING_REPETITION.default_severity,
                    run_span(&sentences, &run.range),
                    format!("文末「{}」が{}文続いています", run.ending, run.range.len()),
                )
                .with_suggestion("現在形・体言止め・倒置などを混ぜて、文末に変化をつけましょう"),
            );
        }
    }
}

// ---------------------------------------------------------------------------------------

/// COMMA_AVG_OUT_OF_RANGE: mean number of 、 per sentence outside the band.
pub struct CommaAvgOutOfRange;

static COMMA_AVG_OUT_OF_RANGE: RuleMeta = RuleMeta {
    code: "COMMA_AVG_OUT_OF_RANGE",
    aspect: Aspect::Rhythm,
    default_severity: Severity::Low,
    summary: "Mean number of 、 per sentence outside the target band (default 0.6–1.6)",
    fix: None,
    doc: RuleDoc {
        what: "1文あたりの読点「、」の平均個数が目安（既定0.6〜1.6個）から外れています。既定では会話文を除いた地の文で数えます（exclude_dialogue_lines）。",
        why: "読点は読者の息継ぎの位置です。少なすぎると長い文のどこで区切るのかわからず読み返しが増え、多すぎると文が細切れになってテンポが悪くなります。",
        example: "　彼女は駅前の古い喫茶店で待ち合わせの時間よりずっと早く着いてしまったことに気づいて窓際の席で本を開いた。",
        fixed: "　彼女は駅前の古い喫茶店に、待ち合わせよりずっと早く着いてしまった。窓際の席で、本を開く。",
    },
};

impl Rule for CommaAvgOutOfRange {
    fn meta(&self) -> &'static RuleMeta {
        &COMMA_AVG_OUT_OF_RANGE
    }

    fn check(&self, cx: &RuleContext, out: &mut Diagnostics) {
        let t = &cx.settings.thresholds;
        let sentences = narration_sentences(cx.doc, cx.settings);
        if sentences.is_empty() {
            return;
        }
        let commas: usize = sentences.iter().map(|s| s.commas).sum();
        let avg = commas as f64 / sentences.len() as f64;
        let suggestion = if avg < t.comma_avg_min {
            "読点が少なめです。意味の切れ目や主語の後に読点を打つと読みやすくなります"
        } else if avg > t.comma_avg_max {
            "読点が多めです。不要な読点を削るか、文を短く分けましょう"
        } else {
            return;
        };
        out.push(
            diag(
                &COMMA_AVG_OUT_OF_RANGE,
                COMMA_AVG_OUT_OF_RANGE.default_severity,
                document_span(cx.doc),
                format!(
                    "1文あたりの読点が平均{:.2}個です（{}{}文で{}個、目安{}〜{}個）",
                    avg,
                    if cx.settings.exclude_dialogue_lines {
                        "地の文"
                    } else {
                        "全"
                    },
                    sentences.len(),
                    commas,
                    decimal(t.comma_avg_min),
                    decimal(t.comma_avg_max)
                ),
            )
            .with_suggestion(suggestion),
        );
    }
}

// ---------------------------------------------------------------------------------------

/// COMMA_OVERUSE: too many 、 in one sentence.
pub struct CommaOveruse;

static COMMA_OVERUSE: RuleMeta = RuleMeta {
    code: "COMMA_OVERUSE",
    aspect: Aspect::Rhythm,
    default_severity: Severity::Medium,
    summary: "Too many 、 in one sentence (default: more than 3)",
    fix: None,
    doc: RuleDoc {
        what: "1つの文に読点「、」が多すぎる（既定では4個以上）箇所です。既定では会話文を除いた地の文で数えます（exclude_dialogue_lines）。",
        why: "読点が多い文は、たいてい内容を詰め込みすぎた長い文です。読者はどこが主語でどこが述語かを追えなくなります。",
        example: "　彼は、静かに、しかし確かに、扉の向こうを、じっと見つめていた。",
        fixed: "　彼は静かに、しかし確かに扉の向こうを見つめていた。",
    },
};

impl Rule for CommaOveruse {
    fn meta(&self) -> &'static RuleMeta {
        &COMMA_OVERUSE
    }

    fn scope(&self) -> Scope {
        Scope::Line
    }

    fn check(&self, cx: &RuleContext, out: &mut Diagnostics) {
        let max = cx.settings.thresholds.comma_max_per_sentence;
        for s in narration_sentences(cx.doc, cx.settings) {
            if s.commas > max {
                out.push(
                    diag(
                        &COMMA_OVERUSE,
                        COMMA_OVERUSE.default_severity,
                        s.span,
                        format!(
                            "1文に読点「、」が{}個あります（目安{}個以内）",
                            s.commas, max
                        ),
                    )
                    .with_suggestion("文を二つに分けるか、なくても読める読点を削りましょう"),
                );
            }
        }
    }
}

// ---------------------------------------------------------------------------------------

/// WINDOW_OUT_OF_RANGE: the moving average of sentence length leaves the band too often.
pub struct WindowOutOfRange;

static WINDOW_OUT_OF_RANGE: RuleMeta = RuleMeta {
    code: "WINDOW_OUT_OF_RANGE",
    aspect: Aspect::Rhythm,
    default_severity: Severity::Low,
    summary: "Moving average of sentence length (window 5) within 18–70 characters for fewer than 85% of windows",
    fix: None,
    doc: RuleDoc {
        what: "地の文を5文ずつ区切って（1文ずつずらしながら）平均文長を見たとき、平均が目安（既定18〜70字）に収まる区間が85%未満です。指摘位置は最初に目安を外れた区間です。",
        why: "一文一文ではなく「数文のまとまり」の長さが偏っていると、その部分だけ極端に重い（または軽い）読み心地になります。全体を通してテンポが安定しているかを見る指標です。",
        example: "　走る。止まる。振り返る。誰もいない。また走る。（短い文ばかりの区間が全体の大半を占める）",
        fixed: "　走っては止まり、振り返る。誰もいないことを確かめて、また走り出した。",
    },
};

impl Rule for WindowOutOfRange {
    fn meta(&self) -> &'static RuleMeta {
        &WINDOW_OUT_OF_RANGE
    }

    fn check(&self, cx: &RuleContext, out: &mut Diagnostics) {
        let t = &cx.settings.thresholds;
        let w = t.window_size;
        let sentences = narration_sentences(cx.doc, cx.settings);
        if w == 0 || sentences.len() < w {
            return;
        }
        let averages = moving_windows(&sentence_lengths(&sentences), w);
        let ratio = window_in_range_ratio(&averages, t.window_min, t.window_max);
        if averages.is_empty() || ratio >= t.window_min_in_range_ratio {
            return;
        }
        let Some((first, avg)) = averages
            .iter()
            .enumerate()
            .find(|(_, &a)| a < t.window_min || a > t.window_max)
        else {
            return;
        };
        let direction = if *avg < t.window_min {
            "短すぎ"
        } else {
            "長すぎ"
        };
        out.push(
            diag(
                &WINDOW_OUT_OF_RANGE,
                WINDOW_OUT_OF_RANGE.default_severity,
                run_span(&sentences, &(first..first + w)),
                format!(
                    "{w}文ごとの平均文長が{}〜{}字に収まる区間が{}%しかありません（目安{}%以上）。ここから始まる{w}文は平均{}字で{direction}です",
                    decimal(t.window_min),
                    decimal(t.window_max),
                    percent(ratio),
                    percent(t.window_min_in_range_ratio),
                    decimal(*avg),
                ),
            )
            .with_suggestion(
                "短い文が続く箇所はつなげ、長い文が続く箇所は分けて、数文単位の長さをならしましょう",
            ),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::super::length::tests::{no_panic, run};
    use super::*;
    use crate::analysis::Settings;

    fn s() -> Settings {
        Settings::default()
    }

    /// A narration sentence of exactly `n` displayed characters (+ 。).
    fn sent(n: usize) -> String {
        format!("{}。", "あ".repeat(n))
    }

    #[test]
    fn long_run_fires_once_per_maximal_run() {
        // 4 long sentences (45, 50, 72, 45), then a short one, then 2 long ones.
        let text = format!(
            "　{}{}\n　{}{}{}\n　{}{}\n",
            sent(45),
            sent(50),
            sent(72),
            sent(45),
            sent(5),
            sent(60),
            sent(60)
        );
        let out = run(&ConsecutiveLongSentences, &text, &s());
        assert_eq!(out.len(), 1, "{out:?}");
        let d = &out[0];
        assert_eq!(d.severity, Severity::Medium);
        assert_eq!(d.message, "45字以上の文が4文続いています（最長72字）");
        let expected = format!("{}{}\n　{}{}", sent(45), sent(50), sent(72), sent(45));
        assert_eq!(&text[d.span.range()], expected);
    }

    #[test]
    fn long_run_boundary() {
        // 44 is not long; two long ones are not enough.
        let text = format!("{}{}{}{}", sent(44), sent(45), sent(45), sent(44));
        assert!(run(&ConsecutiveLongSentences, &text, &s()).is_empty());
        let text = format!("{}{}{}", sent(45), sent(45), sent(45));
        assert_eq!(run(&ConsecutiveLongSentences, &text, &s()).len(), 1);
    }

    #[test]
    fn long_runs_stop_at_dialogue_in_either_setting() {
        let long_dialogue = format!("「{}」", sent(50));
        let text = format!("{}\n{long_dialogue}\n{}{}\n", sent(50), sent(50), sent(50));
        // The dialogue line ends the run (issue 31): one long sentence before it, two after.
        assert!(run(&ConsecutiveLongSentences, &text, &s()).is_empty());
        let mut all = s();
        all.exclude_dialogue_lines = false;
        assert!(run(&ConsecutiveLongSentences, &text, &all).is_empty());
        // Three long narration sentences in one stretch are a run.
        let text = format!("{}\n{}{}\n{long_dialogue}\n", sent(50), sent(50), sent(50));
        assert_eq!(run(&ConsecutiveLongSentences, &text, &s()).len(), 1);
    }

    #[test]
    fn short_run_fires_low_and_spans_the_run() {
        let text = "　長い文がここにひとつだけありまして、そのあとに。扉を開けた。誰もいない。机がある。紙が一枚。手に取る。\n";
        let out = run(&ConsecutiveShortSentences, text, &s());
        assert_eq!(out.len(), 1, "{out:?}");
        let d = &out[0];
        assert_eq!(d.severity, Severity::Low);
        assert_eq!(d.message, "10字以下の短い文が5文続いています（最長5字）");
        assert_eq!(
            &text[d.span.range()],
            "扉を開けた。誰もいない。机がある。紙が一枚。手に取る。"
        );
    }

    #[test]
    fn short_run_boundary() {
        // 11 characters is not short; four short ones are not enough.
        let text = format!(
            "{}{}{}{}{}",
            sent(10),
            sent(10),
            sent(11),
            sent(10),
            sent(10)
        );
        assert!(run(&ConsecutiveShortSentences, &text, &s()).is_empty());
        let text = format!("{}{}{}{}", sent(3), sent(3), sent(3), sent(3));
        assert!(run(&ConsecutiveShortSentences, &text, &s()).is_empty());
        let text = format!(
            "{}{}{}{}{}",
            sent(10),
            sent(10),
            sent(10),
            sent(10),
            sent(10)
        );
        assert_eq!(run(&ConsecutiveShortSentences, &text, &s()).len(), 1);
    }

    fn paragraphs(dialogue: usize, narration: usize) -> String {
        let mut text = String::new();
        for _ in 0..narration {
            text.push_str("　地の文です。\n");
        }
        for _ in 0..dialogue {
            text.push_str("「会話です」\n");
        }
        text
    }

    #[test]
    fn dialogue_ratio_low_and_medium() {
        // 2 of 10 = 20%: 0.375 from the centre 57.5% → medium.
        let text = paragraphs(2, 8);
        let out = run(&DialogueRatioOutOfRange, &text, &s());
        assert_eq!(out.len(), 1);
        assert_eq!(out[0].severity, Severity::Medium);
        assert_eq!(
            out[0].message,
            "会話文の割合が20%です（10段落中2段落、目安40〜75%）"
        );
        assert_eq!(&text[out[0].span.range()], "　地の文です。");
        assert!(out[0]
            .suggestion
            .as_deref()
            .unwrap()
            .contains("会話に置き換え"));
        // 39 of 100 = 39%: 0.185 from the centre → low.
        let out = run(&DialogueRatioOutOfRange, &paragraphs(39, 61), &s());
        assert_eq!(out.len(), 1);
        assert_eq!(out[0].severity, Severity::Low);
        // 76 of 100: above the band, low.
        let out = run(&DialogueRatioOutOfRange, &paragraphs(76, 24), &s());
        assert_eq!(out.len(), 1);
        assert_eq!(out[0].severity, Severity::Low);
        assert!(out[0].suggestion.as_deref().unwrap().contains("地の文で"));
        // All dialogue: medium, reported on the first paragraph.
        let text = paragraphs(3, 0);
        let out = run(&DialogueRatioOutOfRange, &text, &s());
        assert_eq!(out[0].severity, Severity::Medium);
        assert_eq!(&text[out[0].span.range()], "「会話です」");
    }

    #[test]
    fn dialogue_ratio_boundaries() {
        assert!(run(&DialogueRatioOutOfRange, &paragraphs(40, 60), &s()).is_empty());
        assert!(run(&DialogueRatioOutOfRange, &paragraphs(75, 25), &s()).is_empty());
        assert!(run(&DialogueRatioOutOfRange, "", &s()).is_empty());
        // Exactly 0.2 off the centre stays low.
        let mut band = s();
        band.thresholds.dialogue_ratio_min = 0.5;
        band.thresholds.dialogue_ratio_max = 0.7;
        let out = run(&DialogueRatioOutOfRange, &paragraphs(4, 6), &band);
        assert_eq!(out[0].severity, Severity::Low);
        let out = run(&DialogueRatioOutOfRange, &paragraphs(39, 61), &band);
        assert_eq!(out[0].severity, Severity::Medium);
    }

    #[test]
    fn ending_repetition_fires_per_run() {
        // Endings compare by final word (issue 14): いた, きた, った, んだ all end in た, and
        // a run of words needs one sentence more than `ending_run` (4 here, so 5).
        let text = "　剣を抜いた。敵が迫ってきた。私は一歩下がった。そして横に跳んだ。\n";
        assert!(run(&EndingRepetition, text, &s()).is_empty());
        let text =
            "　剣を抜いた。敵が迫ってきた。私は一歩下がった。そして横に跳んだ。刃が空を切った。\n";
        let out = run(&EndingRepetition, text, &s());
        assert_eq!(out.len(), 1, "{out:?}");
        assert_eq!(out[0].message, "文末「た」が5文続いています");
        let text = "　顔を上げる。剣を抜いた。敵が迫った。一歩下がった。横に払った。剣を振った。息を吐く。\n";
        let out = run(&EndingRepetition, text, &s());
        assert_eq!(out.len(), 1, "{out:?}");
        let d = &out[0];
        assert_eq!(d.severity, Severity::Low);
        assert_eq!(d.message, "文末「た」が5文続いています");
        assert_eq!(
            &text[d.span.range()],
            "剣を抜いた。敵が迫った。一歩下がった。横に払った。剣を振った。"
        );
        // 見る・する are different words: no run.
        let text = "　顔を上げる。剣を抜く。敵が迫る。一歩下がる。\n";
        assert!(run(&EndingRepetition, text, &s()).is_empty());
    }

    #[test]
    fn ending_repetition_does_what_explain_says() {
        // `noveler explain ENDING_REPETITION` shows its example firing and its fix silent.
        crate::analysis::fix::testing::assert_doc_examples(&[&EndingRepetition]);
    }

    #[test]
    fn ending_repetition_counts_auxiliary_chains_at_three() {
        let text = "　剣を抜いていた。敵が迫っていた。私は一歩下がっていた。\n";
        let out = run(&EndingRepetition, text, &s());
        assert_eq!(out.len(), 1, "{out:?}");
        assert_eq!(out[0].message, "文末「ていた」が3文続いています");
        // 読んでいた's でいた is ていた; ました and のだ are chains too.
        let text = "　本を読んでいた。空を見ていた。風が吹いていた。\n";
        assert_eq!(run(&EndingRepetition, text, &s()).len(), 1);
        let text = "　朝になりました。雨が降りました。傘を探しました。\n";
        assert_eq!(
            run(&EndingRepetition, text, &s())[0].message,
            "文末「ました」が3文続いています"
        );
        // Two, or a different chain between, is no run.
        let text = "　剣を抜いていた。敵が迫っていた。私は一歩下がった。\n";
        assert!(run(&EndingRepetition, text, &s()).is_empty());
        // A chain run inside a longer run of た is reported once, as that run.
        let text = "　剣を抜いた。敵が迫っていた。私は下がっていた。盾を構えていた。横に跳んだ。\n";
        let out = run(&EndingRepetition, text, &s());
        assert_eq!(out.len(), 1, "{out:?}");
        assert_eq!(out[0].message, "文末「た」が5文続いています");
        // Runs stop at a heading and a scene break.
        let text = "　剣を抜いていた。敵が迫っていた。\n## 二\n　私は一歩下がっていた。\n";
        assert!(run(&EndingRepetition, text, &s()).is_empty());
        let text = "　剣を抜いていた。敵が迫っていた。\n\n＊\n\n　私は一歩下がっていた。\n";
        assert!(run(&EndingRepetition, text, &s()).is_empty());
    }

    #[test]
    fn ending_repetition_boundary_and_settings() {
        let three = "走った。迫った。下がった。歩く。\n";
        assert!(run(&EndingRepetition, three, &s()).is_empty());
        let mut one_char = s();
        one_char.thresholds.ending_chars = 1;
        one_char.thresholds.ending_run = 3;
        let text = "走った。見えた。落ちた。\n";
        assert!(run(&EndingRepetition, text, &one_char).is_empty());
        let text = "走った。見えた。落ちた。消えた。\n";
        let out = run(&EndingRepetition, text, &one_char);
        assert_eq!(out.len(), 1);
        assert_eq!(out[0].message, "文末「た」が4文続いています");
        // Closing brackets and terminators are not part of the ending.
        let mut all = s();
        all.exclude_dialogue_lines = false;
        let text = "走った！”\n迫った。\n下がった）\n払った？\n来た。\n";
        let out = run(&EndingRepetition, text, &all);
        assert_eq!(out.len(), 1);
        assert_eq!(out[0].message, "文末「た」が5文続いています");
        assert_eq!(&text[out[0].span.range()], text.trim_end());
        // A run stops at a dialogue paragraph, whether dialogue is counted or skipped.
        let text = "走った。迫った。\n「下がった」\n払った。笑った。\n";
        assert!(run(&EndingRepetition, text, &all).is_empty());
        assert!(run(&EndingRepetition, text, &s()).is_empty());
    }

    #[test]
    fn comma_avg_out_of_range() {
        // 2 sentences, 0 commas → 0.00.
        let text = "　彼は歩いた。彼女は走った。\n";
        let out = run(&CommaAvgOutOfRange, text, &s());
        assert_eq!(out.len(), 1);
        assert_eq!(out[0].severity, Severity::Low);
        assert_eq!(
            out[0].message,
            "1文あたりの読点が平均0.00個です（地の文2文で0個、目安0.6〜1.6個）"
        );
        assert_eq!(&text[out[0].span.range()], "　彼は歩いた。彼女は走った。");
        // 2 sentences, 4 commas → 2.00, above.
        let text = "　彼は、歩き、止まった。彼女は、走り、転んだ。\n";
        let out = run(&CommaAvgOutOfRange, text, &s());
        assert_eq!(out.len(), 1);
        assert!(out[0].message.contains("平均2.00個"));
        assert!(out[0].suggestion.as_deref().unwrap().contains("多め"));
        // Counting every sentence says so.
        let mut all = s();
        all.exclude_dialogue_lines = false;
        let text = "「あ」\n「い」\n";
        let out = run(&CommaAvgOutOfRange, text, &all);
        assert_eq!(
            out[0].message,
            "1文あたりの読点が平均0.00個です（全2文で0個、目安0.6〜1.6個）"
        );
    }

    #[test]
    fn comma_avg_boundaries() {
        // 5 sentences, 3 commas → 0.6 exactly: in range.
        let text = "あ、い。う、え。お、か。き。く。\n";
        assert!(run(&CommaAvgOutOfRange, text, &s()).is_empty());
        // 5 sentences, 8 commas → 1.6 exactly: in range.
        let text = "あ、い、う。あ、い、う。あ、い。あ、い。あ、い。\n";
        assert!(run(&CommaAvgOutOfRange, text, &s()).is_empty());
        // Dialogue commas are ignored by default; no narration → nothing.
        assert!(run(&CommaAvgOutOfRange, "「あ、い、う、え。」\n", &s()).is_empty());
    }

    #[test]
    fn comma_overuse() {
        let text = "　彼は、静かに、しかし確かに、扉の向こうを、じっと見つめていた。短い文。\n";
        let out = run(&CommaOveruse, text, &s());
        assert_eq!(out.len(), 1);
        let d = &out[0];
        assert_eq!(d.severity, Severity::Medium);
        assert_eq!(d.message, "1文に読点「、」が4個あります（目安3個以内）");
        assert_eq!(
            text[d.span.range()].trim_start_matches('　'),
            "彼は、静かに、しかし確かに、扉の向こうを、じっと見つめていた。"
        );
        // Exactly 3 is fine.
        assert!(run(&CommaOveruse, "あ、い、う、え。\n", &s()).is_empty());
        // Dialogue is skipped unless configured.
        let dialogue = "「あ、い、う、え、お」\n";
        assert!(run(&CommaOveruse, dialogue, &s()).is_empty());
        let mut all = s();
        all.exclude_dialogue_lines = false;
        assert_eq!(run(&CommaOveruse, dialogue, &all).len(), 1);
    }

    #[test]
    fn window_out_of_range() {
        // 6 sentences of 5 characters: both windows average 5 → 0% in range.
        let text: String = (0..6).map(|_| sent(5)).collect::<String>() + "\n";
        let out = run(&WindowOutOfRange, &text, &s());
        assert_eq!(out.len(), 1);
        let d = &out[0];
        assert_eq!(d.severity, Severity::Low);
        assert_eq!(
            d.message,
            "5文ごとの平均文長が18〜70字に収まる区間が0%しかありません（目安85%以上）。ここから始まる5文は平均5字で短すぎです"
        );
        let first_five: String = (0..5).map(|_| sent(5)).collect();
        assert_eq!(&text[d.span.range()], first_five);
    }

    #[test]
    fn window_boundaries() {
        // Fewer sentences than the window: nothing.
        let text: String = (0..4).map(|_| sent(5)).collect();
        assert!(run(&WindowOutOfRange, &text, &s()).is_empty());
        // Averages exactly 18 and 70 are in range.
        let text: String = (0..5).map(|_| sent(18)).collect();
        assert!(run(&WindowOutOfRange, &text, &s()).is_empty());
        let text: String = (0..5).map(|_| sent(70)).collect();
        assert!(run(&WindowOutOfRange, &text, &s()).is_empty());
        // 11 sentences of 20 characters and one of 1: 8 windows, only the last one
        // ((20 * 4 + 1) / 5 = 16.2) is out → 87.5% ≥ 85%: fine.
        let mut sentences: Vec<String> = vec![sent(20); 11];
        sentences.push(sent(1));
        let text: String = sentences.concat();
        assert!(run(&WindowOutOfRange, &text, &s()).is_empty());
        let text: String = sentences[5..].concat();
        // 7 sentences → 3 windows, 1 out → 66.7%.
        let out = run(&WindowOutOfRange, &text, &s());
        assert_eq!(out.len(), 1);
        assert!(out[0].message.contains("66.7%"), "{}", out[0].message);
        assert!(out[0].message.contains("平均16.2字"));
    }

    #[test]
    fn never_panics() {
        no_panic(RULES);
    }
}
