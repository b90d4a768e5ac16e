//! Text of `metadata.ml_enhancements` (corpus statistics, `commands::check::stats`) under a
//! check's text output: a few lines, percentiles first.

use serde_json::Value;

/// The metrics shown, with their Japanese labels.
const SHOWN: &[(&str, &str)] = &[
    ("sentence_length_mean", "平均文長"),
    ("sentence_length_p90", "文長p90"),
    ("commas_per_sentence", "読点/文"),
    ("kanji_ratio", "漢字率"),
    ("dialogue_line_ratio", "会話行率"),
    ("findings_per_1000", "指摘/千字"),
    ("score_overall", "総合点"),
];

fn num(v: &Value) -> f64 {
    v.as_f64().unwrap_or(0.0)
}

/// The lines for `ml` (empty when there is nothing to say).
pub(crate) fn ml_text(ml: &Value) -> String {
    let mut s = String::from(
        "\nコーパス統計（記述統計。モデルやAIの判断ではありません: noveler explain statistics）\n",
    );
    if let Some(f) = ml.get("fallback") {
        s.push_str(&format!(
            "  [{}] {}。{}\n",
            f["code"].as_str().unwrap_or(""),
            f["message"].as_str().unwrap_or(""),
            f["action"].as_str().unwrap_or("")
        ));
    }
    if let (Some(id), Some(b)) = (ml.get("corpus_model_id"), ml.get("baseline")) {
        s.push_str(&format!(
            "  比較: {}（{} 本、{}）\n",
            id.as_str().unwrap_or(""),
            b["texts"],
            b["source"].as_str().unwrap_or("")
        ));
    }
    // Several files under `files`; one file directly (with its `path`).
    let files: Vec<(&str, &Value)> = match ml.get("files").and_then(Value::as_object) {
        Some(map) => map.iter().map(|(k, v)| (k.as_str(), v)).collect(),
        None => vec![(ml["path"].as_str().unwrap_or(""), ml)],
    };
    for (path, f) in files {
        let Some(m) = f.pointer("/corpus_baseline_comparison/metrics") else {
            continue;
        };
        let parts: Vec<String> = SHOWN
            .iter()
            .filter_map(|(k, label)| {
                let c = m.get(*k)?;
                Some(format!(
                    "{label} {}（p{:.0}）",
                    (num(&c["value"]) * 1000.0).round() / 1000.0,
                    num(&c["percentile"])
                ))
            })
            .collect();
        s.push_str(&format!("  {path}: {}\n", parts.join("  ")));
        if let Some(a) = f.get("severity_adjustments_summary") {
            let changed = a["level_changed"].as_u64().unwrap_or(0);
            if changed > 0 {
                s.push_str(&format!(
                    "    重大度の調整: {changed} 件の段階が変わります{}\n",
                    if a["applied"].as_bool() == Some(true) {
                        "（適用済み）"
                    } else {
                        "（--dynamic-severity で適用）"
                    }
                ));
            }
        }
    }
    if let Some(d) = ml.get("dynamic_thresholds_applied") {
        let mut changes = Vec::new();
        for group in d["thresholds"]
            .as_object()
            .into_iter()
            .flat_map(|g| g.values())
        {
            for (name, t) in group.as_object().into_iter().flatten() {
                if num(&t["original"]) != num(&t["learned"]) {
                    changes.push(format!("{name} {} → {}", t["original"], t["learned"]));
                }
            }
        }
        if !changes.is_empty() {
            s.push_str(&format!(
                "  学習したしきい値{}: {}\n",
                if d["applied"].as_bool() == Some(true) {
                    "（適用済み）"
                } else {
                    "（--dynamic-thresholds で適用）"
                },
                changes.join("、")
            ));
        }
    }
    if let Some(w) = ml.get("weight_optimization") {
        for sug in w["suggestions"].as_array().into_iter().flatten() {
            s.push_str(&format!(
                "  提案: {}\n{}",
                sug["reason"].as_str().unwrap_or(""),
                sug["novelerrc_yaml"].as_str().unwrap_or("")
            ));
        }
    }
    s
}
