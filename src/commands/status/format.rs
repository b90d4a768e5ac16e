//! Number formatting and the remaining-work sentence of the status report.

use super::*;

pub(super) fn round1(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

pub(super) fn describe_remaining(r: &RemainingWork, total: usize, threshold: f64) -> String {
    if total == 0 && r.planned_without_manuscript.is_empty() {
        return "まだ原稿がありません。第1話の執筆から始めましょう".into();
    }
    let mut parts = Vec::new();
    if r.draft_episodes > 0 {
        parts.push(format!("下書き {} 話の推敲と完了処理", r.draft_episodes));
    }
    if r.too_short > 0 {
        parts.push(format!(
            "目標文字数に届かない {} 話の加筆（あと計 {} 字）",
            r.too_short,
            fmt_thousands(r.chars_to_target)
        ));
    }
    if r.too_long > 0 {
        parts.push(format!("目標文字数を超える {} 話の調整", r.too_long));
    }
    if r.below_threshold > 0 {
        parts.push(format!(
            "品質スコア {} 点未満の {} 話の改善",
            fmt_score(threshold),
            r.below_threshold
        ));
    }
    if !r.planned_without_manuscript.is_empty() {
        let shown: Vec<String> = r
            .planned_without_manuscript
            .iter()
            .take(5)
            .map(|n| format!("第{n}話"))
            .collect();
        let more = if r.planned_without_manuscript.len() > 5 {
            "ほか"
        } else {
            ""
        };
        parts.push(format!(
            "プロットのみの {} 話（{}{more}）の執筆",
            r.planned_without_manuscript.len(),
            shown.join("・")
        ));
    }
    if parts.is_empty() {
        format!("残りの作業はありません（全 {total} 話が完了済み）")
    } else {
        parts.join("、")
    }
}

/// Episode numbers that have a plot file (`20_プロット/話別プロット/` and `20_プロット/`).
pub(super) fn planned_episodes(project: &Project) -> BTreeSet<u32> {
    let mut out = BTreeSet::new();
    let plot = project.plot_dir();
    for dir in [plot.join("話別プロット"), plot.clone()] {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for e in entries.flatten() {
            let path = e.path();
            let ext_ok = matches!(
                path.extension().and_then(|x| x.to_str()),
                Some("yaml" | "yml" | "md")
            );
            if !ext_ok || !path.is_file() {
                continue;
            }
            let Some(stem) = path.file_stem().and_then(|s| s.to_str()) else {
                continue;
            };
            let n = episode_number_of(stem).or_else(|| {
                let digits: String = stem
                    .strip_prefix("ep")?
                    .chars()
                    .take_while(char::is_ascii_digit)
                    .collect();
                digits.parse().ok()
            });
            if let Some(n) = n.filter(|n| *n > 0) {
                out.insert(n);
            }
        }
    }
    out
}
