//! Edits of a `.novelerrc.yaml` text that keep the author's comments and layout: a rule
//! switched off (`rules: {CODE: {enabled: false}}`) and a word accepted (`accepted_words`),
//! as the language server's code actions offer them. Each edit inserts one line under the
//! top-level key (or appends the key), then parses the result as `parse_rc` would; a file
//! the line-wise edit cannot handle (a flow mapping, a key already holding a block) is
//! rewritten from its parsed form instead, which loses its comments; a file that does not
//! parse gets no edit.

use super::{parse_rc, RcConfig};
use crate::project::yaml::quote_scalar;
use std::path::Path;

/// `text` with rule `code` switched off, or `None` when `text` is not a valid config.
pub(crate) fn disable_rule(text: &str, code: &str) -> Option<String> {
    let done = |rc: &RcConfig| {
        rc.rules
            .iter()
            .any(|(c, o)| c.0 == code && o.enabled == Some(false))
    };
    let line = format!("{code}: {{enabled: false}}");
    edited(text, "rules", &line, done).or_else(|| {
        rewrite(text, done, |doc| {
            let rules = entry_mapping(doc, "rules")?;
            let mut off = serde_yaml::Mapping::new();
            off.insert("enabled".into(), false.into());
            rules.insert(code.into(), off.into());
            Some(())
        })
    })
}

/// `text` with `word` added to `accepted_words`, or `None` when `text` is not a valid config.
pub(crate) fn accept_word(text: &str, word: &str) -> Option<String> {
    let word = word.trim();
    if word.is_empty() || word.contains(['\n', '\r']) {
        return None;
    }
    let done = |rc: &RcConfig| rc.accepted_words.iter().any(|w| w == word);
    let line = format!("- {}", quote_scalar(word));
    edited(text, "accepted_words", &line, done).or_else(|| {
        rewrite(text, done, |doc| {
            let map = doc.as_mapping_mut()?;
            let list = map
                .entry("accepted_words".into())
                .or_insert_with(|| serde_yaml::Value::Sequence(Vec::new()));
            if list.is_null() {
                *list = serde_yaml::Value::Sequence(Vec::new());
            }
            list.as_sequence_mut()?.push(word.into());
            Some(())
        })
    })
}

/// Parses `text` as the tool config (the path only names it in errors).
fn parse(text: &str) -> Option<RcConfig> {
    parse_rc(Path::new(crate::project::TOOL_CONFIG), text).ok()
}

/// `text` with `child` inserted as the first entry under top-level `key` (appending the key
/// when there is none; `key: {}` / `key: []` opened into a block), when the result parses
/// and `done` holds for it; `None` otherwise.
fn edited(text: &str, key: &str, child: &str, done: impl Fn(&RcConfig) -> bool) -> Option<String> {
    parse(text)?;
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let at = lines.iter().position(|l| {
        l.strip_prefix(key)
            .and_then(|r| r.strip_prefix(':'))
            .is_some()
    });
    let mut out = String::with_capacity(text.len() + child.len() + key.len() + 8);
    match at {
        None => {
            out.push_str(text);
            if !text.is_empty() && !text.ends_with('\n') {
                out.push('\n');
            }
            out.push_str(&format!("{key}:\n  {child}\n"));
        }
        Some(i) => {
            let rest = lines[i][key.len() + 1..].trim();
            let value = rest.split(" #").next().unwrap_or("").trim();
            if !(value.is_empty() || value == "{}" || value == "[]" || value.starts_with('#')) {
                return None;
            }
            let indent = lines[i + 1..]
                .iter()
                .map(|l| l.trim_end_matches(['\n', '\r']))
                .find(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
                .map(|l| l.len() - l.trim_start_matches(' ').len())
                .filter(|&n| n > 0 && (value.is_empty() || value.starts_with('#')))
                .unwrap_or(2);
            let newline = if lines[i].ends_with("\r\n") {
                "\r\n"
            } else {
                "\n"
            };
            for l in &lines[..i] {
                out.push_str(l);
            }
            if value.is_empty() || value.starts_with('#') {
                out.push_str(lines[i]);
                if !lines[i].ends_with('\n') {
                    out.push_str(newline);
                }
            } else {
                out.push_str(&format!("{key}:{newline}"));
            }
            out.push_str(&format!("{}{child}{newline}", " ".repeat(indent)));
            for l in &lines[i + 1..] {
                out.push_str(l);
            }
        }
    }
    parse(&out).filter(|rc| done(rc)).map(|_| out)
}

/// `text` parsed, changed by `change` and written back (comments lost), when the result
/// parses and `done` holds for it.
fn rewrite(
    text: &str,
    done: impl Fn(&RcConfig) -> bool,
    change: impl FnOnce(&mut serde_yaml::Value) -> Option<()>,
) -> Option<String> {
    parse(text)?;
    let mut doc: serde_yaml::Value = if text.trim().is_empty() {
        serde_yaml::Value::Mapping(Default::default())
    } else {
        crate::project::yaml::from_str(text).ok()?
    };
    if doc.is_null() {
        doc = serde_yaml::Value::Mapping(Default::default());
    }
    change(&mut doc)?;
    let out = serde_yaml::to_string(&doc).ok()?;
    parse(&out).filter(|rc| done(rc)).map(|_| out)
}

/// The mapping under top-level `key` of `doc`, created (or replacing a null) when absent.
fn entry_mapping<'d>(
    doc: &'d mut serde_yaml::Value,
    key: &str,
) -> Option<&'d mut serde_yaml::Mapping> {
    let map = doc.as_mapping_mut()?;
    let v = map
        .entry(key.into())
        .or_insert_with(|| serde_yaml::Value::Mapping(Default::default()));
    if v.is_null() {
        *v = serde_yaml::Value::Mapping(Default::default());
    }
    v.as_mapping_mut()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rule_is_switched_off_keeping_comments() {
        // As `noveler init` writes it: every key commented out.
        let generated = "## 設定\n# preset: narou\n# rules:\n#   TYPO: {enabled: true}\n";
        let out = disable_rule(generated, "INDENT_MISSING").unwrap();
        assert!(
            out.starts_with(generated),
            "appended after the commented defaults"
        );
        assert!(out.ends_with("rules:\n  INDENT_MISSING: {enabled: false}\n"));
        // Under an existing block, with its indentation; other rules kept.
        let text = "# mine\nrules:\n    KANJI_RUN: {severity: medium}  # note\npreset: narou\n";
        let out = disable_rule(text, "TAB_FOUND").unwrap();
        assert_eq!(
            out,
            "# mine\nrules:\n    TAB_FOUND: {enabled: false}\n    KANJI_RUN: {severity: medium}  # note\npreset: narou\n"
        );
        // `rules: {}` opens into a block.
        assert_eq!(
            disable_rule("rules: {}\n", "TAB_FOUND").unwrap(),
            "rules:\n  TAB_FOUND: {enabled: false}\n"
        );
        // A rule already listed: the parsed form is rewritten.
        let out = disable_rule("rules:\n  TAB_FOUND:\n    severity: high\n", "TAB_FOUND").unwrap();
        let rc = parse(&out).unwrap();
        assert_eq!(rc.rules.values().next().unwrap().enabled, Some(false));
        // A flow mapping: rewritten too.
        let out = disable_rule("rules: {KANJI_RUN: {enabled: true}}\n", "TAB_FOUND").unwrap();
        assert_eq!(parse(&out).unwrap().rules.len(), 2);
        // An empty file.
        assert_eq!(
            disable_rule("", "TAB_FOUND").unwrap(),
            "rules:\n  TAB_FOUND: {enabled: false}\n"
        );
        // A broken config gets no edit.
        assert_eq!(disable_rule("bogus: 1\n", "TAB_FOUND"), None);
    }

    #[test]
    fn a_word_is_accepted() {
        assert_eq!(
            accept_word("preset: narou\n", "澪浜").unwrap(),
            "preset: narou\naccepted_words:\n  - 澪浜\n"
        );
        assert_eq!(
            accept_word("accepted_words:\n  - 潮墨\n", "澪浜").unwrap(),
            "accepted_words:\n  - 澪浜\n  - 潮墨\n"
        );
        assert_eq!(
            accept_word("accepted_words: []\n", "a: b").unwrap(),
            "accepted_words:\n  - \"a: b\"\n"
        );
        let out = accept_word("accepted_words: [潮墨]\n", "澪浜").unwrap();
        assert_eq!(parse(&out).unwrap().accepted_words, ["潮墨", "澪浜"]);
        assert_eq!(accept_word("", "\n"), None);
    }
}
