//! The charts: length per episode, the line charts (score, kanji, dialogue) and the
//! rhythm of the latest episode.

use super::*;
use crate::commands::status::LatestRhythm;

pub(super) fn length_chart(r: &StatusReport) -> String {
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
        let color = match e.length_status {
            Some(LengthStatus::Short) => C_SHORT,
            Some(LengthStatus::Long) => C_LONG,
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
pub(super) const HALO: &str =
    r##"paint-order="stroke" stroke="#ffffff" stroke-width="3" stroke-linejoin="round""##;

/// A line chart of one value per episode on a fixed 0..=max axis, with an accepted band
/// (or a threshold line) and points coloured by whether they are inside it.
pub(super) struct Series<'a> {
    pub(super) id: &'a str,
    pub(super) label: String,
    pub(super) frame: Frame,
    pub(super) max: f64,
    pub(super) step: f64,
    pub(super) percent: bool,
    pub(super) color: &'a str,
    pub(super) band: Option<(f64, f64)>,
    pub(super) threshold: Option<f64>,
}

pub(super) fn line_chart(
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

/// The two rhythm charts of the latest episode (histogram, sequence) and the caption that
/// describes both; they share the short/long thresholds and colours (`rhythm_color`).
pub(super) fn rhythm_charts(r: &StatusReport) -> (String, String, String) {
    let Some(rh) = &r.latest_rhythm else {
        let mut hist = String::new();
        let mut seq = String::new();
        let fh = Frame::half();
        let fs = Frame::half();
        open_svg(&mut hist, "chart-rhythm-histogram", &fh, "文の長さの分布");
        no_data(&mut hist, &fh, "確認できた原稿がありません");
        hist.push_str("</svg>");
        open_svg(&mut seq, "chart-rhythm-sequence", &fs, "文の長さの流れ");
        no_data(&mut seq, &fs, "確認できた原稿がありません");
        seq.push_str("</svg>");
        return (hist, seq, String::new());
    };
    (
        rhythm_histogram(rh),
        rhythm_sequence(rh),
        rhythm_caption(rh),
    )
}

/// A sentence's colour: short, middle or long.
fn rhythm_color(rh: &LatestRhythm, len: usize) -> &'static str {
    if len <= rh.short_max {
        C_SHORT
    } else if len >= rh.long_min {
        C_LONG
    } else {
        C_BAR
    }
}

fn rhythm_histogram(rh: &LatestRhythm) -> String {
    let mut hist = String::new();
    let fh = Frame::half();
    let color_of = |len: usize| rhythm_color(rh, len);
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
    hist
}

fn rhythm_sequence(rh: &LatestRhythm) -> String {
    let mut seq = String::new();
    let fs = Frame::half();
    let color_of = |len: usize| rhythm_color(rh, len);
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
    seq
}

fn rhythm_caption(rh: &LatestRhythm) -> String {
    let n = rh.lengths.len();
    let mut sorted = rh.lengths.clone();
    sorted.sort_unstable();
    let median = crate::analysis::metrics::percentile(&sorted, 0.5);
    let mean = if n == 0 {
        0.0
    } else {
        sorted.iter().sum::<usize>() as f64 / n as f64
    };
    format!(
        "第{}話「{}」の{}文 {} 文：中央値 {:.0} 字、平均 {:.1} 字。短い文（{} 字以下）と長い文（{} 字以上）が交互に来るほど、読むリズムが生まれます。",
        rh.episode,
        rh.title,
        if rh.narration_only { "地の" } else { "" },
        n,
        median,
        mean,
        rh.short_max,
        rh.long_min
    )
}
