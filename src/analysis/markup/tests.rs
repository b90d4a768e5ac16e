use super::*;

fn display_of(text: &str) -> String {
    build(text).display
}

fn paragraphs(text: &str) -> Vec<String> {
    let doc = build(text);
    doc.paragraphs
        .iter()
        .map(|p| doc.paragraph_text(p).to_string())
        .collect()
}

fn sentences(text: &str) -> Vec<(String, usize)> {
    let doc = build(text);
    doc.sentences
        .iter()
        .map(|s| (doc.sentence_text(s).to_string(), s.length))
        .collect()
}

fn kinds(text: &str) -> Vec<ParagraphKind> {
    build(text).paragraphs.iter().map(|p| p.kind).collect()
}

#[test]
fn front_matter_is_not_body() {
    let doc = build("---\ntitle: 春\n　---　\n本文。\n");
    assert_eq!(doc.display, "本文。\n");
    assert_eq!(doc.body_lines.len(), 1);
    assert_eq!(doc.body_lines[0].line, 3);
    assert_eq!(doc.body_chars, 3);
}

#[test]
fn unclosed_front_matter_is_text() {
    // No closing `---`: the first line is a scene-break line, not front matter.
    let doc = build("---\n本文。\n");
    assert_eq!(doc.display, "---\n本文。\n");
    assert_eq!(doc.scene_breaks, vec![0]);
    assert_eq!(doc.paragraphs.len(), 1);
}

#[test]
fn trailing_metadata_block_is_not_body() {
    let doc = build("本文。\n\n---\n文字数: 3\n作成日：2025-01-01\n\n");
    assert_eq!(doc.display, "本文。\n\n");
    assert_eq!(doc.body_chars, 3);
    // A `---` followed by prose is a scene break, not metadata.
    let doc = build("前。\n---\n後の文。\n");
    assert_eq!(doc.body_chars, 2 + 3 + 4);
    assert_eq!(doc.sections.len(), 2);
}

#[test]
fn front_matter_closing_line_is_not_a_metadata_start() {
    let doc = build("---\na: b\n---\nアリス：行くわ。\n");
    assert_eq!(doc.display, "アリス：行くわ。\n");
}

#[test]
fn headings_and_fences_are_not_body() {
    let text = "# 第1話\n　## 小見出し\n本文。\n```\nコード。\n```\n　```rust\n続き\n";
    let doc = build(text);
    assert_eq!(doc.display, "本文。\n");
    // An unclosed fence runs to the end.
    assert_eq!(doc.body_chars, 3);
}

#[test]
fn aozora_annotations_are_removed() {
    assert_eq!(display_of("［＃８字下げ］一［＃「一」に傍点］\n"), "一\n");
    // A heading annotation makes its line a heading: not body (SPEC §2.8).
    let doc = build("［＃８字下げ］一［＃「一」は中見出し］\n本文。\n");
    assert_eq!(doc.display, "本文。\n");
    // Unterminated: stays as text.
    assert_eq!(display_of("［＃注釈。\n"), "［＃注釈。\n");
    // Plain ［ is not an annotation.
    assert_eq!(display_of("［注］。\n"), "［注］。\n");
}

#[test]
fn aozora_frame_and_indent_blocks() {
    let text = "作品名\n著者\n\n----------\n【テキスト中に現れる記号について】\n《》：ルビ\n----------\n\n　本文《ほんぶん》。\n［＃ここから２字下げ］\n詩の行\n［＃ここで字下げ終わり］\n\n\n\n底本：「全集」\n入力：誰か\n1997年10月29日公開\n";
    let doc = build(text);
    assert!(doc.aozora);
    assert_eq!(doc.display, "　本文。\n\n詩の行\n\n");
    assert_eq!(doc.body_chars, 6);
    let indented: Vec<bool> = doc.paragraphs.iter().map(|p| p.indented).collect();
    assert_eq!(indented, vec![true, true]);
    assert!(!build("　本文。\n").aozora);
}

#[test]
fn annotation_only_line_is_blank() {
    let doc = build("前。\n［＃改ページ］\n\n後。\n");
    assert_eq!(doc.paragraphs.len(), 2);
    assert_eq!(doc.sections.len(), 2);
}

#[test]
fn emphasis_is_unwrapped() {
    assert_eq!(display_of("《《傍点》》を打つ\n"), "傍点を打つ\n");
    // Before bare ruby: 漢字《《強調》》 is not a reading.
    assert_eq!(display_of("漢字《《強調》》\n"), "漢字強調\n");
    assert_eq!(display_of("《《》》\n"), "《《》》\n");
}

#[test]
fn bar_ruby_keeps_the_base() {
    assert_eq!(display_of("｜丹塗《にぬり》の柱\n"), "丹塗の柱\n");
    assert_eq!(display_of("|ABC《えーびーしー》だ\n"), "ABCだ\n");
    assert_eq!(display_of("所々｜丹塗《にぬり》\n"), "所々丹塗\n");
    // A bar with no reading stays.
    assert_eq!(display_of("｜：記号\n"), "｜：記号\n");
    // The base stops at another bar.
    assert_eq!(display_of("｜あ｜い《よみ》\n"), "｜あい\n");
}

#[test]
fn bare_ruby_needs_a_kanji_base() {
    assert_eq!(display_of("下人《げにん》が\n"), "下人が\n");
    assert_eq!(display_of("佐々木《ささき》\n"), "佐々木\n");
    // Hiragana before 《: stays as text.
    assert_eq!(display_of("あ《い》\n"), "あ《い》\n");
    // A reading never contains 《 or 》, and must close on the line.
    assert_eq!(display_of("漢《よ《み》\n"), "漢《よ《み》\n");
    assert_eq!(display_of("漢《よみ\n》\n"), "漢《よみ\n》\n");
    assert_eq!(display_of("漢《》\n"), "漢《》\n");
    // After an annotation is removed, the kanji and 《 meet.
    assert_eq!(display_of("漢字［＃注］《かんじ》\n"), "漢字\n");
}

#[test]
fn display_map_points_into_the_source() {
    let text = "　下人《げにん》が｜丹塗《にぬり》。\n";
    let doc = build(text);
    assert_eq!(doc.display, "　下人が丹塗。\n");
    let at = doc.display.find('が').unwrap();
    let span = doc.source_span(at..at + 'が'.len_utf8());
    assert_eq!(doc.text(span), "が");
    let s = &doc.sentences[0];
    assert_eq!(doc.text(s.span), "下人《げにん》が｜丹塗《にぬり》。");
    let from = doc.display.find('丹').unwrap();
    let span = doc.source_span(from..from + 6);
    assert_eq!(doc.text(span), "丹塗");
    assert_eq!(doc.display_map.len(), doc.display.len() + 1);
    assert_eq!(*doc.display_map.last().unwrap() as usize, text.len() - 1);
}

#[test]
fn dialogue_kinds() {
    use ParagraphKind::*;
    let text = "「行くぞ」\n　『本』\n「閉じない\nアリス：行くわ。\nBob: hi\n――待て。\n—待て\n─待て\n地の文。\n時刻は十時：三十分。\n：行く\n名 前：行く\n";
    assert_eq!(
        kinds(text),
        vec![
            Dialogue, Dialogue, Narration, Dialogue, Dialogue, Dialogue, Dialogue, Dialogue,
            // SPEC §2.4 taken literally: any 1–10 non-space characters before a colon.
            Narration, Dialogue, Narration, Narration
        ]
    );
    // Exactly 10 characters before the colon still count; 11 do not.
    assert_eq!(kinds("一二三四五六七八九十：あ\n"), vec![Dialogue]);
    assert_eq!(kinds("一二三四五六七八九十一：あ\n"), vec![Narration]);
}

#[test]
fn sentences_split_at_any_depth() {
    // SPEC §2.5 (revised): a quotation holding terminators has sentences of its own; the
    // narration around it is one sentence that does not count them.
    assert_eq!(
        sentences("「行く。来る。」と言った。次だ。\n"),
        vec![
            ("「行く。".to_string(), 3),
            ("来る。」".to_string(), 3),
            ("と言った。".to_string(), 4),
            ("次だ。".to_string(), 2)
        ]
    );
    let doc = build("彼は「もう行こう。ここは危ない」と言って立ち上がった。\n");
    let quoted: Vec<bool> = doc.sentences.iter().map(|s| s.quoted).collect();
    assert_eq!(quoted, vec![false, true, true]);
    assert_eq!(doc.sentences[0].length, 12);
    // Quoted sentences count as dialogue for the rhythm rules.
    assert!(doc.sentences[1].dialogue && !doc.sentences[0].dialogue);
    // An unclosed bracket opens nothing: the paragraph splits as narration.
    assert_eq!(sentences("「あ。い。\nう。\n").len(), 3);
}

#[test]
fn terminator_runs_and_closers_end_together() {
    assert_eq!(
        sentences("本当か！？　そうだ!!いや。”次\n"),
        vec![
            ("本当か！？".to_string(), 3),
            ("そうだ!!".to_string(), 3),
            ("いや。”".to_string(), 3),
            ("次".to_string(), 1)
        ]
    );
    // Paragraph end ends a sentence; whitespace is not counted.
    assert_eq!(sentences("　春 だ\n"), vec![("春 だ".to_string(), 2)]);
    // A terminator-only paragraph is a sentence of length 0.
    assert_eq!(sentences("！\n"), vec![("！".to_string(), 0)]);
}

#[test]
fn commas_are_counted_per_sentence() {
    let doc = build("あ、い、う。え、お。\n");
    let c: Vec<usize> = doc.sentences.iter().map(|s| s.commas).collect();
    assert_eq!(c, vec![2, 1]);
}

#[test]
fn sections_split_at_blank_runs_and_break_lines() {
    let text = "一。\n\n二。\n\n\n三。\n　◇　◇\n四。\n＊＊＊\n\n\n\n五。\n* * *\n";
    let doc = build(text);
    assert_eq!(doc.paragraphs.len(), 5);
    let lens: Vec<usize> = doc.sections.iter().map(|s| s.body_chars).collect();
    assert_eq!(lens, vec![4, 2, 2, 2]);
    assert_eq!(doc.sections[0].paragraphs, 0..2);
    assert_eq!(doc.paragraphs[4].section, 3);
    assert_eq!(doc.scene_breaks.len(), 3);
    // Scene-break characters count in body_chars but not in any section.
    assert_eq!(doc.body_chars, 10 + 2 + 3 + 3);
    // A mixed line is a paragraph.
    assert_eq!(build("◇あ◇\n").paragraphs.len(), 1);
}

#[test]
fn headings_are_transparent_for_blank_runs() {
    let doc = build("一。\n\n# 見出し\n\n二。\n");
    assert_eq!(doc.sections.len(), 2);
}

#[test]
fn char_classes() {
    use CharClass::*;
    for (c, k) in [
        ('漢', Kanji),
        ('々', Kanji),
        ('〆', Kanji),
        ('〇', Kanji),
        ('〻', Kanji),
        ('㐀', Kanji),
        ('𠀋', Kanji),
        ('豈', Kanji),
        ('あ', Hiragana),
        ('ゝ', Hiragana),
        ('ゟ', Hiragana),
        ('ア', Katakana),
        ('ー', Katakana),
        ('ヿ', Katakana),
        ('ㇰ', Katakana),
        ('ｱ', Katakana),
        ('・', Other),
        ('゠', Other),
        ('A', Other),
        ('。', Other),
        ('※', Other),
    ] {
        assert_eq!(char_class(c), k, "{c}");
    }
    let doc = build("漢字とカナ、A。\n");
    assert_eq!(
        doc.classes,
        ClassCounts {
            kanji: 2,
            hiragana: 1,
            katakana: 2,
            other: 3
        }
    );
}

#[test]
fn body_chars_exact() {
    // Ruby readings, annotations and the four whitespace characters are not counted;
    // other spaces (U+00A0) are.
    let text = "　下人《げにん》が\t｜丹塗《にぬり》の柱［＃傍点］。 \u{a0}\n\n「《《強》》い」\n";
    let doc = build(text);
    assert_eq!(doc.display, "　下人が\t丹塗の柱。 \u{a0}\n\n「強い」\n");
    assert_eq!(doc.body_chars, 9 + 4);
    assert_eq!(doc.dialogue_chars, 2);
}

#[test]
fn dialogue_chars_reset_per_paragraph() {
    let doc = build("「あいう\nえお\n地の『かき』く「け」。\n");
    assert_eq!(doc.dialogue_chars, 3 + 2 + 1);
}

#[test]
fn crlf_free_edge_inputs_do_not_panic() {
    for text in [
        "",
        "\n",
        "\n\n\n",
        "---",
        "---\n---",
        "```",
        "［＃",
        "《",
        "《《",
        "｜",
        "漢《",
        "漢《》",
        "「",
        "」",
        "。",
        "！？",
        "　",
        "a\u{0}b",
        "---\n---\n---\n",
    ] {
        let doc = build(text);
        assert!(doc.body_chars <= text.chars().count());
        assert_eq!(doc.display_map.len(), doc.display.len() + 1);
    }
}

#[test]
fn no_trailing_newline_keeps_last_line() {
    let doc = build("一行。");
    assert_eq!(doc.body_lines.len(), 1);
    assert_eq!(doc.display, "一行。\n");
    let s = &doc.sentences[0];
    assert_eq!(doc.text(s.span), "一行。");
    assert_eq!(doc.source_span(0..doc.display.len()).end, 9);
}

#[test]
fn indented_flag_reads_the_source_line() {
    let doc = build("　字下げ。\n字下げなし。\n");
    let ind: Vec<bool> = doc.paragraphs.iter().map(|p| p.indented).collect();
    assert_eq!(ind, vec![true, false]);
    assert_eq!(paragraphs("　字下げ。\n")[0], "　字下げ。");
}
