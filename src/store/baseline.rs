//! The findings baseline (`noveler check --write-baseline` / `--baseline`): the findings an
//! author accepts when adopting noveler on a long serial, so that only new ones are shown.
//!
//! It lives at the project root (`.noveler-baseline.json`, as ruff keeps its config there)
//! so that it is committed with the manuscripts and works in a fresh clone and in CI; `init`'s
//! `.gitignore` leaves it in.
//!
//! An entry is (path, code, `fingerprint`, `count`). A finding about the whole episode
//! (length, ratios: `score::WHOLE_TEXT_RULES`) is keyed by its episode and code alone
//! (`fingerprint` = `"episode"`), so writing more of the episode never brings it back. Any
//! other finding is keyed by the first 16 hex of the sha256 of its own text with up to
//! `CONTEXT_CHARS` characters either side on its line: lines inserted or removed elsewhere
//! do not matter, editing the flagged words does. Matching is multiset-wise: an entry of
//! count n absorbs at most n findings of that key. The file is JSON with one entry per line,
//! sorted, so that it diffs well in git.

use crate::analysis::{score, sha256_hex, Finding};
use crate::error::{Code, Error, Result};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap};
use std::path::Path;

/// The default baseline file, relative to the project root (committed with the project).
pub const DEFAULT_PATH: &str = ".noveler-baseline.json";
/// Where 0.1 wrote it (ignored by `init`'s `.gitignore`): named when the default is missing.
pub const LEGACY_PATH: &str = ".noveler/baseline.json";
const VERSION: u32 = 2;
/// The fingerprint of a finding about the whole episode.
pub const WHOLE_EPISODE: &str = "episode";
/// Characters of context either side of a finding's text in its fingerprint.
const CONTEXT_CHARS: usize = 6;

#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    pub path: String,
    pub code: String,
    /// `"episode"`, or the first 16 hex of sha256 of the finding's text in its context.
    pub fingerprint: String,
    pub count: usize,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Baseline {
    pub version: u32,
    pub entries: Vec<Entry>,
}

/// The largest char boundary of `text` at or before `at`.
fn floor_boundary(text: &str, at: usize) -> usize {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// The key of finding `f` of `text` within its file (see the module comment).
pub(crate) fn fingerprint(text: &str, f: &Finding) -> String {
    if score::WHOLE_TEXT_RULES.contains(&f.code.as_str()) {
        return WHOLE_EPISODE.to_string();
    }
    let start = floor_boundary(text, f.byte_start);
    let end = floor_boundary(text, f.byte_end.max(start));
    let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
    let line_end = text[end..].find('\n').map_or(text.len(), |i| end + i);
    let before = &text[line_start..start];
    let before_from = before
        .char_indices()
        .rev()
        .nth(CONTEXT_CHARS - 1)
        .map_or(0, |(i, _)| i);
    let after = &text[end..line_end];
    let after_to = after
        .char_indices()
        .nth(CONTEXT_CHARS)
        .map_or(after.len(), |(i, _)| i);
    let key = format!(
        "{}\u{1f}{}\u{1f}{}",
        &before[before_from..],
        &text[start..end],
        &after[..after_to]
    );
    sha256_hex(key.as_bytes())[..16].to_string()
}

impl Baseline {
    /// The baseline of these files' findings: (path, normalised text, findings).
    pub fn of<'a>(files: impl IntoIterator<Item = (&'a str, &'a str, &'a [Finding])>) -> Baseline {
        let mut counts: BTreeMap<(String, String, String), usize> = BTreeMap::new();
        for (path, text, findings) in files {
            for f in findings {
                let key = (path.to_string(), f.code.clone(), fingerprint(text, f));
                *counts.entry(key).or_insert(0) += 1;
            }
        }
        Baseline {
            version: VERSION,
            entries: counts
                .into_iter()
                .map(|((path, code, fingerprint), count)| Entry {
                    path,
                    code,
                    fingerprint,
                    count,
                })
                .collect(),
        }
    }

    /// Findings recorded.
    pub fn findings(&self) -> usize {
        self.entries.iter().map(|e| e.count).sum()
    }

    /// The file text: one sorted entry per line.
    pub(crate) fn to_json(&self) -> String {
        let mut out = format!("{{\n  \"version\": {},\n  \"entries\": [", self.version);
        for (i, e) in self.entries.iter().enumerate() {
            out.push_str(if i == 0 { "\n    " } else { ",\n    " });
            out.push_str(&serde_json::to_string(e).unwrap_or_default());
        }
        out.push_str(if self.entries.is_empty() {
            "]\n}\n"
        } else {
            "\n  ]\n}\n"
        });
        out
    }

    /// Reads the baseline at `path` (U005 when missing, naming the 0.1 file when that one is
    /// there; U002 when it is not a baseline or of another version).
    pub fn read(path: &Path) -> Result<Baseline> {
        let text = std::fs::read_to_string(path).map_err(|e| {
            if e.kind() == std::io::ErrorKind::NotFound {
                missing(path)
            } else {
                Error::io(path, &e)
            }
        })?;
        let unreadable = |e: serde_json::Error| {
            Error::new(
                Code::U002,
                format!(
                    "ベースラインファイル {} を読めません（{}行目: {e}）",
                    path.display(),
                    e.line()
                ),
            )
            .at(path, Some(e.line()))
            .hint("`noveler check --write-baseline` で作り直してください。")
        };
        #[derive(Deserialize)]
        struct Versioned {
            version: u32,
        }
        let version = serde_json::from_str::<Versioned>(&text)
            .map_err(unreadable)?
            .version;
        if version != VERSION {
            return Err(Error::new(
                Code::U002,
                format!(
                    "ベースラインファイル {} の version {version} には対応していません（{VERSION} のみ）",
                    path.display(),
                ),
            )
            .at(path, None)
            .hint(
                "version 1（行ごとの鍵）は別の行を書き足すと指摘が戻りました。\
                 `noveler check --write-baseline` で作り直してください（今の指摘がすべて記録されます）。",
            )
            .suggest("noveler check --write-baseline"));
        }
        serde_json::from_str(&text).map_err(unreadable)
    }

    /// Writes the baseline atomically (fsynced: it is the author's record, not a cache).
    pub fn write(&self, path: &Path) -> Result<()> {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(|e| Error::io(dir, &e))?;
        }
        super::write_atomic(path, self.to_json().as_bytes())
    }

    /// What is left to absorb, by key.
    pub(crate) fn matcher(&self) -> Matcher {
        let mut left = HashMap::new();
        for e in &self.entries {
            *left
                .entry((e.path.clone(), e.code.clone(), e.fingerprint.clone()))
                .or_insert(0) += e.count;
        }
        Matcher { left }
    }
}

/// U005 for a missing baseline file: how to make one, and where 0.1 kept it if it is there.
fn missing(path: &Path) -> Error {
    let legacy = path
        .parent()
        .map(|root| root.join(LEGACY_PATH))
        .filter(|p| path.ends_with(DEFAULT_PATH) && p.is_file());
    let err = Error::new(
        Code::U005,
        format!("ベースラインファイル {} がありません", path.display()),
    )
    .at(path, None)
    .suggest("noveler check --write-baseline");
    match legacy {
        Some(old) => err.hint(format!(
            "以前の場所 {} は git に入らないため使われなくなりました。\
             `noveler check --write-baseline` でプロジェクト直下の {DEFAULT_PATH} に作り直し、コミットしてください。",
            old.display()
        )),
        None => err.hint(format!(
            "`noveler check --write-baseline` で {DEFAULT_PATH} を作り、git にコミットしてから指定してください。"
        )),
    }
}

/// Absorbs findings against a baseline, each entry at most `count` times.
pub struct Matcher {
    left: HashMap<(String, String, String), usize>,
}

impl Matcher {
    /// Whether the baseline still holds this finding (and takes it if so).
    pub fn take(&mut self, path: &str, text: &str, f: &Finding) -> bool {
        let key = (path.to_string(), f.code.clone(), fingerprint(text, f));
        match self.left.get_mut(&key) {
            Some(n) if *n > 0 => {
                *n -= 1;
                true
            }
            _ => false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::{analyze, Settings};

    fn findings(text: &str) -> Vec<Finding> {
        analyze(text, "a.md", &Settings::default()).findings
    }

    #[test]
    fn survives_edits_elsewhere_and_matches_multiset_wise() {
        let old = "　彼は走った！走った\n　彼女は走った！走った\n";
        let base = Baseline::of([("a.md", old, findings(old).as_slice())]);
        assert!(base.findings() > 0);
        // A new line above, the old lines unchanged, one of them now twice.
        let new = "　新しい行！です\n　彼は走った！走った\n　彼女は走った！走った\n　彼は走った！走った\n";
        let mut m = base.matcher();
        let fs = findings(new);
        let kept: Vec<&Finding> = fs.iter().filter(|f| !m.take("a.md", new, f)).collect();
        let lines: Vec<usize> = kept
            .iter()
            .filter(|f| f.code == "EXCLAMATION_SPACE")
            .map(|f| f.line)
            .collect();
        // The new line and the second copy of line 1 are new findings.
        assert_eq!(lines, vec![1, 4]);
        // Another file never matches.
        let mut m = base.matcher();
        assert!(!findings(old).iter().any(|f| m.take("b.md", old, f)));
    }

    #[test]
    fn file_round_trips_sorted_one_entry_per_line() {
        let text = "　彼は走った！走った\n";
        let base = Baseline::of([("a.md", text, findings(text).as_slice())]);
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join(DEFAULT_PATH);
        base.write(&path).unwrap();
        let json = std::fs::read_to_string(&path).unwrap();
        assert_eq!(json.lines().count(), base.entries.len() + 5, "{json}");
        assert_eq!(Baseline::read(&path).unwrap(), base);
        std::fs::write(&path, "{\"version\": 1, \"entries\": 3}").unwrap();
        assert_eq!(Baseline::read(&path).unwrap_err().code, Code::U002);
        let missing = Baseline::read(&dir.path().join("none.json")).unwrap_err();
        assert_eq!(missing.code, Code::U005);
        assert!(missing.message.contains("none.json"));
    }

    #[test]
    fn whole_episode_findings_survive_a_new_opening_and_located_ones_an_edit_elsewhere() {
        // Short: LENGTH_OUT_OF_RANGE (whole episode) plus a located finding on line 2.
        let old = "　彼は海を見た。\n　彼は走った！走った\n";
        let fs = findings(old);
        assert!(fs.iter().any(|f| f.code == "LENGTH_OUT_OF_RANGE"));
        let base = Baseline::of([("a.md", old, fs.as_slice())]);
        // A new opening paragraph, the flagged line now line 3 and still unchanged.
        let new = "　新しい書き出しの段落を足した。\n　彼は海を見た。\n　彼は走った！走った\n";
        let mut m = base.matcher();
        let kept: Vec<String> = findings(new)
            .into_iter()
            .filter(|f| !m.take("a.md", new, f))
            .map(|f| format!("{}@{}", f.code, f.line))
            .collect();
        assert!(kept.is_empty(), "{kept:?}");
        // Editing the flagged words brings the finding back.
        let edited = "　彼は海を見た。\n　彼女は走った！走った\n";
        let mut m = base.matcher();
        assert!(findings(edited)
            .iter()
            .any(|f| f.code == "EXCLAMATION_SPACE" && !m.take("a.md", edited, f)));
    }

    #[test]
    fn a_missing_default_names_the_old_place_and_a_version_1_file_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let err = Baseline::read(&dir.path().join(DEFAULT_PATH)).unwrap_err();
        assert_eq!(err.code, Code::U005);
        assert!(!err.hint.contains(LEGACY_PATH));
        std::fs::create_dir_all(dir.path().join(".noveler")).unwrap();
        let v1 = "{\"version\": 1, \"entries\": [{\"path\": \"a.md\", \"code\": \"X\", \"line\": \"00\", \"count\": 1}]}";
        std::fs::write(dir.path().join(LEGACY_PATH), v1).unwrap();
        let err = Baseline::read(&dir.path().join(DEFAULT_PATH)).unwrap_err();
        assert!(err.hint.contains(LEGACY_PATH), "{err:?}");
        let err = Baseline::read(&dir.path().join(LEGACY_PATH)).unwrap_err();
        assert_eq!(err.code, Code::U002);
        assert!(err.message.contains("version 1"), "{}", err.message);
    }
}
