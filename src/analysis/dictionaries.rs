//! Embedded word lists (data in `templates/dictionaries/`, compiled in; no I/O here).

use super::settings::{NotationPair, TypoEntry};

const TYPOS_TSV: &str = include_str!("../../templates/dictionaries/typos.tsv");
const NOTATION_TSV: &str = include_str!("../../templates/dictionaries/notation_pairs.tsv");

/// Parses `a<TAB>b` lines, skipping blanks and `#` comments.
pub fn parse_pairs(tsv: &str) -> Vec<(String, String)> {
    tsv.lines()
        .map(str::trim_end)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter_map(|l| {
            let (a, b) = l.split_once('\t')?;
            let (a, b) = (a.trim(), b.trim());
            (!a.is_empty() && !b.is_empty()).then(|| (a.to_string(), b.to_string()))
        })
        .collect()
}

pub fn default_typos() -> Vec<TypoEntry> {
    parse_pairs(TYPOS_TSV)
        .into_iter()
        .map(|(wrong, right)| TypoEntry { wrong, right })
        .collect()
}

pub fn default_notation_pairs() -> Vec<NotationPair> {
    parse_pairs(NOTATION_TSV)
        .into_iter()
        .map(|(a, b)| NotationPair { a, b })
        .collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn embedded_dictionaries_parse() {
        assert!(super::default_typos()
            .iter()
            .any(|t| t.wrong == "こんにちわ"));
        assert!(!super::default_notation_pairs().is_empty());
    }
}
