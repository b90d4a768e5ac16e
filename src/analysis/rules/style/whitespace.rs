//! Whitespace hygiene (source lines of the body).

use super::*;
use crate::analysis::Diagnostics;

// Whitespace hygiene (source lines of the body)

/// Body lines with their source text.
fn source_lines<'d>(doc: &'d Document) -> impl Iterator<Item = (&'d BodyLine, &'d str)> + 'd {
    doc.body_lines
        .iter()
        .filter_map(|bl| doc.source.get(bl.span.range()).map(|t| (bl, t)))
}

/// (leading whitespace length, start of the trailing whitespace) of a line, in bytes.
fn trim_bounds(line: &str) -> (usize, usize) {
    let lead = line.len() - line.trim_start_matches(ws).len();
    let trail = line.trim_end_matches(ws).len();
    (lead, trail.max(lead))
}

pub struct TrailingSpaces;

static TRAILING_SPACES: RuleMeta = RuleMeta {
    code: "TRAILING_SPACES",
    aspect: Aspect::Style,
    default_severity: Severity::Low,
    summary: "Spaces, U+3000 or tabs at the end of a line",
    fix: Some(Applicability::Safe),
    doc: RuleDoc {
        what: "行末の空白（半角スペース・全角スペース・タブ）と、空白だけの行を検出し、\
               削除します。",
        why: "行末の空白は画面では見えませんが、投稿サイトによっては余計な空白や改行として\
              表示され、差分や文字数も狂わせます。",
        example: "　彼は笑った。　　\n　　\n　空は青い。",
        fixed: "　彼は笑った。\n\n　空は青い。",
    },
};

impl Rule for TrailingSpaces {
    fn meta(&self) -> &'static RuleMeta {
        &TRAILING_SPACES
    }

    fn scope(&self) -> Scope {
        Scope::Line
    }

    fn check(&self, cx: &RuleContext, out: &mut Diagnostics) {
        let doc = cx.doc;
        let guard = LazyGuard::new(doc);
        for (bl, line) in source_lines(doc) {
            let (lead, trail) = trim_bounds(line);
            let start = if lead == line.len() { 0 } else { trail };
            if start >= line.len() {
                continue;
            }
            let span = Span::new(bl.span.start + start, bl.span.end);
            if guard.touches(span) {
                continue;
            }
            let n = line[start..].chars().count();
            let message = if start == 0 {
                format!("空白だけの行です（{n}文字）。")
            } else {
                format!("行末に空白が{n}文字あります。")
            };
            out.push(
                Diagnostic::new(TRAILING_SPACES.code, Severity::Low, span, message).with_fix(
                    Fix::new(
                        Applicability::Safe,
                        "行末の空白を削除する",
                        vec![Edit::delete(span)],
                    ),
                ),
            );
        }
    }
}

pub struct TabFound;

static TAB_FOUND: RuleMeta = RuleMeta {
    code: "TAB_FOUND",
    aspect: Aspect::Style,
    default_severity: Severity::Low,
    summary: "Tab characters in the body",
    fix: Some(Applicability::Safe),
    doc: RuleDoc {
        what: "本文中のタブ文字を検出します。行頭のタブは字下げとみなして全角スペース「　」\
               一つに、文中のタブは全角スペース（英数字の後では半角スペース、隣が空白なら削除）\
               に置き換えます。行末のタブは TRAILING_SPACES が扱います。",
        why: "タブの幅は表示環境によって変わり、投稿サイトでは無視されたり崩れたりします。",
        example: "\t彼は言った。\n「ええ」\tと彼女。",
        fixed: "　彼は言った。\n「ええ」　と彼女。",
    },
};

impl Rule for TabFound {
    fn meta(&self) -> &'static RuleMeta {
        &TAB_FOUND
    }

    fn scope(&self) -> Scope {
        Scope::Line
    }

    fn check(&self, cx: &RuleContext, out: &mut Diagnostics) {
        static TAB: Needles = Needles::new(&["\t"]);
        let doc = cx.doc;
        let guard = LazyGuard::new(doc);
        // A line without a tab has nothing for this rule.
        scan::line_hits(doc, &[&TAB], |bl, line, _| {
            let (lead, trail) = trim_bounds(line);
            if lead == line.len() {
                return; // whitespace-only line: TRAILING_SPACES
            }
            let mut push =
                |span_rel: Range<usize>, edit_rel: Range<usize>, with: &str, n: usize| {
                    let span =
                        Span::new(bl.span.start + span_rel.start, bl.span.start + span_rel.end);
                    let edit = Edit::replace(
                        Span::new(bl.span.start + edit_rel.start, bl.span.start + edit_rel.end),
                        with,
                    );
                    if guard.touches(span) {
                        return;
                    }
                    let allowed = guard.allows(std::slice::from_ref(&edit));
                    out.push(
                        Diagnostic::new(
                            TAB_FOUND.code,
                            Severity::Low,
                            span,
                            format!("タブ文字が{n}個あります。"),
                        )
                        .with_edit_fix(
                            Applicability::Safe,
                            if with.is_empty() {
                                "タブを削除する".to_string()
                            } else {
                                format!("タブを「{with}」に置き換える")
                            },
                            allowed.then_some(edit),
                        ),
                    );
                };
            // Leading whitespace holding tabs: one indent.
            let leading = &line[..lead];
            if let (Some(first), Some(last)) = (leading.find('\t'), leading.rfind('\t')) {
                let n = leading.matches('\t').count();
                push(first..last + 1, 0..lead, "\u{3000}", n);
            }
            for (s, e, n) in runs(&line[lead..trail], |c| c == '\t') {
                let (s, e) = (lead + s, lead + e);
                let before = char_before(line, s);
                let after = char_at(line, e);
                let with = if before.is_some_and(ws) || after.is_some_and(ws) {
                    ""
                } else if before.is_some_and(|c| c.is_ascii()) {
                    " "
                } else {
                    "\u{3000}"
                };
                push(s..e, s..e, with, n);
            }
        });
    }
}

pub struct DoubleSpaces;

static DOUBLE_SPACES: RuleMeta = RuleMeta {
    code: "DOUBLE_SPACES",
    aspect: Aspect::Style,
    default_severity: Severity::Low,
    summary: "Two or more consecutive spaces or U+3000 inside a line",
    fix: Some(Applicability::Safe),
    doc: RuleDoc {
        what: "行の途中で半角スペースや全角スペースが二つ以上続いている箇所を検出し、一つに\
               まとめます（全角が含まれていれば全角一つ、半角だけなら半角一つ）。行頭の字下げと\
               行末の空白は対象外です。",
        why: "連続した空白は打ち間違いであることが多く、画面上で不自然な隙間になります。",
        example: "「本当に？　　嘘みたい」\n　彼は  笑った。",
        fixed: "「本当に？　嘘みたい」\n　彼は 笑った。",
    },
};

impl Rule for DoubleSpaces {
    fn meta(&self) -> &'static RuleMeta {
        &DOUBLE_SPACES
    }

    fn scope(&self) -> Scope {
        Scope::Line
    }

    fn check(&self, cx: &RuleContext, out: &mut Diagnostics) {
        // A run of two or more spaces holds one of these.
        static ASCII: Needles = Needles::new(&["  "]);
        static PAIRS: Needles = Needles::new(&["\u{3000}\u{3000}", " \u{3000}", "\u{3000} "]);
        let doc = cx.doc;
        let guard = LazyGuard::new(doc);
        scan::line_hits(doc, &[&ASCII, &PAIRS], |bl, line, _| {
            // An Aozora line set flush to the foot (a letter's signature: ［＃地から２字上げ］校長
            // 　　縫田針作) spaces its words apart on purpose: layout, not a slip.
            if line.contains("［＃地から") || line.contains("［＃地付き") {
                return;
            }
            let (lead, trail) = trim_bounds(line);
            for (s, e, n) in runs(&line[lead..trail], |c| c == ' ' || c == '\u{3000}') {
                if n < 2 {
                    continue;
                }
                let run = &line[lead + s..lead + e];
                let span = Span::new(bl.span.start + lead + s, bl.span.start + lead + e);
                if guard.touches(span) {
                    continue;
                }
                let with = if run.contains('\u{3000}') {
                    "\u{3000}"
                } else {
                    " "
                };
                let kind = if with == " " { "半角" } else { "全角" };
                out.push(
                    Diagnostic::new(
                        DOUBLE_SPACES.code,
                        Severity::Low,
                        span,
                        format!("空白が{n}文字続いています。"),
                    )
                    .with_fix(Fix::new(
                        Applicability::Safe,
                        format!("空白を{kind}スペース一つにまとめる"),
                        vec![Edit::replace(span, with)],
                    )),
                );
            }
        });
    }
}

pub struct EmptyLineRuns;

static EMPTY_LINE_RUNS: RuleMeta = RuleMeta {
    code: "EMPTY_LINE_RUNS",
    aspect: Aspect::Style,
    default_severity: Severity::Low,
    summary: "More than thresholds.max_empty_lines consecutive empty lines",
    fix: Some(Applicability::Safe),
    doc: RuleDoc {
        what: "空行（空白だけの行を含む）が設定 thresholds.max_empty_lines（既定 2）を超えて\
               続いている箇所を検出し、上限の行数まで詰めます。",
        why: "場面転換の空行は一～二行で十分です。それ以上の空行はスマートフォンの画面で大きな\
              空白になり、読者が話の終わりと勘違いして離脱する原因になります。",
        example: "　場面が変わる。\n\n\n\n\n　翌朝。",
        fixed: "　場面が変わる。\n\n\n　翌朝。",
    },
};

impl Rule for EmptyLineRuns {
    fn meta(&self) -> &'static RuleMeta {
        &EMPTY_LINE_RUNS
    }

    fn check(&self, cx: &RuleContext, out: &mut Diagnostics) {
        let doc = cx.doc;
        let max = cx.settings.thresholds.max_empty_lines;
        let mut run: Vec<&BodyLine> = Vec::new();
        // Blank lines after an Aozora page break (［＃改頁］) or before a heading are the
        // book's layout, not the author's habit.
        let layout = |run: &[&BodyLine]| {
            let line = |l: usize| {
                let span = doc.lines.line_span(doc.source, l);
                doc.source.get(span.range()).unwrap_or("")
            };
            let (Some(first), Some(last)) = (run.first(), run.last()) else {
                return false;
            };
            (first.line > 0 && line(first.line - 1).contains("［＃改"))
                || (last.line + 1 < doc.lines.line_count()
                    && line(last.line + 1).contains("見出し］"))
        };
        let mut flush = |run: &mut Vec<&BodyLine>| {
            if run.len() > max && !layout(run) {
                let k = run.len();
                let first_del = run[max];
                let last = run[k - 1];
                let src = doc.source;
                // The extra lines with their line feeds; at the end of a text without a final
                // line feed the kept lines keep theirs (the empty rest is no line).
                let span = if src.as_bytes().get(last.span.end) == Some(&b'\n') {
                    Span::new(first_del.span.start, last.span.end + 1)
                } else {
                    Span::new(first_del.span.start, last.span.end)
                };
                if !span.is_empty() {
                    out.push(
                        Diagnostic::new(
                            EMPTY_LINE_RUNS.code,
                            Severity::Low,
                            span,
                            format!(
                                "空行が{k}行続いています（上限{max}行）。余分な{}行を削除します。",
                                k - max
                            ),
                        )
                        .with_fix(Fix::new(
                            Applicability::Safe,
                            format!("空行を{max}行に詰める"),
                            vec![Edit::delete(span)],
                        )),
                    );
                }
            }
            run.clear();
        };
        for (bl, line) in source_lines(doc) {
            let blank = line.chars().all(ws);
            let consecutive = run.last().is_none_or(|prev| prev.line + 1 == bl.line);
            if !blank || !consecutive {
                flush(&mut run);
            }
            if blank {
                run.push(bl);
            }
        }
        flush(&mut run);
    }
}
