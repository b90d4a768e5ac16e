//! The plan's own promises, checked on the manuscript (issue 32 item 4): stages 8–10 and
//! `complete` measure the manuscript against the target length and STEP7's writing brief
//! (`must_include`, `must_avoid`). Measured, never judged:
//!
//! - `target_length`: the 正味文字数 inside the session's target band.
//! - `must_include:N` (1-based, in the brief's order): met when the item is in the text as
//!   written (spaces ignored), or — for an event described in words — when every one of its
//!   key terms is (runs of kanji, katakana, Latin letters or digits; a kanji run stands for
//!   its word whatever okurigana follows, 休み → 休). An item with 「quoted」 parts is met when
//!   each quoted part is in the text as written. The terms are a measure, not a reading: the
//!   reply says which term is missing, and an author who wrote the event in other words
//!   waives the item.
//! - `must_avoid:N`: unmet when the item (or each 「quoted」 part; 〜 splits it) is in the
//!   text as written, with every place it occurs. A description that is not a phrase ("母の
//!   名前を出すこと") is never found as such: it needs a judgment, which is not noveler's.
//!
//! An unmet criterion is reported with where it failed; stage 10 does not complete the
//! session while one is unmet unless it is waived (`waive`, recorded in the session with its
//! stage and time), and `complete` refuses the episode the same way.

use super::*;
pub use crate::workflow::session::Waiver;

/// The id of the length criterion.
pub const TARGET_LENGTH: &str = "target_length";
/// How many places of one avoided phrase a reply lists.
const MAX_LOCATIONS: usize = 5;

/// The criteria of a session's plan: STEP7's `writing_brief`, if the stage was done.
#[derive(Debug, Clone, Default)]
pub struct Plan {
    /// The STEP7 output they come from (relative to the project root).
    pub source: Option<String>,
    pub must_include: Vec<String>,
    pub must_avoid: Vec<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum CriterionStatus {
    Met,
    Unmet,
    /// Unmet, but the author waived it.
    Waived,
}

/// A place in the manuscript (1-based line and column, in characters).
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct Place {
    pub line: usize,
    pub column: usize,
    /// The line around the place.
    pub excerpt: String,
}

#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct CriterionResult {
    /// `target_length`, `must_include:N` or `must_avoid:N`: what `waive` takes.
    pub id: String,
    pub criterion: String,
    pub status: CriterionStatus,
    /// How it was measured: `length`, `literal` (as written) or `terms` (key terms).
    pub measured_by: String,
    /// What was found or missed (Japanese).
    pub message: String,
    /// Where it failed: every place an avoided phrase occurs (up to five).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub places: Vec<Place>,
}

/// The plan's criteria measured on one manuscript.
#[derive(Debug, Clone, PartialEq, Default, Serialize, schemars::JsonSchema)]
pub struct CriteriaReport {
    /// The STEP7 output the brief comes from; null without one (only the length is checked).
    pub plan: Option<String>,
    pub checked: Vec<CriterionResult>,
    /// Ids of the criteria unmet and not waived.
    pub unmet: Vec<String>,
    /// Ids of the criteria unmet but waived.
    pub waived: Vec<String>,
}

impl CriteriaReport {
    /// One line per criterion not met (Japanese), waived ones marked.
    pub fn lines(&self) -> Vec<String> {
        self.checked
            .iter()
            .filter(|c| c.status != CriterionStatus::Met)
            .map(|c| {
                let waived = if c.status == CriterionStatus::Waived {
                    "（免除済み）"
                } else {
                    ""
                };
                let at = match c.places.as_slice() {
                    [] => String::new(),
                    [p] => format!("（{}行目{}字目）", p.line, p.column),
                    [p, ..] => format!(
                        "（{}行目{}字目ほか、計{}か所）",
                        p.line,
                        p.column,
                        c.places.len()
                    ),
                };
                format!(
                    "計画の条件 {}（{}）を満たしていません{waived}: {}{at}",
                    c.id, c.criterion, c.message
                )
            })
            .collect()
    }
}

/// The criteria of `s`'s plan (STEP7's writing brief), read from its output file.
pub fn plan_of(root: &Path, s: &Session) -> Plan {
    let Some(out) = s.stage_outputs.get("adjust_logic_consistency") else {
        return Plan::default();
    };
    let doc: Option<Value> = crate::store::text::read_internal(&root.join(&out.output_file))
        .ok()
        .flatten()
        .and_then(|b| serde_json::from_slice(&b).ok());
    let list = |key: &str| -> Vec<String> {
        doc.as_ref()
            .and_then(|d| d.pointer(&format!("/writing_brief/{key}")))
            .and_then(Value::as_array)
            .map(|a| {
                a.iter()
                    .filter_map(Value::as_str)
                    .map(str::trim)
                    .filter(|s| !s.is_empty())
                    .map(str::to_string)
                    .collect()
            })
            .unwrap_or_default()
    };
    Plan {
        source: Some(out.output_file.clone()),
        must_include: list("must_include"),
        must_avoid: list("must_avoid"),
    }
}

/// Every criterion of `plan` with its id, in order: the length first.
fn ids(plan: &Plan, band: (usize, usize)) -> Vec<(String, String)> {
    let mut out = vec![(
        TARGET_LENGTH.to_string(),
        format!("正味文字数が目標 {}〜{} 字", band.0, band.1),
    )];
    for (i, c) in plan.must_include.iter().enumerate() {
        out.push((format!("must_include:{}", i + 1), c.clone()));
    }
    for (i, c) in plan.must_avoid.iter().enumerate() {
        out.push((format!("must_avoid:{}", i + 1), c.clone()));
    }
    out
}

/// Refuses a waiver of a criterion the plan does not have (U001, listing the ids).
pub fn check_waivers(plan: &Plan, band: (usize, usize), waive: &[String]) -> Result<()> {
    let known = ids(plan, band);
    for w in waive {
        if !known.iter().any(|(id, _)| id == w) {
            let list: Vec<String> = known.iter().map(|(id, c)| format!("{id}（{c}）")).collect();
            return Err(Error::new(
                Code::U001,
                format!("免除する条件 {w} は計画にありません"),
            )
            .hint(format!("免除できる条件: {}", list.join("、")))
            .details(json!({"waive": w, "criteria": known.iter().map(|(id, _)| id).collect::<Vec<_>>()})));
        }
    }
    Ok(())
}

/// Records the waivers of this submission for the criteria as they read now (once each).
pub fn record_waivers(
    s: &mut Session,
    plan: &Plan,
    band: (usize, usize),
    waive: &[String],
    stage: &StageDef,
    clock: &Clock,
) {
    for (id, criterion) in ids(plan, band) {
        if !waive.contains(&id) {
            continue;
        }
        s.waived_criteria.retain(|w| w.id != id);
        s.waived_criteria.push(Waiver {
            id,
            criterion,
            stage: stage.id.to_string(),
            waived_at: now(clock),
        });
    }
}

/// Stages 8–10: measures the plan's criteria on the manuscript just saved (`m`), the
/// submission's waivers recorded (`record_waivers`, just before).
pub(crate) fn for_submission(
    root: &Path,
    s: &mut Session,
    plan: &Plan,
    band: (usize, usize),
    m: &ManuscriptResult,
) -> Result<CriteriaReport> {
    let path = root.join(&m.path);
    let bytes = crate::store::text::read_bytes(&path)?;
    let text = crate::store::text::decode(&path, &bytes)?.text;
    Ok(evaluate(
        plan,
        &text,
        m.body_chars,
        band,
        &s.waived_criteria,
    ))
}

/// What to do when stage 10 is held back by `c`: fix the manuscript and submit stage 10
/// again, or submit it again waiving what is unmet (recorded).
pub(crate) fn blocked_actions(s: &Session, c: &CriteriaReport) -> Vec<String> {
    let submit = |output: &str| {
        crate::next::NextStep::new("write_stage")
            .arg("episode", s.episode)
            .arg("stage", 10)
            .arg("session_id", s.session_id.as_str())
            .arg("submission", output)
    };
    vec![
        submit("<直した原稿を含む出力>")
            .why("原稿を直して STEP10 を出し直す")
            .to_wire(),
        submit("<出力>")
            .arg("waive", c.unmet.clone())
            .why("満たしていない条件を免除して出し直す（免除はセッションに記録されます）")
            .to_wire(),
        crate::next::NextStep::command(&format!(
            "write status {} --session {}",
            s.episode, s.session_id
        ))
        .why("セッションの状態と条件を確かめる")
        .to_wire(),
    ]
}

/// What `complete` sees (issue 32: "complete sees the same"): the plan criteria of the
/// episode's newest session that has a plan (any status but abandoned), measured on `text`
/// with the session's waivers. None when no session of the episode has a plan.
pub fn for_episode(
    root: &Path,
    ep: u32,
    text: &str,
    body_chars: usize,
    band: (usize, usize),
) -> Option<CriteriaReport> {
    let newest = session::list(root)
        .into_iter()
        .rev()
        .find_map(|l| match l {
            Listed::Ok(s)
                if s.episode == ep
                    && s.status != SessionStatus::Abandoned
                    && s.stage_outputs.contains_key("adjust_logic_consistency") =>
            {
                Some(s)
            }
            _ => None,
        })?;
    let plan = plan_of(root, &newest);
    Some(evaluate(
        &plan,
        text,
        body_chars,
        band,
        &newest.waived_criteria,
    ))
}

/// `plan`'s criteria measured on `text` (the manuscript as saved) of `body_chars` 正味文字数,
/// against the target `band`; `waived` are the session's waivers.
pub fn evaluate(
    plan: &Plan,
    text: &str,
    body_chars: usize,
    band: (usize, usize),
    waived: &[Waiver],
) -> CriteriaReport {
    let body = body_of(text);
    let flat = squash(&body.text);
    let mut report = CriteriaReport {
        plan: plan.source.clone(),
        ..Default::default()
    };
    for (id, criterion) in ids(plan, band) {
        let (met, measured_by, message, places) = if id == TARGET_LENGTH {
            length(body_chars, band)
        } else if id.starts_with("must_include") {
            let (met, by, msg) = included(&criterion, &flat);
            (met, by, msg, Vec::new())
        } else {
            avoided(&criterion, &body)
        };
        let status = if met {
            CriterionStatus::Met
        } else if waived
            .iter()
            .any(|w| w.id == id && w.criterion == criterion)
        {
            report.waived.push(id.clone());
            CriterionStatus::Waived
        } else {
            report.unmet.push(id.clone());
            CriterionStatus::Unmet
        };
        report.checked.push(CriterionResult {
            id,
            criterion,
            status,
            measured_by: measured_by.into(),
            message,
            places,
        });
    }
    report
}

fn length(chars: usize, (min, max): (usize, usize)) -> (bool, &'static str, String, Vec<Place>) {
    let message = if chars < min {
        format!(
            "正味 {chars} 字で、下限 {min} 字に {} 字足りません",
            min - chars
        )
    } else if chars > max {
        format!(
            "正味 {chars} 字で、上限 {max} 字を {} 字超えています",
            chars - max
        )
    } else {
        format!("正味 {chars} 字（{min}〜{max} 字）")
    };
    ((min..=max).contains(&chars), "length", message, Vec::new())
}

fn included(criterion: &str, flat: &str) -> (bool, &'static str, String) {
    let quoted = quoted_parts(criterion);
    if !quoted.is_empty() {
        let missing: Vec<&String> = quoted
            .iter()
            .filter(|q| !flat.contains(q.as_str()))
            .collect();
        return if missing.is_empty() {
            (true, "literal", "本文にあります".into())
        } else {
            (
                false,
                "literal",
                format!("{}が本文にありません", brackets(&missing)),
            )
        };
    }
    if flat.contains(&squash(criterion)) {
        return (true, "literal", "本文にあります".into());
    }
    let terms = key_terms(criterion);
    if terms.is_empty() {
        return (
            false,
            "literal",
            "この言葉のままでは本文にありません".into(),
        );
    }
    let missing: Vec<&String> = terms
        .iter()
        .filter(|t| !flat.contains(t.as_str()))
        .collect();
    if missing.is_empty() {
        (
            true,
            "terms",
            format!(
                "{}が本文にあります（言い回しまでは確かめていません）",
                brackets(&terms.iter().collect::<Vec<_>>())
            ),
        )
    } else {
        (
            false,
            "terms",
            format!("{}が本文にありません", brackets(&missing)),
        )
    }
}

fn avoided(criterion: &str, body: &Body) -> (bool, &'static str, String, Vec<Place>) {
    let mut phrases = quoted_parts(criterion);
    if phrases.is_empty() {
        phrases = criterion
            .split(['〜', '～'])
            .map(squash)
            .filter(|p| !p.is_empty())
            .collect();
    }
    let mut places = Vec::new();
    let mut found = Vec::new();
    for p in &phrases {
        let at = body.find_all(p);
        if !at.is_empty() {
            found.push(p);
        }
        places.extend(at);
    }
    places.sort_by_key(|p| (p.line, p.column));
    places.truncate(MAX_LOCATIONS);
    if found.is_empty() {
        (true, "literal", "本文にありません".into(), places)
    } else {
        (
            false,
            "literal",
            format!("{}が本文にあります", brackets(&found)),
            places,
        )
    }
}

fn brackets<S: AsRef<str>>(items: &[S]) -> String {
    items
        .iter()
        .map(|s| format!("「{}」", s.as_ref()))
        .collect::<Vec<_>>()
        .join("")
}

/// The text without whitespace.
fn squash(s: &str) -> String {
    s.chars().filter(|c| !c.is_whitespace()).collect()
}

/// The parts of `s` inside 「」 or 『』, without whitespace.
fn quoted_parts(s: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current: Option<String> = None;
    for c in s.chars() {
        match (c, current.as_mut()) {
            ('「' | '『', None) => current = Some(String::new()),
            ('」' | '』', Some(q)) => {
                let q = squash(q);
                if !q.is_empty() {
                    out.push(q);
                }
                current = None;
            }
            (c, Some(q)) => q.push(c),
            _ => {}
        }
    }
    out
}

fn is_kanji(c: char) -> bool {
    matches!(c, '\u{4E00}'..='\u{9FFF}' | '\u{3400}'..='\u{4DBF}' | '々' | '〆' | 'ヶ')
}

fn is_term_char(c: char) -> bool {
    is_kanji(c)
        || matches!(c, '\u{30A0}'..='\u{30FF}')
        || c.is_ascii_alphanumeric()
        || matches!(c, '０'..='９' | 'Ａ'..='Ｚ' | 'ａ'..='ｚ')
}

/// The key terms of a criterion written as words: its runs of kanji, katakana, Latin letters
/// or digits (a lone katakana or Latin character is no term).
fn key_terms(s: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut run = String::new();
    for c in s.chars().chain(std::iter::once(' ')) {
        if is_term_char(c) {
            run.push(c);
            continue;
        }
        let keep = run.chars().count() >= 2 || run.chars().any(is_kanji);
        if keep && !out.contains(&run) {
            out.push(run.clone());
        }
        run.clear();
    }
    out
}

/// The manuscript's body lines (the heading and the `文字数:` trailer left out) with ruby
/// readings removed, and where each line starts.
struct Body {
    text: String,
    /// (line number, byte offset in `text`, the line) per body line.
    lines: Vec<(usize, usize, String)>,
}

fn body_of(text: &str) -> Body {
    let src: Vec<&str> = text.lines().collect();
    let end = src
        .iter()
        .rposition(|l| l.trim() == "---")
        .filter(|&p| src[p + 1..].iter().any(|l| l.contains("文字数")))
        .unwrap_or(src.len());
    let mut out = Body {
        text: String::new(),
        lines: Vec::new(),
    };
    for (i, l) in src[..end].iter().enumerate() {
        if l.trim_start().starts_with('#') {
            continue;
        }
        let shown = without_ruby(l);
        out.lines.push((i + 1, out.text.len(), shown.clone()));
        out.text.push_str(&shown);
        out.text.push('\n');
    }
    out
}

/// `｜漢字《かんじ》` → `漢字`; a 《…》 after kanji is a reading too.
fn without_ruby(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut in_reading = false;
    for c in line.chars() {
        match c {
            '｜' | '|' if !in_reading => {}
            '《' => in_reading = true,
            '》' if in_reading => in_reading = false,
            _ if in_reading => {}
            _ => out.push(c),
        }
    }
    out
}

impl Body {
    /// Every place `phrase` (no whitespace) occurs on one line.
    fn find_all(&self, phrase: &str) -> Vec<Place> {
        let mut out = Vec::new();
        if phrase.is_empty() {
            return out;
        }
        for (n, _, line) in &self.lines {
            for (at, _) in line.match_indices(phrase) {
                let column = line[..at].chars().count() + 1;
                out.push(Place {
                    line: *n,
                    column,
                    excerpt: excerpt(line, at),
                });
            }
        }
        out
    }
}

/// Up to 40 characters of `line` around byte `at`.
fn excerpt(line: &str, at: usize) -> String {
    let before: Vec<char> = line[..at].chars().collect();
    let start = before.len().saturating_sub(15);
    let text: String = line.chars().skip(start).take(40).collect();
    let mut out = String::new();
    if start > 0 {
        out.push('…');
    }
    out.push_str(text.trim());
    if line.chars().count() > start + 40 {
        out.push('…');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan(include: &[&str], avoid: &[&str]) -> Plan {
        Plan {
            source: Some("stage07.json".into()),
            must_include: include.iter().map(|s| s.to_string()).collect(),
            must_avoid: avoid.iter().map(|s| s.to_string()).collect(),
        }
    }

    const TEXT: &str = "# 第四話　瓶\n\n　迷い潮の夜から、三日がたっていた。\n「休めと言ったはずだ」\n　蒼は｜硝子瓶《がらすびん》を抱えていた。蝋の封はまだ固い。\n　ミナトは笑った。\n\n---\n文字数: 60\n";

    #[test]
    fn phrases_terms_and_quotes() {
        let p = plan(
            &[
                "三日の休み",
                "硝子瓶と蝋の封",
                "二枚の線がつながる",
                "「休めと言った」",
                "つながる",
            ],
            &[],
        );
        let r = evaluate(&p, TEXT, 60, (10, 100), &[]);
        let status: Vec<_> = r
            .checked
            .iter()
            .map(|c| (c.id.as_str(), c.status, c.measured_by.as_str()))
            .collect();
        assert_eq!(
            status,
            [
                ("target_length", CriterionStatus::Met, "length"),
                ("must_include:1", CriterionStatus::Met, "terms"),
                ("must_include:2", CriterionStatus::Met, "terms"),
                ("must_include:3", CriterionStatus::Unmet, "terms"),
                ("must_include:4", CriterionStatus::Met, "literal"),
                ("must_include:5", CriterionStatus::Unmet, "literal"),
            ]
        );
        assert!(
            r.checked[3].message.contains("「二枚」「線」"),
            "{:?}",
            r.checked[3]
        );
        assert_eq!(r.unmet, ["must_include:3", "must_include:5"]);
        assert_eq!(
            key_terms("切れ端の線がまだ揺れている"),
            ["切", "端", "線", "揺"]
        );
        assert_eq!(key_terms("リオが牙狼と戦う"), ["リオ", "牙狼", "戦"]);
    }

    #[test]
    fn avoided_names_are_found_where_they_are() {
        let p = plan(
            &[],
            &["ミナト", "心臓が早鐘を打つ", "「蝋の封」", "〜と言った"],
        );
        let r = evaluate(&p, TEXT, 60, (10, 100), &[]);
        let ids: Vec<_> = r.unmet.iter().map(String::as_str).collect();
        assert_eq!(ids, ["must_avoid:1", "must_avoid:3", "must_avoid:4"]);
        let minato = &r.checked[1];
        assert_eq!((minato.places[0].line, minato.places[0].column), (6, 2));
        assert!(minato.places[0].excerpt.contains("ミナトは笑った"));
        // The ruby reading is not part of the text.
        let r = evaluate(&plan(&[], &["がらすびん"]), TEXT, 60, (10, 100), &[]);
        assert!(r.unmet.is_empty());
    }

    #[test]
    fn length_and_waivers() {
        let p = plan(&["二枚の線"], &[]);
        let r = evaluate(&p, TEXT, 950, (2000, 6000), &[]);
        assert_eq!(r.unmet, ["target_length", "must_include:1"]);
        assert!(r.checked[0].message.contains("1050 字足りません"));
        let waiver = |id: &str, criterion: &str| Waiver {
            id: id.into(),
            criterion: criterion.into(),
            stage: "finalize_manuscript".into(),
            waived_at: "t".into(),
        };
        let r = evaluate(
            &p,
            TEXT,
            950,
            (2000, 6000),
            &[waiver("must_include:1", "二枚の線")],
        );
        assert_eq!(
            (r.unmet.as_slice(), r.waived.as_slice()),
            (
                &["target_length".to_string()][..],
                &["must_include:1".to_string()][..]
            )
        );
        // A waiver of a criterion that has changed since does not count.
        let r = evaluate(
            &p,
            TEXT,
            3000,
            (2000, 6000),
            &[waiver("must_include:1", "別の条件")],
        );
        assert_eq!(r.unmet, ["must_include:1"]);
        assert!(check_waivers(&p, (2000, 6000), &["must_avoid:1".into()]).is_err());
        assert!(check_waivers(
            &p,
            (2000, 6000),
            &["target_length".into(), "must_include:1".into()]
        )
        .is_ok());
    }
}
