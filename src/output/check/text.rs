//! The text rendering: miette snippets with carets under full-width text, statistics.

use super::*;

/// Characters of context shown before and after the underlined part.
pub(super) const CONTEXT_CHARS: usize = 24;
/// Longest underlined part, in characters (a finding over a long sentence is cut).
pub(super) const MAX_UNDERLINE_CHARS: usize = 40;

/// The part of one source line a finding is shown in, numbered as in the file.
pub(super) struct Snippet {
    pub(super) name: String,
    pub(super) text: String,
    /// 0-based line of the file the snippet comes from.
    pub(super) line: usize,
}

impl SourceCode for Snippet {
    fn read_span<'a>(
        &'a self,
        span: &SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn SpanContents<'a> + 'a>, MietteError> {
        let inner =
            self.text
                .as_str()
                .read_span(span, context_lines_before, context_lines_after)?;
        Ok(Box::new(MietteSpanContents::new_named(
            self.name.clone(),
            inner.data(),
            *inner.span(),
            inner.line() + self.line,
            inner.column(),
            inner.line_count(),
        )))
    }
}

/// What a snippet reads of its line: byte ranges around the span, each bounded by a number
/// of characters (never by the line's length), so rendering F findings reads O(F) bytes
/// after one O(n) `LineIndex` — text output stays linear even on a 3 MB single-line file.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct Window {
    /// 0-based line of the span's start (binary search in the index).
    pub(super) line: usize,
    /// At most CONTEXT_CHARS characters before the span; `cut_before` when the line has more.
    pub(super) before: std::ops::Range<usize>,
    pub(super) cut_before: bool,
    /// The span, cut at MAX_UNDERLINE_CHARS characters.
    pub(super) span: std::ops::Range<usize>,
    /// At most CONTEXT_CHARS characters after the shown span (the rest of the span first).
    pub(super) after: std::ops::Range<usize>,
    pub(super) cut_after: bool,
}

impl Window {
    /// Bytes of the text the window covers (what rendering it reads).
    #[cfg(test)]
    pub(super) fn bytes(&self) -> usize {
        self.before.len() + self.span.len() + self.after.len()
    }
}

pub(super) fn window(text: &str, idx: &LineIndex, start: usize, len: usize) -> Window {
    let line = idx.line_of(start);
    let bounds = idx.line_span(text, line);
    let (line_start, line_end) = (bounds.start, bounds.end.max(start + len));
    let before_start = text[line_start..start]
        .char_indices()
        .rev()
        .take(CONTEXT_CHARS)
        .last()
        .map_or(start, |(i, _)| line_start + i);
    let span_end = text[start..start + len]
        .char_indices()
        .nth(MAX_UNDERLINE_CHARS)
        .map_or(start + len, |(i, _)| start + i);
    let after_end = text[span_end..line_end]
        .char_indices()
        .nth(CONTEXT_CHARS)
        .map_or(line_end, |(i, _)| span_end + i);
    Window {
        line,
        before: before_start..start,
        cut_before: before_start > line_start,
        span: start..span_end,
        after: span_end..after_end,
        cut_after: after_end < line_end,
    }
}

/// `s` with every control character but tab (C0, DEL, C1 — what a terminal would act on)
/// shown as `<U+001B>`: manuscript text never reaches the terminal raw, with or without
/// colour. Borrowed when there is nothing to escape.
pub(crate) fn escape_controls(s: &str) -> std::borrow::Cow<'_, str> {
    if !s.chars().any(is_raw_control) {
        return std::borrow::Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 8);
    for c in s.chars() {
        if is_raw_control(c) {
            let _ = write!(out, "<U+{:04X}>", c as u32);
        } else {
            out.push(c);
        }
    }
    std::borrow::Cow::Owned(out)
}

fn is_raw_control(c: char) -> bool {
    crate::analysis::rules::control::is_stray_control(c)
}

/// The snippet of `text` for finding `f` and the underlined range inside it: the finding's
/// line around the span (cut with `…` beyond CONTEXT_CHARS), the span cut at its first
/// line and at MAX_UNDERLINE_CHARS; control characters escaped.
pub(super) fn snippet(
    text: &str,
    idx: &LineIndex,
    f: &Finding,
    name: String,
) -> (Snippet, usize, usize) {
    let (start, len) = snippet_span(text, f);
    let w = window(text, idx, start, len);
    let mut out = String::new();
    if w.cut_before {
        out.push('…');
    }
    out.push_str(&escape_controls(&text[w.before.clone()]));
    let offset = out.len();
    out.push_str(&escape_controls(&text[w.span.clone()]));
    let underlined = out.len() - offset;
    out.push_str(&escape_controls(&text[w.after.clone()]));
    if w.cut_after {
        out.push('…');
    }
    (
        Snippet {
            name,
            text: out,
            line: w.line,
        },
        offset,
        underlined,
    )
}

/// A finding as a miette diagnostic over a snippet of its file.
struct FindingDiagnostic<'a> {
    finding: &'a Finding,
    source: Snippet,
    offset: usize,
    len: usize,
}

impl fmt::Debug for FindingDiagnostic<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FindingDiagnostic")
            .field("code", &self.finding.code)
            .finish()
    }
}

impl fmt::Display for FindingDiagnostic<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&escape_controls(&self.finding.message))
    }
}

impl std::error::Error for FindingDiagnostic<'_> {}

impl Diagnostic for FindingDiagnostic<'_> {
    fn code<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        // The id is what `feedback record` and `polish --issue-ids` take.
        Some(Box::new(format!(
            "{} [{}] id {}",
            self.finding.code,
            self.finding.severity.as_str(),
            self.finding.id
        )))
    }

    fn severity(&self) -> Option<miette::Severity> {
        Some(match self.finding.severity {
            Severity::Low => miette::Severity::Advice,
            Severity::Medium => miette::Severity::Warning,
            Severity::High | Severity::Critical => miette::Severity::Error,
        })
    }

    fn help<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        // A fix describes its own replacement; otherwise the rule's suggestion.
        match (&self.finding.fix, &self.finding.suggestion) {
            (Some(fix), _) => Some(Box::new(format!(
                "自動修正（{}）: {}",
                fix.applicability.as_str(),
                escape_controls(&fix.description)
            ))),
            (None, Some(s)) => Some(Box::new(escape_controls(s).into_owned())),
            (None, None) => None,
        }
    }

    fn source_code(&self) -> Option<&dyn miette::SourceCode> {
        Some(&self.source)
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        Some(Box::new(std::iter::once(LabeledSpan::new(
            Some(self.finding.aspect.as_str().to_string()),
            self.offset,
            self.len,
        ))))
    }
}

/// The span miette underlines: the finding's, cut at the end of its first line (a finding
/// over a whole section would otherwise print the section), on char boundaries.
pub(super) fn snippet_span(text: &str, f: &Finding) -> (usize, usize) {
    let mut start = f.byte_start.min(text.len());
    while !text.is_char_boundary(start) {
        start -= 1;
    }
    let mut end = f.byte_end.clamp(start, text.len());
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    if let Some(nl) = text[start..end].find('\n') {
        end = start + nl;
    }
    (start, end - start)
}

pub(super) fn handler(opts: &TextOptions) -> GraphicalReportHandler {
    let theme = if opts.color {
        GraphicalTheme::unicode()
    } else {
        GraphicalTheme::unicode_nocolor()
    };
    GraphicalReportHandler::new_themed(theme)
        .with_width(opts.width)
        // The snippet is a single line: context lines would come from nowhere.
        .with_context_lines(1)
        .without_primary_span_start()
        .with_links(false)
        .without_syntax_highlighting()
}

/// Renders one finding of `file` with a source snippet.
#[cfg(test)]
pub(crate) fn render_finding(
    handler: &GraphicalReportHandler,
    file: &FileResult,
    finding: &Finding,
) -> String {
    render_finding_in(handler, file, &LineIndex::new(&file.text), finding)
}

/// `render_finding` with the file's line index built once for all its findings.
fn render_finding_in(
    handler: &GraphicalReportHandler,
    file: &FileResult,
    idx: &LineIndex,
    finding: &Finding,
) -> String {
    let name = format!("{}:{}:{}", file.path, finding.line, finding.column);
    let (source, offset, len) = snippet(&file.text, idx, finding, name);
    let diag = FindingDiagnostic {
        finding,
        source,
        offset,
        len,
    };
    let mut out = String::new();
    if handler.render_report(&mut out, &diag).is_err() {
        // Fall back to one line; rendering must never lose a finding.
        out = format!(
            "{}:{}:{}: {} [{}] {}\n",
            file.path,
            finding.line,
            finding.column,
            finding.code,
            finding.severity.as_str(),
            escape_controls(&finding.message)
        );
    }
    out
}

fn bold(s: &str, color: bool) -> String {
    if color {
        format!("\x1b[1m{s}\x1b[0m")
    } else {
        s.to_string()
    }
}

fn score(x: f64) -> String {
    format!("{x:.1}")
}

/// The per-file header line.
pub(crate) fn file_header(file: &FileResult, color: bool) -> String {
    let l = &file.metrics.length_stats;
    if file.snippet {
        // A snippet has no target length: saying 範囲外 would contradict the skipped rule.
        return format!(
            "{}  正味文字数 {}字（断片として確認・話単位の規則は省略）  スコア {}  指摘 {}件{}",
            bold(&file.path, color),
            fmt_thousands(l.body_chars),
            file.scores.overall.map_or_else(|| "なし".into(), score),
            file.findings.len(),
            preset_note(file)
        );
    }
    let range = format!(
        "目標 {}〜{}字",
        fmt_thousands(l.target_min),
        fmt_thousands(l.target_max)
    );
    format!(
        "{}  正味文字数 {}字（{}{}）  スコア {}  指摘 {}件{}",
        bold(&file.path, color),
        fmt_thousands(l.body_chars),
        range,
        if l.in_range { "" } else { "・範囲外" },
        file.scores
            .overall
            .map_or_else(|| "なし（短すぎて採点できません）".into(), score),
        file.findings.len(),
        preset_note(file)
    )
}

/// The preset, named only when it is not the default `narou` nobody chose (issue 31: an
/// author must see that an Aozora file was read as `literary`, or that a flag or config
/// chose the preset).
fn preset_note(file: &FileResult) -> String {
    use crate::analysis::settings::PresetReason;
    if file.preset.reason == PresetReason::Default {
        return String::new();
    }
    format!(
        "  プリセット {}（{}）",
        file.preset.name.as_str(),
        file.preset.reason.describe()
    )
}

/// The final summary line.
pub(crate) fn summary_line(report: &CheckReport) -> String {
    let s = &report.summary;
    let sev = ["critical", "high", "medium", "low"]
        .iter()
        .map(|k| format!("{k} {}", s.by_severity.get(*k).copied().unwrap_or(0)))
        .collect::<Vec<_>>()
        .join(", ");
    let mut line = format!(
        "{} ファイル / 指摘 {} 件（{sev}）",
        s.files,
        fmt_thousands(s.findings)
    );
    if let Some(min) = s.score_min {
        let _ = write!(line, " / 最低スコア {}", score(min));
    }
    if s.omitted > 0 {
        let _ = write!(
            line,
            " / 一覧に載せなかった指摘 {} 件（同じルールの指摘が多すぎるため。件数とスコアには含みます）",
            fmt_thousands(s.omitted)
        );
    }
    if s.unscored > 0 {
        let _ = write!(line, " / 採点なし {} 件", s.unscored);
    }
    let q = s.suppressed;
    if q.inline + q.config + q.baseline > 0 {
        let _ = write!(
            line,
            " / 抑制 {} 件（コメント {}、設定 {}、ベースライン {}）",
            fmt_thousands(q.inline + q.config + q.baseline),
            q.inline,
            q.config,
            q.baseline
        );
    }
    if let Some(b) = &report.baseline_written {
        let _ = write!(
            line,
            " / ベースライン {} に {} 件を記録（git にコミットすると clone 先や CI でも --baseline が効きます）",
            b.path,
            fmt_thousands(b.findings)
        );
    }
    if !report.errors.is_empty() {
        let _ = write!(line, " / 確認できなかった対象 {} 件", report.errors.len());
    }
    line
}

/// The gate outcome in words (last line of the text output).
pub(crate) fn gate_line(report: &CheckReport) -> String {
    let fail_on = report
        .gate
        .fail_on
        .unwrap_or(crate::commands::check::DEFAULT_FAIL_ON);
    let mut gate = format!("基準: {} 以上の指摘", fail_on.as_str());
    if let Some(u) = report.gate.fail_under {
        let _ = write!(gate, "、またはスコア {} 未満", score(u));
    }
    let verdict = if !report.errors.is_empty() {
        // Exit 2 whatever the findings: say why, not "failed the gate".
        "確認できなかった対象あり・終了コード 2"
    } else if report.gate_tripped() {
        if report.gate.exit_zero {
            "不合格（--exit-zero のため終了コード 0）"
        } else {
            "不合格"
        }
    } else {
        "合格"
    };
    let mut line = format!("{verdict}（{gate}）");
    // Say which files a score gate failed: with `-q` nothing else would.
    if let Some(u) = report.gate.fail_under {
        let below: Vec<String> = report
            .files
            .iter()
            // An unscored file fails a score gate too (SPEC §4: too short to judge).
            .filter(|f| f.scores.overall.is_none_or(|s| s < u))
            .map(|f| {
                let shown = f.scores.overall.map_or_else(|| "採点なし".into(), score);
                format!("{} {}", f.path, shown)
            })
            .collect();
        if !below.is_empty() {
            let _ = write!(line, "\nスコア {} 未満: {}", score(u), below.join("、"));
        }
    }
    if report.gate_tripped() && report.errors.is_empty() {
        line.push_str("\n意図どおりの指摘は抑えられます: noveler explain suppression");
    }
    line
}

/// The text rendering of a check report (findings go to stdout; errors are rendered on
/// stderr by the CLI).
pub fn text(report: &CheckReport, opts: &TextOptions) -> String {
    let mut out = String::new();
    if opts.statistics {
        out.push_str(&statistics(report));
    } else {
        let h = handler(opts);
        for file in &report.files {
            if !opts.quiet {
                let _ = writeln!(out, "{}", file_header(file, opts.color));
            }
            let idx = LineIndex::new(&file.text);
            for f in &file.findings {
                out.push_str(&render_finding_in(&h, file, &idx, f));
                out.push('\n');
            }
            if !opts.quiet && file.findings.is_empty() && report.files.len() > 1 {
                out.push('\n');
            }
        }
    }
    if !opts.quiet {
        let _ = writeln!(out, "{}", summary_line(report));
    }
    // `-q` keeps the verdict: a failing run must say why it exits 1.
    let _ = writeln!(out, "{}", gate_line(report));
    out
}

/// Counts per code: `count  CODE  severity  aspect`, most frequent first.
pub fn statistics(report: &CheckReport) -> String {
    let mut rows: BTreeMap<&str, (usize, Severity, &'static str)> = BTreeMap::new();
    for f in report.files.iter().flat_map(|f| &f.findings) {
        let e = rows
            .entry(f.code.as_str())
            .or_insert((0, f.severity, f.aspect.as_str()));
        e.0 += 1;
        e.1 = e.1.max(f.severity);
    }
    let mut rows: Vec<_> = rows.into_iter().collect();
    rows.sort_by(|a, b| b.1 .0.cmp(&a.1 .0).then(a.0.cmp(b.0)));
    let cw = rows.iter().map(|r| r.0.len()).max().unwrap_or(4).max(4);
    let nw = rows
        .iter()
        .map(|r| r.1 .0.to_string().len())
        .max()
        .unwrap_or(1)
        .max(5);
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:>nw$}  {:cw$}  {:8}  aspect",
        "count", "code", "severity"
    );
    for (code, (n, sev, aspect)) in rows {
        let _ = writeln!(out, "{n:>nw$}  {code:cw$}  {:8}  {aspect}", sev.as_str());
    }
    out
}
