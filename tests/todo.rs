//! The task memory (seed 004): every tool's success, each error code, limits at and past the
//! boundary, round trips of hand-edited files, and parallel creates.

use noveler::commands::todo::*;
use noveler::commands::{self, Ctx};
use noveler::Code;
use std::path::Path;

mod common;
use common::McpProcess;

fn project() -> (tempfile::TempDir, Ctx) {
    let dir = tempfile::tempdir().unwrap();
    let mut ctx = Ctx::new(dir.path().to_path_buf());
    ctx.save = false;
    (dir, ctx)
}

fn read(ctx: &Ctx, rel: &str) -> String {
    std::fs::read_to_string(ctx.root.join(rel)).unwrap()
}

fn write(ctx: &Ctx, rel: &str, text: &str) {
    let path = ctx.root.join(rel);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

/// A create request with only a title.
fn titled(title: &str) -> CreateTaskRequest {
    CreateTaskRequest {
        title: title.into(),
        ..Default::default()
    }
}

fn add(ctx: &Ctx, title: &str, category: Option<&str>) -> String {
    create_task(
        ctx,
        CreateTaskRequest {
            category: category.map(String::from),
            ..titled(title)
        },
    )
    .unwrap()
    .task_id
}

/// Marks a task done.
fn done(ctx: &Ctx, task_id: &str) {
    update_task(
        ctx,
        UpdateTaskRequest {
            task_id: task_id.into(),
            status: Some("done".into()),
            ..Default::default()
        },
    )
    .unwrap();
}

/// The error code of a failed call, and its `details.field`.
fn code<T: std::fmt::Debug>(r: noveler::Result<T>) -> (Code, String) {
    let e = r.unwrap_err();
    let field = e
        .details
        .as_ref()
        .and_then(|d| d["field"].as_str())
        .unwrap_or("")
        .to_string();
    (e.code, field)
}

/// Every task (up to the list limit of 100).
fn all_tasks(ctx: &Ctx) -> ListTasksReport {
    list_tasks(
        ctx,
        ListTasksRequest {
            limit: 100,
            ..Default::default()
        },
    )
    .unwrap()
}

/// How many different values there are.
fn distinct<T: Ord>(values: impl Iterator<Item = T>) -> usize {
    values.collect::<std::collections::BTreeSet<_>>().len()
}

fn ids(ctx: &Ctx) -> Vec<String> {
    all_tasks(ctx)
        .tasks
        .into_iter()
        .map(|t| t.task_id)
        .collect()
}

/// Changed lines between two texts: ("-old" / "+new").
fn line_diff(before: &str, after: &str) -> Vec<String> {
    similar::TextDiff::from_lines(before, after)
        .iter_all_changes()
        .filter(|c| c.tag() != similar::ChangeTag::Equal)
        .map(|c| format!("{}{}", c.tag(), c.value().trim_end_matches(['\n', '\r'])))
        .collect()
}

// ------------------------------------------------------------------ create_task

#[test]
fn create_task_writes_task_context_and_index() {
    let (_d, ctx) = project();
    let r = create_task(
        &ctx,
        CreateTaskRequest {
            title: "第5話で伏線Aを回収する".into(),
            category: Some("伏線".into()),
            description: Some("第3話で登場させた指輪が鍵".into()),
            subtasks: vec!["指輪を登場させる".into(), "回収シーンの下書き".into()],
        },
    )
    .unwrap();
    assert_eq!(r.task_id, "T001");
    assert_eq!(r.file_path, ".todo/context/T001.md");
    assert_eq!(r.priority, 1);
    assert!(r.created_at.ends_with('Z'));
    assert_eq!(
        read(&ctx, ".todo/task.md"),
        "# Task\n\n## 伏線\n- [ ] 第5話で伏線Aを回収する #T001\n  - [ ] 指輪を登場させる\n  - [ ] 回収シーンの下書き\n"
    );
    assert_eq!(
        read(&ctx, ".todo/context/T001.md"),
        "# T001: 第5話で伏線Aを回収する\n\n## 説明\n\n第3話で登場させた指輪が鍵\n"
    );
    assert!(read(&ctx, ".todo/index.md").contains("[T001](context/T001.md) 第5話で伏線Aを回収する"));
    let outputs: Vec<_> = noveler::commands::Report::outputs(&r)
        .into_iter()
        .map(|f| f.path)
        .collect();
    assert_eq!(
        outputs,
        [".todo/context/T001.md", ".todo/task.md", ".todo/index.md"]
    );

    assert_eq!(add(&ctx, "二つ目", None), "T002");
    assert!(read(&ctx, ".todo/task.md").ends_with("\n\n## 未分類\n- [ ] 二つ目 #T002\n"));
    assert_eq!(add(&ctx, "三つ目", Some("伏線")), "T003");
    let tasks = list_tasks(&ctx, Default::default()).unwrap().tasks;
    let t3 = tasks.iter().find(|t| t.task_id == "T003").unwrap();
    assert_eq!((t3.category.as_str(), t3.priority), ("伏線", 2));
}

#[test]
fn create_task_limits() {
    let (_d, ctx) = project();
    let req = titled;
    assert!(create_task(&ctx, req(&"字".repeat(100))).is_ok());
    assert_eq!(
        code(create_task(&ctx, req(&"字".repeat(101)))),
        (Code::ContentTooLong, "title".into())
    );
    assert_eq!(
        code(create_task(&ctx, req("  "))),
        (Code::U001, "title".into())
    );
    assert_eq!(
        code(create_task(&ctx, req("一行目\n二行目"))),
        (Code::U001, "title".into())
    );
    assert_eq!(
        code(create_task(&ctx, req("偽ID #T005"))),
        (Code::U001, "title".into())
    );

    let cat = |c: String| CreateTaskRequest {
        title: "x".into(),
        category: Some(c),
        ..Default::default()
    };
    assert!(create_task(&ctx, cat("章".repeat(50))).is_ok());
    assert_eq!(
        code(create_task(&ctx, cat("章".repeat(51)))),
        (Code::InvalidCategory, "category".into())
    );
    assert_eq!(
        code(create_task(&ctx, cat("a\nb".into()))),
        (Code::InvalidCategory, "category".into())
    );

    let desc = |n: usize| CreateTaskRequest {
        title: "x".into(),
        description: Some("説".repeat(n)),
        ..Default::default()
    };
    assert!(create_task(&ctx, desc(500)).is_ok());
    assert_eq!(
        code(create_task(&ctx, desc(501))),
        (Code::ContentTooLong, "description".into())
    );

    let subs = |n: usize, len: usize| CreateTaskRequest {
        title: "x".into(),
        subtasks: (0..n).map(|_| "s".repeat(len)).collect(),
        ..Default::default()
    };
    assert_eq!(create_task(&ctx, subs(20, 100)).unwrap().task_id, "T004");
    assert_eq!(
        code(create_task(&ctx, subs(21, 1))),
        (Code::ContentTooLong, "subtasks".into())
    );
    assert_eq!(
        code(create_task(&ctx, subs(1, 101))),
        (Code::ContentTooLong, "subtasks[0]".into())
    );
    let t6 = list_tasks(&ctx, Default::default())
        .unwrap()
        .tasks
        .into_iter()
        .find(|t| t.task_id == "T004")
        .unwrap();
    assert_eq!(t6.subtasks_count, 20);
}

#[test]
fn task_limit_is_999() {
    let (_d, ctx) = project();
    let full: String = (1..=999)
        .map(|n| format!("- [ ] t{n} #T{n:03}\n"))
        .collect();
    write(&ctx, ".todo/task.md", &format!("## A\n{full}"));
    assert_eq!(
        code(create_task(&ctx, titled("x"))).0,
        Code::TaskLimitExceeded
    );
    // one deleted → its number is free again
    delete_task(
        &ctx,
        DeleteTaskRequest {
            task_id: "T500".into(),
        },
    )
    .unwrap();
    assert_eq!(add(&ctx, "空いた番号", Some("A")), "T500");
}

#[test]
fn create_task_write_failure_leaves_nothing_half_done() {
    let (_d, ctx) = project();
    add(&ctx, "既存", None);
    let before = read(&ctx, ".todo/task.md");
    std::fs::remove_dir_all(ctx.root.join(".todo/context")).unwrap();
    write(&ctx, ".todo/context", "ディレクトリのはずの場所にファイル");
    let (c, _) = code(create_task(
        &ctx,
        CreateTaskRequest {
            title: "新規".into(),
            ..Default::default()
        },
    ));
    assert_eq!(c, Code::FileWriteError);
    assert_eq!(read(&ctx, ".todo/task.md"), before);
}

#[test]
fn unreadable_task_file_is_a_read_error() {
    let (_d, ctx) = project();
    write(&ctx, ".todo/task.md", "");
    std::fs::write(
        ctx.root.join(".todo/task.md"),
        b"## A\n- [ ] \x82\xa0 #T001\n",
    )
    .unwrap();
    assert_eq!(
        code(list_tasks(&ctx, Default::default())).0,
        Code::FileReadError
    );
    assert_eq!(code(create_task(&ctx, titled("x"))).0, Code::FileReadError);
}

// ------------------------------------------------------------------ update_task

#[test]
fn update_task_changes_only_what_changed() {
    let (_d, ctx) = project();
    add(&ctx, "伏線", Some("A"));
    add(&ctx, "別", Some("B"));
    let up = |req: UpdateTaskRequest| update_task(&ctx, req).unwrap().updated_fields;
    let base = || UpdateTaskRequest {
        task_id: "T001".into(),
        ..Default::default()
    };
    assert_eq!(
        up(UpdateTaskRequest {
            status: Some("in_progress".into()),
            ..base()
        }),
        ["status"]
    );
    assert_eq!(
        up(UpdateTaskRequest {
            status: Some("in_progress".into()),
            ..base()
        }),
        Vec::<String>::new()
    );
    assert_eq!(
        up(UpdateTaskRequest {
            title: Some("伏線を回収".into()),
            status: Some("done".into()),
            category: Some("B".into()),
            subtasks: Some(vec![
                SubtaskInput {
                    title: "一".into(),
                    status: Some("done".into())
                },
                SubtaskInput {
                    title: "二".into(),
                    status: None
                },
            ]),
            ..base()
        }),
        ["title", "status", "category", "subtasks"]
    );
    assert_eq!(
        read(&ctx, ".todo/task.md"),
        "# Task\n\n## A\n\n## B\n- [ ] 別 #T002\n- [x] 伏線を回収 #T001\n  - [x] 一\n  - [ ] 二\n"
    );
    assert!(read(&ctx, ".todo/context/T001.md").starts_with("# T001: 伏線を回収\n"));
    assert_eq!(
        up(UpdateTaskRequest {
            subtasks: Some(vec![]),
            ..base()
        }),
        ["subtasks"]
    );
    assert!(read(&ctx, ".todo/task.md").ends_with("- [x] 伏線を回収 #T001\n"));
}

#[test]
fn update_task_errors_and_limits() {
    let (_d, ctx) = project();
    add(&ctx, "x", None);
    let base = || UpdateTaskRequest {
        task_id: "T001".into(),
        ..Default::default()
    };
    let subs = |n: usize| {
        Some(
            (0..n)
                .map(|i| SubtaskInput {
                    title: format!("s{i}"),
                    status: None,
                })
                .collect(),
        )
    };
    let bad_sub = Some(vec![SubtaskInput {
        title: "s".into(),
        status: Some("later".into()),
    }]);
    // In order (the accepted ones change the task): the request, and None when it is
    // accepted or the error code and `details.field` it is refused with.
    let cases: Vec<(UpdateTaskRequest, Option<(Code, &str)>)> = vec![
        (
            UpdateTaskRequest {
                task_id: "T002".into(),
                status: Some("done".into()),
                ..Default::default()
            },
            Some((Code::TaskNotFound, "task_id")),
        ),
        (
            UpdateTaskRequest {
                task_id: "1".into(),
                status: Some("done".into()),
                ..Default::default()
            },
            Some((Code::InvalidTaskId, "task_id")),
        ),
        (
            UpdateTaskRequest {
                status: Some("doing".into()),
                ..base()
            },
            Some((Code::InvalidStatus, "status")),
        ),
        (base(), Some((Code::U001, "task_id"))),
        (
            UpdateTaskRequest {
                title: Some("題".repeat(100)),
                ..base()
            },
            None,
        ),
        (
            UpdateTaskRequest {
                title: Some("題".repeat(101)),
                ..base()
            },
            Some((Code::ContentTooLong, "title")),
        ),
        (
            UpdateTaskRequest {
                category: Some("c".repeat(51)),
                ..base()
            },
            Some((Code::InvalidCategory, "category")),
        ),
        (
            UpdateTaskRequest {
                subtasks: subs(20),
                ..base()
            },
            None,
        ),
        (
            UpdateTaskRequest {
                subtasks: subs(21),
                ..base()
            },
            Some((Code::ContentTooLong, "subtasks")),
        ),
        (
            UpdateTaskRequest {
                subtasks: bad_sub,
                ..base()
            },
            Some((Code::InvalidStatus, "subtasks[0].status")),
        ),
    ];
    for (i, (req, expected)) in cases.into_iter().enumerate() {
        let r = update_task(&ctx, req);
        match expected {
            None => assert!(r.is_ok(), "case {i}: {r:?}"),
            Some((c, field)) => assert_eq!(code(r), (c, field.to_string()), "case {i}"),
        }
    }
}

// ------------------------------------------------------------------ delete_task

#[test]
fn delete_task_removes_block_and_context() {
    let (_d, ctx) = project();
    add(&ctx, "残す", Some("A"));
    create_task(
        &ctx,
        CreateTaskRequest {
            title: "消す".into(),
            category: Some("A".into()),
            subtasks: vec!["子".into()],
            ..Default::default()
        },
    )
    .unwrap();
    let r = delete_task(
        &ctx,
        DeleteTaskRequest {
            task_id: "T002".into(),
        },
    )
    .unwrap();
    assert_eq!(r.deleted_files, [".todo/context/T002.md"]);
    assert!(!ctx.root.join(".todo/context/T002.md").exists());
    assert_eq!(
        read(&ctx, ".todo/task.md"),
        "# Task\n\n## A\n- [ ] 残す #T001\n"
    );
    assert_eq!(
        code(delete_task(
            &ctx,
            DeleteTaskRequest {
                task_id: "T002".into()
            }
        ))
        .0,
        Code::TaskNotFound
    );
    assert_eq!(
        code(delete_task(
            &ctx,
            DeleteTaskRequest {
                task_id: "T1000".into()
            }
        ))
        .0,
        Code::InvalidTaskId
    );
    // a task whose context file is already gone still deletes
    std::fs::remove_file(ctx.root.join(".todo/context/T001.md")).unwrap();
    assert!(delete_task(
        &ctx,
        DeleteTaskRequest {
            task_id: "T001".into()
        }
    )
    .unwrap()
    .deleted_files
    .is_empty());
    // ids are not handed out again while they are still visible in task.md
    assert_eq!(add(&ctx, "次", None), "T001");
}

// ------------------------------------------------------------------ reorder_task

#[test]
fn reorder_task_positions() {
    let (_d, ctx) = project();
    for t in ["a", "b", "c"] {
        add(&ctx, t, Some("A"));
    }
    add(&ctx, "d", Some("B"));
    let mv = |id: &str, pos: &str, r: Option<&str>| {
        reorder_task(
            &ctx,
            ReorderTaskRequest {
                task_id: id.into(),
                position: pos.into(),
                reference_task_id: r.map(String::from),
            },
        )
    };
    let r = mv("T003", "first", None).unwrap();
    assert_eq!((r.old_position, r.new_position), (3, 1));
    assert_eq!(ids(&ctx), ["T003", "T001", "T002", "T004"]);
    let r = mv("T003", "last", None).unwrap();
    assert_eq!((r.old_position, r.new_position), (1, 3));
    let r = mv("T001", "after", Some("T002")).unwrap();
    assert_eq!(
        (r.old_position, r.new_position, r.previous_category),
        (1, 2, None)
    );
    assert_eq!(ids(&ctx), ["T002", "T001", "T003", "T004"]);
    let r = mv("T004", "before", Some("T002")).unwrap();
    assert_eq!(
        (
            r.category.as_str(),
            r.previous_category.as_deref(),
            r.new_position
        ),
        ("A", Some("B"), 1)
    );
    assert_eq!(ids(&ctx), ["T004", "T002", "T001", "T003"]);
    let before = read(&ctx, ".todo/task.md");
    assert_eq!(mv("T004", "first", None).unwrap().new_position, 1);
    assert_eq!(
        read(&ctx, ".todo/task.md"),
        before,
        "no-op move does not rewrite"
    );

    // (task, position, reference) → the error code and `details.field`.
    for (task, position, reference, refused, field) in [
        ("T009", "first", None, Code::TaskNotFound, "task_id"),
        (
            "T001",
            "before",
            Some("T009"),
            Code::ReferenceTaskNotFound,
            "reference_task_id",
        ),
        ("T001", "middle", None, Code::InvalidPosition, "position"),
        (
            "T001",
            "after",
            None,
            Code::InvalidPosition,
            "reference_task_id",
        ),
        (
            "T001",
            "after",
            Some("T001"),
            Code::InvalidPosition,
            "reference_task_id",
        ),
        (
            "T001",
            "after",
            Some("X1"),
            Code::InvalidTaskId,
            "reference_task_id",
        ),
    ] {
        assert_eq!(
            code(mv(task, position, reference)),
            (refused, field.to_string()),
            "{task} {position} {reference:?}"
        );
    }
}

// ------------------------------------------------------------------ list_tasks

#[test]
fn list_tasks_filters_and_limits() {
    let (_d, ctx) = project();
    for i in 0..5 {
        add(
            &ctx,
            &format!("t{i}"),
            Some(if i % 2 == 0 { "偶" } else { "奇" }),
        );
    }
    done(&ctx, "T002");
    let list = |status: Option<&str>, cat: Option<&str>, limit: i64| {
        list_tasks(
            &ctx,
            ListTasksRequest {
                status: status.map(String::from),
                category: cat.map(String::from),
                limit,
                cursor: 0,
            },
        )
    };
    let all = list(None, None, 50).unwrap();
    assert_eq!(all.total_count, 5);
    let prio: Vec<_> = all
        .tasks
        .iter()
        .map(|t| (t.task_id.as_str(), t.priority))
        .collect();
    assert_eq!(
        prio,
        [
            ("T001", 1),
            ("T003", 2),
            ("T005", 3),
            ("T002", 1),
            ("T004", 2)
        ]
    );
    let done = list(Some("done"), None, 50).unwrap();
    assert_eq!(
        (done.total_count, done.tasks[0].task_id.as_str()),
        (1, "T002")
    );
    let odd = list(None, Some("奇"), 50).unwrap();
    assert_eq!(odd.total_count, 2);
    let one = list(Some("todo"), None, 1).unwrap();
    assert_eq!((one.tasks.len(), one.total_count), (1, 4));
    assert_eq!(list(None, None, 100).unwrap().tasks.len(), 5);
    assert_eq!(code(list(None, None, 0)), (Code::U001, "limit".into()));
    assert_eq!(code(list(None, None, 101)), (Code::U001, "limit".into()));
    assert_eq!(
        code(list(Some("finished"), None, 10)),
        (Code::InvalidStatus, "status".into())
    );
}

#[test]
fn list_tasks_on_a_fresh_project_is_empty_and_warns_about_hand_added_items() {
    let (_d, ctx) = project();
    let r = list_tasks(&ctx, Default::default()).unwrap();
    assert_eq!((r.tasks.len(), r.total_count), (0, 0));
    write(
        &ctx,
        ".todo/task.md",
        "## A\n- [ ] 手で足した項目\n- [ ] a #T001\n- [ ] b #T001\n",
    );
    let r = list_tasks(&ctx, Default::default()).unwrap();
    assert_eq!(r.total_count, 2);
    assert_eq!(r.warnings.len(), 2, "{:?}", r.warnings);
    assert!(r.warnings[0].contains("手で足した項目"));
    assert!(r.warnings[1].contains("T001"));
}

// ------------------------------------------------------------------ search_tasks

#[test]
fn search_tasks_scores_and_scopes() {
    let (_d, ctx) = project();
    create_task(
        &ctx,
        CreateTaskRequest {
            title: "指輪の伏線を回収".into(),
            category: Some("伏線".into()),
            ..Default::default()
        },
    )
    .unwrap();
    create_task(
        &ctx,
        CreateTaskRequest {
            title: "第3話".into(),
            subtasks: vec!["指輪を登場させる".into()],
            ..Default::default()
        },
    )
    .unwrap();
    create_task(
        &ctx,
        CreateTaskRequest {
            title: "設定".into(),
            description: Some("指輪は母の形見".into()),
            ..Default::default()
        },
    )
    .unwrap();
    let search = |q: &str, scopes: Option<Vec<&str>>, limit: i64| {
        search_tasks(
            &ctx,
            SearchTasksRequest {
                query: q.into(),
                search_in: scopes.map(|s| s.into_iter().map(String::from).collect()),
                limit,
            },
        )
    };
    let r = search("指輪", None, 20).unwrap();
    let got: Vec<_> = r
        .results
        .iter()
        .map(|h| (h.task_id.as_str(), h.match_score))
        .collect();
    assert_eq!(got, [("T001", 1.0), ("T002", 0.7)]);
    assert_eq!(r.results[1].matched_content, "指輪を登場させる");
    let r = search("指輪", Some(vec!["title", "content", "context"]), 20).unwrap();
    assert_eq!(r.total_matches, 3);
    assert_eq!(r.results[2].task_id, "T003");
    assert!(r.results[2].matched_content.contains("母の形見"));
    assert!(r
        .results
        .iter()
        .all(|h| (0.0..=1.0).contains(&h.match_score)));
    let r = search("指輪", None, 1).unwrap();
    assert_eq!((r.results.len(), r.total_matches), (1, 2));
    assert_eq!(search("ＳＥＴ 竜", None, 20).unwrap().total_matches, 0);

    assert!(search(&"あ".repeat(200), None, 20).is_ok());
    assert_eq!(
        code(search(&"あ".repeat(201), None, 20)),
        (Code::ContentTooLong, "query".into())
    );
    assert_eq!(code(search(" ", None, 20)), (Code::U001, "query".into()));
    assert!(search("x", None, 50).is_ok());
    assert_eq!(code(search("x", None, 51)), (Code::U001, "limit".into()));
    assert_eq!(code(search("x", None, 0)), (Code::U001, "limit".into()));
    assert_eq!(
        code(search("x", Some(vec!["body"]), 20)),
        (Code::U001, "search_in".into())
    );
}

// ------------------------------------------------------------------ ADRs

fn adr_req(title: &str) -> CreateAdrRequest {
    CreateAdrRequest {
        title: title.into(),
        context: "魔法の種類が増えすぎた。".into(),
        decision: "火・水・風の三属性にする。".into(),
        rationale: "読者が覚えやすい。".into(),
        ..Default::default()
    }
}

#[test]
fn create_adr_and_limits() {
    let (_d, ctx) = project();
    let r = create_adr(&ctx, adr_req("魔法体系は三属性に決定")).unwrap();
    assert_eq!(r.adr_id, "adr-001-魔法体系は三属性に決定");
    assert_eq!(r.file_path, ".todo/adr/adr-001-魔法体系は三属性に決定.md");
    assert_eq!(r.status, noveler::todo::adr::AdrStatus::Proposed);
    let text = read(&ctx, &r.file_path);
    assert!(text.starts_with("# ADR-001: 魔法体系は三属性に決定\n\n- Status: Proposed\n"));
    for section in [
        "## Context\n\n魔法の種類が増えすぎた。",
        "## Decision\n\n火・水・風",
        "## Rationale\n\n読者",
        "## Consequences\n\n（未記入）",
        "## History\n\n- ",
    ] {
        assert!(text.contains(section), "{section}");
    }
    assert!(
        read(&ctx, ".todo/index.md").contains("[ADR-001](adr/adr-001-魔法体系は三属性に決定.md)")
    );
    let accepted = create_adr(
        &ctx,
        CreateAdrRequest {
            status: Some("Accepted".into()),
            consequences: Some("既存の話を直す".into()),
            ..adr_req("Tech Stack")
        },
    )
    .unwrap();
    assert_eq!(
        (accepted.adr_id.as_str(), accepted.status.as_str()),
        ("adr-002-tech-stack", "Accepted")
    );
    assert!(read(&ctx, &accepted.file_path).contains("## Consequences\n\n既存の話を直す\n"));

    assert!(create_adr(&ctx, adr_req(&"題".repeat(100))).is_ok());
    assert_eq!(
        code(create_adr(&ctx, adr_req(&"題".repeat(101)))),
        (Code::ContentTooLong, "title".into())
    );
    assert_eq!(
        code(create_adr(&ctx, adr_req(""))),
        (Code::U001, "title".into())
    );
    for field in ["context", "decision", "rationale", "consequences"] {
        let mut ok = adr_req("x");
        let mut long = adr_req("x");
        let set = |r: &mut CreateAdrRequest, v: String| match field {
            "context" => r.context = v,
            "decision" => r.decision = v,
            "rationale" => r.rationale = v,
            _ => r.consequences = Some(v),
        };
        set(&mut ok, "文".repeat(2000));
        set(&mut long, "文".repeat(2001));
        assert!(create_adr(&ctx, ok).is_ok(), "{field}");
        assert_eq!(
            code(create_adr(&ctx, long)),
            (Code::ContentTooLong, field.to_string())
        );
    }
    assert_eq!(
        code(create_adr(
            &ctx,
            CreateAdrRequest {
                decision: " ".into(),
                ..adr_req("x")
            }
        )),
        (Code::U001, "decision".into())
    );
    assert_eq!(
        code(create_adr(
            &ctx,
            CreateAdrRequest {
                status: Some("accepted".into()),
                ..adr_req("x")
            }
        )),
        (Code::InvalidStatus, "status".into())
    );
}

#[test]
fn adr_limit_is_999() {
    let (_d, ctx) = project();
    for n in 1..=999 {
        write(
            &ctx,
            &format!(".todo/adr/adr-{n:03}-x.md"),
            "# X\n\n- Status: Proposed\n",
        );
    }
    assert_eq!(
        code(create_adr(&ctx, adr_req("x"))).0,
        Code::AdrLimitExceeded
    );
    std::fs::remove_file(ctx.root.join(".todo/adr/adr-010-x.md")).unwrap();
    assert_eq!(create_adr(&ctx, adr_req("y")).unwrap().adr_number, 10);
}

#[test]
fn update_adr_status_records_history() {
    let (_d, ctx) = project();
    let path = create_adr(&ctx, adr_req("三属性")).unwrap().file_path;
    let before = read(&ctx, &path);
    let r = update_adr_status(
        &ctx,
        UpdateAdrStatusRequest {
            adr_number: 1,
            status: "Accepted".into(),
            reason: Some("第3話で確定".into()),
        },
    )
    .unwrap();
    assert_eq!(
        (r.old_status.as_str(), r.new_status.as_str()),
        ("Proposed", "Accepted")
    );
    let diff = line_diff(&before, &read(&ctx, &path));
    assert_eq!(diff.len(), 5, "{diff:?}");
    assert_eq!(diff[0], "-- Status: Proposed");
    assert_eq!(diff[1], "+- Status: Accepted");
    assert!(
        diff[4].ends_with(" Proposed → Accepted: 第3話で確定"),
        "{diff:?}"
    );
    let r = update_adr_status(
        &ctx,
        UpdateAdrStatusRequest {
            adr_number: 1,
            status: "Deprecated".into(),
            reason: None,
        },
    )
    .unwrap();
    assert_eq!(r.old_status, "Accepted");
    assert!(read(&ctx, &path).contains(" Accepted → Deprecated\n"));
    assert!(read(&ctx, ".todo/index.md").contains("三属性 — Deprecated"));

    let up = |n: i64, s: &str, reason: Option<String>| {
        update_adr_status(
            &ctx,
            UpdateAdrStatusRequest {
                adr_number: n,
                status: s.into(),
                reason,
            },
        )
    };
    assert_eq!(
        code(up(2, "Accepted", None)),
        (Code::AdrNotFound, "adr_number".into())
    );
    assert_eq!(
        code(up(0, "Accepted", None)),
        (Code::InvalidAdrNumber, "adr_number".into())
    );
    assert_eq!(
        code(up(1000, "Accepted", None)),
        (Code::InvalidAdrNumber, "adr_number".into())
    );
    assert_eq!(
        code(up(1, "Rejected", None)),
        (Code::InvalidStatus, "status".into())
    );
    assert!(up(1, "Accepted", Some("理".repeat(500))).is_ok());
    assert_eq!(
        code(up(1, "Accepted", Some("理".repeat(501)))),
        (Code::ContentTooLong, "reason".into())
    );
}

#[test]
fn list_adrs_reads_hand_written_records() {
    let (_d, ctx) = project();
    create_adr(&ctx, adr_req("一")).unwrap();
    create_adr(
        &ctx,
        CreateAdrRequest {
            status: Some("Accepted".into()),
            ..adr_req("二")
        },
    )
    .unwrap();
    write(
        &ctx,
        ".todo/adr/adr-007-hand.md",
        "# 手書きの決定\n\n**ステータス**：承認済み\n\n本文\n",
    );
    write(&ctx, ".todo/adr/README.md", "ADR ではない");
    let list = |s: Option<&str>, limit: i64| {
        list_adrs(
            &ctx,
            ListAdrsRequest {
                status: s.map(String::from),
                limit,
                cursor: 0,
            },
        )
    };
    let all = list(None, 50).unwrap();
    let got: Vec<_> = all
        .adrs
        .iter()
        .map(|a| (a.adr_number, a.title.as_str(), a.status.as_str()))
        .collect();
    assert_eq!(
        got,
        [
            (1, "一", "Proposed"),
            (2, "二", "Accepted"),
            (7, "手書きの決定", "Accepted")
        ]
    );
    assert!(
        !all.adrs[2].created_at.is_empty(),
        "falls back to the file time"
    );
    assert_eq!(list(Some("Accepted"), 50).unwrap().total_count, 2);
    let one = list(None, 1).unwrap();
    assert_eq!((one.adrs.len(), one.total_count), (1, 3));
    assert!(list(None, 100).is_ok());
    assert_eq!(code(list(None, 101)), (Code::U001, "limit".into()));
    assert_eq!(
        code(list(Some("Old"), 10)),
        (Code::InvalidStatus, "status".into())
    );
    // update works on the hand-written one too, editing its own status line
    update_adr_status(
        &ctx,
        UpdateAdrStatusRequest {
            adr_number: 7,
            status: "Deprecated".into(),
            reason: None,
        },
    )
    .unwrap();
    assert!(read(&ctx, ".todo/adr/adr-007-hand.md")
        .starts_with("# 手書きの決定\n\n**ステータス**：Deprecated\n\n本文\n"));
}

// ------------------------------------------------------------------ contexts

#[test]
fn update_and_get_context() {
    let (_d, ctx) = project();
    add(&ctx, "伏線", None);
    let set = |content: &str, append: bool, section: Option<&str>| {
        update_context(
            &ctx,
            UpdateContextRequest {
                task_id: "T001".into(),
                content: content.into(),
                append,
                section: section.map(String::from),
            },
        )
    };
    let r = set("回収は第5話。", true, Some("メモ")).unwrap();
    assert_eq!(r.file_path, ".todo/context/T001.md");
    set("読者の反応を見る。", true, None).unwrap();
    let get = |task_id: &str| {
        get_context(
            &ctx,
            GetContextRequest {
                task_id: task_id.into(),
            },
        )
    };
    let got = get("T001").unwrap();
    assert_eq!(
        got.content,
        "# T001: 伏線\n\n## メモ\n\n回収は第5話。\n\n読者の反応を見る。\n"
    );
    assert!(!got.updated_at.is_empty());
    set("第6話に延期。", false, Some("メモ")).unwrap();
    assert_eq!(
        read(&ctx, ".todo/context/T001.md"),
        "# T001: 伏線\n\n## メモ\n\n第6話に延期。\n"
    );
    set("まるごと", false, None).unwrap();
    assert_eq!(read(&ctx, ".todo/context/T001.md"), "まるごと\n");

    assert!(set(&"文".repeat(10_000), false, None).is_ok());
    assert_eq!(
        code(set(&"文".repeat(10_001), false, None)),
        (Code::ContentTooLong, "content".into())
    );
    assert!(set("x", true, Some(&"節".repeat(50))).is_ok());
    assert_eq!(
        code(set("x", true, Some(&"節".repeat(51)))),
        (Code::ContentTooLong, "section".into())
    );
    for (task_id, refused) in [("T002", Code::TaskNotFound), ("t001", Code::InvalidTaskId)] {
        let r = update_context(
            &ctx,
            UpdateContextRequest {
                task_id: task_id.into(),
                content: "x".into(),
                ..Default::default()
            },
        );
        assert_eq!(code(r), (refused, "task_id".into()), "{task_id}");
    }

    assert_eq!(code(get("T002")), (Code::TaskNotFound, "task_id".into()));
    std::fs::remove_file(ctx.root.join(".todo/context/T001.md")).unwrap();
    assert_eq!(code(get("T001")), (Code::FileNotFound, "task_id".into()));
    // update_context recreates a missing file
    set("戻った", true, None).unwrap();
    assert_eq!(read(&ctx, ".todo/context/T001.md"), "戻った\n");
}

#[test]
fn search_contexts_ranks_and_limits() {
    let (_d, ctx) = project();
    for (i, text) in ["指輪 指輪 指輪 竜", "指輪", "竜だけ"].iter().enumerate() {
        let id = add(&ctx, &format!("t{i}"), None);
        update_context(
            &ctx,
            UpdateContextRequest {
                task_id: id,
                content: text.to_string(),
                ..Default::default()
            },
        )
        .unwrap();
    }
    write(&ctx, ".todo/context/notes.md", "指輪");
    let search = |q: &str, limit: i64| {
        search_contexts(
            &ctx,
            SearchContextsRequest {
                query: q.into(),
                limit,
            },
        )
    };
    let r = search("指輪", 20).unwrap();
    let got: Vec<_> = r
        .results
        .iter()
        .map(|h| (h.task_id.as_str(), h.match_score))
        .collect();
    assert_eq!(got, [("T001", 1.0), ("T002", 0.8)]);
    assert_eq!(r.files_searched, 3);
    assert_eq!(r.results[0].file_path, ".todo/context/T001.md");
    assert_eq!(r.results[0].matched_content, "指輪 指輪 指輪 竜");
    let r = search("指輪 竜", 1).unwrap();
    assert_eq!(
        (
            r.results.len(),
            r.total_matches,
            r.results[0].task_id.as_str()
        ),
        (1, 3, "T001")
    );
    assert!(search("x", 50).is_ok());
    assert_eq!(code(search("x", 51)), (Code::U001, "limit".into()));
    assert_eq!(
        code(search(&"x".repeat(201), 5)),
        (Code::ContentTooLong, "query".into())
    );
    assert_eq!(code(search("", 5)), (Code::U001, "query".into()));
}

// ------------------------------------------------------------------ error shape

#[test]
fn errors_have_the_seed_shape_in_the_envelope() {
    let (_d, ctx) = project();
    let out = commands::execute(&ctx, "update_task", |c| {
        update_task(
            c,
            UpdateTaskRequest {
                task_id: "T042".into(),
                status: Some("done".into()),
                ..Default::default()
            },
        )
    });
    assert_eq!(out.exit_code(), 2);
    let err = out.envelope.error.clone().unwrap();
    assert_eq!(err["code"], "TASK_NOT_FOUND");
    assert!(err["message"].as_str().unwrap().contains("T042"));
    assert_eq!(
        err["details"],
        serde_json::json!({"field": "task_id", "value": "T042"})
    );
    assert!(!out.envelope.success);
}

// ------------------------------------------------------------------ round trip of hand edits

const HAND_EDITED: &str = "\
# 連載タスク

このファイルは作者とエージェントで共有しています。
順番が優先度です。

## 設定
- [x] 魔法体系の用語を整理する #T004
- [ ] 地図を描く #T002
  地図は第2章までに必要。
  - [x] 大陸の形
  - [ ] 都市の名前

> メモ: 設定はあとで見直す

## 伏線
* [-] 第5話で指輪の伏線を回収する #T001
    - [ ] 回収シーンの下書き
- [ ] 手で足したIDのない項目
- [ ] 第7話の引きを強くする #T005

### 小見出し（カテゴリではない）

```
- [ ] コード例 #T099
```

## 第1章
- [ ] プロローグを書き直す #T003
<!-- 未知の行:
- [ ] コメントの中 #T098
-->
| 表 | も |
|---|---|
";

#[test]
fn hand_edited_file_survives_updates_with_only_intended_lines_changed() {
    let (_d, ctx) = project();
    write(&ctx, ".todo/task.md", HAND_EDITED);
    let listed = list_tasks(&ctx, Default::default()).unwrap();
    let got: Vec<_> = listed
        .tasks
        .iter()
        .map(|t| {
            (
                t.task_id.as_str(),
                t.category.as_str(),
                t.priority,
                t.subtasks_count,
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            ("T004", "設定", 1, 0),
            ("T002", "設定", 2, 2),
            ("T001", "伏線", 1, 1),
            ("T005", "伏線", 2, 0),
            ("T003", "第1章", 1, 0)
        ]
    );
    assert_eq!(
        listed.tasks[2].status,
        noveler::todo::tasks::Status::InProgress
    );

    // status: one character of one line
    done(&ctx, "T001");
    let after = read(&ctx, ".todo/task.md");
    assert_eq!(
        line_diff(HAND_EDITED, &after),
        [
            "-* [-] 第5話で指輪の伏線を回収する #T001",
            "+* [x] 第5話で指輪の伏線を回収する #T001"
        ]
    );

    // title: that line only
    let before = after;
    update_task(
        &ctx,
        UpdateTaskRequest {
            task_id: "T002".into(),
            title: Some("世界地図を描く".into()),
            ..Default::default()
        },
    )
    .unwrap();
    let after = read(&ctx, ".todo/task.md");
    assert_eq!(
        line_diff(&before, &after),
        ["-- [ ] 地図を描く #T002", "+- [ ] 世界地図を描く #T002"]
    );

    // reorder: the block (task, note and subtasks) moves; nothing else changes
    let before = after;
    let r = reorder_task(
        &ctx,
        ReorderTaskRequest {
            task_id: "T002".into(),
            position: "first".into(),
            reference_task_id: None,
        },
    )
    .unwrap();
    assert_eq!((r.old_position, r.new_position), (2, 1));
    let after = read(&ctx, ".todo/task.md");
    let diff = line_diff(&before, &after);
    let mut removed: Vec<_> = diff
        .iter()
        .filter(|l| l.starts_with('-'))
        .map(|l| &l[1..])
        .collect();
    let mut added: Vec<_> = diff
        .iter()
        .filter(|l| l.starts_with('+'))
        .map(|l| &l[1..])
        .collect();
    removed.sort();
    added.sort();
    assert_eq!(removed, added, "a move only moves lines: {diff:?}");
    assert!(after.contains("## 設定\n- [ ] 世界地図を描く #T002\n  地図は第2章までに必要。\n  - [x] 大陸の形\n  - [ ] 都市の名前\n- [x] 魔法体系の用語を整理する #T004\n\n> メモ"), "{after}");

    // a new task lands after the last item of its category, before the sub-heading
    let before = after;
    assert_eq!(add(&ctx, "第8話の構成", Some("伏線")), "T006");
    let after = read(&ctx, ".todo/task.md");
    assert_eq!(line_diff(&before, &after), ["+- [ ] 第8話の構成 #T006"]);
    assert!(after
        .contains("- [ ] 第7話の引きを強くする #T005\n- [ ] 第8話の構成 #T006\n\n### 小見出し"));

    // delete removes exactly the block
    let before = after;
    delete_task(
        &ctx,
        DeleteTaskRequest {
            task_id: "T001".into(),
        },
    )
    .unwrap();
    let after = read(&ctx, ".todo/task.md");
    assert_eq!(
        line_diff(&before, &after),
        [
            "-* [x] 第5話で指輪の伏線を回収する #T001",
            "-    - [ ] 回収シーンの下書き"
        ]
    );

    // unknown lines are all still there, verbatim
    for line in [
        "このファイルは作者とエージェントで共有しています。",
        "> メモ: 設定はあとで見直す",
        "- [ ] 手で足したIDのない項目",
        "- [ ] コード例 #T099",
        "- [ ] コメントの中 #T098",
        "| 表 | も |",
        "### 小見出し（カテゴリではない）",
    ] {
        assert!(after.contains(line), "{line}");
    }
}

#[test]
fn crlf_files_stay_crlf() {
    let (_d, ctx) = project();
    write(
        &ctx,
        ".todo/task.md",
        "# Task\r\n\r\n## A\r\n- [ ] 一 #T001\r\n",
    );
    done(&ctx, "T001");
    add(&ctx, "二", Some("A"));
    assert_eq!(
        read(&ctx, ".todo/task.md"),
        "# Task\r\n\r\n## A\r\n- [x] 一 #T001\r\n- [ ] 二 #T002\r\n"
    );
}

// ------------------------------------------------------------------ concurrency

#[test]
fn parallel_creates_in_threads_never_duplicate_or_lose() {
    let (_d, ctx) = project();
    let threads = 8;
    let per = 12;
    std::thread::scope(|s| {
        for t in 0..threads {
            let ctx = ctx.clone();
            s.spawn(move || {
                for i in 0..per {
                    create_task(
                        &ctx,
                        CreateTaskRequest {
                            title: format!("スレッド{t}の{i}"),
                            category: Some(format!("C{}", t % 3)),
                            ..Default::default()
                        },
                    )
                    .unwrap();
                }
            });
        }
    });
    let r = all_tasks(&ctx);
    assert_eq!(r.total_count, threads * per);
    assert_eq!(
        distinct(r.tasks.iter().map(|t| &t.task_id)),
        threads * per,
        "no duplicate ids"
    );
    assert_eq!(
        distinct(r.tasks.iter().map(|t| &t.title)),
        threads * per,
        "no lost task"
    );
    let contexts = std::fs::read_dir(ctx.root.join(".todo/context"))
        .unwrap()
        .count();
    assert_eq!(contexts, threads * per);
}

#[test]
fn parallel_creates_in_processes_never_duplicate_or_lose() {
    let (_d, ctx) = project();
    let procs = 6;
    let per = 4;
    let children: Vec<_> = (0..procs)
        .map(|p| {
            std::process::Command::new(env!("CARGO_BIN_EXE_noveler"))
                .args(["--no-save", "--project-root"])
                .arg(&ctx.root)
                .args(["todo", "add", "--format", "json"])
                .arg(format!("プロセス{p}"))
                .args((0..per).flat_map(|i| ["--subtask".to_string(), format!("子{i}")]))
                .stdout(std::process::Stdio::null())
                .spawn()
                .unwrap()
        })
        .collect();
    // every process adds several tasks one after another, racing with the others
    let more: Vec<_> = (0..procs)
        .map(|p| {
            let root = ctx.root.clone();
            std::thread::spawn(move || {
                for i in 0..per {
                    let ok = std::process::Command::new(env!("CARGO_BIN_EXE_noveler"))
                        .args(["--no-save", "--project-root"])
                        .arg(&root)
                        .args(["todo", "add", "-c", "並行"])
                        .arg(format!("追加{p}-{i}"))
                        .output()
                        .unwrap();
                    assert!(
                        ok.status.success(),
                        "{}",
                        String::from_utf8_lossy(&ok.stderr)
                    );
                }
            })
        })
        .collect();
    for mut c in children {
        assert!(c.wait().unwrap().success());
    }
    for t in more {
        t.join().unwrap();
    }
    let r = all_tasks(&ctx);
    let expected = procs + procs * per;
    assert_eq!(r.total_count, expected);
    assert_eq!(distinct(r.tasks.iter().map(|t| &t.task_id)), expected);
    assert!(r
        .tasks
        .iter()
        .filter(|t| t.title.starts_with("プロセス"))
        .all(|t| t.subtasks_count == per));
}

// ------------------------------------------------------------------ CLI

fn noveler(root: &Path, args: &[&str], stdin: Option<&str>) -> (u8, String, String) {
    use std::io::Write;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_noveler"))
        .arg("--project-root")
        .arg(root)
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    if let Some(text) = stdin {
        input.write_all(text.as_bytes()).unwrap();
    }
    drop(input);
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1) as u8,
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn cli_json_output_is_the_envelope_with_the_seed_result() {
    let (_d, ctx) = project();
    let (code, out, err) = noveler(
        &ctx.root,
        &[
            "todo",
            "add",
            "第5話で伏線Aを回収する",
            "-c",
            "伏線",
            "-s",
            "下書き",
            "--format",
            "json",
        ],
        None,
    );
    assert_eq!(code, 0, "{err}");
    let env: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(env["success"], true);
    assert_eq!(env["command"], "create_task");
    assert!(env["saved_to"]
        .as_str()
        .unwrap()
        .starts_with("temp/json_output/create_task_"));
    insta::assert_json_snapshot!("cli_create_task_result", env["result"], { ".created_at" => "[ts]" });
    let outputs = common::strs(&env["outputs"]["files"], "path");
    assert_eq!(
        outputs,
        [".todo/context/T001.md", ".todo/task.md", ".todo/index.md"]
    );

    let (code, out, _) = noveler(&ctx.root, &["todo", "list", "--format", "json"], None);
    assert_eq!(code, 0);
    let env: serde_json::Value = serde_json::from_str(&out).unwrap();
    insta::assert_json_snapshot!("cli_list_tasks_result", env["result"]);

    let (code, out, err) = noveler(
        &ctx.root,
        &[
            "todo", "update", "T009", "--status", "done", "--format", "json",
        ],
        None,
    );
    assert_eq!(code, 2);
    let env: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(env["success"], false);
    assert_eq!(env["error"]["code"], "TASK_NOT_FOUND");
    assert_eq!(
        env["error"]["details"],
        serde_json::json!({"field": "task_id", "value": "T009"})
    );
    assert!(err.contains("TASK_NOT_FOUND"), "{err}");
}

#[test]
fn cli_text_session() {
    let (_d, ctx) = project();
    let root = &ctx.root;
    let steps: &[&[&str]] = &[
        &[
            "--no-save",
            "todo",
            "add",
            "第5話で伏線Aを回収する",
            "-c",
            "伏線",
            "-s",
            "指輪を登場させる",
            "-s",
            "回収シーンの下書き",
        ],
        &[
            "--no-save",
            "todo",
            "add",
            "魔法体系の用語を整理する",
            "-c",
            "設定",
        ],
        &[
            "--no-save",
            "todo",
            "add",
            "プロローグを書き直す",
            "-c",
            "伏線",
        ],
        &[
            "--no-save",
            "todo",
            "update",
            "T002",
            "--status",
            "in-progress",
        ],
        &[
            "--no-save",
            "todo",
            "update",
            "T001",
            "--subtask",
            "[x] 指輪を登場させる",
            "--subtask",
            "回収シーンの下書き",
        ],
        &["--no-save", "todo", "move", "T003", "first"],
        &["--no-save", "todo", "move", "T002", "after", "T001"],
        &["--no-save", "todo", "list"],
        &["--no-save", "todo", "search", "指輪"],
        &["--no-save", "todo", "delete", "T002"],
        &[
            "--no-save",
            "context",
            "append",
            "T001",
            "--section",
            "メモ",
            "回収は終盤。",
        ],
        &["--no-save", "context", "show", "T001"],
        &["--no-save", "context", "search", "終盤"],
    ];
    let mut transcript = String::new();
    for args in steps {
        let (code, out, err) = noveler(root, args, None);
        assert_eq!(code, 0, "{args:?}: {err}");
        transcript.push_str(&format!("$ noveler {}\n{out}\n", args[1..].join(" ")));
    }
    let (code, _, _) = noveler(
        root,
        &["--no-save", "context", "set", "T001", "-"],
        Some("標準入力から\n"),
    );
    assert_eq!(code, 0);
    assert_eq!(read(&ctx, ".todo/context/T001.md"), "標準入力から\n");
    insta::assert_snapshot!("cli_text_session", transcript);
    insta::assert_snapshot!("cli_task_md_after_session", read(&ctx, ".todo/task.md"));
    assert!(!root.join("temp").exists(), "--no-save writes no envelope");
}

#[test]
fn cli_adr_commands() {
    let (_d, ctx) = project();
    let root = &ctx.root;
    let (code, out, err) = noveler(
        root,
        &[
            "--no-save",
            "adr",
            "new",
            "魔法体系は三属性に決定",
            "--context",
            "増えすぎた",
            "--decision",
            "三属性",
            "--rationale",
            "覚えやすい",
        ],
        None,
    );
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("ADR-001 を作成しました: 魔法体系は三属性に決定（Proposed）\n"),
        "{out}"
    );
    let (code, out, _) = noveler(
        root,
        &["--no-save", "adr", "status", "1", "accepted", "-r", "確定"],
        None,
    );
    assert_eq!(code, 0);
    assert!(out.starts_with("ADR-001: Proposed → Accepted\n"), "{out}");
    let (code, out, _) = noveler(
        root,
        &["--no-save", "adr", "list", "--format", "json"],
        None,
    );
    assert_eq!(code, 0);
    let env: serde_json::Value = serde_json::from_str(&out).unwrap();
    insta::assert_json_snapshot!("cli_list_adrs_result", env["result"], {
        ".adrs[].created_at" => "[ts]",
        ".adrs[].updated_at" => "[ts]",
    });
    let (code, _, err) = noveler(root, &["--no-save", "adr", "status", "0", "Accepted"], None);
    assert_eq!(code, 2);
    assert!(err.contains("INVALID_ADR_NUMBER"), "{err}");
}

// ------------------------------------------------------------------ MCP

/// A minimal line-delimited JSON-RPC client of `noveler mcp`.
struct Mcp(McpProcess);

impl Mcp {
    fn start(root: &Path) -> Mcp {
        let mut mcp = Mcp(McpProcess::spawn(root, &["--quiet", "--tools", "seed"]));
        mcp.request(0, "initialize", serde_json::json!({"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "todo-test", "version": "1"}}));
        mcp.0
            .send(&serde_json::json!({"jsonrpc": "2.0", "method": "notifications/initialized"}));
        mcp
    }

    fn request(&mut self, id: i64, method: &str, params: serde_json::Value) -> serde_json::Value {
        self.0.send(
            &serde_json::json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}),
        );
        loop {
            let line = self
                .0
                .recv(std::time::Duration::from_secs(60))
                .expect("a response");
            let v: serde_json::Value = serde_json::from_str(&line).unwrap();
            if v["id"] == id && v.get("method").is_none() {
                return v;
            }
        }
    }

    fn call(&mut self, id: i64, tool: &str, args: serde_json::Value) -> serde_json::Value {
        let r = self.request(
            id,
            "tools/call",
            serde_json::json!({"name": tool, "arguments": args}),
        );
        r["result"]["structuredContent"].clone()
    }
}

#[test]
fn mcp_tools_and_read_only_resources() {
    let (_d, ctx) = project();
    let mut mcp = Mcp::start(&ctx.root);
    let init_caps = mcp.request(1, "tools/list", serde_json::json!({}));
    let names = common::strs(&init_caps["result"]["tools"], "name");
    for name in TOOLS.map(|t| t.0) {
        assert!(names.contains(&name), "{name} is not listed");
    }
    let created = mcp.call(
        2,
        "create_task",
        serde_json::json!({"title": "第5話で伏線Aを回収する", "category": "伏線"}),
    );
    assert_eq!(created["result"]["task_id"], "T001");
    mcp.call(3, "create_adr", serde_json::json!({"title": "魔法体系は三属性に決定", "context": "c", "decision": "d", "rationale": "r"}));

    // the seed's error shape: code, message, details {field, value}
    let err = mcp.call(4, "get_context", serde_json::json!({"task_id": "T1"}));
    assert_eq!(err["success"], false);
    assert_eq!(err["error"]["code"], "INVALID_TASK_ID");
    assert_eq!(
        err["error"]["details"],
        serde_json::json!({"field": "task_id", "value": "T1"})
    );
    assert!(err["error"]["message"]
        .as_str()
        .is_some_and(|m| !m.is_empty()));

    let listed = mcp.request(5, "resources/list", serde_json::json!({}));
    let uris = common::strs(&listed["result"]["resources"], "uri");
    assert_eq!(
        uris,
        [
            "file://.todo/index.md",
            "file://.todo/task.md",
            "file://.todo/adr/adr-001-魔法体系は三属性に決定.md",
            "file://.todo/context/T001.md"
        ]
    );
    let templates = mcp.request(6, "resources/templates/list", serde_json::json!({}));
    let t = common::strs(&templates["result"]["resourceTemplates"], "uriTemplate");
    assert_eq!(
        t,
        [
            "file://.todo/adr/{adr-id}.md",
            "file://.todo/context/{task-id}.md"
        ]
    );
    for (i, uri) in uris.iter().enumerate() {
        let r = mcp.request(
            10 + i as i64,
            "resources/read",
            serde_json::json!({"uri": uri}),
        );
        let contents = &r["result"]["contents"][0];
        assert_eq!(contents["mimeType"], "text/markdown");
        let rel = uri.trim_start_matches("file://");
        assert_eq!(contents["text"].as_str().unwrap(), read(&ctx, rel), "{uri}");
    }
    let missing = mcp.request(
        20,
        "resources/read",
        serde_json::json!({"uri": "file://.todo/context/T404.md"}),
    );
    assert!(missing["error"]["code"].is_i64(), "{missing}");
    assert_eq!(missing["error"]["data"]["error"]["code"], "FILE_NOT_FOUND");
    let outside = mcp.request(
        21,
        "resources/read",
        serde_json::json!({"uri": "file://.todo/../Cargo.toml"}),
    );
    assert!(outside.get("error").is_some(), "{outside}");
}

/// `cursor` pages a long list: the next page starts where the previous one ended, and the
/// total counts every match.
#[test]
fn list_tasks_pages_with_a_cursor() {
    let (_dir, ctx) = project();
    for i in 1..=7 {
        add(&ctx, &format!("タスク{i}"), None);
    }
    let page = |cursor| {
        list_tasks(
            &ctx,
            ListTasksRequest {
                limit: 3,
                cursor,
                ..Default::default()
            },
        )
        .unwrap()
    };
    let titles = |r: &ListTasksReport| r.tasks.iter().map(|t| t.title.clone()).collect::<Vec<_>>();
    assert_eq!(titles(&page(0)), ["タスク1", "タスク2", "タスク3"]);
    assert_eq!(titles(&page(3)), ["タスク4", "タスク5", "タスク6"]);
    let last = page(6);
    assert_eq!(titles(&last), ["タスク7"]);
    assert_eq!(last.total_count, 7);
    assert!(page(10).tasks.is_empty());
}
