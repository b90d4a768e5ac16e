//! Decision records: `.todo/adr/adr-001-<title>.md` (seed 004 §8.2). The number in the file
//! name identifies the record; the title may change.
//!
//! ```markdown
//! # ADR-001: 魔法体系は三属性に決定
//!
//! - Status: Accepted
//! - Created: 2026-01-10T09:00:00.000Z
//! - Updated: 2026-01-12T18:30:00.000Z
//!
//! ## Context
//! …
//! ## Decision
//! …
//! ## Rationale
//! …
//! ## Consequences
//! …
//! ## History
//! - 2026-01-10T09:00:00.000Z Proposed: 作成
//! - 2026-01-12T18:30:00.000Z Proposed → Accepted: 第3話で確定
//! ```
//!
//! Reading is tolerant: the status may be a `Status:` line before the first section (also
//! `ステータス:` / `状態:`, bold or not) or a `## Status` section; section names are matched in
//! English or Japanese. A status change edits the status line and the `Updated` line in place
//! and appends one line to the history; nothing else in the file changes.

use super::lines::LineDoc;
use super::markdown::{heading, Skipper};
use regex::Regex;
use std::sync::LazyLock;

/// Highest ADR number (seed 004 §8.2).
pub const MAX_ADRS: u16 = 999;

#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, schemars::JsonSchema,
)]
pub enum AdrStatus {
    Proposed,
    Accepted,
    Deprecated,
}

impl AdrStatus {
    pub const ALL: [AdrStatus; 3] = [
        AdrStatus::Proposed,
        AdrStatus::Accepted,
        AdrStatus::Deprecated,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            AdrStatus::Proposed => "Proposed",
            AdrStatus::Accepted => "Accepted",
            AdrStatus::Deprecated => "Deprecated",
        }
    }

    /// The API word, exactly (`Proposed`, `Accepted`, `Deprecated`).
    pub fn parse(text: &str) -> Option<AdrStatus> {
        AdrStatus::ALL.into_iter().find(|s| s.as_str() == text)
    }

    /// A status as an author may have written it: any case, or in Japanese.
    pub(crate) fn parse_loose(text: &str) -> Option<AdrStatus> {
        let t = text
            .trim()
            .trim_matches(|c: char| c == '*' || c == '_' || c == '`')
            .trim();
        let lower = t.to_lowercase();
        match lower.as_str() {
            "proposed" | "draft" | "提案" | "提案中" | "検討中" => {
                Some(AdrStatus::Proposed)
            }
            "accepted" | "承認" | "承認済み" | "採用" | "決定" | "決定済み" => {
                Some(AdrStatus::Accepted)
            }
            "deprecated" | "superseded" | "rejected" | "廃止" | "非推奨" | "却下" => {
                Some(AdrStatus::Deprecated)
            }
            _ => None,
        }
    }
}

/// The file-name form of a title: letters and digits of any script kept (ASCII lowered),
/// everything else a single `-`, at most 40 characters; `untitled` when nothing is left.
pub(crate) fn slug(title: &str) -> String {
    let mut out = String::new();
    let mut dash = false;
    for c in title.chars() {
        if c.is_alphanumeric() {
            if dash && !out.is_empty() {
                out.push('-');
            }
            dash = false;
            out.push(c.to_ascii_lowercase());
        } else {
            dash = true;
        }
        if out.chars().count() >= 40 {
            break;
        }
    }
    if out.is_empty() {
        "untitled".to_string()
    } else {
        out
    }
}

/// `adr-001-<slug>.md`.
pub fn file_name(number: u16, title: &str) -> String {
    format!("adr-{number:03}-{}.md", slug(title))
}

/// The number of an ADR file name (`adr-001-x.md`, `adr-1.md`, `ADR-007-x.md`).
pub(crate) fn number_of_file(name: &str) -> Option<u16> {
    static RE: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)^adr-([0-9]{1,3})(?:[-_].*)?\.md$").expect("valid regex")
    });
    let caps = RE.captures(name)?;
    let n: u16 = caps.get(1)?.as_str().parse().ok()?;
    (1..=MAX_ADRS).contains(&n).then_some(n)
}

/// What a new record holds.
pub struct NewAdr<'a> {
    pub number: u16,
    pub title: &'a str,
    pub context: &'a str,
    pub decision: &'a str,
    pub rationale: &'a str,
    pub consequences: Option<&'a str>,
    pub status: AdrStatus,
    pub now: &'a str,
}

/// The Markdown of a new record.
pub(crate) fn render_new(adr: &NewAdr<'_>) -> String {
    let mut s = String::new();
    s.push_str(&format!("# ADR-{:03}: {}\n\n", adr.number, adr.title));
    s.push_str(&format!("- Status: {}\n", adr.status.as_str()));
    s.push_str(&format!("- Created: {}\n", adr.now));
    s.push_str(&format!("- Updated: {}\n", adr.now));
    for (name, body) in [
        ("Context", adr.context),
        ("Decision", adr.decision),
        ("Rationale", adr.rationale),
        ("Consequences", adr.consequences.unwrap_or("（未記入）")),
    ] {
        s.push_str(&format!("\n## {name}\n\n{}\n", body.trim_end()));
    }
    s.push_str(&format!(
        "\n## History\n\n- {} {}: 作成\n",
        adr.now,
        adr.status.as_str()
    ));
    s
}

/// What the reader found in an ADR file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AdrMeta {
    pub title: Option<String>,
    /// The status as written.
    pub status_text: Option<String>,
    pub status: Option<AdrStatus>,
    pub created: Option<String>,
    pub updated: Option<String>,
    /// The date of the last history entry, if it starts with one.
    pub last_history: Option<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Field {
    Status,
    Created,
    Updated,
}

/// A `key: value` metadata line: which key, and the byte range of the value.
fn field(line: &str) -> Option<(Field, std::ops::Range<usize>)> {
    static RE: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(
            r"(?i)^\s*(?:[-*+]\s+)?(?:\*\*|__)?(status|ステータス|状態|created|作成日時|作成日|date|日付|updated|last updated|更新日時|更新日)(?:\*\*|__)?\s*[:：]\s*(?:\*\*|__)?(.*?)(?:\*\*|__)?\s*$",
        )
        .expect("valid regex")
    });
    let caps = RE.captures(line)?;
    let key = caps.get(1)?.as_str().to_lowercase();
    let value = caps.get(2)?;
    let f = match key.as_str() {
        "status" | "ステータス" | "状態" => Field::Status,
        "created" | "作成日時" | "作成日" | "date" | "日付" => Field::Created,
        _ => Field::Updated,
    };
    Some((f, value.range()))
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum SectionKind {
    Status,
    History,
    Other,
}

fn section_kind(name: &str) -> SectionKind {
    let n = name.trim().to_lowercase();
    if n.starts_with("status") || n.starts_with("ステータス") || n.starts_with("状態") {
        SectionKind::Status
    } else if n.contains("history") || n.contains("履歴") {
        SectionKind::History
    } else {
        SectionKind::Other
    }
}

/// Where things are in one ADR file.
#[derive(Clone, Debug, Default)]
struct Layout {
    title: Option<(usize, String)>,
    /// (line, value range) of the status: a field line or the line inside `## Status`.
    status: Option<(usize, std::ops::Range<usize>)>,
    created: Option<(usize, std::ops::Range<usize>)>,
    updated: Option<(usize, std::ops::Range<usize>)>,
    /// (heading line, end) of `## History`.
    history: Option<(usize, usize)>,
}

/// An ADR file as lines.
#[derive(Clone, Debug)]
pub struct AdrDoc {
    pub doc: LineDoc,
}

impl AdrDoc {
    pub fn parse(text: &str) -> AdrDoc {
        AdrDoc {
            doc: LineDoc::parse(text),
        }
    }

    pub fn render(&self) -> String {
        self.doc.render()
    }

    fn layout(&self) -> Layout {
        let doc = &self.doc;
        let mut out = Layout::default();
        let mut skip = Skipper::default();
        // None = preamble (before the first ##), Some(kind) = inside a section
        let mut current: Option<(SectionKind, usize)> = None;
        let mut status_section_pending = false;
        for i in 0..doc.len() {
            let line = doc.text(i);
            if skip.skip(line) {
                continue;
            }
            if let Some((level, name)) = heading(line) {
                if level == 1 && out.title.is_none() {
                    out.title = Some((i, strip_adr_prefix(name).to_string()));
                    continue;
                }
                if level <= 2 {
                    if let Some((SectionKind::History, start)) = current {
                        if out.history.is_none() {
                            out.history = Some((start, i));
                        }
                    }
                    let kind = section_kind(name);
                    current = Some((kind, i));
                    status_section_pending = kind == SectionKind::Status && out.status.is_none();
                }
                continue;
            }
            if line.trim().is_empty() {
                continue;
            }
            match current {
                None => {
                    if let Some((f, range)) = field(line) {
                        let slot = match f {
                            Field::Status => &mut out.status,
                            Field::Created => &mut out.created,
                            Field::Updated => &mut out.updated,
                        };
                        if slot.is_none() {
                            *slot = Some((i, range));
                        }
                    }
                }
                Some((SectionKind::Status, _)) if status_section_pending => {
                    status_section_pending = false;
                    let (_, range) = field(line).unwrap_or_else(|| {
                        let body = line.trim_start_matches([' ', '\t', '-', '*', '+']);
                        let start = line.len() - body.len();
                        (Field::Status, start..line.trim_end().len().max(start))
                    });
                    out.status = Some((i, range));
                }
                _ => {}
            }
        }
        if let Some((SectionKind::History, start)) = current {
            if out.history.is_none() {
                out.history = Some((start, doc.len()));
            }
        }
        out
    }

    pub fn meta(&self) -> AdrMeta {
        let layout = self.layout();
        let value = |slot: &Option<(usize, std::ops::Range<usize>)>| {
            slot.as_ref().and_then(|(i, r)| {
                let v = self.doc.text(*i).get(r.clone())?.trim();
                (!v.is_empty()).then(|| v.to_string())
            })
        };
        let status_text = value(&layout.status);
        let last_history = layout.history.and_then(|(h, end)| {
            (h + 1..end)
                .rev()
                .map(|i| self.doc.text(i))
                .find(|l| !l.trim().is_empty())
                .and_then(|l| {
                    let first = l
                        .trim_start_matches([' ', '-', '*', '+'])
                        .split_whitespace()
                        .next()?;
                    first
                        .chars()
                        .next()
                        .is_some_and(|c| c.is_ascii_digit())
                        .then(|| first.trim_end_matches([':', '：']).to_string())
                })
        });
        AdrMeta {
            title: layout.title.map(|(_, t)| t),
            status: status_text.as_deref().and_then(AdrStatus::parse_loose),
            status_text,
            created: value(&layout.created),
            updated: value(&layout.updated),
            last_history,
        }
    }

    /// Sets the status, the `Updated` date (when the file has that line), and appends `- <now> <old> → <new>: <reason>` to
    /// the history (a `## History` section is added at the end when there is none).
    pub(crate) fn set_status(&mut self, new: AdrStatus, now: &str, reason: Option<&str>) {
        let layout = self.layout();
        let old = self
            .meta()
            .status_text
            .unwrap_or_else(|| "（不明）".to_string());
        match &layout.status {
            Some((i, range)) => {
                let mut line = self.doc.text(*i).to_string();
                line.replace_range(range.clone(), new.as_str());
                self.doc.set_text(*i, line);
            }
            None => {
                let field = format!("- Status: {}", new.as_str());
                match layout.title.as_ref() {
                    Some((i, _)) => self.doc.insert_texts(i + 1, vec![String::new(), field]),
                    None => self.doc.insert_texts(0, vec![field, String::new()]),
                }
            }
        }
        // re-read: the insertion above may have shifted lines
        let layout = self.layout();
        // a file without an `Updated` line gets none: its last history entry tells the date
        if let Some((i, range)) = &layout.updated {
            let mut line = self.doc.text(*i).to_string();
            line.replace_range(range.clone(), now);
            self.doc.set_text(*i, line);
        }
        let reason = reason
            .map(|r| r.split_whitespace().collect::<Vec<_>>().join(" "))
            .filter(|r| !r.is_empty());
        let entry = match reason {
            Some(r) => format!("- {now} {old} → {}: {r}", new.as_str()),
            None => format!("- {now} {old} → {}", new.as_str()),
        };
        let layout = self.layout();
        match layout.history {
            Some((h, end)) => {
                let at = self.doc.trim_blank_end(h + 1, end);
                let mut lines = vec![entry];
                if at == h + 1 {
                    lines.insert(0, String::new());
                }
                self.doc.insert_texts(at, lines);
            }
            None => {
                let mut lines = Vec::new();
                let n = self.doc.len();
                if n > 0 && !self.doc.text(n - 1).trim().is_empty() {
                    lines.push(String::new());
                }
                lines.extend(["## History".to_string(), String::new(), entry]);
                self.doc.insert_texts(n, lines);
            }
        }
    }
}

/// `ADR-001: 題` → `題`.
fn strip_adr_prefix(title: &str) -> &str {
    static RE: LazyLock<Regex> =
        LazyLock::new(|| Regex::new(r"(?i)^adr[-\s]?[0-9]+\s*[:：.\-]?\s*").expect("valid regex"));
    match RE.find(title) {
        Some(m) => &title[m.end()..],
        None => title,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn new_adr(status: AdrStatus) -> String {
        render_new(&NewAdr {
            number: 1,
            title: "魔法体系は三属性に決定",
            context: "魔法の種類が増えすぎた。",
            decision: "火・水・風の三属性にする。",
            rationale: "読者が覚えやすい。",
            consequences: None,
            status,
            now: "2026-01-10T09:00:00.000Z",
        })
    }

    #[test]
    fn slugs_and_file_names() {
        assert_eq!(slug("魔法体系は三属性に決定"), "魔法体系は三属性に決定");
        assert_eq!(slug("Core  Knowledge / v2!"), "core-knowledge-v2");
        assert_eq!(slug("！？"), "untitled");
        assert_eq!(slug(&"あ".repeat(80)).chars().count(), 40);
        assert_eq!(file_name(7, "Tech Stack"), "adr-007-tech-stack.md");
        assert_eq!(number_of_file("adr-007-tech-stack.md"), Some(7));
        assert_eq!(number_of_file("ADR-12.md"), Some(12));
        assert_eq!(number_of_file("adr-000-x.md"), None);
        assert_eq!(number_of_file("notes.md"), None);
        assert_eq!(number_of_file("adr-1000-x.md"), None);
    }

    #[test]
    fn new_record_reads_back() {
        let doc = AdrDoc::parse(&new_adr(AdrStatus::Proposed));
        let meta = doc.meta();
        assert_eq!(meta.title.as_deref(), Some("魔法体系は三属性に決定"));
        assert_eq!(meta.status, Some(AdrStatus::Proposed));
        assert_eq!(meta.created.as_deref(), Some("2026-01-10T09:00:00.000Z"));
        assert_eq!(
            meta.last_history.as_deref(),
            Some("2026-01-10T09:00:00.000Z")
        );
    }

    #[test]
    fn status_change_edits_three_places_only() {
        let before = new_adr(AdrStatus::Proposed);
        let mut doc = AdrDoc::parse(&before);
        doc.set_status(
            AdrStatus::Accepted,
            "2026-01-12T00:00:00.000Z",
            Some("第3話で\n確定"),
        );
        let after = doc.render();
        let diff: Vec<_> = similar::TextDiff::from_lines(&before, &after)
            .iter_all_changes()
            .filter(|c| c.tag() != similar::ChangeTag::Equal)
            .map(|c| format!("{}{}", c.tag(), c.value().trim_end()))
            .collect();
        assert_eq!(
            diff,
            [
                "-- Status: Proposed",
                "+- Status: Accepted",
                "-- Updated: 2026-01-10T09:00:00.000Z",
                "+- Updated: 2026-01-12T00:00:00.000Z",
                "+- 2026-01-12T00:00:00.000Z Proposed → Accepted: 第3話で 確定",
            ]
        );
        assert_eq!(doc.meta().status, Some(AdrStatus::Accepted));
    }

    #[test]
    fn hand_written_records_are_understood() {
        let text = "# 用語の統一\n\n**ステータス**：承認済み\n\n## 背景\n状態: これは本文\n";
        let mut doc = AdrDoc::parse(text);
        let meta = doc.meta();
        assert_eq!(meta.title.as_deref(), Some("用語の統一"));
        assert_eq!(meta.status, Some(AdrStatus::Accepted));
        doc.set_status(AdrStatus::Deprecated, "2026-02-01", None);
        let out = doc.render();
        assert!(
            out.starts_with("# 用語の統一\n\n**ステータス**：Deprecated\n"),
            "{out}"
        );
        assert!(
            out.contains("状態: これは本文\n"),
            "body lines are not fields"
        );
        assert!(
            out.ends_with("\n## History\n\n- 2026-02-01 承認済み → Deprecated\n"),
            "{out}"
        );

        let sectioned = "# ADR 3: X\n\n## Status\n\nProposed\n\n## Decision\nY\n";
        let mut doc = AdrDoc::parse(sectioned);
        assert_eq!(doc.meta().status, Some(AdrStatus::Proposed));
        assert_eq!(doc.meta().title.as_deref(), Some("X"));
        doc.set_status(AdrStatus::Accepted, "d", Some("ok"));
        assert!(doc
            .render()
            .starts_with("# ADR 3: X\n\n## Status\n\nAccepted\n\n## Decision\nY\n"));

        let bare = "本文だけ\n";
        let mut doc = AdrDoc::parse(bare);
        assert_eq!(doc.meta().status, None);
        doc.set_status(AdrStatus::Accepted, "d", None);
        assert_eq!(doc.meta().status, Some(AdrStatus::Accepted));
    }

    #[test]
    fn loose_statuses() {
        assert_eq!(
            AdrStatus::parse_loose("accepted"),
            Some(AdrStatus::Accepted)
        );
        assert_eq!(
            AdrStatus::parse_loose("**廃止**"),
            Some(AdrStatus::Deprecated)
        );
        assert_eq!(AdrStatus::parse("accepted"), None);
        assert_eq!(AdrStatus::parse_loose("???"), None);
    }
}
