//! `.todo/index.md`: navigation over tasks, contexts and ADRs, regenerated after every
//! change (never edited in place; it says so at the top). Deterministic: no timestamps, so
//! it is rewritten only when something it shows changed.

use super::adr::AdrStatus;
use super::tasks::{Parsed, Status};
use std::fmt::Write;

/// What the index shows of one ADR.
pub struct AdrLine<'a> {
    pub number: u16,
    pub file_name: &'a str,
    pub title: &'a str,
    pub status: &'a str,
}

pub fn render(parsed: &Parsed, adrs: &[AdrLine<'_>]) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "# Index\n");
    let _ = writeln!(
        s,
        "<!-- noveler が自動生成するナビゲーションです。手で編集しても次の更新で書き直されます。 -->\n"
    );
    let count = |st: Status| parsed.tasks.iter().filter(|t| t.status == st).count();
    let _ = writeln!(
        s,
        "- [タスク一覧](task.md): {} 件（未着手 {} / 作業中 {} / 完了 {}）",
        parsed.tasks.len(),
        count(Status::Todo),
        count(Status::InProgress),
        count(Status::Done)
    );
    let acount = |st: AdrStatus| {
        adrs.iter()
            .filter(|a| AdrStatus::parse_loose(a.status) == Some(st))
            .count()
    };
    let _ = writeln!(
        s,
        "- [ADR](adr/): {} 件（Proposed {} / Accepted {} / Deprecated {}）",
        adrs.len(),
        acount(AdrStatus::Proposed),
        acount(AdrStatus::Accepted),
        acount(AdrStatus::Deprecated)
    );
    let _ = writeln!(s, "- コンテキスト: `context/<タスクID>.md`");
    let _ = writeln!(s, "\n## タスク");
    for category in parsed.categories() {
        let tasks: Vec<_> = parsed.in_category(&category).collect();
        if tasks.is_empty() {
            continue;
        }
        let name = if category.is_empty() {
            "（カテゴリなし）"
        } else {
            category.as_str()
        };
        let _ = writeln!(s, "\n### {name}\n");
        for t in tasks {
            let id = t.id_str();
            let _ = writeln!(
                s,
                "- {} [{id}](context/{id}.md) {}",
                t.status.checkbox(),
                t.title
            );
        }
    }
    let _ = writeln!(s, "\n## ADR\n");
    if adrs.is_empty() {
        let _ = writeln!(s, "（まだありません）");
    }
    for a in adrs {
        let _ = writeln!(
            s,
            "- [ADR-{:03}](adr/{}) {} — {}",
            a.number, a.file_name, a.title, a.status
        );
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::todo::tasks::TaskFile;

    #[test]
    fn lists_tasks_by_category_and_adrs() {
        let f = TaskFile::parse("## A\n- [x] a #T001\n- [ ] b #T002\n## 空\n");
        let adrs = [AdrLine {
            number: 1,
            file_name: "adr-001-x.md",
            title: "X",
            status: "Accepted",
        }];
        let out = render(&f.parsed(), &adrs);
        assert!(out.contains("2 件（未着手 1 / 作業中 0 / 完了 1）"));
        assert!(out.contains(
            "### A\n\n- [x] [T001](context/T001.md) a\n- [ ] [T002](context/T002.md) b\n"
        ));
        assert!(!out.contains("### 空"));
        assert!(out.contains("- [ADR-001](adr/adr-001-x.md) X — Accepted\n"));
        assert!(out.contains("1 件（Proposed 0 / Accepted 1 / Deprecated 0）"));
    }
}
