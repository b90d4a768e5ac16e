//! The text model and metrics on hand-made fixtures (exact figures), on arbitrary input
//! (proptest: no panic, every span on char boundaries) and on the shared Aozora corpus
//! (read in place; skipped with a note when absent).

use noveler::analysis::metrics::{self, Metrics};
use noveler::analysis::segment::{ParagraphKind, Sentence};
use noveler::analysis::{Document, Settings, Source};
use proptest::prelude::*;
use std::path::Path;

mod common;

fn fixture(name: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("fixtures/unicode")
        .join(name);
    let raw = std::fs::read_to_string(&path).expect("fixture is readable UTF-8");
    Source::new(&raw).text
}

fn analyse(text: &str) -> (Document<'_>, Metrics) {
    let doc = Document::parse(text);
    check_invariants(text, &doc);
    let m = metrics::compute(&doc, &Settings::default());
    check_metrics(&doc, &m);
    (doc, m)
}

fn sentence_texts(doc: &Document) -> Vec<String> {
    doc.sentences
        .iter()
        .map(|s| doc.sentence_text(s).to_string())
        .collect()
}

#[test]
fn ruby_dialogue_fixture() {
    let text = fixture("ruby_dialogue.md");
    let (doc, m) = analyse(&text);
    // Front matter, heading and the trailing 文字数 block are not body. Per line (counted by
    // hand, whitespace excluded): 港町の朝は早い。潮墨の匂いが、坂道を上ってくる。 24,
    // 「おはよう、ミナ！」 10, ミナは振り返った。 9, アリス：行くわ。 8, ――待って。 6,
    // 空は青い《あおい》。 10 (a reading after hiragana stays text).
    assert_eq!(doc.body_chars, 67);
    assert_eq!(m.length_stats.body_chars, 67);
    assert_eq!(doc.classes.kanji, 16);
    assert_eq!(doc.classes.hiragana, 28);
    assert_eq!(doc.classes.katakana, 7);
    assert_eq!(doc.classes.other, 16);
    assert_eq!(m.character_balance.kanji_ratio, 0.2388); // 16 / 67
    assert_eq!(m.character_balance.katakana_ratio, 0.1045); // 7 / 67
    assert_eq!(m.dialogue.paragraphs, 6);
    assert_eq!(m.dialogue.dialogue_paragraphs, 3);
    assert_eq!(m.dialogue.dialogue_line_ratio, 0.5);
    assert_eq!(doc.dialogue_chars, 8); // おはよう、ミナ！
    assert_eq!(m.dialogue.dialogue_char_ratio, 0.1194); // 8 / 67
    assert_eq!(doc.sentences.len(), 7);
    assert_eq!(
        sentence_texts(&doc),
        vec![
            "港町の朝は早い。",
            "潮墨の匂いが、坂道を上ってくる。",
            "「おはよう、ミナ！」",
            "ミナは振り返った。",
            "アリス：行くわ。",
            "――待って。",
            "空は青い《あおい》。",
        ]
    );
    let lengths: Vec<usize> = doc.sentences.iter().map(|s| s.length).collect();
    // 「おはよう、ミナ！」 is a quotation (a terminator inside): its ！ ends it, uncounted.
    assert_eq!(lengths, vec![7, 15, 9, 8, 7, 5, 9]);
    // Rhythm: narration only (4 sentences: 7, 15, 8, 9).
    assert_eq!(m.rhythm.sentences, 4);
    assert_eq!(m.rhythm.p50, 8.5);
    assert_eq!(m.punctuation.max_commas_in_sentence, 1);
    assert_eq!(m.sections.count, 1);
    // Spans point into the original text, readings included; a span runs from the first
    // displayed character's source to the last one's, so the leading ｜ is outside.
    let s: &Sentence = &doc.sentences[1];
    assert_eq!(
        doc.text(s.span),
        "潮墨《しおずみ》の匂いが、坂道を上ってくる。"
    );
    assert_eq!(
        doc.text(doc.sentences[0].span),
        "港町《みなとまち》の朝は早い。"
    );
    assert_eq!(doc.paragraphs[0].line, 6);
    let kinds: Vec<ParagraphKind> = doc.paragraphs.iter().map(|p| p.kind).collect();
    use ParagraphKind::*;
    assert_eq!(
        kinds,
        vec![Narration, Dialogue, Narration, Dialogue, Dialogue, Narration]
    );
}

#[test]
fn scenes_fixture() {
    let text = fixture("scenes.md");
    let (doc, m) = analyse(&text);
    assert_eq!(m.sections.count, 4);
    assert_eq!(m.sections.lengths, vec![13, 7, 7, 6]);
    // Scene-break characters (◇, ＊＊＊) are body characters but belong to no section.
    assert_eq!(doc.body_chars, 37);
    assert_eq!(doc.paragraphs.len(), 5);
    assert_eq!(doc.scene_breaks.len(), 2);
    assert_eq!(m.dialogue.dialogue_paragraphs, 1);
    assert_eq!(doc.dialogue_chars, 4);
}

#[test]
fn brackets_fixture() {
    let text = fixture("brackets.md");
    let (doc, m) = analyse(&text);
    assert_eq!(
        sentence_texts(&doc),
        vec![
            "彼は言った。",
            "「行くぞ。",
            "待て！」",
            "と。",
            "それから（小声で。）笑った！？",
            "（小声で。）",
            "本当に？！",
            "「閉じない台詞。",
            "まだ続く。",
            "次の行。",
        ]
    );
    let lengths: Vec<usize> = doc.sentences.iter().map(|s| s.length).collect();
    // SPEC §2.5 (revised): sentences end at any bracket depth; a quotation's sentences are
    // its own (the narration around （小声で。） counts それから…笑った only); an unclosed 「
    // opens nothing.
    assert_eq!(lengths, vec![5, 4, 3, 1, 7, 5, 3, 7, 4, 3]);
    let quoted: Vec<bool> = doc.sentences.iter().map(|s| s.quoted).collect();
    assert_eq!(
        quoted,
        vec![false, true, true, false, false, true, false, false, false, false]
    );
    assert_eq!(doc.body_chars, 54);
    // The unclosed 「 is not dialogue (no 」 on its line) and does not run on.
    assert_eq!(m.dialogue.dialogue_paragraphs, 0);
    assert_eq!(doc.dialogue_chars, 7 + 12);
}

#[test]
fn bom_crlf_fixture() {
    let text = fixture("bom_crlf.txt");
    assert!(!text.contains('\r') && !text.starts_with('\u{feff}'));
    let (doc, m) = analyse(&text);
    assert_eq!(doc.body_chars, 10);
    assert_eq!(doc.sentences.len(), 2);
    assert_eq!(m.dialogue.dialogue_paragraphs, 1);
    assert_eq!(doc.classes.kanji, 3);
}

/// Everything that must hold for any input.
fn check_invariants(text: &str, doc: &Document) {
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

fn check_metrics(doc: &Document, m: &Metrics) {
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

fn fragment() -> impl Strategy<Value = String> {
    let pieces: Vec<&'static str> = vec![
        "「",
        "」",
        "『",
        "』",
        "《",
        "》",
        "《《",
        "》》",
        "｜",
        "|",
        "―",
        "――",
        "…",
        "……",
        "、",
        "。",
        "！",
        "？",
        "!",
        "?",
        "！？",
        "\n",
        "\n\n",
        "\n\n\n",
        "　",
        " ",
        "\t",
        "漢",
        "字",
        "々",
        "𠀋",
        "あ",
        "カ",
        "ｱ",
        "A",
        "（",
        "）",
        "(",
        ")",
        "【",
        "】",
        "〈",
        "〉",
        "〔",
        "〕",
        "［＃",
        "］",
        "［＃注］",
        "◇",
        "＊",
        "*",
        "※",
        "-",
        "---",
        "\n---\n",
        "```",
        "\n```\n",
        "#",
        "\n# 見出し\n",
        "：",
        ":",
        "アリス：",
        "文字数: 1",
        "”",
        "\r",
        "\u{feff}",
        "\u{0}",
        "é",
        "👍",
    ];
    prop_oneof![
        6 => proptest::sample::select(pieces).prop_map(str::to_string),
        2 => any::<char>().prop_map(|c| c.to_string()),
        1 => "\\PC{0,8}",
    ]
}

fn manuscript() -> impl Strategy<Value = String> {
    prop::collection::vec(fragment(), 0..120).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn never_panics_and_spans_stay_on_boundaries(raw in manuscript()) {
        // Both the normalised text and the raw one (with \r and BOM left in).
        let normalised = Source::new(&raw).text;
        for text in [normalised.as_str(), raw.as_str()] {
            analyse(text);
        }
    }

    #[test]
    fn arbitrary_unicode_never_panics(raw in "\\PC{0,300}") {
        analyse(&raw);
    }
}

#[test]
fn aozora_corpus_parses_with_sane_figures() {
    let Some(dir) = common::corpus("aozora") else {
        eprintln!("note: shared/corpus/aozora not found; corpus test skipped");
        return;
    };
    let files = common::works(&dir);
    assert!(!files.is_empty(), "no .txt files in {}", dir.display());
    for path in files {
        let raw = std::fs::read_to_string(&path).expect("corpus file is UTF-8");
        let text = Source::new(&raw).text;
        let (doc, m) = analyse(&text);
        let name = path.display();
        assert!(doc.paragraphs.len() >= 15, "{name}: paragraphs");
        assert!(doc.sentences.len() >= doc.paragraphs.len() / 2, "{name}");
        // The header, legend and 底本 footer are not body (SPEC §2.8): 蜘蛛の糸 is ~2,900.
        assert!(doc.body_chars >= 2000, "{name}: body_chars");
        assert!(doc.aozora, "{name}: not recognised as an Aozora file");
        assert!(
            !doc.display.contains("底本："),
            "{name}: footer in the body"
        );
        assert!(
            !doc.display.contains("【テキスト中に現れる記号について】"),
            "{name}"
        );
        assert!(doc.body_chars < text.chars().count(), "{name}");
        let k = m.character_balance.kanji_ratio;
        assert!((0.1..0.5).contains(&k), "{name}: kanji_ratio {k}");
        let h = m.character_balance.hiragana_ratio;
        assert!((0.3..0.8).contains(&h), "{name}: hiragana_ratio {h}");
        assert!(m.rhythm.mean > 5.0 && m.rhythm.mean < 120.0, "{name}: mean");
        // Ruby readings are gone: the display keeps at most a few 《 (those after a
        // non-kanji base such as a gaiji ※, plus the legend's example 《》).
        let src_open = text.matches('《').count();
        let shown_open = doc.display.matches('《').count();
        assert!(
            shown_open * 20 <= src_open.max(20),
            "{name}: {shown_open} of {src_open} 《 left"
        );
        assert!(!doc.display.contains("［＃"), "{name}: annotation left");
    }
}

/// Inputs that would be quadratic for a naive scanner (unclosed annotations, ruby and
/// emphasis openers, deep brackets, long runs of closers). Run on one long line each, so a
/// quadratic pass would make this test hang rather than pass.
#[test]
fn pathological_lines_parse() {
    let n = 40_000;
    for piece in [
        "［＃", "《《", "《", "｜", "|あ", "漢《", "「", "」", "（「", "』", "。」", "》》",
        "\u{3000}", "◇", "#",
    ] {
        let text = piece.repeat(n);
        let (doc, _) = analyse(&text);
        assert!(doc.body_chars <= text.chars().count());
    }
    let text = format!("{}{}", "（".repeat(n), "」".repeat(n));
    let (doc, _) = analyse(&text);
    assert_eq!(doc.sentences.len(), 1);
}
