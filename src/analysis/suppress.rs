//! Inline suppression comments (issue 13 item 4), as ruff / textlint / Vale have them.
//!
//! A directive is a line of its own, in either of two forms:
//! - Markdown: `<!-- noveler-disable-next-line CODE[, CODE] -->`;
//! - Aozora annotation (for `.txt`, which a site shows as is): `［＃noveler-disable-next-line CODE］`.
//!
//! Verbs: `noveler-disable-next-line [CODES]` (the next line that is neither blank nor a
//! comment), `noveler-disable [CODES]` … `noveler-enable [CODES]` (a region; without
//! `enable` it runs to the end of the file). Without codes a directive means every code.
//! Comment and directive lines are not body (`markup::body_mask`): they count for nothing
//! and never reach a publish text. A whole-line HTML comment (`<!-- … -->`, possibly over
//! several lines) is left out of the body too, whatever it says.

use super::{Finding, Span};
use std::collections::BTreeSet;

/// Which codes a directive names; empty = all.
type Codes = BTreeSet<String>;

#[derive(Clone, Debug, PartialEq, Eq)]
enum Verb {
    NextLine,
    Disable,
    Enable,
}

/// Whether the trimmed line is an Aozora-style directive `［＃noveler-…］`.
fn aozora_directive(t: &str) -> Option<&str> {
    t.strip_prefix("［＃")?
        .strip_suffix('］')
        .filter(|inner| inner.trim_start().starts_with("noveler-"))
}

/// Marks (sets to false in `inc`) the comment and directive lines among the lines still
/// included: whole-line HTML comments (from a line starting with `<!--` to the line holding
/// `-->`, with nothing but whitespace after it) and `［＃noveler-…］` lines.
pub(crate) fn exclude_comment_lines(source: &str, spans: &[Span], inc: &mut [bool]) {
    let mut l = 0;
    while l < spans.len() {
        if !inc[l] {
            l += 1;
            continue;
        }
        let t = source[spans[l].range()].trim();
        if aozora_directive(t).is_some() {
            inc[l] = false;
        } else if t.starts_with("<!--") {
            // Find the closing line; a comment never closed, or closed with text after
            // it, stays text (an author's typo should not swallow the chapter).
            let close = (l..spans.len()).find(|&k| {
                let line = &source[spans[k].range()];
                let from = if k == l {
                    line.find("<!--").map_or(0, |i| i + 4)
                } else {
                    0
                };
                line[from..].contains("-->")
            });
            if let Some(k) = close {
                let line = &source[spans[k].range()];
                let after = line.rfind("-->").map_or("", |i| &line[i + 3..]);
                if after.trim().is_empty() {
                    for flag in &mut inc[l..=k] {
                        *flag = false;
                    }
                    l = k + 1;
                    continue;
                }
            }
        }
        l += 1;
    }
}

/// The directive in a comment line, if it is one.
fn parse(line: &str) -> Option<(Verb, Codes)> {
    let t = line.trim();
    let inner = match aozora_directive(t) {
        Some(inner) => inner,
        None => t.strip_prefix("<!--")?.strip_suffix("-->")?,
    };
    let inner = inner.trim();
    let (verb, rest) = [
        ("noveler-disable-next-line", Verb::NextLine),
        ("noveler-disable", Verb::Disable),
        ("noveler-enable", Verb::Enable),
    ]
    .into_iter()
    .find_map(|(word, verb)| {
        let rest = inner.strip_prefix(word)?;
        (rest.is_empty() || rest.starts_with([' ', '　', ','])).then_some((verb, rest))
    })?;
    let codes = rest
        .split([',', '、', ' ', '　'])
        .map(str::trim)
        .filter(|c| !c.is_empty())
        .map(str::to_ascii_uppercase)
        .collect();
    Some((verb, codes))
}

/// `source` with `code` disabled on its 0-based `line`: a `noveler-disable-next-line`
/// directive line inserted before it (Markdown comment, or the Aozora annotation when
/// `aozora`), or `code` added to the one already standing right above it.
pub fn disable_next_line(source: &str, line: usize, code: &str, aozora: bool) -> String {
    let lines: Vec<&str> = source.split_inclusive('\n').collect();
    let mut out = String::with_capacity(source.len() + code.len() + 40);
    let directive = |codes: &str| {
        if aozora {
            format!("［＃noveler-disable-next-line {codes}］\n")
        } else {
            format!("<!-- noveler-disable-next-line {codes} -->\n")
        }
    };
    let above = line
        .checked_sub(1)
        .and_then(|k| lines.get(k).map(|l| (k, l)))
        .and_then(|(k, l)| match parse(l) {
            Some((Verb::NextLine, codes)) if !codes.is_empty() => Some((k, codes)),
            _ => None,
        });
    for (k, l) in lines.iter().enumerate() {
        match &above {
            Some((at, codes)) if *at == k => {
                let mut codes: Vec<String> = codes.iter().cloned().collect();
                if !codes.iter().any(|c| c == code) {
                    codes.push(code.to_string());
                }
                out.push_str(&directive(&codes.join(", ")));
            }
            None if k == line => {
                out.push_str(&directive(code));
                out.push_str(l);
            }
            _ => out.push_str(l),
        }
    }
    if above.is_none() && line >= lines.len() {
        if !source.is_empty() && !source.ends_with('\n') {
            out.push('\n');
        }
        out.push_str(&directive(code));
    }
    out
}

/// One suppressing directive, resolved to the lines it covers (0-based, inclusive start,
/// exclusive end) and its codes.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Cover {
    lines: std::ops::Range<usize>,
    codes: Codes,
}

/// The line ranges the directives of `source` suppress.
fn covers(source: &str) -> Vec<Cover> {
    let lines: Vec<&str> = source.split('\n').collect();
    let is_comment = |t: &str| t.starts_with("<!--") || aozora_directive(t).is_some();
    let mut out = Vec::new();
    // Open regions: (first line, codes).
    let mut open: Vec<(usize, Codes)> = Vec::new();
    for (n, line) in lines.iter().enumerate() {
        let Some((verb, codes)) = parse(line) else {
            continue;
        };
        match verb {
            Verb::NextLine => {
                if let Some(target) = (n + 1..lines.len()).find(|&k| {
                    let t = lines[k].trim();
                    !t.is_empty() && !is_comment(t)
                }) {
                    out.push(Cover {
                        lines: target..target + 1,
                        codes,
                    });
                }
            }
            Verb::Disable => open.push((n, codes)),
            Verb::Enable => {
                // A bare `enable` closes every region; `enable CODES` takes those codes out
                // of the regions naming them (an all-codes region needs a bare `enable`).
                let mut still = Vec::new();
                for (start, region) in open.drain(..) {
                    if !codes.is_empty() && region.is_empty() {
                        still.push((start, region));
                        continue;
                    }
                    let left: Codes = region.difference(&codes).cloned().collect();
                    out.push(Cover {
                        lines: start..n,
                        codes: region,
                    });
                    if !codes.is_empty() && !left.is_empty() {
                        still.push((n, left));
                    }
                }
                open = still;
            }
        }
    }
    for (start, codes) in open {
        out.push(Cover {
            lines: start..lines.len(),
            codes,
        });
    }
    out
}

/// Splits `findings` into those reported and the number suppressed by inline directives.
pub fn apply(source: &str, findings: Vec<Finding>) -> (Vec<Finding>, usize) {
    if !source.contains("noveler-") {
        return (findings, 0);
    }
    let covers = covers(source);
    if covers.is_empty() {
        return (findings, 0);
    }
    let before = findings.len();
    let kept: Vec<Finding> = findings
        .into_iter()
        .filter(|f| {
            let line = f.line - 1;
            !covers.iter().any(|c| {
                c.lines.contains(&line) && (c.codes.is_empty() || c.codes.contains(&f.code))
            })
        })
        .collect();
    let suppressed = before - kept.len();
    (kept, suppressed)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::{analyze, Aspect, FileAnalysis, Settings};

    #[test]
    fn a_directive_is_inserted_or_extended() {
        let text = "一行目\n　彼は走った！走った\n";
        let once = disable_next_line(text, 1, "EXCLAMATION_SPACE", false);
        assert_eq!(
            once,
            "一行目\n<!-- noveler-disable-next-line EXCLAMATION_SPACE -->\n　彼は走った！走った\n"
        );
        assert!(!codes_of(&once)
            .iter()
            .any(|(_, c)| c == "EXCLAMATION_SPACE"));
        assert!(codes_of(text).iter().any(|(_, c)| c == "EXCLAMATION_SPACE"));
        let twice = disable_next_line(&once, 2, "INDENT_MISSING", false);
        assert_eq!(
            twice,
            "一行目\n<!-- noveler-disable-next-line EXCLAMATION_SPACE, INDENT_MISSING -->\n　彼は走った！走った\n"
        );
        assert_eq!(
            disable_next_line("a", 0, "TAB_FOUND", true),
            "［＃noveler-disable-next-line TAB_FOUND］\na"
        );
    }

    /// Style rules only: no whole-text findings in the way.
    fn style(text: &str) -> FileAnalysis {
        let s = Settings {
            aspects: vec![Aspect::Style],
            ..Default::default()
        };
        analyze(text, "t.md", &s)
    }

    fn codes_of(text: &str) -> Vec<(usize, String)> {
        style(text)
            .findings
            .into_iter()
            .map(|f| (f.line, f.code))
            .collect()
    }

    #[test]
    fn parses_the_directive_forms() {
        assert_eq!(
            parse("<!-- noveler-disable-next-line INDENT_MISSING, kanji_run -->"),
            Some((
                Verb::NextLine,
                ["INDENT_MISSING", "KANJI_RUN"].map(String::from).into()
            ))
        );
        assert_eq!(
            parse("<!--noveler-disable-->"),
            Some((Verb::Disable, Codes::new()))
        );
        assert_eq!(
            parse("［＃noveler-enable DASH_STYLE］"),
            Some((Verb::Enable, ["DASH_STYLE".to_string()].into()))
        );
        assert_eq!(parse("<!-- noveler-disabled -->"), None);
        assert_eq!(parse("<!-- メモ -->"), None);
        assert_eq!(parse("［＃ここから２字下げ］"), None);
    }

    #[test]
    fn next_line_suppresses_only_its_line_and_codes() {
        let plain = "彼は走った！走った\n彼は走った！走った\n";
        assert_eq!(
            codes_of(plain),
            vec![
                (1, "INDENT_MISSING".into()),
                (1, "EXCLAMATION_SPACE".into()),
                (2, "INDENT_MISSING".into()),
                (2, "EXCLAMATION_SPACE".into())
            ]
        );
        let text = "<!-- noveler-disable-next-line INDENT_MISSING -->\n\n彼は走った！走った\n彼は走った！走った\n";
        let a = style(text);
        let got: Vec<(usize, &str)> = a
            .findings
            .iter()
            .map(|f| (f.line, f.code.as_str()))
            .collect();
        assert_eq!(
            got,
            vec![
                (3, "EXCLAMATION_SPACE"),
                (4, "INDENT_MISSING"),
                (4, "EXCLAMATION_SPACE")
            ]
        );
        assert_eq!(a.suppressed.inline, 1);
    }

    #[test]
    fn regions_run_to_enable_or_the_end() {
        let line = "彼は走った！走った\n";
        // Two sound lines first, so that neither habit is a file-wide convention (reported
        // once per file when over 80% of its places follow it).
        let sound = "　彼は叫んだ！　走った。\n";
        let text = format!(
            "{sound}{sound}{line}<!-- noveler-disable -->\n{line}<!-- noveler-enable -->\n{line}［＃noveler-disable EXCLAMATION_SPACE］\n{line}{line}"
        );
        let got = codes_of(&text);
        let lines: Vec<usize> = got.iter().map(|(l, _)| *l).collect();
        // Line 5 is wholly off; line 9 and 10 keep INDENT_MISSING only.
        assert_eq!(lines, vec![3, 3, 7, 7, 9, 10], "{got:?}");
        assert!(got[4..].iter().all(|(_, c)| c == "INDENT_MISSING"));
        // enable CODE ends only that code.
        let text = format!(
            "<!-- noveler-disable INDENT_MISSING, EXCLAMATION_SPACE -->\n{line}<!-- noveler-enable INDENT_MISSING -->\n{line}"
        );
        assert_eq!(codes_of(&text), vec![(4, "INDENT_MISSING".into())]);
    }

    #[test]
    fn comments_are_not_body() {
        let text = "<!--\n作者メモ：ここは後で直す\n-->\n　本文です。\n［＃noveler-disable］\n";
        let a = style(text);
        assert_eq!(a.metrics.length_stats.body_chars, 5);
        let doc = crate::analysis::Document::parse(text);
        assert!(!doc.display.contains("メモ") && !doc.display.contains("noveler"));
        // Text after a closing `-->` keeps its line in the body.
        let doc = crate::analysis::Document::parse("<!-- a --> 本文\n");
        assert!(doc.display.contains("本文"));
        // An unclosed comment stays text.
        let doc = crate::analysis::Document::parse("<!-- a\n本文\n");
        assert!(doc.display.contains("本文"));
    }
}
