//! Issue 18 items 1 and 2 end to end: corpus baselines (`noveler baseline`), `check --ml`
//! (metadata.ml_enhancements), feedback records, the fix → re-check loop (`polish --until`,
//! MCP `improve_quality_until`) and the aggressive fix level, through the CLI and MCP.

mod common;

use common::{code, json, run, sample, stderr, stdout, McpProcess};
use serde_json::{json, Value};
use std::path::Path;
use std::time::Duration;

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
fn percentiles_match_direct_computation(root: &Path, dir: &str, episode: &str) {
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

#[test]
fn baseline_from_the_sample_episodes_gives_the_direct_percentiles() {
    let dir = sample();
    percentiles_match_direct_computation(dir.path(), "40_原稿", "3");
}

#[test]
fn baseline_from_the_shared_corpus_gives_the_direct_percentiles() {
    let Some(corpus) = common::corpus("aozora") else {
        eprintln!("note: ../shared/corpus/aozora absent; corpus baseline test skipped");
        return;
    };
    let dir = sample();
    percentiles_match_direct_computation(dir.path(), corpus.to_str().unwrap(), "1");
}

#[test]
fn missing_corrupt_and_small_baselines_have_their_codes() {
    let dir = sample();
    let root = dir.path();
    // Missing: the check goes on with the standard thresholds and says why.
    let o = run(
        root,
        &[
            "check",
            "1",
            "--corpus-model-id",
            "0123456789ab",
            "--format",
            "json",
        ],
    );
    assert_eq!(code(&o), 0, "{}", stderr(&o));
    let ml = &json(&o)["metadata"]["ml_enhancements"];
    assert_eq!(ml["fallback"]["code"], "QC-ML-001");
    assert!(ml.get("corpus_baseline_comparison").is_none());
    let shown = run(root, &["baseline", "show", "0123456789ab"]);
    assert_eq!(code(&shown), 2);
    assert!(stderr(&shown).contains("QC-ML-001"), "{}", stderr(&shown));
    // Too small: one text.
    let small = run(
        root,
        &[
            "baseline",
            "build",
            "40_原稿/第001話_潮墨の見習い.md",
            "--format",
            "json",
        ],
    );
    assert_eq!(code(&small), 2);
    assert_eq!(json(&small)["error"]["code"], "QC-ML-003");
    // The default baseline of episode 3 is episodes 1–2: too small as well.
    let ml = json(&run(root, &["check", "3", "--ml", "--format", "json"]))["metadata"]
        ["ml_enhancements"]
        .clone();
    assert_eq!(ml["fallback"]["code"], "QC-ML-003");
    // Corrupt.
    let built = json(&run(
        root,
        &["baseline", "build", "40_原稿", "--format", "json"],
    ));
    let id = built["result"]["baseline"]["corpus_model_id"]
        .as_str()
        .unwrap()
        .to_string();
    let file = root.join(format!(".noveler/corpus_baselines/{id}.json"));
    std::fs::write(&file, "{\"version\": 1").unwrap();
    let o = run(
        root,
        &["check", "1", "--corpus-model-id", &id, "--format", "json"],
    );
    assert_eq!(
        json(&o)["metadata"]["ml_enhancements"]["fallback"]["code"],
        "QC-ML-002"
    );
    let listed = json(&run(root, &["baseline", "list", "--format", "json"]));
    assert_eq!(listed["result"]["baselines"][0]["error"], "QC-ML-002");
}

#[test]
fn learned_thresholds_are_reported_and_applied_only_when_asked() {
    let dir = sample();
    let root = dir.path();
    let built = json(&run(
        root,
        &["baseline", "build", "40_原稿", "--format", "json"],
    ));
    let id = built["result"]["baseline"]["corpus_model_id"]
        .as_str()
        .unwrap()
        .to_string();
    let p90 = built["result"]["baseline"]["metrics"]["sentence_length_p90"]["median"]
        .as_f64()
        .unwrap();
    let learned = p90.round().clamp(60.0, 120.0);
    for (flag, applied) in [(None, false), (Some("--dynamic-thresholds"), true)] {
        let mut args = vec!["check", "2", "--corpus-model-id", &id, "--format", "json"];
        args.extend(flag);
        args.push("--exit-zero");
        let ml = json(&run(root, &args))["metadata"]["ml_enhancements"].clone();
        let d = &ml["dynamic_thresholds_applied"];
        assert_eq!(d["applied"], applied);
        let t = &d["thresholds"]["readability"]["long_sentence_low"];
        assert_eq!(t["original"], 80.0);
        assert_eq!(t["learned"].as_f64().unwrap(), learned);
        assert_eq!(t["bounds"], json!([60.0, 120.0]));
    }
    // The text output says what the statistics are (and are not).
    let text = stdout(&run(
        root,
        &["check", "2", "--corpus-model-id", &id, "--exit-zero"],
    ));
    assert!(
        text.contains("コーパス統計（記述統計。モデルやAIの判断ではありません"),
        "{text}"
    );
    assert!(text.contains("（p"), "{text}");
    let explain = stdout(&run(root, &["explain", "statistics"]));
    assert!(
        explain.contains("mid-rank") && explain.contains("check --baseline"),
        "{explain}"
    );
}

/// A minimal MCP client over `noveler mcp --tools seed`.
struct Mcp {
    proc: McpProcess,
    next: i64,
}

impl Mcp {
    fn start(root: &Path) -> Mcp {
        Mcp::start_with(root, &["--tools", "seed"])
    }

    fn start_with(root: &Path, extra: &[&str]) -> Mcp {
        let mut m = Mcp {
            proc: McpProcess::spawn(root, extra),
            next: 1,
        };
        m.request(
            "initialize",
            json!({"protocolVersion": "2025-06-18", "capabilities": {},
                   "clientInfo": {"name": "stats-test", "version": "1"}}),
        );
        m.proc
            .send(&json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
        m
    }

    fn request(&mut self, method: &str, params: Value) -> Value {
        let id = self.next;
        self.next += 1;
        self.proc
            .send(&json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}));
        loop {
            let line = self.proc.recv(Duration::from_secs(120)).expect("reply");
            let v: Value = serde_json::from_str(&line).unwrap();
            if v["id"] == id {
                return v;
            }
        }
    }

    /// structuredContent of a tool call.
    fn call(&mut self, tool: &str, arguments: Value) -> Value {
        let r = self.request("tools/call", json!({"name": tool, "arguments": arguments}));
        r["result"]["structuredContent"].clone()
    }
}

#[test]
fn feedback_weights_and_suggestions_through_mcp_and_cli() {
    let dir = sample();
    let root = dir.path();
    let mut mcp = Mcp::start(root);
    let decisions: Vec<Value> = (0..5)
        .map(|i| json!({"finding_id": format!("00000000000{i}"), "code": "INDENT_MISSING", "decision": "reject"}))
        .collect();
    let r = mcp.call(
        "record_improvement_feedback",
        json!({"episode": 1, "before_scores": {"overall": 90}, "after_scores": {"overall": 93},
               "applied_fixes": [{"code": "DASH_STYLE"}], "remaining_issues": [],
               "decisions": decisions}),
    );
    assert_eq!(r["success"], true, "{r}");
    let w = &r["result"]["weight_optimization"];
    assert_eq!(w["optimized_weights"]["INDENT_MISSING"], 0.5);
    assert_eq!(w["suggestions"][0]["code"], "INDENT_MISSING");
    assert!(w["suggestions"][0]["novelerrc_yaml"]
        .as_str()
        .unwrap()
        .contains("INDENT_MISSING:\n    enabled: false"));
    let saved = r["result"]["saved_to"].as_str().unwrap();
    let record: Value = serde_json::from_slice(&std::fs::read(root.join(saved)).unwrap()).unwrap();
    assert_eq!(record["before_scores"]["overall"], 90);
    assert_eq!(record["decisions"].as_array().unwrap().len(), 5);

    // An unknown finding id without a code is refused, naming it.
    let bad = mcp.request(
        "tools/call",
        json!({"name": "record_improvement_feedback",
               "arguments": {"episode": 1, "decisions": [{"finding_id": "ffffffffffff", "decision": "accept"}]}}),
    );
    assert_eq!(bad["result"]["isError"], true);
    assert_eq!(bad["result"]["structuredContent"]["error"]["code"], "U001");

    // The check reports the weights (applied with auto_optimize_weights) and the suggestion.
    let c = mcp.call(
        "run_quality_checks",
        json!({"episode": 1, "ml_optimization": {"enabled": true, "auto_optimize_weights": true}}),
    );
    let w = &c["metadata"]["ml_enhancements"]["weight_optimization"];
    assert_eq!(w["applied"], true, "{c}");
    assert_eq!(w["decisions"], 5);
    let summary = stdout(&run(root, &["feedback", "summary"]));
    assert!(
        summary.contains("INDENT_MISSING") && summary.contains("enabled: false"),
        "{summary}"
    );

    // execute_check_step carries the same statistics.
    let built = json(&run(
        root,
        &["baseline", "build", "40_原稿", "--format", "json"],
    ));
    let id = built["result"]["baseline"]["corpus_model_id"].clone();
    let s = mcp.call(
        "execute_check_step",
        json!({"episode_number": 2, "step_id": 3,
               "ml_optimization": {"enabled": true, "corpus_model_id": id}}),
    );
    let ml = &s["result"]["metadata"]["ml_enhancements"];
    assert_eq!(ml["kind"], "statistics", "{s}");
    assert!(ml["corpus_baseline_comparison"]["metrics"]["kanji_ratio"]["percentile"].is_number());
}

const FIXABLE: &str =
    "　彼は魔法を使用することができる。それは歩くことによって身につけた力だった...\n";

/// The sample with `FIXABLE` appended to episode 2.
fn with_fixable() -> tempfile::TempDir {
    let dir = sample();
    let p = dir.path().join("40_原稿/第002話_測量局の客.md");
    let text = std::fs::read_to_string(&p).unwrap();
    // Before the trailing metadata block, so the line is body.
    let at = text.rfind("\n---\n").unwrap();
    std::fs::write(&p, format!("{}\n{FIXABLE}{}", &text[..at], &text[at..])).unwrap();
    dir
}

fn backups(root: &Path) -> usize {
    std::fs::read_dir(root.join(".noveler/backups"))
        .map(|d| d.filter(|e| e.as_ref().unwrap().path().is_dir()).count())
        .unwrap_or(0)
}

#[test]
fn polish_until_loops_writes_once_with_one_backup() {
    let dir = with_fixable();
    let root = dir.path();
    let ep = root.join("40_原稿/第002話_測量局の客.md");
    let before = std::fs::read_to_string(&ep).unwrap();
    // Dry run: iterations and a diff, nothing written.
    let o = run(root, &["polish", "2", "--until", "100", "--format", "json"]);
    let r = json(&o)["result"].clone();
    assert_eq!(code(&o), 1, "target not reached → 1");
    assert!(!r["iterations"].as_array().unwrap().is_empty(), "{r}");
    let first = &r["iterations"][0];
    assert!(first["score_after"].as_f64() >= first["score_before"].as_f64());
    assert_eq!(r["written"], false);
    assert_eq!(std::fs::read_to_string(&ep).unwrap(), before);
    // At safe level the wording stays: the rewording is aggressive.
    assert!(!r["diff"].as_str().unwrap().contains("使用できる"));
    assert!(["no_fixes_left", "no_improvement", "max_iterations"]
        .contains(&r["stopped_reason"].as_str().unwrap()));

    let o = run(
        root,
        &[
            "polish",
            "2",
            "--until",
            "100",
            "--level",
            "aggressive",
            "--apply",
            "--format",
            "json",
        ],
    );
    let r = json(&o)["result"].clone();
    assert_eq!(r["written"], true, "{r}");
    assert!(r["backup"]["backup_id"].is_string());
    assert_eq!(backups(root), 1, "one backup for the whole loop");
    let after = std::fs::read_to_string(&ep).unwrap();
    assert!(
        after.contains("　彼は魔法を使用できる。それは歩くことで身につけた力だった……"),
        "{after}"
    );
    assert_eq!(r["final_score"].as_f64(), {
        let c = json(&run(
            root,
            &["check", "2", "--format", "json", "--exit-zero"],
        ));
        c["result"]["files"][0]["scores"]["overall"].as_f64()
    });

    // Nothing left to do: the target is already met, zero iterations.
    let o = run(root, &["polish", "2", "--until", "50", "--format", "json"]);
    let r = json(&o)["result"].clone();
    assert_eq!(code(&o), 0);
    assert_eq!(r["stopped_reason"], "target_reached");
    assert_eq!(r["iterations"].as_array().unwrap().len(), 0);
}

#[test]
fn aggressive_fixes_apply_only_at_aggressive() {
    let dir = with_fixable();
    let root = dir.path();
    for (level, reworded) in [("safe", false), ("standard", false), ("aggressive", true)] {
        let o = run(root, &["polish", "2", "--level", level, "--format", "json"]);
        let diff = json(&o)["result"]["diff"]
            .as_str()
            .unwrap_or("")
            .to_string();
        assert_eq!(
            diff.contains("+　彼は魔法を使用できる"),
            reworded,
            "{level}: {diff}"
        );
    }
}

#[test]
fn improve_quality_until_over_mcp_checks_the_sha_and_holds_the_lock() {
    let dir = with_fixable();
    let root = dir.path();
    let mut mcp = Mcp::start(root);
    let stale = mcp.request(
        "tools/call",
        json!({"name": "improve_quality_until",
               "arguments": {"episode": 2, "expected_sha256": "0".repeat(64)}}),
    );
    assert_eq!(stale["result"]["isError"], true);
    assert_eq!(
        stale["result"]["structuredContent"]["error"]["code"],
        "QC-018"
    );
    let r = mcp.call(
        "improve_quality_until",
        json!({"episode": 2, "target_score": 100, "max_iterations": 2, "fix_level": "aggressive"}),
    );
    let res = &r["result"];
    assert_eq!(res["written"], true, "{r}");
    assert!(res["iterations"].as_array().unwrap().len() <= 2);
    assert!(res["stopped_reason"].is_string());
    assert_eq!(backups(root), 1);
    // The manuscript lock is taken the way polish takes it: nothing is left behind.
    let locks = root.join(".noveler/locks");
    if locks.is_dir() {
        for e in std::fs::read_dir(&locks).unwrap() {
            let name = e.unwrap().file_name().to_string_lossy().into_owned();
            assert!(name.ends_with(".lock"), "{name}");
        }
    }
    let bad = mcp.request(
        "tools/call",
        json!({"name": "improve_quality_until", "arguments": {"episode": 2, "max_iterations": 50}}),
    );
    assert_eq!(bad["result"]["isError"], true);
}

#[test]
fn repeat_step_says_a_repeat_measures_the_same_text() {
    let dir = sample();
    let o = run(
        dir.path(),
        &[
            "progressive",
            "1",
            "repeat",
            "3",
            "--count",
            "2",
            "--format",
            "json",
        ],
    );
    let r = json(&o)["result"].clone();
    assert!(r["note"].as_str().unwrap_or("").contains("同じ本文"), "{r}");
}

#[test]
fn the_default_profile_keeps_the_statistics_it_was_asked_for() {
    let dir = sample();
    let root = dir.path();
    let built = json(&run(
        root,
        &["baseline", "build", "40_原稿", "--format", "json"],
    ));
    let id = built["result"]["baseline"]["corpus_model_id"].clone();
    let mut mcp = Mcp::start_with(root, &[]);
    let ml = json!({"enabled": true, "corpus_model_id": id});
    let c = mcp.call(
        "noveler_check",
        json!({"episode": 1, "ml_optimization": ml}),
    );
    assert_eq!(
        c["metadata"]["ml_enhancements"]["kind"], "statistics",
        "{c}"
    );
    let s = mcp.call(
        "execute_check_step",
        json!({"episode": 1, "step_id": 3, "ml_optimization": ml}),
    );
    let m = &s["result"]["metadata"]["ml_enhancements"];
    assert_eq!(m["corpus_model_id"], id, "{s}");
    // Without ml_optimization the compact step reply still drops its metadata.
    let plain = mcp.call("execute_check_step", json!({"episode": 1, "step_id": 3}));
    assert!(plain["result"].get("metadata").is_none(), "{plain}");
}
