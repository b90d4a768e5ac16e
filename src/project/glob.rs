//! A small glob matcher for `ignore.paths` in `.novelerrc.yaml`: `*` (any run of characters
//! except `/`), `**` (any run of path segments, possibly none), `?` (one character except
//! `/`), `[...]` character classes, everything else literal. Patterns match paths relative
//! to the project root, `/`-separated. A pattern without `/` matches a file name at any
//! depth (`*.txt`), as in `.gitignore`; a pattern ending in `/` matches a directory and
//! everything under it.

use regex::Regex;

#[derive(Clone, Debug)]
pub struct Glob {
    pattern: String,
    regex: Regex,
}

impl Glob {
    /// Compiles `pattern`; an error message (English) for a malformed class.
    pub fn new(pattern: &str) -> Result<Glob, String> {
        let trimmed = pattern.trim();
        if trimmed.is_empty() {
            return Err("empty pattern".into());
        }
        let mut pat = trimmed.trim_start_matches("./").to_string();
        let anchored = pat.starts_with('/') || pat.trim_end_matches('/').contains('/');
        pat = pat.trim_start_matches('/').to_string();
        if pat.ends_with('/') {
            pat.push_str("**");
        }
        let mut re = String::from("^");
        if !anchored {
            re.push_str("(?:.*/)?");
        }
        let chars: Vec<char> = pat.chars().collect();
        let mut i = 0;
        while i < chars.len() {
            let c = chars[i];
            match c {
                '*' if chars.get(i + 1) == Some(&'*') => {
                    // `**/` → any number of leading segments; trailing `**` → anything.
                    if chars.get(i + 2) == Some(&'/') {
                        re.push_str("(?:.*/)?");
                        i += 3;
                    } else {
                        re.push_str(".*");
                        i += 2;
                    }
                    continue;
                }
                '*' => re.push_str("[^/]*"),
                '?' => re.push_str("[^/]"),
                '[' => {
                    let close = chars[i + 1..]
                        .iter()
                        .position(|&c| c == ']')
                        .map(|p| p + i + 1)
                        .ok_or_else(|| format!("unclosed `[` in `{pattern}`"))?;
                    let mut class = String::from("[");
                    for (k, &ch) in chars[i + 1..close].iter().enumerate() {
                        if k == 0 && ch == '!' {
                            class.push('^');
                        } else if ch == '\\' || ch == '[' || ch == '&' || ch == '~' {
                            class.push('\\');
                            class.push(ch);
                        } else {
                            class.push(ch);
                        }
                    }
                    class.push(']');
                    re.push_str(&class);
                    i = close + 1;
                    continue;
                }
                _ => re.push_str(&regex::escape(&c.to_string())),
            }
            i += 1;
        }
        // A pattern naming a directory also covers what is inside it.
        re.push_str("(?:/.*)?$");
        let regex = Regex::new(&re).map_err(|e| format!("invalid pattern `{pattern}`: {e}"))?;
        Ok(Glob {
            pattern: trimmed.to_string(),
            regex,
        })
    }

    pub fn as_str(&self) -> &str {
        &self.pattern
    }

    /// Whether `path` (relative, `/`-separated) matches.
    pub fn matches(&self, path: &str) -> bool {
        self.regex.is_match(path.trim_start_matches("./"))
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
    }
}
