//! Full-text matching for tasks and contexts: case- and width-insensitive substring search
//! over whitespace-separated query terms (Japanese needs no tokenizer: a term is matched as
//! a substring), a score in 0–1 and an excerpt around the first match.
//!
//! Scoring, documented so that agents can rely on it:
//! - tasks: each term scores the weight of the best field it occurs in (title 1.0, content
//!   0.7, context 0.5); the task's score is the mean over the terms. A title equal to the
//!   whole query scores 1.0.
//! - contexts: `0.7 × (share of terms found) + 0.3 × min(1, occurrences / (3 × terms))`.

/// One character folded for matching: full-width ASCII to ASCII, U+3000 to a space, and
/// lower case when that is a single character. Always exactly one character out, so
/// character positions in the folded text are positions in the original. Kana, kanji and
/// the other CJK blocks have no case and take the fast path.
fn fold_char(c: char) -> char {
    let u = c as u32;
    if u < 0x80 {
        return c.to_ascii_lowercase();
    }
    match u {
        0x3000 => ' ',
        0x3001..=0x9fff
        | 0xac00..=0xd7a3
        | 0xf900..=0xfaff
        | 0xff5f..=0xffef
        | 0x20000..=0x3ffff => c,
        0xff01..=0xff5e => char::from_u32(u - 0xfee0).unwrap_or(c).to_ascii_lowercase(),
        _ => {
            let mut lower = c.to_lowercase();
            match (lower.next(), lower.next()) {
                (Some(l), None) => l,
                _ => c,
            }
        }
    }
}

/// `text` folded for matching (same number of characters as `text`).
pub(crate) fn fold(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out: Vec<u8> = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b < 0x80 {
            out.push(b.to_ascii_lowercase());
            i += 1;
        } else if (0xe3..=0xe9).contains(&b) && i + 3 <= bytes.len() {
            // U+3000–U+9FFF (kana, kanji, CJK punctuation): no case, copied as is,
            // except the ideographic space
            if bytes[i..i + 3] == [0xe3, 0x80, 0x80] {
                out.push(b' ');
            } else {
                out.extend_from_slice(&bytes[i..i + 3]);
            }
            i += 3;
        } else {
            let Some(c) = text.get(i..).and_then(|rest| rest.chars().next()) else {
                break;
            };
            let mut buf = [0u8; 4];
            out.extend_from_slice(fold_char(c).encode_utf8(&mut buf).as_bytes());
            i += c.len_utf8();
        }
    }
    // valid by construction: whole UTF-8 sequences or ASCII bytes were pushed
    String::from_utf8(out).unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned())
}

/// The query's terms: folded, split at whitespace, duplicates removed, in order.
pub fn terms(query: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for t in fold(query).split_whitespace() {
        if !out.iter().any(|o| o == t) {
            out.push(t.to_string());
        }
    }
    out
}

/// Characters of context shown before and after a match.
const BEFORE: usize = 30;
const AFTER: usize = 60;

/// An excerpt of the line of `original` containing the match that starts at byte `at` of
/// `folded` (the folded form of `original`) and is `len_chars` characters long.
pub(crate) fn excerpt_at(original: &str, folded: &str, at: usize, len_chars: usize) -> String {
    let char_pos = folded.get(..at).map(|s| s.chars().count()).unwrap_or(0);
    let byte = original
        .char_indices()
        .nth(char_pos)
        .map(|(b, _)| b)
        .unwrap_or(original.len());
    let line_start = original[..byte].rfind('\n').map(|i| i + 1).unwrap_or(0);
    let line_end = original[byte..]
        .find('\n')
        .map(|i| byte + i)
        .unwrap_or(original.len());
    let line: Vec<char> = original[line_start..line_end].chars().collect();
    let col = original[line_start..byte].chars().count();
    let from = col.saturating_sub(BEFORE);
    let to = (col + len_chars + AFTER).min(line.len());
    let mut s = String::new();
    if from > 0 {
        s.push('…');
    }
    s.extend(
        line[from..to]
            .iter()
            .map(|c| if *c == '\r' { ' ' } else { *c }),
    );
    if to < line.len() {
        s.push('…');
    }
    s.trim().to_string()
}

/// A searchable field of a task.
pub struct Field<'a> {
    pub weight: f64,
    pub text: &'a str,
}

/// Weights of task fields.
pub const TITLE_WEIGHT: f64 = 1.0;
pub const CONTENT_WEIGHT: f64 = 0.7;
pub const CONTEXT_WEIGHT: f64 = 0.5;

/// A match: score in 0–1 (rounded to 3 decimals) and an excerpt.
#[derive(Clone, Debug, PartialEq)]
pub struct Hit {
    pub score: f64,
    pub excerpt: String,
}

fn round3(x: f64) -> f64 {
    (x.clamp(0.0, 1.0) * 1000.0).round() / 1000.0
}

/// Scores a task from its fields; `None` when no term occurs anywhere.
pub(crate) fn score_task(
    terms: &[String],
    query_folded: &str,
    fields: &[Field<'_>],
) -> Option<Hit> {
    if terms.is_empty() {
        return None;
    }
    let folded: Vec<String> = fields.iter().map(|f| fold(f.text)).collect();
    let mut total = 0.0;
    let mut first: Option<(usize, usize, usize)> = None; // (field, byte at, term chars)
    for term in terms {
        let mut best = 0.0;
        for (i, (field, text)) in fields.iter().zip(&folded).enumerate() {
            if let Some(at) = text.find(term.as_str()) {
                if field.weight > best {
                    best = field.weight;
                }
                let better = match first {
                    None => true,
                    Some((fi, _, _)) => fields[fi].weight < field.weight,
                };
                if better {
                    first = Some((i, at, term.chars().count()));
                }
            }
        }
        total += best;
    }
    let (fi, at, len) = first?;
    let mut score = total / terms.len() as f64;
    if fields
        .first()
        .is_some_and(|f| f.weight == TITLE_WEIGHT && fold(f.text).trim() == query_folded.trim())
    {
        score = 1.0;
    }
    Some(Hit {
        score: round3(score),
        excerpt: excerpt_at(fields[fi].text, &folded[fi], at, len),
    })
}

/// A context file's score without the excerpt (cheaper: used to rank many files);
/// `None` when no term occurs.
pub(crate) fn score_text_only(terms: &[String], text: &str) -> Option<f64> {
    text_match(terms, text).map(|m| m.0)
}

/// Scores a context file's text; `None` when no term occurs.
pub(crate) fn score_text(terms: &[String], text: &str) -> Option<Hit> {
    let (score, folded, at, len) = text_match(terms, text)?;
    Some(Hit {
        score,
        excerpt: excerpt_at(text, &folded, at, len),
    })
}

fn text_match(terms: &[String], text: &str) -> Option<(f64, String, usize, usize)> {
    if terms.is_empty() {
        return None;
    }
    let folded = fold(text);
    let mut found = 0usize;
    let mut occurrences = 0usize;
    let mut first: Option<(usize, usize)> = None;
    for term in terms {
        let mut iter = folded.match_indices(term.as_str()).peekable();
        if let Some((at, _)) = iter.peek() {
            found += 1;
            if first.is_none() {
                first = Some((*at, term.chars().count()));
            }
        }
        occurrences += iter.count();
    }
    let (at, len) = first?;
    let n = terms.len() as f64;
    let score = 0.7 * (found as f64 / n) + 0.3 * (occurrences as f64 / (3.0 * n)).min(1.0);
    Some((round3(score), folded, at, len))
}

#[cfg(test)]
mod tests {
    use super::*;

    proptest::proptest! {
        #[test]
        fn fast_fold_matches_the_per_character_fold(s in "(?s).{0,40}", j in "[ぁ-んァ-ヶ一-龥　ＡＺａｚ０９！～AZaz ΣσÀİ]{0,40}") {
            for text in [s.as_str(), j.as_str()] {
                let slow: String = text.chars().map(fold_char).collect();
                proptest::prop_assert_eq!(fold(text), slow);
                proptest::prop_assert_eq!(fold(text).chars().count(), text.chars().count());
            }
        }
    }

    #[test]
    fn folding_keeps_positions() {
        assert_eq!(fold("ＡＢＣ　Ｄ"), "abc d");
        assert_eq!(
            fold("İ伏線"),
            "İ伏線".chars().map(fold_char).collect::<String>()
        );
        assert_eq!(fold("İ").chars().count(), 1);
        assert_eq!(terms("伏線　回収 伏線"), ["伏線", "回収"]);
        assert!(terms("  ").is_empty());
    }

    #[test]
    fn task_scores() {
        let t = terms("伏線");
        let title = Field {
            weight: TITLE_WEIGHT,
            text: "伏線Aを回収",
        };
        let content = Field {
            weight: CONTENT_WEIGHT,
            text: "伏線メモ",
        };
        let hit = score_task(&t, "伏線", &[title, content]).unwrap();
        assert_eq!(hit.score, 1.0);
        assert_eq!(hit.excerpt, "伏線Aを回収");
        let t2 = terms("回収 指輪");
        let hit = score_task(
            &t2,
            "回収 指輪",
            &[
                Field {
                    weight: TITLE_WEIGHT,
                    text: "伏線Aを回収",
                },
                Field {
                    weight: CONTENT_WEIGHT,
                    text: "指輪",
                },
            ],
        )
        .unwrap();
        assert_eq!(hit.score, 0.85);
        let exact = score_task(
            &terms("伏線aを回収"),
            "伏線aを回収",
            &[Field {
                weight: TITLE_WEIGHT,
                text: "伏線Aを回収",
            }],
        )
        .unwrap();
        assert_eq!(exact.score, 1.0);
        assert!(score_task(
            &terms("竜"),
            "竜",
            &[Field {
                weight: 1.0,
                text: "伏線"
            }]
        )
        .is_none());
    }

    #[test]
    fn text_scores_and_excerpts() {
        let text = format!(
            "# T001\n\n{}指輪が光る。{}\n",
            "あ".repeat(40),
            "い".repeat(80)
        );
        let hit = score_text(&terms("指輪"), &text).unwrap();
        assert_eq!(hit.score, 0.8);
        assert!(hit.excerpt.starts_with('…') && hit.excerpt.ends_with('…'));
        assert!(hit.excerpt.contains("指輪が光る"));
        let partial = score_text(&terms("指輪 竜"), &text).unwrap();
        assert_eq!(partial.score, 0.4);
        assert!(score_text(&terms("竜"), &text).is_none());
        assert_eq!(score_text_only(&terms("指輪 竜"), &text), Some(0.4));
        let hit = score_text(&terms("ring"), "first line\nA RING here\n").unwrap();
        assert_eq!(hit.excerpt, "A RING here");
    }
}
