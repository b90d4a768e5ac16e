//! Aozora Bunko files (SPEC §2.8): the frame around the work and the layout annotations.
//!
//! - The header is the title and author lines plus the symbol legend: a line of 10 or more
//!   hyphens, a line holding 【テキスト中に現れる記号について】 and a closing line of hyphens,
//!   all within the first `HEADER_LINES` lines. Everything up to the closing line is not body.
//! - The footer runs from the first line starting `底本：` after the header to the end.
//! - Blank lines between the header and the first text, and between the last text and the
//!   footer, belong to neither and are not body either (they are the file's frame, not the
//!   author's scene breaks).
//! - A file with a header or a footer is an Aozora file (the `literary` preset's default).
//! - Layout annotations (any file): `［＃ここから…字下げ…］` up to `［＃ここで字下げ終わり］`
//!   (also 字上げ / 地付き blocks) marks its lines indented; a line starting with an annotation
//!   holding 字下げ, 字上げ or 地付き is indented; a line with `［＃「…」は大見出し］` (中/小) or
//!   `［＃大見出し］…` is a heading, and headings are not body (like Markdown headings).

use super::Span;

/// How far from the top the legend may start.
const HEADER_LINES: usize = 40;

/// The body lines of an Aozora file: `start..end` of the source lines, or `None` when the
/// text is not one.
pub fn frame(source: &str, spans: &[Span]) -> Option<(usize, usize)> {
    let line = |l: usize| source[spans[l].range()].trim();
    let is_rule = |l: usize| {
        let t = line(l);
        t.chars().count() >= 10 && t.chars().all(|c| c == '-')
    };
    let n = spans.len();
    let mut start = 0;
    let mut header = false;
    if let Some(open) = (0..n.min(HEADER_LINES)).find(|&l| is_rule(l)) {
        if let Some(close) = (open + 1..n).find(|&l| is_rule(l)) {
            if (open + 1..close).any(|l| line(l).contains("【テキスト中に現れる記号について】"))
            {
                start = close + 1;
                header = true;
            }
        }
    }
    let footer = (start..n).find(|&l| source[spans[l].range()].starts_with("底本："));
    if !header && footer.is_none() {
        return None;
    }
    let mut end = footer.unwrap_or(n);
    while start < end && line(start).is_empty() {
        start += 1;
    }
    while end > start && line(end - 1).is_empty() {
        end -= 1;
    }
    Some((start, end))
}

/// What the annotations of the lines say about layout.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LineLayout {
    /// Indented (or aligned) by an annotation: not a paragraph missing its 字下げ.
    pub indented: bool,
    /// A heading (見出し annotation).
    pub heading: bool,
}

/// Contents of the `［＃…］` annotations of a line (up to the first `］` after each `［＃`),
/// with whether the annotation starts the line (after spaces). An opening followed by
/// another before its `］` (`［＃［＃…］］`, never a real annotation) is skipped: only the
/// innermost is read, so the contents read are disjoint and the whole line is read once
/// (each opening searching on to its `］` made `［＃`×N `］`×N quadratic).
fn annotations(line: &str) -> impl Iterator<Item = (&str, bool)> {
    let lead = line.len() - line.trim_start_matches([' ', '\u{3000}', '\t']).len();
    let mut opens = line.match_indices("［＃").map(|(i, _)| i).peekable();
    // The first `］` at or after the current position; found once per stretch.
    let mut close: Option<usize> = None;
    std::iter::from_fn(move || loop {
        let i = opens.next()?;
        let from = i + "［＃".len();
        if close.is_none_or(|c| c < from) {
            close = line[from..].find('］').map(|r| from + r);
        }
        let end = close?;
        if opens.peek().is_some_and(|&next| next < end) {
            continue;
        }
        return Some((&line[from..end], i == lead));
    })
}

fn is_layout(a: &str) -> bool {
    a.contains("字下げ") || a.contains("字上げ") || a.contains("地付き")
}

fn is_heading(a: &str) -> bool {
    let kinds = ["大見出し", "中見出し", "小見出し"];
    kinds.iter().any(|k| {
        a == *k || a.starts_with(&format!("ここから{k}")) || a.ends_with(&format!("は{k}"))
    })
}

/// The layout of every line (all default when the text has no annotation).
pub(crate) fn layout(source: &str, spans: &[Span]) -> Vec<LineLayout> {
    let mut out = vec![LineLayout::default(); spans.len()];
    if !source.contains("［＃") {
        return out;
    }
    let mut block = false;
    let mut heading_block = false;
    for (l, span) in spans.iter().enumerate() {
        let text = &source[span.range()];
        let mut this = LineLayout {
            indented: block,
            heading: heading_block,
        };
        for (a, at_start) in annotations(text) {
            if a.starts_with("ここから") && is_layout(a) {
                block = true;
                this.indented = true;
            } else if a.starts_with("ここで") && a.ends_with("終わり") && is_layout(a) {
                block = false;
                this.indented = false;
            } else if is_layout(a) && at_start {
                this.indented = true;
            }
            if is_heading(a) {
                this.heading = true;
                heading_block |= a.starts_with("ここから");
            } else if a.ends_with("見出し終わり") {
                heading_block = false;
                this.heading = true;
            }
        }
        out[l] = this;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::LineIndex;

    fn spans(text: &str) -> Vec<Span> {
        let lines = LineIndex::new(text);
        let n = lines.line_count() - usize::from(text.ends_with('\n'));
        (0..n).map(|l| lines.line_span(text, l)).collect()
    }

    const HEADER: &str = "羅生門\n芥川龍之介\n\n----------\n【テキスト中に現れる記号について】\n\n《》：ルビ\n----------\n\n";

    #[test]
    fn header_and_footer_frame_the_body() {
        let text = format!("{HEADER}　本文。\n\n　続き。\n\n\n\n底本：「全集」\n入力：誰か\n");
        let s = spans(&text);
        let (start, end) = frame(&text, &s).unwrap();
        assert_eq!(&text[s[start].range()], "　本文。");
        assert_eq!(&text[s[end - 1].range()], "　続き。");
        // Footer only.
        let text = "　本文。\n底本：「全集」\n";
        assert_eq!(frame(text, &spans(text)), Some((0, 1)));
        // Header only.
        let text = format!("{HEADER}　本文。\n");
        let s = spans(&text);
        assert_eq!(frame(&text, &s).map(|f| f.1), Some(s.len()));
    }

    #[test]
    fn ordinary_texts_are_not_aozora() {
        for text in [
            "　本文。\n",
            "----------\n本文\n----------\n",
            "　底本：で始まらない行。\n",
            "",
        ] {
            assert_eq!(frame(text, &spans(text)), None, "{text}");
        }
    }

    #[test]
    fn indent_blocks_and_single_lines() {
        let text = "前。\n［＃ここから２字下げ］\n詩の一行\n詩の二行\n［＃ここで字下げ終わり］\n後。\n［＃２字下げ］見出しでない行\n文中の［＃２字下げ］は数えない\n［＃地から１字上げ］署名\n";
        let got: Vec<bool> = layout(text, &spans(text))
            .iter()
            .map(|l| l.indented)
            .collect();
        assert_eq!(
            got,
            vec![false, true, true, true, false, false, true, false, true]
        );
    }

    #[test]
    fn heading_annotations() {
        let text = "［＃５字下げ］一［＃「一」は中見出し］\n本文。\n［＃大見出し］序［＃大見出し終わり］\n［＃「傍点」に傍点］\n";
        let got: Vec<bool> = layout(text, &spans(text))
            .iter()
            .map(|l| l.heading)
            .collect();
        assert_eq!(got, vec![true, false, true, false]);
    }

    /// Work counted, not timed (issue 28 item 3): the contents read are disjoint, so reading
    /// a line's annotations touches each byte once however deep `［＃` nests; each opening
    /// reading on to its `］` read ~N²/2 characters of `［＃`×N `］`×N.
    #[test]
    fn nested_openings_are_read_once() {
        for n in [1, 10, 1_000, 20_000] {
            let line = format!("　本文。{}{}", "［＃".repeat(n), "］".repeat(n));
            let read: Vec<(&str, bool)> = annotations(&line).collect();
            let bytes: usize = read.iter().map(|(a, _)| a.len()).sum();
            assert!(bytes <= line.len(), "{n} deep: {bytes} bytes read");
            assert_eq!(read, vec![("", false)], "{n} deep: the innermost only");
        }
        // Real annotations beside a stray opening are still read.
        let line = "［＃２字下げ］本文［＃［＃「本文」に傍点］";
        let read: Vec<&str> = annotations(line).map(|(a, _)| a).collect();
        assert_eq!(read, vec!["２字下げ", "「本文」に傍点"]);
    }
}
