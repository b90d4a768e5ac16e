//! Steps 5 (plot consistency) and 8 (foreshadowing): the episode plot's `key_events`,
//! scenes and title, and the `foreshadowing` items of every episode plot, looked for in the
//! text (`common::find_phrase`: exact, normalised, partial or missing).

use super::common::{
    find_phrase, issue_whole, match_label, yaml_field, yaml_scalar, MatchKind, Measured,
    Normalised, StepContext,
};
use crate::analysis::Severity;
use serde::{Deserialize, Serialize};
use serde_yaml::Value;

/// A foreshadowing item of a plot.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Foreshadow {
    pub id: Option<String>,
    pub item: String,
    pub planted_in: Option<u32>,
    pub recovered_in: Option<u32>,
    /// The plot file it was read from (relative to the project root).
    pub source: String,
}

/// What the steps read from an episode plot.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct PlotInfo {
    /// Relative to the project root.
    pub path: String,
    pub title: Option<String>,
    pub key_events: Vec<String>,
    /// Scene titles (or summaries when untitled).
    pub scenes: Vec<String>,
    pub foreshadowing: Vec<Foreshadow>,
    pub hook_plan: Option<HookPlanData>,
    pub conflict: Option<String>,
    pub resolution: Option<String>,
}

/// `hook_plan` of a plot.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct HookPlanData {
    pub minor_peak_pct: Option<f64>,
    pub mini_hook_pct: Option<f64>,
    pub main_hook: Option<String>,
}

fn episode_number(v: Option<&Value>) -> Option<u32> {
    match v? {
        Value::Number(n) => n.as_u64().and_then(|n| u32::try_from(n).ok()),
        Value::String(s) => {
            let digits: String = s.chars().filter(char::is_ascii_digit).collect();
            digits.parse().ok()
        }
        _ => None,
    }
}

/// Parses an episode plot document read from `path` (relative to the root).
pub(crate) fn parse_plot(doc: &Value, path: &str) -> PlotInfo {
    let key_events = yaml_field(doc, &["key_events", "重要イベント", "主要イベント"])
        .and_then(Value::as_sequence)
        .map(|xs| {
            xs.iter()
                .filter_map(|x| {
                    yaml_scalar(x).or_else(|| {
                        yaml_field(x, &["event", "name", "内容", "イベント", "title"])
                            .and_then(yaml_scalar)
                    })
                })
                .collect()
        })
        .unwrap_or_default();
    let scenes = yaml_field(doc, &["scenes", "シーン", "場面"])
        .and_then(Value::as_sequence)
        .map(|xs| {
            xs.iter()
                .filter_map(|x| {
                    yaml_scalar(x).or_else(|| {
                        yaml_field(x, &["title", "タイトル", "summary", "概要"])
                            .and_then(yaml_scalar)
                    })
                })
                .collect()
        })
        .unwrap_or_default();
    let foreshadowing = parse_foreshadowing(doc, path);
    let hook_plan = yaml_field(doc, &["hook_plan", "フック"]).map(|h| HookPlanData {
        minor_peak_pct: h.get("minor_peak_pct").and_then(Value::as_f64),
        mini_hook_pct: h.get("mini_hook_pct").and_then(Value::as_f64),
        main_hook: h.get("main_hook").and_then(yaml_scalar),
    });
    PlotInfo {
        path: path.to_string(),
        title: yaml_field(doc, &["title", "タイトル"]).and_then(yaml_scalar),
        key_events,
        scenes,
        foreshadowing,
        hook_plan,
        conflict: yaml_field(doc, &["conflict", "葛藤"]).and_then(yaml_scalar),
        resolution: yaml_field(doc, &["resolution", "解決"]).and_then(yaml_scalar),
    }
}

/// The `foreshadowing` / `伏線` items of a plot document.
pub(crate) fn parse_foreshadowing(doc: &Value, path: &str) -> Vec<Foreshadow> {
    yaml_field(doc, &["foreshadowing", "伏線"])
        .and_then(Value::as_sequence)
        .map(|xs| {
            xs.iter()
                .filter_map(|x| {
                    let item = yaml_scalar(x).or_else(|| {
                        yaml_field(x, &["item", "内容", "name", "伏線"]).and_then(yaml_scalar)
                    })?;
                    Some(Foreshadow {
                        id: yaml_field(x, &["id", "ID"]).and_then(yaml_scalar),
                        item,
                        planted_in: episode_number(yaml_field(
                            x,
                            &["planted_in", "設置話", "植える話"],
                        )),
                        recovered_in: episode_number(yaml_field(x, &["recovered_in", "回収話"])),
                        source: path.to_string(),
                    })
                })
                .collect()
        })
        .unwrap_or_default()
}

/// Step 5: key events found or missing, scene count against sections, title against the
/// manuscript heading.
pub(crate) fn key_events(cx: &StepContext) -> Measured {
    let mut m = Measured::default();
    let Some(plot) = cx.plot else {
        return m;
    };
    let norm = Normalised::of(&cx.doc.display);
    let mut matches = Vec::new();
    for (i, ev) in plot.key_events.iter().enumerate() {
        let found = find_phrase(cx, &norm, ev);
        match found.found {
            MatchKind::Missing => m.issues.push(
                issue_whole(
                    cx,
                    "PLOT_EVENT_MISSING",
                    Severity::Medium,
                    &format!("{i}:{ev}"),
                    format!("プロットの key_events「{ev}」が本文に見当たりません"),
                )
                .suggest("言い換えで描いているなら問題ありません。描いていなければ場面を加える"),
            ),
            MatchKind::Partial => m.issues.push(
                issue_whole(
                    cx,
                    "PLOT_EVENT_PARTIAL",
                    Severity::Low,
                    &format!("{i}:{ev}"),
                    format!(
                        "プロットの key_events「{ev}」は語（{}）としては本文にありますが、そのままの形では見当たりません",
                        found.words.join("・")
                    ),
                )
                .suggest("出来事として描かれているか確かめる"),
            ),
            _ => {}
        }
        matches.push(found);
    }
    let sections = cx.doc.sections.len();
    let tolerance = cx.num_param("scene_count_tolerance", 2.0).max(0.0) as usize;
    if !plot.scenes.is_empty() && plot.scenes.len().abs_diff(sections) >= tolerance.max(1) {
        m.issues.push(issue_whole(
            cx,
            "PLOT_SCENE_COUNT",
            Severity::Low,
            "scenes",
            format!(
                "プロットの場面は {} 個ですが、本文のセクション（場面転換で区切られたまとまり）は {sections} 個です",
                plot.scenes.len()
            ),
        ));
    }
    let mut title_ok = None;
    if let (Some(title), Some(heading)) = (&plot.title, cx.heading) {
        let ok = strip(heading).contains(&strip(title));
        title_ok = Some(ok);
        if !ok {
            m.issues.push(issue_whole(
                cx,
                "PLOT_TITLE_MISMATCH",
                Severity::Low,
                "title",
                format!("見出し「{heading}」にプロットのタイトル「{title}」が含まれていません"),
            ));
        }
    }
    let covered = matches
        .iter()
        .filter(|x| matches!(x.found, MatchKind::Exact | MatchKind::Normalised))
        .count();
    m.detail("plot_file", &plot.path);
    m.detail(
        "key_events",
        matches
            .iter()
            .map(|x| {
                let mut v = serde_json::to_value(x).unwrap_or_default();
                v["label"] = match_label(x.found).into();
                v
            })
            .collect::<Vec<_>>(),
    );
    m.detail("key_events_found", covered);
    m.detail("key_events_total", plot.key_events.len());
    m.detail("plot_scenes", &plot.scenes);
    m.detail("sections", sections);
    m.detail("title_matches_heading", title_ok);
    m.detail("conflict", &plot.conflict);
    m.detail("resolution", &plot.resolution);
    m
}

fn strip(s: &str) -> String {
    s.chars()
        .filter(|c| !c.is_whitespace() && !matches!(c, '「' | '」' | '『' | '』'))
        .collect()
}

/// What step 8 says about one item.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
struct ForeshadowStatus {
    id: Option<String>,
    item: String,
    planted_in: Option<u32>,
    recovered_in: Option<u32>,
    /// `plant_here`, `recover_here`, `plant_and_recover_here`, `open` (planted earlier,
    /// recovered later or never), `closed` (recovered earlier), `future` (planted later).
    role: &'static str,
    found: MatchKind,
    line: Option<usize>,
    source: String,
}

/// Step 8: foreshadowing items due in this episode (planted or recovered) must appear.
pub(crate) fn foreshadowing(cx: &StepContext) -> Measured {
    let mut m = Measured::default();
    let ep = cx.episode;
    let norm = Normalised::of(&cx.doc.display);
    let mut statuses = Vec::new();
    let mut due = 0usize;
    let mut ok = 0usize;
    for f in cx.foreshadowing {
        let plant = f.planted_in == Some(ep);
        let recover = f.recovered_in == Some(ep);
        let role = match (plant, recover) {
            (true, true) => "plant_and_recover_here",
            (true, false) => "plant_here",
            (false, true) => "recover_here",
            _ => match (f.planted_in, f.recovered_in) {
                (Some(p), _) if p > ep => "future",
                (_, Some(r)) if r < ep => "closed",
                _ => "open",
            },
        };
        let found = find_phrase(cx, &norm, &f.item);
        let label =
            f.id.clone()
                .map(|i| format!("{i}「{}」", f.item))
                .unwrap_or_else(|| format!("「{}」", f.item));
        if plant || recover {
            due += 1;
            let present = matches!(found.found, MatchKind::Exact | MatchKind::Normalised);
            if present {
                ok += 1;
            } else {
                let (code, what) = if recover {
                    ("FORESHADOW_NOT_RECOVERED", "回収する予定")
                } else {
                    ("FORESHADOW_NOT_PLANTED", "植える予定")
                };
                let sev = if found.found == MatchKind::Partial {
                    Severity::Low
                } else {
                    Severity::Medium
                };
                let mut issue = issue_whole(
                    cx,
                    code,
                    sev,
                    &f.item,
                    format!(
                        "伏線{label}はこの話（第{ep}話）で{what}ですが、本文に{}",
                        if found.found == MatchKind::Partial {
                            "語の一部しか見当たりません"
                        } else {
                            "見当たりません"
                        }
                    ),
                );
                issue = issue.suggest(format!("{}（{}）", what, f.source));
                m.issues.push(issue);
            }
        }
        statuses.push(ForeshadowStatus {
            id: f.id.clone(),
            item: f.item.clone(),
            planted_in: f.planted_in,
            recovered_in: f.recovered_in,
            role,
            found: found.found,
            line: found.line,
            source: f.source.clone(),
        });
    }
    m.detail("items", &statuses);
    m.detail("due_here", due);
    m.detail("due_found", ok);
    m.detail(
        "open_items",
        statuses
            .iter()
            .filter(|s| s.role == "open")
            .map(|s| s.item.clone())
            .collect::<Vec<_>>(),
    );
    m
}
