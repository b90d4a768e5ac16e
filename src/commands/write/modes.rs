//! Writing parameters the seeds name (issue 18): `five_stage` on `noveler_write` (seed 000
//! §4.3.1 "A30準拠5段階執筆モード") and `resume_session` on `write_stage` (seed 000 §5.4.1
//! "中断したセッションから再開するID").
//!
//! Five-stage mode groups the ten stages (SPEC §7) into the five phases below; every stage
//! is still submitted and validated on its own (each has its own output schema), so the mode
//! changes what the result reports — the phase, its stages and their state — not what is
//! stored. The grouping is recorded in docs/DECISIONS.md.

use super::{Ctx, Report};
use crate::commands::write::{self, WriteReport, WriteRequest, WriteResumeRequest};
use crate::error::{Code, Error, Result};
use crate::store::FileRef;
use crate::workflow::stages::STAGES;
use serde::Serialize;

/// The five phases: (name, first stage, last stage).
pub const FIVE_STAGES: [(&str, u8, u8); 5] = [
    ("構想（プロットとデータの準備・構造分析）", 1, 2),
    ("設計（感情・ユーモア・人物と対話）", 3, 5),
    ("演出と整合（場面の雰囲気・論理の整合）", 6, 7),
    ("執筆（原稿の初稿）", 8, 8),
    ("仕上げ（品質の仕上げ・最終調整）", 9, 10),
];

/// Where a phase stands: `completed` (every stage completed or skipped), `current` or
/// `pending`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum PhaseStatus {
    Completed,
    Current,
    Pending,
}

/// One phase of the five-stage view.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct Phase {
    /// 1–5.
    pub phase: u8,
    pub name: String,
    /// The stage ids it groups.
    pub stages: Vec<String>,
    pub status: PhaseStatus,
}

/// The five-stage view of a writing session.
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct FiveStage {
    /// The phase of the stage to do next (none once the session is completed).
    pub current_phase: Option<u8>,
    pub phases: Vec<Phase>,
}

/// The phase (1–5) of stage `n` (1–10).
pub(crate) fn phase_of(n: u8) -> u8 {
    FIVE_STAGES
        .iter()
        .position(|(_, a, b)| (*a..=*b).contains(&n))
        .map_or(5, |i| i as u8 + 1)
}

/// The five-stage view of a session whose done stages (completed or skipped) are `done`
/// and whose next stage is `next`.
pub(crate) fn five_stage_view(done: &[String], next: Option<u8>) -> FiveStage {
    let current_phase = next.map(phase_of);
    let phases = FIVE_STAGES
        .iter()
        .enumerate()
        .map(|(i, (name, a, b))| {
            let stages: Vec<String> = STAGES
                .iter()
                .filter(|s| (*a..=*b).contains(&s.number))
                .map(|s| s.id.to_string())
                .collect();
            let n = i as u8 + 1;
            let status = if stages.iter().all(|s| done.contains(s)) {
                PhaseStatus::Completed
            } else if current_phase == Some(n) {
                PhaseStatus::Current
            } else {
                PhaseStatus::Pending
            };
            Phase {
                phase: n,
                name: name.to_string(),
                stages,
                status,
            }
        })
        .collect();
    FiveStage {
        current_phase,
        phases,
    }
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct NovelerWriteReport {
    #[serde(flatten)]
    pub report: WriteReport,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub five_stage: Option<FiveStage>,
    /// The session `resume_session` reactivated, when one was given.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub resumed_session: Option<String>,
}

impl Report for NovelerWriteReport {
    fn inputs(&self) -> Vec<FileRef> {
        self.report.inputs()
    }
    fn outputs(&self) -> Vec<FileRef> {
        self.report.outputs()
    }
}

fn finish(report: WriteReport, five: bool, resumed: Option<String>) -> NovelerWriteReport {
    let five_stage = five.then(|| {
        let o = &report.outcome;
        let mut done = o.progress.completed_stages.clone();
        done.extend(
            STAGES
                .iter()
                .filter(|s| o.next_step.is_some_and(|n| s.number < n))
                .map(|s| s.id.to_string()),
        );
        five_stage_view(&done, o.next_step)
    });
    NovelerWriteReport {
        report,
        five_stage,
        resumed_session: resumed,
    }
}

/// `noveler_write` (a request field rather than a flattened wrapper: the MCP layer can only
/// refuse unknown keys of a request that is not flattened).
pub fn noveler_write(ctx: &Ctx, req: WriteRequest) -> Result<NovelerWriteReport> {
    let five = req.five_stage;
    Ok(finish(write::run(ctx, req)?, five, None))
}

/// `write_stage` with `resume_session`: the interrupted session is reactivated first (as
/// `write_resume` does), then the stage runs in it.
pub(crate) fn stage_resuming(
    ctx: &Ctx,
    mut req: WriteRequest,
    resume_session: Option<String>,
) -> Result<NovelerWriteReport> {
    let Some(id) = resume_session.filter(|s| !s.trim().is_empty()) else {
        return Ok(finish(write::run(ctx, req)?, false, None));
    };
    if req.session_id.as_deref().is_some_and(|s| s != id) {
        return Err(Error::new(
            Code::U001,
            format!(
                "session_id と resume_session が食い違っています（{} / {id}）",
                req.session_id.as_deref().unwrap_or_default()
            ),
        )
        .hint("再開するセッションは resume_session だけで指定してください。"));
    }
    write::resume(
        ctx,
        WriteResumeRequest {
            episode: req.episode,
            session_id: id.clone(),
            dry_run: req.dry_run,
        },
    )?;
    req.session_id = Some(id.clone());
    Ok(finish(write::run(ctx, req)?, false, Some(id)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn five_phases_cover_the_ten_stages_once() {
        let mut seen = Vec::new();
        for (_, a, b) in FIVE_STAGES {
            seen.extend(a..=b);
        }
        assert_eq!(seen, (1..=10).collect::<Vec<u8>>());
        assert_eq!(phase_of(1), 1);
        assert_eq!(phase_of(5), 2);
        assert_eq!(phase_of(8), 4);
        assert_eq!(phase_of(10), 5);
        let v = five_stage_view(
            &[
                "plot_data_preparation".into(),
                "analyze_plot_structure".into(),
            ],
            Some(3),
        );
        assert_eq!(v.current_phase, Some(2));
        assert_eq!(v.phases[0].status, PhaseStatus::Completed);
        assert_eq!(v.phases[1].status, PhaseStatus::Current);
        assert_eq!(
            v.phases[4].stages,
            vec!["refine_manuscript_quality", "finalize_manuscript"]
        );
    }
}
