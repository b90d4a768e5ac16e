//! The seed's quality-loop and statistics tools (issue 18, seed 001 §1.2/§6.5/§8) as table
//! rows: `run_quality_checks`, `improve_quality_until`, `record_improvement_feedback`.
//! They are in the seed profile; the default profile reaches them through `noveler`
//! (`polish N --until S`, `feedback record`) and `noveler_check`'s `ml_optimization`.

use super::adapter::{tool, Hints, ToolSpec};
use crate::commands;

/// Records feedback: a new record per call, nothing existing changes.
const RECORDS: Hints = Hints {
    read_only: false,
    destructive: false,
    idempotent: false,
};

pub fn all() -> Vec<ToolSpec> {
    vec![
        tool(
            "run_quality_checks",
            "check",
            Hints::READ_ONLY,
            "Lightweight quality check of episodes (not the 12 steps): the deterministic check \
             with metrics, findings and scores, as noveler_check. ml_optimization {enabled, \
             corpus_model_id, use_dynamic_thresholds, use_dynamic_severity, \
             auto_optimize_weights} adds metadata.ml_enhancements: statistics against the \
             author's earlier episodes or a stored corpus baseline. Next: \
             improve_quality_until or check_fix.",
            commands::check::run,
        ),
        tool(
            "improve_quality_until",
            crate::commands::improve::NAME,
            Hints::OVERWRITES,
            "Fix → re-check loop for one episode: applies the deterministic fixes up to \
             fix_level (safe/standard/aggressive; aggressive changes wording) and checks again, \
             until the overall score reaches target_score, a pass does not improve it, no fix \
             is left, or max_iterations. One backup, written once under the episode lock and \
             sha256 check (QC-018 if the file changed). Returns each iteration's score, the \
             stop reason, remaining findings by code and the diff. dry_run: write nothing.",
            commands::improve::run,
        )
        .exclusive(commands::complete::exclusive_key),
        tool(
            "record_improvement_feedback",
            crate::commands::feedback::RECORD,
            RECORDS,
            "Record a revision's before/after scores, applied fixes, remaining issues and the \
             author's accept/reject per finding id (.noveler/feedback/). Returns rule weights \
             from every decision so far and a suggested .novelerrc.yaml change for a rule the \
             author keeps rejecting (5+ decisions, 80%+ rejected).",
            commands::feedback::record,
        ),
    ]
}
