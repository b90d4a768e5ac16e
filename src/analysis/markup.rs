//! Body extraction and ruby / emphasis masking (SPEC §2.1–2.2), building the `Document`.
//!
//! One pass over the lines of the normalised text:
//! 1. decide which lines belong to the body (front matter, trailing metadata block, Markdown
//!    headings and fenced code blocks are left out);
//! 2. mask every body line into its displayed text (`［＃…］` removed, `《《傍点》》` → `傍点`,
//!    `｜基《よみ》` → `基`, `漢字《よみ》` → `漢字`), appending it to `Document::display` with a
//!    byte map back to the source;
//! 3. classify each body line (blank, scene break, paragraph) and split paragraphs into
//!    sentences, counting characters on the way.
//!
//! Choices the SPEC leaves open (reported to the integrator for SPEC "Decisions"):
//! - A front matter needs its closing `---`; without one the first line is ordinary text.
//! - The trailing metadata block starts at the last `---` line after the front matter; a
//!   `key: value` line has a non-empty key before its first `:` / `：`. A `---` with only
//!   blank lines after it is a (empty) metadata block too.
//! - A fence that is never closed runs to the end of the body (as in CommonMark).
//! - Excluded lines (headings, fences) are transparent for blank-line runs: the body is the
//!   text without them, so two blank lines around a heading form a scene break.
//! - Blank / paragraph / scene-break is decided on the displayed text, so a line holding only
//!   `［＃改ページ］` is a blank line.
//! - A dialogue paragraph opening with `「` needs a `」` anywhere later in its line (likewise
//!   `『` / `』`); depth is not matched.
//! - Sentence spans are trimmed of surrounding whitespace; a piece holding only whitespace is
//!   no sentence. The bracket stack matches types: a closer pops back to its opener and a
//!   closer with no open counterpart is ignored.
//! - The phantom empty line after a final `\n` is not a body line.
//! - `［＃` runs to the first `］` on its line; without one it stays text. Ruby needs a
//!   non-empty base and a non-empty reading (`漢《》` stays text), and `《《…》》` a
//!   non-empty content free of `《》`.
//! - Spans of displayed ranges run from the source of the first displayed character to the
//!   end of the last one: a sentence starting `｜基《よみ》` has its span start at `基`.
//! - `Paragraph::indented` reads the source line (first char U+3000).

use super::line_index::LineIndex;
use super::segment::{
    char_class, is_dash, is_line_space, is_scene_break_char, is_space, BodyLine, CharClass,
    ClassCounts, Document, Paragraph, ParagraphKind, Section, Sentence,
};
use super::Span;

/// Builds the whole text model of normalised `source`. Never panics; linear in the input.
pub fn build(source: &str) -> Document<'_> {
    let lines = LineIndex::new(source);
    let spans = line_spans(source, &lines);
    let (mut included, mut heading, aozora) = body_mask(source, &spans);
    let layout = super::aozora::layout(source, &spans);
    for (l, lay) in layout.iter().enumerate() {
        if included[l]
            && (lay.heading || super::structure::is_plain_heading(&source[spans[l].range()]))
        {
            included[l] = false;
            heading[l] = true;
        }
    }

    let mut b = Builder::new(source);
    b.aozora = aozora;
    b.display.reserve(source.len() + spans.len());
    b.display_map.reserve(source.len() + spans.len() + 1);
    let mut scratch = Scratch::default();
    for (line, (&span, &inc)) in spans.iter().zip(included.iter()).enumerate() {
        if inc {
            b.annotated_indent = layout[line].indented;
            b.body_line(line, span, &mut scratch);
        } else if heading[line] {
            b.heading(line);
        }
    }
    let breaks_before = std::mem::take(&mut b.breaks_before);
    let mut doc = b.finish(lines);
    super::structure::mark_furniture(&mut doc);
    super::structure::assign_stretches(&mut doc, &breaks_before);
    doc.quotations = super::structure::find_quotations(&doc);
    super::structure::assign_voices(&mut doc);
    doc
}

/// Spans of the source lines, without the phantom empty line after a final `\n`.
fn line_spans(source: &str, lines: &LineIndex) -> Vec<Span> {
    let mut n = lines.line_count();
    if source.is_empty() || source.ends_with('\n') {
        n -= 1;
    }
    (0..n).map(|l| lines.line_span(source, l)).collect()
}

/// Line with surrounding whitespace (Unicode White_Space, U+3000 included) removed.
fn trimmed(source: &str, span: Span) -> &str {
    source[span.range()].trim()
}

fn is_key_value(line: &str) -> bool {
    match line.find([':', '：']) {
        Some(pos) => !line[..pos].trim().is_empty(),
        None => false,
    }
}

/// Which lines belong to the body (SPEC §2.1, §2.8), which are Markdown headings inside
/// its range, and whether the text is an Aozora Bunko file.
fn body_mask(source: &str, spans: &[Span]) -> (Vec<bool>, Vec<bool>, bool) {
    let n = spans.len();
    let mut inc = vec![true; n];
    let mut heading = vec![false; n];
    let aozora = super::aozora::frame(source, spans);

    // Leading YAML front matter.
    let mut body_start = 0;
    if let Some((start, _)) = aozora {
        body_start = start;
    } else if n > 0 && trimmed(source, spans[0]) == "---" {
        if let Some(close) = (1..n).find(|&l| trimmed(source, spans[l]) == "---") {
            body_start = close + 1;
        }
    }
    // Trailing metadata block.
    let mut body_end = n;
    if let Some((_, end)) = aozora {
        body_end = end;
    } else if let Some(last) = (body_start..n)
        .rev()
        .find(|&l| trimmed(source, spans[l]) == "---")
    {
        let all_kv = (last + 1..n).all(|l| {
            let t = trimmed(source, spans[l]);
            t.is_empty() || is_key_value(t)
        });
        if all_kv {
            body_end = last;
        }
    }
    for flag in inc.iter_mut().take(body_start) {
        *flag = false;
    }
    for flag in inc.iter_mut().skip(body_end) {
        *flag = false;
    }
    // Fences and headings.
    let mut in_fence = false;
    for l in body_start..body_end {
        let text = source[spans[l].range()].trim_start();
        if text.starts_with("```") {
            in_fence = !in_fence;
            inc[l] = false;
        } else if in_fence {
            inc[l] = false;
        } else if source[spans[l].range()]
            .trim_start_matches(is_line_space)
            .starts_with('#')
        {
            inc[l] = false;
            heading[l] = true;
        }
    }
    super::suppress::exclude_comment_lines(source, spans, &mut inc);
    (inc, heading, aozora.is_some())
}

/// Reusable buffers for masking one line: (source offset, char) of the kept characters.
#[derive(Default)]
struct Scratch {
    a: Vec<(u32, char)>,
    pieces: Vec<super::sentences::Piece>,
}

struct Builder<'a> {
    source: &'a str,
    body_lines: Vec<BodyLine>,
    display: String,
    display_map: Vec<u32>,
    paragraphs: Vec<Paragraph>,
    sentences: Vec<Sentence>,
    sections: Vec<Section>,
    scene_breaks: Vec<usize>,
    body_chars: usize,
    classes: ClassCounts,
    dialogue_chars: usize,
    // Section state.
    section_start: usize,
    section_chars: usize,
    blank_run: usize,
    pending_break: bool,
    /// The text is an Aozora Bunko file (SPEC §2.8).
    aozora: bool,
    /// The current line is indented by an annotation (`［＃ここから２字下げ］` …).
    annotated_indent: bool,
    headings: Vec<usize>,
    /// Per paragraph: a heading or a scene break lies before it (since the previous one).
    breaks_before: Vec<bool>,
    /// A heading or a scene break since the last paragraph.
    structure_break: bool,
}

impl<'a> Builder<'a> {
    fn new(source: &'a str) -> Self {
        Builder {
            source,
            body_lines: Vec::new(),
            display: String::new(),
            display_map: Vec::new(),
            paragraphs: Vec::new(),
            sentences: Vec::new(),
            sections: Vec::new(),
            scene_breaks: Vec::new(),
            body_chars: 0,
            classes: ClassCounts::default(),
            dialogue_chars: 0,
            section_start: 0,
            section_chars: 0,
            blank_run: 0,
            pending_break: false,
            aozora: false,
            annotated_indent: false,
            headings: Vec::new(),
            breaks_before: Vec::new(),
            structure_break: false,
        }
    }

    /// A heading line (not body): it ends the section and the stretch of prose.
    fn heading(&mut self, line: usize) {
        self.headings.push(line);
        self.pending_break = true;
        self.structure_break = true;
    }

    fn push_char(&mut self, offset: u32, c: char) {
        self.display.push(c);
        for _ in 0..c.len_utf8() {
            self.display_map.push(offset);
        }
    }

    /// Appends source text unchanged: every byte maps to the start of its char.
    fn push_verbatim(&mut self, base: usize, text: &str) {
        self.display.push_str(text);
        let mut current = base as u32;
        // One `extend` of an exact-size iterator: no capacity check per byte.
        self.display_map
            .extend(text.as_bytes().iter().enumerate().map(|(i, &b)| {
                if b & 0xC0 != 0x80 {
                    current = (base + i) as u32;
                }
                current
            }));
    }

    fn body_line(&mut self, line: usize, span: Span, scratch: &mut Scratch) {
        let src = &self.source[span.range()];
        let dstart = self.display.len();
        if !src.contains('［') && !src.contains('《') {
            self.push_verbatim(span.start, src);
        } else {
            mask_line(src, span.start, scratch);
            // The displayed chars come in runs of adjacent source chars: each run is
            // appended as one verbatim slice (the same text and map as char by char).
            let kept = &scratch.a;
            let mut i = 0;
            while let Some(&(first, _)) = kept.get(i) {
                let run_start = i;
                let mut end = first as usize;
                while let Some(&(off, c)) = kept.get(i).filter(|&&(off, _)| off as usize == end) {
                    end = off as usize + c.len_utf8();
                    i += 1;
                }
                match self.source.get(first as usize..end) {
                    Some(run) => self.push_verbatim(first as usize, run),
                    // Never: kept chars are chars of the source at their offsets.
                    None => {
                        for &(off, c) in &kept[run_start..] {
                            self.push_char(off, c);
                        }
                        break;
                    }
                }
            }
        }
        let dend = self.display.len();
        self.push_char(span.end as u32, '\n');
        let index = self.body_lines.len();
        self.body_lines.push(BodyLine {
            line,
            span,
            display: dstart..dend,
        });

        let display = std::mem::take(&mut self.display);
        let content = display[dstart..dend].trim_matches(is_line_space);
        if content.is_empty() {
            self.display = display;
            self.blank_run += 1;
            if self.blank_run >= 2 {
                self.pending_break = true;
            }
            return;
        }
        self.blank_run = 0;
        if content
            .chars()
            .all(|c| is_scene_break_char(c) || is_line_space(c))
        {
            for c in content.chars() {
                if !is_space(c) {
                    self.count_char(c);
                }
            }
            self.display = display;
            self.scene_breaks.push(index);
            self.pending_break = true;
            self.structure_break = true;
            return;
        }
        self.display = display;
        self.paragraph(index, line, span, dstart, dend, &mut scratch.pieces);
    }

    fn count_char(&mut self, c: char) {
        self.body_chars += 1;
        match char_class(c) {
            CharClass::Kanji => self.classes.kanji += 1,
            CharClass::Hiragana => self.classes.hiragana += 1,
            CharClass::Katakana => self.classes.katakana += 1,
            CharClass::Other => self.classes.other += 1,
        }
    }

    fn close_section(&mut self) {
        let end = self.paragraphs.len();
        if end > self.section_start {
            let first = self.paragraphs[self.section_start].span;
            let last = self.paragraphs[end - 1].span;
            self.sections.push(Section {
                paragraphs: self.section_start..end,
                span: first.cover(last),
                body_chars: self.section_chars,
            });
        }
        self.section_start = end;
        self.section_chars = 0;
    }

    #[allow(clippy::too_many_arguments)]
    fn paragraph(
        &mut self,
        body_line: usize,
        line: usize,
        span: Span,
        dstart: usize,
        dend: usize,
        pieces: &mut Vec<super::sentences::Piece>,
    ) {
        if self.pending_break && self.paragraphs.len() > self.section_start {
            self.close_section();
        }
        self.breaks_before
            .push(self.structure_break || self.pending_break);
        self.pending_break = false;
        self.structure_break = false;

        let display = std::mem::take(&mut self.display);
        let text = &display[dstart..dend];
        let kind = classify(text);
        let dialogue = kind == ParagraphKind::Dialogue;
        let first_sentence = self.sentences.len();
        let paragraph = self.paragraphs.len();

        let mut chars = 0usize;
        let mut quote_depth = 0usize;

        // Counted here and added to the builder's totals after the loop.
        let mut classes = ClassCounts::default();
        let mut dialogue_chars = 0usize;
        for c in text.chars() {
            if is_space(c) {
                continue;
            }
            chars += 1;
            match char_class(c) {
                CharClass::Kanji => classes.kanji += 1,
                CharClass::Hiragana => classes.hiragana += 1,
                CharClass::Katakana => classes.katakana += 1,
                CharClass::Other => classes.other += 1,
            }
            // 「」『』 depth for dialogue characters.
            match c {
                '「' | '『' => quote_depth += 1,
                '」' | '』' => quote_depth = quote_depth.saturating_sub(1),
                _ if quote_depth > 0 => dialogue_chars += 1,
                _ => {}
            }
        }
        pieces.clear();
        super::sentences::split(text, dstart, pieces);
        for piece in pieces.iter() {
            let span = source_span(
                self.source,
                &display,
                &self.display_map,
                piece.start,
                piece.end,
            );
            self.sentences.push(Sentence {
                paragraph,
                display: piece.start..piece.end,
                span,
                length: piece.length,
                commas: piece.commas,
                dialogue: dialogue || piece.quoted,
                quoted: piece.quoted,
                voice: 0,
            });
        }
        self.display = display;

        self.body_chars += chars;
        self.classes.kanji += classes.kanji;
        self.classes.hiragana += classes.hiragana;
        self.classes.katakana += classes.katakana;
        self.classes.other += classes.other;
        self.dialogue_chars += dialogue_chars;
        self.section_chars += chars;
        let indented = self.annotated_indent || self.source[span.range()].starts_with('\u{3000}');
        self.paragraphs.push(Paragraph {
            body_line,
            line,
            span,
            display: dstart..dend,
            kind,
            chars,
            indented,
            sentences: first_sentence..self.sentences.len(),
            section: self.sections.len(),
            annotated: self.annotated_indent,
            stretch: 0,
        });
    }

    fn finish(mut self, lines: LineIndex) -> Document<'a> {
        self.close_section();
        let end = self.body_lines.last().map(|l| l.span.end).unwrap_or(0);
        self.display_map.push(end as u32);
        Document {
            source: self.source,
            lines,
            body_lines: self.body_lines,
            display: self.display,
            display_map: self.display_map,
            paragraphs: self.paragraphs,
            sentences: self.sentences,
            sections: self.sections,
            body_chars: self.body_chars,
            classes: self.classes,
            dialogue_chars: self.dialogue_chars,
            scene_breaks: self.scene_breaks,
            aozora: self.aozora,
            headings: self.headings,
            quotations: Vec::new(),
            voices: Vec::new(),
        }
    }
}

/// Source span of the non-empty display range `start..end` (same logic as
/// `Document::source_span`, usable while the document is being built).
fn source_span(source: &str, display: &str, map: &[u32], start: usize, end: usize) -> Span {
    let s = map[start] as usize;
    let last = display[..end]
        .char_indices()
        .next_back()
        .map(|(i, _)| i)
        .unwrap_or(start);
    let last_src = map[last] as usize;
    let last_len = source[last_src..]
        .chars()
        .next()
        .map(char::len_utf8)
        .unwrap_or(0);
    Span::new(s, (last_src + last_len).max(s))
}

/// Dialogue or narration (SPEC §2.4), on the displayed text of a paragraph.
pub(crate) fn classify(text: &str) -> ParagraphKind {
    let t = text.trim_start_matches(is_line_space);
    let mut chars = t.chars();
    let dialogue = match chars.next() {
        Some('「') => chars.as_str().contains('」'),
        Some('『') => chars.as_str().contains('』'),
        Some(c) if is_dash(c) => true,
        Some(_) => speaker_prefix(t),
        None => false,
    };
    if dialogue {
        ParagraphKind::Dialogue
    } else {
        ParagraphKind::Narration
    }
}

/// `アリス：行くわ。`: 1–10 characters that are neither whitespace nor a colon, then `:`/`：`.
fn speaker_prefix(t: &str) -> bool {
    for (n, c) in t.chars().enumerate() {
        if c == ':' || c == '：' {
            return n >= 1;
        }
        if n >= 10 || is_space(c) {
            return false;
        }
    }
    false
}

/// Masks one source line (SPEC §2.2) into `scratch.a`: (source offset, char) of every
/// displayed character.
fn mask_line(src: &str, base: usize, scratch: &mut Scratch) {
    let Scratch { a, .. } = scratch;
    a.clear();
    // 1. Aozora annotations ［＃…］ (up to the first ］ on the line).
    if !src.contains("［＃") {
        a.extend(src.char_indices().map(|(i, c)| ((base + i) as u32, c)));
    } else {
        annotations(src, base, a);
    }
    if !a.iter().any(|&(_, c)| c == '《') {
        return;
    }

    // 2. 《《傍点》》 → 傍点. (Without 《《 in the line, and without an annotation whose
    // removal could have joined two 《, nothing matches.)
    if src.contains("《《") || src.contains("［＃") {
        emphasis(a);
    }
    // 3. ｜基《よみ》 / |基《よみ》 → 基. (Nothing matches without a bar.)
    if src.contains('｜') || src.contains('|') {
        bar_ruby(a);
    }
    // 4. 漢字《よみ》 → 漢字: the reading goes; the kanji run before it stays as it is.
    kanji_ruby(a);
}

/// Step 1 of `mask_line`: (source offset, char) of the chars of `src` outside Aozora
/// annotations, appended to `a`.
fn annotations(src: &str, base: usize, a: &mut Vec<(u32, char)>) {
    let mut no_close_after = false;
    let mut skip_until = 0usize;
    let mut iter = src.char_indices().peekable();
    while let Some((i, c)) = iter.next() {
        if i < skip_until {
            continue;
        }
        if c == '［' && !no_close_after && matches!(iter.peek(), Some(&(_, '＃'))) {
            match src[i..].find('］') {
                Some(rel) => {
                    skip_until = i + rel + '］'.len_utf8();
                    continue;
                }
                None => no_close_after = true,
            }
        }
        a.push(((base + i) as u32, c));
    }
}

/// Step 2 of `mask_line` on `a`, in place (the kept chars only move left).
fn emphasis(a: &mut Vec<(u32, char)>) {
    let Some(first) = a.iter().position(|x| x.1 == '《') else {
        return;
    };
    let (mut w, mut i) = (first, first);
    while i < a.len() {
        if a[i].1 == '《' && a.get(i + 1).map(|x| x.1) == Some('《') {
            let mut j = i + 2;
            while j < a.len() && !matches!(a[j].1, '《' | '》') {
                j += 1;
            }
            if j > i + 2 && j + 1 < a.len() && a[j].1 == '》' && a[j + 1].1 == '》' {
                a.copy_within(i + 2..j, w);
                w += j - (i + 2);
                i = j + 2;
                continue;
            }
        }
        a[w] = a[i];
        w += 1;
        i += 1;
    }
    a.truncate(w);
}

/// Step 3 of `mask_line` on `a`, in place.
fn bar_ruby(a: &mut Vec<(u32, char)>) {
    let Some(first) = a.iter().position(|x| matches!(x.1, '｜' | '|')) else {
        return;
    };
    let (mut w, mut i) = (first, first);
    while i < a.len() {
        if matches!(a[i].1, '｜' | '|') {
            let mut j = i + 1;
            while j < a.len() && !matches!(a[j].1, '｜' | '|' | '《' | '》') {
                j += 1;
            }
            if j > i + 1 && j < a.len() && a[j].1 == '《' {
                if let Some(k) = reading_end(a, j) {
                    a.copy_within(i + 1..j, w);
                    w += j - (i + 1);
                    i = k + 1;
                    continue;
                }
            }
        }
        a[w] = a[i];
        w += 1;
        i += 1;
    }
    a.truncate(w);
}

/// Step 4 of `mask_line` on `a`, in place: `a[..w]` is the output so far, so its last
/// kept char is `a[w - 1]`.
fn kanji_ruby(a: &mut Vec<(u32, char)>) {
    let Some(first) = a.iter().position(|x| x.1 == '《') else {
        return;
    };
    let (mut w, mut i) = (first, first);
    while i < a.len() {
        if a[i].1 == '《' && w > 0 && char_class(a[w - 1].1) == CharClass::Kanji {
            if let Some(k) = reading_end(a, i) {
                i = k + 1;
                continue;
            }
        }
        a[w] = a[i];
        w += 1;
        i += 1;
    }
    a.truncate(w);
}

/// With `a[open]` = `《`: index of the `》` closing a non-empty reading free of `《》`.
fn reading_end(a: &[(u32, char)], open: usize) -> Option<usize> {
    let mut k = open + 1;
    while k < a.len() && !matches!(a[k].1, '《' | '》') {
        k += 1;
    }
    (k > open + 1 && k < a.len() && a[k].1 == '》').then_some(k)
}

#[cfg(test)]
mod tests;
