//! Rendering `noveler check` reports: text (miette snippets with carets under full-width
//! text), statistics, NDJSON, SARIF 2.1.0 and GitHub Actions workflow commands. (`json`
//! is the envelope, printed by `cli::emit`.)

use crate::analysis::{Finding, LineIndex, Severity};
use crate::commands::check::{CheckReport, FileError, FileResult};
use crate::commands::common::fmt_thousands;
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

mod concise;
mod github;
mod ndjson;
mod sarif;
mod text;
pub use concise::*;
pub use github::*;
pub use ndjson::*;
pub use sarif::*;
pub use text::*;

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
            preset: Default::default(),
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
            ml_enhancements: None,
            gate: Gate::default(),
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
        assert_eq!(
            gate_line(&r),
            "不合格（基準: high 以上の指摘）\n意図どおりの指摘は抑えられます: noveler explain suppression"
        );
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

    /// Bytes written through it (the JSON serialiser streams into it).
    #[derive(Default)]
    struct Counted(usize);

    impl std::io::Write for Counted {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0 += buf.len();
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }

    /// (findings, bytes the text snippets read, text output bytes, JSON output bytes).
    fn output_work(text: &str) -> (usize, usize, usize, usize) {
        let a = crate::analysis::analyze(text, "a.md", &crate::analysis::Settings::default());
        let idx = LineIndex::new(text);
        let read = a
            .findings
            .iter()
            .map(|f| window(text, &idx, f.byte_start, f.byte_end - f.byte_start).bytes())
            .sum();
        let n = a.findings.len();
        let r = report(vec![file_with(text, a.findings)]);
        let shown = super::text(&r, &TextOptions::default()).len();
        let mut json = Counted::default();
        serde_json::to_writer_pretty(&mut json, &r).unwrap();
        (n, read, shown, json.0)
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(12))]
        /// Output work is linear in the input (issue 12), counted in bytes, not timed: each
        /// finding reads a bounded window of its line (after one `LineIndex` pass) and adds a
        /// bounded number of bytes to the text and to the JSON output, however long its line
        /// (up to 12 KB here) and however often the text is repeated — so rendering F
        /// findings of an n-byte text costs O(n + F), and F grows at most linearly with n.
        #[test]
        fn output_work_is_linear_in_the_input(
            line in "[　あ漢（）。、「」！？a]{0,120}",
            lines in 1usize..12,
            long in 0usize..4_000,
            k in 2usize..5,
        ) {
            let mut unit = String::new();
            for _ in 0..lines {
                unit.push_str(&line);
                unit.push('\n');
            }
            unit.push_str(&"（".repeat(long));
            unit.push_str("。。\n");
            let cap = (2 * CONTEXT_CHARS + MAX_UNDERLINE_CHARS) * 4;
            // A report's fixed part (header, scores, metrics, summary) and one finding's
            // most: independent of the text's size.
            const FIXED: usize = 16 * 1024;
            const PER_FINDING: usize = 2 * 1024;
            let mut counts = Vec::new();
            for text in [unit.clone(), unit.repeat(k)] {
                let (f, read, shown, json) = output_work(&text);
                proptest::prop_assert!(read <= f * cap, "read {read} for {f} findings");
                proptest::prop_assert!(shown <= FIXED + f * PER_FINDING, "text {shown} for {f}");
                proptest::prop_assert!(json <= FIXED + f * PER_FINDING, "json {json} for {f}");
                counts.push(f);
            }
            // Repeating the text k times repeats its findings about k times (plus a few
            // where two copies meet), never more: the output grows linearly with the input.
            proptest::prop_assert!(counts[1] <= k * (counts[0] + 4), "{counts:?}, k = {k}");
        }
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
