//! `{{placeholder}}` substitution: the whole template language. One pass, left to right;
//! substituted values are never scanned again (a value containing `{{x}}` stays literal), so
//! content from the project cannot inject placeholders. Names are `[a-z][a-z0-9_]*`; an
//! unknown name or an unclosed `{{` is an error naming it, never silently left in a prompt.

use std::collections::BTreeMap;

/// Values for the placeholders of one rendering.
pub type Vars = BTreeMap<String, String>;

/// Why a template could not be rendered.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RenderError {
    /// `{{name}}` with no value; `line` is 1-based.
    Unknown { name: String, line: usize },
    /// `{{` without `}}`, or a malformed name inside.
    Malformed { text: String, line: usize },
}

impl std::fmt::Display for RenderError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RenderError::Unknown { name, line } => {
                write!(f, "{line} 行目: 未定義のプレースホルダー {{{{{name}}}}}")
            }
            RenderError::Malformed { text, line } => {
                write!(f, "{line} 行目: プレースホルダーの書式が不正です: {text}")
            }
        }
    }
}

fn valid_name(name: &str) -> bool {
    let mut chars = name.chars();
    matches!(chars.next(), Some('a'..='z'))
        && chars.all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
}

/// Renders `template` with `vars`.
pub fn render(template: &str, vars: &Vars) -> Result<String, RenderError> {
    let mut out = String::with_capacity(template.len() + 256);
    let mut rest = template;
    let mut consumed = 0usize;
    while let Some(start) = rest.find("{{") {
        out.push_str(&rest[..start]);
        let line = template[..consumed + start].matches('\n').count() + 1;
        let after = &rest[start + 2..];
        let Some(end) = after.find("}}") else {
            return Err(RenderError::Malformed {
                text: after.chars().take(20).collect(),
                line,
            });
        };
        let name = after[..end].trim();
        if !valid_name(name) {
            return Err(RenderError::Malformed {
                text: format!("{{{{{}}}}}", &after[..end]),
                line,
            });
        }
        match vars.get(name) {
            Some(value) => out.push_str(value),
            None => {
                return Err(RenderError::Unknown {
                    name: name.to_string(),
                    line,
                })
            }
        }
        let skip = start + 2 + end + 2;
        consumed += skip;
        rest = &rest[skip..];
    }
    out.push_str(rest);
    Ok(out)
}

/// The placeholder names `template` uses, in order of first use.
#[cfg(test)]
pub(crate) fn placeholders(template: &str) -> Vec<String> {
    let mut names = Vec::new();
    let mut rest = template;
    while let Some(start) = rest.find("{{") {
        let after = &rest[start + 2..];
        let Some(end) = after.find("}}") else { break };
        let name = after[..end].trim().to_string();
        if !names.contains(&name) {
            names.push(name);
        }
        rest = &after[end + 2..];
    }
    names
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vars(pairs: &[(&str, &str)]) -> Vars {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn substitutes_and_trims_names() {
        let v = vars(&[("episode", "4"), ("title", "潮の声")]);
        assert_eq!(
            render("第{{episode}}話「{{ title }}」", &v).unwrap(),
            "第4話「潮の声」"
        );
    }

    #[test]
    fn values_are_not_rescanned() {
        let v = vars(&[("a", "{{b}}"), ("b", "x")]);
        assert_eq!(render("{{a}}", &v).unwrap(), "{{b}}");
    }

    #[test]
    fn unknown_and_malformed_are_errors_with_lines() {
        let v = vars(&[("a", "1")]);
        assert_eq!(
            render("x\n{{nope}}", &v).unwrap_err(),
            RenderError::Unknown {
                name: "nope".into(),
                line: 2
            }
        );
        assert!(matches!(
            render("{{a", &v).unwrap_err(),
            RenderError::Malformed { line: 1, .. }
        ));
        assert!(matches!(
            render("{{Bad Name}}", &v).unwrap_err(),
            RenderError::Malformed { .. }
        ));
    }

    #[test]
    fn lists_placeholders() {
        assert_eq!(placeholders("{{a}} {{b}} {{a}}"), vec!["a", "b"]);
    }
}
