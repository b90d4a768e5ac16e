//! Benchmark of the task memory (seed 004 §7): normal operations and searches on a store of
//! 999 tasks and 10,000 files under `.todo/context/`, plus peak memory.
//!
//! Run with `benches/todo.sh` (builds in release and runs this example). Prints figures;
//! asserts nothing. Targets: operations < 100 ms, searches < 500 ms, memory < 100 MB.
//!
//! Task ids are `T001`…`T999`, so at most 999 of the context files can belong to tasks; the
//! other 9,001 files are notes an author keeps next to them (`notes-NNNN.md`). `search_contexts`
//! lists all 10,000 and reads the 999 task contexts; the last line measures the raw scan
//! (`todo::context::search`) reading and matching all 10,000 files.

use noveler::commands::todo::*;
use noveler::commands::{self, Ctx};
use std::path::PathBuf;
use std::time::Instant;

const CATEGORIES: usize = 12;
const TASKS: usize = 999;
const CONTEXT_FILES: usize = 10_000;
const ADRS: usize = 100;
const RUNS: usize = 15;

fn filler(seed: usize, chars: usize) -> String {
    const WORDS: [&str; 12] = [
        "主人公は",
        "王都の",
        "古い指輪を",
        "見つけた。",
        "魔法体系は",
        "三属性で、",
        "伏線は",
        "第5話で",
        "回収する。",
        "読者の",
        "反応を",
        "見ながら調整する。",
    ];
    let mut s = String::new();
    let mut i = seed;
    while s.chars().count() < chars {
        s.push_str(WORDS[i % WORDS.len()]);
        i = i.wrapping_mul(31).wrapping_add(7);
        if i.is_multiple_of(5) {
            s.push('\n');
        }
    }
    s
}

fn build(root: &std::path::Path) {
    let todo = root.join(".todo");
    std::fs::create_dir_all(todo.join("context")).unwrap();
    std::fs::create_dir_all(todo.join("adr")).unwrap();
    let mut md = String::from("# Task\n\n");
    let per = TASKS.div_ceil(CATEGORIES);
    let mut n = 0;
    for c in 0..CATEGORIES {
        md.push_str(&format!("## 第{}章\n", c + 1));
        for _ in 0..per {
            n += 1;
            if n > TASKS {
                break;
            }
            let mark = [" ", "-", "x"][n % 3];
            md.push_str(&format!(
                "- [{mark}] 第{n}話の見直しと伏線の確認 #T{n:03}\n"
            ));
            for s in 0..3 {
                md.push_str(&format!("  - [ ] サブタスク{s}（場面{n}）\n"));
            }
        }
        md.push('\n');
    }
    std::fs::write(todo.join("task.md"), md).unwrap();
    for n in 1..=TASKS {
        let body = format!("# T{n:03}: 第{n}話\n\n## メモ\n\n{}\n", filler(n, 1500));
        std::fs::write(todo.join(format!("context/T{n:03}.md")), body).unwrap();
    }
    for k in 0..CONTEXT_FILES - TASKS {
        std::fs::write(
            todo.join(format!("context/notes-{k:04}.md")),
            filler(k, 1500),
        )
        .unwrap();
    }
    for a in 1..=ADRS {
        let body = format!(
            "# ADR-{a:03}: 決定{a}\n\n- Status: Accepted\n- Created: 2026-01-01T00:00:00.000Z\n- Updated: 2026-01-01T00:00:00.000Z\n\n## Context\n\n{}\n\n## History\n\n- 2026-01-01T00:00:00.000Z Accepted: 作成\n",
            filler(a, 300)
        );
        std::fs::write(todo.join(format!("adr/adr-{a:03}-decision-{a}.md")), body).unwrap();
    }
}

struct Stat {
    name: &'static str,
    kind: &'static str,
    ms: Vec<Timing>,
}

/// Wall time and CPU time (all threads) of one call, in ms.
#[derive(Clone, Copy)]
struct Timing {
    wall: f64,
    cpu: f64,
}

/// CPU time of every thread of this process so far, in ms (`/proc/self/task/*/schedstat`):
/// unlike wall time it does not grow when other processes compete for the cores.
fn cpu_ms() -> f64 {
    let Ok(tasks) = std::fs::read_dir("/proc/self/task") else {
        return 0.0;
    };
    tasks
        .filter_map(|t| t.ok())
        .filter_map(|t| std::fs::read_to_string(t.path().join("schedstat")).ok())
        .filter_map(|s| s.split_whitespace().next()?.parse::<f64>().ok())
        .sum::<f64>()
        / 1e6
}

fn time<R>(f: impl FnOnce() -> R) -> (R, Timing) {
    let c = cpu_ms();
    let t = Instant::now();
    let r = f();
    let wall = t.elapsed().as_secs_f64() * 1000.0;
    (
        r,
        Timing {
            wall,
            cpu: cpu_ms() - c,
        },
    )
}

fn median(mut v: Vec<f64>) -> (f64, f64) {
    v.sort_by(f64::total_cmp);
    (v[v.len() / 2], v[v.len() - 1])
}

fn peak_rss_mb() -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}

fn main() {
    // TODO_BENCH_DIR keeps the store for benches/todo.sh's command-line timings
    let keep = std::env::var_os("TODO_BENCH_DIR").map(PathBuf::from);
    let dir = tempfile::tempdir().unwrap();
    let root = keep.clone().unwrap_or_else(|| dir.path().to_path_buf());
    if keep.is_some() {
        let _ = std::fs::remove_dir_all(root.join(".todo"));
        let _ = std::fs::remove_dir_all(root.join("temp"));
    }
    let (_, build_ms) = time(|| build(&root));
    let ctx = Ctx::new(root.clone()); // saves envelopes, as the CLI does
    println!(
        "store: {TASKS} tasks in {CATEGORIES} categories (3 subtasks each), {CONTEXT_FILES} files in .todo/context/ ({TASKS} task contexts of ~1,500 chars), {ADRS} ADRs; built in {:.0} ms",
        build_ms.wall
    );
    let mut stats: Vec<Stat> = Vec::new();
    let mut record = |name: &'static str, kind: &'static str, ms: Timing| match stats
        .iter_mut()
        .find(|s| s.name == name)
    {
        Some(s) => s.ms.push(ms),
        None => stats.push(Stat {
            name,
            kind,
            ms: vec![ms],
        }),
    };
    for run in 0..RUNS {
        let id = |n: usize| format!("T{:03}", n);
        let victim = 100 + run * 7;
        let (r, ms) = time(|| {
            commands::execute(&ctx, "delete_task", |c| {
                delete_task(
                    c,
                    DeleteTaskRequest {
                        task_id: id(victim),
                    },
                )
            })
        });
        assert!(r.report.is_ok(), "{:?}", r.report.err());
        record("delete_task", "op", ms);
        let (r, ms) = time(|| {
            commands::execute(&ctx, "create_task", |c| {
                create_task(
                    c,
                    CreateTaskRequest {
                        title: format!("追加タスク{run}"),
                        category: Some("第3章".into()),
                        subtasks: vec!["下書き".into()],
                        ..Default::default()
                    },
                )
            })
        });
        assert!(r.report.is_ok(), "{:?}", r.report.err());
        record("create_task (999th task)", "op", ms);
        let (r, ms) = time(|| {
            commands::execute(&ctx, "update_task", |c| {
                update_task(
                    c,
                    UpdateTaskRequest {
                        task_id: id(500 + run),
                        status: Some(["todo", "in_progress", "done"][run % 3].into()),
                        title: Some(format!("改題{run}")),
                        ..Default::default()
                    },
                )
            })
        });
        assert!(r.report.is_ok());
        record("update_task (title+status)", "op", ms);
        let (r, ms) = time(|| {
            commands::execute(&ctx, "reorder_task", |c| {
                reorder_task(
                    c,
                    ReorderTaskRequest {
                        task_id: id(900 - run),
                        position: "before".into(),
                        reference_task_id: Some(id(10 + run)),
                    },
                )
            })
        });
        assert!(r.report.is_ok());
        record("reorder_task (before, across categories)", "op", ms);
        let (r, ms) = time(|| {
            commands::execute(&ctx, "list_tasks", |c| {
                list_tasks(
                    c,
                    ListTasksRequest {
                        status: Some("todo".into()),
                        ..Default::default()
                    },
                )
            })
        });
        assert!(r.report.is_ok());
        record("list_tasks (status filter)", "op", ms);
        let (r, ms) = time(|| {
            commands::execute(&ctx, "update_context", |c| {
                update_context(
                    c,
                    UpdateContextRequest {
                        task_id: id(300 + run),
                        content: "追記".into(),
                        append: true,
                        section: Some("メモ".into()),
                    },
                )
            })
        });
        assert!(r.report.is_ok());
        record("update_context (append to section)", "op", ms);
        let (r, ms) = time(|| {
            commands::execute(&ctx, "get_context", |c| {
                get_context(c, GetContextRequest { task_id: id(301) })
            })
        });
        assert!(r.report.is_ok());
        record("get_context", "op", ms);
        let (r, ms) = time(|| {
            commands::execute(&ctx, "create_adr", |c| {
                create_adr(
                    c,
                    CreateAdrRequest {
                        title: format!("決定{run}"),
                        context: "背景".into(),
                        decision: "決定".into(),
                        rationale: "理由".into(),
                        ..Default::default()
                    },
                )
            })
        });
        assert!(r.report.is_ok());
        record("create_adr", "op", ms);
        let (r, ms) = time(|| {
            commands::execute(&ctx, "update_adr_status", |c| {
                update_adr_status(
                    c,
                    UpdateAdrStatusRequest {
                        adr_number: 1 + run as i64,
                        status: "Deprecated".into(),
                        reason: Some("見直し".into()),
                    },
                )
            })
        });
        assert!(r.report.is_ok());
        record("update_adr_status", "op", ms);
        let (r, ms) =
            time(|| commands::execute(&ctx, "list_adrs", |c| list_adrs(c, Default::default())));
        assert!(r.report.is_ok());
        record("list_adrs", "op", ms);
        let (r, ms) = time(|| {
            commands::execute(&ctx, "search_tasks", |c| {
                search_tasks(
                    c,
                    SearchTasksRequest {
                        query: "伏線 場面5".into(),
                        ..Default::default()
                    },
                )
            })
        });
        assert!(r.report.is_ok());
        record("search_tasks (title+content)", "search", ms);
        let (r, ms) = time(|| {
            commands::execute(&ctx, "search_tasks", |c| {
                search_tasks(
                    c,
                    SearchTasksRequest {
                        query: "指輪".into(),
                        search_in: Some(vec!["title".into(), "content".into(), "context".into()]),
                        ..Default::default()
                    },
                )
            })
        });
        assert!(r.report.is_ok());
        record("search_tasks (+context, 999 files)", "search", ms);
        let (r, ms) = time(|| {
            commands::execute(&ctx, "search_contexts", |c| {
                search_contexts(
                    c,
                    SearchContextsRequest {
                        query: "古い指輪".into(),
                        ..Default::default()
                    },
                )
            })
        });
        assert!(r.report.is_ok());
        record("search_contexts (lists 10,000, reads 999)", "search", ms);
        let (hits, ms) = time(|| {
            let files: Vec<(u16, PathBuf)> = std::fs::read_dir(root.join(".todo/context"))
                .unwrap()
                .map(|e| e.unwrap().path())
                .enumerate()
                .map(|(i, p)| ((i % 999 + 1) as u16, p))
                .collect();
            noveler::todo::context::search(&files, &["古い指輪".to_string()], 20).total
        });
        assert!(hits > 0);
        record("raw scan: read + match all 10,000 files", "search", ms);
    }
    println!(
        "{:<46} {:>6} {:>11} {:>11} {:>11} {:>8}",
        "operation", "kind", "wall median", "wall max", "cpu median", "target"
    );
    for s in &stats {
        let (wall, wall_max) = median(s.ms.iter().map(|t| t.wall).collect());
        let (cpu, _) = median(s.ms.iter().map(|t| t.cpu).collect());
        let target = if s.kind == "op" { 100.0 } else { 500.0 };
        println!(
            "{:<46} {:>6} {:>9.1}ms {:>9.1}ms {:>9.1}ms {:>6.0}ms{}",
            s.name,
            s.kind,
            wall,
            wall_max,
            cpu,
            target,
            if wall_max > target {
                "  (wall max over target)"
            } else {
                ""
            }
        );
    }
    match peak_rss_mb() {
        Some(mb) => println!(
            "peak memory (VmHWM): {mb:.1} MB (target 100 MB){}",
            if mb > 100.0 { "  OVER" } else { "" }
        ),
        None => println!("peak memory: /proc/self/status not available"),
    }
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    let cores = std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1);
    println!(
        "({RUNS} runs each; envelopes saved to temp/json_output/ as the CLI does; warm page cache; \
         {cores} cores, load average {}: wall time grows with the load, cpu = CPU time of all threads)",
        load.split_whitespace().take(3).collect::<Vec<_>>().join(" ")
    );
}
