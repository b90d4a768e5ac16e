//! Text rendering of the task memory commands (`noveler todo|adr|context …`).

use crate::commands::todo::*;
use std::fmt::Write;

fn warnings(s: &mut String, warnings: &[String]) {
    for w in warnings {
        let _ = writeln!(s, "警告: {w}");
    }
}

pub(crate) fn created_task(r: &CreateTaskReport) -> String {
    let mut s = format!(
        "{} を作成しました: {}（カテゴリ: {}、優先度 {}）\nコンテキスト: {}\n",
        r.task_id, r.title, r.category, r.priority, r.file_path
    );
    warnings(&mut s, &r.warnings);
    s
}

pub(crate) fn updated_task(r: &UpdateTaskReport) -> String {
    let mut s = if r.updated_fields.is_empty() {
        format!("{}: 変更はありません\n", r.task_id)
    } else {
        format!(
            "{} を更新しました: {}\n",
            r.task_id,
            r.updated_fields.join(", ")
        )
    };
    warnings(&mut s, &r.warnings);
    s
}

pub(crate) fn deleted_task(r: &DeleteTaskReport) -> String {
    let mut s = format!("{} を削除しました\n", r.task_id);
    for f in &r.deleted_files {
        let _ = writeln!(s, "削除したファイル: {f}");
    }
    warnings(&mut s, &r.warnings);
    s
}

pub(crate) fn reordered_task(r: &ReorderTaskReport) -> String {
    let mut s = if let Some(from) = &r.previous_category {
        format!(
            "{} を移動しました: {} の {} 番目 → {} の {} 番目\n",
            r.task_id, from, r.old_position, r.category, r.new_position
        )
    } else if r.old_position == r.new_position {
        format!(
            "{}: 位置は変わりません（{} の {} 番目）\n",
            r.task_id, r.category, r.new_position
        )
    } else {
        format!(
            "{} を移動しました: {} 番目 → {} の {} 番目\n",
            r.task_id, r.old_position, r.category, r.new_position
        )
    };
    warnings(&mut s, &r.warnings);
    s
}

pub(crate) fn task_list(r: &ListTasksReport) -> String {
    let mut s = String::new();
    let mut current: Option<&str> = None;
    for t in &r.tasks {
        if current != Some(t.category.as_str()) {
            if current.is_some() {
                s.push('\n');
            }
            let name = if t.category.is_empty() {
                "（カテゴリなし）"
            } else {
                &t.category
            };
            let _ = writeln!(s, "## {name}");
            current = Some(&t.category);
        }
        let progress = if t.subtasks_count > 0 {
            format!("  ({}/{})", t.subtasks_done, t.subtasks_count)
        } else {
            String::new()
        };
        let _ = writeln!(
            s,
            "{:>3}. {} {} {}{progress}",
            t.priority,
            t.status.checkbox(),
            t.task_id,
            t.title
        );
        for sub in &t.subtasks {
            let _ = writeln!(s, "          {} {}", sub.status.checkbox(), sub.title);
        }
    }
    if r.tasks.is_empty() {
        s.push_str("タスクはありません\n");
    } else if r.tasks.len() < r.total_count {
        let _ = writeln!(
            s,
            "\n{} 件中 {} 件を表示（--limit で増やせます）",
            r.total_count,
            r.tasks.len()
        );
    } else {
        let _ = writeln!(s, "\n{} 件", r.total_count);
    }
    warnings(&mut s, &r.warnings);
    s
}

pub(crate) fn task_hits(r: &SearchTasksReport) -> String {
    let mut s = String::new();
    for h in &r.results {
        let _ = writeln!(
            s,
            "{:.2}  {} {} {}（{}）\n      {}",
            h.match_score,
            h.status.checkbox(),
            h.task_id,
            h.title,
            h.category,
            h.matched_content
        );
    }
    let _ = writeln!(
        s,
        "{} 件一致{}",
        r.total_matches,
        if r.results.len() < r.total_matches {
            format!("（上位 {} 件を表示）", r.results.len())
        } else {
            String::new()
        }
    );
    s
}

pub(crate) fn created_adr(r: &CreateAdrReport) -> String {
    let mut s = format!(
        "ADR-{:03} を作成しました: {}（{}）\nファイル: {}\n",
        r.adr_number,
        r.title,
        r.status.as_str(),
        r.file_path
    );
    warnings(&mut s, &r.warnings);
    s
}

pub(crate) fn adr_status_changed(r: &UpdateAdrStatusReport) -> String {
    let mut s = format!(
        "ADR-{:03}: {} → {}\nファイル: {}\n",
        r.adr_number,
        r.old_status,
        r.new_status.as_str(),
        r.file_path
    );
    warnings(&mut s, &r.warnings);
    s
}

pub(crate) fn adr_list(r: &ListAdrsReport) -> String {
    let mut s = String::new();
    for a in &r.adrs {
        let _ = writeln!(
            s,
            "ADR-{:03}  {:<10}  {}  (更新 {})",
            a.adr_number, a.status, a.title, a.updated_at
        );
    }
    if r.adrs.is_empty() {
        s.push_str("ADR はありません\n");
    } else if r.adrs.len() < r.total_count {
        let _ = writeln!(s, "\n{} 件中 {} 件を表示", r.total_count, r.adrs.len());
    } else {
        let _ = writeln!(s, "\n{} 件", r.total_count);
    }
    s
}

pub(crate) fn context_updated(r: &UpdateContextReport) -> String {
    format!(
        "{} のコンテキストを更新しました: {}\n",
        r.task_id, r.file_path
    )
}

pub(crate) fn context_shown(r: &GetContextReport) -> String {
    r.content.clone()
}

pub(crate) fn context_hits(r: &SearchContextsReport) -> String {
    let mut s = String::new();
    for h in &r.results {
        let _ = writeln!(
            s,
            "{:.2}  {}  {}\n      {}",
            h.match_score, h.task_id, h.file_path, h.matched_content
        );
    }
    let _ = writeln!(
        s,
        "{} 件一致（{} ファイルを検索）",
        r.total_matches, r.files_searched
    );
    warnings(&mut s, &r.warnings);
    s
}
