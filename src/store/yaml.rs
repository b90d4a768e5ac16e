//! The one way noveler parses YAML: every YAML it reads — settings, ledgers, plots,
//! sessions, templates, artifacts, an agent's submission — passes the nesting guard first
//! (serde_yaml took 9 s on 20,000 levels and ~40 s on 100,000). Pure text in, value out;
//! here at the bottom so `store` (artifact sections) and every layer above can use it.

/// Deepest nesting any YAML noveler reads may have (the deepest key of a config is 3 levels
/// down, of a template 8); deeper text is refused before the YAML parser sees it (it took
/// 9 s on 20,000 levels and ~40 s on 100,000).
pub const MAX_NESTING: usize = 32;

/// Why YAML text was not parsed.
#[derive(Debug)]
pub(crate) enum YamlError {
    /// Nested deeper than `MAX_NESTING` at this 1-based line.
    TooDeep {
        line: usize,
    },
    Syntax(serde_yaml::Error),
}

impl YamlError {
    /// The 1-based line of the fault, when known.
    pub(crate) fn line(&self) -> Option<usize> {
        match self {
            YamlError::TooDeep { line } => Some(*line),
            YamlError::Syntax(e) => e.location().map(|l| l.line()),
        }
    }

    pub(crate) fn column(&self) -> Option<usize> {
        match self {
            YamlError::TooDeep { .. } => None,
            YamlError::Syntax(e) => e.location().map(|l| l.column()),
        }
    }
}

impl std::fmt::Display for YamlError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            YamlError::TooDeep { line } => write!(
                f,
                "入れ子が深すぎます（{MAX_NESTING} 段まで、{line} 行目で超えています）"
            ),
            YamlError::Syntax(e) => e.fmt(f),
        }
    }
}

/// Parses YAML: the one way noveler does (tests/architecture.rs checks it), so every YAML it
/// reads — settings, ledgers, plots, sessions, templates, an agent's submission — passes
/// the nesting guard first.
pub(crate) fn from_str<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, YamlError> {
    if let Some(line) = too_deep(text) {
        return Err(YamlError::TooDeep { line });
    }
    serde_yaml::from_str(text).map_err(YamlError::Syntax)
}

/// The 1-based line where `text` nests deeper than `MAX_NESTING`: flow brackets (`[[[…`,
/// `{{…`, outside quotes and comments), block indentation and `- - - …` runs, counted in one
/// pass over the text.
fn too_deep(text: &str) -> Option<usize> {
    let mut flow = 0usize;
    for (n, line) in text.lines().enumerate() {
        let indent = line.len() - line.trim_start_matches(' ').len();
        let mut depth = indent / 2;
        let mut rest = line.trim_start();
        while let Some(r) = rest.strip_prefix("- ").or_else(|| rest.strip_prefix("? ")) {
            depth += 1;
            rest = r.trim_start();
        }
        let mut quote: Option<char> = None;
        let mut prev = ' ';
        for c in rest.chars() {
            match (quote, c) {
                (Some(q), c) if c == q => quote = None,
                (Some(_), _) => {}
                (None, '\'' | '"') => quote = Some(c),
                (None, '#') if prev.is_whitespace() => break,
                (None, '[' | '{') => flow += 1,
                (None, ']' | '}') => flow = flow.saturating_sub(1),
                _ => {}
            }
            if depth + flow > MAX_NESTING {
                break;
            }
            prev = c;
        }
        if depth + flow > MAX_NESTING {
            return Some(n + 1);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deep_nesting_is_refused_in_one_pass() {
        let flow = format!("a: {}{}\n", "[".repeat(100_000), "]".repeat(100_000));
        let e = from_str::<serde_yaml::Value>(&flow).unwrap_err();
        assert_eq!(e.line(), Some(1));
        assert!(e.to_string().contains("入れ子"), "{e}");
        let dashes = format!("x:\n{}1\n", "- ".repeat(10_000));
        assert_eq!(
            from_str::<serde_yaml::Value>(&dashes).unwrap_err().line(),
            Some(2)
        );
        let mut indented = String::new();
        for d in 0..40 {
            indented.push_str(&format!("{}k{d}:\n", "  ".repeat(d)));
        }
        assert!(matches!(
            from_str::<serde_yaml::Value>(&indented),
            Err(YamlError::TooDeep { .. })
        ));
        // Brackets in quotes or comments are not nesting; 32 levels are.
        let quoted = format!("a: '{}' # {}\n", "[".repeat(99), "{".repeat(99));
        assert!(from_str::<serde_yaml::Value>(&quoted).is_ok());
        let ok = format!("a: {}{}\n", "[".repeat(30), "]".repeat(30));
        assert!(from_str::<serde_yaml::Value>(&ok).is_ok());
        // The work is counted, not timed: one pass, whatever the depth.
        assert_eq!(too_deep(&flow), Some(1));
    }

    /// Outside this module no code parses YAML but through `from_str` (test code aside).
    #[test]
    fn every_yaml_read_passes_the_guard() {
        let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut direct = Vec::new();
        for e in walkdir::WalkDir::new(&src)
            .into_iter()
            .filter_map(|e| e.ok())
        {
            let p = e.path();
            if p.extension().is_none_or(|x| x != "rs")
                || p.ends_with("store/yaml.rs")
                || p.file_name().is_some_and(|n| n == "tests.rs")
            {
                continue;
            }
            let text = std::fs::read_to_string(p).unwrap();
            let code = text.split("#[cfg(test)]").next().unwrap_or("");
            for needle in [
                "serde_yaml::from_str",
                "serde_yaml::from_slice",
                "serde_yaml::from_reader",
            ] {
                if code.contains(needle) {
                    direct.push(format!("{}: {needle}", p.display()));
                }
            }
        }
        assert!(
            direct.is_empty(),
            "YAML parsed without the guard: {direct:?}"
        );
    }
}
