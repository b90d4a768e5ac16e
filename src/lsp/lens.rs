//! The code lens at the top of a document: 正味文字数 against the target band, and the
//! score, updated with each check (a snippet shows its length only: it is not judged as an
//! episode).

use super::worker::Analysed;
use crate::commands::common::{fmt_score, fmt_thousands as thousands};
use lsp_types::{CodeLens, Command, Range};

/// The lenses of `a` (none before a check has anything to show).
pub(crate) fn lenses(a: &Analysed) -> Vec<CodeLens> {
    let Some(file) = &a.file else {
        return Vec::new();
    };
    let l = &file.metrics.length_stats;
    let mut titles = Vec::new();
    if file.snippet {
        titles.push(format!(
            "正味文字数 {}字（断片として確認：話全体の規則は対象外）",
            thousands(l.body_chars)
        ));
    } else {
        let band = if l.body_chars < l.target_min {
            format!("{}字不足", thousands(l.target_min - l.body_chars))
        } else if l.body_chars > l.target_max {
            format!("{}字超過", thousands(l.body_chars - l.target_max))
        } else {
            "範囲内".to_string()
        };
        titles.push(format!(
            "正味文字数 {}字（目標 {}〜{}字・{band}）",
            thousands(l.body_chars),
            thousands(l.target_min),
            thousands(l.target_max)
        ));
        titles.push(match (file.scores.overall, &file.scores.reason) {
            (Some(s), _) => format!("総合 {}点", fmt_score(s)),
            (None, Some(why)) => format!("採点なし（{why}）"),
            (None, None) => "採点なし".to_string(),
        });
    }
    let n = file.findings.len() + file.omitted.values().sum::<usize>();
    titles.push(format!("指摘 {n}件"));
    titles
        .into_iter()
        .map(|title| CodeLens {
            range: Range::default(),
            // An empty command: a label, nothing to run.
            command: Some(Command {
                title,
                command: String::new(),
                arguments: None,
            }),
            data: None,
        })
        .collect()
}
