//! `.todo/task.md`: categories are `##` sections, main tasks are checkbox lines carrying a
//! `#T001` id, subtasks are the indented checkbox lines under them; a task's position in its
//! category is its priority (first = highest).
//!
//! ```markdown
//! # Task
//!
//! ## 伏線
//! - [ ] 第5話で伏線Aを回収する #T001
//!   - [x] 第3話で指輪を登場させる
//!   - [ ] 回収シーンの下書き
//! - [-] 魔法体系の用語を整理する #T002
//! ```
//!
//! The file is kept as lines ([`LineDoc`]); parsing reads structure out of them and every
//! edit touches only the lines of the task concerned. Lines the parser does not understand
//! (prose, other headings, other lists, code blocks, checkbox lines without an id) are kept
//! exactly as they are.

use super::lines::{Line, LineDoc};
use super::markdown::{checkbox, heading, indent_width, task_id_token, without_token, Skipper};
use std::collections::BTreeMap;

/// The heading a new task.md starts with.
pub const FILE_TITLE: &str = "# Task";
/// The category of a task created without one.
pub const DEFAULT_CATEGORY: &str = "未分類";

/// A task's state; the Markdown mark and the API word (seed 004 §8.1).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    Todo,
    InProgress,
    Done,
}

impl Status {
    pub const ALL: [Status; 3] = [Status::Todo, Status::InProgress, Status::Done];

    pub fn as_str(self) -> &'static str {
        match self {
            Status::Todo => "todo",
            Status::InProgress => "in_progress",
            Status::Done => "done",
        }
    }

    /// The API word (`todo`, `in_progress`, `done`).
    pub fn parse(text: &str) -> Option<Status> {
        Status::ALL.into_iter().find(|s| s.as_str() == text)
    }

    pub fn mark(self) -> char {
        match self {
            Status::Todo => ' ',
            Status::InProgress => '-',
            Status::Done => 'x',
        }
    }

    pub(crate) fn from_mark(mark: char) -> Option<Status> {
        match mark {
            ' ' => Some(Status::Todo),
            '-' => Some(Status::InProgress),
            'x' | 'X' => Some(Status::Done),
            _ => None,
        }
    }

    /// `[ ]`, `[-]`, `[x]`.
    pub(crate) fn checkbox(self) -> String {
        format!("[{}]", self.mark())
    }
}

/// `T001` for 1.
pub(crate) fn format_id(n: u16) -> String {
    format!("T{n:03}")
}

/// 1 for `T001`; `None` unless exactly `T` and three digits, 001–999.
pub(crate) fn parse_id(text: &str) -> Option<u16> {
    let digits = text.strip_prefix('T')?;
    if digits.len() != 3 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let n: u16 = digits.parse().ok()?;
    (n > 0).then_some(n)
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Subtask {
    /// Line index in the file.
    pub line: usize,
    pub status: Status,
    pub title: String,
    pub indent: usize,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Task {
    pub id: u16,
    pub status: Status,
    pub title: String,
    /// Category name (`""` for tasks above the first `##` heading).
    pub category: String,
    /// Line of the task itself.
    pub line: usize,
    /// One past the task's last line (subtasks and indented notes belong to it).
    pub end: usize,
    pub indent: usize,
    pub subtasks: Vec<Subtask>,
    /// Indented lines under the task that are not subtasks, trimmed.
    pub notes: Vec<String>,
}

impl Task {
    pub(crate) fn id_str(&self) -> String {
        format_id(self.id)
    }
}

/// A checkbox item outside every task that has no id: kept, listed as a warning.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Untracked {
    pub line: usize,
    pub text: String,
    pub category: String,
}

/// A `##` section (or the part of the file before the first one, named `""`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Section {
    pub name: String,
    /// The heading line, `None` for the part before the first heading.
    pub heading: Option<usize>,
    /// First line after the heading.
    pub start: usize,
    /// One past the section's last line.
    pub end: usize,
}

/// What the parser read from task.md.
#[derive(Clone, Debug, Default)]
pub struct Parsed {
    pub sections: Vec<Section>,
    pub tasks: Vec<Task>,
    pub untracked: Vec<Untracked>,
    /// Every id written anywhere in the file, tasks or not (never handed out again).
    pub ids_seen: std::collections::BTreeSet<u16>,
    /// Ids used by more than one task line.
    pub duplicates: Vec<u16>,
}

impl Parsed {
    pub fn find(&self, id: u16) -> Option<&Task> {
        self.tasks.iter().find(|t| t.id == id)
    }

    /// Tasks of `category`, in file order.
    pub(crate) fn in_category<'a>(
        &'a self,
        category: &'a str,
    ) -> impl Iterator<Item = &'a Task> + 'a {
        self.tasks.iter().filter(move |t| t.category == category)
    }

    /// 1-based position of task `id` within its category.
    pub fn position(&self, id: u16) -> Option<usize> {
        let task = self.find(id)?;
        self.in_category(&task.category)
            .position(|t| t.id == id)
            .map(|p| p + 1)
    }

    /// Category names in order of first appearance (sections without tasks included).
    pub fn categories(&self) -> Vec<String> {
        let mut names: Vec<String> = Vec::new();
        for s in &self.sections {
            let used = !s.name.is_empty()
                || self
                    .tasks
                    .iter()
                    .any(|t| t.line >= s.start && t.line < s.end);
            if used && !names.contains(&s.name) {
                names.push(s.name.clone());
            }
        }
        names
    }
}

/// task.md as lines, with the edits the tools make.
#[derive(Clone, Debug, Default)]
pub struct TaskFile {
    pub doc: LineDoc,
}

impl TaskFile {
    pub fn parse(text: &str) -> TaskFile {
        TaskFile {
            doc: LineDoc::parse(text),
        }
    }

    pub fn render(&self) -> String {
        self.doc.render()
    }

    /// Reads the structure out of the lines.
    // Long on purpose: a single-pass state machine over the lines. Three pieces of state
    // (the open section, the open task or untracked block with its indent, the fenced-code
    // skipper) decide how each next line is read, and every branch updates them; split into
    // functions, each would take and return all three.
    pub fn parsed(&self) -> Parsed {
        let doc = &self.doc;
        let mut out = Parsed::default();
        let mut skip = Skipper::default();
        let mut section = Section {
            name: String::new(),
            heading: None,
            start: 0,
            end: doc.len(),
        };
        // the task or untracked item whose block we are in: (indent, is_task)
        let mut open: Option<(usize, bool)> = None;
        let mut seen_count: BTreeMap<u16, usize> = BTreeMap::new();
        let n = doc.len();
        let mut i = 0;
        while i < n {
            let line = doc.text(i);
            if skip.skip(line) {
                open = None;
                i += 1;
                continue;
            }
            // every id token counts as used, wherever it is
            if let Some(cb) = checkbox(line) {
                if let Some((id, _)) = task_id_token(cb.text) {
                    out.ids_seen.insert(id);
                }
            }
            if let Some((level, name)) = heading(line) {
                open = None;
                if level <= 2 {
                    section.end = i;
                    out.sections.push(section);
                    section = Section {
                        name: if level == 2 {
                            name.to_string()
                        } else {
                            String::new()
                        },
                        heading: Some(i),
                        start: i + 1,
                        end: n,
                    };
                }
                i += 1;
                continue;
            }
            let blank = line.trim().is_empty();
            let indent = indent_width(line);
            // inside an open block: deeper lines (and blank lines followed by deeper ones)
            if let Some((base, is_task)) = open {
                let continues = if blank {
                    next_nonblank(doc, i + 1).is_some_and(|j| {
                        indent_width(doc.text(j)) > base && heading(doc.text(j)).is_none()
                    })
                } else {
                    indent > base && checkbox(line).is_none_or(|c| task_id_token(c.text).is_none())
                };
                if continues {
                    if let (true, false, Some(task)) = (is_task, blank, out.tasks.last_mut()) {
                        match checkbox(line) {
                            Some(cb) => {
                                let status = Status::from_mark(cb.mark).unwrap_or(Status::Todo);
                                task.subtasks.push(Subtask {
                                    line: i,
                                    status,
                                    title: cb.text.trim().to_string(),
                                    indent: cb.indent,
                                });
                            }
                            None => task.notes.push(line.trim().to_string()),
                        }
                    }
                    if is_task {
                        if let Some(task) = out.tasks.last_mut() {
                            task.end = i + 1;
                        }
                    }
                    i += 1;
                    continue;
                }
                open = None;
            }
            if let Some(cb) = checkbox(line) {
                let status = Status::from_mark(cb.mark).unwrap_or(Status::Todo);
                match task_id_token(cb.text) {
                    Some((id, range)) => {
                        *seen_count.entry(id).or_default() += 1;
                        out.tasks.push(Task {
                            id,
                            status,
                            title: without_token(cb.text, range),
                            category: section.name.clone(),
                            line: i,
                            end: i + 1,
                            indent: cb.indent,
                            subtasks: Vec::new(),
                            notes: Vec::new(),
                        });
                        open = Some((cb.indent, true));
                    }
                    None => {
                        out.untracked.push(Untracked {
                            line: i,
                            text: cb.text.trim().to_string(),
                            category: section.name.clone(),
                        });
                        open = Some((cb.indent, false));
                    }
                }
            }
            i += 1;
        }
        section.end = n;
        out.sections.push(section);
        out.duplicates = seen_count
            .into_iter()
            .filter(|(_, c)| *c > 1)
            .map(|(id, _)| id)
            .collect();
        out
    }

    /// Adds a task at the end of `category` (creating the section at the end of the file
    /// when there is none).
    pub fn add(&mut self, id: u16, title: &str, category: &str, subtasks: &[(Status, String)]) {
        let parsed = self.parsed();
        let mut lines = vec![task_line("-", 0, Status::Todo, title, id)];
        lines.extend(subtask_lines("-", 2, subtasks));
        match insertion_at_end(&self.doc, &parsed, category) {
            Some(at) => {
                let needs_gap = at > 0 && needs_blank_before(&self.doc, &parsed, at);
                if needs_gap {
                    lines.insert(0, String::new());
                }
                self.doc.insert_texts(at, lines);
            }
            None => {
                let mut block = Vec::new();
                if self.doc.is_empty() {
                    block.push(FILE_TITLE.to_string());
                    block.push(String::new());
                } else if !self.doc.text(self.doc.len() - 1).trim().is_empty() {
                    block.push(String::new());
                }
                block.push(format!("## {category}"));
                block.extend(lines);
                let at = self.doc.len();
                self.doc.insert_texts(at, block);
            }
        }
    }

    /// Rewrites the mark of task `id`. Returns false when the task is missing.
    pub(crate) fn set_status(&mut self, id: u16, status: Status) -> bool {
        let Some(task) = self.parsed().find(id).cloned() else {
            return false;
        };
        let line = self.doc.text(task.line).to_string();
        if let Some(cb) = checkbox(&line) {
            let mut new = line.clone();
            new.replace_range(
                cb.mark_at..cb.mark_at + cb.mark.len_utf8(),
                &status.mark().to_string(),
            );
            self.doc.set_text(task.line, new);
        }
        true
    }

    /// Rewrites the title of task `id` (the line becomes `… title #T001`).
    pub(crate) fn set_title(&mut self, id: u16, title: &str) -> bool {
        let Some(task) = self.parsed().find(id).cloned() else {
            return false;
        };
        let line = self.doc.text(task.line).to_string();
        if let Some(cb) = checkbox(&line) {
            let mut new = line[..cb.text_at].to_string();
            if cb.text_at == line.len() && !new.ends_with([' ', '\t']) {
                new.push(' ');
            }
            new.push_str(&format!("{title} #{}", format_id(id)));
            self.doc.set_text(task.line, new);
        }
        true
    }

    /// Replaces every subtask line of task `id` with `subtasks`, where the first one was (or
    /// right under the task); notes under the task stay.
    pub(crate) fn set_subtasks(&mut self, id: u16, subtasks: &[(Status, String)]) -> bool {
        let Some(task) = self.parsed().find(id).cloned() else {
            return false;
        };
        let (indent, bullet) = match task.subtasks.first() {
            Some(first) => {
                let text = self.doc.text(first.line);
                let lead: String = text
                    .chars()
                    .take_while(|c| *c == ' ' || *c == '\t')
                    .collect();
                let bullet = checkbox(text).map(|c| c.bullet).unwrap_or('-');
                (lead, bullet)
            }
            None => (" ".repeat(task.indent + 2), '-'),
        };
        let at = task
            .subtasks
            .first()
            .map(|s| s.line)
            .unwrap_or(task.line + 1);
        for sub in task.subtasks.iter().rev() {
            self.doc.remove(sub.line, sub.line + 1);
        }
        let lines = subtasks
            .iter()
            .map(|(s, t)| format!("{indent}{bullet} {} {t}", s.checkbox()))
            .collect();
        self.doc.insert_texts(at, lines);
        true
    }

    /// Removes task `id` and its block; returns the removed lines.
    pub fn remove(&mut self, id: u16) -> Option<Vec<Line>> {
        let task = self.parsed().find(id).cloned()?;
        Some(self.doc.remove(task.line, task.end))
    }

    /// Moves task `id` to the end of `category`.
    pub(crate) fn move_to_category(&mut self, id: u16, category: &str) -> bool {
        let Some(block) = self.remove(id) else {
            return false;
        };
        let parsed = self.parsed();
        match insertion_at_end(&self.doc, &parsed, category) {
            Some(at) => {
                let mut block = block;
                if at > 0 && needs_blank_before(&self.doc, &parsed, at) {
                    block.insert(0, blank_line());
                }
                self.doc.insert_lines(at, block);
            }
            None => {
                let mut lines = Vec::new();
                if !self.doc.is_empty() && !self.doc.text(self.doc.len() - 1).trim().is_empty() {
                    lines.push(blank_line());
                }
                lines.push(Line {
                    text: format!("## {category}"),
                    eol: "",
                });
                lines.extend(block);
                let at = self.doc.len();
                self.doc.insert_lines(at, lines);
            }
        }
        true
    }

    /// Moves task `id` to `place`. Returns the category it ends up in.
    pub fn reorder(&mut self, id: u16, place: Place) -> Option<String> {
        let parsed = self.parsed();
        let task = parsed.find(id)?.clone();
        if let Place::Before(r) | Place::After(r) = place {
            parsed.find(r)?;
            if r == id {
                return Some(task.category);
            }
        }
        let block = self.doc.remove(task.line, task.end);
        let parsed = self.parsed();
        let (at, category) = match place {
            Place::First => match parsed.in_category(&task.category).next() {
                Some(first) => (first.line, task.category.clone()),
                None => (task.line, task.category.clone()),
            },
            Place::Last => match parsed.in_category(&task.category).last() {
                Some(last) => (last.end, task.category.clone()),
                None => (task.line, task.category.clone()),
            },
            Place::Before(r) => {
                let t = parsed.find(r)?;
                (t.line, t.category.clone())
            }
            Place::After(r) => {
                let t = parsed.find(r)?;
                (t.end, t.category.clone())
            }
        };
        // keep the moved block at the indentation of where it lands
        let target_indent = match place {
            Place::Before(r) | Place::After(r) => parsed.find(r).map(|t| t.indent),
            _ => None,
        };
        let block = match target_indent {
            Some(to) if to != task.indent => reindent(block, task.indent, to),
            _ => block,
        };
        self.doc.insert_lines(at, block);
        Some(category)
    }
}

/// Where `reorder` puts a task.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    First,
    Last,
    Before(u16),
    After(u16),
}

fn blank_line() -> Line {
    Line {
        text: String::new(),
        eol: "",
    }
}

fn next_nonblank(doc: &LineDoc, from: usize) -> Option<usize> {
    (from..doc.len()).find(|&j| !doc.text(j).trim().is_empty())
}

/// `- [ ] title #T001` at `indent` spaces.
pub(crate) fn task_line(
    bullet: &str,
    indent: usize,
    status: Status,
    title: &str,
    id: u16,
) -> String {
    format!(
        "{}{bullet} {} {title} #{}",
        " ".repeat(indent),
        status.checkbox(),
        format_id(id)
    )
}

fn subtask_lines(bullet: &str, indent: usize, subtasks: &[(Status, String)]) -> Vec<String> {
    subtasks
        .iter()
        .map(|(s, t)| format!("{}{bullet} {} {t}", " ".repeat(indent), s.checkbox()))
        .collect()
}

/// Where a new task goes at the end of `category`: after its last task (or last checkbox
/// item), else after the section's last non-blank line. `None` when there is no section.
fn insertion_at_end(doc: &LineDoc, parsed: &Parsed, category: &str) -> Option<usize> {
    let section = parsed
        .sections
        .iter()
        .rev()
        .find(|s| s.name == category && !category.is_empty())?;
    let last_task_end = parsed
        .tasks
        .iter()
        .filter(|t| t.line >= section.start && t.line < section.end)
        .map(|t| t.end)
        .max();
    let last_untracked = parsed
        .untracked
        .iter()
        .filter(|u| u.line >= section.start && u.line < section.end)
        .map(|u| u.line + 1)
        .max();
    Some(match (last_task_end, last_untracked) {
        (Some(a), Some(b)) => a.max(b),
        (Some(a), None) | (None, Some(a)) => a,
        (None, None) => doc
            .trim_blank_end(section.start, section.end)
            .max(section.start),
    })
}

/// A list right after a paragraph line would join the paragraph: put a blank line between.
fn needs_blank_before(doc: &LineDoc, parsed: &Parsed, at: usize) -> bool {
    let prev = doc.text(at - 1);
    if prev.trim().is_empty() || heading(prev).is_some() {
        return false;
    }
    let in_list = parsed.tasks.iter().any(|t| t.line < at && at <= t.end)
        || parsed.untracked.iter().any(|u| u.line + 1 == at)
        || prev.trim_start().starts_with(['-', '*', '+']);
    !in_list
}

fn reindent(block: Vec<Line>, from: usize, to: usize) -> Vec<Line> {
    block
        .into_iter()
        .map(|mut l| {
            if !l.text.trim().is_empty() {
                let width = indent_width(&l.text);
                let body = l.text.trim_start_matches([' ', '\t']).to_string();
                let new = (width + to).saturating_sub(from);
                l.text = format!("{}{body}", " ".repeat(new));
            }
            l
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "# Task\n\n## SPEC\n- [ ] 要件定義を作成 #T001\n  - [ ] エラー仕様\n  - [x] レート制限\n\n## Frontend\n- [-] Reactコンポーネントを検討 #T002\n  - [ ] UI設計\n  - [-] プロトタイプ\n\n## Backend\n- [ ] 外部API仕様確認 #T003\n";

    fn ids(f: &TaskFile) -> Vec<u16> {
        f.parsed().tasks.iter().map(|t| t.id).collect()
    }

    #[test]
    fn parses_the_seed_example() {
        let f = TaskFile::parse(SAMPLE);
        let p = f.parsed();
        assert_eq!(p.tasks.len(), 3);
        let t1 = &p.tasks[0];
        assert_eq!(
            (t1.id, t1.status, t1.title.as_str(), t1.category.as_str()),
            (1, Status::Todo, "要件定義を作成", "SPEC")
        );
        assert_eq!(t1.subtasks.len(), 2);
        assert_eq!(t1.subtasks[1].status, Status::Done);
        assert_eq!(p.tasks[1].status, Status::InProgress);
        assert_eq!(p.tasks[2].category, "Backend");
        assert_eq!(p.categories(), ["SPEC", "Frontend", "Backend"]);
        assert_eq!(f.render(), SAMPLE);
    }

    #[test]
    fn ids_and_statuses() {
        assert_eq!(parse_id("T001"), Some(1));
        assert_eq!(parse_id("T999"), Some(999));
        for bad in ["T000", "T1000", "t001", "T01", "001", "T0a1", ""] {
            assert_eq!(parse_id(bad), None, "{bad}");
        }
        assert_eq!(format_id(7), "T007");
        for s in Status::ALL {
            assert_eq!(Status::parse(s.as_str()), Some(s));
            assert_eq!(Status::from_mark(s.mark()), Some(s));
        }
        assert_eq!(Status::parse("doing"), None);
    }

    #[test]
    fn add_goes_to_end_of_category_or_new_section() {
        let mut f = TaskFile::parse(SAMPLE);
        f.add(4, "UIテスト", "Frontend", &[(Status::Todo, "a".into())]);
        f.add(5, "新章", "第2章", &[]);
        let out = f.render();
        assert!(
            out.contains("  - [-] プロトタイプ\n- [ ] UIテスト #T004\n  - [ ] a\n\n## Backend"),
            "{out}"
        );
        assert!(
            out.ends_with("#T003\n\n## 第2章\n- [ ] 新章 #T005\n"),
            "{out}"
        );
        let mut empty = TaskFile::parse("");
        empty.add(1, "最初", DEFAULT_CATEGORY, &[]);
        assert_eq!(empty.render(), "# Task\n\n## 未分類\n- [ ] 最初 #T001\n");
    }

    #[test]
    fn edits_touch_only_their_line() {
        let mut f = TaskFile::parse(SAMPLE);
        assert!(f.set_status(2, Status::Done));
        assert!(f.set_title(3, "外部API仕様を確定"));
        let out = f.render();
        assert_eq!(
            out,
            SAMPLE
                .replace("- [-] React", "- [x] React")
                .replace("外部API仕様確認 #T003", "外部API仕様を確定 #T003")
        );
        assert!(!f.set_status(9, Status::Done));
    }

    #[test]
    fn subtasks_are_replaced_in_place() {
        let mut f = TaskFile::parse(SAMPLE);
        f.set_subtasks(1, &[(Status::Done, "ひとつ".into())]);
        assert!(f.render().contains("#T001\n  - [x] ひとつ\n\n## Frontend"));
        f.set_subtasks(
            3,
            &[(Status::Todo, "x".into()), (Status::InProgress, "y".into())],
        );
        assert!(f.render().ends_with("#T003\n  - [ ] x\n  - [-] y\n"));
        f.set_subtasks(3, &[]);
        assert!(f.render().ends_with("#T003\n"));
    }

    #[test]
    fn reorder_within_and_across_categories() {
        let text = "## A\n- [ ] a #T001\n- [ ] b #T002\n  - [ ] sub\n- [ ] c #T003\n";
        let mut f = TaskFile::parse(text);
        f.reorder(3, Place::First);
        assert_eq!(ids(&f), [3, 1, 2]);
        f.reorder(3, Place::Last);
        assert_eq!(ids(&f), [1, 2, 3]);
        f.reorder(1, Place::After(2));
        assert_eq!(ids(&f), [2, 1, 3]);
        assert!(f
            .render()
            .contains("- [ ] b #T002\n  - [ ] sub\n- [ ] a #T001"));
        f.reorder(3, Place::Before(2));
        assert_eq!(ids(&f), [3, 2, 1]);
        assert_eq!(f.parsed().position(1), Some(3));
        let mut g = TaskFile::parse(SAMPLE);
        assert_eq!(g.reorder(3, Place::Before(1)).as_deref(), Some("SPEC"));
        assert_eq!(g.parsed().find(3).unwrap().category, "SPEC");
        assert_eq!(g.reorder(3, Place::Before(42)), None);
    }

    #[test]
    fn tolerant_of_hand_edits() {
        let text = "前書きの文章。\n\n## 伏線\nメモ: 順番は大事。\n- [ ] IDのない項目\n  - [ ] その子\n* [X] 指輪 #T004 を回収\n  補足の行\n  - [x] 下書き\n```\n- [ ] コード #T009\n```\n### 小見出し\n- [?] 不明 #T010\n";
        let f = TaskFile::parse(text);
        let p = f.parsed();
        assert_eq!(p.tasks.len(), 1);
        let t = &p.tasks[0];
        assert_eq!(
            (t.id, t.status, t.title.as_str()),
            (4, Status::Done, "指輪 を回収")
        );
        assert_eq!(t.notes, ["補足の行"]);
        assert_eq!(t.subtasks.len(), 1);
        assert_eq!(p.untracked.len(), 1);
        assert!(
            !p.ids_seen.contains(&9),
            "ids inside code blocks are not tasks"
        );
        assert!(
            !p.ids_seen.contains(&10),
            "unknown marks are not checkboxes"
        );
        assert_eq!(f.render(), text);
    }

    #[test]
    fn duplicates_are_reported() {
        let f = TaskFile::parse("## A\n- [ ] a #T001\n- [ ] b #T001\n");
        assert_eq!(f.parsed().duplicates, [1]);
    }

    #[test]
    fn move_to_other_category() {
        let mut f = TaskFile::parse(SAMPLE);
        f.move_to_category(1, "Backend");
        let p = f.parsed();
        assert_eq!(p.find(1).unwrap().category, "Backend");
        assert_eq!(p.find(1).unwrap().subtasks.len(), 2);
        assert!(f.render().ends_with(
            "#T003\n- [ ] 要件定義を作成 #T001\n  - [ ] エラー仕様\n  - [x] レート制限\n"
        ));
        f.move_to_category(2, "新規");
        assert!(f.render().ends_with("\n\n## 新規\n- [-] Reactコンポーネントを検討 #T002\n  - [ ] UI設計\n  - [-] プロトタイプ\n"), "{}", f.render());
    }
}
