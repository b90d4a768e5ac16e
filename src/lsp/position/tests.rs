use super::*;
use proptest::prelude::*;

fn pos(line: u32, character: u32) -> Position {
    Position { line, character }
}

#[test]
fn astral_characters_count_two_utf16_units_four_bytes_one_scalar() {
    let text = "𠮷野家で😀を\r\nつ\u{3099}く";
    let idx = LineIndex::new(text);
    let wo = text.find('を').unwrap();
    assert_eq!(idx.position(text, wo, Encoding::Utf16), pos(0, 7));
    assert_eq!(idx.position(text, wo, Encoding::Utf8), pos(0, wo as u32));
    assert_eq!(idx.position(text, wo, Encoding::Utf32), pos(0, 5));
    assert_eq!(idx.offset(text, pos(0, 7), Encoding::Utf16), wo);
    // Half a surrogate pair is the character's start.
    assert_eq!(idx.offset(text, pos(0, 1), Encoding::Utf16), 0);
    // Past the end of a CRLF line: the line's end, before the \r.
    assert_eq!(
        idx.offset(text, pos(0, 99), Encoding::Utf16),
        text.find('\r').unwrap()
    );
    // A combining mark is a character of its own.
    let ku = text.find('く').unwrap();
    assert_eq!(idx.position(text, ku, Encoding::Utf16), pos(1, 2));
    // Past the last line: the end.
    assert_eq!(idx.offset(text, pos(9, 0), Encoding::Utf16), text.len());
}

#[test]
fn lines_end_at_lf_crlf_and_lone_cr() {
    let text = "a\r\nb\rc\nd";
    let idx = LineIndex::new(text);
    assert_eq!(idx.line_count(), 4);
    for (line, c) in ["a", "b", "c", "d"].iter().enumerate() {
        let at = idx.offset(text, pos(line as u32, 0), Encoding::Utf16);
        assert_eq!(&text[at..at + 1], *c);
    }
    // Inside a \r\n: the end of its line.
    assert_eq!(idx.position(text, 2, Encoding::Utf16), pos(0, 1));
}

#[test]
fn encoding_prefers_utf8_then_utf32_then_the_default() {
    use PositionEncodingKind as K;
    assert_eq!(Encoding::negotiate(None), Encoding::Utf16);
    assert_eq!(
        Encoding::negotiate(Some(&[K::UTF16, K::UTF8])),
        Encoding::Utf8
    );
    assert_eq!(
        Encoding::negotiate(Some(&[K::UTF32, K::UTF16])),
        Encoding::Utf32
    );
    assert_eq!(
        Encoding::negotiate(Some(&[K::new("utf-7")])),
        Encoding::Utf16
    );
}

#[test]
fn normalised_offsets_map_past_a_bom_and_crlf() {
    let client = "\u{feff}一行目\r\n二𠮷\r三\n";
    let norm = crate::analysis::Source::new(client).text;
    let lines = LineIndex::new(client);
    let map = Normalised::new(&norm, client);
    let at = norm.find('𠮷').unwrap();
    let c = map.to_client(&lines, client, at);
    assert!(client[c..].starts_with('𠮷'));
    assert_eq!(map.to_client(&lines, client, 0), 3);
    assert_eq!(map.to_client(&lines, client, norm.len()), client.len());
}

/// Text made of the characters that go wrong: astral, combining, wide, ASCII and every line
/// ending.
fn awkward_text() -> impl Strategy<Value = String> {
    let pieces = prop::sample::select(vec![
        "a",
        "あ",
        "𠮷",
        "😀",
        "👨‍👩‍👧",
        "\u{3099}",
        "é",
        "\n",
        "\r\n",
        "\r",
        "　",
        "\u{feff}",
    ]);
    (any::<bool>(), prop::collection::vec(pieces, 0..40)).prop_map(|(bom, v)| {
        let body: String = v.concat();
        if bom {
            format!("\u{feff}{body}")
        } else {
            body
        }
    })
}

/// Units of `s` counted the slow way.
fn units(s: &str, enc: Encoding) -> u32 {
    match enc {
        Encoding::Utf8 => s.len() as u32,
        Encoding::Utf16 => s.encode_utf16().count() as u32,
        Encoding::Utf32 => s.chars().count() as u32,
    }
}

const ALL: [Encoding; 3] = [Encoding::Utf8, Encoding::Utf16, Encoding::Utf32];

proptest! {
    /// Every char boundary round-trips through a position, and the position counts the units
    /// of the line before it.
    #[test]
    fn offsets_round_trip_through_positions(text in awkward_text()) {
        let idx = LineIndex::new(&text);
        for enc in ALL {
            for (at, _) in text.char_indices().chain(std::iter::once((text.len(), ' '))) {
                let p = idx.position(&text, at, enc);
                let start = idx.line_start(&text, p.line as usize);
                let end = idx.line_end(&text, p.line as usize);
                prop_assert!(start <= at.min(end));
                prop_assert_eq!(p.character, units(&text[start..at.min(end)], enc));
                if at <= end {
                    prop_assert_eq!(idx.offset(&text, p, enc), at);
                }
            }
        }
    }

    /// Any position, however wrong, gives a char boundary inside the text.
    #[test]
    fn any_position_is_a_char_boundary(text in awkward_text(), line in 0u32..50, ch in 0u32..200) {
        let idx = LineIndex::new(&text);
        for enc in ALL {
            let at = idx.offset(&text, pos(line, ch), enc);
            prop_assert!(at <= text.len() && text.is_char_boundary(at));
        }
    }

    /// A normalised offset lands on the same character of the client's text (a normalised
    /// `\n` on the client's line ending).
    #[test]
    fn normalised_offsets_land_on_the_same_character(text in awkward_text()) {
        let norm = crate::analysis::Source::new(&text).text;
        let lines = LineIndex::new(&text);
        let map = Normalised::new(&norm, &text);
        for (at, c) in norm.char_indices() {
            let k = map.to_client(&lines, &text, at);
            let got = text[k..].chars().next();
            if c == '\n' {
                prop_assert!(matches!(got, Some('\n' | '\r')), "{:?} at {}", got, k);
            } else {
                prop_assert_eq!(got, Some(c));
            }
        }
        prop_assert_eq!(map.to_client(&lines, &text, norm.len()), text.len());
    }
}
