//! A lossless line model of a Markdown file: the original lines, each with its own line
//! ending, plus a leading BOM. Parsing a file and writing it back unchanged gives the same
//! bytes; an edit replaces, inserts or removes whole lines and leaves every other line (and
//! its line ending) exactly as it was.

/// One line: its text (without the line ending) and the ending it had (`"\n"`, `"\r\n"`,
/// or `""` for a last line without one).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub text: String,
    pub eol: &'static str,
}

/// A file as lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineDoc {
    bom: bool,
    lines: Vec<Line>,
    /// The ending given to new lines: the file's first ending, `"\n"` when it has none.
    eol: &'static str,
}

impl Default for LineDoc {
    fn default() -> Self {
        LineDoc::parse("")
    }
}

impl LineDoc {
    /// Splits `text` into lines. A lone `\r` stays part of its line.
    pub fn parse(text: &str) -> LineDoc {
        let (bom, text) = match text.strip_prefix('\u{feff}') {
            Some(rest) => (true, rest),
            None => (false, text),
        };
        let mut lines = Vec::new();
        let mut rest = text;
        while !rest.is_empty() {
            match rest.find('\n') {
                Some(i) => {
                    let raw = &rest[..i];
                    let (body, eol) = match raw.strip_suffix('\r') {
                        Some(b) => (b, "\r\n"),
                        None => (raw, "\n"),
                    };
                    lines.push(Line {
                        text: body.to_string(),
                        eol,
                    });
                    rest = &rest[i + 1..];
                }
                None => {
                    lines.push(Line {
                        text: rest.to_string(),
                        eol: "",
                    });
                    rest = "";
                }
            }
        }
        let eol = lines
            .iter()
            .map(|l| l.eol)
            .find(|e| !e.is_empty())
            .unwrap_or("\n");
        LineDoc { bom, lines, eol }
    }

    /// The file's bytes, exactly as parsed plus the edits made.
    pub fn render(&self) -> String {
        let mut out = String::with_capacity(self.lines.iter().map(|l| l.text.len() + 2).sum());
        if self.bom {
            out.push('\u{feff}');
        }
        for line in &self.lines {
            out.push_str(&line.text);
            out.push_str(line.eol);
        }
        out
    }

    pub fn len(&self) -> usize {
        self.lines.len()
    }

    pub fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }

    /// The text of line `i` (0-based).
    pub fn text(&self, i: usize) -> &str {
        self.lines.get(i).map(|l| l.text.as_str()).unwrap_or("")
    }

    /// Every line's text, in order.
    pub fn texts(&self) -> impl Iterator<Item = &str> {
        self.lines.iter().map(|l| l.text.as_str())
    }

    /// Replaces the text of line `i`, keeping its line ending.
    pub(crate) fn set_text(&mut self, i: usize, text: String) {
        if let Some(line) = self.lines.get_mut(i) {
            line.text = text;
        }
    }

    /// Inserts new lines (given the file's line ending) before line `at` (`len()` appends).
    pub(crate) fn insert_texts(&mut self, at: usize, texts: Vec<String>) {
        let eol = self.eol;
        let lines = texts.into_iter().map(|text| Line { text, eol }).collect();
        self.insert_lines(at, lines);
    }

    /// Inserts lines (keeping their endings) before line `at`. The line before the insertion
    /// point and every inserted line but a final last one get an ending, so no two lines merge.
    pub(crate) fn insert_lines(&mut self, at: usize, mut lines: Vec<Line>) {
        let at = at.min(self.lines.len());
        if lines.is_empty() {
            return;
        }
        let eol = self.eol;
        if at > 0 {
            if let Some(prev) = self.lines.get_mut(at - 1) {
                if prev.eol.is_empty() {
                    prev.eol = eol;
                }
            }
        }
        for line in lines.iter_mut() {
            if line.eol.is_empty() {
                line.eol = eol;
            }
        }
        self.lines.splice(at..at, lines);
    }

    /// Removes lines `start..end` and returns them.
    pub fn remove(&mut self, start: usize, end: usize) -> Vec<Line> {
        let end = end.min(self.lines.len());
        let start = start.min(end);
        self.lines.drain(start..end).collect()
    }

    /// Replaces lines `start..end` with new lines given the file's line ending.
    pub(crate) fn replace_texts(&mut self, start: usize, end: usize, texts: Vec<String>) {
        self.remove(start, end);
        self.insert_texts(start, texts);
    }

    /// The index just past the last non-blank line in `start..end` (`start` if all blank).
    pub(crate) fn trim_blank_end(&self, start: usize, end: usize) -> usize {
        let mut e = end.min(self.lines.len());
        while e > start && self.text(e - 1).trim().is_empty() {
            e -= 1;
        }
        e
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_every_shape() {
        for text in [
            "",
            "a",
            "a\n",
            "a\r\nb\r\n",
            "a\nb",
            "\u{feff}# T\n\n",
            "x\r\ny\nz\r",
            "\n\n\n",
        ] {
            assert_eq!(LineDoc::parse(text).render(), text, "{text:?}");
        }
    }

    #[test]
    fn inserted_lines_take_the_file_ending() {
        let mut doc = LineDoc::parse("a\r\nb");
        doc.insert_texts(2, vec!["c".into()]);
        assert_eq!(doc.render(), "a\r\nb\r\nc\r\n");
        doc.insert_texts(0, vec!["z".into()]);
        assert_eq!(doc.render(), "z\r\na\r\nb\r\nc\r\n");
    }

    #[test]
    fn empty_default_uses_lf() {
        let mut doc = LineDoc::default();
        doc.insert_texts(0, vec!["a".into(), "b".into()]);
        assert_eq!(doc.render(), "a\nb\n");
    }

    #[test]
    fn remove_and_replace() {
        let mut doc = LineDoc::parse("a\nb\nc\n");
        let gone = doc.remove(1, 2);
        assert_eq!(gone[0].text, "b");
        assert_eq!(doc.render(), "a\nc\n");
        doc.replace_texts(0, 1, vec!["x".into(), "y".into()]);
        assert_eq!(doc.render(), "x\ny\nc\n");
        assert_eq!(doc.trim_blank_end(0, 3), 3);
    }
}
