//! Helpers several verbs share (the one module a verb may import besides its own;
//! tests/architecture.rs holds the list): number formatting for messages and duration
//! arguments.

use crate::error::{Code, Error, Result};
use std::time::Duration;

/// A score as people write it: `86`, `86.5`.
pub(crate) fn fmt_score(s: f64) -> String {
    let r = (s * 10.0).round() / 10.0;
    if r.fract() == 0.0 {
        format!("{r:.0}")
    } else {
        format!("{r:.1}")
    }
}

/// Thousands separators for counts: `12,345` (also used by the text renderers).
pub(crate) fn fmt_thousands(n: usize) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// Parses a humantime duration argument (`30d`, `1h`, `0s`).
pub(crate) fn parse_duration(text: &str, what: &str) -> Result<Duration> {
    humantime::parse_duration(text.trim()).map_err(|e| {
        Error::new(
            Code::U001,
            format!("{what} の期間「{text}」を解釈できません: {e}"),
        )
        .hint("`30d`、`12h`、`90m` のように数値と単位で指定してください。")
    })
}
