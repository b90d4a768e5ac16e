//! Step 10: expression and style. Besides the style/content rules of the step, it measures
//! the density of simile markers (`ような`, `まるで` …) and of "telling" phrases
//! (`と思った`, `悲しかった` …) per 1,000 body characters, and runs of narration sentences
//! that open with the same characters (`小鞠は……。小鞠は……。小鞠は……。`).

use super::common::{issue_at, issue_whole, Measured, StepContext};
use crate::analysis::segment::is_space;
use crate::analysis::Severity;
use serde_json::json;

fn per_thousand(count: usize, body: usize) -> f64 {
    if body == 0 {
        0.0
    } else {
        ((count as f64) * 1000.0 / body as f64 * 100.0).round() / 100.0
    }
}

/// Step 10 (expression): simile and telling-word density, then runs of narration
/// sentences opening alike.
pub fn check(cx: &StepContext) -> Measured {
    let mut m = Measured::default();
    let density = density(cx, &mut m);
    let runs = same_openings(cx, &mut m);
    m.detail("density", density);
    m.detail("same_opening_runs", runs);
    m.detail("endings", &cx.analysis.metrics.endings);
    m.detail(
        "forbidden_expressions",
        cx.settings.forbidden_expressions.len(),
    );
    m
}

/// Per 1,000 characters, the simile markers and telling words (EXPRESSION_SIMILE_DENSE,
/// EXPRESSION_TELLING above their maximum); the detail by word.
fn density(cx: &StepContext, m: &mut Measured) -> serde_json::Map<String, serde_json::Value> {
    let body = cx.doc.body_chars;
    let display = &cx.doc.display;
    let mut density = serde_json::Map::new();
    for (key, label, code, default_words, default_max) in [
        (
            "simile_markers",
            "比喩の目印（ような・まるで など）",
            "EXPRESSION_SIMILE_DENSE",
            &["ような", "ように", "みたいな", "みたいに", "まるで"][..],
            4.0,
        ),
        (
            "telling_words",
            "説明的な感情表現（と思った・悲しかった など）",
            "EXPRESSION_TELLING",
            &["と思った", "と感じた"][..],
            1.5,
        ),
    ] {
        let words = cx.list_param(key, default_words);
        let max_key = if key == "simile_markers" {
            "simile_per_1000_max"
        } else {
            "telling_per_1000_max"
        };
        let max = cx.num_param(max_key, default_max);
        let mut counts = serde_json::Map::new();
        let mut total = 0usize;
        for w in &words {
            let n = if w.is_empty() {
                0
            } else {
                display.matches(w.as_str()).count()
            };
            total += n;
            if n > 0 {
                counts.insert(w.clone(), n.into());
            }
        }
        let rate = per_thousand(total, body);
        density.insert(
            key.to_string(),
            json!({"count": total, "per_1000_chars": rate, "max_per_1000_chars": max, "by_word": counts}),
        );
        if rate > max && body > 0 {
            m.issues.push(
                issue_whole(
                    cx,
                    code,
                    Severity::Low,
                    key,
                    format!(
                        "{label}が 1,000 字あたり {rate:.2} 回あります（目安 {max} 回以下、計 {total} 回）"
                    ),
                )
                .suggest("効いているものを残し、ほかは描写や行動で示す"),
            );
        }
    }
    density
}

/// Runs of narration sentences opening with the same characters
/// (EXPRESSION_SAME_OPENING); the detail of each run.
fn same_openings(cx: &StepContext, m: &mut Measured) -> Vec<serde_json::Value> {
    let doc = cx.doc;
    let display = &doc.display;
    let n_chars = cx.num_param("same_opening_chars", 2.0).max(1.0) as usize;
    let run_min = cx.num_param("same_opening_run", 3.0).max(2.0) as usize;
    let openings: Vec<(String, usize)> = doc
        .sentences
        .iter()
        .filter(|s| !s.dialogue)
        .map(|s| {
            let t: String = doc
                .sentence_text(s)
                .chars()
                .filter(|&c| !is_space(c))
                .take(n_chars)
                .collect();
            (t, s.display.start)
        })
        .collect();
    let mut i = 0;
    let mut runs = Vec::new();
    while i < openings.len() {
        let mut j = i + 1;
        while j < openings.len()
            && openings[j].0 == openings[i].0
            && openings[i].0.chars().count() == n_chars
        {
            j += 1;
        }
        if j - i >= run_min {
            let at = openings[i].1;
            let end = at + openings[i].0.len();
            runs.push(json!({"opening": openings[i].0, "sentences": j - i, "line": super::common::line_of_display(cx, at)}));
            if display.is_char_boundary(end) && end <= display.len() {
                m.issues.push(
                    issue_at(
                        cx,
                        "EXPRESSION_SAME_OPENING",
                        Severity::Low,
                        at..end,
                        &format!("{at}"),
                        format!(
                            "地の文の {} 文が続けて「{}」で始まっています",
                            j - i,
                            openings[i].0
                        ),
                    )
                    .suggest("主語を省く・語順を変えるなどして文頭に変化をつける"),
                );
            }
        }
        i = j;
    }
    runs
}
