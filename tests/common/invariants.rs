//! What must hold for any text: the document model's spans and maps, and the metrics'
//! ranges. Shared by `text_model` (fixtures, proptest) and `corpus` (the Aozora works).

use noveler::analysis::metrics::{self, Metrics};
use noveler::analysis::{Document, Settings};

/// Parses `text`, checks every invariant, computes the metrics and checks them.
pub fn analyse(text: &str) -> (Document<'_>, Metrics) {
    let doc = Document::parse(text);
    check_invariants(text, &doc);
    let m = metrics::compute(&doc, &Settings::default());
    check_metrics(&doc, &m);
    (doc, m)
}

/// Everything that must hold for any input.
pub fn check_invariants(text: &str, doc: &Document) {
    let len = text.len();
    let on = |i: usize| i <= len && text.is_char_boundary(i);
    assert!(doc.body_chars <= text.chars().count());
    let c = doc.classes;
    assert_eq!(c.kanji + c.hiragana + c.katakana + c.other, doc.body_chars);
    assert!(doc.dialogue_chars <= doc.body_chars);
    assert_eq!(doc.display_map.len(), doc.display.len() + 1);
    for &m in &doc.display_map {
        assert!(on(m as usize), "display_map entry {m} off a boundary");
    }
    for l in &doc.body_lines {
        assert!(on(l.span.start) && on(l.span.end) && l.span.start <= l.span.end);
        assert!(doc.display.is_char_boundary(l.display.start));
        assert!(doc.display.is_char_boundary(l.display.end));
    }
    let mut section_chars = 0;
    for s in &doc.sections {
        assert!(on(s.span.start) && on(s.span.end) && s.span.start <= s.span.end);
        assert!(s.paragraphs.end <= doc.paragraphs.len());
        section_chars += s.body_chars;
    }
    assert!(section_chars <= doc.body_chars);
    for (i, p) in doc.paragraphs.iter().enumerate() {
        assert!(on(p.span.start) && on(p.span.end));
        assert!(p.sentences.end <= doc.sentences.len());
        assert!(p.section < doc.sections.len().max(1));
        assert!(doc.display.get(p.display.clone()).is_some());
        for s in &doc.sentences[p.sentences.clone()] {
            assert_eq!(s.paragraph, i);
        }
    }
    for s in &doc.sentences {
        assert!(on(s.span.start) && on(s.span.end) && s.span.start < s.span.end);
        let shown = doc
            .display
            .get(s.display.clone())
            .expect("sentence on boundaries");
        assert!(s.length <= shown.chars().count());
        assert!(s.commas <= s.length);
        let span = doc.source_span(s.display.clone());
        assert_eq!(span, s.span);
    }
    // Every single displayed character maps to a source span that contains it.
    for (i, ch) in doc.display.char_indices() {
        let span = doc.source_span(i..i + ch.len_utf8());
        assert!(on(span.start) && on(span.end) && span.start <= span.end);
        if ch != '\n' {
            assert_eq!(&text[span.range()], ch.to_string(), "display {i}");
        }
    }
    let span = doc.source_span(0..doc.display.len());
    assert!(on(span.start) && on(span.end));
}

pub fn check_metrics(doc: &Document, m: &Metrics) {
    let unit = |x: f64| (0.0..=1.0).contains(&x);
    let cb = &m.character_balance;
    for r in [
        cb.kanji_ratio,
        cb.hiragana_ratio,
        cb.katakana_ratio,
        cb.other_ratio,
        m.dialogue.dialogue_line_ratio,
        m.dialogue.dialogue_char_ratio,
        m.rhythm.short_ratio,
        m.rhythm.medium_ratio,
        m.rhythm.long_ratio,
        m.rhythm.window_in_range_ratio,
        m.hook_assessment.main_hook_score,
    ] {
        assert!(unit(r), "{r}");
    }
    assert!(m.rhythm.p25 <= m.rhythm.p50 && m.rhythm.p50 <= m.rhythm.p75);
    assert!(m.rhythm.sentences <= doc.sentences.len());
    assert_eq!(m.sections.lengths.len(), m.sections.count);
    assert_eq!(m.paragraphs.count, doc.paragraphs.len());
    for p in [
        m.hook_assessment.minor_peak_position_pct,
        m.hook_assessment.mini_hook_position_pct,
    ]
    .into_iter()
    .flatten()
    {
        assert!((0.0..=100.0).contains(&p));
    }
    serde_json::to_string(m).expect("metrics serialise");
}
