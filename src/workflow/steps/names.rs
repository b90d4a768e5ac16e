//! Step 4: character names in the text against `30_設定集/キャラクター.yaml`.
//!
//! # The heuristic (documented; it finds candidates, the agent judges them)
//! Known names are, per character: the full name without spaces (`潮路蒼`), its parts
//! split at the space (`潮路`, `蒼`), and every way other characters address them
//! (`呼び方` values such as `コマ`, `玄斎さん`, `鳴海殿`; a trailing honorific is also
//! dropped to give the bare form, parenthesised notes are removed, `／` separates
//! alternatives), plus `別名`/`愛称`/`aliases`.
//!
//! The text is scanned as maximal runs of kanji and of katakana (SPEC §2.6 classes) in the
//! displayed text (ruby readings masked). A run is a *name slip* (`NAME_INCONSISTENT`) when
//! it is not a known name or glossary term and
//! - (a) its first N characters differ in exactly one character from a known full name of
//!   N ≥ 3 characters (`汐路蒼` for `潮路蒼`; high), or
//! - (b) it is exactly as long as a known name part or alias of ≥ 2 characters, differs from
//!   it in exactly one character, and is directly followed by an honorific (`さん`, `殿` …;
//!   medium), or
//! - (c) the same for parts/aliases of ≥ 3 characters directly followed by a particle or
//!   punctuation (`は`, `が`, `、` …; medium).
//!
//! A run of ≥ 2 characters directly followed by an honorific that matches no known name
//! and is not in the template's `not_names` list (祖父, 先生 …) is an *unknown name*
//! (`NAME_UNKNOWN`, low). Two-character names followed only by a particle are not checked:
//! too many ordinary words differ from them by one character (小舟 / 小鞠).

use super::common::{issue_at, Measured, StepContext};
use crate::analysis::segment::{char_class, CharClass};
use crate::analysis::Severity;
use crate::project::yaml::trimmed_scalar;
use serde::{Deserialize, Serialize};
use serde_yaml::Value;
use std::collections::{BTreeMap, BTreeSet};

/// One character of `キャラクター.yaml`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Character {
    /// The name as written in the file (`潮路 蒼`).
    pub name: String,
    /// Without spaces (`潮路蒼`).
    pub full: String,
    /// Parts split at spaces (`潮路`, `蒼`); empty when the name has no space.
    pub parts: Vec<String>,
    pub reading: Option<String>,
    /// How others address this character, and other aliases.
    pub aliases: Vec<String>,
}

fn strip_spaces(s: &str) -> String {
    s.chars().filter(|c| !c.is_whitespace()).collect()
}

fn get<'v>(v: &'v Value, keys: &[&str]) -> Option<&'v Value> {
    keys.iter().find_map(|k| v.get(*k))
}

/// Splits `鳴海殿（第3話以降は「師匠」）／おまえ` into `鳴海殿`, `おまえ`.
fn alias_values(text: &str) -> Vec<String> {
    let mut clean = String::new();
    let mut depth = 0usize;
    for c in text.chars() {
        match c {
            '（' | '(' => depth += 1,
            '）' | ')' => depth = depth.saturating_sub(1),
            _ if depth == 0 => clean.push(c),
            _ => {}
        }
    }
    clean
        .split(['／', '/', '、', ',', '，'])
        .map(|s| s.trim().trim_matches(['「', '」']).to_string())
        .filter(|s| !s.is_empty())
        .collect()
}

/// Parses the characters document: `キャラクター:` / `characters:` / `登場人物:` list (or a
/// top-level list) of mappings with `名前`/`name`, `読み`/`reading`, `呼び方` (name → how
/// this character addresses them) and `別名`/`愛称`/`aliases`.
pub(crate) fn parse_characters(doc: &Value) -> Vec<Character> {
    let list = match doc {
        Value::Sequence(items) => Some(items),
        _ => get(doc, &["キャラクター", "characters", "登場人物", "人物"])
            .and_then(Value::as_sequence),
    };
    let Some(list) = list else {
        return Vec::new();
    };
    let mut out: Vec<Character> = Vec::new();
    let mut addressed: Vec<(String, String)> = Vec::new();
    for item in list {
        let Some(name) = get(item, &["名前", "name", "氏名"]).and_then(trimmed_scalar) else {
            continue;
        };
        if name.is_empty() {
            continue;
        }
        let parts: Vec<String> = name.split_whitespace().map(str::to_string).collect();
        let mut aliases = Vec::new();
        if let Some(v) = get(item, &["別名", "愛称", "aliases", "あだ名"]) {
            match v {
                Value::Sequence(xs) => aliases.extend(
                    xs.iter()
                        .filter_map(trimmed_scalar)
                        .flat_map(|s| alias_values(&s)),
                ),
                other => aliases.extend(trimmed_scalar(other).iter().flat_map(|s| alias_values(s))),
            }
        }
        if let Some(Value::Mapping(map)) = get(item, &["呼び方", "呼称", "how_to_call"]) {
            for (k, v) in map {
                if let (Some(target), Some(val)) = (trimmed_scalar(k), trimmed_scalar(v)) {
                    for a in alias_values(&val) {
                        addressed.push((strip_spaces(&target), a));
                    }
                }
            }
        }
        out.push(Character {
            full: strip_spaces(&name),
            parts: if parts.len() > 1 { parts } else { Vec::new() },
            reading: get(item, &["読み", "reading", "よみ"]).and_then(trimmed_scalar),
            aliases,
            name,
        });
    }
    for (target, alias) in addressed {
        if let Some(c) = out.iter_mut().find(|c| c.full == target) {
            if !c.aliases.contains(&alias) {
                c.aliases.push(alias);
            }
        }
    }
    out
}

fn is_name_class(c: char) -> bool {
    matches!(char_class(c), CharClass::Kanji | CharClass::Katakana)
}

/// Whether every character of `s` is of one name class.
fn single_class(s: &str) -> bool {
    let mut classes = s.chars().map(char_class);
    match classes.next() {
        Some(first @ (CharClass::Kanji | CharClass::Katakana)) => classes.all(|c| c == first),
        _ => false,
    }
}

/// Number of differing characters of two equally long strings; `None` for other lengths.
fn hamming(a: &str, b: &str) -> Option<usize> {
    let (x, y): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    (x.len() == y.len()).then(|| x.iter().zip(&y).filter(|(p, q)| p != q).count())
}

/// Maximal runs of one name class in `text`: (byte start, byte end, run).
fn runs(text: &str) -> Vec<(usize, usize, &str)> {
    let mut out = Vec::new();
    let mut start: Option<(usize, CharClass)> = None;
    for (i, c) in text.char_indices() {
        let class = char_class(c);
        match start {
            Some((_, k)) if is_name_class(c) && class == k => {}
            Some((s, _)) => {
                out.push((s, i, &text[s..i]));
                start = is_name_class(c).then_some((i, class));
            }
            None => start = is_name_class(c).then_some((i, class)),
        }
    }
    if let Some((s, _)) = start {
        out.push((s, text.len(), &text[s..]));
    }
    out
}

#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
struct Appearance {
    name: String,
    mentions: usize,
    /// Form → count (full name, parts, aliases).
    forms: BTreeMap<String, usize>,
    first_line: Option<usize>,
}

// Long (~200 lines) for a reason: its three passes (known forms, the paragraph scan for
// slips and unknown names, appearances) all read the known-forms table and the two
// closures built from the step's parameters (`strip_honorific`, `is_known`), and the scan
// writes two tables the details then report; split, each part would take five of them.
pub fn check(cx: &StepContext) -> Measured {
    let mut m = Measured::default();
    let chars = cx.characters.unwrap_or(&[]);
    let honorifics = cx.list_param("honorifics", &["さん", "くん", "君", "様", "殿", "ちゃん"]);
    let particles = cx.list_param(
        "particles",
        &["は", "が", "を", "に", "の", "と", "、", "。"],
    );
    let not_names: BTreeSet<String> = cx.list_param("not_names", &[]).into_iter().collect();

    let known = known_forms(chars, &honorifics);
    let terms: BTreeSet<String> = cx
        .glossary
        .unwrap_or(&[])
        .iter()
        .flat_map(|t| std::iter::once(t.term.clone()).chain(t.variants.iter().cloned()))
        .collect();
    let is_known = |s: &str| known.contains_key(s) || terms.contains(s) || not_names.contains(s);

    let full_names: Vec<(usize, &str)> = chars
        .iter()
        .enumerate()
        .filter(|(_, c)| c.full.chars().count() >= 3 && single_class(&c.full))
        .map(|(i, c)| (i, c.full.as_str()))
        .collect();
    let short_forms: Vec<(&str, usize)> = known
        .iter()
        .filter(|(k, _)| k.chars().count() >= 2 && single_class(k))
        .map(|(k, &i)| (k.as_str(), i))
        .collect();

    let display = &cx.doc.display;
    let mut slips: BTreeMap<String, (String, usize)> = BTreeMap::new();
    let mut unknown: BTreeMap<String, usize> = BTreeMap::new();
    for p in &cx.doc.paragraphs {
        let text = &display[p.display.clone()];
        for (s, e, run) in runs(text) {
            let rest = &text[e..];
            let next_honorific = honorifics.iter().any(|h| rest.starts_with(h.as_str()));
            let next_particle = particles.iter().any(|q| rest.starts_with(q.as_str()));
            let run_len = run.chars().count();
            let next = After {
                honorific: next_honorific,
                particle: next_particle,
            };
            let found = slip_in(run, next, &full_names, &short_forms, &is_known);
            if let Some((written, ci, severity, expected)) = found {
                let start = p.display.start + s;
                let len = written.len();
                let character = &chars[ci];
                slips
                    .entry(written.clone())
                    .and_modify(|e| e.1 += 1)
                    .or_insert((expected.to_string(), 1));
                m.issues.push(
                    issue_at(
                        cx,
                        "NAME_INCONSISTENT",
                        severity,
                        start..start + len,
                        &format!("{s}:{written}"),
                        format!(
                            "人物名「{written}」はキャラクター.yaml の「{expected}」（{}）と一字違います",
                            character.name
                        ),
                    )
                    .suggest(format!("「{written}」を「{expected}」にする（別人なら キャラクター.yaml に登録する）")),
                );
                m.corrections.push(format!("「{written}」→「{expected}」"));
                continue;
            }
            if next_honorific && run_len >= 2 && !is_known(run) {
                let start = p.display.start + s;
                *unknown.entry(run.to_string()).or_insert(0) += 1;
                if unknown[run] == 1 {
                    m.issues.push(
                        issue_at(
                            cx,
                            "NAME_UNKNOWN",
                            Severity::Low,
                            start..start + run.len(),
                            run,
                            format!("敬称つきの名前「{run}」が キャラクター.yaml にありません"),
                        )
                        .suggest(
                            "登場人物なら キャラクター.yaml に追加する（誤記なら正しい名前にする）",
                        ),
                    );
                }
            }
        }
    }

    let appearances = appearances(cx, chars);
    m.detail("characters_in_settings", chars.len());
    m.detail("appearances", &appearances);
    m.detail(
        "not_appearing",
        appearances
            .iter()
            .filter(|a| a.mentions == 0)
            .map(|a| a.name.clone())
            .collect::<Vec<_>>(),
    );
    m.detail(
        "name_slips",
        slips
            .iter()
            .map(|(w, (e, n))| serde_json::json!({"written": w, "expected": e, "count": n}))
            .collect::<Vec<_>>(),
    );
    m.detail("unknown_names", &unknown);
    m.detail(
        "heuristic",
        "漢字・カタカナの連なりのうち、既知の名前（フルネーム3字以上）と一字違いのもの、または敬称・助詞の直前にあり既知の名前・呼び方と一字違いのものを表記の不一致とし、敬称の直前にあって誰にも当たらないものを未登録の名前としています（候補の提示で、判断ではありません）",
    );
    m
}

/// Every form a character is known by (full name, parts, aliases with and without their
/// honorific), to the character's index.
fn known_forms(chars: &[Character], honorifics: &[String]) -> BTreeMap<String, usize> {
    let mut known: BTreeMap<String, usize> = BTreeMap::new();
    let strip_honorific = |s: &str| -> Option<String> {
        honorifics
            .iter()
            .filter(|h| s.ends_with(h.as_str()) && s.len() > h.len())
            .map(|h| s[..s.len() - h.len()].to_string())
            .next()
    };
    for (i, c) in chars.iter().enumerate() {
        known.entry(c.full.clone()).or_insert(i);
        for p in &c.parts {
            known.entry(p.clone()).or_insert(i);
        }
        for a in &c.aliases {
            known.entry(strip_spaces(a)).or_insert(i);
            if let Some(bare) = strip_honorific(a) {
                known.entry(bare).or_insert(i);
            }
        }
    }
    known
}

/// What follows a run of kanji or katakana.
#[derive(Clone, Copy)]
struct After {
    honorific: bool,
    particle: bool,
}

/// A name slip in `run`: the form written, the character's index, the severity and the
/// form expected.
fn slip_in<'a>(
    run: &str,
    next: After,
    full_names: &[(usize, &'a str)],
    short_forms: &[(&'a str, usize)],
    is_known: &dyn Fn(&str) -> bool,
) -> Option<(String, usize, Severity, &'a str)> {
    let run_len = run.chars().count();
    // (a) a full name with one character changed, at the start of the run.
    for &(ci, full) in full_names {
        let n = full.chars().count();
        if run_len < n {
            continue;
        }
        let end = run
            .char_indices()
            .nth(n)
            .map(|(b, _)| b)
            .unwrap_or(run.len());
        let prefix = &run[..end];
        if prefix != full && hamming(prefix, full) == Some(1) && !is_known(prefix) {
            return Some((prefix.to_string(), ci, Severity::High, full));
        }
    }
    // (b)/(c) a part or alias with one character changed, before an honorific
    // (any length ≥ 2) or a particle (length ≥ 3).
    if is_known(run) || !(next.honorific || next.particle) {
        return None;
    }
    for &(form, ci) in short_forms {
        let n = form.chars().count();
        if n != run_len || !(next.honorific || n >= 3) {
            continue;
        }
        if hamming(run, form) == Some(1)
            && char_class(run.chars().next().unwrap_or(' '))
                == char_class(form.chars().next().unwrap_or(' '))
        {
            return Some((run.to_string(), ci, Severity::Medium, form));
        }
    }
    None
}

/// Appearances per character (non-overlapping counts of each form, longest first).
fn appearances(cx: &StepContext, chars: &[Character]) -> Vec<Appearance> {
    let display = &cx.doc.display;
    let mut appearances = Vec::new();
    for c in chars {
        let mut forms: Vec<String> = std::iter::once(c.full.clone())
            .chain(c.parts.iter().cloned())
            .chain(c.aliases.iter().map(|a| strip_spaces(a)))
            // Pronoun-like aliases in kana only (おまえ) are not names.
            .filter(|f| !f.chars().all(|ch| char_class(ch) == CharClass::Hiragana))
            .filter(|f| f.chars().count() >= 2 || (f.chars().count() == 1 && c.parts.contains(f)))
            .collect();
        forms.sort_by(|a, b| b.len().cmp(&a.len()).then(a.cmp(b)));
        forms.dedup();
        let mut taken: Vec<std::ops::Range<usize>> = Vec::new();
        let mut counts: BTreeMap<String, usize> = BTreeMap::new();
        for f in &forms {
            for (i, _) in display.match_indices(f.as_str()) {
                let r = i..i + f.len();
                if taken.iter().any(|t| t.start < r.end && r.start < t.end) {
                    continue;
                }
                taken.push(r);
                *counts.entry(f.clone()).or_insert(0) += 1;
            }
        }
        let first = taken.iter().map(|r| r.start).min();
        appearances.push(Appearance {
            name: c.name.clone(),
            mentions: counts.values().sum(),
            forms: counts,
            first_line: first.map(|at| super::common::line_of_display(cx, at)),
        });
    }
    appearances
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aliases_are_split_and_cleaned() {
        assert_eq!(
            alias_values("鳴海殿（第3話以降は「師匠」）／おまえ"),
            vec!["鳴海殿", "おまえ"]
        );
        assert_eq!(alias_values("小鞠／おまえ"), vec!["小鞠", "おまえ"]);
    }

    #[test]
    fn runs_split_by_class() {
        let r: Vec<&str> = runs("汐路蒼は、コマさん")
            .into_iter()
            .map(|x| x.2)
            .collect();
        assert_eq!(r, vec!["汐路蒼", "コマ"]);
        assert_eq!(hamming("汐路蒼", "潮路蒼"), Some(1));
        assert_eq!(hamming("汐路", "潮路蒼"), None);
    }

    #[test]
    fn parses_the_sample_characters() {
        let text = std::fs::read_to_string(
            std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("fixtures/sample_project/30_設定集/キャラクター.yaml"),
        )
        .unwrap();
        let doc: Value = serde_yaml::from_str(&text).unwrap();
        let cs = parse_characters(&doc);
        assert_eq!(cs.len(), 5);
        let so = cs.iter().find(|c| c.full == "潮路蒼").unwrap();
        assert_eq!(so.parts, vec!["潮路", "蒼"]);
        assert!(so.aliases.contains(&"蒼くん".to_string()));
        let komari = cs.iter().find(|c| c.full == "朝凪小鞠").unwrap();
        assert!(komari.aliases.contains(&"コマ".to_string()));
    }
}
