//! Step 6: the terms of `30_設定集/用語集.yaml` and their listed variants (表記ゆれ). Every
//! occurrence of a variant in the displayed text is a finding unless it lies inside an
//! occurrence of a listed term (a variant may be part of a longer proper term).

use super::common::{issue_at, yaml_field, yaml_scalar, Measured, StepContext};
use crate::analysis::Severity;
use serde::{Deserialize, Serialize};
use serde_yaml::Value;
use std::ops::Range;

/// One glossary entry.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Term {
    pub term: String,
    pub reading: Option<String>,
    /// Spellings to avoid (`表記ゆれ`).
    pub variants: Vec<String>,
}

/// Parses `用語集:` / `glossary:` / `terms:` (or a top-level list) of mappings with
/// `用語`/`term`/`name`, `読み`/`reading`, `表記ゆれ`/`variants`/`異表記` (a list or a string
/// separated by `、` / `,` / `／`).
pub(crate) fn parse_glossary(doc: &Value) -> Vec<Term> {
    let list = match doc {
        Value::Sequence(items) => Some(items),
        _ => yaml_field(doc, &["用語集", "glossary", "terms", "用語"]).and_then(Value::as_sequence),
    };
    let Some(list) = list else {
        return Vec::new();
    };
    list.iter()
        .filter_map(|item| {
            let term = yaml_field(item, &["用語", "term", "name", "名称"]).and_then(yaml_scalar)?;
            let variants = match yaml_field(item, &["表記ゆれ", "variants", "異表記", "ゆれ"])
            {
                Some(Value::Sequence(xs)) => xs.iter().filter_map(yaml_scalar).collect(),
                Some(other) => yaml_scalar(other)
                    .map(|s| {
                        s.split(['、', ',', '／', '/'])
                            .map(|x| x.trim().to_string())
                            .filter(|x| !x.is_empty())
                            .collect()
                    })
                    .unwrap_or_default(),
                None => Vec::new(),
            };
            Some(Term {
                reading: yaml_field(item, &["読み", "reading", "よみ"]).and_then(yaml_scalar),
                variants: variants
                    .into_iter()
                    .filter(|v: &String| *v != term)
                    .collect(),
                term,
            })
        })
        .collect()
}

#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
struct TermUse {
    term: String,
    count: usize,
    variants_found: Vec<(String, usize)>,
}

pub fn check(cx: &StepContext) -> Measured {
    let mut m = Measured::default();
    let terms = cx.glossary.unwrap_or(&[]);
    let display = &cx.doc.display;
    // Every occurrence of every listed term protects its range.
    let mut protected: Vec<Range<usize>> = Vec::new();
    for t in terms {
        protected.extend(
            display
                .match_indices(t.term.as_str())
                .map(|(i, s)| i..i + s.len()),
        );
    }
    let inside = |r: &Range<usize>| {
        protected
            .iter()
            .any(|p| p.start <= r.start && r.end <= p.end)
    };
    let mut uses = Vec::new();
    let mut variant_total = 0usize;
    for t in terms {
        let count = display.matches(t.term.as_str()).count();
        let mut found = Vec::new();
        for v in &t.variants {
            let hits: Vec<usize> = display
                .match_indices(v.as_str())
                .map(|(i, _)| i)
                .filter(|&i| !inside(&(i..i + v.len())))
                .collect();
            if hits.is_empty() {
                continue;
            }
            found.push((v.clone(), hits.len()));
            variant_total += hits.len();
            for &i in &hits {
                m.issues.push(
                    issue_at(
                        cx,
                        "GLOSSARY_VARIANT",
                        Severity::Medium,
                        i..i + v.len(),
                        &format!("{i}:{v}"),
                        format!("「{v}」は用語集では「{}」と表記します", t.term),
                    )
                    .suggest(format!("「{v}」を「{}」にする", t.term)),
                );
            }
            m.corrections.push(format!("「{v}」→「{}」", t.term));
        }
        uses.push(TermUse {
            term: t.term.clone(),
            count,
            variants_found: found,
        });
    }
    m.detail("terms_in_glossary", terms.len());
    m.detail(
        "terms_used",
        uses.iter()
            .filter(|u| u.count > 0)
            .map(|u| serde_json::json!({"term": u.term, "count": u.count}))
            .collect::<Vec<_>>(),
    );
    m.detail(
        "terms_unused",
        uses.iter()
            .filter(|u| u.count == 0)
            .map(|u| u.term.clone())
            .collect::<Vec<_>>(),
    );
    m.detail("variant_occurrences", variant_total);
    m
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_lists_and_strings() {
        let doc: Value = serde_yaml::from_str(
            "用語集:\n  - 用語: 潮墨\n    表記ゆれ: [汐墨, しお墨]\n  - term: 灯台\n    variants: 燈台、灯臺\n",
        )
        .unwrap();
        let g = parse_glossary(&doc);
        assert_eq!(g.len(), 2);
        assert_eq!(g[0].variants, vec!["汐墨", "しお墨"]);
        assert_eq!(g[1].variants, vec!["燈台", "灯臺"]);
    }
}
