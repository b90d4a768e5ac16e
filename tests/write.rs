//! Staged writing (`noveler write`, `noveler plot`) driven through the CLI on a temporary
//! copy of `fixtures/sample_project`, with the stage outputs of `fixtures/writing/`.

use serde_json::Value;
use std::collections::BTreeMap;
use std::path::Path;
use std::process::Command;

mod common;
use common::{manifest, McpProcess};

fn fixture(name: &str) -> String {
    manifest()
        .join("fixtures/writing")
        .join(name)
        .display()
        .to_string()
}

/// `write submit 4 --session ID --stage STAGE --file FILE`.
fn submit_args<'a>(id: &'a str, stage: &'a str, file: &'a str) -> [&'a str; 9] {
    [
        "write",
        "submit",
        "4",
        "--session",
        id,
        "--stage",
        stage,
        "--file",
        file,
    ]
}

/// A scratch copy of the sample project.
struct Proj {
    dir: tempfile::TempDir,
}

struct Run {
    code: i32,
    json: Value,
    stderr: String,
}

impl Proj {
    fn new() -> Proj {
        Proj {
            dir: common::sample(),
        }
    }

    fn root(&self) -> &Path {
        self.dir.path()
    }

    /// Runs `noveler --project-root <root> ARGS --format json`.
    fn run(&self, args: &[&str]) -> Run {
        let out = Command::new(common::BIN)
            .arg("--project-root")
            .arg(self.root())
            .args(args)
            .args(["--format", "json"])
            .output()
            .unwrap();
        Run {
            code: common::code(&out),
            json: common::json(&out),
            stderr: common::stderr(&out),
        }
    }

    /// Runs and expects success; returns the envelope's result.
    fn ok(&self, args: &[&str]) -> Value {
        let r = self.run(args);
        assert_eq!(r.code, 0, "{args:?} failed: {}\n{}", r.json, r.stderr);
        assert_eq!(r.json["success"], true);
        r.json["result"].clone()
    }

    /// Runs and expects an error envelope with `code`; returns its `error`.
    fn err(&self, args: &[&str], code: &str) -> Value {
        let r = self.run(args);
        assert_eq!(r.json["success"], false, "{args:?} should fail: {}", r.json);
        assert_eq!(r.json["error"]["code"], code, "{}", r.json);
        assert_eq!(r.code, 2);
        r.json["error"].clone()
    }

    fn read(&self, rel: &str) -> String {
        std::fs::read_to_string(self.root().join(rel)).unwrap_or_else(|e| panic!("{rel}: {e}"))
    }

    fn session_yaml(&self, id: &str) -> serde_yaml::Value {
        serde_yaml::from_str(&self.read(&format!(".noveler/sessions/{id}.yaml"))).unwrap()
    }

    /// sha256 of every file under the root.
    fn tree(&self) -> BTreeMap<String, String> {
        walkdir::WalkDir::new(self.root())
            .into_iter()
            .filter_map(|e| e.ok())
            .filter(|e| e.file_type().is_file())
            .map(|e| {
                let rel = e
                    .path()
                    .strip_prefix(self.root())
                    .unwrap()
                    .display()
                    .to_string();
                let bytes = std::fs::read(e.path()).unwrap();
                (rel, noveler::analysis::sha256_hex(&bytes))
            })
            .collect()
    }

    /// Submits the episode-4 plot and starts a session; returns its id.
    fn start_episode_4(&self) -> String {
        self.ok(&["plot", "submit", "4", "--file", &fixture("plot_ep004.yaml")]);
        let r = self.ok(&["write", "4"]);
        assert_eq!(r["new_session"], true);
        r["session_id"].as_str().unwrap().to_string()
    }

    fn submit(&self, id: &str, step: u32) -> Value {
        let file = fixture(&format!("stage{step:02}.json"));
        self.ok(&submit_args(id, &step.to_string(), &file))
    }
}

fn artifact_exists(p: &Proj, id: &str) -> bool {
    let hex = id.strip_prefix("artifact:").unwrap();
    p.root()
        .join(format!(".noveler/artifacts/{hex}.json"))
        .is_file()
}

#[test]
fn ten_stages_end_to_end_through_the_cli() {
    let p = Proj::new();
    let id = p.start_episode_4();
    assert!(id.starts_with("session_"));
    let manuscript = "40_原稿/第004話_流れ着いた瓶.md";
    let mut draft_score = None;
    for step in 1..=10u32 {
        // Show the stage: a prompt with artifact references (all stored), an output schema.
        let shown = p.ok(&["write", "4", "--session", &id, "--step", &step.to_string()]);
        let stage = &shown["stage"];
        assert_eq!(stage["step"], step);
        assert_eq!(shown["next_step"], step, "the stage to do is the one shown");
        let prompt = stage["prompt"].as_str().unwrap();
        assert!(prompt.contains("fetch_artifact"), "step {step}");
        assert!(prompt.contains(&format!(
            "noveler write submit 4 --session {id} --stage {step}"
        )));
        assert_eq!(stage["output_schema"]["type"], "object");
        assert_eq!(stage["template"]["template_source"], "embedded");
        let inputs = stage["inputs"].as_array().unwrap();
        assert_eq!(inputs[0]["key"], "summary", "the brief comes first");
        for input in inputs.iter().filter(|i| i["status"] == "available") {
            let aid = input["artifact_id"].as_str().unwrap();
            assert!(prompt.contains(aid), "step {step}: {aid} listed");
            assert!(artifact_exists(&p, aid), "step {step}: {aid} stored");
        }
        // Every auto-artifact is referenced, and nothing the stage needs is pending.
        for key in [
            "plot",
            "characters",
            "world",
            "glossary",
            "style",
            "previous_manuscript",
        ] {
            assert!(inputs.iter().any(|i| i["key"] == key), "step {step}: {key}");
        }
        assert!(
            !inputs.iter().any(|i| i["status"] == "pending"),
            "step {step}: {inputs:?}"
        );
        let stats = &stage["prompt_stats"];
        assert!(stats["pasted_bytes"].as_u64() > stats["referenced_bytes"].as_u64());
        assert!(
            stats["prompt_reduction_pct"].as_f64().unwrap() > 60.0,
            "{stats}"
        );
        assert!(
            stats["references_reduction_pct"].as_f64().unwrap() > 95.0,
            "{stats}"
        );
        assert!(p
            .root()
            .join(stage["prompt_file"].as_str().unwrap())
            .is_file());

        let submitted = if step == 10 {
            let file = fixture("stage10.json");
            p.ok(&[
                "write",
                "submit",
                "4",
                "--session",
                &id,
                "--stage",
                "10",
                "--file",
                &file,
                "--feedback",
                "approved",
            ])
        } else {
            p.submit(&id, step)
        };
        assert_eq!(submitted["accepted"], true);
        assert_eq!(submitted["step"], step);
        assert_eq!(submitted["session_id"], id.as_str());
        let output = submitted["output_file"].as_str().unwrap();
        assert!(output.starts_with(&format!(".noveler/writes/{id}/stage{step:02}_")));
        assert!(artifact_exists(
            &p,
            submitted["artifact_id"].as_str().unwrap()
        ));
        if step < 10 {
            assert_eq!(submitted["next_step"], step + 1);
        } else {
            assert_eq!(submitted["next_step"], Value::Null);
            assert_eq!(submitted["status"], "completed");
        }
        if step >= 8 {
            let m = &submitted["manuscript"];
            assert_eq!(m["path"], manuscript);
            let check = &m["check"];
            assert!(check["score"].is_number(), "checked: {m}");
            assert_eq!(submitted["quality_score"], check["score"]);
            assert!(artifact_exists(&p, check["artifact_id"].as_str().unwrap()));
        } else {
            assert_eq!(submitted["manuscript"], Value::Null);
        }
        if step == 8 {
            // The short first draft is recorded with its length problem.
            assert_eq!(submitted["manuscript"]["check"]["in_range"], false);
            assert!(submitted["manuscript"]["check"]["by_severity"]["medium"].as_u64() >= Some(1));
            draft_score = submitted["quality_score"].as_f64();
            assert!(submitted["warnings"]
                .to_string()
                .contains("目標 3000〜8000 字"));
        }
        if step == 9 {
            // The refined version replaced the draft, which was backed up.
            assert_eq!(submitted["manuscript"]["check"]["in_range"], true);
            assert_eq!(
                submitted["manuscript"]["backups"].as_array().unwrap().len(),
                1
            );
            // The length is the completion gate's business, not the score's (issue 32).
            assert!(draft_score.is_some());
        }
        if step == 10 {
            // No manuscript in the submission: the refined one is final, unchanged.
            assert_eq!(submitted["manuscript"]["unchanged"], true);
        }
    }
    // The manuscript on disk: heading, body from stage 9, the 文字数 trailer.
    let text = p.read(manuscript);
    assert!(text.starts_with("# 第四話　流れ着いた瓶\n"));
    assert!(text.contains("「……それは、おまえの母親の字だ」"));
    let body = noveler::workflow::io::body_chars(&text);
    assert!(text.trim_end().ends_with(&format!("---\n文字数: {body}")));
    assert!((3000..=8000).contains(&body), "{body}");
    // The session file: seed 000 §7.3 fields, every stage recorded, the check score kept.
    let s = p.session_yaml(&id);
    assert_eq!(s["episode"], 4);
    assert_eq!(s["status"], "completed");
    assert_eq!(s["current_stage"], "completed");
    assert_eq!(s["total_stages"], 10);
    assert_eq!(s["completed_stages"].as_sequence().unwrap().len(), 10);
    let outputs = s["stage_outputs"].as_mapping().unwrap();
    assert_eq!(outputs.len(), 10);
    let first_key = outputs.keys().next().unwrap();
    assert_eq!(
        first_key, "plot_data_preparation",
        "stage order kept in the file"
    );
    for (k, o) in outputs {
        assert!(o["output_file"].is_string(), "{k:?}");
        assert!(o.get("execution_time").is_some(), "{k:?}");
        let stage8plus = [
            "write_manuscript_draft",
            "refine_manuscript_quality",
            "finalize_manuscript",
        ];
        assert_eq!(
            o["quality_score"].is_number(),
            stage8plus.contains(&k.as_str().unwrap()),
            "{k:?}"
        );
    }
    assert_eq!(s["user_feedback"][0]["stage"], "finalize_manuscript");
    assert_eq!(s["user_feedback"][0]["feedback"], "approved");
    assert_eq!(s["manuscript"]["path"], manuscript);
    assert!(s["manuscript"]["check"]["score"].is_number());
    // The writes log has the manifest, every prompt, input and output, and the handoff.
    let writes = p.root().join(format!(".noveler/writes/{id}"));
    for f in [
        "manifest.json",
        "handoff.json",
        "stage08_write_manuscript_draft.prompt.md",
    ] {
        assert!(writes.join(f).is_file(), "{f}");
    }
    let logged = std::fs::read_dir(&writes).unwrap().count();
    assert_eq!(
        logged,
        2 + 10 * 3,
        "manifest, handoff, prompt/input/output per stage"
    );
    // Afterwards, `write 4` shows the finished session instead of starting a new one.
    let again = p.ok(&["write", "4"]);
    assert_eq!(again["session_id"], id.as_str());
    assert_eq!(again["stage"], Value::Null);
    assert_eq!(again["status"], "completed");
    assert!(again["suggested_actions"]
        .to_string()
        .contains(r#"noveler_write {\"episode\":4,\"new_session\":true}"#));
    let status = p.ok(&["write", "status", "4"]);
    assert_eq!(status["session_id"], id.as_str());
    assert_eq!(status["progress"]["completed"], 10);
}

#[test]
fn interruption_resume_and_replay_from_the_journal() {
    let p = Proj::new();
    let id = p.start_episode_4();
    for step in 1..=3 {
        p.submit(&id, step);
    }
    // Interrupted here. Status says where the session stands.
    let status = p.ok(&["write", "status", "4"]);
    assert_eq!(status["session_id"], id.as_str());
    assert_eq!(status["next_step"], 4);
    assert_eq!(status["session"]["current_stage"], "design_humor_elements");
    // Resume from the current stage.
    let resumed = p.ok(&["write", "resume", "4", "--session", &id]);
    assert_eq!(resumed["resumed_from_stage"], 4);
    assert_eq!(resumed["remaining_stages"].as_array().unwrap().len(), 7);
    assert_eq!(resumed["stage"]["step"], 4);
    assert_eq!(resumed["reactivated"], false);
    p.submit(&id, 4);

    // A crash between logging an output and updating the session: stage 5's output is in
    // the journal, the session does not know it.
    let out = format!(".noveler/writes/{id}/stage05_design_character_dialogue.output.json");
    let body: Value = fixture_json("stage05.json");
    std::fs::write(
        p.root().join(&out),
        serde_json::to_string_pretty(&body).unwrap(),
    )
    .unwrap();
    let tasks = p.ok(&["write", "tasks", "4"]);
    assert_eq!(tasks["execution_method"], "enhanced_use_case");
    assert_eq!(tasks["session_id"], id.as_str());
    assert_eq!(tasks["tasks"][3]["status"], "completed");
    assert_eq!(tasks["tasks"][4]["status"], "current");
    let diag = tasks["diagnostics"].as_array().unwrap();
    assert!(
        diag.iter()
            .any(|d| d["code"] == "journal_ahead" && d["recoverable"] == true),
        "{diag:?}"
    );
    let recovered = p.ok(&["write", "recover", "4", "--from", "5"]);
    assert_eq!(recovered["resumed_steps"], serde_json::json!([5]));
    assert_eq!(recovered["recovery_applied"], true);
    assert_eq!(recovered["results"][0]["status"], "resumed");
    assert_eq!(recovered["results"][1]["status"], "pending");
    assert_eq!(recovered["next_step"], 6);
    let s = p.session_yaml(&id);
    assert_eq!(s["current_stage"], "design_scene_atmosphere");
    // Replaying everything again from the start keeps the same state.
    let again = p.ok(&["write", "recover", "4"]);
    assert_eq!(again["resumed_steps"], serde_json::json!([1, 2, 3, 4, 5]));
    assert_eq!(again["next_step"], 6);
}

/// Issue 12 item 2: `write submit --stage 8` and `polish --apply` racing on one episode, as
/// two processes started together each round (no sleeps). Every write that was accepted
/// (exit 0) must be on disk or in a backup afterwards; the loser of a round is refused with
/// QC-018 (changed since read) or QC-008 (busy), never silently overwritten.
#[test]
fn racing_write_and_polish_never_lose_an_accepted_write() {
    use std::process::Stdio;
    let p = Proj::new();
    let root = p.root();
    let id = p.ok(&["write", "2", "--draft"])["session_id"]
        .as_str()
        .unwrap()
        .to_string();
    let spawn = |args: &[&str]| {
        Command::new(common::BIN)
            .arg("--project-root")
            .arg(root)
            .args(args)
            .args(["--format", "json", "--no-save"])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap()
    };
    // Every version of the manuscript that still exists: the file and every backup copy.
    let kept = || -> Vec<Vec<u8>> {
        walkdir::WalkDir::new(root.join(".noveler/backups"))
            .into_iter()
            .flatten()
            .filter(|e| e.file_type().is_file() && e.path().to_string_lossy().contains("第002話"))
            .map(|e| std::fs::read(e.path()).unwrap())
            .chain(std::iter::once(
                std::fs::read(root.join("40_原稿/第002話_測量局の客.md")).unwrap(),
            ))
            .collect()
    };
    let (mut both_ok, mut refused) = (0, 0);
    for round in 0..24 {
        // A draft unique to the round, with a fix for polish (、、 → 、).
        let marker = format!("下書き第{round:02}版");
        let line = format!("　{marker}の本文です、、ここは十分な長さのある段落にしておきます。\n");
        let draft = root.join("d.md");
        std::fs::write(
            &draft,
            format!("# 第二話　測量局の客\n\n{}", line.repeat(20)),
        )
        .unwrap();
        let draft = draft.display().to_string();
        let w = spawn(&[
            "write",
            "submit",
            "2",
            "--session",
            &id,
            "--stage",
            "8",
            "--file",
            &draft,
        ]);
        let q = spawn(&["polish", "2", "--level", "standard", "--apply"]);
        let (w, q) = (w.wait_with_output().unwrap(), q.wait_with_output().unwrap());
        let versions = kept();
        let sha_kept: Vec<String> = versions
            .iter()
            .map(|v| noveler::analysis::sha256_hex(v))
            .collect();
        for (what, out) in [("write", &w), ("polish", &q)] {
            let env = common::json(out);
            if common::code(out) != 0 {
                let code = env["error"]["code"]
                    .as_str()
                    .unwrap_or_default()
                    .to_string();
                assert!(
                    code == "QC-018" || code == "QC-008",
                    "round {round}: {what} failed otherwise: {env}"
                );
                refused += 1;
                continue;
            }
            if what == "write" {
                assert!(
                    versions
                        .iter()
                        .any(|v| String::from_utf8_lossy(v).contains(&marker)),
                    "round {round}: the accepted draft {marker} is neither on disk nor in a backup"
                );
            } else if env["result"]["written"] == true {
                let sha = env["result"]["sha256_after"].as_str().unwrap();
                assert!(
                    sha_kept.iter().any(|k| k == sha),
                    "round {round}: polish's accepted write {sha} is neither on disk nor in a backup"
                );
            }
        }
        if common::code(&w) == 0 && common::code(&q) == 0 {
            both_ok += 1;
        }
    }
    eprintln!("24 rounds: both accepted in {both_ok}, {refused} refused (QC-018/QC-008)");
}

#[test]
fn a_second_writer_is_refused() {
    let p = Proj::new();
    let id = p.start_episode_4();
    // A second session for the same episode while one is in progress.
    let err = p.err(&["write", "4", "--new"], "QC-008");
    assert_eq!(err["details"]["active_session_id"], id.as_str());
    assert!(err["suggested_action"]
        .as_str()
        .unwrap()
        .contains("write resume 4"));
    // Another process holding the episode's writer lock.
    use noveler::store::lock::{episode_lock, Scope};
    let target = episode_lock(p.root(), 4, Scope::Writing);
    noveler::store::lock::try_lock(&target, || {
        let err = p.err(&submit_args(&id, "1", &fixture("stage01.json")), "QC-008");
        assert!(err["message"].as_str().unwrap().contains("実行中"));
        let status = p.ok(&["write", "status", "4"]);
        assert_eq!(status["lock_held"], true);
        Ok(())
    })
    .unwrap();
    // Released: the submission goes through; other episodes were never blocked.
    p.submit(&id, 1);
    // Abandoning frees the episode.
    p.ok(&["write", "abandon", "4", "--session", &id]);
    let fresh = p.ok(&["write", "4", "--new"]);
    assert_ne!(fresh["session_id"], id.as_str());
    // The abandoned one cannot be resumed while the new one is active.
    p.err(&["write", "resume", "4", "--session", &id], "QC-008");
}

#[test]
fn a_corrupt_session_is_reported_and_rebuilt_only_on_request() {
    let p = Proj::new();
    let id = p.start_episode_4();
    p.submit(&id, 1);
    p.submit(&id, 2);
    let rel = format!(".noveler/sessions/{id}.yaml");
    let damaged = format!("{}\nstage_outputs: [unclosed\n", p.read(&rel));
    std::fs::write(p.root().join(&rel), &damaged).unwrap();
    let err = p.err(&["write", "4"], "QC-005");
    assert!(
        err["hint"]
            .as_str()
            .unwrap()
            .contains("noveler write recover"),
        "{err}"
    );
    assert_eq!(err["details"]["session_id"], id.as_str());
    p.err(&["write", "4", "--new"], "QC-005");
    p.err(&submit_args(&id, "3", &fixture("stage03.json")), "QC-005");
    assert_eq!(p.read(&rel), damaged, "never silently replaced");
    let status = p.ok(&["write", "status", "4"]);
    assert_eq!(status["corrupt_sessions"][0]["session_id"], id.as_str());
    let tasks = p.ok(&["write", "tasks", "4"]);
    let d = tasks["diagnostics"]
        .as_array()
        .unwrap()
        .iter()
        .find(|d| d["code"] == "QC-005")
        .unwrap()
        .clone();
    assert_eq!(d["recoverable"], true);
    // Explicit recovery rebuilds it from the writes log and keeps the damaged file.
    let rec = p.ok(&["write", "recover", "4", "--session", &id]);
    assert_eq!(rec["recovery_actions"][0]["kind"], "session_rebuilt");
    assert_eq!(rec["next_step"], 3);
    let kept: Vec<String> = std::fs::read_dir(p.root().join(".noveler/sessions"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains(".yaml.corrupt-"))
        .collect();
    assert_eq!(kept.len(), 1);
    assert_eq!(
        std::fs::read_to_string(p.root().join(".noveler/sessions").join(&kept[0])).unwrap(),
        damaged
    );
    let s = p.session_yaml(&id);
    assert_eq!(s["completed_stages"].as_sequence().unwrap().len(), 2);
    p.submit(&id, 3);
}

#[test]
fn an_invalid_submission_is_u006_with_the_failing_path() {
    let p = Proj::new();
    let id = p.start_episode_4();
    p.submit(&id, 1);
    let mut bad: Value = fixture_json("stage02.json");
    bad["hook_plan"]["minor_peak"]["position_pct"] = serde_json::json!(70);
    bad["scenes"][1].as_object_mut().unwrap().remove("purpose");
    let file = p.root().join("bad.json");
    std::fs::write(&file, bad.to_string()).unwrap();
    let file = file.display().to_string();
    let err = p.err(&submit_args(&id, "2", &file), "U006");
    let paths = common::strs(&err["details"]["violations"], "path");
    assert_eq!(
        paths,
        vec!["/scenes/1/purpose", "/hook_plan/minor_peak/position_pct"]
    );
    assert!(err["message"]
        .as_str()
        .unwrap()
        .contains("/scenes/1/purpose"));
    let rejected = err["details"]["rejected_file"].as_str().unwrap();
    assert!(p.root().join(rejected).is_file(), "rejections are logged");
    // Not JSON at all.
    std::fs::write(p.root().join("bad.json"), "{\"structure\": ").unwrap();
    p.err(&submit_args(&id, "2", &file), "U006");
    // Out of order: stage 4 before 2 and 3.
    p.err(&submit_args(&id, "4", &fixture("stage04.json")), "QC-003");
    // The session did not move; a good submission then counts the attempts.
    assert_eq!(
        p.session_yaml(&id)["current_stage"],
        "analyze_plot_structure"
    );
    let ok = p.submit(&id, 2);
    assert_eq!(ok["attempts"], 3);
    // Unknown stages are QC-003 with the valid list.
    let err = p.err(
        &["write", "4", "--session", &id, "--stage", "outline"],
        "QC-003",
    );
    assert_eq!(err["details"]["valid_stages"].as_array().unwrap().len(), 10);
}

#[test]
fn dry_run_leaves_the_tree_unchanged() {
    let p = Proj::new();
    let id = p.start_episode_4();
    p.submit(&id, 1);
    let before = p.tree();
    let shown = p.ok(&["write", "4", "--dry-run"]);
    assert_eq!(shown["dry_run"], true);
    assert_eq!(shown["stage"]["step"], 2);
    assert_eq!(shown["stage"]["prompt_file"], Value::Null);
    let checked = p.ok(&[
        &submit_args(&id, "2", &fixture("stage02.json"))[..],
        &["--dry-run"],
    ]
    .concat());
    assert_eq!(checked["accepted"], true);
    assert_eq!(checked["output_file"], Value::Null);
    let fresh = p.ok(&[
        "write",
        "5",
        "--dry-run",
        "--plot-file",
        &fixture("plot_ep004.yaml"),
    ]);
    assert_eq!(fresh["new_session"], true);
    p.ok(&["write", "3", "--dry-run", "--step", "8"]);
    p.ok(&["write", "resume", "4", "--session", &id, "--dry-run"]);
    p.ok(&["plot", "5", "--dry-run"]);
    p.ok(&[
        "plot",
        "submit",
        "4",
        "--file",
        &fixture("plot_ep004.yaml"),
        "--regenerate",
        "--dry-run",
    ]);
    p.err(&["write", "9", "--dry-run"], "E002");
    assert_eq!(p.tree(), before, "a dry run writes nothing");
}

#[test]
fn plots_prompt_validate_and_regenerate_with_a_backup() {
    let p = Proj::new();
    // An existing plot: nothing to do unless regenerating.
    let exists = p.ok(&["plot", "3"]);
    assert_eq!(exists["status"], "exists");
    assert_eq!(
        exists["plot_file"],
        "20_プロット/話別プロット/第003話_迷い潮の夜.yaml"
    );
    assert_eq!(exists["next_step"], 1);
    // A new episode: the prompt references settings and earlier plots.
    let prompt = p.ok(&["plot", "4"]);
    assert_eq!(prompt["status"], "prompt");
    let keys = common::strs(&prompt["inputs"], "key");
    for key in [
        "project_config",
        "proposal",
        "previous_plots",
        "previous_manuscript",
        "characters",
    ] {
        assert!(keys.contains(&key), "{key} in {keys:?}");
    }
    // The last earlier plot whole, the ones before it as one digest.
    assert_eq!(keys.iter().filter(|k| **k == "previous_plots").count(), 2);
    assert!(keys.contains(&"previous_ending"), "{keys:?}");
    let text = prompt["prompt"].as_str().unwrap();
    assert!(text.contains("minor_peak_pct"));
    assert!(text.contains("noveler plot submit 4 --file"));
    // Hook plan out of range: U006 with the path.
    let mut bad: serde_yaml::Value =
        serde_yaml::from_str(&std::fs::read_to_string(fixture("plot_ep004.yaml")).unwrap())
            .unwrap();
    bad["hook_plan"]["mini_hook_pct"] = serde_yaml::Value::from(95);
    let file = p.root().join("bad_plot.yaml");
    std::fs::write(&file, serde_yaml::to_string(&bad).unwrap()).unwrap();
    let err = p.err(
        &["plot", "submit", "4", "--file", &file.display().to_string()],
        "U006",
    );
    assert_eq!(
        err["details"]["violations"][0]["path"],
        "/hook_plan/mini_hook_pct"
    );
    // Accepted: written under 話別プロット with the episode number added.
    let ok = p.ok(&["plot", "submit", "4", "--file", &fixture("plot_ep004.yaml")]);
    assert_eq!(
        ok["plot_file"],
        "20_プロット/話別プロット/第004話_流れ着いた瓶.yaml"
    );
    assert!(p
        .read("20_プロット/話別プロット/第004話_流れ着いた瓶.yaml")
        .starts_with("episode: 4\n"));
    // Replacing an existing plot needs --regenerate; the old one is backed up and removed.
    let mut new_plot = bad.clone();
    new_plot["hook_plan"]["mini_hook_pct"] = serde_yaml::Value::from(88);
    new_plot["title"] = serde_yaml::Value::from("瓶の中の海");
    std::fs::write(&file, serde_yaml::to_string(&new_plot).unwrap()).unwrap();
    let f = file.display().to_string();
    p.err(&["plot", "submit", "4", "--file", &f], "U001");
    let regen = p.ok(&["plot", "submit", "4", "--file", &f, "--regenerate"]);
    assert_eq!(
        regen["plot_file"],
        "20_プロット/話別プロット/第004話_瓶の中の海.yaml"
    );
    assert_eq!(
        regen["removed"][0],
        "20_プロット/話別プロット/第004話_流れ着いた瓶.yaml"
    );
    let backup = regen["backups"][0].as_str().unwrap();
    let restored = p.root().join(format!(
        ".noveler/backups/{backup}/files/20_プロット/話別プロット/第004話_流れ着いた瓶.yaml"
    ));
    assert!(restored.is_file(), "{}", restored.display());
    assert!(!p
        .root()
        .join("20_プロット/話別プロット/第004話_流れ着いた瓶.yaml")
        .exists());
    // The regenerate prompt references the current plot.
    let regen_prompt = p.ok(&["plot", "4", "--regenerate"]);
    assert!(regen_prompt["inputs"].to_string().contains("current_plot"));
}

#[test]
fn draft_only_with_a_plot_from_the_caller_and_a_bare_manuscript() {
    let p = Proj::new();
    let shown = p.ok(&[
        "write",
        "4",
        "--draft",
        "--plot-file",
        &fixture("plot_ep004.yaml"),
        "--word-count-target",
        "3000",
    ]);
    assert_eq!(shown["stage"]["step"], 8);
    assert_eq!(shown["progress"]["skipped"], 7);
    assert!(shown["stage"]["prompt"]
        .as_str()
        .unwrap()
        .contains("3000 字前後"));
    let id = shown["session_id"].as_str().unwrap().to_string();
    let out = p.ok(&submit_args(&id, "8", &fixture("stage08_manuscript.md")));
    assert_eq!(out["manuscript"]["path"], "40_原稿/第004話_流れ着いた瓶.md");
    assert!(out["warnings"].to_string().contains("本文のみの提出"));
    assert_eq!(out["next_step"], 9);
    // The plot came from the caller: later stages still reference it.
    let next = p.ok(&["write", "4", "--session", &id]);
    assert!(next["artifacts"]
        .to_string()
        .contains("話別プロット（指定内容）"));
}

#[test]
fn stage_8_refuses_a_draft_too_short_to_score() {
    let p = Proj::new();
    let before = p.tree();
    let shown = p.ok(&["write", "3", "--draft"]);
    let id = shown["session_id"].as_str().unwrap().to_string();
    // 320 characters: past the schema's 200, under the score's limit for this project
    // (20% of its target minimum of 3,000 = 600).
    let doc =
        serde_json::json!({"title": "迷い潮の夜", "manuscript": "　短い本文です。".repeat(40)});
    let file = p.root().join("draft.json");
    std::fs::write(&file, doc.to_string()).unwrap();
    // The quality stop (issue 18): Q001, exit 1, carrying the seed's write-tool code E003.
    let r = p.run(&[
        "write",
        "submit",
        "3",
        "--session",
        &id,
        "--file",
        &file.display().to_string(),
    ]);
    assert_eq!(r.code, 1, "{}", r.json);
    let err = &r.json["error"];
    assert_eq!(err["code"], "Q001", "{err}");
    assert_eq!(err["details"]["seed_code"], "E003", "{err}");
    assert!(err.to_string().contains("品質基準"), "{err}");
    // The manuscript is as it was.
    let after = p.tree();
    let ep3 = "40_原稿/第003話_迷い潮の夜.md";
    assert_eq!(before.get(ep3), after.get(ep3));
}

#[test]
fn an_existing_manuscript_is_backed_up_before_it_is_replaced() {
    let p = Proj::new();
    let original = p.read("40_原稿/第003話_迷い潮の夜.md");
    let shown = p.ok(&["write", "3", "--draft"]);
    let id = shown["session_id"].as_str().unwrap().to_string();
    let doc = serde_json::json!({"title": "迷い潮の夜（改稿）", "manuscript": "　改稿した本文です。".repeat(80)});
    let file = p.root().join("draft.json");
    std::fs::write(&file, doc.to_string()).unwrap();
    let out = p.ok(&[
        "write",
        "submit",
        "3",
        "--session",
        &id,
        "--file",
        &file.display().to_string(),
    ]);
    let m = &out["manuscript"];
    assert_eq!(m["path"], "40_原稿/第003話_迷い潮の夜（改稿）.md");
    assert_eq!(m["removed"][0], "40_原稿/第003話_迷い潮の夜.md");
    let backup = m["backups"][0].as_str().unwrap();
    let saved = p.read(&format!(
        ".noveler/backups/{backup}/files/40_原稿/第003話_迷い潮の夜.md"
    ));
    assert_eq!(saved, original);
    // Exactly one manuscript for the episode afterwards.
    let files: Vec<_> = std::fs::read_dir(p.root().join("40_原稿"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("第003話"))
        .collect();
    assert_eq!(files.len(), 1, "{files:?}");
}

#[test]
fn project_templates_override_the_embedded_ones() {
    let p = Proj::new();
    let name = "writing/stage01_plot_data_preparation.yaml";
    let text = noveler::workflow::templates::embedded(name)
        .unwrap()
        .replace("version: \"1.0.0\"", "version: \"1.1.0-local\"")
        .replace(
            "一枚の執筆メモにまとめます。",
            "一枚の執筆メモにまとめます。（この作品では伏線表も添えること）",
        );
    let path = p.root().join("templates").join(name);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(&path, &text).unwrap();
    p.ok(&["plot", "submit", "4", "--file", &fixture("plot_ep004.yaml")]);
    let shown = p.ok(&["write", "4", "--dry-run"]);
    let t = &shown["stage"]["template"];
    assert_eq!(t["template_source"], "project");
    assert_eq!(t["version"], "1.1.0-local");
    assert_eq!(t["sha256"], noveler::analysis::sha256_hex(text.as_bytes()));
    assert!(shown["stage"]["prompt"]
        .as_str()
        .unwrap()
        .contains("伏線表も添えること"));
    // A broken override gives way to the embedded template, with a warning naming the file
    // and what is wrong (seed 001 §2; issue 33 item 7), never silently.
    std::fs::write(&path, text.replace("{{episode}}", "{{no_such_value}}")).unwrap();
    let shown = p.ok(&["write", "4", "--dry-run"]);
    let t = &shown["stage"]["template"];
    assert_eq!(t["template_source"], "embedded");
    let warning = t["warning"].as_str().unwrap();
    assert!(warning.contains("no_such_value"), "{warning}");
    assert!(
        warning.contains("stage01_plot_data_preparation.yaml"),
        "{warning}"
    );
    assert!(
        shown["warnings"]
            .as_array()
            .unwrap()
            .iter()
            .any(|w| w == warning),
        "{shown}"
    );
    assert!(!shown["stage"]["prompt"]
        .as_str()
        .unwrap()
        .contains("伏線表も添えること"));
}

/// `enhanced_execute` through the library (the MCP tools call the same function).
fn enhanced(
    ctx: &noveler::commands::Ctx,
    episode: u32,
    step_id: u32,
    submission: Option<Value>,
) -> noveler::Result<noveler::commands::write::EnhancedExecuteReport> {
    noveler::commands::write::enhanced_execute(
        ctx,
        noveler::commands::write::EnhancedExecuteRequest {
            episode,
            step_id,
            submission,
            ..Default::default()
        },
    )
}

#[test]
fn enhanced_errors_carry_the_execution_method() {
    let p = Proj::new();
    // Through the library (the MCP tools call the same functions).
    let ctx = noveler::commands::Ctx::new(p.root().to_path_buf());
    for (episode, step_id, code) in [(4, 11, noveler::Code::QC003), (9, 1, noveler::Code::E002)] {
        let err = enhanced(&ctx, episode, step_id, None).unwrap_err();
        assert_eq!(err.code, code, "episode {episode} step {step_id}");
        assert_eq!(
            err.details.unwrap()["execution_method"],
            "enhanced_use_case"
        );
    }
    let err = noveler::commands::write::enhanced_resume(
        &ctx,
        noveler::commands::write::EnhancedResumeRequest {
            episode: 4,
            ..Default::default()
        },
    )
    .unwrap_err();
    assert_eq!(
        err.details.unwrap()["execution_method"],
        "enhanced_use_case"
    );
}

#[test]
fn enhanced_execute_applies_recovery_before_the_step() {
    let p = Proj::new();
    let id = p.start_episode_4();
    p.submit(&id, 1);
    // Lose a stage output's artifact.
    let s = p.session_yaml(&id);
    let aid = s["stage_outputs"]["plot_data_preparation"]["artifact_id"]
        .as_str()
        .unwrap()
        .to_string();
    let hex = aid.strip_prefix("artifact:").unwrap();
    std::fs::remove_file(p.root().join(format!(".noveler/artifacts/{hex}.json"))).unwrap();
    let ctx = noveler::commands::Ctx::new(p.root().to_path_buf());
    let out = enhanced(&ctx, 4, 2, None).unwrap();
    let r = serde_json::to_value(&out).unwrap();
    assert_eq!(r["recovery_applied"], true);
    assert_eq!(r["recovery_actions"][0]["kind"], "artifacts_restored");
    assert_eq!(r["action"], "prompt");
    assert_eq!(r["stage"]["step"], 2);
    assert!(artifact_exists(&p, &aid));
    // Nothing left to repair: the next call applies no recovery.
    let again = enhanced(&ctx, 4, 2, Some(fixture_json("stage02.json"))).unwrap();
    let r = serde_json::to_value(&again).unwrap();
    assert_eq!(r["recovery_applied"], false);
    assert_eq!(r["action"], "submitted");
    assert_eq!(r["next_step"], 3);
}

#[test]
fn rendered_prompt_of_stage_one_is_stable() {
    let p = Proj::new();
    p.ok(&["plot", "submit", "4", "--file", &fixture("plot_ep004.yaml")]);
    let shown = p.ok(&["write", "4", "--dry-run"]);
    let prompt = shown["stage"]["prompt"].as_str().unwrap();
    insta::with_settings!({filters => vec![(r"session_\d{8}_\d{6}_[0-9a-f]{6}", "[session_id]")]}, {
        insta::assert_snapshot!("stage01_prompt_episode_4", prompt);
    });
}

// ---------------------------------------------------------------------------------------
// Through MCP: the same stages, over JSON-RPC lines to `noveler mcp`.

struct Mcp {
    proc: McpProcess,
    /// Notifications seen while waiting for responses.
    notes: Vec<Value>,
    next_id: i64,
}

impl Mcp {
    fn start(root: &Path) -> Mcp {
        let mut m = Mcp {
            proc: McpProcess::spawn(root, &["-q", "--tools", "seed"]),
            notes: Vec::new(),
            next_id: 1,
        };
        m.request(
            "initialize",
            serde_json::json!({"protocolVersion": "2025-11-25", "capabilities": {},
                               "clientInfo": {"name": "write-test", "version": "1"}}),
            None,
        );
        m.send(serde_json::json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
        m
    }

    fn send(&mut self, v: Value) {
        self.proc.send(&v);
    }

    fn request(&mut self, method: &str, mut params: Value, progress: Option<&str>) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        if let Some(token) = progress {
            params["_meta"] = serde_json::json!({"progressToken": token});
        }
        self.send(
            serde_json::json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}),
        );
        loop {
            let line = self
                .proc
                .recv(std::time::Duration::from_secs(120))
                .expect("a message from noveler mcp");
            let v: Value = serde_json::from_str(&line).unwrap();
            if v["id"] == id && v.get("method").is_none() {
                return v;
            }
            self.notes.push(v);
        }
    }

    /// Calls a tool; returns (isError, envelope).
    fn call(&mut self, tool: &str, args: Value, progress: Option<&str>) -> (bool, Value) {
        let r = self.request(
            "tools/call",
            serde_json::json!({"name": tool, "arguments": args}),
            progress,
        );
        let result = &r["result"];
        assert!(result.is_object(), "{tool}: {r}");
        (
            result["isError"].as_bool().unwrap_or(false),
            result["structuredContent"].clone(),
        )
    }

    fn ok(&mut self, tool: &str, args: Value) -> Value {
        let (is_error, env) = self.call(tool, args, None);
        assert!(!is_error, "{tool}: {env:#}");
        env["result"].clone()
    }
}

fn fixture_json(name: &str) -> Value {
    serde_json::from_str(&std::fs::read_to_string(fixture(name)).unwrap()).unwrap()
}

#[test]
fn ten_stages_end_to_end_through_mcp() {
    let p = Proj::new();
    let mut mcp = Mcp::start(p.root());
    // The plot first, as YAML content.
    let plot = mcp.ok(
        "noveler_plot",
        serde_json::json!({"episode": 4, "content": std::fs::read_to_string(fixture("plot_ep004.yaml")).unwrap()}),
    );
    assert_eq!(
        plot["plot_file"],
        "20_プロット/話別プロット/第004話_流れ着いた瓶.yaml"
    );
    assert_eq!(plot["next_step"], 1);
    // Step 1 starts the session and returns its prompt.
    let first = mcp.ok("write_step_1", serde_json::json!({"episode": 4}));
    let id = first["session_id"].as_str().unwrap().to_string();
    assert_eq!(first["stage"]["step"], 1);
    assert!(first["stage"]["prompt"]
        .as_str()
        .unwrap()
        .contains("fetch_artifact"));
    // Each step's submission returns the next step's prompt.
    for step in 1..=10u32 {
        let tool = format!("write_step_{step}");
        let r = mcp.ok(
            &tool,
            serde_json::json!({"episode": 4, "session_id": id,
                               "submission": fixture_json(&format!("stage{step:02}.json"))}),
        );
        assert_eq!(r["session_id"], id.as_str());
        assert_eq!(r["submitted"]["step"], step);
        assert_eq!(r["submitted"]["accepted"], true);
        if step < 10 {
            assert_eq!(r["next_step"], step + 1, "{tool}");
            assert_eq!(r["stage"]["step"], step + 1);
            // The artifacts a prompt names can be fetched through MCP.
            let aid = r["stage"]["inputs"][0]["artifact_id"]
                .as_str()
                .unwrap()
                .to_string();
            let fetched = mcp.ok("fetch_artifact", serde_json::json!({"artifact_id": aid}));
            assert!(fetched.to_string().contains("執筆ブリーフ"));
        } else {
            assert_eq!(r["status"], "completed");
            assert_eq!(r["next_step"], Value::Null);
            assert_eq!(r["stage"], Value::Null);
            // Calls of the seed's tools, as the seed profile writes them.
            assert!(r["suggested_actions"]
                .to_string()
                .contains(r#"noveler_check {\"episode\":4}"#));
            // The finished flow points to the completion gate first.
            assert!(r["suggested_actions"][0]
                .as_str()
                .unwrap()
                .starts_with(r#"noveler_complete {"episode":4}"#));
        }
        if step >= 8 {
            assert!(
                r["submitted"]["quality_score"].is_number(),
                "{tool}: checked"
            );
        }
    }
    let text = p.read("40_原稿/第004話_流れ着いた瓶.md");
    assert!(text.contains("「……それは、おまえの母親の字だ」"));
    let s = p.session_yaml(&id);
    assert_eq!(s["status"], "completed");
    assert!(s["stage_outputs"]["finalize_manuscript"]["quality_score"].is_number());
    // The result of an MCP call is the CLI's envelope, saved the same way.
    let status = mcp.ok(
        "enhanced_get_writing_tasks",
        serde_json::json!({"episode": 4}),
    );
    assert_eq!(status["progress"]["completed"], 10);

    // A multi-stage call reports progress: replaying the journal from the start.
    let (is_error, env) = mcp.call(
        "enhanced_resume_from_partial_failure",
        serde_json::json!({"episode": 4, "recovery_point": 0, "session_id": id}),
        Some("replay-1"),
    );
    assert!(!is_error, "{env:#}");
    assert_eq!(env["result"]["resumed_steps"].as_array().unwrap().len(), 10);
    let progress: Vec<f64> = mcp
        .notes
        .iter()
        .filter(|n| {
            n["method"] == "notifications/progress" && n["params"]["progressToken"] == "replay-1"
        })
        .map(|n| n["params"]["progress"].as_f64().unwrap())
        .collect();
    assert!(progress.len() >= 2, "{:?}", mcp.notes);
    assert!(progress.windows(2).all(|w| w[0] < w[1]), "{progress:?}");
    // Errors keep their codes through MCP.
    let (is_error, env) = mcp.call(
        "write_step_1",
        serde_json::json!({"episode": 4, "new_session": true}),
        None,
    );
    // An unknown key is refused as a tool error naming it (issue 15), not silently ignored.
    assert!(is_error, "unknown arguments are refused: {env:#}");
    assert_eq!(env["error"]["code"], "U001", "{env:#}");
    assert!(env.to_string().contains("new_session"), "{env:#}");
    let (is_error, env) = mcp.call(
        "enhanced_execute_writing_step",
        serde_json::json!({"episode": 4, "step_id": 0}),
        None,
    );
    assert!(is_error);
    assert_eq!(env["error"]["code"], "QC-003");
    assert_eq!(
        env["error"]["details"]["execution_method"],
        "enhanced_use_case"
    );
}

#[test]
fn a_submission_can_come_from_stdin_and_text_output_names_the_next_command() {
    use std::io::Write;
    let p = Proj::new();
    let id = p.start_episode_4();
    let mut child = Command::new(env!("CARGO_BIN_EXE_noveler"))
        .arg("--project-root")
        .arg(p.root())
        .args(submit_args(&id, "1", "-"))
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(std::fs::read(fixture("stage01.json")).unwrap().as_slice())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        text.contains("STEP1（plot_data_preparation）を受け付けました"),
        "{text}"
    );
    assert!(
        text.contains(&format!("次: noveler write 4 --session {id} --stage 2")),
        "{text}"
    );
    // The text rendering of a stage prints the whole prompt and the submit command.
    let out = Command::new(env!("CARGO_BIN_EXE_noveler"))
        .arg("--project-root")
        .arg(p.root())
        .args(["write", "4"])
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("STEP 2/10 プロット分析・構成設計"), "{text}");
    assert!(text.contains("## アーティファクト参照情報"));
    assert!(text.contains(&format!(
        "次: noveler write submit 4 --session {id} --stage 2"
    )));
}

#[test]
fn the_next_episode_builds_on_the_handoff_of_the_last_one() {
    let p = Proj::new();
    let id = p.start_episode_4();
    for step in 1..=10 {
        p.submit(&id, step);
    }
    // Episode 5's plot prompt and first stage reference episode 4's handoff notes.
    let prompt = p.ok(&["plot", "5"]);
    let handoff = prompt["inputs"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["key"] == "previous_handoff")
        .expect("handoff referenced")
        .clone();
    assert_eq!(
        handoff["source_file"],
        format!(".noveler/writes/{id}/handoff.json").as_str()
    );
    let content = p.read(handoff["source_file"].as_str().unwrap());
    assert!(content.contains("第5話は同じ夜の工房から"));
    let shown = p.ok(&[
        "write",
        "5",
        "--dry-run",
        "--plot-file",
        &fixture("plot_ep004.yaml"),
    ]);
    assert!(shown["stage"]["prompt"]
        .as_str()
        .unwrap()
        .contains("前話の引き継ぎメモ（第004話）"));
}

/// STEP7's brief with two promises the fixture manuscript breaks: a phrase it must include
/// (`must_include:7`) and a name it must avoid (`must_avoid:5`, 玄斎 is on its third line).
fn strict_plan(root: &Path) -> String {
    let mut plan = fixture_json("stage07.json");
    let brief = &mut plan["writing_brief"];
    brief["must_include"]
        .as_array_mut()
        .unwrap()
        .push("「月の見えない夜」".into());
    assert_eq!(brief["must_include"].as_array().unwrap().len(), 7);
    brief["must_avoid"]
        .as_array_mut()
        .unwrap()
        .push("玄斎".into());
    assert_eq!(brief["must_avoid"].as_array().unwrap().len(), 5);
    let file = root.join("strict07.json");
    std::fs::write(&file, plan.to_string()).unwrap();
    file.display().to_string()
}

/// The unmet criteria of a reply, as `(id, status)`.
fn not_met(criteria: &Value) -> Vec<(String, String)> {
    criteria["checked"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["status"] != "met")
        .map(|c| {
            (
                c["id"].as_str().unwrap().to_string(),
                c["status"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

/// Issue 32 item 4 through the CLI: stages 8–10 measure the manuscript against the plan and
/// say where it fails; stage 10 does not end the session while a criterion is unmet, until
/// the author waives it (recorded); `complete` refuses the same episode for the same reason.
#[test]
fn an_unmet_criterion_of_the_plan_holds_stage_10_through_the_cli() {
    let p = Proj::new();
    let id = p.start_episode_4();
    for step in 1..=6 {
        p.submit(&id, step);
    }
    let plan = strict_plan(p.root());
    p.ok(&submit_args(&id, "7", &plan));
    // Stage 8: the short first draft misses the band too.
    let r = p.ok(&submit_args(&id, "8", &fixture("stage08.json")));
    let unmet = r["criteria"]["unmet"].clone();
    assert_eq!(
        unmet,
        serde_json::json!(["target_length", "must_include:7", "must_avoid:5"]),
        "{r:#}"
    );
    assert_eq!(r["next_step"], 9, "stages 8 and 9 only warn");
    // Stage 9: in the band; the phrase is missing and the name is used, with where.
    let r = p.ok(&submit_args(&id, "9", &fixture("stage09.json")));
    assert_eq!(
        r["criteria"]["unmet"],
        serde_json::json!(["must_include:7", "must_avoid:5"])
    );
    let avoid = r["criteria"]["checked"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"] == "must_avoid:5")
        .unwrap()
        .clone();
    let first = &avoid["places"][0];
    assert!(first["line"].as_u64() > Some(1), "{avoid:#}");
    assert!(
        first["excerpt"].as_str().unwrap().contains("玄斎"),
        "{avoid:#}"
    );
    let warnings = r["warnings"].to_string();
    assert!(
        warnings.contains("must_include:7（「月の見えない夜」）を満たしていません"),
        "{warnings}"
    );
    assert!(warnings.contains("行目"), "{warnings}");

    // Stage 10 is recorded but does not end the session: exit 1, the next step is still 10.
    let ledger = "50_管理資料/話数管理.yaml";
    let ledger_before = p.read(ledger);
    let r = p.run(&submit_args(&id, "10", &fixture("stage10.json")));
    assert_eq!(r.code, 1, "{}", r.json);
    let out = &r.json["result"];
    assert_eq!(out["accepted"], true);
    assert_ne!(out["status"], "completed");
    assert_eq!(out["next_step"], 10);
    assert_eq!(
        not_met(&out["criteria"]),
        [
            ("must_include:7".to_string(), "unmet".to_string()),
            ("must_avoid:5".to_string(), "unmet".to_string())
        ]
    );
    // The way out is named: stage 10 again, waiving exactly what is unmet.
    let actions = out["suggested_actions"].as_array().unwrap();
    assert!(
        actions.iter().any(|a| a
            .as_str()
            .is_some_and(|a| a.contains(r#""waive":["must_include:7","must_avoid:5"]"#))),
        "{actions:?}"
    );
    let s = p.session_yaml(&id);
    assert_ne!(s["status"], "completed");
    assert_eq!(s["completed_stages"].as_sequence().unwrap().len(), 9);
    assert!(!p
        .root()
        .join(format!(".noveler/writes/{id}/handoff.json"))
        .exists());

    // complete sees the same: refused, every reason listed, nothing written.
    let r = p.run(&["complete", "4"]);
    assert_eq!(r.code, 1, "{}", r.json);
    let q = &r.json["result"]["quality"];
    assert_eq!(q["passed"], false);
    let reasons = q["refusals"].to_string();
    assert!(
        reasons.contains("must_include:7") && reasons.contains("must_avoid:5"),
        "{reasons}"
    );
    assert_eq!(r.json["result"]["completed"], false);
    assert_eq!(p.read(ledger), ledger_before);

    // A waiver of a criterion the plan does not have is a usage error.
    let file = fixture("stage10.json");
    let mut args = submit_args(&id, "10", &file).to_vec();
    args.extend(["--waive", "must_include:9"]);
    let e = p.err(&args, "U001");
    assert!(e.to_string().contains("must_include:7"), "{e}");
    // Waiving both ends the session, and the session records the waivers.
    let mut args = submit_args(&id, "10", &file).to_vec();
    args.extend(["--waive", "must_include:7", "--waive", "must_avoid:5"]);
    let r = p.ok(&args);
    assert_eq!(r["status"], "completed");
    assert_eq!(
        not_met(&r["criteria"]),
        [
            ("must_include:7".to_string(), "waived".to_string()),
            ("must_avoid:5".to_string(), "waived".to_string())
        ]
    );
    let s = p.session_yaml(&id);
    assert_eq!(s["status"], "completed");
    let waived = s["waived_criteria"].as_sequence().unwrap();
    assert_eq!(waived.len(), 2);
    assert_eq!(waived[1]["criterion"], "玄斎");
    assert_eq!(waived[1]["stage"], "finalize_manuscript");
    // complete honours the waivers.
    let r = p.run(&["complete", "4", "--dry-run"]);
    let reasons = r.json["result"]["quality"]["refusals"].to_string();
    assert!(!reasons.contains("criterion_unmet"), "{reasons}");
    assert_eq!(
        r.json["result"]["criteria"]["waived"],
        serde_json::json!(["must_include:7", "must_avoid:5"])
    );
}

/// The same through MCP: write_step_10 answers with the unmet criteria and keeps the
/// session open; noveler_complete refuses until `force` is in the call, and the ledger
/// records the completion as forced.
#[test]
fn an_unmet_criterion_of_the_plan_through_mcp() {
    let p = Proj::new();
    let mut mcp = Mcp::start(p.root());
    mcp.ok(
        "noveler_plot",
        serde_json::json!({"episode": 4, "content": std::fs::read_to_string(fixture("plot_ep004.yaml")).unwrap()}),
    );
    let first = mcp.ok("write_step_1", serde_json::json!({"episode": 4}));
    let id = first["session_id"].as_str().unwrap().to_string();
    let plan: Value =
        serde_json::from_str(&std::fs::read_to_string(strict_plan(p.root())).unwrap()).unwrap();
    for step in 1..=10u32 {
        let submission = if step == 7 {
            plan.clone()
        } else {
            fixture_json(&format!("stage{step:02}.json"))
        };
        let r = mcp.ok(
            &format!("write_step_{step}"),
            serde_json::json!({"episode": 4, "session_id": id, "submission": submission}),
        );
        if step == 10 {
            assert_eq!(
                r["submitted"]["criteria"]["unmet"],
                serde_json::json!(["must_include:7", "must_avoid:5"]),
                "{r:#}"
            );
            assert_ne!(r["status"], "completed");
            assert_eq!(r["next_step"], 10);
        }
    }
    // noveler_complete refuses and lists why; with force it completes, recorded as forced.
    let (is_error, env) = mcp.call("noveler_complete", serde_json::json!({"episode": 4}), None);
    assert!(!is_error, "{env:#}");
    let r = &env["result"];
    assert_eq!(r["completed"], false);
    assert!(r["quality"]["refusals"]
        .to_string()
        .contains("must_avoid:5"));
    assert!(
        r["next_actions"].as_array().is_some_and(|a| a
            .iter()
            .any(|h| h.as_str().is_some_and(|h| h.contains("\"force\":true")))),
        "{r:#}"
    );
    let r = mcp.ok(
        "noveler_complete",
        serde_json::json!({"episode": 4, "force": true}),
    );
    assert_eq!(r["completed"], true, "{r:#}");
    assert_eq!(r["forced"], true);
    assert_eq!(r["publication_status"], "needs_review");
    let ledger: serde_yaml::Value =
        serde_yaml::from_str(&p.read("50_管理資料/話数管理.yaml")).unwrap();
    let entry = ledger["話数管理"]
        .as_sequence()
        .unwrap()
        .iter()
        .find(|e| e["話数"].as_u64() == Some(4))
        .unwrap()
        .clone();
    let forced = entry["強制完了"].as_str().unwrap();
    assert!(forced.contains("must_include:7"), "{forced}");
}

/// Seed 003 NFR-002-001 in the CLI: with `.noveler/artifacts` unwritable the plot, the
/// writing stages and the 12-step check go on. A command's memory ends with it, so their
/// prompts carry the documents' text (as `NOVELER_DISABLE_ARTIFACTS=1` does) and say why;
/// `artifact store`, whose only job is the file, fails naming the directory.
#[test]
fn an_unwritable_artifact_store_embeds_the_documents_in_the_cli() {
    let p = Proj::new();
    let by_mode = common::make_artifacts_unwritable(p.root());
    let warned = |r: &Value| {
        let w = r["warnings"].to_string();
        assert!(w.contains("保存できませんでした"), "{r:#}");
        assert!(w.contains("本文をそのまま載せて"), "{w}");
        assert!(
            w.contains(if by_mode { "chmod u+w" } else { "空き容量" }),
            "{w}"
        );
    };
    let plot = p.ok(&["plot", "4"]);
    warned(&plot);
    assert!(plot["prompt"]
        .as_str()
        .unwrap()
        .contains("アーティファクトを保存できなかったため"));
    warned(&p.ok(&["plot", "submit", "4", "--file", &fixture("plot_ep004.yaml")]));
    let first = p.ok(&["write", "4"]);
    warned(&first);
    let prompt = first["stage"]["prompt"].as_str().unwrap();
    assert!(
        prompt.contains("アーティファクトを保存できなかったため"),
        "{prompt}"
    );
    assert!(!prompt.contains("fetch_artifact artifact:"), "{prompt}");
    let plot_text = p.read("20_プロット/話別プロット/第004話_流れ着いた瓶.yaml");
    let line = plot_text.lines().find(|l| l.chars().count() > 12).unwrap();
    assert!(prompt.contains(line.trim()), "{line} is embedded");
    let id = first["session_id"].as_str().unwrap().to_string();
    warned(&p.submit(&id, 1));
    // The next prompt embeds STEP1's output from its log (its artifact died with the
    // command that stored it).
    let second = p.ok(&["write", "4"]);
    let prompt = second["stage"]["prompt"].as_str().unwrap();
    let stage1: Value =
        serde_json::from_str(&std::fs::read_to_string(fixture("stage01.json")).unwrap()).unwrap();
    let logline = serde_json::to_string_pretty(&stage1).unwrap();
    let logline = logline.lines().find(|l| l.chars().count() > 20).unwrap();
    assert!(prompt.contains(logline.trim()), "{logline} is embedded");
    assert!(!prompt.contains("読み込めませんでした"), "{prompt}");
    // The 12-step check's prompt carries the manuscript.
    let step = p.ok(&["check", "progressive", "1", "step", "1"]);
    let w = step["warnings"].to_string();
    assert!(w.contains("保存できませんでした"), "{step:#}");
    let instruction = step["llm_instruction"].as_str().unwrap();
    assert!(
        instruction.contains("アーティファクトを保存できなかったため"),
        "{instruction}"
    );
    // Storing an artifact is the one thing that cannot go on without the file.
    let e = p.err(
        &["artifact", "store", "40_原稿/第001話_潮墨の見習い.md"],
        if by_mode { "P003" } else { "U007" },
    );
    assert!(e["message"].as_str().unwrap().contains(".noveler"), "{e:#}");
}
