//! Rendering `noveler check` reports: text (miette snippets with carets under full-width
//! text), statistics, NDJSON, SARIF 2.1.0 and GitHub Actions workflow commands. (`json`
//! is the envelope, printed by `cli::emit`.)

use crate::analysis::{Finding, LineIndex, Severity};
use crate::commands::check::{CheckReport, FileError, FileResult};
use crate::commands::status::fmt_thousands;
use miette::{
    Diagnostic, GraphicalReportHandler, GraphicalTheme, LabeledSpan, MietteError,
    MietteSpanContents, SourceCode, SourceSpan, SpanContents,
};
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::fmt::{self, Write};
use std::path::{Path, PathBuf};

/// Options of the text rendering.
#[derive(Clone, Debug)]
pub struct TextOptions {
    /// ANSI colours.
    pub color: bool,
    /// Only the findings: no per-file header, no summary.
    pub quiet: bool,
    /// A table of counts per code instead of the findings.
    pub statistics: bool,
    /// Rendering width for wrapping messages.
    pub width: usize,
}

impl Default for TextOptions {
    fn default() -> Self {
        TextOptions {
            color: false,
            quiet: false,
            statistics: false,
            width: 100,
        }
    }
}

/// Maps report paths (relative to the project root) to paths relative to the working
/// directory, for CI annotations and SARIF.
#[derive(Clone, Debug)]
pub struct PathMap {
    pub root: PathBuf,
    pub cwd: PathBuf,
}

impl PathMap {
    pub fn new(root: &Path, cwd: &Path) -> PathMap {
        let canon = |p: &Path| std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf());
        PathMap {
            root: canon(root),
            cwd: canon(cwd),
        }
    }

    /// `shown` as a `/`-separated path relative to the working directory when possible.
    pub fn map(&self, shown: &str) -> String {
        if shown.starts_with('<') {
            return shown.to_string();
        }
        let p = Path::new(shown);
        let abs = if p.is_absolute() {
            p.to_path_buf()
        } else {
            self.root.join(p)
        };
        match abs.strip_prefix(&self.cwd) {
            Ok(rel) => rel
                .components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect::<Vec<_>>()
                .join("/"),
            Err(_) => abs.display().to_string(),
        }
    }
}

// ---------------------------------------------------------------- text

/// Characters of context shown before and after the underlined part.
const CONTEXT_CHARS: usize = 24;
/// Longest underlined part, in characters (a finding over a long sentence is cut).
const MAX_UNDERLINE_CHARS: usize = 40;

/// The part of one source line a finding is shown in, numbered as in the file.
struct Snippet {
    name: String,
    text: String,
    /// 0-based line of the file the snippet comes from.
    line: usize,
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
struct Window {
    /// 0-based line of the span's start (binary search in the index).
    line: usize,
    /// At most CONTEXT_CHARS characters before the span; `cut_before` when the line has more.
    before: std::ops::Range<usize>,
    cut_before: bool,
    /// The span, cut at MAX_UNDERLINE_CHARS characters.
    span: std::ops::Range<usize>,
    /// At most CONTEXT_CHARS characters after the shown span (the rest of the span first).
    after: std::ops::Range<usize>,
    cut_after: bool,
}

impl Window {
    /// Bytes of the text the window covers (what rendering it reads).
    #[cfg(test)]
    fn bytes(&self) -> usize {
        self.before.len() + self.span.len() + self.after.len()
    }
}

fn window(text: &str, idx: &LineIndex, start: usize, len: usize) -> Window {
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
pub fn escape_controls(s: &str) -> std::borrow::Cow<'_, str> {
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
fn snippet(text: &str, idx: &LineIndex, f: &Finding, name: String) -> (Snippet, usize, usize) {
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
        Some(Box::new(format!(
            "{} [{}]",
            self.finding.code,
            self.finding.severity.as_str()
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
fn snippet_span(text: &str, f: &Finding) -> (usize, usize) {
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

fn handler(opts: &TextOptions) -> GraphicalReportHandler {
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
pub fn render_finding(
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
pub fn file_header(file: &FileResult, color: bool) -> String {
    let l = &file.metrics.length_stats;
    if file.snippet {
        // A snippet has no target length: saying 範囲外 would contradict the skipped rule.
        return format!(
            "{}  正味文字数 {}字（断片として確認・話単位の規則は省略）  スコア {}  指摘 {}件",
            bold(&file.path, color),
            fmt_thousands(l.body_chars),
            file.scores.overall.map_or_else(|| "なし".into(), score),
            file.findings.len()
        );
    }
    let range = format!(
        "目標 {}〜{}字",
        fmt_thousands(l.target_min),
        fmt_thousands(l.target_max)
    );
    format!(
        "{}  正味文字数 {}字（{}{}）  スコア {}  指摘 {}件",
        bold(&file.path, color),
        fmt_thousands(l.body_chars),
        range,
        if l.in_range { "" } else { "・範囲外" },
        file.scores
            .overall
            .map_or_else(|| "なし（短すぎて採点できません）".into(), score),
        file.findings.len()
    )
}

/// The final summary line.
pub fn summary_line(report: &CheckReport) -> String {
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
            " / ベースライン {} に {} 件を記録",
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
pub fn gate_line(report: &CheckReport) -> String {
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

// ---------------------------------------------------------------- ndjson

/// One JSON object per line: `{"type":"finding",…}` for each finding, `{"type":"error",…}`
/// for each target that could not be checked, then one `{"type":"summary",…}`.
pub fn ndjson(report: &CheckReport) -> String {
    let mut out = String::new();
    for f in report.files.iter().flat_map(|f| &f.findings) {
        let mut v = json!({"type": "finding"});
        if let (Some(obj), Ok(Value::Object(fields))) = (v.as_object_mut(), serde_json::to_value(f))
        {
            obj.extend(fields);
        }
        out.push_str(&v.to_string());
        out.push('\n');
    }
    for e in &report.errors {
        let v = json!({"type": "error", "path": e.path, "code": e.code, "message": e.message, "hint": e.hint});
        out.push_str(&v.to_string());
        out.push('\n');
    }
    let mut summary = json!({"type": "summary"});
    if let (Some(obj), Ok(Value::Object(fields))) = (
        summary.as_object_mut(),
        serde_json::to_value(&report.summary),
    ) {
        obj.extend(fields);
        obj.insert("errors".into(), report.errors.len().into());
        obj.insert(
            "scores".into(),
            report
                .files
                .iter()
                .map(|f| (f.path.clone(), json!(f.scores.overall)))
                .collect::<serde_json::Map<_, _>>()
                .into(),
        );
    }
    out.push_str(&summary.to_string());
    out.push('\n');
    out
}

// ---------------------------------------------------------------- SARIF

fn sarif_level(s: Severity) -> &'static str {
    match s {
        Severity::Low => "note",
        Severity::Medium => "warning",
        Severity::High | Severity::Critical => "error",
    }
}

/// SARIF 2.1.0: one run, every rule of the registry with its descriptions, one result per
/// finding (columns in Unicode code points), and tool notifications for targets that could
/// not be checked.
pub fn sarif(report: &CheckReport, paths: &PathMap) -> String {
    let registry = crate::analysis::rules::registry();
    let index: BTreeMap<&str, usize> = registry
        .iter()
        .enumerate()
        .map(|(i, r)| (r.meta().code, i))
        .collect();
    let rules: Vec<Value> = registry
        .iter()
        .map(|r| {
            let m = r.meta();
            json!({
                "id": m.code,
                "name": super::rules::rule_name(m.code),
                "shortDescription": {"text": super::rules::first_sentence(m.doc.what)},
                "fullDescription": {"text": format!("{}なぜ: {}", m.doc.what, m.doc.why)},
                "help": {"text": format!("{}\n\nなぜ: {}\n例: {}\n修正例: {}", m.doc.what, m.doc.why, m.doc.example, m.doc.fixed)},
                "defaultConfiguration": {"level": sarif_level(m.default_severity)},
                "properties": {"aspect": m.aspect.as_str(), "tags": [m.aspect.as_str()]},
            })
        })
        .collect();
    let results: Vec<Value> = report
        .files
        .iter()
        .flat_map(|file| file.findings.iter().map(move |f| (file, f)))
        .map(|(file, f)| {
            let mut r = json!({
                "ruleId": f.code,
                "level": sarif_level(f.severity),
                "message": {"text": f.message},
                "locations": [{
                    "physicalLocation": {
                        "artifactLocation": {"uri": sarif_uri(&paths.map(&file.path))},
                        "region": {
                            "startLine": f.line,
                            "startColumn": f.column,
                            "endLine": f.end_line,
                            "endColumn": f.end_column,
                            "snippet": {"text": f.excerpt},
                        }
                    }
                }],
                "partialFingerprints": {"noveler/finding/v1": f.id},
                "properties": {"severity": f.severity.as_str(), "aspect": f.aspect.as_str()},
            });
            if let (Some(i), Some(obj)) = (index.get(f.code.as_str()), r.as_object_mut()) {
                obj.insert("ruleIndex".into(), (*i).into());
            }
            r
        })
        .collect();
    let notifications: Vec<Value> = report
        .errors
        .iter()
        .map(|e: &FileError| {
            json!({
                "level": "error",
                "descriptor": {"id": e.code},
                "message": {"text": format!("{}: {}", e.path, e.message)},
                "locations": [{"physicalLocation": {"artifactLocation": {"uri": sarif_uri(&paths.map(&e.path))}}}],
            })
        })
        .collect();
    let mut driver = json!({
        "name": "noveler",
        "version": crate::VERSION,
        "semanticVersion": crate::VERSION,
        "rules": rules,
    });
    if let (Some(uri), Some(obj)) = (information_uri(), driver.as_object_mut()) {
        obj.insert("informationUri".into(), uri.into());
    }
    let doc = json!({
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": driver},
            "columnKind": "unicodeCodePoints",
            "invocations": [{
                "executionSuccessful": report.errors.is_empty(),
                "toolExecutionNotifications": notifications,
            }],
            "results": results,
        }],
    });
    serde_json::to_string_pretty(&doc).unwrap_or_default()
}

/// Characters a SARIF `uri` (an RFC 3986 URI reference) keeps as they are: unreserved ones
/// and `/`; everything else (Japanese file names, spaces, `%`, `#`, `?`) is percent-encoded
/// as UTF-8 (SARIF1002).
const URI_KEEP: &percent_encoding::AsciiSet = &percent_encoding::NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'.')
    .remove(b'_')
    .remove(b'~')
    .remove(b'/');

/// A path as a SARIF artifact URI reference (relative paths stay relative).
pub fn sarif_uri(path: &str) -> String {
    let path = path.replace('\\', "/");
    percent_encoding::utf8_percent_encode(&path, URI_KEEP).to_string()
}

/// Where to learn about the tool (SARIF `informationUri`): the package's homepage or
/// repository in Cargo.toml, when it names one.
fn information_uri() -> Option<&'static str> {
    [env!("CARGO_PKG_HOMEPAGE"), env!("CARGO_PKG_REPOSITORY")]
        .into_iter()
        .find(|u| u.starts_with("https://"))
}

// ---------------------------------------------------------------- GitHub

/// Escapes workflow-command data (`%`, CR, LF); other control characters (ESC, BEL, NUL
/// from a damaged manuscript) are shown as `<U+001B>` so they never reach a CI log raw.
fn gh_data(s: &str) -> String {
    escape_controls(s)
        .replace('%', "%25")
        .replace('\r', "%0D")
        .replace('\n', "%0A")
}

/// Escapes a workflow-command property value (also `:` and `,`).
fn gh_prop(s: &str) -> String {
    gh_data(s).replace(':', "%3A").replace(',', "%2C")
}

/// GitHub Actions annotations: `::warning file=…,line=…,col=…,endLine=…,endColumn=…,
/// title=CODE::message` per finding (`::error` for high and critical), and `::error` for
/// targets that could not be checked.
pub fn github(report: &CheckReport, paths: &PathMap) -> String {
    let mut out = String::new();
    for file in &report.files {
        let path = gh_prop(&paths.map(&file.path));
        for f in &file.findings {
            let level = match f.severity {
                Severity::High | Severity::Critical => "error",
                Severity::Low | Severity::Medium => "warning",
            };
            let _ = writeln!(
                out,
                "::{level} file={path},line={},col={},endLine={},endColumn={},title={}::{}",
                f.line,
                f.column,
                f.end_line,
                f.end_column,
                gh_prop(&format!("{} ({})", f.code, f.severity.as_str())),
                gh_data(&f.message)
            );
        }
    }
    for e in &report.errors {
        let _ = writeln!(
            out,
            "::error file={},title={}::{}",
            gh_prop(&paths.map(&e.path)),
            gh_prop(&e.code),
            gh_data(format!("{} {}", e.message, e.hint).trim())
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::commands::check::{CheckReport, FileError, Gate, Summary};
    use crate::store::cache::tests_support;
    use std::sync::Arc;
    use unicode_width::UnicodeWidthStr;

    fn file_with(text: &str, findings: Vec<Finding>) -> FileResult {
        FileResult {
            path: "40_原稿/第001話_a.md".into(),
            sha256: "0".repeat(64),
            metrics: tests_support::metrics(),
            findings,
            omitted: Default::default(),
            omitted_by_severity: Default::default(),
            scores: tests_support::sample().scores,
            suppressed: Default::default(),
            text: Arc::from(text),
            disk_path: None,
            snippet: false,
        }
    }

    fn finding_at(text: &str, needle: &str, code: &str) -> Finding {
        let start = text.find(needle).unwrap();
        let end = start + needle.len();
        let idx = crate::analysis::LineIndex::new(text);
        let (s, e) = (idx.position(text, start), idx.position(text, end));
        let mut f = tests_support::finding();
        f.code = code.into();
        f.severity = Severity::High;
        f.line = s.line;
        f.column = s.column;
        f.end_line = e.line;
        f.end_column = e.column;
        f.byte_start = start;
        f.byte_end = end;
        f.message = "句読点が重なっています".into();
        f
    }

    fn report(files: Vec<FileResult>) -> CheckReport {
        let mut summary = Summary {
            files: files.len(),
            ..Default::default()
        };
        for f in files.iter().flat_map(|f| &f.findings) {
            summary.findings += 1;
            *summary.by_code.entry(f.code.clone()).or_default() += 1;
            *summary
                .by_severity
                .entry(f.severity.as_str().into())
                .or_default() += 1;
        }
        summary.score_min = files
            .iter()
            .filter_map(|f| f.scores.overall)
            .reduce(f64::min);
        CheckReport {
            files,
            summary,
            errors: Vec::new(),
            baseline_written: None,
            gate: Gate::default(),
            ml_enhancements: None,
            inputs: Vec::new(),
            outputs: Vec::new(),
        }
    }

    #[test]
    fn gate_line_names_the_outcome() {
        let mut r = report(vec![file_with("本文。\n", vec![])]);
        assert_eq!(gate_line(&r), "合格（基準: high 以上の指摘）");
        r.files[0]
            .findings
            .push(finding_at("本文。\n", "本文", "TYPO"));
        assert_eq!(gate_line(&r), "不合格（基準: high 以上の指摘）");
        r.errors.push(FileError {
            path: "a.md".into(),
            code: "U005".into(),
            message: "a.md が見つかりません".into(),
            hint: String::new(),
            error: None,
        });
        assert_eq!(
            gate_line(&r),
            "確認できなかった対象あり・終了コード 2（基準: high 以上の指摘）"
        );
    }

    /// The caret line under a full-width line starts at the display column of the span.
    #[test]
    fn carets_align_under_full_width_text() {
        let line = "　彼女は走った。。そして止まった";
        let text = format!("前の行。\n{line}\n次の行。\n");
        let f = finding_at(&text, "。。", "GRAMMAR_PUNCTUATION");
        let file = file_with(&text, vec![f.clone()]);
        let h = handler(&TextOptions::default());
        let out = render_finding(&h, &file, &f);
        let lines: Vec<&str> = out.lines().collect();
        let src = lines
            .iter()
            .position(|l| l.contains("彼女は走った"))
            .unwrap_or_else(|| panic!("no source line in\n{out}"));
        let src_line = lines[src];
        let under = lines[src + 1];
        // Display columns (cells) of the text before the span, measured in the rendered
        // line: everything up to the start of the quoted source text plus the prefix.
        let text_start = src_line.find('　').unwrap();
        let gutter_cells = src_line[..text_start].width();
        let prefix_cells = "　彼女は走った".width();
        let caret_cells = under
            .char_indices()
            .find(|(_, c)| !matches!(c, ' ' | '│' | '·' | '┆' | '╎'))
            .map(|(i, _)| under[..i].width())
            .unwrap_or_else(|| panic!("no underline in\n{out}"));
        assert_eq!(
            caret_cells,
            gutter_cells + prefix_cells,
            "underline misplaced:\n{out}"
        );
        // The underline covers the two full-width characters: four cells.
        let marks: String = under
            .chars()
            .skip_while(|c| matches!(c, ' ' | '│' | '·'))
            .collect();
        assert!(marks.trim_end().width() >= 4, "underline too short:\n{out}");
        assert!(out.contains("GRAMMAR_PUNCTUATION"), "{out}");
        assert!(out.contains("句読点が重なっています"), "{out}");
        assert!(out.contains("40_原稿/第001話_a.md:2:8"), "{out}");
    }

    #[test]
    fn multi_line_spans_are_cut_at_the_first_line() {
        let text = "一行目です。\n二行目です。\n";
        let mut f = finding_at(text, "一行目です。\n二行目", "LENGTH_OUT_OF_RANGE");
        assert_eq!(snippet_span(text, &f), (0, "一行目です。".len()));
        f.byte_start = 10_000;
        f.byte_end = 20_000;
        assert_eq!(snippet_span(text, &f), (text.len(), 0));
        f.byte_start = 1; // inside a character
        f.byte_end = 2;
        assert_eq!(snippet_span(text, &f), (0, 0));
    }

    #[test]
    fn long_lines_are_cut_around_the_span_and_keep_their_line_number() {
        let line = format!("{}。。{}", "あ".repeat(100), "い".repeat(100));
        let text = format!("一\n二\n{line}\n");
        let f = finding_at(&text, "。。", "GRAMMAR_PUNCTUATION");
        let (snip, offset, len) = snippet(&text, &LineIndex::new(&text), &f, "x".into());
        assert_eq!(snip.line, 2);
        assert_eq!(
            snip.text,
            format!(
                "…{}。。{}…",
                "あ".repeat(CONTEXT_CHARS),
                "い".repeat(CONTEXT_CHARS)
            )
        );
        assert_eq!(&snip.text[offset..offset + len], "。。");
        let file = file_with(&text, vec![f.clone()]);
        let out = render_finding(&handler(&TextOptions::default()), &file, &f);
        assert!(out.contains(" 3 │ …あ"), "{out}");
        // A span longer than the cap is underlined only up to the cap.
        let mut long = f.clone();
        long.byte_start = text.find('あ').unwrap();
        long.byte_end = text.rfind('い').unwrap();
        let (snip, offset, len) = snippet(&text, &LineIndex::new(&text), &long, "x".into());
        assert_eq!(
            snip.text[offset..offset + len].chars().count(),
            MAX_UNDERLINE_CHARS
        );
        assert!(!snip.text.starts_with('…'));
    }

    #[test]
    fn a_snippet_reads_a_bounded_window_whatever_the_line_length() {
        // One line of 300,000 brackets with a finding every 1,000 characters: each snippet
        // reads at most (2 × CONTEXT + UNDERLINE) characters, so F findings read O(F) bytes.
        let text = "（".repeat(300_000);
        let idx = LineIndex::new(&text);
        let cap = (2 * CONTEXT_CHARS + MAX_UNDERLINE_CHARS) * '（'.len_utf8();
        let mut total = 0;
        for k in 0..300 {
            let start = k * 1_000 * 3;
            let w = window(&text, &idx, start, 3 * 500);
            assert!(w.bytes() <= cap, "{k}: {} bytes", w.bytes());
            assert_eq!(w.line, 0);
            assert_eq!(w.cut_before, k > 0);
            assert!(w.cut_after);
            total += w.bytes();
        }
        assert!(total <= 300 * cap);
        // Line starts come from the index by binary search, not from counting newlines.
        let lines = "あ\n".repeat(50_000);
        let idx = LineIndex::new(&lines);
        let w = window(&lines, &idx, lines.len() - 4, 3);
        assert_eq!(w.line, 49_999);
        assert_eq!(w.bytes(), 3);
    }

    #[test]
    fn control_characters_never_reach_the_terminal_raw() {
        assert_eq!(
            escape_controls("a\u{1b}[31mb\u{7}\u{0}\u{85}\tc"),
            "a<U+001B>[31mb<U+0007><U+0000><U+0085>\tc"
        );
        assert!(matches!(
            escape_controls("　普通の文。"),
            std::borrow::Cow::Borrowed(_)
        ));
        let text = "　彼は\u{1b}[2J言った。。\n";
        let f = finding_at(text, "。。", "GRAMMAR_PUNCTUATION");
        let file = file_with(text, vec![f.clone()]);
        let out = render_finding(&handler(&TextOptions::default()), &file, &f);
        assert!(!out.contains('\u{1b}'), "{out:?}");
        assert!(out.contains("彼は<U+001B>[2J言った"), "{out}");
    }

    #[test]
    fn text_has_header_findings_and_summary() {
        let text = "　彼女は走った。。\n";
        let f = finding_at(text, "。。", "GRAMMAR_PUNCTUATION");
        let r = report(vec![file_with(text, vec![f])]);
        let out = super::text(&r, &TextOptions::default());
        assert!(
            out.starts_with("40_原稿/第001話_a.md  正味文字数 12字"),
            "{out}"
        );
        assert!(
            out.contains("1 ファイル / 指摘 1 件（critical 0, high 1, medium 0, low 0）"),
            "{out}"
        );
        assert!(out.contains("不合格（基準: high 以上の指摘）"), "{out}");
        assert!(!out.contains('\x1b'), "no colour by default");
        let quiet = super::text(
            &r,
            &TextOptions {
                quiet: true,
                ..Default::default()
            },
        );
        assert!(
            !quiet.contains("正味文字数") && !quiet.contains("ファイル /"),
            "{quiet}"
        );
        assert!(quiet.contains("GRAMMAR_PUNCTUATION"));
        let coloured = super::text(
            &r,
            &TextOptions {
                color: true,
                ..Default::default()
            },
        );
        assert!(coloured.contains('\x1b'));
    }

    #[test]
    fn statistics_counts_per_code() {
        let text = "　あ。。い、、う。。\n";
        let a = finding_at(text, "。。", "GRAMMAR_PUNCTUATION");
        let mut b = finding_at(text, "、、", "GRAMMAR_PUNCTUATION");
        b.severity = Severity::Low;
        let mut c = finding_at(text, "う", "KANJI_RUN");
        c.severity = Severity::Low;
        let r = report(vec![file_with(text, vec![a, b, c])]);
        let s = statistics(&r);
        let lines: Vec<&str> = s.lines().collect();
        assert_eq!(lines.len(), 3, "{s}");
        assert!(
            lines[1]
                .trim_start()
                .starts_with("2  GRAMMAR_PUNCTUATION  high"),
            "{s}"
        );
        assert!(lines[2].trim_start().starts_with("1  KANJI_RUN"), "{s}");
    }

    #[test]
    fn ndjson_is_one_object_per_line() {
        let text = "　あ。。\n";
        let r = report(vec![file_with(text, vec![finding_at(text, "。。", "X")])]);
        let out = ndjson(&r);
        let values: Vec<Value> = out
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(values.len(), 2);
        assert_eq!(values[0]["type"], "finding");
        assert_eq!(values[0]["code"], "X");
        assert_eq!(values[1]["type"], "summary");
        assert_eq!(values[1]["findings"], 1);
    }

    #[test]
    fn github_annotations_are_escaped() {
        let text = "　あ。。\n";
        let mut f = finding_at(text, "。。", "GRAMMAR_PUNCTUATION");
        f.message = "100%、二行\n目\u{1b}[31m".into();
        let mut low = f.clone();
        low.severity = Severity::Low;
        let mut file = file_with(text, vec![f, low]);
        file.path = "原稿,a:b.md".into();
        let r = report(vec![file]);
        let paths = PathMap {
            root: PathBuf::from("/p"),
            cwd: PathBuf::from("/"),
        };
        let out = github(&r, &paths);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(
            lines[0],
            "::error file=p/原稿%2Ca%3Ab.md,line=1,col=3,endLine=1,endColumn=5,title=GRAMMAR_PUNCTUATION (high)::100%25、二行%0A目<U+001B>[31m"
        );
        assert!(lines[1].starts_with("::warning "), "{out}");
    }

    #[test]
    fn sarif_has_rules_results_and_regions() {
        let text = "　あ。。\n";
        let r = report(vec![file_with(text, vec![finding_at(text, "。。", "X")])]);
        let paths = PathMap {
            root: PathBuf::from("/p"),
            cwd: PathBuf::from("/p"),
        };
        let v: Value = serde_json::from_str(&sarif(&r, &paths)).unwrap();
        assert_eq!(v["version"], "2.1.0");
        let run = &v["runs"][0];
        assert_eq!(run["columnKind"], "unicodeCodePoints");
        let res = &run["results"][0];
        assert_eq!(res["ruleId"], "X");
        assert_eq!(res["level"], "error");
        let loc = &res["locations"][0]["physicalLocation"];
        assert_eq!(
            loc["artifactLocation"]["uri"],
            "40_%E5%8E%9F%E7%A8%BF/%E7%AC%AC001%E8%A9%B1_a.md"
        );
        let rule = &run["tool"]["driver"]["rules"][0];
        assert_ne!(rule["name"], rule["id"]);
        assert_eq!(loc["region"]["startLine"], 1);
        assert_eq!(loc["region"]["startColumn"], 3);
        assert_eq!(loc["region"]["endColumn"], 5);
        assert_eq!(
            run["tool"]["driver"]["rules"].as_array().unwrap().len(),
            crate::analysis::rules::registry().len()
        );
    }

    #[test]
    fn path_map_relativises_to_the_working_directory() {
        let m = PathMap {
            root: PathBuf::from("/repo/novel"),
            cwd: PathBuf::from("/repo"),
        };
        assert_eq!(m.map("40_原稿/a.md"), "novel/40_原稿/a.md");
        assert_eq!(m.map("<stdin>"), "<stdin>");
        assert_eq!(m.map("/elsewhere/a.md"), "/elsewhere/a.md");
    }
}
