use super::*;
use std::fs;

#[test]
fn targets_parse_bare_integers_as_episodes() {
    assert_eq!(Target::parse("3"), Target::Episode(3));
    assert_eq!(Target::parse("003"), Target::Episode(3));
    assert_eq!(Target::parse("./3"), Target::Path("./3".into()));
    assert_eq!(Target::parse("-"), Target::Path("-".into()));
    assert_eq!(Target::parse("3.md"), Target::Path("3.md".into()));
    assert_eq!(
        Target::parse("99999999999999"),
        Target::Path("99999999999999".into())
    );
}

#[test]
fn request_accepts_episode_number_and_mixed_targets() {
    let req: CheckRequest =
        serde_json::from_value(serde_json::json!({"episode_number": 2, "targets": [1, "a.md"]}))
            .unwrap();
    assert_eq!(req.episode, Some(2));
    assert_eq!(
        req.targets,
        vec![Target::Episode(1), Target::Path("a.md".into())]
    );
    let req: CheckRequest =
        serde_json::from_value(serde_json::json!({"fail_on": "medium", "aspects": ["style"]}))
            .unwrap();
    assert_eq!(req.fail_on, Some(Severity::Medium));
    assert_eq!(req.aspects, vec![Aspect::Style]);
}

#[test]
fn walk_is_sorted_and_skips_tool_and_hidden_dirs() {
    let dir = tempfile::tempdir().unwrap();
    for f in [
        "b.md",
        "a.txt",
        "sub/c.md",
        "note.yaml",
        ".hidden/x.md",
        "temp/y.md",
        ".noveler/z.md",
        "target/t.md",
        ".dot.md",
    ] {
        let p = dir.path().join(f);
        fs::create_dir_all(p.parent().unwrap()).unwrap();
        fs::write(p, "x").unwrap();
    }
    let names: Vec<String> = walk(dir.path())
        .iter()
        .map(|p| {
            p.strip_prefix(dir.path())
                .unwrap()
                .to_string_lossy()
                .into_owned()
        })
        .collect();
    assert_eq!(names, vec!["a.txt", "b.md", "sub/c.md"]);
}

fn ctx(root: &Path) -> Ctx {
    let mut c = Ctx::new(root.to_path_buf());
    c.save = false;
    c
}

/// What `noveler check` does: the request checked, the project loaded, the check run.
pub(super) fn run(ctx: &Ctx, req: CheckRequest) -> Result<CheckReport> {
    run_loading(ctx, req)
}

#[test]
fn plan_reports_bad_targets_in_order_without_stopping() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    fs::create_dir_all(root.join("40_原稿")).unwrap();
    fs::create_dir_all(root.join("empty")).unwrap();
    fs::write(root.join("40_原稿/第001話_a.md"), "　本文。\n").unwrap();
    let project = Project::load(root).unwrap();
    let req = CheckRequest {
        targets: vec![
            Target::Path("missing.md".into()),
            Target::Episode(1),
            Target::Path("empty".into()),
            Target::Episode(7),
            Target::Path("40_原稿/第001話_a.md".into()),
        ],
        ..Default::default()
    };
    let jobs = plan(&project, &req).unwrap();
    let kinds: Vec<String> = jobs
        .iter()
        .map(|j| match j {
            Job::File { shown, .. } => format!("file {shown}"),
            Job::Stdin { shown } => format!("stdin {shown}"),
            Job::Failed(e) => format!("error {} {}", e.code, e.path),
        })
        .collect();
    assert_eq!(
        kinds,
        vec![
            "error U005 missing.md",
            "file 40_原稿/第001話_a.md",
            "error U005 empty",
            "error E003 第007話",
        ]
    );
}

#[test]
fn no_targets_means_the_manuscript_dir_or_an_error() {
    let dir = tempfile::tempdir().unwrap();
    let err = match run(&ctx(dir.path()), CheckRequest::default()) {
        Err(e) => e,
        Ok(_) => panic!("expected an error"),
    };
    assert_eq!(err.code, Code::U005);
    let err = match run(
        &ctx(dir.path()),
        CheckRequest {
            targets: vec![Target::Path("-".into())],
            ..Default::default()
        },
    ) {
        Err(e) => e,
        Ok(_) => panic!("expected an error"),
    };
    assert_eq!(err.code, Code::U001);
}

#[test]
fn unreadable_targets_are_errors_with_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    fs::write(root.join("empty.md"), "").unwrap();
    let (sjis, _, _) = encoding_rs::SHIFT_JIS.encode("　吾輩は猫である。\n");
    fs::write(root.join("sjis.txt"), &sjis).unwrap();
    let report = run(
        &ctx(root),
        CheckRequest {
            targets: vec![
                Target::Path("empty.md".into()),
                Target::Path("sjis.txt".into()),
            ],
            no_cache: true,
            ..Default::default()
        },
    )
    .unwrap();
    // An empty file is checked (a placeholder episode: a length finding, issue 34 item 6);
    // the Shift_JIS one cannot be read.
    assert_eq!(report.files.len(), 1);
    assert_eq!(report.files[0].path, "empty.md");
    assert_eq!(report.files[0].findings.len(), 1);
    assert_eq!(report.files[0].findings[0].code, "LENGTH_OUT_OF_RANGE");
    assert_eq!(report.errors.len(), 1);
    assert_eq!(report.errors[0].code, "U003");
    assert!(report.errors[0].message.contains("Shift_JIS"));
    assert_eq!(report.status(), 2);
    assert_eq!(report.summary.score_min, None);
}

#[test]
fn fail_under_out_of_range_is_a_usage_error() {
    let dir = tempfile::tempdir().unwrap();
    let r = run(
        &ctx(dir.path()),
        CheckRequest {
            fail_under: Some(150.0),
            ..Default::default()
        },
    );
    assert_eq!(r.err().map(|e| e.code), Some(Code::U001));
}

fn report_with(findings: Vec<Severity>, overall: f64, gate: Gate) -> CheckReport {
    let mut file = FileResult {
        path: "a.md".into(),
        sha256: String::new(),
        metrics: crate::store::cache::tests_support::metrics(),
        findings: Vec::new(),
        omitted: BTreeMap::new(),
        omitted_by_severity: BTreeMap::new(),
        scores: Scores {
            rhythm: Some(100.0),
            readability: Some(100.0),
            grammar: Some(100.0),
            style: Some(100.0),
            length: Some(100.0),
            content: Some(100.0),
            overall: Some(overall),
            reason: None,
        },
        suppressed: Suppressed::default(),
        text: Arc::from(""),
        disk_path: None,
        snippet: false,
        preset: Default::default(),
    };
    for s in findings {
        let mut f = crate::store::cache::tests_support::finding();
        f.severity = s;
        file.findings.push(f);
    }
    let files = vec![file];
    CheckReport {
        summary: summarize(&files),
        files,
        errors: Vec::new(),
        baseline_written: None,
        ml_enhancements: None,
        gate,
        inputs: Vec::new(),
        outputs: Vec::new(),
    }
}

#[test]
fn gate_semantics() {
    let g = Gate::default();
    assert_eq!(
        report_with(vec![Severity::Low, Severity::Medium], 90.0, g.clone()).status(),
        0
    );
    assert_eq!(
        report_with(vec![Severity::High], 90.0, g.clone()).status(),
        1
    );
    assert_eq!(
        report_with(vec![Severity::Critical], 90.0, g.clone()).status(),
        1
    );
    let low = Gate {
        fail_on: Some(Severity::Low),
        ..Gate::default()
    };
    assert_eq!(report_with(vec![Severity::Low], 90.0, low).status(), 1);
    let under = Gate {
        fail_under: Some(95.0),
        ..Gate::default()
    };
    assert_eq!(report_with(vec![], 94.5, under.clone()).status(), 1);
    assert_eq!(report_with(vec![], 95.0, under).status(), 0);
    let zero = Gate {
        exit_zero: true,
        ..Gate::default()
    };
    assert_eq!(
        report_with(vec![Severity::Critical], 0.0, zero.clone()).status(),
        0
    );
    let mut r = report_with(vec![], 100.0, zero);
    r.errors
        .push(FileError::new("x".into(), Error::new(Code::U005, "x")));
    assert_eq!(r.status(), 2);
    let s = report_with(
        vec![Severity::Low, Severity::High, Severity::High],
        80.0,
        Gate::default(),
    )
    .summary;
    assert_eq!(s.findings, 3);
    assert_eq!(s.by_severity["high"], 2);
    assert_eq!(s.by_severity["critical"], 0);
    assert_eq!(s.score_min, Some(80.0));
}

#[test]
fn the_per_rule_cap_keeps_the_most_severe_and_counts_the_rest() {
    let f = |code: &str, sev: Severity, at: usize| Finding {
        code: code.into(),
        severity: sev,
        byte_start: at,
        ..crate::store::cache::tests_support::finding()
    };
    let mut list = vec![
        f("A", Severity::Low, 0),
        f("A", Severity::Low, 1),
        f("B", Severity::Low, 2),
        f("A", Severity::Medium, 3),
        f("A", Severity::Low, 4),
    ];
    let (omitted, by_sev) = cap_findings(&mut list, 2);
    let kept: Vec<(String, usize)> = list
        .iter()
        .map(|x| (x.code.clone(), x.byte_start))
        .collect();
    assert_eq!(kept, [("A".into(), 0), ("B".into(), 2), ("A".into(), 3)]);
    assert_eq!(omitted, BTreeMap::from([("A".to_string(), 2)]));
    assert_eq!(by_sev, BTreeMap::from([(Severity::Low, 2)]));
    let (none, _) = cap_findings(&mut list, 200);
    assert!(none.is_empty());
}

/// `--stdin-filename` in the manuscript directory is checked as the episode it is, as the
/// file itself would be; elsewhere stdin stays a snippet unless named `第NNN話…`.
#[test]
fn stdin_named_in_the_manuscript_directory_is_an_episode() {
    let project = Project::defaults(Path::new("/p"));
    assert!(names_manuscript(&project, "40_原稿/プロローグ.md"));
    assert!(names_manuscript(&project, "./40_原稿/sub/a.txt"));
    assert!(names_manuscript(&project, "/p/40_原稿/a.md"));
    assert!(names_manuscript(&project, "下書き/第003話.md"));
    assert!(!names_manuscript(&project, "10_企画/企画書.md"));
    assert!(!names_manuscript(&project, "40_原稿/メモ.yaml"));
    assert!(!names_manuscript(&project, "/q/40_原稿/a.md"));
}
