//! Expanding a glob a shell left unexpanded (`noveler check '40_原稿/第00[12]*.md'`) with
//! `globset`, the one glob crate of the tree: the literal directories before the first
//! wildcard are the base, the rest is matched against paths under it. As in a shell, `*`
//! and `?` stop at `/`, and a hidden name is matched only by a pattern segment that starts
//! with a literal dot.

use globset::GlobBuilder;
use std::path::{Path, PathBuf};

fn is_wild(segment: &str) -> bool {
    segment.contains(['*', '?', '[', '{'])
}

/// The paths `pattern` names (relative to the working directory unless absolute), sorted;
/// empty when it names none or is malformed.
pub fn expand(pattern: &str) -> Vec<String> {
    let segments: Vec<&str> = pattern.split('/').collect();
    let Some(first_wild) = segments.iter().position(|s| is_wild(s)) else {
        return Vec::new();
    };
    let rest = &segments[first_wild..];
    let rest_pattern = rest.join("/");
    let Ok(glob) = GlobBuilder::new(&rest_pattern)
        .literal_separator(true)
        .backslash_escape(false)
        .build()
    else {
        return Vec::new();
    };
    let matcher = glob.compile_matcher();
    let prefix = segments[..first_wild].join("/");
    let base = match prefix.as_str() {
        "" if pattern.starts_with('/') => PathBuf::from("/"),
        "" => PathBuf::from("."),
        p => PathBuf::from(p),
    };
    let recursive = rest.contains(&"**");
    let mut walker = walkdir::WalkDir::new(&base).min_depth(1);
    if !recursive {
        walker = walker.max_depth(rest.len());
    }
    let mut out: Vec<String> = walker
        .sort_by_file_name()
        .into_iter()
        .filter_entry(|e| !hidden_unasked(e.path(), &base, rest, recursive))
        .filter_map(|e| e.ok())
        .filter_map(|e| {
            let rel = e.path().strip_prefix(&base).ok()?;
            let rel = rel.to_str()?;
            matcher.is_match(rel).then(|| shown(&prefix, rel))
        })
        .collect();
    out.sort();
    out
}

/// A hidden entry (name starting with `.`) whose pattern segment does not start with a dot.
/// With `**` the depth of a segment is unknown: a hidden name is then allowed only where the
/// last segment asks for it.
fn hidden_unasked(path: &Path, base: &Path, rest: &[&str], recursive: bool) -> bool {
    let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
        return false;
    };
    if !name.starts_with('.') {
        return false;
    }
    let depth = path
        .strip_prefix(base)
        .map(|r| r.components().count())
        .unwrap_or(0);
    let segment = if recursive {
        rest.last().copied()
    } else {
        depth.checked_sub(1).and_then(|d| rest.get(d)).copied()
    };
    !segment.is_some_and(|s| s.starts_with('.'))
}

/// A match as the shell would print it: under the literal prefix as typed.
fn shown(prefix: &str, rel: &str) -> String {
    match prefix {
        "" => rel.to_string(),
        "/" => format!("/{rel}"),
        p if p.ends_with('/') => format!("{p}{rel}"),
        p => format!("{p}/{rel}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expands_relative_to_a_base_with_shell_rules() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        for f in [
            "40_原稿/第001話.md",
            "40_原稿/第002話.md",
            "40_原稿/第010話.md",
            "40_原稿/下書き/第003話.md",
            "40_原稿/.第004話.md",
            "40_原稿/.隠し/第005話.md",
        ] {
            let p = root.join(f);
            std::fs::create_dir_all(p.parent().unwrap()).unwrap();
            std::fs::write(p, "x").unwrap();
        }
        let at = |p: &str| {
            let base = root.display().to_string();
            expand(&format!("{base}/{p}"))
                .into_iter()
                .map(|m| m.strip_prefix(&format!("{base}/")).unwrap().to_string())
                .collect::<Vec<_>>()
        };
        assert_eq!(
            at("40_原稿/第00[12]*.md"),
            ["40_原稿/第001話.md", "40_原稿/第002話.md"]
        );
        // `*` stays in its segment; hidden names need a literal dot.
        assert_eq!(
            at("40_原稿/*.md"),
            [
                "40_原稿/第001話.md",
                "40_原稿/第002話.md",
                "40_原稿/第010話.md"
            ]
        );
        assert_eq!(at("40_原稿/.*.md"), ["40_原稿/.第004話.md"]);
        assert_eq!(
            at("40_原稿/**/第00[35]話.md"),
            ["40_原稿/下書き/第003話.md"]
        );
        assert_eq!(at("*/下書き"), ["40_原稿/下書き"]);
        assert!(at("40_原稿/第9*.md").is_empty());
        assert!(at("40_原稿/[abc").is_empty());
    }
}
