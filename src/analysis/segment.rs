//! The text model (SPEC §2): body lines, displayed text (ruby and emphasis masked),
//! paragraphs, dialogue classification, sentences, sections and character classes.
//!
//! `Document::parse` does all of it in one pass over the normalised text. Rules read the
//! document; they never re-split text themselves. Displayed text is kept as one `String`
//! (`display`) with a byte map back to the source, so a rule may run a regex over displayed
//! text and still report a source span (`Document::source_span`).

use super::line_index::LineIndex;
use super::Span;
use std::ops::Range;

/// Whether a paragraph is dialogue or narration (SPEC §2.4), or web-novel furniture that
/// is neither (`structure`: status windows, system lines).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ParagraphKind {
    Dialogue,
    Narration,
    /// A line of a status window: 【ステータス】, `項目：値`, ・スキル.
    StatusWindow,
    /// A system announcement on a line of its own: 《レベルが上がりました》.
    SystemLine,
}

impl ParagraphKind {
    /// Status windows and system lines: text on the page, but not prose.
    pub fn is_furniture(self) -> bool {
        matches!(
            self,
            ParagraphKind::StatusWindow | ParagraphKind::SystemLine
        )
    }
}

/// A character class (SPEC §2.6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CharClass {
    Kanji,
    Hiragana,
    Katakana,
    Other,
}

/// One source line that belongs to the body (blank lines included; front matter, the
/// trailing metadata block, headings and code fences excluded).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BodyLine {
    /// 0-based line number in the source.
    pub line: usize,
    /// The whole line in the source, without its `\n`.
    pub span: Span,
    /// Its displayed text: byte range into `Document::display`.
    pub display: Range<usize>,
}

/// A paragraph: one body line with at least one character other than space, U+3000, tab.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Paragraph {
    /// Index into `Document::body_lines`.
    pub body_line: usize,
    /// 0-based source line number.
    pub line: usize,
    /// The source line, without its `\n`.
    pub span: Span,
    /// Displayed text of the line: byte range into `Document::display`.
    pub display: Range<usize>,
    pub kind: ParagraphKind,
    /// 正味文字数 of the paragraph: displayed characters other than whitespace.
    pub chars: usize,
    /// Source line starts with U+3000, or an annotation indents it (`［＃２字下げ］`,
    /// `［＃ここから２字下げ］` …, SPEC §2.8).
    pub indented: bool,
    /// Sentences of this paragraph: index range into `Document::sentences`.
    pub sentences: Range<usize>,
    /// Section the paragraph belongs to (index into `Document::sections`).
    pub section: usize,
    /// Laid out by an Aozora indent annotation (not by a leading U+3000).
    pub annotated: bool,
    /// The stretch of prose it belongs to (`structure`): runs of sentences never cross two.
    pub stretch: usize,
}

/// A sentence (SPEC §2.5).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sentence {
    /// Index into `Document::paragraphs`.
    pub paragraph: usize,
    /// Displayed text including the terminating run and closing brackets: byte range into
    /// `Document::display`.
    pub display: Range<usize>,
    /// The same in the source text.
    pub span: Span,
    /// Displayed characters, excluding whitespace and the terminating run (`。！？!?`).
    pub length: usize,
    /// Number of `、` in the sentence (one between two numerals is not counted).
    pub commas: usize,
    /// The paragraph is dialogue, or the sentence is quoted.
    pub dialogue: bool,
    /// Inside a quotation (a bracket pair holding a terminator, SPEC §2.5).
    pub quoted: bool,
    /// Its voice: index into `Document::voices` (`structure`).
    pub voice: usize,
}

/// A section between scene breaks (SPEC §2.7).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Section {
    /// Index range into `Document::paragraphs`.
    pub paragraphs: Range<usize>,
    /// Source span from the first to the last paragraph.
    pub span: Span,
    /// 正味文字数 of the section.
    pub body_chars: usize,
}

/// Counts of displayed non-whitespace characters per class.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ClassCounts {
    pub kanji: usize,
    pub hiragana: usize,
    pub katakana: usize,
    pub other: usize,
}

/// The parsed manuscript. Borrows the normalised source text.
#[derive(Clone, Debug)]
pub struct Document<'a> {
    pub source: &'a str,
    pub lines: LineIndex,
    pub body_lines: Vec<BodyLine>,
    /// Displayed text of the body: each body line's displayed text followed by `\n`.
    pub display: String,
    /// For every byte offset of `display` that starts a char, the source offset of that
    /// char; `display_map[display.len()]` = source end of the last body line (0 when the
    /// body is empty). (Non-boundary entries hold the offset of the char they are inside.)
    /// The `\n` after each body line maps to the end of that source line.
    pub display_map: Vec<u32>,
    pub paragraphs: Vec<Paragraph>,
    pub sentences: Vec<Sentence>,
    pub sections: Vec<Section>,
    /// 正味文字数 (SPEC §2.3).
    pub body_chars: usize,
    pub classes: ClassCounts,
    /// Displayed non-whitespace characters inside 「」『』 (brackets excluded).
    pub dialogue_chars: usize,
    /// Scene-break lines (SPEC §2.7: a line made only of `◇◆□■＊*※―-` and spaces):
    /// indices into `body_lines`. They are not paragraphs.
    pub scene_breaks: Vec<usize>,
    /// An Aozora Bunko file (SPEC §2.8): its header and footer are not body.
    pub aozora: bool,
    /// Source line numbers (0-based) of headings inside the body's range: Markdown `#`
    /// lines, Aozora 見出し and plain heading lines (`structure::is_plain_heading`). They are
    /// not body; each ends a section.
    pub headings: Vec<usize>,
    /// Quotations opened in one paragraph and closed in a later one (`structure`).
    pub quotations: Vec<super::structure::Quotation>,
    /// The voices of the sentences (`structure`).
    pub voices: Vec<super::structure::Voice>,
}

/// The four whitespace characters SPEC §2.3 excludes from 正味文字数.
pub(crate) fn is_space(c: char) -> bool {
    matches!(c, ' ' | '\u{3000}' | '\t' | '\n')
}

/// A sentence terminator (SPEC §2.5): `。！？!?`.
pub(crate) fn is_terminator(c: char) -> bool {
    matches!(c, '。' | '！' | '？' | '!' | '?')
}

/// An opening bracket that keeps a sentence open (SPEC §2.5): `「『（(【〈《〔`.
#[cfg(test)]
pub(crate) fn is_open_bracket(c: char) -> bool {
    matches!(c, '「' | '『' | '（' | '(' | '【' | '〈' | '《' | '〔')
}

/// The closing counterpart of an opening bracket of `is_open_bracket`.
#[cfg(test)]
pub(crate) fn closing_of(open: char) -> Option<char> {
    Some(match open {
        '「' => '」',
        '『' => '』',
        '（' => '）',
        '(' => ')',
        '【' => '】',
        '〈' => '〉',
        '《' => '》',
        '〔' => '〕',
        _ => return None,
    })
}

/// A closing bracket or quote that belongs to the sentence whose terminating run it follows:
/// the closers of `is_open_bracket` plus `”’"'`.
pub(crate) fn is_closer(c: char) -> bool {
    matches!(
        c,
        '」' | '』' | '）' | ')' | '】' | '〉' | '》' | '〕' | '”' | '’' | '"' | '\''
    )
}

/// A dash that opens a dialogue paragraph (SPEC §2.4): `―` U+2015, `—` U+2014, `─` U+2500.
pub(crate) fn is_dash(c: char) -> bool {
    matches!(c, '―' | '—' | '─')
}

/// A character a scene-break line may consist of (besides spaces): `◇◆□■＊*※―-`.
pub(crate) fn is_scene_break_char(c: char) -> bool {
    matches!(c, '◇' | '◆' | '□' | '■' | '＊' | '*' | '※' | '―' | '-')
}

/// Space, U+3000 or tab: the whitespace that may surround text on a line.
pub(crate) fn is_line_space(c: char) -> bool {
    matches!(c, ' ' | '\u{3000}' | '\t')
}

/// Character class of `c` (SPEC §2.6).
pub fn char_class(c: char) -> CharClass {
    match c as u32 {
        0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xF900..=0xFAFF | 0x20000..=0x3134F => CharClass::Kanji,
        _ if matches!(c, '々' | '〆' | '〇' | '〻') => CharClass::Kanji,
        0x3041..=0x3096 | 0x309D..=0x309F => CharClass::Hiragana,
        0x30A1..=0x30FA | 0x30FC..=0x30FF | 0x31F0..=0x31FF | 0xFF66..=0xFF9F => {
            CharClass::Katakana
        }
        _ => CharClass::Other,
    }
}

impl<'a> Document<'a> {
    /// Parses normalised text (see `source::Source`). Never panics, whatever the input.
    pub fn parse(source: &'a str) -> Document<'a> {
        super::markup::build(source)
    }

    pub fn paragraph_text(&self, p: &Paragraph) -> &str {
        &self.display[p.display.clone()]
    }

    pub fn sentence_text(&self, s: &Sentence) -> &str {
        &self.display[s.display.clone()]
    }

    /// Source span covering the displayed range (which must lie on char boundaries of
    /// `display`). An empty range maps to an empty span at its start.
    pub fn source_span(&self, range: Range<usize>) -> Span {
        let start = self.display_map[range.start] as usize;
        if range.is_empty() {
            return Span::new(start, start);
        }
        let last = self.display[..range.end]
            .char_indices()
            .next_back()
            .map(|(i, _)| i)
            .unwrap_or(range.start);
        let last_src = self.display_map[last] as usize;
        let last_len = self.source[last_src..]
            .chars()
            .next()
            .map(char::len_utf8)
            .unwrap_or(0);
        Span::new(start, (last_src + last_len).max(start))
    }

    /// Source text of a span.
    pub fn text(&self, span: Span) -> &str {
        &self.source[span.range()]
    }
}
