//! The writing flow's quality stop (seed 000 §5.4.1 `noveler_write` errorCodes E003
//! "品質基準未達で実行停止", §5.6 Q001 "品質基準未達で処理停止"): stage 8 refuses a draft that
//! is too short to score or far below the session's own target, before anything is written.
//!
//! The code raised is Q001 (quality_gate, exit 1): `E003` already means "manuscript not
//! found" here (seed 000 §5.6's common table), and a code never gets a second meaning; the
//! seed's write-tool code travels as `details.seed_code: "E003"`.

use crate::error::{Code, Error, Result};

/// A draft under this share of an explicit `word_count_target` is "far below target".
pub const FAR_BELOW_SHARE: f64 = 0.2;

/// The stop for a stage-8 draft of `body_chars` in episode `ep`, when there is one: under
/// the score's short-text limit (200 characters or 20% of `target_min`, SPEC §4), or under
/// 20% of the `word_count_target` the agent set for the session.
pub(crate) fn check_draft(
    ep: u32,
    body_chars: usize,
    target_min: usize,
    word_count_target: Option<u32>,
) -> Result<()> {
    let mut limits = crate::analysis::Settings::default();
    limits.target_length.min = target_min;
    let short = crate::analysis::score::too_short(body_chars, &limits);
    let far = word_count_target.and_then(|t| {
        let limit = (t as f64 * FAR_BELOW_SHARE).ceil() as usize;
        (body_chars < limit).then(|| {
            format!(
                "本文が {body_chars} 字で、このセッションの目標 {t} 字の {}% ({limit} 字) に届きません",
                (FAR_BELOW_SHARE * 100.0) as u32
            )
        })
    });
    let reasons: Vec<String> = short.into_iter().chain(far).collect();
    if reasons.is_empty() {
        return Ok(());
    }
    Err(Error::new(
        Code::Q001,
        format!(
            "第{ep}話の原稿は品質基準に届かないため受け付けません（実行停止）: {}",
            reasons.join("。")
        ),
    )
    .hint("本文全体を manuscript に入れて、もう一度ステージ 8 を提出してください（何も書き込んでいません）。")
    .details(serde_json::json!({
        "seed_code": "E003",
        "stage": 8,
        "body_chars": body_chars,
        "target_min": target_min,
        "word_count_target": word_count_target,
        "reasons": reasons,
    })))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn too_short_and_far_below_target_stop_with_q001() {
        let err = check_draft(3, 320, 3000, None).unwrap_err();
        assert_eq!(err.code, Code::Q001);
        assert_eq!(err.details.as_ref().unwrap()["seed_code"], "E003");
        assert_eq!(err.exit_code(), 1);
        // 700 characters pass the score's limit (600) but not 20% of a 4,000 target (800).
        assert!(check_draft(3, 700, 3000, None).is_ok());
        let err = check_draft(3, 700, 3000, Some(4000)).unwrap_err();
        assert!(err.message.contains("4000"), "{}", err.message);
        assert!(check_draft(3, 800, 3000, Some(4000)).is_ok());
    }
}
