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
//! Parts: `svg` (the chart frame, axes, grid, legend), `charts` (length, line and rhythm
//! charts).
//!
//! `tests/publish.rs` checks the structure automatically: the document is balanced, every
//! chart is there, and there is no `<script>` and no external reference.

use crate::commands::common::{fmt_score, fmt_thousands};
use crate::commands::status::{EpisodeRow, EpisodeState, LengthStatus, StatusReport};
use std::fmt::Write as _;

mod charts;
mod svg;

use charts::*;
use svg::*;

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
pub(crate) fn esc(s: &str) -> String {
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
.tablewrap { overflow-x: auto; }
@media (max-width: 640px) {
  main { padding: 14px 10px 32px; }
  h1 { font-size: 21px; }
  .pair { grid-template-columns: 1fr; }
  figure { padding: 6px 6px 4px; }
  .card { min-width: 0; flex: 1 1 40%; }
  /* The charts shrink to the screen; their labels grow in chart units to stay legible. */
  svg.wide text { font-size: 26px; }
  svg.half text { font-size: 17px; }
}
"#;

fn card(k: &str, v: &str, small: &str) -> String {
    format!(
        r#"<div class="card"><div class="k">{}</div><div class="v">{}<small>{}</small></div></div>"#,
        esc(k),
        esc(v),
        esc(small)
    )
}

/// The whole report page. `generated_by` is shown in the footer (e.g. `noveler 0.1.0`).
/// The sections in document order, one function each: reading this function is reading
/// the page's outline.
pub fn render(r: &StatusReport, generated_by: &str) -> String {
    let o = &r.project_overview;
    let mut h = String::with_capacity(64 * 1024 + r.episodes.len() * 1024);
    let _ = write!(
        h,
        "<!DOCTYPE html>\n<html lang=\"ja\">\n<head>\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>{} — 執筆状況</title>\n<style>{STYLE}</style>\n</head>\n<body>\n<main>\n",
        esc(&o.project_name)
    );
    cards(&mut h, r);
    length_section(&mut h, r);
    score_section(&mut h, r);
    ratio_section(&mut h, r);
    rhythm_section(&mut h, r);
    episode_table(&mut h, r);
    recent_activity(&mut h, r);
    let _ = write!(
        h,
        "<footer>{} が作成（正味文字数・スコアは noveler check の決定的な計測です）</footer>\n</main>\n</body>\n</html>\n",
        esc(generated_by)
    );
    h
}

/// The title, the figures at a glance and the work left.
fn cards(h: &mut String, r: &StatusReport) {
    let o = &r.project_overview;
    let q = &r.quality_summary;
    let p = &r.progress_analysis;
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
}

/// Length per episode against the target band.
fn length_section(h: &mut String, r: &StatusReport) {
    let o = &r.project_overview;
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
}

/// Overall score per episode against the threshold.
fn score_section(h: &mut String, r: &StatusReport) {
    let q = &r.quality_summary;
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
}

/// Kanji and dialogue ratios per episode against their bands.
fn ratio_section(h: &mut String, r: &StatusReport) {
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
}

/// The sentence lengths of the episode being worked on: distribution and sequence.
fn rhythm_section(h: &mut String, r: &StatusReport) {
    let (hist, seq, caption) = rhythm_charts(r);
    let which = r
        .latest_rhythm
        .as_ref()
        .map_or("最新話", |rh| rh.chosen_by.as_str());
    let _ = writeln!(h, "<h2>リズム（{}の文の長さ）</h2>", esc(which));
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
}

/// One row per episode.
fn episode_table(h: &mut String, r: &StatusReport) {
    let q = &r.quality_summary;
    h.push_str("<h2>話の一覧</h2>\n<div class=\"tablewrap\"><table>\n<thead><tr><th>話</th><th class=\"t\">タイトル</th><th>文字数</th><th>漢字</th><th>会話</th><th>スコア</th><th>指摘</th><th class=\"t\">状態</th></tr></thead>\n<tbody>\n");
    for e in &r.episodes {
        let len_bad = matches!(
            e.length_status,
            Some(LengthStatus::Short | LengthStatus::Long)
        );
        let score_bad = e.score.is_some_and(|s| s < q.threshold);
        let status = if let Some(err) = &e.error {
            format!("読めません: {err}")
        } else if e.status == EpisodeState::Completed {
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
    h.push_str("</tbody>\n</table></div>\n");
}

/// Sessions, checks, backups and completions, newest first.
fn recent_activity(h: &mut String, r: &StatusReport) {
    let p = &r.progress_analysis;
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
}

/// A recorded time as the author reads it: RFC 3339 times (stored in UTC) in the machine's
/// local time zone, `YYYY-MM-DD HH:MM`; a bare date or anything else as recorded.
pub(crate) fn local_time(at: &str) -> String {
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
