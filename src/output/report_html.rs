//! `noveler status --report html`: one self-contained HTML file with charts an author would
//! rather look at than read — length per episode against the target band, score per
//! episode, kanji and dialogue ratio trends, and the rhythm (sentence lengths) of the latest
//! episode. Inline SVG and inline CSS only: no script, no fonts or images to fetch, no
//! external URL of any kind, so it opens offline and from a mail attachment alike. Every
//! piece of text from the project (titles, names, messages) goes through `esc`.
//!
//! Manual check in headless Chromium (Debian package `chromium`), done for this file and to
//! be repeated after changing the layout — look at the PNG:
//!
//! ```sh
//! noveler status --project-root fixtures/sample_project --no-save --report html -o /tmp/report.html
//! chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
//!   --disable-background-networking --disable-component-update --disable-sync \
//!   --user-data-dir=$(mktemp -d) --screenshot=/tmp/report.png --window-size=1200,1600 \
//!   file:///tmp/report.html
//! ```
//! (Japanese text needs a CJK font on the machine, e.g. Debian `fonts-noto-cjk`.)
//! `tests/publish.rs` checks the structure automatically: the document is balanced, every
//! chart is there, and there is no `<script>` and no external reference.

use crate::commands::common::{fmt_score, fmt_thousands};
use crate::commands::status::{EpisodeRow, StatusReport};
use std::fmt::Write as _;

/// The charts, in page order (their `id`s; tests look for each).
pub const CHART_IDS: &[&str] = &[
    "chart-length",
    "chart-score",
    "chart-kanji",
    "chart-dialogue",
    "chart-rhythm-histogram",
    "chart-rhythm-sequence",
];

/// HTML-escapes text for element content and attribute values.
pub fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

const C_BAR: &str = "#3b7ea1";
const C_OK: &str = "#4f9d69";
const C_SHORT: &str = "#d89b2b";
const C_LONG: &str = "#c0504d";
const C_BAND: &str = "#e3f1e6";
const C_GRID: &str = "#e4e4e4";
const C_AXIS: &str = "#888888";
const C_KANJI: &str = "#7a5195";
const C_DIALOGUE: &str = "#ef5675";

const STYLE: &str = r#"
body { margin: 0; background: #f7f7f5; color: #222;
  font-family: "Hiragino Sans", "Hiragino Kaku Gothic ProN", "Noto Sans CJK JP", "Noto Sans JP", "Yu Gothic", "YuGothic", "Meiryo", "IPAexGothic", "IPAGothic", sans-serif; }
main { max-width: 1100px; margin: 0 auto; padding: 24px 28px 48px; }
h1 { font-size: 26px; margin: 0 0 4px; }
h2 { font-size: 18px; margin: 32px 0 8px; border-left: 5px solid #3b7ea1; padding-left: 10px; }
p.sub { color: #666; margin: 0 0 18px; }
.cards { display: flex; flex-wrap: wrap; gap: 12px; }
.card { background: #fff; border: 1px solid #ddd; border-radius: 8px; padding: 10px 16px; min-width: 150px; }
.card .k { font-size: 12px; color: #666; }
.card .v { font-size: 24px; font-weight: bold; }
.card .v small { font-size: 13px; font-weight: normal; color: #666; }
figure { background: #fff; border: 1px solid #ddd; border-radius: 8px; margin: 0 0 12px; padding: 8px 12px 4px; }
figcaption { font-size: 13px; color: #555; margin: 0 0 4px; }
.pair { display: grid; grid-template-columns: 1fr 1fr; gap: 12px; }
svg { display: block; width: 100%; height: auto; }
svg text { font-size: 12px; fill: #444; }
.legend span { display: inline-block; margin-right: 14px; font-size: 12px; color: #555; }
.legend i { display: inline-block; width: 10px; height: 10px; margin-right: 4px; vertical-align: -1px; border-radius: 2px; }
table { border-collapse: collapse; width: 100%; background: #fff; font-size: 13px; }
th, td { border-bottom: 1px solid #e6e6e6; padding: 4px 8px; text-align: right; white-space: nowrap; }
th { background: #f0f0ee; }
td.t, th.t { text-align: left; white-space: normal; }
td.bad { color: #c0504d; font-weight: bold; }
p.remaining { background: #fff; border: 1px solid #ddd; border-radius: 8px; padding: 10px 16px; }
footer { margin-top: 28px; color: #999; font-size: 12px; }
"#;

/// Geometry of one chart.
struct Frame {
    w: f64,
    h: f64,
    left: f64,
    right: f64,
    top: f64,
    bottom: f64,
}

impl Frame {
    fn wide() -> Frame {
        Frame {
            w: 1000.0,
            h: 260.0,
            left: 60.0,
            right: 16.0,
            top: 14.0,
            bottom: 34.0,
        }
    }
    fn half() -> Frame {
        Frame {
            w: 500.0,
            h: 230.0,
            left: 46.0,
            right: 12.0,
            top: 14.0,
            bottom: 34.0,
        }
    }
    fn plot_w(&self) -> f64 {
        self.w - self.left - self.right
    }
    fn plot_h(&self) -> f64 {
        self.h - self.top - self.bottom
    }
    /// y pixel of `v` on a 0..=max axis.
    fn y(&self, v: f64, max: f64) -> f64 {
        let max = if max <= 0.0 { 1.0 } else { max };
        self.top + self.plot_h() * (1.0 - (v / max).clamp(0.0, 1.0))
    }
    /// Center x of slot `i` of `n`.
    fn x(&self, i: usize, n: usize) -> f64 {
        let slot = self.plot_w() / n.max(1) as f64;
        self.left + slot * (i as f64 + 0.5)
    }
    fn slot(&self, n: usize) -> f64 {
        self.plot_w() / n.max(1) as f64
    }
}

fn open_svg(out: &mut String, id: &str, f: &Frame, label: &str) {
    let _ = write!(
        out,
        r#"<svg id="{id}" viewBox="0 0 {} {}" role="img" aria-label="{}"><title>{}</title>"#,
        f.w,
        f.h,
        esc(label),
        esc(label)
    );
}

fn no_data(out: &mut String, f: &Frame, what: &str) {
    let _ = write!(
        out,
        r#"<text x="{}" y="{}" text-anchor="middle">{}</text>"#,
        f.w / 2.0,
        f.h / 2.0,
        esc(what)
    );
}

/// A round step so that `max / step` gives about `ticks` gridlines.
fn nice_step(max: f64, ticks: f64) -> f64 {
    let raw = (max / ticks).max(1e-9);
    let mag = 10f64.powf(raw.log10().floor());
    let norm = raw / mag;
    let nice = if norm <= 1.0 {
        1.0
    } else if norm <= 2.0 {
        2.0
    } else if norm <= 2.5 {
        2.5
    } else if norm <= 5.0 {
        5.0
    } else {
        10.0
    };
    nice * mag
}

/// Horizontal gridlines with labels from 0 to `max` every `step`.
fn y_grid(out: &mut String, f: &Frame, max: f64, step: f64, label: impl Fn(f64) -> String) {
    let mut v = 0.0;
    while v <= max + step * 1e-6 {
        let y = f.y(v, max);
        let _ = write!(
            out,
            r#"<line x1="{}" y1="{y:.1}" x2="{}" y2="{y:.1}" stroke="{C_GRID}" stroke-width="1"/><text x="{}" y="{:.1}" text-anchor="end">{}</text>"#,
            f.left,
            f.w - f.right,
            f.left - 6.0,
            y + 4.0,
            esc(&label(v))
        );
        v += step;
    }
    let _ = write!(
        out,
        r#"<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="{C_AXIS}" stroke-width="1"/>"#,
        f.left,
        f.h - f.bottom,
        f.w - f.right,
        f.h - f.bottom
    );
}

/// Episode numbers under the x axis, about one per 44 pixels, the last one always.
/// The shaded band of the target range `lo..=hi` across the plot (axis top `max`).
fn target_band(out: &mut String, f: &Frame, lo: f64, hi: f64, max: f64) {
    let (y1, y2) = (f.y(hi, max), f.y(lo, max));
    let _ = write!(
        out,
        r#"<rect x="{}" y="{y1:.1}" width="{}" height="{:.1}" fill="{C_BAND}"/>"#,
        f.left,
        f.plot_w(),
        (y2 - y1).max(0.0)
    );
}

/// A dashed rule across the plot at `y`, labelled (with a halo) at its right end at
/// `label_y`.
fn labelled_rule(out: &mut String, f: &Frame, y: f64, color: &str, label_y: f64, label: &str) {
    let _ = write!(
        out,
        r#"<line x1="{}" y1="{y:.1}" x2="{}" y2="{y:.1}" stroke="{color}" stroke-dasharray="5 4" stroke-width="1.2"/><text x="{}" y="{label_y:.1}" text-anchor="end" {HALO}>{}</text>"#,
        f.left,
        f.w - f.right,
        f.w - f.right - 4.0,
        esc(label)
    );
}

fn x_labels(out: &mut String, f: &Frame, episodes: &[u32]) {
    let n = episodes.len();
    if n == 0 {
        return;
    }
    let room = (f.plot_w() / 44.0).floor().max(2.0);
    let step = if n as f64 <= room {
        1
    } else {
        nice_step(n as f64, room).ceil().max(1.0) as usize
    };
    for (i, ep) in episodes.iter().enumerate() {
        let last = i + 1 == n;
        // A regular label too close to the last one gives way to it.
        let crowded = !last && (n - 1 - i) * 2 < step && step > 1;
        if (i % step != 0 && !last) || crowded {
            continue;
        }
        let _ = write!(
            out,
            r#"<text x="{:.1}" y="{}" text-anchor="middle">{ep}</text>"#,
            f.x(i, n),
            f.h - f.bottom + 16.0
        );
    }
    let _ = write!(
        out,
        r#"<text x="{}" y="{}" text-anchor="end">話</text>"#,
        f.w - f.right,
        f.h - 4.0
    );
}

fn legend(items: &[(&str, &str)]) -> String {
    let mut s = String::from(r#"<div class="legend">"#);
    for (color, label) in items {
        let _ = write!(
            s,
            r#"<span><i style="background:{color}"></i>{}</span>"#,
            esc(label)
        );
    }
    s.push_str("</div>");
    s
}

fn length_chart(r: &StatusReport) -> String {
    let f = Frame::wide();
    let rows = &r.episodes;
    let band = &r.project_overview.target_length;
    let mut out = String::new();
    open_svg(
        &mut out,
        "chart-length",
        &f,
        &format!(
            "話ごとの正味文字数と目標（{}〜{} 字）",
            fmt_thousands(band.min),
            fmt_thousands(band.max)
        ),
    );
    let top = rows
        .iter()
        .filter_map(|e| e.body_chars)
        .max()
        .unwrap_or(0)
        .max(band.max) as f64
        * 1.08;
    let step = nice_step(top, 5.0);
    let max = (top / step).ceil() * step;
    y_grid(&mut out, &f, max, step, |v| fmt_thousands(v as usize));
    target_band(&mut out, &f, band.min as f64, band.max as f64, max);
    if rows.is_empty() {
        no_data(&mut out, &f, "原稿がありません");
    }
    let n = rows.len();
    let bw = (f.slot(n) * 0.72).clamp(1.0, 56.0);
    for (i, e) in rows.iter().enumerate() {
        let Some(c) = e.body_chars else { continue };
        let color = match e.length_status.as_deref() {
            Some("short") => C_SHORT,
            Some("long") => C_LONG,
            _ => C_BAR,
        };
        let y = f.y(c as f64, max);
        let _ = write!(
            out,
            r#"<rect x="{:.2}" y="{y:.1}" width="{bw:.2}" height="{:.1}" fill="{color}"><title>{}</title></rect>"#,
            f.x(i, n) - bw / 2.0,
            (f.h - f.bottom - y).max(0.0),
            esc(&format!(
                "第{}話 {}: {} 字",
                e.episode,
                e.title,
                fmt_thousands(c)
            ))
        );
    }
    // The band's edges go over the bars, their labels with a light halo.
    for (v, name, dy) in [(band.min, "最小", 15.0), (band.max, "最大", -5.0)] {
        let y = f.y(v as f64, max);
        let label = format!("{name} {}", fmt_thousands(v));
        labelled_rule(&mut out, &f, y, C_OK, y + dy, &label);
    }
    x_labels(
        &mut out,
        &f,
        &rows.iter().map(|e| e.episode).collect::<Vec<_>>(),
    );
    out.push_str("</svg>");
    out
}

/// Attributes that give SVG text a white outline, readable over bars and lines.
const HALO: &str =
    r##"paint-order="stroke" stroke="#ffffff" stroke-width="3" stroke-linejoin="round""##;

/// A line chart of one value per episode on a fixed 0..=max axis, with an accepted band
/// (or a threshold line) and points coloured by whether they are inside it.
struct Series<'a> {
    id: &'a str,
    label: String,
    frame: Frame,
    max: f64,
    step: f64,
    percent: bool,
    color: &'a str,
    band: Option<(f64, f64)>,
    threshold: Option<f64>,
}

fn line_chart(
    s: &Series<'_>,
    rows: &[EpisodeRow],
    value: impl Fn(&EpisodeRow) -> Option<f64>,
) -> String {
    let f = &s.frame;
    let mut out = String::new();
    open_svg(&mut out, s.id, f, &s.label);
    let percent = s.percent;
    y_grid(&mut out, f, s.max, s.step, |v| {
        if percent {
            format!("{:.0}%", v * 100.0)
        } else {
            format!("{v:.0}")
        }
    });
    if let Some((lo, hi)) = s.band {
        target_band(&mut out, f, lo, hi, s.max);
    }
    if let Some(t) = s.threshold {
        let y = f.y(t, s.max);
        let label = format!("基準 {}", fmt_score(t));
        labelled_rule(&mut out, f, y, C_LONG, y - 4.0, &label);
    }
    let n = rows.len();
    let points: Vec<(usize, f64)> = rows
        .iter()
        .enumerate()
        .filter_map(|(i, e)| value(e).map(|v| (i, v)))
        .collect();
    if points.is_empty() {
        no_data(&mut out, f, "データがありません");
    }
    if points.len() > 1 {
        let path: Vec<String> = points
            .iter()
            .map(|(i, v)| format!("{:.1},{:.1}", f.x(*i, n), f.y(*v, s.max)))
            .collect();
        let _ = write!(
            out,
            r#"<polyline points="{}" fill="none" stroke="{}" stroke-width="1.6"/>"#,
            path.join(" "),
            s.color
        );
    }
    let r = if n > 100 { 1.6 } else { 3.2 };
    for (i, v) in &points {
        let outside = s.band.is_some_and(|(lo, hi)| *v < lo || *v > hi)
            || s.threshold.is_some_and(|t| *v < t);
        let color = if outside { C_LONG } else { s.color };
        let e = &rows[*i];
        let shown = if s.percent {
            format!("{:.1}%", v * 100.0)
        } else {
            fmt_score(*v)
        };
        let _ = write!(
            out,
            r#"<circle cx="{:.1}" cy="{:.1}" r="{r}" fill="{color}"><title>{}</title></circle>"#,
            f.x(*i, n),
            f.y(*v, s.max),
            esc(&format!("第{}話 {}: {shown}", e.episode, e.title))
        );
    }
    x_labels(
        &mut out,
        f,
        &rows.iter().map(|e| e.episode).collect::<Vec<_>>(),
    );
    out.push_str("</svg>");
    out
}

// Long on purpose: one sequential procedure whose steps share local state; left whole in
// the issue-17 pass, which moved code without changing it.
fn rhythm_charts(r: &StatusReport) -> (String, String, String) {
    let mut hist = String::new();
    let mut seq = String::new();
    let fh = Frame::half();
    let fs = Frame::half();
    let Some(rh) = &r.latest_rhythm else {
        open_svg(&mut hist, "chart-rhythm-histogram", &fh, "文の長さの分布");
        no_data(&mut hist, &fh, "確認できた原稿がありません");
        hist.push_str("</svg>");
        open_svg(&mut seq, "chart-rhythm-sequence", &fs, "文の長さの流れ");
        no_data(&mut seq, &fs, "確認できた原稿がありません");
        seq.push_str("</svg>");
        return (hist, seq, String::new());
    };
    let color_of = |len: usize| {
        if len <= rh.short_max {
            C_SHORT
        } else if len >= rh.long_min {
            C_LONG
        } else {
            C_BAR
        }
    };
    // Histogram: bins of 5 characters, the last one open (100+).
    const BIN: usize = 5;
    const BINS: usize = 21;
    let mut counts = [0usize; BINS];
    for &l in &rh.lengths {
        counts[(l / BIN).min(BINS - 1)] += 1;
    }
    open_svg(
        &mut hist,
        "chart-rhythm-histogram",
        &fh,
        &format!("第{}話の文の長さの分布", rh.episode),
    );
    let top = counts.iter().copied().max().unwrap_or(0).max(1) as f64;
    let step = nice_step(top, 4.0).max(1.0);
    let max = (top / step).ceil() * step;
    y_grid(&mut hist, &fh, max, step, |v| format!("{v:.0}"));
    if rh.lengths.is_empty() {
        no_data(&mut hist, &fh, "文がありません");
    }
    let bw = fh.slot(BINS) * 0.86;
    for (i, &c) in counts.iter().enumerate() {
        let y = fh.y(c as f64, max);
        let lo = i * BIN;
        let label = if i + 1 == BINS {
            format!("{lo} 字以上: {c} 文")
        } else {
            format!("{lo}〜{} 字: {c} 文", lo + BIN - 1)
        };
        let _ = write!(
            hist,
            r#"<rect x="{:.1}" y="{y:.1}" width="{bw:.1}" height="{:.1}" fill="{}"><title>{}</title></rect>"#,
            fh.x(i, BINS) - bw / 2.0,
            (fh.h - fh.bottom - y).max(0.0),
            color_of(lo + BIN / 2),
            esc(&label)
        );
        if i % 2 == 0 {
            let _ = write!(
                hist,
                r#"<text x="{:.1}" y="{}" text-anchor="middle">{}</text>"#,
                fh.x(i, BINS) - fh.slot(BINS) / 2.0,
                fh.h - fh.bottom + 16.0,
                lo
            );
        }
    }
    let _ = write!(
        hist,
        r#"<text x="{}" y="{}" text-anchor="end">字</text>"#,
        fh.w - fh.right,
        fh.h - 4.0
    );
    hist.push_str("</svg>");

    // Sequence: one bar per sentence in reading order.
    open_svg(
        &mut seq,
        "chart-rhythm-sequence",
        &fs,
        &format!("第{}話の文の長さの流れ", rh.episode),
    );
    let top = rh
        .lengths
        .iter()
        .copied()
        .max()
        .unwrap_or(0)
        .max(rh.long_min) as f64
        * 1.05;
    let step = nice_step(top, 4.0);
    let max = (top / step).ceil() * step;
    y_grid(&mut seq, &fs, max, step, |v| format!("{v:.0}"));
    let n = rh.lengths.len();
    if n == 0 {
        no_data(&mut seq, &fs, "文がありません");
    }
    let bw = (fs.slot(n) * 0.8).max(0.6);
    for (i, &l) in rh.lengths.iter().enumerate() {
        let y = fs.y(l as f64, max);
        let _ = write!(
            seq,
            r#"<rect x="{:.2}" y="{y:.1}" width="{bw:.2}" height="{:.1}" fill="{}"/>"#,
            fs.x(i, n) - bw / 2.0,
            (fs.h - fs.bottom - y).max(0.0),
            color_of(l)
        );
    }
    for (v, c) in [(rh.short_max, C_SHORT), (rh.long_min, C_LONG)] {
        let y = fs.y(v as f64, max);
        let _ = write!(
            seq,
            r#"<line x1="{}" y1="{y:.1}" x2="{}" y2="{y:.1}" stroke="{c}" stroke-dasharray="4 4" stroke-width="1.2"/>"#,
            fs.left,
            fs.w - fs.right
        );
    }
    let _ = write!(
        seq,
        r#"<text x="{}" y="{}" text-anchor="start">冒頭</text><text x="{}" y="{}" text-anchor="end">結末（{n} 文）</text>"#,
        fs.left,
        fs.h - fs.bottom + 16.0,
        fs.w - fs.right,
        fs.h - fs.bottom + 16.0
    );
    seq.push_str("</svg>");

    let mut sorted = rh.lengths.clone();
    sorted.sort_unstable();
    let median = crate::analysis::metrics::percentile(&sorted, 0.5);
    let mean = if n == 0 {
        0.0
    } else {
        sorted.iter().sum::<usize>() as f64 / n as f64
    };
    let caption = format!(
        "第{}話「{}」の{}文 {} 文：中央値 {:.0} 字、平均 {:.1} 字。短い文（{} 字以下）と長い文（{} 字以上）が交互に来るほど、読むリズムが生まれます。",
        rh.episode,
        rh.title,
        if rh.narration_only { "地の" } else { "" },
        n,
        median,
        mean,
        rh.short_max,
        rh.long_min
    );
    (hist, seq, caption)
}

fn card(k: &str, v: &str, small: &str) -> String {
    format!(
        r#"<div class="card"><div class="k">{}</div><div class="v">{}<small>{}</small></div></div>"#,
        esc(k),
        esc(v),
        esc(small)
    )
}

/// The whole report page. `generated_by` is shown in the footer (e.g. `noveler 0.1.0`).
// Long on purpose: one sequential procedure whose steps share local state; left whole in
// the issue-17 pass, which moved code without changing it.
pub fn render(r: &StatusReport, generated_by: &str) -> String {
    let o = &r.project_overview;
    let q = &r.quality_summary;
    let p = &r.progress_analysis;
    let mut h = String::with_capacity(64 * 1024 + r.episodes.len() * 1024);
    let _ = write!(
        h,
        "<!DOCTYPE html>\n<html lang=\"ja\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>{} — 執筆状況</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<main>\n",
        esc(&o.project_name)
    );
    let genre = o
        .genre
        .as_deref()
        .map(|g| format!("{g} ・ "))
        .unwrap_or_default();
    let _ = write!(
        h,
        "<h1>{}</h1>\n<p class=\"sub\">{}目標 {}〜{} 字/話</p>\n",
        esc(&o.project_name),
        esc(&genre),
        fmt_thousands(o.target_length.min),
        fmt_thousands(o.target_length.max)
    );
    h.push_str("<div class=\"cards\">");
    h.push_str(&card(
        "話数",
        &o.total_episodes.to_string(),
        &format!(
            " 話（完了 {} / 下書き {}）",
            o.completed_episodes, o.draft_episodes
        ),
    ));
    h.push_str(&card(
        "完了率",
        &format!("{:.0}", p.completion_rate * 100.0),
        " %",
    ));
    h.push_str(&card("総文字数", &fmt_thousands(o.total_body_chars), " 字"));
    h.push_str(&card(
        "平均品質スコア",
        &q.average_quality_score
            .map(fmt_score)
            .unwrap_or_else(|| "-".into()),
        &match (q.lowest_score, q.highest_score) {
            (Some(lo), Some(hi)) => format!(" 点（{}〜{}）", fmt_score(lo), fmt_score(hi)),
            _ => String::new(),
        },
    ));
    h.push_str(&card(
        &format!("{} 点未満", fmt_score(q.threshold)),
        &q.episodes_below_threshold.len().to_string(),
        " 話",
    ));
    h.push_str("</div>\n");
    let _ = writeln!(
        h,
        "<p class=\"remaining\">残りの作業: {}</p>",
        esc(&p.estimated_remaining_work)
    );

    h.push_str("<h2>文字数</h2>\n<figure>");
    let _ = write!(
        h,
        "<figcaption>話ごとの正味文字数。緑の帯が目標（{}〜{} 字）。</figcaption>",
        fmt_thousands(o.target_length.min),
        fmt_thousands(o.target_length.max)
    );
    h.push_str(&length_chart(r));
    h.push_str(&legend(&[
        (C_BAR, "目標内"),
        (C_SHORT, "不足"),
        (C_LONG, "超過"),
        (C_BAND, "目標の帯"),
    ]));
    h.push_str("</figure>\n");

    h.push_str("<h2>品質スコア</h2>\n<figure><figcaption>話ごとの総合スコア（noveler check）。赤い点線が基準。</figcaption>");
    h.push_str(&line_chart(
        &Series {
            id: "chart-score",
            label: "話ごとの品質スコア".into(),
            frame: Frame::wide(),
            max: 100.0,
            step: 25.0,
            percent: false,
            color: C_BAR,
            band: None,
            threshold: Some(q.threshold),
        },
        &r.episodes,
        |e| e.score,
    ));
    h.push_str("</figure>\n");

    h.push_str("<h2>漢字と会話の割合</h2>\n<div class=\"pair\">");
    let (klo, khi) = r.bands.kanji;
    let (dlo, dhi) = r.bands.dialogue;
    let _ = write!(
        h,
        "<figure><figcaption>漢字の割合（帯: {:.0}〜{:.0}%）</figcaption>",
        klo * 100.0,
        khi * 100.0
    );
    h.push_str(&line_chart(
        &Series {
            id: "chart-kanji",
            label: "話ごとの漢字の割合".into(),
            frame: Frame::half(),
            max: 0.6,
            step: 0.1,
            percent: true,
            color: C_KANJI,
            band: Some((klo, khi)),
            threshold: None,
        },
        &r.episodes,
        |e| e.kanji_ratio,
    ));
    let _ = write!(
        h,
        "</figure><figure><figcaption>会話の段落の割合（帯: {:.0}〜{:.0}%）</figcaption>",
        dlo * 100.0,
        dhi * 100.0
    );
    h.push_str(&line_chart(
        &Series {
            id: "chart-dialogue",
            label: "話ごとの会話の割合".into(),
            frame: Frame::half(),
            max: 1.0,
            step: 0.25,
            percent: true,
            color: C_DIALOGUE,
            band: Some((dlo, dhi)),
            threshold: None,
        },
        &r.episodes,
        |e| e.dialogue_ratio,
    ));
    h.push_str("</figure></div>\n");

    let (hist, seq, caption) = rhythm_charts(r);
    h.push_str("<h2>リズム（最新話の文の長さ）</h2>\n");
    if !caption.is_empty() {
        let _ = writeln!(h, "<p class=\"sub\">{}</p>", esc(&caption));
    }
    h.push_str("<div class=\"pair\"><figure><figcaption>文の長さの分布（5 字刻み）</figcaption>");
    h.push_str(&hist);
    h.push_str("</figure><figure><figcaption>文の長さの流れ（冒頭から結末まで）</figcaption>");
    h.push_str(&seq);
    h.push_str("</figure></div>\n");
    if let Some(rh) = &r.latest_rhythm {
        h.push_str(&legend(&[
            (C_SHORT, &format!("短い文（{} 字以下）", rh.short_max)),
            (C_BAR, "中くらいの文"),
            (C_LONG, &format!("長い文（{} 字以上）", rh.long_min)),
        ]));
    }

    h.push_str("<h2>話の一覧</h2>\n<table>\n<thead><tr><th>話</th><th class=\"t\">タイトル</th><th>文字数</th><th>漢字</th><th>会話</th><th>スコア</th><th>指摘</th><th class=\"t\">状態</th></tr></thead>\n<tbody>\n");
    for e in &r.episodes {
        let len_bad = matches!(e.length_status.as_deref(), Some("short") | Some("long"));
        let score_bad = e.score.is_some_and(|s| s < q.threshold);
        let status = if let Some(err) = &e.error {
            format!("読めません: {err}")
        } else if e.status == "completed" {
            match &e.completed_on {
                Some(d) => format!("完了（{d}）"),
                None => "完了".into(),
            }
        } else {
            "下書き".into()
        };
        let pct = |x: Option<f64>| {
            x.map(|v| format!("{:.1}%", v * 100.0))
                .unwrap_or_else(|| "-".into())
        };
        let _ = writeln!(
            h,
            "<tr><td>{}</td><td class=\"t\">{}</td><td{}>{}</td><td>{}</td><td>{}</td><td{}>{}</td><td>{}</td><td class=\"t\">{}</td></tr>",
            e.episode,
            esc(&e.title),
            if len_bad { " class=\"bad\"" } else { "" },
            e.body_chars.map(fmt_thousands).unwrap_or_else(|| "-".into()),
            pct(e.kanji_ratio),
            pct(e.dialogue_ratio),
            if score_bad { " class=\"bad\"" } else { "" },
            e.score.map(fmt_score).unwrap_or_else(|| "-".into()),
            e.findings.map(|n| n.to_string()).unwrap_or_else(|| "-".into()),
            esc(&status)
        );
    }
    h.push_str("</tbody>\n</table>\n");

    if !p.recent_activity.is_empty() {
        h.push_str("<h2>最近の動き</h2>\n<table>\n<tbody>\n");
        for a in &p.recent_activity {
            let _ = writeln!(
                h,
                "<tr><td class=\"t\">{}</td><td class=\"t\">{}</td></tr>",
                esc(&local_time(&a.at)),
                esc(&a.description)
            );
        }
        h.push_str("</tbody>\n</table>\n");
    }
    let _ = write!(
        h,
        "<footer>{} が作成（正味文字数・スコアは noveler check の決定的な計測です）</footer>\n</main>\n</body>\n</html>\n",
        esc(generated_by)
    );
    h
}

/// A recorded time as the author reads it: RFC 3339 times (stored in UTC) in the machine's
/// local time zone, `YYYY-MM-DD HH:MM`; a bare date or anything else as recorded.
pub fn local_time(at: &str) -> String {
    in_zone(at, &chrono::Local)
}

fn in_zone<Tz: chrono::TimeZone>(at: &str, tz: &Tz) -> String
where
    Tz::Offset: std::fmt::Display,
{
    match chrono::DateTime::parse_from_rfc3339(at) {
        Ok(t) => t.with_timezone(tz).format("%Y-%m-%d %H:%M").to_string(),
        Err(_) => at.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_are_shown_in_the_local_zone() {
        let jst = chrono::FixedOffset::east_opt(9 * 3600).unwrap();
        assert_eq!(in_zone("2025-01-03T20:30:00Z", &jst), "2025-01-04 05:30");
        assert_eq!(in_zone("2025-01-03", &jst), "2025-01-03");
    }

    #[test]
    fn escapes_markup() {
        assert_eq!(
            esc(r#"<a href="x">&'"#),
            "&lt;a href=&quot;x&quot;&gt;&amp;&#39;"
        );
    }

    #[test]
    fn nice_steps() {
        assert_eq!(nice_step(10000.0, 5.0), 2000.0);
        assert_eq!(nice_step(9.0, 4.0), 2.5);
        assert_eq!(nice_step(1.0, 4.0), 0.25);
        assert_eq!(nice_step(500.0, 20.0), 25.0);
    }
}
