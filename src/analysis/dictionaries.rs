//! Embedded word lists (data in `templates/dictionaries/`, compiled in; no I/O here).

use super::settings::{NotationPair, TypoEntry};
use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock};

const TYPOS_TSV: &str = include_str!("../../templates/dictionaries/typos.tsv");
const NOTATION_TSV: &str = include_str!("../../templates/dictionaries/notation_pairs.tsv");
const TAUTOLOGIES_TSV: &str = include_str!("../../templates/dictionaries/tautologies.tsv");
const REDUNDANT_TSV: &str = include_str!("../../templates/dictionaries/redundant_expressions.tsv");
const EXCLUSIONS_TSV: &str = include_str!("../../templates/dictionaries/notation_exclusions.tsv");
const ROLES_TSV: &str = include_str!("../../templates/dictionaries/notation_roles.tsv");
const HOMOPHONES_TSV: &str = include_str!("../../templates/dictionaries/homophones.tsv");
const IDIOMS_TSV: &str = include_str!("../../templates/dictionaries/idioms.tsv");
const MISUSES_TSV: &str = include_str!("../../templates/dictionaries/misuses.tsv");
const OKURIGANA_TSV: &str = include_str!("../../templates/dictionaries/okurigana.tsv");

/// The grammatical use a kana spelling of a 表記ゆれ pair may have (`notation_roles.tsv`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NotationRole {
    /// An auxiliary verb right after て/で.
    Aux,
    /// A formal noun right after a hiragana.
    Formal,
    /// A formal noun that also names a place (ところ / 所): formal as above, except where it
    /// is a place — after の or 同じ (人の所, この所), before へ / まで / から (rules::notation).
    Place,
}

/// `notation_roles.tsv`: kana spelling → role.
pub(crate) fn notation_roles() -> &'static BTreeMap<String, NotationRole> {
    static MAP: OnceLock<BTreeMap<String, NotationRole>> = OnceLock::new();
    MAP.get_or_init(|| {
        parse_pairs(ROLES_TSV)
            .into_iter()
            .filter_map(|(word, role)| {
                let role = match role.as_str() {
                    "aux" => NotationRole::Aux,
                    "formal" => NotationRole::Formal,
                    "place" => NotationRole::Place,
                    _ => return None,
                };
                Some((word, role))
            })
            .collect()
    })
}

/// Parses `a<TAB>b` lines, skipping blanks and `#` comments.
pub(crate) fn parse_pairs(tsv: &str) -> Vec<(String, String)> {
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

// The lists are parsed once per process and shared: every `Settings` holds the same `Arc`
// until a config edits its copy (`Arc::make_mut`), so making and cloning settings copies no
// strings (malloc and free were a third of a one-line check's instructions).

/// The embedded typo dictionary.
pub(crate) fn default_typos() -> Arc<Vec<TypoEntry>> {
    static TYPOS: OnceLock<Arc<Vec<TypoEntry>>> = OnceLock::new();
    Arc::clone(TYPOS.get_or_init(|| Arc::new(entries(TYPOS_TSV))))
}

/// The embedded 表記ゆれ pairs.
pub(crate) fn default_notation_pairs() -> Arc<Vec<NotationPair>> {
    static PAIRS: OnceLock<Arc<Vec<NotationPair>>> = OnceLock::new();
    Arc::clone(PAIRS.get_or_init(|| {
        Arc::new(
            parse_pairs(NOTATION_TSV)
                .into_iter()
                .map(|(a, b)| NotationPair { a, b })
                .collect(),
        )
    }))
}

/// The embedded 重言 list (TAUTOLOGY): phrase → suggested wording.
pub(crate) fn default_tautologies() -> Arc<Vec<TypoEntry>> {
    static LIST: OnceLock<Arc<Vec<TypoEntry>>> = OnceLock::new();
    Arc::clone(LIST.get_or_init(|| Arc::new(entries(TAUTOLOGIES_TSV))))
}

/// The embedded 冗長表現 list (REDUNDANT_EXPRESSION): phrase → shorter wording.
pub(crate) fn default_redundant_expressions() -> Arc<Vec<TypoEntry>> {
    static LIST: OnceLock<Arc<Vec<TypoEntry>>> = OnceLock::new();
    Arc::clone(LIST.get_or_init(|| Arc::new(entries(REDUNDANT_TSV))))
}

/// The embedded 同音異義 collocations (HOMOPHONE_MISCONVERSION): pattern → right word.
pub(crate) fn default_homophones() -> Arc<Vec<TypoEntry>> {
    static LIST: OnceLock<Arc<Vec<TypoEntry>>> = OnceLock::new();
    Arc::clone(LIST.get_or_init(|| Arc::new(collocations(HOMOPHONES_TSV).0)))
}

/// The embedded 慣用句・四字熟語 list (IDIOM_MISUSE): pattern → right word.
pub(crate) fn default_idioms() -> Arc<Vec<TypoEntry>> {
    static LIST: OnceLock<Arc<Vec<TypoEntry>>> = OnceLock::new();
    Arc::clone(LIST.get_or_init(|| Arc::new(collocations(IDIOMS_TSV).0)))
}

/// The embedded 語の誤用 list (WORD_MISUSE): pattern → right word.
pub(crate) fn default_word_misuses() -> Arc<Vec<TypoEntry>> {
    static LIST: OnceLock<Arc<Vec<TypoEntry>>> = OnceLock::new();
    Arc::clone(LIST.get_or_init(|| Arc::new(collocations(MISUSES_TSV).0)))
}

/// The embedded 送り仮名 list (OKURIGANA_ERROR): wrong spelling → right spelling.
pub(crate) fn default_okurigana() -> Arc<Vec<TypoEntry>> {
    static LIST: OnceLock<Arc<Vec<TypoEntry>>> = OnceLock::new();
    Arc::clone(LIST.get_or_init(|| Arc::new(entries(OKURIGANA_TSV))))
}

/// One line of a collocation list beyond pattern and right word: the example sentence that
/// must fire it (checked by the tests), whether it is a modern usage (flag `modern`: older
/// prose wrote it otherwise, so the `literary` preset skips it) and a note added to the
/// message.
#[derive(Clone, Debug, Default)]
pub struct CollocationExtra {
    pub example: String,
    pub modern: bool,
    pub note: String,
}

/// `pattern<TAB>right<TAB>example[<TAB>flags[<TAB>note]]` lines (blanks and `#` comments
/// skipped; flags `-` or `modern`).
fn collocations(tsv: &str) -> (Vec<TypoEntry>, Vec<CollocationExtra>) {
    let mut list = Vec::new();
    let mut extras = Vec::new();
    for line in tsv.lines().map(str::trim_end) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut cols = line.split('\t').map(str::trim);
        let (Some(wrong), Some(right)) = (cols.next(), cols.next()) else {
            continue;
        };
        if wrong.is_empty() || right.is_empty() {
            continue;
        }
        list.push(TypoEntry {
            wrong: wrong.to_string(),
            right: right.to_string(),
        });
        let example = cols.next().unwrap_or_default().to_string();
        let modern = cols
            .next()
            .is_some_and(|f| f.split(',').any(|f| f == "modern"));
        extras.push(CollocationExtra {
            example,
            modern,
            note: cols.next().unwrap_or_default().to_string(),
        });
    }
    (list, extras)
}

/// The embedded collocation lists with their extras, by name (homophones, idioms,
/// word_misuses): for the tests and the corpus script (`examples/lexicon_hits.rs`).
pub fn collocation_lists() -> [(&'static str, Vec<TypoEntry>, Vec<CollocationExtra>); 3] {
    let named = |name, tsv| {
        let (list, extras) = collocations(tsv);
        (name, list, extras)
    };
    [
        named("homophones", HOMOPHONES_TSV),
        named("idioms", IDIOMS_TSV),
        named("word_misuses", MISUSES_TSV),
    ]
}

/// What the embedded lists say about `pattern` beyond its right word, if it is theirs.
pub(crate) fn collocation_extra(pattern: &str) -> Option<&'static CollocationExtra> {
    static EXTRAS: OnceLock<BTreeMap<String, CollocationExtra>> = OnceLock::new();
    EXTRAS
        .get_or_init(|| {
            [HOMOPHONES_TSV, IDIOMS_TSV, MISUSES_TSV]
                .into_iter()
                .flat_map(|tsv| {
                    let (list, extras) = collocations(tsv);
                    list.into_iter().zip(extras)
                })
                .filter(|(_, x)| x.modern || !x.note.is_empty())
                .map(|(e, x)| (e.wrong, x))
                .collect()
        })
        .get(pattern)
}

fn entries(tsv: &str) -> Vec<TypoEntry> {
    parse_pairs(tsv)
        .into_iter()
        .map(|(wrong, right)| TypoEntry { wrong, right })
        .collect()
}

/// Contexts in which a spelling of a 表記ゆれ pair is part of a different word
/// (`notation_exclusions.tsv`): spelling → contexts, each containing the spelling.
/// Contexts that do not contain their spelling are dropped.
pub fn notation_exclusions() -> &'static BTreeMap<String, Vec<String>> {
    static MAP: OnceLock<BTreeMap<String, Vec<String>>> = OnceLock::new();
    MAP.get_or_init(|| {
        let mut map: BTreeMap<String, Vec<String>> = BTreeMap::new();
        for (word, contexts) in parse_pairs(EXCLUSIONS_TSV) {
            let list = map.entry(word.clone()).or_default();
            list.extend(
                contexts
                    .split_whitespace()
                    .filter(|c| c.contains(word.as_str()) && *c != word)
                    .map(str::to_string),
            );
        }
        map
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embedded_dictionaries_parse() {
        let typos = default_typos();
        assert!(typos.iter().any(|t| t.wrong == "こんにちわ"));
        assert!(typos.len() >= 20, "{}", typos.len());
        for list in [default_homophones(), default_idioms(), default_okurigana()] {
            assert!(list.len() >= 100, "{}", list.len());
        }
        let pairs = default_notation_pairs();
        assert!(pairs.len() >= 20, "{}", pairs.len());
        assert!(notation_exclusions()["とき"].contains(&"ときどき".to_string()));
        assert_eq!(notation_roles()["もらう"], NotationRole::Aux);
        assert_eq!(notation_roles()["こと"], NotationRole::Formal);
        assert_eq!(
            notation_roles().len(),
            parse_pairs(ROLES_TSV).len(),
            "unknown role"
        );
    }

    #[test]
    fn typo_fixes_do_not_refire() {
        // Applying a fix must not create another typo (or the same one again).
        let typos = default_typos();
        for t in typos.iter() {
            assert_ne!(t.wrong, t.right);
            for other in typos.iter() {
                assert!(
                    !t.right.contains(other.wrong.as_str()),
                    "{} → {} contains {}",
                    t.wrong,
                    t.right,
                    other.wrong
                );
            }
        }
    }

    #[test]
    fn typo_entries_are_unique() {
        let typos = default_typos();
        for (i, a) in typos.iter().enumerate() {
            for b in &typos[i + 1..] {
                assert_ne!(a.wrong, b.wrong);
            }
        }
    }

    #[test]
    fn notation_sides_are_disjoint() {
        for p in default_notation_pairs().iter() {
            let a: Vec<&str> = p.a.split('|').collect();
            let b: Vec<&str> = p.b.split('|').collect();
            assert!(a.iter().all(|x| !x.is_empty()) && b.iter().all(|x| !x.is_empty()));
            for x in &a {
                assert!(!b.contains(x), "{x} on both sides");
            }
        }
    }

    #[test]
    fn every_exclusion_context_contains_its_word() {
        let raw = parse_pairs(EXCLUSIONS_TSV);
        for (word, contexts) in raw {
            for c in contexts.split_whitespace() {
                assert!(c.contains(word.as_str()), "{c} lacks {word}");
            }
        }
    }
}
