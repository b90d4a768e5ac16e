//! `noveler status` as text: a summary and one table row per episode, at most 80 columns
//! wide. Widths are display widths (`unicode-width`: a kanji is two columns), so Japanese
//! titles line up; a title too long for its column is cut with `…`.

use crate::commands::common::{fmt_score, fmt_thousands};
use crate::commands::status::{EpisodeRow, EpisodeState, LengthStatus, StatusReport};
use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

/// The widest line the table may print.
pub const MAX_WIDTH: usize = 80;

/// Display width of `s`.
pub fn width(s: &str) -> usize {
    UnicodeWidthStr::width(s)
}

/// `s` cut to at most `w` columns, ending in `…` when cut.
pub fn truncate(s: &str, w: usize) -> String {
    if width(s) <= w {
        return s.to_string();
    }
    let mut out = String::new();
    let mut used = 0;
    let ell = width("…");
    for c in s.chars() {
        let cw = UnicodeWidthChar::width(c).unwrap_or(0);
        if used + cw + ell > w {
            break;
        }
        out.push(c);
        used += cw;
    }
    out.push('…');
    out
}

/// `s` padded with spaces on the right to `w` columns (cut first when wider).
pub(crate) fn pad_right(s: &str, w: usize) -> String {
    let s = truncate(s, w);
    let n = w.saturating_sub(width(&s));
    format!("{s}{}", " ".repeat(n))
}

/// `s` padded with spaces on the left to `w` columns.
pub(crate) fn pad_left(s: &str, w: usize) -> String {
    let s = truncate(s, w);
    let n = w.saturating_sub(width(&s));
    format!("{}{s}", " ".repeat(n))
}

/// Column widths: 話, タイトル, 文字数, 目標, 漢字, 会話, 点数, 状態 (two spaces between).
const W_EP: usize = 4;
const W_CHARS: usize = 6;
const W_TARGET: usize = 4;
const W_RATIO: usize = 4;
const W_SCORE: usize = 5;
const W_STATUS: usize = 6;
const GAP: &str = "  ";

fn title_width() -> usize {
    // One column to spare: some terminals wrap a line that fills the last column.
    MAX_WIDTH - 1 - (W_EP + W_CHARS + W_TARGET + 2 * W_RATIO + W_SCORE + W_STATUS) - 7 * GAP.len()
}

fn pct(x: Option<f64>) -> String {
    x.map(|v| format!("{:.0}%", v * 100.0))
        .unwrap_or_else(|| "-".into())
}

fn row_cells(r: &EpisodeRow) -> [String; 8] {
    [
        pad_left(&r.episode.to_string(), W_EP),
        pad_right(&r.title, title_width()),
        pad_left(
            &r.body_chars
                .map(fmt_thousands)
                .unwrap_or_else(|| "-".into()),
            W_CHARS,
        ),
        pad_right(
            match r.length_status {
                Some(LengthStatus::Short) => "不足",
                Some(LengthStatus::Long) => "超過",
                Some(LengthStatus::InRange) => "ok",
                None => "-",
            },
            W_TARGET,
        ),
        pad_left(&pct(r.kanji_ratio), W_RATIO),
        pad_left(&pct(r.dialogue_ratio), W_RATIO),
        pad_left(
            &r.score.map(fmt_score).unwrap_or_else(|| "-".into()),
            W_SCORE,
        ),
        pad_right(
            if r.error.is_some() {
                "読めず"
            } else if r.status == EpisodeState::Completed {
                "完了"
            } else {
                "下書き"
            },
            W_STATUS,
        ),
    ]
}

fn line(cells: &[String]) -> String {
    cells.join(GAP).trim_end().to_string()
}

/// The whole text rendering.
pub(crate) fn status_text(r: &StatusReport) -> String {
    let o = &r.project_overview;
    let q = &r.quality_summary;
    let p = &r.progress_analysis;
    let mut s = String::new();
    let genre = o
        .genre
        .as_ref()
        .map(|g| format!("（{g}）"))
        .unwrap_or_default();
    s.push_str(&truncate(
        &format!("{}{genre}", o.project_name),
        MAX_WIDTH - 1,
    ));
    s.push('\n');
    s.push_str(&format!(
        "{} 話（完了 {} / 下書き {}）  完了率 {:.0}%  計 {} 字  目標 {}〜{} 字/話\n",
        o.total_episodes,
        o.completed_episodes,
        o.draft_episodes,
        p.completion_rate * 100.0,
        fmt_thousands(o.total_body_chars),
        fmt_thousands(o.target_length.min),
        fmt_thousands(o.target_length.max),
    ));
    match (q.average_quality_score, q.highest_score, q.lowest_score) {
        (Some(avg), Some(hi), Some(lo)) => s.push_str(&format!(
            "品質スコア 平均 {}（最高 {} / 最低 {}）  {} 点未満 {} 話\n",
            fmt_score(avg),
            fmt_score(hi),
            fmt_score(lo),
            fmt_score(q.threshold),
            q.episodes_below_threshold.len()
        )),
        _ => s.push_str("品質スコア -（確認できた原稿がありません）\n"),
    }
    if !r.episodes.is_empty() {
        s.push('\n');
        let header = [
            pad_left("話", W_EP),
            pad_right("タイトル", title_width()),
            pad_left("文字数", W_CHARS),
            pad_right("目標", W_TARGET),
            pad_left("漢字", W_RATIO),
            pad_left("会話", W_RATIO),
            pad_left("点数", W_SCORE),
            pad_right("状態", W_STATUS),
        ];
        let head = line(&header);
        s.push_str(&head);
        s.push('\n');
        // ASCII rule: box-drawing characters are double width in some CJK terminals.
        s.push_str(&"-".repeat(width(&head)));
        s.push('\n');
        for row in &r.episodes {
            s.push_str(&line(&row_cells(row)));
            s.push('\n');
        }
    }
    s.push('\n');
    s.push_str(&wrap(
        &format!("残りの作業: {}", p.estimated_remaining_work),
        MAX_WIDTH - 1,
    ));
    if !p.recent_activity.is_empty() {
        s.push_str("最近の動き:\n");
        for a in p.recent_activity.iter().take(5) {
            let day: String = super::report_html::local_time(&a.at)
                .chars()
                .take(10)
                .collect();
            s.push_str(&truncate(
                &format!("  {day}  {}", a.description),
                MAX_WIDTH - 1,
            ));
            s.push('\n');
        }
    }
    let errors: Vec<&EpisodeRow> = r.episodes.iter().filter(|e| e.error.is_some()).collect();
    if !errors.is_empty() {
        s.push_str("確認できなかった原稿:\n");
        for e in errors {
            s.push_str(&wrap(
                &format!("  {}: {}", e.path, e.error.as_deref().unwrap_or_default()),
                MAX_WIDTH - 1,
            ));
        }
    }
    for w in &r.warnings {
        s.push_str(&wrap(&format!("注意: {w}"), MAX_WIDTH - 1));
    }
    if !r.next_actions.is_empty() {
        s.push_str("次の一手:\n");
        for a in &r.next_actions {
            s.push_str(&wrap(
                &format!("  - {}", super::hint::to_cli(a)),
                MAX_WIDTH - 1,
            ));
        }
    }
    s
}

/// `text` broken into lines of at most `w` columns (continuations indented by four).
fn wrap(text: &str, w: usize) -> String {
    let mut out = String::new();
    let mut current = String::new();
    let mut used = 0;
    for c in text.chars() {
        let cw = UnicodeWidthChar::width(c).unwrap_or(0);
        if used + cw > w {
            out.push_str(current.trim_end());
            out.push('\n');
            current = "    ".to_string();
            used = 4;
        }
        current.push(c);
        used += cw;
    }
    out.push_str(current.trim_end());
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn truncation_and_padding_count_columns() {
        assert_eq!(width("潮墨の見習い"), 12);
        assert_eq!(truncate("潮墨の見習い", 12), "潮墨の見習い");
        let t = truncate("潮墨の見習い", 9);
        assert!(width(&t) <= 9, "{t}");
        assert!(t.ends_with('…'));
        assert_eq!(width(&pad_right("潮墨", 10)), 10);
        assert_eq!(width(&pad_left("12", 6)), 6);
        assert_eq!(width(&pad_right("とても長いタイトルです", 7)), 7);
    }

    #[test]
    fn wrap_keeps_lines_narrow() {
        let text = "残りの作業: ".to_string() + &"下書きの推敲、".repeat(20);
        for l in wrap(&text, 79).lines() {
            assert!(width(l) <= 79, "{l}");
        }
    }
}
