//! check_fix (MCP): apply the safe fixes of a check.

use super::*;

// check_fix (MCP)

pub(super) fn safe() -> Applicability {
    Applicability::Safe
}

/// Apply automatic fixes to an episode (seed 000 §5.4.2 check_fix).
#[derive(Debug, Clone, Deserialize, schemars::JsonSchema)]
pub struct CheckFixRequest {
    /// Episode number.
    #[serde(alias = "episode_number")]
    pub episode: u32,
    /// safe (default), standard or aggressive.
    #[serde(default = "safe")]
    pub fix_level: Applicability,
    /// Only these findings (ids from check); default: every fixable finding.
    #[serde(default)]
    pub issue_ids: Vec<String>,
    /// Only these rule codes.
    #[serde(default)]
    pub codes: Vec<String>,
    /// Show the diff without writing.
    #[serde(default)]
    pub dry_run: bool,
    /// Refuse (QC-018) unless the manuscript still has this sha256.
    #[serde(default)]
    pub expected_sha256: Option<String>,
}

pub fn check_fix(ctx: &Ctx, req: CheckFixRequest) -> Result<PolishReport> {
    run(
        ctx,
        PolishRequest {
            episode: Some(req.episode),
            file: None,
            level: Some(req.fix_level),
            apply: !req.dry_run,
            codes: req.codes,
            issue_ids: req.issue_ids,
            expected_sha256: req.expected_sha256,
            backup_taken: None,
        },
    )
}
