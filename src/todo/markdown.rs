//! The little Markdown the task memory needs: ATX headings, checkbox list items, task ids,
//! and which lines are inside fenced code blocks or HTML comments (never parsed as tasks).

/// An ATX heading: `## name` → (2, "name"). Up to three leading spaces; a closing run of
/// `#` is dropped.
pub fn heading(line: &str) -> Option<(usize, &str)> {
    let lead = line.len() - line.trim_start_matches(' ').len();
    if lead > 3 {
        return None;
    }
    let rest = &line[lead..];
    let level = rest.len() - rest.trim_start_matches('#').len();
    if level == 0 || level > 6 {
        return None;
    }
    let after = &rest[level..];
    if !(after.is_empty() || after.starts_with(' ') || after.starts_with('\t')) {
        return None;
    }
    let mut text = after.trim();
    // closing sequence: " ##" at the end
    let without = text.trim_end_matches('#');
    if without.len() < text.len() && (without.is_empty() || without.ends_with([' ', '\t'])) {
        text = without.trim_end();
    }
    Some((level, text))
}

/// Width of the leading indentation in columns (tab = to the next multiple of 4).
pub(crate) fn indent_width(line: &str) -> usize {
    let mut col = 0;
    for c in line.chars() {
        match c {
            ' ' => col += 1,
            '\t' => col = (col / 4 + 1) * 4,
            _ => break,
        }
    }
    col
}

/// A checkbox list item `- [ ] text`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checkbox<'a> {
    /// Indentation in columns.
    pub indent: usize,
    /// The bullet (`-`, `*` or `+`).
    pub bullet: char,
    /// Byte offset of the mark character (` `, `-`, `x`, `X`) within the line.
    pub mark_at: usize,
    pub mark: char,
    /// Everything after `] `, untrimmed at the end.
    pub text: &'a str,
    /// Byte offset of `text` within the line.
    pub text_at: usize,
}

/// Parses a checkbox list item; `None` for any other line (including unknown marks).
pub(crate) fn checkbox(line: &str) -> Option<Checkbox<'_>> {
    let body = line.trim_start_matches([' ', '\t']);
    let lead = line.len() - body.len();
    let mut chars = body.char_indices();
    let (_, bullet) = chars.next()?;
    if !matches!(bullet, '-' | '*' | '+') {
        return None;
    }
    let after_bullet = &body[1..];
    let spaced = after_bullet.trim_start_matches([' ', '\t']);
    if spaced.len() == after_bullet.len() {
        return None; // "-[ ]" is not a list item
    }
    let box_at = lead + 1 + (after_bullet.len() - spaced.len());
    let mut it = spaced.chars();
    if it.next()? != '[' {
        return None;
    }
    let mark = it.next()?;
    if !matches!(mark, ' ' | 'x' | 'X' | '-') {
        return None;
    }
    if it.next()? != ']' {
        return None;
    }
    let rest = &spaced[3..];
    if !(rest.is_empty() || rest.starts_with([' ', '\t'])) {
        return None;
    }
    let text = rest.trim_start_matches([' ', '\t']);
    Some(Checkbox {
        indent: indent_width(line),
        bullet,
        mark_at: box_at + 1,
        mark,
        text,
        text_at: line.len() - text.len(),
    })
}

/// A `#T001` token in a task line: the number and the byte range of the token.
pub(crate) fn task_id_token(text: &str) -> Option<(u16, std::ops::Range<usize>)> {
    let bytes = text.as_bytes();
    let mut from = 0;
    while let Some(pos) = text[from..].find("#T") {
        let at = from + pos;
        let before_ok = at == 0
            || text[..at]
                .chars()
                .next_back()
                .is_some_and(char::is_whitespace);
        let digits = bytes.get(at + 2..at + 5);
        let after_ok = text[at + 2..]
            .get(3..)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with(char::is_whitespace));
        if let (true, Some(d), true) = (before_ok, digits, after_ok) {
            if d.iter().all(u8::is_ascii_digit) {
                let n =
                    (d[0] - b'0') as u16 * 100 + (d[1] - b'0') as u16 * 10 + (d[2] - b'0') as u16;
                if n > 0 {
                    return Some((n, at..at + 5));
                }
            }
        }
        from = at + 2;
    }
    None
}

/// `text` with the id token at `range` removed and the whitespace around it tidied.
pub(crate) fn without_token(text: &str, range: std::ops::Range<usize>) -> String {
    let before = text[..range.start].trim_end();
    let after = text[range.end..].trim_start();
    match (before.is_empty(), after.is_empty()) {
        (true, _) => after.trim_end().to_string(),
        (_, true) => before.to_string(),
        _ => format!("{before} {}", after.trim_end()),
    }
}

/// Tracks fenced code blocks and HTML comments line by line.
#[derive(Default)]
pub struct Skipper {
    fence: Option<(char, usize)>,
    comment: bool,
}

impl Skipper {
    /// True when `line` is inside (or opens/closes) a fenced block or a comment, i.e. must
    /// not be read as a heading or a task.
    pub fn skip(&mut self, line: &str) -> bool {
        let t = line.trim_start();
        if let Some((ch, n)) = self.fence {
            let run = t.len() - t.trim_start_matches(ch).len();
            if run >= n && t.trim_start_matches(ch).trim().is_empty() {
                self.fence = None;
            }
            return true;
        }
        if self.comment {
            if t.contains("-->") || line.contains("-->") {
                self.comment = false;
            }
            return true;
        }
        for ch in ['`', '~'] {
            let run = t.len() - t.trim_start_matches(ch).len();
            if run >= 3 && indent_width(line) < 4 {
                self.fence = Some((ch, run));
                return true;
            }
        }
        if let Some(rest) = t.strip_prefix("<!--") {
            if !rest.contains("-->") {
                self.comment = true;
            }
            return true;
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headings() {
        assert_eq!(heading("## 伏線"), Some((2, "伏線")));
        assert_eq!(heading("#   Task  "), Some((1, "Task")));
        assert_eq!(heading("## Backend ##"), Some((2, "Backend")));
        assert_eq!(heading("## C#"), Some((2, "C#")));
        assert_eq!(heading("##nope"), None);
        assert_eq!(heading("    ## code"), None);
        assert_eq!(heading("##"), Some((2, "")));
    }

    #[test]
    fn checkboxes() {
        let c = checkbox("- [ ] 要件定義 #T001").unwrap();
        assert_eq!((c.indent, c.mark, c.text), (0, ' ', "要件定義 #T001"));
        assert_eq!(&"- [ ] 要件定義 #T001"[c.mark_at..c.mark_at + 1], " ");
        let c = checkbox("\t* [x] done").unwrap();
        assert_eq!((c.indent, c.bullet, c.mark, c.text), (4, '*', 'x', "done"));
        let c = checkbox("  - [-]").unwrap();
        assert_eq!((c.indent, c.mark, c.text), (2, '-', ""));
        assert!(checkbox("- [?] odd").is_none());
        assert!(checkbox("-[ ] tight").is_none());
        assert!(checkbox("- [ ]x").is_none());
        assert!(checkbox("- plain").is_none());
    }

    #[test]
    fn id_tokens() {
        assert_eq!(task_id_token("要件定義 #T001").map(|t| t.0), Some(1));
        assert_eq!(task_id_token("#T042 先頭").map(|t| t.0), Some(42));
        assert_eq!(task_id_token("伏線　#T999").map(|t| t.0), Some(999));
        assert_eq!(task_id_token("no#T001"), None);
        assert_eq!(task_id_token("#T0001"), None);
        assert_eq!(task_id_token("#T000"), None);
        assert_eq!(task_id_token("#T01"), None);
        let (_, r) = task_id_token("a #T003 b").unwrap();
        assert_eq!(without_token("a #T003 b", r), "a b");
    }

    #[test]
    fn skipper_handles_fences_and_comments() {
        let mut s = Skipper::default();
        let lines = [
            "a",
            "```md",
            "- [ ] x #T001",
            "```",
            "b",
            "<!--",
            "## c",
            "-->",
            "d",
        ];
        let kept: Vec<_> = lines.iter().filter(|l| !s.skip(l)).copied().collect();
        assert_eq!(kept, ["a", "b", "d"]);
    }
}
