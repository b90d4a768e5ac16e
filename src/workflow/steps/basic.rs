//! Steps 1–3 (basic_quality): typos, grammar and notation, readability. The rule findings
//! of the step's codes are added by `steps::measure`; these functions add what the rules do
//! not cover and the step's figures.

use super::common::{issue_at, Measured, StepContext};
use crate::analysis::segment::ParagraphKind;
use crate::analysis::Severity;
use serde_json::json;

/// A character predicate (one side of a width or punctuation pair).
type CharPred = fn(char) -> bool;

/// Step 1: doubled particles (衍字 such as 「をを」) besides the TYPO dictionary and bracket
/// balance rules. A doubled particle inside a run of three or more of the same kana
/// (onomatopoeia, 「ががが」) or inside a listed exception (「えへへ」) is not reported.
pub fn typo(cx: &StepContext) -> Measured {
    let mut m = Measured::default();
    let doubled = cx.list_param(
        "doubled_particles",
        &["をを", "がが", "にに", "でで", "へへ"],
    );
    let exceptions = cx.list_param("doubled_particle_exceptions", &[]);
    let display = &cx.doc.display;
    let mut found = 0usize;
    for p in &cx.doc.paragraphs {
        let text = &display[p.display.clone()];
        for pat in &doubled {
            let Some(kana) = pat.chars().next() else {
                continue;
            };
            for (i, _) in text.match_indices(pat.as_str()) {
                let before = text[..i].chars().next_back();
                let after = text[i + pat.len()..].chars().next();
                if before == Some(kana) || after == Some(kana) {
                    continue;
                }
                let excepted = exceptions.iter().any(|e| {
                    e.contains(pat.as_str())
                        && e.match_indices(pat.as_str()).any(|(k, _)| {
                            i >= k && text.get(i - k..).is_some_and(|t| t.starts_with(e.as_str()))
                        })
                });
                if excepted {
                    continue;
                }
                found += 1;
                let start = p.display.start + i;
                m.issues.push(
                    issue_at(
                        cx,
                        "DOUBLED_PARTICLE",
                        Severity::Medium,
                        start..start + pat.len(),
                        &format!("{i}:{pat}"),
                        format!("助詞「{kana}」が重なっています（「{pat}」）"),
                    )
                    .suggest(format!("「{pat}」を「{kana}」にする")),
                );
                m.corrections.push(format!("「{pat}」→「{kana}」"));
            }
        }
    }
    m.detail("typo_dictionary_entries", cx.settings.typos.len());
    m.detail("doubled_particles_found", found);
    m
}

/// Step 2: mixed full-/half-width digits and letters, and mixed punctuation styles
/// (「、。」 with 「，．」), besides the punctuation and 表記ゆれ rules.
pub fn grammar(cx: &StepContext) -> Measured {
    let mut m = Measured::default();
    let display = &cx.doc.display;
    let classes: [(&str, &str, CharPred, CharPred); 3] = [
        (
            "数字",
            "NOTATION_WIDTH_MIXED",
            |c| c.is_ascii_digit(),
            |c| ('０'..='９').contains(&c),
        ),
        (
            "英字",
            "NOTATION_WIDTH_MIXED",
            |c| c.is_ascii_alphabetic(),
            |c| ('Ａ'..='Ｚ').contains(&c) || ('ａ'..='ｚ').contains(&c),
        ),
        (
            "句読点",
            "NOTATION_PUNCT_MIXED",
            |c| matches!(c, '、' | '。'),
            |c| matches!(c, '，' | '．'),
        ),
    ];
    let mut width = serde_json::Map::new();
    for (label, code, half, full) in classes {
        let a: Vec<usize> = display
            .char_indices()
            .filter(|&(_, c)| half(c))
            .map(|(i, _)| i)
            .collect();
        let b: Vec<usize> = display
            .char_indices()
            .filter(|&(_, c)| full(c))
            .map(|(i, _)| i)
            .collect();
        let (na, nb) = (a.len(), b.len());
        width.insert(label.to_string(), json!({"a": na, "b": nb}));
        if na > 0 && nb > 0 {
            // Point at the first occurrence of the less used form.
            let (at, names) = if code == "NOTATION_PUNCT_MIXED" {
                (if na <= nb { a[0] } else { b[0] }, ("「、。」", "「，．」"))
            } else {
                (if na <= nb { a[0] } else { b[0] }, ("半角", "全角"))
            };
            let len = display[at..]
                .chars()
                .next()
                .map(char::len_utf8)
                .unwrap_or(0);
            let (minor, major) = if na <= nb {
                (names.0, names.1)
            } else {
                (names.1, names.0)
            };
            let sev = if code == "NOTATION_PUNCT_MIXED" {
                Severity::Medium
            } else {
                Severity::Low
            };
            m.issues.push(
                issue_at(
                    cx,
                    code,
                    sev,
                    at..at + len,
                    label,
                    format!(
                        "{label}の{}（{na}回）と{}（{nb}回）が混在しています",
                        names.0, names.1
                    ),
                )
                .suggest(format!("{minor}を{major}に揃える")),
            );
        }
    }
    m.detail("width_usage", width);
    m.detail("notation_pairs", cx.settings.notation_pairs.len());
    m
}

/// Step 3: narration paragraphs longer than `paragraph_max` (default 200) displayed
/// characters fill a phone screen; plus the readability figures.
pub fn readability(cx: &StepContext) -> Measured {
    let mut m = Measured::default();
    let max = cx.num_param("paragraph_max", 200.0).max(1.0) as usize;
    for (i, p) in cx.doc.paragraphs.iter().enumerate() {
        if p.kind == ParagraphKind::Narration && p.chars > max {
            m.issues.push(
                issue_at(
                    cx,
                    "PARAGRAPH_TOO_LONG",
                    Severity::Low,
                    p.display.clone(),
                    &i.to_string(),
                    format!(
                        "地の文の段落が {} 字あります（目安 {max} 字以内）。スマートフォンでは画面が文字で埋まります",
                        p.chars
                    ),
                )
                .suggest("内容の切れ目で段落を分ける"),
            );
        }
    }
    let mut longest: Vec<(usize, usize)> = cx
        .doc
        .sentences
        .iter()
        .map(|s| (s.length, s.display.start))
        .collect();
    longest.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    let longest: Vec<serde_json::Value> = longest
        .iter()
        .take(3)
        .map(|&(len, at)| json!({"length": len, "line": super::common::line_of_display(cx, at)}))
        .collect();
    let metrics = &cx.analysis.metrics;
    m.detail("character_balance", &metrics.character_balance);
    m.detail("paragraphs", &metrics.paragraphs);
    m.detail(
        "sentences",
        json!({
            "count": cx.doc.sentences.len(),
            "mean_narration_length": metrics.rhythm.mean,
            "p75_narration_length": metrics.rhythm.p75,
            "longest": longest,
        }),
    );
    m.detail("paragraph_max", max);
    m
}
