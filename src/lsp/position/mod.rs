//! Positions, converted in exactly one place (ruff's `edit/`, harper-ls's `pos_conv.rs`).
//!
//! Three coordinate systems meet here:
//! - the client's document: its text as the editor holds it (CRLF, a BOM and all), addressed
//!   by LSP positions — a 0-based line and a character offset counted in the negotiated
//!   encoding (UTF-16 code units by default, UTF-8 bytes or UTF-32 characters when the client
//!   offers them, LSP 3.17 `general.positionEncodings`);
//! - byte offsets into that text (`TextDocument`);
//! - byte offsets into the normalised text the analysis reads (BOM dropped, CRLF and CR turned
//!   into LF: `analysis::Source`), which every finding and fix points into.
//!
//! LSP ends a line at `\n`, `\r\n` or `\r`, exactly where normalisation puts its `\n`: the two
//! texts have the same lines with the same bytes in each, but for the BOM at the start of the
//! first. So a normalised offset maps to the client's by (line, byte column).

use lsp_types::{Position, PositionEncodingKind};

/// How a client counts the characters of a line.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Encoding {
    /// UTF-8 bytes (`utf-8`): noveler's own offsets, preferred when the client offers it.
    Utf8,
    /// UTF-16 code units (`utf-16`): the protocol's default, what every client supports.
    #[default]
    Utf16,
    /// Unicode scalar values (`utf-32`).
    Utf32,
}

impl Encoding {
    /// The encoding to use given the client's `general.positionEncodings` (in its order of
    /// preference): UTF-8 when offered, else UTF-32, else the mandatory UTF-16.
    pub fn negotiate(offered: Option<&[PositionEncodingKind]>) -> Encoding {
        let offered = offered.unwrap_or_default();
        if offered.contains(&PositionEncodingKind::UTF8) {
            Encoding::Utf8
        } else if offered.contains(&PositionEncodingKind::UTF32) {
            Encoding::Utf32
        } else {
            Encoding::Utf16
        }
    }

    pub fn kind(self) -> PositionEncodingKind {
        match self {
            Encoding::Utf8 => PositionEncodingKind::UTF8,
            Encoding::Utf16 => PositionEncodingKind::UTF16,
            Encoding::Utf32 => PositionEncodingKind::UTF32,
        }
    }

    /// Units of `c` in this encoding.
    fn units(self, c: char) -> u32 {
        match self {
            Encoding::Utf8 => c.len_utf8() as u32,
            Encoding::Utf16 => c.len_utf16() as u32,
            Encoding::Utf32 => 1,
        }
    }

    /// Units of `s` in this encoding.
    fn count(self, s: &str) -> u32 {
        match self {
            Encoding::Utf8 => s.len() as u32,
            Encoding::Utf16 => s.chars().map(char::len_utf16).sum::<usize>() as u32,
            Encoding::Utf32 => s.chars().count() as u32,
        }
    }
}

/// Where each line of a text starts, lines ending at `\n`, `\r\n` or `\r` (as LSP says).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineIndex {
    starts: Vec<usize>,
}

impl LineIndex {
    pub fn new(text: &str) -> LineIndex {
        let bytes = text.as_bytes();
        let mut starts = vec![0];
        let mut i = 0;
        while i < bytes.len() {
            match bytes[i] {
                b'\n' => starts.push(i + 1),
                b'\r' if bytes.get(i + 1) == Some(&b'\n') => {
                    starts.push(i + 2);
                    i += 1;
                }
                b'\r' => starts.push(i + 1),
                _ => {}
            }
            i += 1;
        }
        LineIndex { starts }
    }

    pub fn line_count(&self) -> usize {
        self.starts.len()
    }

    /// 0-based line holding byte `offset`.
    fn line_of(&self, offset: usize) -> usize {
        self.starts.partition_point(|&s| s <= offset) - 1
    }

    /// Byte offset where `line` starts (the text's end past the last line).
    pub fn line_start(&self, text: &str, line: usize) -> usize {
        self.starts.get(line).copied().unwrap_or(text.len())
    }

    /// Byte offset where the content of `line` ends (before its terminator).
    pub fn line_end(&self, text: &str, line: usize) -> usize {
        let Some(&next) = self.starts.get(line + 1) else {
            return text.len();
        };
        let b = text.as_bytes();
        let mut end = next;
        if end > 0 && b[end - 1] == b'\n' {
            end -= 1;
        }
        if end > 0 && b[end - 1] == b'\r' && end > self.starts[line] {
            end -= 1;
        }
        end
    }

    /// The byte offset of `pos` in `text`. A line past the end is the text's end; a character
    /// past the line's end is the line's end (LSP: "defaults back to the line length"); a
    /// character inside a multi-unit character (half a surrogate pair) is that character's
    /// start. Always a char boundary.
    pub fn offset(&self, text: &str, pos: Position, enc: Encoding) -> usize {
        let line = pos.line as usize;
        if line >= self.starts.len() {
            return text.len();
        }
        let start = self.starts[line];
        let end = self.line_end(text, line);
        let want = pos.character;
        if enc == Encoding::Utf8 {
            let mut at = (start + want as usize).min(end);
            while !text.is_char_boundary(at) {
                at -= 1;
            }
            return at;
        }
        let mut units = 0u32;
        for (i, c) in text[start..end].char_indices() {
            let next = units + enc.units(c);
            if next > want {
                return start + i;
            }
            units = next;
        }
        end
    }

    /// The LSP position of byte `offset` (clamped to the text, moved back to a char boundary).
    /// An offset inside a `\r\n` is the end of its line.
    pub fn position(&self, text: &str, offset: usize, enc: Encoding) -> Position {
        let mut offset = offset.min(text.len());
        while !text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.line_of(offset);
        let end = self.line_end(text, line);
        let offset = offset.min(end);
        Position {
            line: line as u32,
            character: enc.count(&text[self.starts[line]..offset]),
        }
    }
}

/// How the normalised text the analysis read lines up with the client's text: the starts of
/// the normalised lines, and whether the client's text begins with a BOM (which the
/// normalised text does not have).
#[derive(Clone, Debug)]
pub struct Normalised {
    starts: Vec<usize>,
    bom: usize,
    /// The client's text is the normalised text byte for byte.
    identical: bool,
}

impl Normalised {
    /// The mapping between `normalised` (`analysis::Source::new(client).text`) and `client`.
    pub fn new(normalised: &str, client: &str) -> Normalised {
        let identical = normalised.len() == client.len() && normalised == client;
        let starts = if identical {
            Vec::new()
        } else {
            std::iter::once(0)
                .chain(normalised.match_indices('\n').map(|(i, _)| i + 1))
                .collect()
        };
        Normalised {
            starts,
            bom: if client.starts_with('\u{feff}') { 3 } else { 0 },
            identical,
        }
    }

    /// The client byte offset of normalised byte `offset` (`client_lines` indexes `client`).
    pub fn to_client(&self, client_lines: &LineIndex, client: &str, offset: usize) -> usize {
        if self.identical {
            return offset.min(client.len());
        }
        let line = self.starts.partition_point(|&s| s <= offset).max(1) - 1;
        let column = offset - self.starts[line] + if line == 0 { self.bom } else { 0 };
        let start = client_lines.line_start(client, line);
        (start + column).min(client_lines.line_end(client, line))
    }
}

#[cfg(test)]
mod tests;
