//! A corpus baseline checked against percentiles computed directly (tests/stats.rs on the
//! sample project, tests/corpus.rs on the shared corpus).

use super::{code, json, run, stderr};
use serde_json::Value;
use std::path::Path;

/// Mid-rank percentile, computed directly (the definition `explain statistics` prints).
fn mid_rank(values: &[f64], x: f64) -> f64 {
    let below = values.iter().filter(|&&v| v < x - 1e-9).count() as f64;
    let equal = values.iter().filter(|&&v| (v - x).abs() <= 1e-9).count() as f64;
    (1000.0 * (below + 0.5 * equal) / values.len() as f64).round() / 10.0
}

/// `noveler check <path> --format json` metrics of one file, read the way a user would.
fn metrics_of(root: &Path, path: &str) -> Value {
    let o = run(root, &["check", path, "--format", "json", "--exit-zero"]);
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    json(&o)["result"]["files"][0]["metrics"].clone()
}

/// The direct value of a baseline metric from a check's metrics.
fn metric(m: &Value, name: &str) -> f64 {
    match name {
        "kanji_ratio" => m["character_balance"]["kanji_ratio"].as_f64().unwrap(),
        "dialogue_line_ratio" => m["dialogue"]["dialogue_line_ratio"].as_f64().unwrap(),
        "commas_per_sentence" => m["punctuation"]["commas_per_sentence_avg"]
            .as_f64()
            .unwrap(),
        "body_chars" => m["length_stats"]["body_chars"].as_f64().unwrap(),
        _ => unreachable!(),
    }
}

const DIRECT: &[&str] = &[
    "kanji_ratio",
    "dialogue_line_ratio",
    "commas_per_sentence",
    "body_chars",
];

/// Builds a baseline from `dir` in `root`, checks `episode` against it and compares every
/// percentile of `DIRECT` with one computed from `noveler check` of each baseline text.
pub fn percentiles_match_direct_computation(root: &Path, dir: &str, episode: &str) {
    let built = run(root, &["baseline", "build", dir, "--format", "json"]);
    assert_eq!(code(&built), 0, "{}", stderr(&built));
    let built = json(&built);
    let id = built["result"]["baseline"]["corpus_model_id"]
        .as_str()
        .unwrap()
        .to_string();
    assert_eq!(built["result"]["baseline"]["kind"], "statistics");
    let shown = json(&run(root, &["baseline", "show", &id, "--format", "json"]));
    let paths: Vec<String> = shown["result"]["texts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["path"].as_str().unwrap().to_string())
        .collect();
    assert!(paths.len() >= 3, "{paths:?}");

    let checked = run(
        root,
        &[
            "check",
            episode,
            "--corpus-model-id",
            &id,
            "--format",
            "json",
            "--exit-zero",
        ],
    );
    assert_eq!(code(&checked), 0, "{}", stderr(&checked));
    let env = json(&checked);
    let ml = &env["metadata"]["ml_enhancements"];
    assert_eq!(ml["kind"], "statistics");
    assert_eq!(ml["corpus_model_id"], id.as_str());
    assert!(ml.get("fallback").is_none(), "{ml}");
    let cmp = &ml["corpus_baseline_comparison"];
    assert!(cmp["percentile_definition"]
        .as_str()
        .unwrap()
        .starts_with("mid-rank"));
    let own = env["result"]["files"][0]["metrics"].clone();
    let base: Vec<Value> = paths
        .iter()
        .map(|p| {
            let abs = if Path::new(p).is_absolute() {
                p.clone()
            } else {
                root.join(p).to_string_lossy().into_owned()
            };
            metrics_of(root, &abs)
        })
        .collect();
    for name in DIRECT {
        let values: Vec<f64> = base.iter().map(|m| metric(m, name)).collect();
        let x = metric(&own, name);
        let got = &cmp["metrics"][*name];
        assert!(
            (got["value"].as_f64().unwrap() - x).abs() < 1e-4,
            "{name}: value {got} vs {x}"
        );
        assert_eq!(
            got["percentile"].as_f64().unwrap(),
            mid_rank(&values, x),
            "{name}: {values:?} vs {x}"
        );
        assert_eq!(got["baseline_n"], values.len());
    }
}
