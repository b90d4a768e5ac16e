//! The findings baseline (`noveler check --write-baseline` / `--baseline`): the findings an
//! author accepts when adopting noveler on a long serial, so that only new ones are shown.
//!
//! An entry is (path, code, `line` = first 16 hex of the sha256 of the finding's source
//! line, `count`). Finding ids hash the whole file and change with any edit; this key
//! survives edits elsewhere in the file (a line moved down still matches) and lets a finding
//! come back when its own line is edited. Matching is multiset-wise: a baseline entry of
//! count n absorbs at most n findings of that key. The file is JSON with one entry per line,
//! sorted, so that it diffs well in git; it lives inside the project (default
//! `.noveler/baseline.json`).

use crate::analysis::{sha256_hex, Finding};
use crate::error::{Code, Error, Result};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, HashMap};
use std::path::Path;

/// The default baseline file, relative to the project root.
pub const DEFAULT_PATH: &str = ".noveler/baseline.json";
const VERSION: u32 = 1;

#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Entry {
    pub path: String,
    pub code: String,
    /// First 16 hex of sha256 of the finding's source line.
    pub line: String,
    pub count: usize,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Baseline {
    pub version: u32,
    pub entries: Vec<Entry>,
}

/// The key of the source line holding byte `at` of `text`.
pub(crate) fn line_key(text: &str, at: usize) -> String {
    let at = at.min(text.len());
    let start = text[..at].rfind('\n').map_or(0, |i| i + 1);
    let end = text[at..].find('\n').map_or(text.len(), |i| at + i);
    sha256_hex(&text.as_bytes()[start..end])[..16].to_string()
}

impl Baseline {
    /// The baseline of these files' findings: (path, normalised text, findings).
    pub fn of<'a>(files: impl IntoIterator<Item = (&'a str, &'a str, &'a [Finding])>) -> Baseline {
        let mut counts: BTreeMap<(String, String, String), usize> = BTreeMap::new();
        for (path, text, findings) in files {
            for f in findings {
                let key = (
                    path.to_string(),
                    f.code.clone(),
                    line_key(text, f.byte_start),
                );
                *counts.entry(key).or_insert(0) += 1;
            }
        }
        Baseline {
            version: VERSION,
            entries: counts
                .into_iter()
                .map(|((path, code, line), count)| Entry {
                    path,
                    code,
                    line,
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

    /// Reads the baseline at `path` (U005 when missing, U002 when it is not a baseline).
    pub fn read(path: &Path) -> Result<Baseline> {
        let text = std::fs::read_to_string(path).map_err(|e| {
            if e.kind() == std::io::ErrorKind::NotFound {
                Error::new(
                    Code::U005,
                    format!("ベースラインファイル {} がありません", path.display()),
                )
                .at(path, None)
                .hint("`noveler check --write-baseline` で作成してから指定してください。")
                .suggest("noveler check --write-baseline")
            } else {
                Error::io(path, &e)
            }
        })?;
        let b: Baseline = serde_json::from_str(&text).map_err(|e| {
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
        })?;
        if b.version != VERSION {
            return Err(Error::new(
                Code::U002,
                format!(
                    "ベースラインファイル {} の version {} には対応していません（{VERSION} のみ）",
                    path.display(),
                    b.version
                ),
            )
            .at(path, None)
            .hint("`noveler check --write-baseline` で作り直してください。"));
        }
        Ok(b)
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
                .entry((e.path.clone(), e.code.clone(), e.line.clone()))
                .or_insert(0) += e.count;
        }
        Matcher { left }
    }
}

/// Absorbs findings against a baseline, each entry at most `count` times.
pub struct Matcher {
    left: HashMap<(String, String, String), usize>,
}

impl Matcher {
    /// Whether the baseline still holds this finding (and takes it if so).
    pub fn take(&mut self, path: &str, text: &str, f: &Finding) -> bool {
        let key = (
            path.to_string(),
            f.code.clone(),
            line_key(text, f.byte_start),
        );
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
        let path = dir.path().join(".noveler/baseline.json");
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
}
