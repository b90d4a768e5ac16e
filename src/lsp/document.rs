//! An open document as the client holds it: its text (line endings and all), version and
//! line index, edited by `didChange` (incremental or whole).

use super::position::{Encoding, LineIndex};
use lsp_types::{Range, TextDocumentContentChangeEvent};
use std::sync::Arc;

#[derive(Clone, Debug)]
pub(crate) struct TextDocument {
    pub text: Arc<str>,
    pub lines: LineIndex,
    pub version: i32,
}

impl TextDocument {
    pub fn new(text: String, version: i32) -> TextDocument {
        TextDocument {
            lines: LineIndex::new(&text),
            text: Arc::from(text),
            version,
        }
    }

    /// Applies the changes of one `didChange` in order (each range in the text the previous
    /// change left), then takes `version`.
    pub fn apply(
        &mut self,
        changes: Vec<TextDocumentContentChangeEvent>,
        version: i32,
        enc: Encoding,
    ) {
        let mut text: Option<String> = None;
        for change in changes {
            match change.range {
                None => {
                    text = Some(change.text);
                    self.lines = LineIndex::new(text.as_deref().unwrap_or_default());
                }
                Some(range) => {
                    let current = text.get_or_insert_with(|| self.text.to_string());
                    let bytes = byte_range(&self.lines, current, range, enc);
                    current.replace_range(bytes, &change.text);
                    self.lines = LineIndex::new(current);
                }
            }
        }
        if let Some(text) = text {
            self.text = Arc::from(text);
        }
        self.version = version;
    }
}

fn byte_range(
    lines: &LineIndex,
    text: &str,
    range: Range,
    enc: Encoding,
) -> std::ops::Range<usize> {
    let a = lines.offset(text, range.start, enc);
    let b = lines.offset(text, range.end, enc);
    a.min(b)..a.max(b)
}

#[cfg(test)]
mod tests {
    use super::*;
    use lsp_types::Position;

    fn change(
        range: Option<((u32, u32), (u32, u32))>,
        text: &str,
    ) -> TextDocumentContentChangeEvent {
        TextDocumentContentChangeEvent {
            range: range.map(|((a, b), (c, d))| Range {
                start: Position::new(a, b),
                end: Position::new(c, d),
            }),
            range_length: None,
            text: text.into(),
        }
    }

    #[test]
    fn incremental_changes_apply_in_order_in_the_client_encoding() {
        let mut doc = TextDocument::new("𠮷野家\r\nで😀食べた\n".into(), 1);
        // After 𠮷 (two UTF-16 units): insert; then on line 1 replace 😀 (2 units).
        doc.apply(
            vec![
                change(Some(((0, 2), (0, 2))), "の"),
                change(Some(((1, 1), (1, 3))), "ご飯を"),
            ],
            2,
            Encoding::Utf16,
        );
        assert_eq!(&*doc.text, "𠮷の野家\r\nでご飯を食べた\n");
        assert_eq!(doc.version, 2);
        // The same in UTF-8 bytes.
        doc.apply(vec![change(Some(((1, 3), (1, 12))), "")], 3, Encoding::Utf8);
        assert_eq!(&*doc.text, "𠮷の野家\r\nで食べた\n");
        // A whole-text change, then a range in the new text.
        doc.apply(
            vec![change(None, "あ\nい"), change(Some(((1, 0), (1, 0))), "う")],
            4,
            Encoding::Utf16,
        );
        assert_eq!(&*doc.text, "あ\nうい");
        assert_eq!(doc.lines, LineIndex::new("あ\nうい"));
    }
}
