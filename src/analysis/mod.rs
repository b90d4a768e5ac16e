//! The pure analysis core: text in, metrics, findings, fixes and scores out.
//! No I/O, no clock, no environment, no printing, no threads of its own (rayon's ordered
//! parallel maps only; see ARCHITECTURE.md and clippy.toml).
#![deny(clippy::print_stdout, clippy::print_stderr, clippy::disallowed_methods)]

pub(crate) mod accept;
pub mod aozora;
pub mod cancel;
pub mod corpus_stats;
pub mod dictionaries;
pub mod feedback_weights;
pub mod finding;
pub mod fix;
pub mod footprint;
pub mod incremental;
pub mod line_index;
pub mod markup;
pub mod metrics;
pub mod morph;
pub mod publish;
pub mod rules;
pub mod score;
pub mod segment;
pub(crate) mod sentences;
pub mod settings;
pub mod source;
pub mod span;
pub mod structure;
pub mod suppress;

pub use cancel::Cancel;
pub use finding::{
    severity_tally, tally_severity, Aspect, Diagnostic, Diagnostics, Finding, Overflow, Severity,
};
pub use fix::{Applicability, Edit, Fix};
pub use line_index::LineIndex;
pub use metrics::Metrics;
pub use score::Scores;
pub use segment::Document;
pub use settings::Settings;
pub use source::Source;
pub use span::Span;

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// The full result for one manuscript.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct FileAnalysis {
    pub metrics: Metrics,
    /// Reported findings (suppressed ones are only counted).
    pub findings: Vec<Finding>,
    pub scores: Scores,
    #[serde(default)]
    pub suppressed: Suppressed,
    /// Diagnostics past `finding::MAX_DIAGNOSTICS_PER_RULE` of a code: counted, not listed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub overflow: Vec<Overflow>,
    /// The preset the text was checked with, and why.
    #[serde(default)]
    pub preset: settings::PresetUsed,
}

/// Findings suppressed, by what suppressed them; never reported, not counted for the gate
/// or the scores.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
pub struct Suppressed {
    /// By a `noveler-disable…` comment in the manuscript.
    pub inline: usize,
    /// By `.novelerrc.yaml`: `per-file-ignores`, or a flagged text inside one of the
    /// `accepted_words`.
    pub config: usize,
    /// By the baseline file (`--baseline`).
    pub baseline: usize,
}

impl Suppressed {
    pub fn add(&mut self, other: Suppressed) {
        self.inline += other.inline;
        self.config += other.config;
        self.baseline += other.baseline;
    }
}

/// Lower-case hex sha256 of `bytes`.
pub fn sha256_hex(bytes: &[u8]) -> String {
    hex(&Sha256::digest(bytes))
}

/// Lower-case hex of `bytes`.
fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut out = String::with_capacity(bytes.len() * 2);
    for &b in bytes {
        out.push(DIGITS[usize::from(b >> 4)] as char);
        out.push(DIGITS[usize::from(b & 0xf)] as char);
    }
    out
}

/// Analyses normalised `text` (see `Source`) reported as `file`. Deterministic: the same
/// text, file name and settings give the same result. Findings are ordered by byte offset,
/// then code.
pub fn analyze(text: &str, file: &str, settings: &Settings) -> FileAnalysis {
    analyze_with(text, file, settings, None)
}

/// `analyze` with a dictionary for the word rules (`rules::needs_words`); without one they
/// report nothing. The text is tokenised only if an enabled rule asks for words.
pub(crate) fn analyze_with(
    text: &str,
    file: &str,
    settings: &Settings,
    lexicon: Option<&morph::Lexicon>,
) -> FileAnalysis {
    analyze_hashed(text, file, settings, lexicon, None, None)
}

/// `analyze_with` given `text_sha256`, the lower-case hex sha256 of `text` when the caller
/// already has it (a file whose bytes are its normalised text): the text is not hashed again.
/// A wrong hash gives wrong finding ids; `None` hashes the text here. `cache` holds what an
/// earlier analysis of the same document, before an edit, kept (`incremental::EditCache`):
/// the words and paragraph findings of the paragraphs that did not change. The result is
/// the same with or without it.
pub(crate) fn analyze_hashed(
    text: &str,
    file: &str,
    settings: &Settings,
    lexicon: Option<&morph::Lexicon>,
    text_sha256: Option<&str>,
    cache: Option<&incremental::EditCache>,
) -> FileAnalysis {
    match analyze_until(
        text,
        file,
        settings,
        lexicon,
        text_sha256,
        cache,
        Cancel::NEVER,
    ) {
        Some(a) => a,
        None => unreachable!("an analysis that is never cancelled runs to its end"),
    }
}

/// `analyze_hashed` that stops when `cancel` is set (read between rules, between
/// paragraphs while tokenising): `None` then, and the work done so far is dropped.
pub(crate) fn analyze_until(
    text: &str,
    file: &str,
    settings: &Settings,
    lexicon: Option<&morph::Lexicon>,
    text_sha256: Option<&str>,
    cache: Option<&incremental::EditCache>,
    cancel: Cancel,
) -> Option<FileAnalysis> {
    if cancel.is_set() {
        return None;
    }
    let doc = Document::parse(text);
    let literary = settings.for_text(doc.aozora);
    let settings = literary.as_ref().unwrap_or(settings);
    let preset = settings.preset_used(literary.is_some());
    let metrics = metrics::compute(&doc, settings);
    let words = morph::Words::cached(&doc, lexicon, cache.and_then(|c| c.tokens())).until(cancel);
    let cx = rules::RuleContext {
        doc: &doc,
        settings,
        metrics: &metrics,
        words: &words,
    };
    // A text too short to score is too short for a ratio or an average to mean anything: of
    // the whole-text rules only its length is reported (a 108-character stub is not told its
    // dialogue ratio is 0%).
    let unjudged = score::too_short(metrics.length_stats.body_chars, settings).is_some();
    let enabled: Vec<&dyn rules::Rule> = rules::registry()
        .iter()
        .copied()
        .filter(|rule| {
            let meta = rule.meta();
            !(unjudged && score::is_ratio_rule(meta.code))
                && settings.is_enabled(meta.code, meta.aspect)
        })
        .collect();
    let (mut diagnostics, overflow) = match cache {
        Some(cache) => incremental::run_rules(cache, &enabled, &cx, cancel)?,
        None => run_rules(&enabled, &cx, cancel)?.into_parts(),
    };
    diagnostics.sort_by(|a, b| {
        (a.span.start, a.code, a.span.end).cmp(&(b.span.start, b.code, b.span.end))
    });
    let accepted = accept::apply(text, &settings.accepted_words, &mut diagnostics);
    let findings = locate(&doc, file, settings, diagnostics, text_sha256);
    let (findings, inline) = suppress::apply(text, findings);
    let scores = score::compute(&findings, metrics.length_stats.body_chars, settings);
    Some(FileAnalysis {
        metrics,
        findings,
        scores,
        suppressed: Suppressed {
            inline,
            config: accepted,
            ..Suppressed::default()
        },
        overflow,
        preset,
    })
}

/// Runs `rules` over `cx`, their diagnostics gathered in `rules`' order. A long text's
/// rules run in parallel, each into its own sink (they were a serial tail after the
/// parallel tokenising, one core idle), after its words are tokenised: a rule that
/// tokenised on first use from a pool thread could wait on the words another rule was
/// tokenising. Each code belongs to one rule, so gathering the sinks in
/// order gives what one sink would have held. `None` when `cancel` was set before a rule.
fn run_rules(
    rules: &[&dyn rules::Rule],
    cx: &rules::RuleContext,
    cancel: Cancel,
) -> Option<Diagnostics> {
    use rayon::prelude::*;
    let mut sink = Diagnostics::new();
    if cx.doc.display.len() < morph::PARALLEL_FROM_BYTES {
        for rule in rules {
            if cancel.is_set() {
                return None;
            }
            rule.check(cx, &mut sink);
        }
        return Some(sink);
    }
    if rules::needs_words(cx.settings) {
        cx.words.paragraphs();
    }
    let sinks: Option<Vec<Diagnostics>> = rules
        .par_iter()
        .map(|rule| {
            if cancel.is_set() {
                return None;
            }
            let mut own = Diagnostics::new();
            rule.check(cx, &mut own);
            Some(own)
        })
        .collect();
    for own in sinks? {
        sink.append(own);
    }
    (!cancel.is_set()).then_some(sink)
}

/// Turns span diagnostics into located findings with stable ids.
///
/// The diagnostics arrive sorted by start offset, so the lines of their starts never go
/// back: the hash of a line is computed once for all its findings, columns are
/// counted on from the previous finding of the line, and occurrence numbers (two findings of
/// one code on one line) only need the codes seen on the current line.
fn locate(
    doc: &Document,
    file: &str,
    settings: &Settings,
    diagnostics: Vec<Diagnostic>,
    text_sha256: Option<&str>,
) -> Vec<Finding> {
    let text = doc.source;
    if diagnostics.is_empty() {
        return Vec::new();
    }
    let file_hash = match text_sha256 {
        Some(h) => h.to_string(),
        None => sha256_hex(text.as_bytes()),
    };
    let mut columns = ColumnCursor::default();
    // The line of the current findings: 0-based number, span and hash.
    let mut current: Option<(usize, Span, String)> = None;
    // Codes seen on the current line, with how many findings of each.
    let mut seen: Vec<(&'static str, usize)> = Vec::new();
    let mut out = Vec::with_capacity(diagnostics.len());
    let mut digits = [0u8; 20];
    for d in diagnostics {
        let aspect = rules::lookup(d.code)
            .map(|r| r.meta().aspect)
            .unwrap_or(Aspect::Style);
        let start = columns.position(doc, d.span.start);
        let end = columns.position_after(doc, start, d.span.start, d.span.end);
        let line = start.line - 1;
        if current.as_ref().is_none_or(|c| c.0 != line) {
            let span = doc.lines.line_span(text, line);
            let line_text = &text[span.range()];
            current = Some((line, span, sha256_hex(line_text.as_bytes())));
            seen.clear();
        }
        let Some((_, line_span, line_hash)) = current.as_ref() else {
            continue;
        };
        let n = match seen.iter_mut().find(|(code, _)| *code == d.code) {
            Some((_, n)) => {
                *n += 1;
                *n - 1
            }
            None => {
                seen.push((d.code, 1));
                0
            }
        };
        // The id: the first 12 hex digits of the sha256 of
        // "{file_hash}:{code}:{line}:{line_hash}", with ":{n}" appended for the n-th repeat
        // of a code on a line (n ≥ 1), hashed piece by piece.
        let mut key = Sha256::new();
        key.update(file_hash.as_bytes());
        key.update(b":");
        key.update(d.code.as_bytes());
        key.update(b":");
        key.update(decimal(start.line, &mut digits));
        key.update(b":");
        key.update(line_hash.as_bytes());
        if n > 0 {
            key.update(b":");
            key.update(decimal(n, &mut digits));
        }
        let id = hex(&key.finalize()[..6]);
        out.push(Finding {
            id,
            code: d.code.to_string(),
            aspect,
            severity: settings.severity_for(d.code, d.severity),
            message: d.message,
            file: file.to_string(),
            line: start.line,
            column: start.column,
            end_line: end.line,
            end_column: end.column,
            byte_start: d.span.start,
            byte_end: d.span.end,
            excerpt: excerpt(text, *line_span, d.span),
            suggestion: d.suggestion,
            fix: d.fix,
        });
    }
    out
}

/// `LineIndex::position` for offsets that mostly move forward: the column is counted on
/// from the last position asked for when it lies earlier on the same line.
#[derive(Default)]
struct ColumnCursor {
    /// (0-based line, byte offset, 1-based column) of the last position.
    last: Option<(usize, usize, usize)>,
}

impl ColumnCursor {
    fn position(&mut self, doc: &Document, offset: usize) -> line_index::Position {
        let line = doc.lines.line_of(offset);
        let column = match self.last {
            Some((l, at, col)) if l == line && at <= offset => {
                col + doc.source[at..offset].chars().count()
            }
            _ => {
                let start = doc.lines.line_span(doc.source, line).start;
                doc.source[start..offset].chars().count() + 1
            }
        };
        self.last = Some((line, offset, column));
        line_index::Position {
            line: line + 1,
            column,
        }
    }

    /// The position of `end`, given the position `start` of `start_offset <= end`.
    fn position_after(
        &self,
        doc: &Document,
        start: line_index::Position,
        start_offset: usize,
        end: usize,
    ) -> line_index::Position {
        let line = doc.lines.line_of(end);
        if line + 1 == start.line {
            line_index::Position {
                line: start.line,
                column: start.column + doc.source[start_offset..end].chars().count(),
            }
        } else {
            doc.lines.position(doc.source, end)
        }
    }
}

/// `n` in decimal, written into `buf`.
fn decimal(mut n: usize, buf: &mut [u8; 20]) -> &[u8] {
    let mut at = buf.len();
    loop {
        at -= 1;
        buf[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    &buf[at..]
}

/// Characters in an excerpt (not counting the `…` marks of a cut).
const EXCERPT_CHARS: usize = 120;

/// A window of at most `EXCERPT_CHARS` characters of the finding's line, centred on the
/// flagged text `span` (clipped to the line): the whole flagged text with the context on
/// both sides shared evenly, or, when the flagged text is longer than the window, its first
/// `EXCERPT_CHARS` characters. `…` marks a side that was cut. Trailing whitespace of the
/// line is dropped unless it is flagged.
fn excerpt(text: &str, line: Span, span: Span) -> String {
    let start = span.start.clamp(line.start, line.end);
    let end = span.end.clamp(start, line.end);
    let flagged = &text[start..end];
    let before_text = &text[line.start..start];
    let after_text = text[end..line.end].trim_end();
    let mut out = String::new();
    if let Some((cut, _)) = flagged.char_indices().nth(EXCERPT_CHARS) {
        if !before_text.is_empty() {
            out.push('…');
        }
        out.push_str(&flagged[..cut]);
        out.push('…');
        return out;
    }
    let room = EXCERPT_CHARS - flagged.chars().count();
    // Up to `room` characters on each side, counted from the span outwards.
    let before_avail = before_text.chars().rev().take(room).count();
    let after_avail = after_text.chars().take(room).count();
    let mut before = before_avail.min(room / 2);
    let after = after_avail.min(room - before);
    before = before_avail.min(room - after);
    let from = before_text
        .char_indices()
        .rev()
        .nth(before.wrapping_sub(1))
        .map_or(before_text.len(), |(i, _)| i);
    let to = after_text
        .char_indices()
        .nth(after)
        .map_or(after_text.len(), |(i, _)| i);
    if from > 0 {
        out.push('…');
    }
    out.push_str(&before_text[from..]);
    out.push_str(flagged);
    out.push_str(&after_text[..to]);
    if to < after_text.len() || span.end > line.end {
        out.push('…');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn codes(a: &FileAnalysis) -> Vec<&str> {
        a.findings.iter().map(|f| f.code.as_str()).collect()
    }

    #[test]
    fn a_text_too_short_to_score_gets_its_length_but_no_ratio_findings() {
        // All narration, no 読点, a low kanji share: every ratio rule would fire on it.
        let stub = "　ここに本文を書きます。あとで書きなおします。まだ何もありません。\n";
        let short = analyze(stub, "t.md", &Settings::default());
        assert_eq!(short.scores.overall, None);
        assert_eq!(codes(&short), ["LENGTH_OUT_OF_RANGE"]);
        // The same lines, long enough to score: the ratios are reported again.
        let mut small = Settings::default();
        small.target_length.min = 100;
        small.target_length.max = 100_000;
        let long = analyze(&stub.repeat(12), "t.md", &small);
        assert!(long.scores.overall.is_some());
        for code in ["DIALOGUE_RATIO_OUT_OF_RANGE", "COMMA_AVG_OUT_OF_RANGE"] {
            assert!(codes(&long).contains(&code), "{code}: {:?}", codes(&long));
        }
    }

    #[test]
    fn a_known_text_hash_gives_the_same_findings() {
        let text = "　彼は走った。彼は走った。彼は走った。\n\n「こんにちわ」\n";
        let s = Settings::default();
        let plain = analyze(text, "t.md", &s);
        assert!(!plain.findings.is_empty());
        let hash = sha256_hex(text.as_bytes());
        assert_eq!(
            analyze_hashed(text, "t.md", &s, None, Some(&hash), None),
            plain
        );
        // The hash is trusted: another one changes the ids, and nothing else.
        let other = analyze_hashed(text, "t.md", &s, None, Some("0"), None);
        assert_ne!(other.findings[0].id, plain.findings[0].id);
        assert_eq!(other.findings.len(), plain.findings.len());
    }

    /// Work counted, not timed: a cancel that arrives half-way through stops the analysis
    /// within a few units of work (paragraphs tokenised, rules run), not at its end.
    #[test]
    fn a_cancel_stops_the_analysis_at_its_next_check() {
        use std::sync::atomic::{AtomicUsize, Ordering};
        let text = "　彼は坂を駆け上がった。「まだだ」と叫んだ。\n".repeat(3_000);
        let lexicon = Some(morph::tests::lexicon());
        let s = Settings::default();
        let whole = AtomicUsize::new(0);
        let done = analyze_until(
            &text,
            "t.md",
            &s,
            lexicon,
            None,
            None,
            Cancel::counting(&whole),
        );
        assert!(done.is_some());
        let whole = whole.load(Ordering::Relaxed);
        assert!(whole > 3_000, "one check per paragraph at least: {whole}");
        for at in [1, whole / 2, whole - 5] {
            let made = AtomicUsize::new(0);
            let stopped = analyze_until(
                &text,
                "t.md",
                &s,
                lexicon,
                None,
                None,
                Cancel::after(&made, at),
            );
            assert!(stopped.is_none(), "cancelled at check {at} of {whole}");
            let made = made.load(Ordering::Relaxed);
            // Tokenising runs in parallel: each run in flight makes its next check.
            let slack = 4 * rayon::current_num_threads() + rules::registry().len() + 2;
            assert!(made <= at + slack, "{made} checks after a cancel at {at}");
        }
    }

    #[test]
    fn a_flood_of_one_code_is_counted_past_the_bound() {
        let n = finding::MAX_DIAGNOSTICS_PER_RULE + 321;
        let a = analyze(
            &format!("{}\n", "（".repeat(n)),
            "t.md",
            &Settings::default(),
        );
        let listed = a
            .findings
            .iter()
            .filter(|f| f.code == "BRACKETS_MISMATCH")
            .count();
        assert_eq!(listed, finding::MAX_DIAGNOSTICS_PER_RULE);
        let over: usize = a
            .overflow
            .iter()
            .filter(|o| o.code == "BRACKETS_MISMATCH")
            .map(|o| o.count)
            .sum();
        assert_eq!(over, 321);
    }

    /// `body` inside an Aozora Bunko file's header (symbol legend) and footer (底本).
    fn in_aozora_frame(body: &str) -> String {
        format!("題\n著者\n----------\n【テキスト中に現れる記号について】\n----------\n{body}\n底本：「全集」\n入力：誰か\n")
    }

    /// The codes of `text`'s findings under `s`, in order (`codes` of its analysis, owned).
    fn codes_of(text: &str, s: &Settings) -> Vec<String> {
        codes(&analyze(text, "t.txt", s))
            .into_iter()
            .map(str::to_string)
            .collect()
    }

    #[test]
    fn aozora_files_default_to_literary() {
        let body = "　「わかった。」\n".repeat(6);
        let aozora = in_aozora_frame(&body);
        assert!(
            !codes_of(&aozora, &Settings::default()).contains(&"PERIOD_BEFORE_CLOSE".to_string())
        );
        // The same body as a web-novel manuscript: the 。」 habit is reported once.
        let narou = codes_of(&body, &Settings::default());
        assert_eq!(
            narou.iter().filter(|c| *c == "PERIOD_BEFORE_CLOSE").count(),
            1
        );
        // A chosen preset wins over the Aozora default.
        let mut chosen = Settings::default();
        chosen.set_preset(settings::Preset::Narou);
        assert!(codes_of(&aozora, &chosen).contains(&"PERIOD_BEFORE_CLOSE".to_string()));
    }

    /// The web novel's sentence-length, 読点, kanji-run and ending measures are off for
    /// literary prose, on for a web-novel manuscript, and back on when the config asks.
    #[test]
    fn literary_prose_is_not_held_to_web_novel_readability() {
        let sentence = "　下人は、太刀を鞘におさめて、その太刀の柄を左の手でおさえながら、冷然として、\
                        南無阿弥陀仏南無阿弥陀仏と唱える老婆の話を聞いていたが、やがて雨の音のほかは\
                        何も聞こえなくなった門の下で、ひとりで長いあいだ考えこんでいた。\n";
        let body = sentence.repeat(6);
        let aozora = in_aozora_frame(&body);
        let web_novel_measures = [
            "LONG_SENTENCE",
            "COMMA_OVERUSE",
            "CONSECUTIVE_LONG_SENTENCES",
            "KANJI_RUN",
            "ENDING_REPETITION",
        ];
        let narou = codes_of(&body, &Settings::default());
        for code in web_novel_measures {
            assert!(
                narou.iter().any(|c| c == code),
                "{code} fires on the manuscript: {narou:?}"
            );
        }
        let literary = codes_of(&aozora, &Settings::default());
        for code in web_novel_measures {
            assert!(
                !literary.iter().any(|c| c == code),
                "{code} is off for Aozora"
            );
        }
        let mut asked = Settings::default();
        asked.rules.insert(
            "LONG_SENTENCE".into(),
            settings::RuleOverride {
                enabled: Some(true),
                severity: None,
            },
        );
        assert!(codes_of(&aozora, &asked)
            .iter()
            .any(|c| c == "LONG_SENTENCE"));
    }

    /// The hedging 二重否定 and a conjunction repeated at adjacent sentence starts are
    /// reported in a web-novel manuscript and left alone in literary prose.
    #[test]
    fn literary_prose_keeps_its_rhetorical_devices() {
        let body = "　清の心配は察しないでもない。そして、夜が明けた。そして、男は旅に出た。\n";
        let with_words = |text: &str| -> Vec<String> {
            let a = analyze_with(
                text,
                "t.txt",
                &Settings::default(),
                Some(morph::tests::lexicon()),
            );
            codes(&a).into_iter().map(str::to_string).collect()
        };
        let devices = ["DOUBLE_NEGATIVE", "REPEATED_CONJUNCTION"];
        let narou = with_words(body);
        let literary = with_words(&in_aozora_frame(body));
        for code in devices {
            assert!(narou.iter().any(|c| c == code), "{code} fires: {narou:?}");
            assert!(
                !literary.iter().any(|c| c == code),
                "{code} is off for Aozora"
            );
        }
    }

    #[test]
    fn decimal_writes_numbers() {
        let mut buf = [0u8; 20];
        for n in [0, 7, 10, 99, 12345, usize::MAX] {
            assert_eq!(decimal(n, &mut buf), n.to_string().as_bytes());
        }
    }

    fn window(line: &str, flagged: std::ops::Range<usize>) -> String {
        excerpt(
            line,
            Span::new(0, line.len()),
            Span::new(flagged.start, flagged.end),
        )
    }

    #[test]
    fn excerpt_is_a_window_centred_on_the_span() {
        // A short line is shown whole, without trailing whitespace.
        assert_eq!(window("　あい　 \t", 3..6), "　あい");
        // Flagged trailing whitespace stays.
        assert_eq!(window("あい　 ", 6..10), "あい　 ");
        // Far into a long line: the flagged text with 59 + 60 characters around it.
        let long = format!("{}X{}", "あ".repeat(300), "い".repeat(300));
        let x = 900;
        let got = window(&long, x..x + 1);
        assert_eq!(got, format!("…{}X{}…", "あ".repeat(59), "い".repeat(60)));
        // Near the start: the unused context on the left goes to the right.
        let got = window(&long[900..], 0..1);
        assert_eq!(got, format!("X{}…", "い".repeat(119)));
        // Near the end of the line.
        let got = window(&long[..901], x..x + 1);
        assert_eq!(got, format!("…{}X", "あ".repeat(119)));
        // Longer than the window: its start.
        let got = window(&long, 3..long.len());
        assert_eq!(got, format!("…{}…", &long[3..3 + 120 * 3]));
        // A span running past its line shows its start and a cut mark.
        assert_eq!(
            excerpt("あいう\nえ", Span::new(0, 9), Span::new(3, 13)),
            "あいう…"
        );
        // An empty span at the line start.
        assert_eq!(window("あいう", 0..0), "あいう");
    }

    /// Ids are the first 12 hex digits of sha256("{file}:{code}:{line}:{line hash}[:{n}]").
    #[test]
    fn finding_ids_hash_the_documented_key() {
        let text = "彼は歩いた！走った！飛んだ！\n「そう・・・」\n彼は歩いた！走った！\n";
        let analysis = analyze(text, "t.md", &Settings::default());
        assert!(analysis.findings.len() >= 6);
        let file_hash = sha256_hex(text.as_bytes());
        let lines: Vec<&str> = text.split('\n').collect();
        let mut seen = std::collections::HashMap::<String, usize>::new();
        for f in &analysis.findings {
            let base = format!(
                "{file_hash}:{}:{}:{}",
                f.code,
                f.line,
                sha256_hex(lines[f.line - 1].as_bytes())
            );
            let n = seen.entry(base.clone()).or_insert(0);
            let key = if *n == 0 { base } else { format!("{base}:{n}") };
            *n += 1;
            assert_eq!(f.id, sha256_hex(key.as_bytes())[..12], "{}", f.code);
        }
        assert!(seen.values().any(|&n| n > 1), "no repeated code on a line");
    }

    /// A long text's rules run in parallel, each into its own sink; gathered in registry
    /// order they hold what one sink filled rule by rule holds, overflow counts included.
    #[test]
    fn rules_run_in_parallel_gather_what_one_sink_holds() {
        let planted = include_str!("../../fixtures/language/planted.md");
        // Past the per-rule cap of BRACKETS_MISMATCH, so the overflow is gathered too.
        let text = format!(
            "{planted}\n{}\n",
            "（".repeat(finding::MAX_DIAGNOSTICS_PER_RULE + 5)
        );
        let doc = Document::parse(&text);
        assert!(doc.display.len() >= morph::PARALLEL_FROM_BYTES);
        let settings = Settings::default();
        let metrics = metrics::compute(&doc, &settings);
        let words = morph::Words::new(&doc, Some(morph::tests::lexicon()));
        let cx = rules::RuleContext {
            doc: &doc,
            settings: &settings,
            metrics: &metrics,
            words: &words,
        };
        let enabled: Vec<&dyn rules::Rule> = rules::registry()
            .iter()
            .copied()
            .filter(|r| settings.is_enabled(r.meta().code, r.meta().aspect))
            .collect();
        let mut one = Diagnostics::new();
        for rule in &enabled {
            rule.check(&cx, &mut one);
        }
        let (list, overflow) = one.into_parts();
        assert!(
            list.len() > 50 && !overflow.is_empty(),
            "{} {overflow:?}",
            list.len()
        );
        let (par_list, par_overflow) = run_rules(&enabled, &cx, Cancel::NEVER)
            .expect("never cancelled")
            .into_parts();
        assert_eq!(format!("{par_list:?}"), format!("{list:?}"));
        assert_eq!(par_overflow, overflow);
    }
}
