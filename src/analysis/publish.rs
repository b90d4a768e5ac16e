//! The publish-ready text of a manuscript for a web-novel site (`noveler complete`).
//!
//! What is kept is exactly the body of the text model (SPEC §2.1: front matter, trailing
//! metadata block, Markdown headings and code fences left out), so what the site shows is what
//! `noveler check` counted. Each body line is then rewritten:
//!
//! | | ruby `｜基《よみ》` `|基《よみ》` `漢字《よみ》` | 傍点 `《《…》》` | `［＃…］` | blank-line runs |
//! |---|---|---|---|---|
//! | `narou` (小説家になろう) | `｜基《よみ》` | `｜傍点《・・》` (ruby of `・`, in pieces of at most 10 characters) | removed | collapsed to one |
//! | `kakuyomu` (カクヨム) | `｜基《よみ》` | `《《傍点》》` | removed | kept |
//! | `plain` | `基` | `傍点` | removed | kept |
//!
//! Ruby and emphasis are recognised with the same rules, in the same order, as the text
//! model (SPEC §2.2), so a `《…》` that is neither stays as text. Every ruby is written with
//! the explicit full-width bar, which both sites read and which never attaches to the wrong
//! base. Trailing whitespace is dropped, leading and trailing blank lines too; leading `　`
//! (paragraph indentation) is kept. なろう shows no ruby whose base or reading is longer than
//! 10 characters: such rubies are reported in `warnings`.

use crate::analysis::segment::{char_class, CharClass};
use crate::analysis::Document;
use serde::{Deserialize, Serialize};

/// The site the text is prepared for.
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    schemars::JsonSchema,
    clap::ValueEnum,
)]
#[serde(rename_all = "lowercase")]
pub enum PublishFormat {
    /// 小説家になろう: ruby `｜基《よみ》`, 傍点 as ruby of `・`, blank-line runs collapsed.
    #[default]
    Narou,
    /// カクヨム: ruby `｜基《よみ》`, 傍点 `《《…》》`.
    Kakuyomu,
    /// Plain text: ruby and 傍点 marks removed.
    Plain,
}

impl PublishFormat {
    pub fn as_str(self) -> &'static str {
        match self {
            PublishFormat::Narou => "narou",
            PublishFormat::Kakuyomu => "kakuyomu",
            PublishFormat::Plain => "plain",
        }
    }
}

/// The converted text and what the author should know about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Published {
    pub text: String,
    /// Rubies converted (each bar, bare-kanji form counted once).
    pub ruby: usize,
    /// 傍点 spans converted.
    pub emphasis: usize,
    /// Notes in Japanese (e.g. a ruby なろう will not show).
    pub warnings: Vec<String>,
}

/// Longest ruby base / reading なろう renders.
pub const NAROU_RUBY_MAX: usize = 10;

#[derive(Clone, Debug, PartialEq)]
enum Item {
    /// A displayed character, with the 傍点 span it belongs to (if any).
    C(char, Option<u32>),
    Ruby {
        base: Vec<(char, Option<u32>)>,
        reading: String,
    },
}

/// Converts normalised manuscript `text` (BOM removed, LF line ends) for `format`.
pub fn publish_text(text: &str, format: PublishFormat) -> Published {
    let doc = Document::parse(text);
    let mut out = Published {
        text: String::new(),
        ruby: 0,
        emphasis: 0,
        warnings: Vec::new(),
    };
    let mut lines: Vec<String> = Vec::with_capacity(doc.body_lines.len());
    for bl in &doc.body_lines {
        // Control characters never reach a posting site (CONTROL_CHARACTER reports them).
        let raw = &text[bl.span.range()];
        let cleaned: String;
        let src = if raw
            .chars()
            .any(crate::analysis::rules::control::is_stray_control)
        {
            cleaned = raw
                .chars()
                .filter(|&c| !crate::analysis::rules::control::is_stray_control(c))
                .collect();
            cleaned.as_str()
        } else {
            raw
        };
        let items = parse_line(src);
        let line = render_line(&items, format, bl.line + 1, &mut out);
        lines.push(line.trim_end_matches([' ', '\u{3000}', '\t']).to_string());
    }
    let is_blank = |l: &String| l.trim_matches([' ', '\u{3000}', '\t']).is_empty();
    let start = lines
        .iter()
        .position(|l| !is_blank(l))
        .unwrap_or(lines.len());
    let end = lines
        .iter()
        .rposition(|l| !is_blank(l))
        .map_or(start, |e| e + 1);
    let mut previous_blank = false;
    for line in &lines[start..end] {
        let blank = is_blank(line);
        if blank && previous_blank && format == PublishFormat::Narou {
            continue;
        }
        previous_blank = blank;
        if blank {
            out.text.push('\n');
        } else {
            out.text.push_str(line);
            out.text.push('\n');
        }
    }
    out
}

/// One source line → items, with the text model's passes (SPEC §2.2) in its order.
fn parse_line(src: &str) -> Vec<Item> {
    // 1. ［＃…］ removed (up to the first ］ on the line; without one it stays text).
    let mut a: Vec<char> = Vec::with_capacity(src.len());
    let chars: Vec<char> = src.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        if chars[i] == '［' && chars.get(i + 1) == Some(&'＃') {
            if let Some(rel) = chars[i..].iter().position(|&c| c == '］') {
                i += rel + 1;
                continue;
            }
        }
        a.push(chars[i]);
        i += 1;
    }
    // 2. 《《傍点》》: the content is marked with a span id.
    let mut b: Vec<(char, Option<u32>)> = Vec::with_capacity(a.len());
    let mut next_id = 0u32;
    let mut i = 0;
    while i < a.len() {
        if a[i] == '《' && a.get(i + 1) == Some(&'《') {
            let mut j = i + 2;
            while j < a.len() && !matches!(a[j], '《' | '》') {
                j += 1;
            }
            if j > i + 2 && j + 1 < a.len() && a[j] == '》' && a[j + 1] == '》' {
                b.extend(a[i + 2..j].iter().map(|&c| (c, Some(next_id))));
                next_id += 1;
                i = j + 2;
                continue;
            }
        }
        b.push((a[i], None));
        i += 1;
    }
    // 3. ｜基《よみ》 / |基《よみ》.
    let mut items: Vec<Item> = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if matches!(b[i].0, '｜' | '|') {
            let mut j = i + 1;
            while j < b.len() && !matches!(b[j].0, '｜' | '|' | '《' | '》') {
                j += 1;
            }
            if j > i + 1 && j < b.len() && b[j].0 == '《' {
                if let Some(k) = reading_end(&b, j) {
                    items.push(Item::Ruby {
                        base: b[i + 1..j].to_vec(),
                        reading: b[j + 1..k].iter().map(|x| x.0).collect(),
                    });
                    i = k + 1;
                    continue;
                }
            }
        }
        items.push(Item::C(b[i].0, b[i].1));
        i += 1;
    }
    // 4. 漢字《よみ》: the kanji run right before the reading is the base.
    let mut out: Vec<Item> = Vec::with_capacity(items.len());
    let mut i = 0;
    while i < items.len() {
        if items[i] == Item::C('《', None)
            && matches!(out.last(), Some(Item::C(c, _)) if char_class(*c) == CharClass::Kanji)
        {
            if let Some(k) = item_reading_end(&items, i) {
                let mut start = out.len();
                while start > 0
                    && matches!(&out[start - 1], Item::C(c, _) if char_class(*c) == CharClass::Kanji)
                {
                    start -= 1;
                }
                let base: Vec<(char, Option<u32>)> = out
                    .drain(start..)
                    .filter_map(|it| match it {
                        Item::C(c, g) => Some((c, g)),
                        Item::Ruby { .. } => None,
                    })
                    .collect();
                let reading: String = items[i + 1..k]
                    .iter()
                    .filter_map(|it| match it {
                        Item::C(c, _) => Some(*c),
                        Item::Ruby { .. } => None,
                    })
                    .collect();
                out.push(Item::Ruby { base, reading });
                i = k + 1;
                continue;
            }
        }
        out.push(items[i].clone());
        i += 1;
    }
    out
}

/// With `b[open]` = `《`: index of the `》` closing a non-empty reading free of `《》`.
fn reading_end(b: &[(char, Option<u32>)], open: usize) -> Option<usize> {
    let mut k = open + 1;
    while k < b.len() && !matches!(b[k].0, '《' | '》') {
        k += 1;
    }
    (k > open + 1 && k < b.len() && b[k].0 == '》').then_some(k)
}

fn item_reading_end(items: &[Item], open: usize) -> Option<usize> {
    let mut k = open + 1;
    while k < items.len() {
        match &items[k] {
            Item::C('《', _) => return None,
            Item::C('》', _) => break,
            Item::C(..) => k += 1,
            Item::Ruby { .. } => return None,
        }
    }
    (k > open + 1 && k < items.len()).then_some(k)
}

fn render_line(items: &[Item], format: PublishFormat, line: usize, out: &mut Published) -> String {
    let mut s = String::new();
    let mut i = 0;
    while i < items.len() {
        match &items[i] {
            Item::Ruby { base, reading } => {
                out.ruby += 1;
                let base_text: String = base.iter().map(|x| x.0).collect();
                match format {
                    PublishFormat::Plain => s.push_str(&base_text),
                    PublishFormat::Narou | PublishFormat::Kakuyomu => {
                        s.push('｜');
                        s.push_str(&base_text);
                        s.push('《');
                        s.push_str(reading);
                        s.push('》');
                        if format == PublishFormat::Narou {
                            let (nb, nr) = (base_text.chars().count(), reading.chars().count());
                            if nb > NAROU_RUBY_MAX || nr > NAROU_RUBY_MAX {
                                out.warnings.push(format!(
                                    "{line} 行目: ルビ「{base_text}《{reading}》」は親文字 {nb} 字・ルビ {nr} 字です。なろうでは {NAROU_RUBY_MAX} 字を超えるルビは表示されません"
                                ));
                            }
                        }
                    }
                }
                i += 1;
            }
            Item::C(c, None) => {
                s.push(*c);
                i += 1;
            }
            Item::C(_, Some(g)) => {
                let mut span = String::new();
                while let Some(Item::C(c, Some(h))) = items.get(i) {
                    if h != g {
                        break;
                    }
                    span.push(*c);
                    i += 1;
                }
                out.emphasis += 1;
                match format {
                    PublishFormat::Plain => s.push_str(&span),
                    PublishFormat::Kakuyomu => {
                        s.push_str("《《");
                        s.push_str(&span);
                        s.push_str("》》");
                    }
                    PublishFormat::Narou => {
                        let chars: Vec<char> = span.chars().collect();
                        for piece in chars.chunks(NAROU_RUBY_MAX) {
                            s.push('｜');
                            s.extend(piece.iter());
                            s.push('《');
                            for c in piece {
                                // Spaces carry no dot.
                                s.push(if matches!(c, ' ' | '\u{3000}') {
                                    '\u{3000}'
                                } else {
                                    '・'
                                });
                            }
                            s.push('》');
                        }
                    }
                }
            }
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn conv(text: &str, f: PublishFormat) -> String {
        publish_text(text, f).text
    }

    #[test]
    fn control_characters_never_reach_the_publish_text() {
        let t = "　彼は\u{7}言った\u{1b}[31m。\u{0}\n";
        let out = publish_text(t, PublishFormat::Plain);
        assert_eq!(out.text, "　彼は言った[31m。\n");
    }

    #[test]
    fn ruby_forms() {
        let t = "　｜潮墨《しおずみ》と|沈み岩《しずみいわ》と澪浜《みおはま》の夜。\n";
        assert_eq!(
            conv(t, PublishFormat::Narou),
            "　｜潮墨《しおずみ》と｜沈み岩《しずみいわ》と｜澪浜《みおはま》の夜。\n"
        );
        assert_eq!(
            conv(t, PublishFormat::Kakuyomu),
            "　｜潮墨《しおずみ》と｜沈み岩《しずみいわ》と｜澪浜《みおはま》の夜。\n"
        );
        assert_eq!(
            conv(t, PublishFormat::Plain),
            "　潮墨と沈み岩と澪浜の夜。\n"
        );
        assert_eq!(publish_text(t, PublishFormat::Plain).ruby, 3);
    }

    #[test]
    fn emphasis_forms() {
        let t = "これは《《大事》》な話。\n";
        assert_eq!(
            conv(t, PublishFormat::Narou),
            "これは｜大事《・・》な話。\n"
        );
        assert_eq!(
            conv(t, PublishFormat::Kakuyomu),
            "これは《《大事》》な話。\n"
        );
        assert_eq!(conv(t, PublishFormat::Plain), "これは大事な話。\n");
        let long = "《《あいうえおかきくけこさし》》\n";
        assert_eq!(
            conv(long, PublishFormat::Narou),
            "｜あいうえおかきくけこ《・・・・・・・・・・》｜さし《・・》\n"
        );
    }

    #[test]
    fn not_ruby_stays_text() {
        for t in [
            "かな《よみ》\n",
            "漢《》\n",
            "《《》》\n",
            "《《開き\n",
            "｜《よみ》\n",
        ] {
            assert_eq!(conv(t, PublishFormat::Plain), t, "{t}");
        }
    }

    #[test]
    fn body_only_and_blank_runs() {
        let t = "---\ntitle: x\n---\n# 第一話\n\n　一行目。\n\n\n\n「二行目」\n［＃改ページ］\n　三行目。　\n\n---\n文字数: 12\n";
        assert_eq!(
            conv(t, PublishFormat::Narou),
            "　一行目。\n\n「二行目」\n\n　三行目。\n"
        );
        assert_eq!(
            conv(t, PublishFormat::Kakuyomu),
            "　一行目。\n\n\n\n「二行目」\n\n　三行目。\n"
        );
    }

    #[test]
    fn long_ruby_warns_for_narou_only() {
        let t = "｜あいうえおかきくけこさ《よみ》\n";
        assert_eq!(publish_text(t, PublishFormat::Narou).warnings.len(), 1);
        assert!(publish_text(t, PublishFormat::Kakuyomu).warnings.is_empty());
    }

    #[test]
    fn display_matches_text_model() {
        // The plain text's characters are exactly the text model's displayed body.
        let t = "　｜潮墨《しおずみ》の《《青い》》線、澪浜《みおはま》。［＃傍点］かな《かな》\n";
        let plain = conv(t, PublishFormat::Plain);
        let doc = Document::parse(t);
        assert_eq!(plain.trim_end(), doc.display.trim_end());
    }
}
