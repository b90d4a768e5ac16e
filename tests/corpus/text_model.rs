//! The text model and metrics on every Aozora work: the invariants hold, the header, legend
//! and footer are not body, and the figures are those of real prose.

use crate::common::{self, invariants::analyse};
use noveler::analysis::Source;

pub fn aozora_corpus_parses_with_sane_figures() {
    let Some(dir) = common::corpus("aozora") else {
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
