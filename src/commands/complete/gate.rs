//! Why `complete` refuses an episode (issue 32 item 3): below the gate score (or too short
//! to score), outside its length band, or short of its own plan (a criterion of the writing
//! flow unmet and not waived). `force` completes it anyway and the ledger records what was
//! overridden.

use super::LengthInfo;
use crate::commands::common::{fmt_score, fmt_thousands};
use crate::next::NextStep;
use crate::workflow::writing::criteria::{CriteriaReport, TARGET_LENGTH};
use serde::Serialize;

/// One reason the gate refuses the episode.
#[derive(Debug, Clone, PartialEq, Serialize, schemars::JsonSchema)]
pub struct Refusal {
    /// `below_min_score`, `unscored`, `length_out_of_range` or `criterion_unmet`.
    pub code: String,
    /// Japanese.
    pub message: String,
}

fn refusal(code: &str, message: String) -> Refusal {
    Refusal {
        code: code.into(),
        message,
    }
}

/// Every reason to refuse, in the order an author would fix them.
pub(super) fn refusals(
    score: Option<f64>,
    unscored_reason: Option<&str>,
    min_score: f64,
    length: &LengthInfo,
    criteria: Option<&CriteriaReport>,
) -> Vec<Refusal> {
    let mut out = Vec::new();
    match score {
        None => out.push(refusal(
            "unscored",
            format!(
                "採点できません（{}）",
                unscored_reason.unwrap_or("本文が短すぎます")
            ),
        )),
        Some(s) if s < min_score => out.push(refusal(
            "below_min_score",
            format!(
                "品質スコア {} が基準 {} に届きません",
                fmt_score(s),
                fmt_score(min_score)
            ),
        )),
        Some(_) => {}
    }
    if !length.in_range {
        let (n, min, max) = (length.body_chars, length.target_min, length.target_max);
        let how = if n < min {
            format!("{} 字足りません", fmt_thousands(min - n))
        } else {
            format!("{} 字超えています", fmt_thousands(n - max))
        };
        out.push(refusal(
            "length_out_of_range",
            format!(
                "正味文字数 {} 字が目標 {}〜{} 字の外です（{how}）",
                fmt_thousands(n),
                fmt_thousands(min),
                fmt_thousands(max)
            ),
        ));
    }
    // The plan's length is the band above; its other criteria are the plan's own.
    for c in criteria.into_iter().flat_map(|c| &c.checked).filter(|c| {
        c.id != TARGET_LENGTH
            && c.status == crate::workflow::writing::criteria::CriterionStatus::Unmet
    }) {
        out.push(refusal(
            "criterion_unmet",
            format!(
                "執筆計画の条件 {}（{}）を満たしていません: {}",
                c.id, c.criterion, c.message
            ),
        ));
    }
    out
}

/// What the ledger records for a forced completion: what was overridden.
pub(super) fn forced_record(refusals: &[Refusal]) -> String {
    refusals
        .iter()
        .map(|r| r.message.as_str())
        .collect::<Vec<_>>()
        .join("／")
}

/// The next actions of a refused completion: what fixes each reason, then run again, or
/// complete anyway with `force` (recorded).
pub(super) fn refused_actions(n: u32, q: &super::QualityGate) -> Vec<String> {
    let has = |code: &str| q.refusals.iter().any(|r| r.code == code);
    let mut out = Vec::new();
    let mut fixes = Vec::new();
    if let Some(s) = q.score.filter(|_| has("below_min_score")) {
        fixes.push(format!(
            "指摘を直す（スコア {} / 基準 {}）",
            fmt_score(s),
            fmt_score(q.min_score)
        ));
    }
    if has("unscored") {
        fixes.push("本文を書き足す（短すぎて採点できません）".to_string());
    }
    if has("length_out_of_range") {
        fixes.push("正味文字数を目標の範囲に収める（書き足す・削る・二話に分ける）".to_string());
    }
    if !fixes.is_empty() {
        out.push(
            NextStep::new("noveler_check")
                .arg("episode", n)
                .why(fixes.join("。")),
        );
    }
    if has("below_min_score") {
        for code in q.top_codes.iter().take(3) {
            out.push(NextStep::command(&format!("explain {code}")).why("よく出ている指摘の直し方"));
        }
    }
    if has("criterion_unmet") {
        out.push(
            NextStep::command(&format!("write status {n}")).why(
                "執筆計画（STEP7 の執筆指示書）の条件を確かめ、原稿を直す（STEP10 を出し直すときに waive で免除もできます）",
            ),
        );
    }
    out.push(
        NextStep::new("noveler_complete")
            .arg("episode", n)
            .why("直したらもう一度"),
    );
    out.push(
        NextStep::new("noveler_complete")
            .arg("episode", n)
            .arg("force", true)
            .why("理由を承知のうえで完了する（話数管理.yaml に強制完了として理由を記録します）"),
    );
    out.iter().map(NextStep::to_wire).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn length(n: usize) -> LengthInfo {
        LengthInfo {
            body_chars: n,
            target_min: 2000,
            target_max: 6000,
            in_range: (2000..=6000).contains(&n),
        }
    }

    #[test]
    fn every_reason_is_listed() {
        assert!(refusals(Some(90.0), None, 70.0, &length(3000), None).is_empty());
        let r = refusals(Some(60.0), None, 70.0, &length(950), None);
        let codes: Vec<&str> = r.iter().map(|r| r.code.as_str()).collect();
        assert_eq!(codes, ["below_min_score", "length_out_of_range"]);
        assert!(
            r[1].message
                .contains("正味文字数 950 字が目標 2,000〜6,000 字の外です（1,050 字足りません）"),
            "{r:?}"
        );
        let r = refusals(None, Some("短い"), 70.0, &length(6100), None);
        assert_eq!(r[0].message, "採点できません（短い）");
        assert!(r[1].message.contains("100 字超えています"));
    }
}
