//! The task memory of one project as a whole: each change is one transaction that takes
//! the lock, re-reads what it changes, edits it in place, writes atomically, and refreshes
//! `index.md`. Reads take no lock (every write is an atomic rename, so a reader sees the old
//! file or the new one). Errors carry the seed 004 §6.1 codes with `details {field, value}`.

use super::adr::{self, AdrDoc, AdrMeta, AdrStatus, NewAdr, MAX_ADRS};
use super::context;
use super::fs::{read_text, remove_file, with_lock, write_text, TodoPaths};
use super::index::{self, AdrLine};
use super::tasks::{format_id, Parsed, Place, Status, TaskFile};
use crate::error::{Code, Error, Result};
use crate::store::FileRef;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

/// Highest task number (`T999`).
pub const MAX_TASKS: u16 = 999;

/// An error about one input field: `details {field, value}` (seed 004 §6.2).
pub(crate) fn field_error(
    code: Code,
    field: &str,
    value: impl Into<serde_json::Value>,
    message: impl Into<String>,
) -> Error {
    Error::new(code, message).details(serde_json::json!({ "field": field, "value": value.into() }))
}

pub(crate) fn task_not_found(id: u16) -> Error {
    let id = format_id(id);
    field_error(
        Code::TaskNotFound,
        "task_id",
        id.clone(),
        format!("タスク {id} は .todo/task.md にありません"),
    )
    .hint("`noveler todo list` で既存のタスクIDを確認してください。")
    .suggest("noveler todo list")
}

/// What a transaction wrote and removed, for the envelope.
#[derive(Clone, Debug, Default)]
pub struct Changes {
    pub read: Vec<FileRef>,
    pub written: Vec<FileRef>,
    /// Relative paths of removed files.
    pub deleted: Vec<String>,
    /// Problems that did not stop the change (e.g. index.md could not be refreshed).
    pub warnings: Vec<String>,
}

/// An ADR file found on disk.
#[derive(Clone, Debug)]
pub struct AdrEntry {
    pub number: u16,
    pub file_name: String,
    pub path: PathBuf,
    pub meta: AdrMeta,
    pub modified: Option<SystemTime>,
}

impl AdrEntry {
    /// The title: the file's `#` heading, else the file name.
    pub fn title(&self) -> String {
        self.meta.title.clone().unwrap_or_else(|| {
            self.file_name
                .trim_end_matches(".md")
                .splitn(3, '-')
                .nth(2)
                .unwrap_or("")
                .to_string()
        })
    }

    /// The status as written in the file (`""` when it has none).
    pub(crate) fn status_text(&self) -> String {
        match (self.meta.status, &self.meta.status_text) {
            (Some(s), _) => s.as_str().to_string(),
            (None, Some(t)) => t.clone(),
            (None, None) => String::new(),
        }
    }

    fn mtime(&self) -> Option<String> {
        self.modified.map(crate::store::envelope::timestamp)
    }

    pub fn created_at(&self) -> String {
        self.meta
            .created
            .clone()
            .or_else(|| self.mtime())
            .unwrap_or_default()
    }

    pub fn updated_at(&self) -> String {
        self.meta
            .updated
            .clone()
            .or_else(|| self.meta.last_history.clone())
            .or_else(|| self.mtime())
            .unwrap_or_default()
    }
}

/// The task memory of the project at `root`.
#[derive(Clone, Debug)]
pub struct Repo {
    pub paths: TodoPaths,
    /// The call's clock (a journal's rollback backup is dated by it).
    pub clock: crate::store::clock::Clock,
}

/// Where `reorder_task` moved a task from and to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Moved {
    pub old_position: usize,
    pub new_position: usize,
    pub old_category: String,
    pub category: String,
}

/// The edits `update_task` makes; `None` leaves a field alone.
#[derive(Clone, Debug, Default)]
pub struct TaskEdits {
    pub title: Option<String>,
    pub status: Option<Status>,
    pub category: Option<String>,
    pub subtasks: Option<Vec<(Status, String)>>,
}

/// How `update_context` changes the file.
#[derive(Clone, Copy, Debug)]
pub struct ContextEdit<'a> {
    pub content: &'a str,
    pub append: bool,
    pub section: Option<&'a str>,
}

impl Repo {
    pub fn new(root: &Path, clock: &crate::store::clock::Clock) -> Repo {
        Repo {
            paths: TodoPaths::new(root),
            clock: clock.clone(),
        }
    }

    fn file_ref(&self, path: &Path, text: &str, role: &str) -> FileRef {
        FileRef::from_bytes(self.paths.root(), path, text.as_bytes(), role)
    }

    /// A journal (`store::journal`) over the files `paths` of a change about to be made.
    fn journal(&self, command: &str, paths: &[&Path]) -> Result<crate::store::journal::Journal> {
        let rels: Vec<String> = paths.iter().map(|p| self.paths.rel(p)).collect();
        // In the task memory's own codes (seed 004 §6.1), as its writes.
        crate::store::journal::Journal::begin(self.paths.root(), command, &rels, &self.clock)
            .map_err(|e| {
                let code = if e.code == Code::P003 {
                    Code::PermissionDenied
                } else {
                    Code::FileWriteError
                };
                Error { code, ..e }
                    .hint(".todo/ ディレクトリの場所とアクセス権限を確認してください。")
            })
    }

    fn write(&self, path: &Path, text: &str, role: &str, ch: &mut Changes) -> Result<()> {
        write_text(path, text)?;
        ch.written.push(self.file_ref(path, text, role));
        Ok(())
    }

    /// task.md as it is now (empty when there is none), noting it as read.
    pub(crate) fn read_tasks(&self, ch: &mut Changes) -> Result<TaskFile> {
        let path = self.paths.task_md();
        match read_text(&path)? {
            Some(text) => {
                ch.read.push(self.file_ref(&path, &text, "tasks"));
                Ok(TaskFile::parse(&text))
            }
            None => Ok(TaskFile::default()),
        }
    }

    fn write_tasks(&self, file: &TaskFile, ch: &mut Changes) -> Result<()> {
        self.write(&self.paths.task_md(), &file.render(), "tasks", ch)
    }

    /// Every ADR file under `.todo/adr/`, by number.
    pub(crate) fn scan_adrs(&self) -> Result<Vec<AdrEntry>> {
        let dir = self.paths.adr_dir();
        let entries = match std::fs::read_dir(&dir) {
            Ok(e) => e,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(e) => return Err(super::fs::read_error(&dir, &e)),
        };
        let mut out = Vec::new();
        for entry in entries {
            let entry = entry.map_err(|e| super::fs::read_error(&dir, &e))?;
            let name = entry.file_name().to_string_lossy().into_owned();
            let Some(number) = adr::number_of_file(&name) else {
                continue;
            };
            let path = entry.path();
            let text = read_text(&path)?.unwrap_or_default();
            out.push(AdrEntry {
                number,
                file_name: name,
                modified: entry.metadata().ok().and_then(|m| m.modified().ok()),
                meta: AdrDoc::parse(&text).meta(),
                path,
            });
        }
        out.sort_by(|a, b| a.number.cmp(&b.number).then(a.file_name.cmp(&b.file_name)));
        Ok(out)
    }

    /// Rewrites index.md when what it shows changed. Failures become warnings: the change
    /// itself is already on disk.
    fn refresh_index(&self, parsed: &Parsed, adrs: Option<Vec<AdrEntry>>, ch: &mut Changes) {
        let adrs = match adrs.map(Ok).unwrap_or_else(|| self.scan_adrs()) {
            Ok(a) => a,
            Err(e) => {
                ch.warnings
                    .push(format!("index.md を更新できませんでした: {}", e.message));
                return;
            }
        };
        let titles: Vec<String> = adrs.iter().map(AdrEntry::title).collect();
        let statuses: Vec<String> = adrs.iter().map(AdrEntry::status_text).collect();
        let lines: Vec<AdrLine<'_>> = adrs
            .iter()
            .zip(titles.iter().zip(&statuses))
            .map(|(a, (t, s))| AdrLine {
                number: a.number,
                file_name: &a.file_name,
                title: t,
                status: s,
            })
            .collect();
        let text = index::render(parsed, &lines);
        let path = self.paths.index_md();
        match read_text(&path) {
            Ok(Some(old)) if old == text => {}
            _ => {
                if let Err(e) = self.write(&path, &text, "index", ch) {
                    ch.warnings
                        .push(format!("index.md を更新できませんでした: {}", e.message));
                }
            }
        }
    }

    /// The next free task number: one past the highest id ever written in task.md (and not
    /// taken by a leftover context file); when that passes 999, the lowest free one.
    fn next_task_id(&self, parsed: &Parsed) -> Result<u16> {
        let live: std::collections::BTreeSet<u16> = parsed.tasks.iter().map(|t| t.id).collect();
        let limit_error = || {
            field_error(
                Code::TaskLimitExceeded,
                "task_id",
                live.len(),
                format!("タスク数が上限（{MAX_TASKS} 件）に達しています"),
            )
            .hint("完了したタスクを `noveler todo delete` で削除してから作成してください。")
            .suggest("noveler todo list --status done")
        };
        if live.len() >= MAX_TASKS as usize {
            return Err(limit_error());
        }
        let free = |n: u16| !parsed.ids_seen.contains(&n) && !self.paths.context(n).exists();
        let start = parsed.ids_seen.iter().next_back().copied().unwrap_or(0) + 1;
        (start..=MAX_TASKS)
            .chain(1..start.min(MAX_TASKS + 1))
            .find(|&n| free(n))
            .ok_or_else(limit_error)
    }

    /// Adds a task at the end of `category` and creates its context file.
    pub fn create_task(
        &self,
        title: &str,
        category: &str,
        description: Option<&str>,
        subtasks: &[(Status, String)],
    ) -> Result<(u16, usize, Changes)> {
        with_lock(&self.paths, || {
            let mut ch = Changes::default();
            let mut file = self.read_tasks(&mut ch)?;
            let id = self.next_task_id(&file.parsed())?;
            file.add(id, title, category, subtasks);
            let ctx_path = self.paths.context(id);
            // The context file and the task list change together: journaled, so an add
            // killed between the two is rolled back by the next command (no orphan file).
            let journal = self.journal(
                "todo add",
                &[&ctx_path, &self.paths.task_md(), &self.paths.index_md()],
            )?;
            self.write(
                &ctx_path,
                &context::initial(id, title, description),
                "context",
                &mut ch,
            )?;
            self.write_tasks(&file, &mut ch)?;
            let parsed = file.parsed();
            let position = parsed.position(id).unwrap_or(0);
            self.refresh_index(&parsed, None, &mut ch);
            journal.finish()?;
            Ok((id, position, ch))
        })
    }

    /// Applies `edits` to task `id`; returns the fields that changed.
    pub fn update_task(&self, id: u16, edits: &TaskEdits) -> Result<(Vec<&'static str>, Changes)> {
        with_lock(&self.paths, || {
            let mut ch = Changes::default();
            let mut file = self.read_tasks(&mut ch)?;
            let before = file
                .parsed()
                .find(id)
                .cloned()
                .ok_or_else(|| task_not_found(id))?;
            let mut changed = Vec::new();
            if let Some(title) = edits.title.as_deref().filter(|t| *t != before.title) {
                file.set_title(id, title);
                changed.push("title");
            }
            if let Some(status) = edits.status.filter(|s| *s != before.status) {
                file.set_status(id, status);
                changed.push("status");
            }
            if let Some(category) = edits.category.as_deref().filter(|c| *c != before.category) {
                file.move_to_category(id, category);
                changed.push("category");
            }
            if let Some(subtasks) = &edits.subtasks {
                let old: Vec<(Status, String)> = before
                    .subtasks
                    .iter()
                    .map(|s| (s.status, s.title.clone()))
                    .collect();
                if *subtasks != old {
                    file.set_subtasks(id, subtasks);
                    changed.push("subtasks");
                }
            }
            if changed.is_empty() {
                return Ok((changed, ch));
            }
            self.write_tasks(&file, &mut ch)?;
            if let Some(title) = edits.title.as_deref().filter(|t| *t != before.title) {
                let path = self.paths.context(id);
                if let Ok(Some(text)) = read_text(&path) {
                    if let Some(new) = context::retitle(&text, id, &before.title, title) {
                        if let Err(e) = self.write(&path, &new, "context", &mut ch) {
                            ch.warnings.push(e.message);
                        }
                    }
                }
            }
            self.refresh_index(&file.parsed(), None, &mut ch);
            Ok((changed, ch))
        })
    }

    /// Removes task `id` and its context file.
    pub fn delete_task(&self, id: u16) -> Result<Changes> {
        with_lock(&self.paths, || {
            let mut ch = Changes::default();
            let mut file = self.read_tasks(&mut ch)?;
            file.remove(id).ok_or_else(|| task_not_found(id))?;
            let ctx_path = self.paths.context(id);
            let journal = self.journal(
                "todo delete",
                &[&self.paths.task_md(), &ctx_path, &self.paths.index_md()],
            )?;
            self.write_tasks(&file, &mut ch)?;
            if remove_file(&ctx_path)? {
                ch.deleted.push(self.paths.rel(&ctx_path));
            }
            self.refresh_index(&file.parsed(), None, &mut ch);
            journal.finish()?;
            Ok(ch)
        })
    }

    /// Moves task `id`; returns the positions (1-based within the category) and categories
    /// before and after.
    pub fn reorder_task(&self, id: u16, place: Place) -> Result<(Moved, Changes)> {
        with_lock(&self.paths, || {
            let mut ch = Changes::default();
            let mut file = self.read_tasks(&mut ch)?;
            let parsed = file.parsed();
            let old = parsed.position(id).ok_or_else(|| task_not_found(id))?;
            let old_category = parsed
                .find(id)
                .map(|t| t.category.clone())
                .unwrap_or_default();
            if let Place::Before(r) | Place::After(r) = place {
                if parsed.find(r).is_none() {
                    let rid = format_id(r);
                    return Err(field_error(
                        Code::ReferenceTaskNotFound,
                        "reference_task_id",
                        rid.clone(),
                        format!("参照タスク {rid} は .todo/task.md にありません"),
                    )
                    .hint("`noveler todo list` で既存のタスクIDを確認してください。"));
                }
            }
            let before = file.render();
            let category = file.reorder(id, place).ok_or_else(|| task_not_found(id))?;
            let parsed = file.parsed();
            let new = parsed.position(id).unwrap_or(old);
            if file.render() != before {
                self.write_tasks(&file, &mut ch)?;
                self.refresh_index(&parsed, None, &mut ch);
            }
            let moved = Moved {
                old_position: old,
                new_position: new,
                old_category,
                category,
            };
            Ok((moved, ch))
        })
    }

    /// Writes a new ADR; returns its number and file name.
    #[allow(clippy::too_many_arguments)]
    pub fn create_adr(
        &self,
        title: &str,
        context: &str,
        decision: &str,
        rationale: &str,
        consequences: Option<&str>,
        status: AdrStatus,
        now: &str,
    ) -> Result<(u16, String, Changes)> {
        with_lock(&self.paths, || {
            let mut ch = Changes::default();
            let mut adrs = self.scan_adrs()?;
            let used: std::collections::BTreeSet<u16> = adrs.iter().map(|a| a.number).collect();
            let limit = || {
                field_error(
                    Code::AdrLimitExceeded,
                    "adr_number",
                    used.len(),
                    format!("ADR 数が上限（{MAX_ADRS} 件）に達しています"),
                )
                .hint("不要になった ADR ファイルを整理してください。")
            };
            if used.len() >= MAX_ADRS as usize {
                return Err(limit());
            }
            let start = used.iter().next_back().copied().unwrap_or(0) + 1;
            let number = (start..=MAX_ADRS)
                .chain(1..start.min(MAX_ADRS + 1))
                .find(|n| !used.contains(n))
                .ok_or_else(limit)?;
            let name = adr::file_name(number, title);
            let path = self.paths.adr_dir().join(&name);
            let text = adr::render_new(&NewAdr {
                number,
                title,
                context,
                decision,
                rationale,
                consequences,
                status,
                now,
            });
            self.write(&path, &text, "adr", &mut ch)?;
            adrs.push(AdrEntry {
                number,
                file_name: name.clone(),
                meta: AdrDoc::parse(&text).meta(),
                path,
                modified: None,
            });
            adrs.sort_by(|a, b| a.number.cmp(&b.number).then(a.file_name.cmp(&b.file_name)));
            let parsed = self.read_tasks(&mut ch)?.parsed();
            self.refresh_index(&parsed, Some(adrs), &mut ch);
            Ok((number, name, ch))
        })
    }

    /// The ADR numbered `number`.
    pub(crate) fn find_adr(&self, number: u16) -> Result<AdrEntry> {
        self.scan_adrs()?
            .into_iter()
            .find(|a| a.number == number)
            .ok_or_else(|| {
                field_error(
                    Code::AdrNotFound,
                    "adr_number",
                    number,
                    format!("ADR {number:03} は .todo/adr/ にありません"),
                )
                .hint("`noveler adr list` で番号を確認してください。")
                .suggest("noveler adr list")
            })
    }

    /// Changes the status of ADR `number`; returns the old status as written.
    pub fn update_adr_status(
        &self,
        number: u16,
        status: AdrStatus,
        reason: Option<&str>,
        now: &str,
    ) -> Result<(String, AdrEntry, Changes)> {
        with_lock(&self.paths, || {
            let mut ch = Changes::default();
            let entry = self.find_adr(number)?;
            let text = read_text(&entry.path)?.unwrap_or_default();
            ch.read.push(self.file_ref(&entry.path, &text, "adr"));
            let mut doc = AdrDoc::parse(&text);
            let old = entry.status_text();
            doc.set_status(status, now, reason);
            let new_text = doc.render();
            self.write(&entry.path, &new_text, "adr", &mut ch)?;
            let parsed = self.read_tasks(&mut Changes::default())?.parsed();
            self.refresh_index(&parsed, None, &mut ch);
            let entry = AdrEntry {
                meta: doc.meta(),
                ..entry
            };
            Ok((old, entry, ch))
        })
    }

    /// Changes the context file of task `id` (which must exist in task.md).
    pub fn update_context(&self, id: u16, edit: ContextEdit<'_>) -> Result<Changes> {
        with_lock(&self.paths, || {
            let mut ch = Changes::default();
            let file = self.read_tasks(&mut ch)?;
            file.parsed().find(id).ok_or_else(|| task_not_found(id))?;
            let path = self.paths.context(id);
            let existing = read_text(&path)?;
            let text = context::edit(existing.as_deref(), edit.content, edit.append, edit.section);
            self.write(&path, &text, "context", &mut ch)?;
            Ok(ch)
        })
    }

    /// The context file of task `id`: (text, path, modified).
    pub fn get_context(&self, id: u16) -> Result<(String, PathBuf, Option<SystemTime>)> {
        let file = self.read_tasks(&mut Changes::default())?;
        file.parsed().find(id).ok_or_else(|| task_not_found(id))?;
        let path = self.paths.context(id);
        let rel = self.paths.rel(&path);
        let text = read_text(&path)?.ok_or_else(|| {
            field_error(
                Code::FileNotFound,
                "task_id",
                format_id(id),
                format!("{rel} がありません"),
            )
            .at(&path, None)
            .hint("`noveler context set` でコンテキストを書くと作成されます。")
            .suggest(format!("noveler context set {} \"…\"", format_id(id)))
        })?;
        let modified = std::fs::metadata(&path).and_then(|m| m.modified()).ok();
        Ok((text, path, modified))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_continue_after_the_highest_and_wrap_to_free_ones() {
        let dir = tempfile::tempdir().unwrap();
        let repo = Repo::new(dir.path(), &crate::store::clock::Clock::system());
        let f = TaskFile::parse("## A\n- [ ] a #T005\n- [ ] b #T002\n");
        assert_eq!(repo.next_task_id(&f.parsed()).unwrap(), 6);
        std::fs::create_dir_all(repo.paths.context_dir()).unwrap();
        std::fs::write(repo.paths.context(6), "leftover").unwrap();
        assert_eq!(repo.next_task_id(&f.parsed()).unwrap(), 7);
        let f = TaskFile::parse("## A\n- [ ] a #T999\n");
        assert_eq!(repo.next_task_id(&f.parsed()).unwrap(), 1);
    }

    #[test]
    fn full_list_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let repo = Repo::new(dir.path(), &crate::store::clock::Clock::system());
        let text: String = (1..=999)
            .map(|n| format!("- [ ] t #{}\n", format_id(n)))
            .collect();
        let f = TaskFile::parse(&text);
        assert_eq!(
            repo.next_task_id(&f.parsed()).unwrap_err().code,
            Code::TaskLimitExceeded
        );
    }

    #[test]
    fn create_update_delete_round() {
        let dir = tempfile::tempdir().unwrap();
        let repo = Repo::new(dir.path(), &crate::store::clock::Clock::system());
        let (id, pos, ch) = repo
            .create_task("伏線", "第1章", Some("指輪"), &[])
            .unwrap();
        assert_eq!((id, pos), (1, 1));
        let roles: Vec<_> = ch.written.iter().map(|f| f.role.as_str()).collect();
        assert_eq!(roles, ["context", "tasks", "index"]);
        let (fields, _) = repo
            .update_task(
                1,
                &TaskEdits {
                    status: Some(Status::Done),
                    title: Some("伏線回収".into()),
                    ..Default::default()
                },
            )
            .unwrap();
        assert_eq!(fields, ["title", "status"]);
        let (text, _, _) = repo.get_context(1).unwrap();
        assert!(text.starts_with("# T001: 伏線回収\n"));
        let ch = repo.delete_task(1).unwrap();
        assert_eq!(ch.deleted, [".todo/context/T001.md"]);
        assert_eq!(repo.delete_task(1).unwrap_err().code, Code::TaskNotFound);
    }
}
