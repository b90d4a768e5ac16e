//! The structure of a manuscript above the sentence (issue 31): which lines are not prose
//! (headings, status windows, system lines), where a stretch of narration ends, which
//! paragraphs form one quotation opened in one paragraph and closed in a later one, and
//! whose voice each sentence is in.
//!
//! Recognised once here, after `markup` has built paragraphs and sentences, and read by
//! the metrics (which leave furniture out) and the rules (runs stop at a stretch's end, the
//! register is compared within one voice, a multi-paragraph quotation is no bracket
//! mismatch).
//!
//! - **Headings** (besides Markdown `#` and Aozora 見出し annotations, which `markup`
//!   leaves out of the body): a line holding only 第N章 / 第N話 … with an optional title,
//!   プロローグ / エピローグ / 序章 / 終章 / 幕間 / 間章 / 閑話 / 番外編 with an optional
//!   title, or a bare chapter number (一, 十三, 1, ２). No sentence terminator, at most 40
//!   characters. Headings are not body; they end a section.
//! - **Furniture** (web-novel windows): a line holding only one 《…》 / ≪…≫ / 〈…〉 is a
//!   *system line* (《スキル【鑑定】を獲得しました》); a line holding only a 【…】 label, and
//!   the `項目：値` lines, bullet lines (・剣術) and rules around it, form a *status
//!   window*, as does a block of two or more aligned `項目：値` lines without a terminator.
//!   Furniture paragraphs have sentences, but they are not prose: rhythm and narration
//!   rules leave them out.
//! - **Stretches**: consecutive narration paragraphs share a stretch unless a heading, a
//!   scene break (a separator line or two blank lines), a dialogue paragraph or furniture
//!   lies between. Each dialogue or furniture paragraph is a stretch of its own. Runs of
//!   sentences (ENDING_REPETITION, CONSECUTIVE_*) never cross two stretches.
//! - **Quotations over several paragraphs**: a 「 or 『 left open at a paragraph's end opens
//!   one; a later paragraph that opens the same bracket again without closing it continues
//!   it (the convention: each paragraph or chapter of a quoted letter reopens 「 and only
//!   the last closes it); the first later paragraph with an unmatched closer of that kind
//!   closes it. One that is never closed is no quotation (its openers are slips).
//! - **Voices**: every sentence belongs to one voice. Dialogue (quoted sentences and
//!   dialogue paragraphs) is one voice and furniture another; narration is split into the
//!   narration of each section and each embedded document — a closed multi-paragraph
//!   quotation (from its opener to its closer) or a run of paragraphs laid out by an Aozora
//!   indent annotation (a letter or a verse set in). The register of narration (です・ます or
//!   だ・である) is decided per voice, so a polite letter inside plain narration is its own
//!   voice, not a page of slips.

use super::segment::{Document, ParagraphKind};
use std::ops::Range;

/// What kind of voice a sentence is in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VoiceKind {
    /// The narration of one section (between headings and scene breaks).
    Narration,
    /// An embedded document: a multi-paragraph quotation or an annotation-indented block.
    Document,
    /// Every line of dialogue.
    Dialogue,
    /// Status windows and system lines.
    Furniture,
}

/// One voice: its kind and the paragraphs its sentences come from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Voice {
    pub kind: VoiceKind,
    /// Index range into `Document::paragraphs` from its first to its last sentence's paragraph.
    pub paragraphs: Range<usize>,
    /// The section of its first sentence.
    pub section: usize,
}

/// A quotation opened in one paragraph and closed in a later one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Quotation {
    /// Index range into `Document::paragraphs`, first (opening) to last (closing) paragraph.
    pub paragraphs: Range<usize>,
    /// Display offsets of the unmatched openers of the chain (one per opening paragraph).
    pub openers: Vec<usize>,
    /// Display offset of the closer.
    pub closer: usize,
}

/// The bracket pairs whose balance a paragraph is checked for (BRACKETS_MISMATCH).
pub(crate) fn closer_for(open: char) -> Option<char> {
    Some(match open {
        '「' => '」',
        '『' => '』',
        '（' => '）',
        '【' => '】',
        '〈' => '〉',
        '《' => '》',
        '〔' => '〕',
        _ => return None,
    })
}

pub(crate) fn opener_for(close: char) -> Option<char> {
    Some(match close {
        '」' => '「',
        '』' => '『',
        '）' => '（',
        '】' => '【',
        '〉' => '〈',
        '》' => '《',
        '〕' => '〔',
        _ => return None,
    })
}

/// Unmatched brackets of one paragraph, given its characters with their offsets (other
/// characters may be left out): (offset, char, is_open), in order. A closer pops back to its
/// opener (openers above it were never closed); a closer with no opener is unmatched.
pub(crate) fn unmatched_brackets(
    chars: impl IntoIterator<Item = (usize, char)>,
) -> Vec<(usize, char, bool)> {
    let mut stack: Vec<(usize, char)> = Vec::new();
    let mut bad = Vec::new();
    for (i, c) in chars {
        if closer_for(c).is_some() {
            stack.push((i, c));
        } else if let Some(open) = opener_for(c) {
            match stack.iter().rposition(|&(_, o)| o == open) {
                Some(k) => {
                    for &(j, o) in &stack[k + 1..] {
                        bad.push((j, o, true));
                    }
                    stack.truncate(k);
                }
                None => bad.push((i, c, false)),
            }
        }
    }
    bad.extend(stack.into_iter().map(|(j, o)| (j, o, true)));
    bad.sort_by_key(|b| b.0);
    bad
}

// ---------------------------------------------------------------------------------------
// Headings

/// Characters of a chapter number.
fn is_number_char(c: char) -> bool {
    c.is_ascii_digit()
        || ('０'..='９').contains(&c)
        || matches!(
            c,
            '〇' | '零'
                | '一'
                | '二'
                | '三'
                | '四'
                | '五'
                | '六'
                | '七'
                | '八'
                | '九'
                | '十'
                | '百'
                | '千'
                | '壱'
                | '弐'
                | '参'
        )
}

/// Words that name a part of a serial on a heading line.
const PART_WORDS: &[&str] = &[
    "プロローグ",
    "エピローグ",
    "序章",
    "終章",
    "幕間",
    "間章",
    "閑話",
    "番外編",
    "断章",
];

/// Whether a body line (its source text) is a heading of its own: 第N章 / 第N話 … with an
/// optional title, a part word with an optional title, or a bare chapter number.
pub(crate) fn is_plain_heading(line: &str) -> bool {
    let t = line.trim_matches(|c: char| c.is_whitespace());
    if t.is_empty() || t.chars().count() > 40 || t.contains("［＃") {
        return false;
    }
    if t.chars()
        .any(|c| matches!(c, '。' | '「' | '」' | '『' | '』'))
    {
        return false;
    }
    // A bare chapter number, possibly in full width or kanji (一, 十三, 12, ２).
    if t.chars().count() <= 5 && t.chars().all(is_number_char) {
        return true;
    }
    // 第N章 / 第N話 / 第N節 / 第N部 / 第N幕 / 第N編 / 第N回, then the end or a separator.
    let rest = if let Some(r) = t.strip_prefix('第') {
        let digits = r.chars().take_while(|&c| is_number_char(c)).count();
        if digits == 0 {
            return false;
        }
        let r = &r[r.char_indices().nth(digits).map_or(r.len(), |(i, _)| i)..];
        let mut cs = r.chars();
        match cs.next() {
            Some('章' | '話' | '節' | '部' | '幕' | '編' | '回') => cs.as_str(),
            _ => return false,
        }
    } else if let Some(w) = PART_WORDS.iter().find(|w| t.starts_with(**w)) {
        &t[w.len()..]
    } else {
        return false;
    };
    // A title follows a separator (space, ：, ・, 「…」 is excluded above, ―, 〜, －) or a
    // parenthesis; a bare word run-on (第一話目の朝) is text.
    match rest.chars().next() {
        None => true,
        Some(c) => {
            c.is_whitespace()
                || matches!(
                    c,
                    '：' | ':'
                        | '・'
                        | '―'
                        | '—'
                        | '－'
                        | '-'
                        | '〜'
                        | '～'
                        | '（'
                        | '('
                        | '【'
                        | '＜'
                        | '<'
                )
        }
    }
}

// ---------------------------------------------------------------------------------------
// Furniture

/// A line holding only one 《…》 / ≪…≫ / 〈…〉: a system announcement.
fn is_system_line(t: &str) -> bool {
    let pairs = [
        ('《', '》'),
        ('≪', '≫'),
        ('〈', '〉'),
        ('<', '>'),
        ('＜', '＞'),
    ];
    pairs.iter().any(|&(o, c)| {
        t.starts_with(o)
            && t.ends_with(c)
            && t.chars().count() >= 3
            // One pair around the whole line (《A》と《B》 is prose).
            && t[o.len_utf8()..t.len() - c.len_utf8()].matches(c).count()
                == t[o.len_utf8()..t.len() - c.len_utf8()].matches(o).count()
            && !t[o.len_utf8()..t.len() - c.len_utf8()].contains([c])
    })
}

/// A line holding only a 【…】 label (【ステータス】, 【スキル】), or a label followed by a
/// short value without a terminator (【名前】ユウト).
fn is_label_line(t: &str) -> bool {
    t.starts_with('【')
        && t.find('】').is_some_and(|end| {
            let rest = t[end + '】'.len_utf8()..].trim();
            rest.is_empty() || (!has_terminator(rest) && rest.chars().count() <= 30)
        })
}

fn has_terminator(t: &str) -> bool {
    t.chars()
        .any(|c| matches!(c, '。' | '！' | '？' | '!' | '?'))
}

/// `項目：値` without a sentence: a key of 1–12 characters free of spaces and brackets,
/// then `：`/`:`, then a value without a terminator.
fn is_key_value_line(t: &str) -> bool {
    let Some(pos) = t.find(['：', ':']) else {
        return false;
    };
    let key = t[..pos].trim();
    let value = &t[pos..];
    let n = key.chars().count();
    (1..=12).contains(&n)
        && !key
            .chars()
            .any(|c| c.is_whitespace() || matches!(c, '「' | '」' | '『' | '』' | '、' | '。'))
        && !has_terminator(value)
        && !value.contains(['「', '『'])
}

/// A bullet or rule line inside a window: ・剣術Lv3, - 鑑定, ━━━━, ＝＝＝.
fn is_window_line(t: &str) -> bool {
    (t.starts_with([
        '・', '･', '-', '＊', '*', '■', '□', '◆', '◇', '▼', '▽', '●', '○',
    ]) && !has_terminator(t)
        && t.chars().count() <= 40)
        || t.chars().all(|c| {
            matches!(
                c,
                '━' | '─'
                    | '＝'
                    | '='
                    | '┏'
                    | '┓'
                    | '┗'
                    | '┛'
                    | '┃'
                    | '│'
                    | '┌'
                    | '┐'
                    | '└'
                    | '┘'
            ) || c.is_whitespace()
        })
}

/// Marks status-window and system-line paragraphs (`ParagraphKind::StatusWindow`,
/// `ParagraphKind::SystemLine`).
pub(crate) fn mark_furniture(doc: &mut Document) {
    let n = doc.paragraphs.len();
    let text_of = |doc: &Document, i: usize| -> String {
        doc.paragraph_text(&doc.paragraphs[i])
            .trim_matches(|c: char| c.is_whitespace())
            .to_string()
    };
    let texts: Vec<String> = (0..n).map(|i| text_of(doc, i)).collect();
    // Consecutive paragraphs (no blank line between): body line numbers differ by one.
    let adjacent =
        |a: usize, b: usize| doc.paragraphs[b].body_line == doc.paragraphs[a].body_line + 1;
    let mut kinds: Vec<Option<ParagraphKind>> = vec![None; n];
    for i in 0..n {
        if is_system_line(&texts[i]) {
            kinds[i] = Some(ParagraphKind::SystemLine);
        }
    }
    // Status windows: a label line and the window lines right after it.
    let mut i = 0;
    while i < n {
        if is_label_line(&texts[i]) && kinds[i].is_none() {
            let mut j = i + 1;
            while j < n
                && adjacent(j - 1, j)
                && (is_key_value_line(&texts[j])
                    || is_window_line(&texts[j])
                    || is_label_line(&texts[j]))
            {
                j += 1;
            }
            // A label alone on its line is a window title even without lines under it.
            for k in kinds.iter_mut().take(j).skip(i) {
                *k = Some(ParagraphKind::StatusWindow);
            }
            i = j;
            continue;
        }
        // Two or more aligned 項目：値 lines in a row.
        if is_key_value_line(&texts[i]) && kinds[i].is_none() {
            let mut j = i + 1;
            while j < n
                && adjacent(j - 1, j)
                && (is_key_value_line(&texts[j]) || is_window_line(&texts[j]))
            {
                j += 1;
            }
            let kv = (i..j).filter(|&k| is_key_value_line(&texts[k])).count();
            if kv >= 2 {
                for k in kinds.iter_mut().take(j).skip(i) {
                    *k = Some(ParagraphKind::StatusWindow);
                }
            }
            i = j.max(i + 1);
            continue;
        }
        i += 1;
    }
    for (i, kind) in kinds.into_iter().enumerate() {
        if let Some(kind) = kind {
            let p = &mut doc.paragraphs[i];
            p.kind = kind;
            for s in &mut doc.sentences[p.sentences.clone()] {
                s.dialogue = false;
                s.quoted = false;
            }
        }
    }
}

// ---------------------------------------------------------------------------------------
// Stretches, quotations, voices

/// Assigns `Paragraph::stretch` (see the module doc). `breaks_before[i]`: a heading or a
/// scene break lies between paragraph i − 1 and paragraph i.
pub(crate) fn assign_stretches(doc: &mut Document, breaks_before: &[bool]) {
    let mut stretch = 0usize;
    let mut prev_prose = false;
    for (i, p) in doc.paragraphs.iter_mut().enumerate() {
        let prose = p.kind == ParagraphKind::Narration;
        if i > 0 && (breaks_before.get(i).copied().unwrap_or(false) || !prose || !prev_prose) {
            stretch += 1;
        }
        p.stretch = stretch;
        prev_prose = prose;
    }
}

/// The quotations of the document that open in one paragraph and close in a later one.
pub(crate) fn find_quotations(doc: &Document) -> Vec<Quotation> {
    let mut out = Vec::new();
    // (kind of opener, first paragraph, openers so far)
    let mut open: Option<(char, usize, Vec<usize>)> = None;
    for (pi, p) in doc.paragraphs.iter().enumerate() {
        let text = doc.paragraph_text(p);
        if !text.contains(['「', '」', '『', '』']) {
            continue;
        }
        let bad = unmatched_brackets(
            text.char_indices()
                .filter(|(_, c)| matches!(c, '「' | '」' | '『' | '』'))
                .map(|(i, c)| (p.display.start + i, c)),
        );
        if let Some((kind, first, openers)) = open.as_mut() {
            let close = opener_for_quote(*kind);
            // The closer, with no opener left unmatched before it (『約束」 is a mismatch,
            // not the end of a quotation).
            let closing = bad
                .iter()
                .find(|&&(_, c, o)| !o && c == close)
                .filter(|&&(at, _, _)| !bad.iter().any(|&(i, _, o)| o && i < at));
            if let Some(&(at, _, _)) = closing {
                out.push(Quotation {
                    paragraphs: *first..pi + 1,
                    openers: std::mem::take(openers),
                    closer: at,
                });
                open = None;
                // Something may open again after the closer in this paragraph.
                if let Some(&(at2, c2, _)) = bad.iter().rev().find(|&&(i, _, o)| o && i > at) {
                    open = Some((c2, pi, vec![at2]));
                }
                continue;
            }
            // Reopened in this paragraph: part of the same quotation.
            if let Some(&(at, _, _)) = bad.iter().find(|&&(_, c, o)| o && c == *kind) {
                openers.push(at);
            }
            continue;
        }
        // The last opener left open at the paragraph's end starts a quotation (not one
        // followed by a stray closer: 『…」 is a mismatch).
        if let Some(&(at, c, _)) = bad
            .iter()
            .rev()
            .find(|&&(_, c, o)| o && matches!(c, '「' | '『'))
            .filter(|&&(at, _, _)| !bad.iter().any(|&(i, _, o)| !o && i > at))
        {
            open = Some((c, pi, vec![at]));
        }
    }
    out
}

fn opener_for_quote(open: char) -> char {
    if open == '『' {
        '』'
    } else {
        '」'
    }
}

/// Assigns `Sentence::voice` and fills `Document::voices`.
pub(crate) fn assign_voices(doc: &mut Document) {
    // Embedded documents as display ranges with their paragraph ranges.
    let mut documents: Vec<(Range<usize>, Range<usize>)> = doc
        .quotations
        .iter()
        .map(|q| {
            let first = q.openers.first().copied().unwrap_or(q.closer);
            (first..q.closer + '」'.len_utf8(), q.paragraphs.clone())
        })
        .collect();
    // Runs of paragraphs indented by an annotation (a letter or verse set in).
    let mut i = 0;
    while i < doc.paragraphs.len() {
        if doc.paragraphs[i].annotated && doc.paragraphs[i].kind == ParagraphKind::Narration {
            let mut j = i + 1;
            while j < doc.paragraphs.len()
                && doc.paragraphs[j].annotated
                && doc.paragraphs[j].body_line <= doc.paragraphs[j - 1].body_line + 2
            {
                j += 1;
            }
            let start = doc.paragraphs[i].display.start;
            let end = doc.paragraphs[j - 1].display.end;
            if !documents
                .iter()
                .any(|(r, _)| r.start <= start && end <= r.end)
            {
                documents.push((start..end, i..j));
            }
            i = j;
        } else {
            i += 1;
        }
    }
    documents.sort_by_key(|d| d.0.start);

    let mut voices: Vec<Voice> = Vec::new();
    let mut dialogue: Option<usize> = None;
    let mut furniture: Option<usize> = None;
    // The open narration voice: (section, voice index).
    let mut narration: Option<(usize, usize)> = None;
    let mut document: Option<(usize, usize)> = None; // (document index, voice index)
    let mut next_doc = 0usize;
    for si in 0..doc.sentences.len() {
        let s = &doc.sentences[si];
        let p = &doc.paragraphs[s.paragraph];
        let section = p.section;
        let new_voice = |kind: VoiceKind, voices: &mut Vec<Voice>| -> usize {
            voices.push(Voice {
                kind,
                paragraphs: s.paragraph..s.paragraph + 1,
                section,
            });
            voices.len() - 1
        };
        let v = if p.kind.is_furniture() {
            *furniture.get_or_insert_with(|| new_voice(VoiceKind::Furniture, &mut voices))
        } else if s.dialogue {
            *dialogue.get_or_insert_with(|| new_voice(VoiceKind::Dialogue, &mut voices))
        } else {
            while next_doc < documents.len() && documents[next_doc].0.end <= s.display.start {
                next_doc += 1;
            }
            let inside = documents
                .get(next_doc)
                .is_some_and(|d| d.0.start <= s.display.start && s.display.start < d.0.end);
            if inside {
                match document {
                    Some((d, v)) if d == next_doc => v,
                    _ => {
                        let v = new_voice(VoiceKind::Document, &mut voices);
                        document = Some((next_doc, v));
                        v
                    }
                }
            } else {
                match narration {
                    Some((sec, v)) if sec == section => v,
                    _ => {
                        let v = new_voice(VoiceKind::Narration, &mut voices);
                        narration = Some((section, v));
                        v
                    }
                }
            }
        };
        let paragraph = s.paragraph;
        let voice = &mut voices[v];
        voice.paragraphs.end = voice.paragraphs.end.max(paragraph + 1);
        doc.sentences[si].voice = v;
    }
    doc.voices = voices;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::segment::Document;

    #[test]
    fn plain_headings() {
        for h in [
            "第一章",
            "第1話　はじまり",
            "　第十三話 ギルドへ",
            "第２章：旅立ち",
            "プロローグ",
            "エピローグ　その後",
            "一",
            "　　　　　七",
            "１２",
            "閑話・宿屋の娘",
        ] {
            assert!(is_plain_heading(h), "{h}");
        }
        for t in [
            "第一話から読んでね。",
            "第一話目の朝",
            "一つ",
            "　その日、第三話の原稿が届いた",
            "プロローグを書いた。",
            "「第一章」",
            "",
        ] {
            assert!(!is_plain_heading(t), "{t}");
        }
    }

    #[test]
    fn furniture_lines() {
        let doc = Document::parse(
            "　俺はステータスを開いた。\n【ステータス】\n名前：ユウト\nレベル：1\nＨＰ：120/120\n・剣術Lv2\n\n《レベルが上がりました》\n　体が軽い。\nアリス：行くわ。\n",
        );
        let kinds: Vec<ParagraphKind> = doc.paragraphs.iter().map(|p| p.kind).collect();
        use ParagraphKind::*;
        assert_eq!(
            kinds,
            [
                Narration,
                StatusWindow,
                StatusWindow,
                StatusWindow,
                StatusWindow,
                StatusWindow,
                SystemLine,
                Narration,
                Dialogue
            ]
        );
        // Aligned 項目：値 lines without a label are a window too; one alone is not.
        let doc = Document::parse("　出発前に確認した。\n所持金：三百ゴールド\n装備：鉄の剣\n");
        assert_eq!(doc.paragraphs[1].kind, StatusWindow);
        assert_eq!(doc.paragraphs[2].kind, StatusWindow);
        let doc = Document::parse("　出発前に確認した。\n所持金：三百ゴールド\n\n　歩いた。\n");
        assert_eq!(doc.paragraphs[1].kind, Dialogue);
    }

    #[test]
    fn stretches_end_at_structure() {
        let doc = Document::parse(
            "　一。\n　二。\n「三」\n　四。\n\n◇◇◇\n\n　五。\n# 見出し\n　六。\n【ステータス】\n　七。\n",
        );
        let got: Vec<usize> = doc.paragraphs.iter().map(|p| p.stretch).collect();
        assert_eq!(got, [0, 0, 1, 2, 3, 4, 5, 6]);
    }

    #[test]
    fn multi_paragraph_quotations() {
        let text = "　手紙にはこうあった。\n「拝啓。お元気ですか。\n　私は元気です。\n「次の章もまだ手紙です。\n　さようなら。」\n　読み終えた。\n「待って\n";
        let doc = Document::parse(text);
        assert_eq!(doc.quotations.len(), 1, "{:?}", doc.quotations);
        let q = &doc.quotations[0];
        assert_eq!(q.paragraphs, 1..5);
        assert_eq!(q.openers.len(), 2);
        // The letter is a voice of its own; narration around it is another.
        let voice_of = |needle: &str| {
            let s = doc
                .sentences
                .iter()
                .find(|s| doc.sentence_text(s).contains(needle))
                .unwrap();
            (s.voice, doc.voices[s.voice].kind)
        };
        assert_eq!(voice_of("手紙にはこうあった").1, VoiceKind::Narration);
        assert_eq!(voice_of("私は元気です").1, VoiceKind::Document);
        assert_eq!(voice_of("私は元気です").0, voice_of("さようなら").0);
        assert_eq!(voice_of("手紙にはこうあった").0, voice_of("読み終えた").0);
    }

    #[test]
    fn sections_are_voices_and_headings_end_sections() {
        let doc = Document::parse("　一つめの章です。\n第二章\n　二つめの章だ。\n");
        assert_eq!(doc.sections.len(), 2);
        assert_eq!(doc.paragraphs.len(), 2);
        assert_ne!(doc.sentences[0].voice, doc.sentences[1].voice);
    }
}
