//! The 12-step progressive check on a temp copy of `fixtures/sample_project` (episode 3):
//! every step with and without the agent's judgment (`fixtures/progressive/*.json`),
//! history, status, resume after an interruption, every QC error code, and the judged
//! evaluations.

use noveler::commands::evaluate::{self, JudgedRequest, PreviewRequest, StoryElementsRequest};
use noveler::commands::progressive::{
    self as cmd, EndRequest, HistoryRequest, OptionArgs, RepeatRequest, StatusRequest, StepRequest,
    TasksRequest,
};
use noveler::commands::Ctx;
use noveler::workflow::progressive::{
    self as engine, ConfigOverrides, IterationPolicy, LengthOverride,
};
use noveler::Code;
use serde_json::Value;
use std::fs;
use std::path::Path;

const EPISODE3: &str = "40_原稿/第003話_迷い潮の夜.md";

mod common;
use common::manifest;

fn project() -> (tempfile::TempDir, Ctx) {
    let dir = common::sample();
    let mut ctx = Ctx::new(dir.path().to_path_buf());
    ctx.save = false;
    (dir, ctx)
}

fn fixture(name: &str) -> Value {
    let text = fs::read_to_string(manifest().join("fixtures/progressive").join(name)).unwrap();
    serde_json::from_str(&text).unwrap()
}

/// A judgment from `fixtures/progressive` about episode 3 of the sample as it ships (a
/// judgment names the text it judged: `manuscript_sha256`).
fn judged(name: &str) -> Value {
    let ep3 = fs::read(manifest().join("fixtures/sample_project").join(EPISODE3)).unwrap();
    stamped(fixture(name), &ep3)
}

/// `v` with `manuscript_sha256` of `text` unless it names one already.
fn stamped(mut v: Value, text: &[u8]) -> Value {
    if let Some(o) = v.as_object_mut() {
        o.entry("manuscript_sha256")
            .or_insert_with(|| Value::String(noveler::analysis::sha256_hex(text)));
    }
    v
}

/// Step `n` of episode 3; a judgment is stamped with the text as it is now.
fn step(ctx: &Ctx, n: i64, llm: Option<Value>) -> noveler::Result<engine::StepResult> {
    let now = fs::read(ctx.root.join(EPISODE3)).unwrap_or_default();
    let llm = llm.map(|v| stamped(v, &now));
    cmd::step(
        ctx,
        StepRequest {
            episode: Some(3),
            step_id: n,
            llm_result: llm,
            ..Default::default()
        },
    )
}

fn tasks(ctx: &Ctx) -> noveler::Result<engine::TasksReport> {
    cmd::tasks(
        ctx,
        TasksRequest {
            episode: Some(3),
            ..Default::default()
        },
    )
}

/// Starts a new session of episode 3 even when one is open.
fn new_session(ctx: &Ctx) -> noveler::Result<engine::TasksReport> {
    cmd::tasks(
        ctx,
        TasksRequest {
            episode: Some(3),
            new_session: true,
            ..Default::default()
        },
    )
}

/// Ends the open session of episode 3, finalising it.
fn finalize(ctx: &Ctx) -> noveler::Result<engine::EndReport> {
    cmd::end(
        ctx,
        EndRequest {
            episode: Some(3),
            session_id: None,
            finalize: true,
        },
    )
}

/// The manifest of a check session.
fn manifest_of(root: &Path, session_id: &str) -> std::path::PathBuf {
    root.join(".noveler/checks")
        .join(session_id)
        .join("manifest.json")
}

fn status(ctx: &Ctx) -> noveler::Result<engine::StatusReport> {
    cmd::status(
        ctx,
        StatusRequest {
            episode: Some(3),
            session_id: None,
        },
    )
}

fn override_opts(min: usize, max: usize) -> OptionArgs {
    OptionArgs {
        config_overrides: Some(ConfigOverrides {
            target_length: Some(LengthOverride { min, max }),
        }),
        ..Default::default()
    }
}

/// The sample episode with its two deliberate slips corrected (the name and the forbidden
/// expression), so that every step can pass.
fn correct_episode3(root: &Path) {
    let path = root.join(EPISODE3);
    let text = fs::read_to_string(&path).unwrap();
    let fixed = text
        .replace("汐路蒼", "潮路蒼")
        .replace("心臓が早鐘を打つのが", "胸の鼓動が速くなるのが");
    assert_ne!(text, fixed);
    fs::write(&path, fixed).unwrap();
}

#[test]
fn all_twelve_steps_without_judgment_measure_and_wait() {
    let (dir, ctx) = project();
    let t = tasks(&ctx).unwrap();
    assert!(t.session_created);
    assert_eq!(t.tasks.len(), 12);
    assert_eq!(t.current_step, Some(1));
    assert_eq!(t.progress.total, 12);
    let ids: Vec<u8> = t.executable_tasks.iter().map(|x| x.id).collect();
    assert_eq!(ids, vec![1, 2, 3], "steps 4-12 depend on the basic steps");
    assert_eq!(t.target_length.min, 3000);

    let mut results = Vec::new();
    for n in 1..=12 {
        let r = step(&ctx, n, None).unwrap_or_else(|e| panic!("step {n}: {e}"));
        assert!(r.llm_pending, "step {n}");
        assert!(r.judgment.is_none());
        assert_eq!(r.metadata.scoring.judged_score, None);
        // A step awaiting its judgment says so: no score, not passed (issue 32 item 5).
        assert_eq!(r.quality_score, None, "step {n}: no score while pending");
        assert_eq!(r.measured_score, r.metadata.scoring.measured_score);
        assert!(!r.passed, "step {n}: not passed while pending");
        if r.measured_passed {
            assert_eq!(r.status, engine::Verdict::Pending, "step {n}");
        } else {
            assert_eq!(r.status, engine::Verdict::Failed, "step {n}");
        }
        assert!(r.llm_instruction.contains("## 返却形式"), "step {n}");
        assert!(
            !r.llm_instruction.contains("{{"),
            "step {n}: unrendered placeholder"
        );
        assert!(r.llm_instruction.contains(&r.manuscript.sha256));
        assert_eq!(r.metadata.config_snapshot.target_length.min, 3000);
        assert!(r.metadata.rhythm_metrics.narration_only);
        assert_eq!(r.metadata.length_stats.body_chars, r.manuscript.body_chars);
        assert!(dir.path().join(&r.files.input_file).is_file());
        assert!(dir.path().join(&r.files.output_file).is_file());
        results.push(r);
    }
    // Step 4 finds the deliberate 汐路蒼 / 潮路蒼 slip on line 20.
    let s4 = &results[3];
    let slip = s4
        .issues
        .iter()
        .find(|i| i.code == "NAME_INCONSISTENT")
        .expect("name slip");
    assert!(slip.message.contains("汐路蒼") && slip.message.contains("潮路蒼"));
    assert_eq!(slip.line, Some(20));
    assert!(!s4.passed, "a high-severity slip fails the step");
    assert!(s4.corrections.iter().any(|c| c.contains("潮路蒼")));
    // Step 5: every key event of the plot is in the text.
    assert_eq!(results[4].details["key_events_found"], 5);
    // Step 6: the glossary terms are used, no variant.
    assert!(results[5].details["terms_used"].as_array().unwrap().len() > 5);
    assert_eq!(results[5].details["variant_occurrences"], 0);
    // Step 7: three sections.
    assert_eq!(results[6].details["sections"], 3);
    // Step 8: the two items due here (F03, F04) are found.
    assert_eq!(results[7].details["due_here"], 2);
    assert_eq!(results[7].details["due_found"], 2);
    // Step 9: two ◇ breaks.
    assert_eq!(results[8].details["scene_breaks"], 2);
    // Step 10: the forbidden expression.
    assert!(results[9]
        .issues
        .iter()
        .any(|i| i.code == "FORBIDDEN_EXPRESSION"));
    assert!(!results[9].passed);
    // Step 11: narration-only rhythm figures.
    assert!(results[10].details["rhythm"]["sentences"].as_u64().unwrap() > 50);
    // Step 12: steps 4 and 10 failed, and no step's judgment is in (issue 15: pending
    // judgments block an approval); the length is in range.
    let s12 = &results[11];
    assert!(!s12.passed);
    assert_eq!(
        s12.details["blocking_steps"],
        serde_json::json!([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11])
    );
    let pending = s12
        .issues
        .iter()
        .filter(|i| i.code == "APPROVAL_JUDGMENT_PENDING")
        .count();
    assert_eq!(pending, 9, "every passed step waits for its judgment");
    assert_eq!(s12.details["length"]["in_range"], true);
    assert_eq!(s12.details["approved"], false);
    // The author may accept the unjudged steps, which is recorded as such; the failed
    // steps still block.
    let accepted = cmd::step(
        &ctx,
        StepRequest {
            episode: Some(3),
            step_id: 12,
            options: OptionArgs {
                accept_unjudged: Some(true),
                ..Default::default()
            },
            ..Default::default()
        },
    )
    .unwrap();
    assert_eq!(
        accepted.details["blocking_steps"],
        serde_json::json!([4, 10])
    );
    assert_eq!(
        accepted.details["accepted_unjudged_steps"],
        serde_json::json!([1, 2, 3, 5, 6, 7, 8, 9, 11])
    );
    // The tasks list says which steps await their judgment, without a score.
    let t = tasks(&ctx).unwrap();
    assert_eq!(t.tasks[0].status, engine::TaskStatus::JudgmentPending);
    assert_eq!(t.tasks[0].quality_score, None);
    assert_eq!(t.tasks[3].status, engine::TaskStatus::Failed);
    // A step run on another text than the current one is stale and blocks.
    let path = dir.path().join(EPISODE3);
    let text = fs::read_to_string(&path).unwrap();
    fs::write(&path, text.replacen("。", "。\n", 1)).unwrap();
    let stale = step(&ctx, 12, None).unwrap();
    assert!(stale.issues.iter().any(|i| i.code == "APPROVAL_STEP_STALE"));
    fs::write(&path, text).unwrap();

    let st = status(&ctx).unwrap();
    assert_eq!(st.failed_steps, vec![4, 10, 12]);
    assert_eq!(st.completed_count, 9);
    assert_eq!(st.next_step, Some(4));
    assert_eq!(st.manifest.template_version_set.len(), 12);
    let pin = &st.manifest.template_version_set["4"];
    assert_eq!(
        pin.path,
        "templates/quality/checks/check_step04_character_consistency.yaml"
    );
    assert_eq!(pin.hash.len(), 64);
    assert_eq!(st.manifest.target_length.min, 3000);

    // Step files never hold the manuscript text itself.
    let input = fs::read_to_string(dir.path().join(&results[0].files.input_file)).unwrap();
    assert!(!input.contains("岬の灯台から港までは"));
    assert!(input.contains(&results[0].manuscript.sha256));
}

#[test]
fn pending_judgments_are_said_and_an_unjudged_approval_is_recorded_as_such() {
    let (dir, ctx) = project();
    correct_episode3(dir.path());
    // A judgment that does not name the text it judged is refused, naming the field.
    let mut unnamed = fixture("step01.json");
    unnamed.as_object_mut().unwrap().remove("manuscript_sha256");
    let err = cmd::step(
        &ctx,
        StepRequest {
            episode: Some(3),
            step_id: 1,
            llm_result: Some(unnamed),
            ..Default::default()
        },
    )
    .unwrap_err();
    assert_eq!(err.code, Code::U006);
    assert!(err.message.contains("manuscript_sha256"), "{}", err.message);
    for n in 1..=11 {
        let r = step(&ctx, n, None).unwrap();
        assert_eq!(
            r.status,
            engine::Verdict::Pending,
            "step {n}: {:?}",
            r.acceptance
        );
    }
    let approved = cmd::step(
        &ctx,
        StepRequest {
            episode: Some(3),
            step_id: 12,
            options: OptionArgs {
                accept_unjudged: Some(true),
                ..Default::default()
            },
            ..Default::default()
        },
    )
    .unwrap();
    assert!(approved.measured_passed, "{:?}", approved.acceptance);
    let h = cmd::history(
        &ctx,
        HistoryRequest {
            episode: Some(3),
            limit: 100,
            ..Default::default()
        },
    )
    .unwrap();
    let unjudged: Vec<u8> = (1..=12).collect();
    let s12 = h.history.iter().find(|e| e.step_id == 12).unwrap();
    assert_eq!(s12.accepted_unjudged_steps, unjudged);
    let s1 = h.history.iter().find(|e| e.step_id == 1).unwrap();
    assert_eq!(s1.status, engine::AttemptStatus::Pending);
    assert!(!s1.success && s1.quality_score.is_none());
    assert_eq!(h.runs[0].accepted_unjudged_steps, unjudged);
    assert_eq!(s12.status, engine::AttemptStatus::PassedUnjudged);
    assert_eq!(h.runs[0].status, engine::RunStatus::Passed);
    let end = finalize(&ctx).unwrap();
    assert_eq!(end.accepted_unjudged_steps, unjudged);
}

#[test]
fn judgments_are_validated_folded_and_recorded() {
    let (dir, ctx) = project();
    correct_episode3(dir.path());
    for n in 1..=12 {
        let r = step(&ctx, n, Some(fixture(&format!("step{n:02}.json"))))
            .unwrap_or_else(|e| panic!("step {n}: {e}"));
        assert!(!r.llm_pending);
        let s = &r.metadata.scoring;
        let judged = fixture(&format!("step{n:02}.json"))["metrics"]["score"]
            .as_f64()
            .unwrap();
        assert_eq!(s.judged_score, Some(judged));
        let expected =
            (((1.0 - s.judgment_weight) * s.measured_score + s.judgment_weight * judged) * 10.0)
                .round()
                / 10.0;
        assert_eq!(r.quality_score, Some(expected), "step {n}: formula");
        assert_eq!(r.status, engine::Verdict::Passed, "step {n}");
        assert!(r.passed, "step {n}: {:?}", r.acceptance.reasons);
        assert!(r.metadata.structured_output.is_some());
        assert!(r.judgment.as_ref().is_some_and(|j| !j.summary.is_empty()));
    }
    let st = status(&ctx).unwrap();
    assert_eq!(st.completed_count, 12);
    assert_eq!(st.next_step, None);
    // The judged issues of step 3 are listed with the measured ones.
    let h = cmd::history(
        &ctx,
        HistoryRequest {
            episode: Some(3),
            limit: 100,
            ..Default::default()
        },
    )
    .unwrap();
    assert_eq!(h.total, 12);
    assert!(h
        .history
        .iter()
        .all(|e| !e.llm_pending && e.judged_score.is_some()));
    assert_eq!(h.history[0].step_id, 12, "newest first");
    let end = finalize(&ctx).unwrap();
    assert!(end.closed);
    assert_eq!(
        end.result,
        noveler::workflow::progressive::RunStatus::Passed
    );
}

#[test]
fn invalid_judgments_are_refused_with_the_path() {
    let (_dir, ctx) = project();
    let err = step(&ctx, 4, Some(fixture("invalid_score.json"))).unwrap_err();
    assert_eq!(err.code, Code::U006);
    assert!(err.message.contains("/metrics/score"), "{}", err.message);
    let err = step(&ctx, 4, Some(fixture("invalid_shape.json"))).unwrap_err();
    assert_eq!(err.code, Code::U006);
    let v = err.details.unwrap();
    let paths: Vec<&str> = v["violations"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|x| x["path"].as_str())
        .collect();
    assert!(paths.contains(&"/recommendations"), "{paths:?}");
    assert!(paths.contains(&"/issues/0/severity"), "{paths:?}");
    // A judgment of another version of the text: QC-018.
    let mut stale = fixture("step04.json");
    stale["manuscript_sha256"] = Value::String("0".repeat(64));
    assert_eq!(step(&ctx, 4, Some(stale)).unwrap_err().code, Code::QC018);
    // Refused judgments leave no attempt behind.
    let st = status(&ctx).unwrap();
    assert!(st.manifest.steps.is_empty(), "{:?}", st.manifest.steps);
}

#[test]
fn history_status_and_resume_after_an_interruption() {
    let (dir, ctx) = project();
    let first = tasks(&ctx).unwrap();
    for n in 1..=3 {
        step(&ctx, n, None).unwrap();
    }
    // An interrupted step 4: its input file was written, the manifest was not.
    let sdir = dir.path().join(".noveler/checks").join(&first.session_id);
    fs::write(
        sdir.join("step04_attempt01_input.json"),
        "{\"partial\": true",
    )
    .unwrap();
    fs::write(sdir.join(".noveler-tmp-leftover"), "x").unwrap();
    fs::write(dir.path().join(".noveler/checks/EP003.lock"), "").unwrap();

    // A new process (new context) resumes the same session.
    let ctx2 = Ctx::new(dir.path().to_path_buf());
    let again = tasks(&ctx2).unwrap();
    assert!(!again.session_created);
    assert_eq!(again.session_id, first.session_id);
    assert_eq!(again.current_step, Some(4));
    assert_eq!(again.progress.completed, 3);
    let ids: Vec<u8> = again.executable_tasks.iter().map(|t| t.id).collect();
    assert_eq!(ids, (4..=11).collect::<Vec<u8>>());

    let r = step(&ctx2, 4, None).unwrap();
    assert_eq!(r.attempt, 1, "the interrupted attempt was never recorded");
    let input: Value =
        serde_json::from_str(&fs::read_to_string(dir.path().join(&r.files.input_file)).unwrap())
            .unwrap();
    assert_eq!(input["step_id"], 4, "the partial file was replaced");
    let r2 = step(&ctx2, 4, None).unwrap();
    assert_eq!(r2.attempt, 2);

    let st = status(&ctx2).unwrap();
    assert_eq!(st.completed_steps, vec![1, 2, 3]);
    assert_eq!(st.failed_steps, vec![4]);
    assert_eq!(st.current_step, Some(4));
    assert_eq!(st.last_completed_step, Some(3));
    assert_eq!(st.manifest.state_version, 6, "created + 5 attempts");

    let page1 = cmd::history(
        &ctx2,
        HistoryRequest {
            episode: Some(3),
            limit: 2,
            ..Default::default()
        },
    )
    .unwrap();
    assert_eq!(page1.total, 5);
    assert_eq!(
        page1
            .history
            .iter()
            .map(|e| (e.step_id, e.attempt))
            .collect::<Vec<_>>(),
        vec![(4, 2), (4, 1)]
    );
    let page2 = cmd::history(
        &ctx2,
        HistoryRequest {
            episode: Some(3),
            limit: 2,
            cursor: page1.next_cursor.clone(),
            ..Default::default()
        },
    )
    .unwrap();
    assert_eq!(
        page2.history.iter().map(|e| e.step_id).collect::<Vec<_>>(),
        vec![3, 2]
    );
    assert_eq!(page1.runs.len(), 1);
    assert_eq!(
        page1.runs[0].status,
        noveler::workflow::progressive::RunStatus::Failed
    );

    // Ending the session; the next tasks call starts a new one.
    cmd::end(
        &ctx2,
        EndRequest {
            episode: Some(3),
            session_id: None,
            finalize: true,
        },
    )
    .unwrap();
    let fresh = tasks(&ctx2).unwrap();
    assert!(fresh.session_created);
    assert_ne!(fresh.session_id, first.session_id);
    let all = cmd::history(
        &ctx2,
        HistoryRequest {
            episode: Some(3),
            ..Default::default()
        },
    )
    .unwrap();
    assert_eq!(all.runs.len(), 2);
}

#[test]
fn repeat_stops_on_pass_no_improvement_or_budget() {
    let (dir, ctx) = project();
    // Repeats step `n` at most `count` times until it passes, with `min_improvement`.
    let rep = |n: i64, count, min_improvement| {
        let policy = IterationPolicy {
            count,
            until_pass: true,
            min_improvement,
            ..Default::default()
        };
        cmd::repeat(
            &ctx,
            RepeatRequest {
                episode: Some(3),
                step_id: n,
                iteration_policy: Some(policy),
                ..Default::default()
            },
        )
    };
    // Step 1 passes at once.
    let r = rep(1, 3, 0.0).unwrap();
    assert_eq!((r.attempts, r.stopped_reason.as_str()), (1, "passed"));
    // Step 4 fails every time on the unchanged text: the count budget runs out (QC-007).
    let r = rep(4, 2, 0.0).unwrap();
    assert_eq!(
        (r.attempts, r.stopped_reason.as_str()),
        (2, "count_exhausted")
    );
    assert_eq!(r.budget_error.as_ref().unwrap()["code"], "QC-007");
    assert_eq!(r.scores[0], r.scores[1]);
    // With a minimum improvement the second identical attempt stops the loop.
    let r = rep(4, 5, 1.0).unwrap();
    assert_eq!(
        (r.attempts, r.stopped_reason.as_str()),
        (2, "no_improvement")
    );
    // Fixing the slip between repeats passes.
    correct_episode3(dir.path());
    let r = rep(4, 3, 0.0).unwrap();
    assert_eq!(r.stopped_reason, "passed");
    // Its measured part passes; the step itself awaits its judgment.
    assert!(r.final_result.measured_passed);
    assert_eq!(r.final_result.status, engine::Verdict::Pending);
    let st = status(&ctx).unwrap();
    assert_eq!(st.manifest.attempts_of(4), 5);
    assert_eq!(st.manifest.iteration_policy.as_ref().unwrap().count, 3);
    assert!(st.completed_steps.contains(&4));
}

#[test]
fn step_twelve_suggests_split_trim_or_expand() {
    for (min, max, kind) in [
        (5000, 9000, "expand"),
        (1000, 3000, "split"),
        (2000, 3500, "trim"),
    ] {
        let (_dir, ctx) = project();
        let r = cmd::step(
            &ctx,
            StepRequest {
                episode: Some(3),
                step_id: 12,
                options: override_opts(min, max),
                ..Default::default()
            },
        )
        .unwrap();
        assert!(!r.passed);
        let length = &r.details["length"];
        assert_eq!(length["in_range"], false);
        assert_eq!(length["source"], "override");
        assert_eq!(length["remedy"]["kind"], kind, "{min}-{max}");
        assert!(r
            .acceptance
            .reasons
            .iter()
            .any(|x| x.contains("正味文字数")));
        assert!(r.issues.iter().any(|i| i.code == "LENGTH_OUT_OF_RANGE"));
        if kind == "split" {
            // Sections of 817 / 2034 / 936 characters: the boundary before section 3 (at
            // 2851) is nearer the middle (1894) than the one before section 2 (at 817).
            assert_eq!(length["remedy"]["split_before_section"], 3);
            assert!(length["remedy"]["split_at_line"].as_u64().unwrap() > 1);
        }
        assert_eq!(r.metadata.config_snapshot.target_length.max, max);
    }
}

#[test]
fn manuscript_content_is_checked_without_writing() {
    let (dir, ctx) = project();
    let before = fs::read(dir.path().join(EPISODE3)).unwrap();
    let content = String::from_utf8(before.clone())
        .unwrap()
        .replace("汐路蒼", "潮路蒼");
    let r = cmd::step(
        &ctx,
        StepRequest {
            episode: Some(3),
            step_id: 4,
            manuscript_content: Some(content.clone()),
            ..Default::default()
        },
    )
    .unwrap();
    assert_eq!(r.manuscript.origin, "manuscript_content");
    assert_eq!(
        r.manuscript.sha256,
        noveler::analysis::sha256_hex(content.as_bytes())
    );
    assert!(!r.issues.iter().any(|i| i.code == "NAME_INCONSISTENT"));
    assert_eq!(fs::read(dir.path().join(EPISODE3)).unwrap(), before);
}

// ---------------------------------------------------------------------------------------
// Error codes

#[test]
fn qc001_inconsistent_or_unknown_session() {
    let (dir, ctx) = project();
    let t = tasks(&ctx).unwrap();
    let path = manifest_of(dir.path(), &t.session_id);
    let mut m: Value = serde_json::from_str(&fs::read_to_string(&path).unwrap()).unwrap();
    m["episode_number"] = 7.into();
    fs::write(&path, serde_json::to_vec(&m).unwrap()).unwrap();
    let err = status(&ctx).unwrap_err();
    assert_eq!(err.code, Code::QC001);
    assert_eq!(err.details.unwrap()["session_reset_required"], true);
    let err = cmd::status(
        &ctx,
        StatusRequest {
            episode: None,
            session_id: Some("QC_EP003_20000101_000000_abcd".into()),
        },
    )
    .unwrap_err();
    assert_eq!(err.code, Code::QC001);
}

#[test]
fn qc002_missing_settings_file_makes_the_step_unavailable() {
    let (dir, ctx) = project();
    fs::remove_file(dir.path().join("30_設定集/用語集.yaml")).unwrap();
    let err = step(&ctx, 6, None).unwrap_err();
    assert_eq!(err.code, Code::QC002);
    let missing = err.details.unwrap()["missing_files"].clone();
    assert_eq!(missing, serde_json::json!(["30_設定集/用語集.yaml"]));
    let st = status(&ctx).unwrap();
    assert_eq!(st.unavailable_steps, vec![6]);
    // Step 12 lists it as unavailable, not as a step that blocks approval.
    let r = step(&ctx, 12, None).unwrap();
    assert_eq!(r.details["unavailable_steps"], serde_json::json!([6]));
    let blocking = r.details["blocking_steps"].as_array().unwrap();
    assert!(!blocking.contains(&6.into()));
    assert!(blocking.contains(&5.into()), "not run");
}

#[test]
fn qc003_lists_the_valid_steps() {
    let (_dir, ctx) = project();
    for bad in [0, 13, -1] {
        let err = step(&ctx, bad, None).unwrap_err();
        assert_eq!(err.code, Code::QC003);
        let valid = err.details.unwrap()["valid_steps"].clone();
        assert_eq!(
            valid,
            serde_json::json!([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
        );
    }
}

#[test]
fn qc004_manuscript_unreadable_at_step_time() {
    let (dir, ctx) = project();
    tasks(&ctx).unwrap();
    let (bytes, _, _) = encoding_rs::SHIFT_JIS.encode("　迷い潮の夜。\n");
    fs::write(dir.path().join(EPISODE3), &bytes).unwrap();
    let err = step(&ctx, 1, None).unwrap_err();
    assert_eq!(err.code, Code::QC004);
    let d = err.details.unwrap();
    assert_eq!(d["cause"], "U003");
    assert!(d["error_log"].as_str().unwrap().contains("Shift_JIS"));
}

#[test]
fn qc005_corrupt_manifest() {
    let (dir, ctx) = project();
    let t = tasks(&ctx).unwrap();
    let path = manifest_of(dir.path(), &t.session_id);
    fs::write(&path, "{\"session_id\": ").unwrap();
    let err = step(&ctx, 1, None).unwrap_err();
    assert_eq!(err.code, Code::QC005);
    assert!(err.suggested_action.unwrap().contains("--new"));
    // A new session can still be started explicitly.
    let fresh = new_session(&ctx).unwrap();
    assert!(fresh.session_created);
}

#[test]
fn qc006_template_changed_under_the_session() {
    let (dir, ctx) = project();
    tasks(&ctx).unwrap();
    step(&ctx, 1, None).unwrap();
    let name = "quality/checks/check_step01_typo_check.yaml";
    let text = noveler::workflow::templates::embedded(name)
        .unwrap()
        .replace("version: \"1.0.0\"", "version: \"1.0.1\"");
    let path = dir.path().join("templates").join(name);
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    fs::write(&path, text).unwrap();
    let err = step(&ctx, 1, None).unwrap_err();
    assert_eq!(err.code, Code::QC006);
    let d = err.details.unwrap();
    assert_eq!(d["pinned"]["version"], "1.0.0");
    assert_eq!(d["current"]["version"], "1.0.1");
    assert_eq!(d["current"]["template_source"], "project");
    // Other steps are unaffected; a new session pins the override.
    step(&ctx, 2, None).unwrap();
    new_session(&ctx).unwrap();
    let r = step(&ctx, 1, None).unwrap();
    assert_eq!(r.metadata.template.version, "1.0.1");
}

#[test]
fn qc007_time_budget_stops_the_repeat() {
    let (_dir, ctx) = project();
    let r = cmd::repeat(
        &ctx,
        RepeatRequest {
            episode: Some(3),
            step_id: 4,
            iteration_policy: Some(IterationPolicy {
                count: 10,
                until_pass: true,
                time_budget_s: Some(0),
                ..Default::default()
            }),
            ..Default::default()
        },
    )
    .unwrap();
    assert_eq!(r.attempts, 1, "the first attempt always runs");
    assert_eq!(r.stopped_reason, "time_budget_exceeded");
    assert_eq!(r.budget_error.unwrap()["code"], "QC-007");
}

#[test]
fn qc008_one_writer_per_episode() {
    let (dir, ctx) = project();
    tasks(&ctx).unwrap();
    let root = dir.path().to_path_buf();
    let (held_tx, held_rx) = std::sync::mpsc::channel();
    let (done_tx, done_rx) = std::sync::mpsc::channel::<()>();
    let holder = std::thread::spawn(move || {
        noveler::store::lock::with_episode_lock(
            &root,
            3,
            noveler::store::lock::Scope::Checks,
            |_| {
                held_tx.send(()).unwrap();
                done_rx.recv().unwrap();
                Ok(())
            },
        )
        .unwrap();
    });
    held_rx.recv().unwrap();
    let err = step(&ctx, 1, None).unwrap_err();
    assert_eq!(err.code, Code::QC008);
    // Reads are not blocked.
    assert!(status(&ctx).is_ok());
    // Another episode is not blocked either.
    assert!(cmd::step(
        &ctx,
        StepRequest {
            episode: Some(2),
            step_id: 1,
            ..Default::default()
        }
    )
    .is_ok());
    done_tx.send(()).unwrap();
    holder.join().unwrap();
    assert!(step(&ctx, 1, None).is_ok());
}

#[test]
fn qc009_and_qc010_project_config_with_the_override_rule() {
    let (dir, ctx) = project();
    let config = dir.path().join("プロジェクト設定.yaml");
    let original = fs::read_to_string(&config).unwrap();

    fs::remove_file(&config).unwrap();
    let err = tasks(&ctx).unwrap_err();
    assert_eq!(err.code, Code::QC009);
    let t = cmd::tasks(
        &ctx,
        TasksRequest {
            episode: Some(3),
            options: override_opts(3000, 5000),
            ..Default::default()
        },
    )
    .unwrap();
    assert_eq!(t.target_length.max, 5000);
    assert_eq!(
        serde_json::to_value(t.target_length.source).unwrap(),
        "override"
    );
    let r = step(&ctx, 12, None).unwrap();
    assert_eq!(r.metadata.config_snapshot.target_length.max, 5000);
    finalize(&ctx).unwrap();

    fs::write(
        &config,
        original.replace("min: 3000\n      max: 8000", "min: 9000\n      max: 8000"),
    )
    .unwrap();
    let err = tasks(&ctx).unwrap_err();
    assert_eq!(err.code, Code::QC010);
    assert!(err.hint.contains("config_overrides"), "{}", err.hint);
    let t = cmd::tasks(
        &ctx,
        TasksRequest {
            episode: Some(3),
            options: override_opts(2000, 6000),
            ..Default::default()
        },
    )
    .unwrap();
    assert_eq!((t.target_length.min, t.target_length.max), (2000, 6000));
    // Steps of that session keep working with the invalid config (the override is pinned).
    assert!(step(&ctx, 3, None).is_ok());
    // An invalid override itself is a usage error.
    let err = cmd::tasks(
        &ctx,
        TasksRequest {
            episode: Some(3),
            new_session: true,
            options: override_opts(6000, 6000),
            ..Default::default()
        },
    )
    .unwrap_err();
    assert_eq!(err.code, Code::U001);
}

#[test]
fn deprecated_start_session_points_to_get_tasks() {
    let (_dir, ctx) = project();
    let r = cmd::start_session(&ctx, Default::default()).unwrap();
    assert!(r.deprecated);
    assert!(r.message.contains("progressive_check.get_tasks"));
}

// ---------------------------------------------------------------------------------------
// Judged evaluations

#[test]
fn story_elements_pending_then_scored() {
    let (_dir, ctx) = project();
    let req = |llm: Option<Value>| StoryElementsRequest {
        episode: 3,
        llm_result: llm,
        auto_fix: false,
        fix_level: noveler::analysis::Applicability::Safe,
    };
    let pending = evaluate::story_elements(&ctx, req(None)).unwrap();
    assert!(pending.llm_pending);
    assert!(pending.a31_scores.is_none() && pending.overall_score.is_none());
    assert_eq!(pending.items.len(), 68);
    for prefix in ["EMO", "CHR", "STR", "WRT", "WLD", "ENG"] {
        assert!(pending.llm_instruction.contains(&format!("{prefix}-01")));
    }
    let done = evaluate::story_elements(&ctx, req(Some(judged("story_elements.json")))).unwrap();
    assert!(!done.llm_pending);
    let scores = done.a31_scores.unwrap();
    assert_eq!(scores["emotional_expression"].score, 11.5);
    assert_eq!(scores["emotional_expression"].max, 12);
    assert_eq!(scores["writing_technique"].score, 11.0);
    assert_eq!(scores["world_building"].max, 10);
    // (68 − 3 × 0.5 − 1) / 68 × 100 = 96.3
    assert_eq!(done.overall_score, Some(96.3));
    assert_eq!(done.low_score_items.len(), 4);
    // A missing item is refused with its id.
    let mut partial = judged("story_elements.json");
    partial["items"].as_array_mut().unwrap().pop();
    let err = evaluate::story_elements(&ctx, req(Some(partial))).unwrap_err();
    assert_eq!(err.code, Code::U006);
    let mut bad = judged("story_elements.json");
    bad["items"][0]["score"] = 0.7.into();
    let err = evaluate::story_elements(&ctx, req(Some(bad))).unwrap_err();
    assert_eq!(err.code, Code::U006);
    assert!(err.message.contains("/items/0/score"), "{}", err.message);
}

#[test]
fn structure_and_expression_fold_the_judgment() {
    let (_dir, ctx) = project();
    let s = evaluate::story_structure(
        &ctx,
        JudgedRequest {
            episode: 3,
            llm_result: None,
        },
    )
    .unwrap();
    assert!(s.report.llm_pending);
    assert!(s.structure_analysis.values().all(|a| a.score.is_none()));
    // No judged score before the judgment: the measured part stays under `scoring`.
    assert_eq!(s.overall_structure_score, None);
    assert!(s.report.scoring.measured_score > 0.0);
    // The name slip is assigned to character psychology.
    assert!(s.structure_analysis["character_psychology_consistency"]
        .issues
        .iter()
        .any(|i| i.code == "NAME_INCONSISTENT"));
    let s = evaluate::story_structure(
        &ctx,
        JudgedRequest {
            episode: 3,
            llm_result: Some(judged("story_structure.json")),
        },
    )
    .unwrap();
    assert!(!s.report.llm_pending);
    assert_eq!(s.structure_analysis["story_integration"].score, Some(88.0));
    assert_eq!(s.report.scoring.judged_score, Some(85.0));
    let e = evaluate::writing_expression(
        &ctx,
        JudgedRequest {
            episode: 3,
            llm_result: Some(judged("writing_expression.json")),
        },
    )
    .unwrap();
    assert_eq!(
        e.expression_analysis["professional_comparison"]
            .benchmark
            .as_deref(),
        Some("ライト文芸のお仕事もの")
    );
    assert!(e.expression_analysis["style_consistency"]
        .issues
        .iter()
        .any(|i| i.code == "FORBIDDEN_EXPRESSION"));
}

#[test]
fn preview_is_deterministic_with_the_summary_by_protocol() {
    let (_dir, ctx) = project();
    let req = |llm: Option<Value>| PreviewRequest {
        episode: 3,
        style: "short".into(),
        llm_result: llm,
    };
    let a = evaluate::preview(&ctx, req(None)).unwrap();
    let b = evaluate::preview(&ctx, req(None)).unwrap();
    assert_eq!(a.preview, b.preview);
    assert!(a.llm_pending && a.preview.summary.is_none());
    assert_eq!(a.preview.title, "第三話　迷い潮の夜");
    assert_eq!(a.preview.opening_lines.len(), 3);
    assert!(a.preview.opening_lines[0].starts_with("岬の灯台から"));
    assert_eq!(a.preview.body_chars, 3789);
    assert!(a.preview.key_lines.iter().any(|k| k.reason == "ending"));
    assert_eq!(a.preview.plot_key_events.len(), 5);
    let done = evaluate::preview(&ctx, req(Some(judged("preview.json")))).unwrap();
    assert!(!done.llm_pending);
    assert_eq!(done.preview.key_points.len(), 4);
}

#[test]
fn cli_step_with_llm_result_file_and_exit_codes() {
    let (dir, _ctx) = project();
    let bin = env!("CARGO_BIN_EXE_noveler");
    let run = |args: &[&str]| {
        std::process::Command::new(bin)
            .args(args)
            .arg("--project-root")
            .arg(dir.path())
            .arg("--no-save")
            .output()
            .unwrap()
    };
    let out = run(&["check", "progressive", "3", "step", "1"]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = run(&["check", "progressive", "3", "step", "4"]);
    assert_eq!(out.status.code(), Some(1), "step 4 fails on the slip");
    let llm = dir.path().join("step01_judged.json");
    fs::write(&llm, judged("step01.json").to_string()).unwrap();
    let out = run(&[
        "check",
        "progressive",
        "3",
        "step",
        "1",
        "--llm-result",
        llm.to_str().unwrap(),
        "--format",
        "json",
    ]);
    assert_eq!(out.status.code(), Some(0));
    let env: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(env["command"], "progressive_step");
    assert_eq!(env["result"]["llm_pending"], false);
    assert_eq!(env["result"]["metadata"]["scoring"]["judged_score"], 92.0);
    let out = run(&["check", "progressive", "3", "step", "13"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("QC-003"));
    let out = run(&["progressive", "3", "history", "--limit", "2"]);
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(String::from_utf8_lossy(&out.stdout).lines().count(), 3);
}

#[test]
fn noveler_check_full_runs_three_stages() {
    use noveler::commands::check::CheckRequest;
    use noveler::commands::evaluate::{full_check, AnalysisResults, FullCheckRequest};
    let (_dir, ctx) = project();
    let base = || FullCheckRequest {
        check: CheckRequest {
            episode: Some(3),
            ..Default::default()
        },
        ..Default::default()
    };
    let plain = full_check(&ctx, base()).unwrap();
    assert!(plain.stages.is_none(), "plain mode is `noveler check`");
    let pending = full_check(
        &ctx,
        FullCheckRequest {
            full: true,
            ..base()
        },
    )
    .unwrap();
    let st = pending.stages.unwrap();
    assert_eq!(st.check_stages_completed, vec!["basic"]);
    assert_eq!(st.check_stages_pending, vec!["a31", "analysis"]);
    assert_eq!(st.overall_quality_score, plain.basic.summary.score_min);
    let done = full_check(
        &ctx,
        FullCheckRequest {
            a31_result: Some(judged("story_elements.json")),
            analysis_result: Some(AnalysisResults {
                structure: Some(judged("story_structure.json")),
                expression: Some(judged("writing_expression.json")),
            }),
            ..base()
        },
    )
    .unwrap();
    let st = done.stages.unwrap();
    assert_eq!(st.check_stages_completed, vec!["basic", "a31", "analysis"]);
    assert!(st.check_stages_pending.is_empty());
    let a31 = st
        .a31_evaluation_result
        .as_ref()
        .unwrap()
        .overall_score
        .unwrap();
    let an = st.analysis_result.as_ref().unwrap();
    let parts = [
        done.basic.summary.score_min.unwrap(),
        a31,
        an.structure.overall_structure_score.unwrap(),
        an.expression.report.overall_score.unwrap(),
    ];
    let mean = (parts.iter().sum::<f64>() / 4.0 * 10.0).round() / 10.0;
    assert_eq!(st.overall_quality_score, Some(mean));
    // Several episodes cannot run the judged stages.
    let err = full_check(
        &ctx,
        FullCheckRequest {
            check: CheckRequest {
                targets: vec![
                    noveler::commands::check::Target::Episode(1),
                    noveler::commands::check::Target::Episode(2),
                ],
                ..Default::default()
            },
            full: true,
            ..Default::default()
        },
    )
    .unwrap_err();
    assert_eq!(err.code, Code::U001);
}

#[test]
fn step_four_snapshots() {
    let (_dir, ctx) = project();
    let r = step(&ctx, 4, None).unwrap();
    let json = serde_json::to_value(&r).unwrap();
    insta::with_settings!({filters => vec![(r"QC_EP\d{3}_\d{8}_\d{6}_[0-9a-f]{4}", "[session]")]}, {
        insta::assert_snapshot!("step4_text", noveler::output::progressive::step_text(&r));
        insta::assert_json_snapshot!("step4_json", json, {
            ".llm_instruction" => "[prompt]",
            ".llm_result_schema" => "[schema]",
            ".metadata.template.sha256" => "[sha256]",
        });
    });
}
