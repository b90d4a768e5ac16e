//! Byte offset → 1-based (line, character column), computed once per file at output time.

/// Start offsets of every line of a text; lines end at `\n` (the text is normalised).
#[derive(Clone, Debug)]
pub struct LineIndex {
    starts: Vec<usize>,
}

/// A 1-based position: line, and column counted in characters (not bytes, not cells).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Position {
    pub line: usize,
    pub column: usize,
}

impl LineIndex {
    pub fn new(text: &str) -> Self {
        let mut starts = vec![0];
        starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        LineIndex { starts }
    }

    pub(crate) fn line_count(&self) -> usize {
        self.starts.len()
    }

    /// 0-based line holding `offset`.
    pub(crate) fn line_of(&self, offset: usize) -> usize {
        self.starts.partition_point(|&s| s <= offset) - 1
    }

    /// Byte span of 0-based `line`, without its `\n`.
    pub(crate) fn line_span(&self, text: &str, line: usize) -> super::Span {
        let start = self.starts[line];
        let end = self
            .starts
            .get(line + 1)
            .map(|s| s - 1)
            .unwrap_or(text.len());
        super::Span::new(start, end)
    }

    /// 1-based line and character column of `offset` (which must be a char boundary).
    pub fn position(&self, text: &str, offset: usize) -> Position {
        let line = self.line_of(offset);
        let column = text[self.starts[line]..offset].chars().count() + 1;
        Position {
            line: line + 1,
            column,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_count_characters() {
        let text = "　春。\n夏だ\n";
        let idx = LineIndex::new(text);
        assert_eq!(idx.position(text, 0), Position { line: 1, column: 1 });
        assert_eq!(idx.position(text, 3), Position { line: 1, column: 2 });
        let second = text.find('夏').unwrap();
        assert_eq!(idx.position(text, second), Position { line: 2, column: 1 });
        assert_eq!(idx.line_count(), 3);
        assert_eq!(&text[idx.line_span(text, 1).range()], "夏だ");
    }
}
