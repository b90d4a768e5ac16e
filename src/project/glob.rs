//! `ignore.paths` patterns of `.novelerrc.yaml`, matched by `globset` (ripgrep's matcher, also
//! behind `per-file-ignores`): `*` (any run of characters except `/`), `**` (any run of path
//! segments, possibly none), `?` (one character except `/`), `[...]` / `[!...]` classes,
//! `{a,b}` alternatives; a backslash is a literal character. Patterns match paths relative
//! to the project root, `/`-separated. A pattern without `/` matches a file name at any
//! depth (`*.txt`), as in `.gitignore`; a pattern names a directory's contents too, and one
//! ending in `/` only those.

use globset::{GlobBuilder, GlobSet, GlobSetBuilder};

#[derive(Clone, Debug)]
pub struct Glob {
    pattern: String,
    set: GlobSet,
}

impl Glob {
    /// Compiles `pattern`; an error message (English) for a malformed class.
    pub fn new(pattern: &str) -> Result<Glob, String> {
        let trimmed = pattern.trim();
        if trimmed.is_empty() {
            return Err("empty pattern".into());
        }
        let pat = trimmed.trim_start_matches("./");
        let anchored = pat.starts_with('/') || pat.trim_end_matches('/').contains('/');
        let pat = pat.trim_start_matches('/');
        let full = match (anchored, pat.strip_suffix('/')) {
            (true, Some(dir)) => format!("{dir}/**"),
            (true, None) => pat.to_string(),
            (false, Some(dir)) => format!("**/{dir}/**"),
            (false, None) => format!("**/{pat}"),
        };
        let compile = |p: &str| {
            GlobBuilder::new(p)
                .literal_separator(true)
                .backslash_escape(false)
                .build()
                .map_err(|e| format!("invalid pattern `{pattern}`: {}", e.kind()))
        };
        let mut set = GlobSetBuilder::new();
        set.add(compile(&full)?);
        // A pattern naming a directory also covers what is inside it.
        set.add(compile(&format!("{full}/**"))?);
        let set = set
            .build()
            .map_err(|e| format!("invalid pattern `{pattern}`: {}", e.kind()))?;
        Ok(Glob {
            pattern: trimmed.to_string(),
            set,
        })
    }

    pub fn as_str(&self) -> &str {
        &self.pattern
    }

    /// Whether `path` (relative, `/`-separated) matches.
    pub fn matches(&self, path: &str) -> bool {
        self.set.is_match(path.trim_start_matches("./"))
    }
}

#[cfg(test)]
mod tests {
    use super::Glob;

    fn m(p: &str, path: &str) -> bool {
        Glob::new(p).unwrap().matches(path)
    }

    #[test]
    fn star_stays_in_a_segment() {
        assert!(m("40_原稿/*.txt", "40_原稿/メモ.txt"));
        assert!(!m("40_原稿/*.txt", "40_原稿/下書き/メモ.txt"));
        assert!(!m("40_原稿/*.txt", "40_原稿/第001話.md"));
    }

    #[test]
    fn double_star_crosses_segments() {
        assert!(m("40_原稿/**/*.md", "40_原稿/a/b/c.md"));
        assert!(m("40_原稿/**/*.md", "40_原稿/c.md"));
        assert!(m("**/下書き/**", "40_原稿/下書き/x.md"));
    }

    #[test]
    fn bare_names_match_at_any_depth_and_dirs_cover_contents() {
        assert!(m("README.md", "docs/README.md"));
        assert!(m("下書き", "40_原稿/下書き/第001話.md"));
        assert!(m("40_原稿/下書き/", "40_原稿/下書き/第001話.md"));
        assert!(!m("40_原稿/下書き/", "40_原稿/第001話.md"));
        assert!(!m("/README.md", "docs/README.md"));
    }

    #[test]
    fn classes_and_question_marks() {
        assert!(m("第00[12]話*.md", "40_原稿/第001話_a.md"));
        assert!(!m("第00[!12]話*.md", "40_原稿/第001話_a.md"));
        assert!(m("第00?話.md", "第003話.md"));
        assert!(Glob::new("[abc").is_err());
        assert!(Glob::new("  ").is_err());
        assert!(m("*.{txt,bak}", "40_原稿/メモ.bak"));
        assert!(m(r"a\b.md", r"a\b.md"));
    }
}
