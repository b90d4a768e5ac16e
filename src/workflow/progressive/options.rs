//! Check options, config overrides and the iteration policy.

use super::*;

// Options and overrides

/// `config_overrides.target_length` (seed 001 §3.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct LengthOverride {
    pub min: usize,
    pub max: usize,
}

/// Temporary overrides of the project config for this session or step.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct ConfigOverrides {
    /// Replaces `writing.episode.target_length`; lets a check run without (or with an
    /// invalid) project config (source `override`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target_length: Option<LengthOverride>,
}

/// Check options (seed 001 §3.1 inputs), fixed per session unless a step overrides them.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct CheckOptions {
    /// Exclude dialogue lines from sentence-length (rhythm) figures. Default true.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exclude_dialogue_lines: Option<bool>,
    /// Moving-average window over narration sentence lengths. Default 5.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub window_size: Option<usize>,
    /// Rule profile (preset). Only `narou` exists so far.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rule_profile: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub config_overrides: Option<ConfigOverrides>,
    /// Step 12: approve although earlier steps' judgments are pending (recorded as such).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub accept_unjudged: Option<bool>,
}

impl CheckOptions {
    /// Options of `self` where set, else of `base`.
    pub fn or(&self, base: &CheckOptions) -> CheckOptions {
        CheckOptions {
            exclude_dialogue_lines: self.exclude_dialogue_lines.or(base.exclude_dialogue_lines),
            window_size: self.window_size.or(base.window_size),
            rule_profile: self
                .rule_profile
                .clone()
                .or_else(|| base.rule_profile.clone()),
            config_overrides: self
                .config_overrides
                .clone()
                .filter(|c| c.target_length.is_some())
                .or_else(|| base.config_overrides.clone()),
            // A decision of this call, never inherited from the session.
            accept_unjudged: self.accept_unjudged,
        }
    }

    pub(super) fn validate(&self) -> Result<()> {
        if let Some(p) = &self.rule_profile {
            if p != "narou" {
                return Err(
                    Error::new(Code::U001, format!("rule_profile「{p}」は使えません"))
                        .hint("使えるプロファイルは narou です。")
                        .details(serde_json::json!({"valid_profiles": ["narou"]})),
                );
            }
        }
        if self.window_size == Some(0) {
            return Err(Error::new(
                Code::U001,
                "window_size は 1 以上にしてください",
            ));
        }
        if let Some(l) = self.config_overrides.as_ref().and_then(|c| c.target_length) {
            if l.min >= l.max {
                return Err(Error::new(
                    Code::U001,
                    format!(
                        "config_overrides.target_length が不正です（min {} が max {} 以上）",
                        l.min, l.max
                    ),
                )
                .hint("min < max の整数で指定してください。"));
            }
        }
        Ok(())
    }

    pub(super) fn override_length(&self) -> Option<TargetLength> {
        self.config_overrides
            .as_ref()
            .and_then(|c| c.target_length)
            .map(|l| TargetLength {
                min: l.min,
                max: l.max,
                source: LengthSource::Override,
            })
    }

    /// Folds the options into analysis settings.
    pub fn apply(&self, settings: &mut Settings) {
        if let Some(x) = self.exclude_dialogue_lines {
            settings.exclude_dialogue_lines = x;
        }
        if let Some(w) = self.window_size {
            settings.thresholds.window_size = w;
        }
    }
}

/// IterationPolicy (seed 001 §6.3).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct IterationPolicy {
    /// Most attempts (default 1).
    #[serde(default = "one")]
    pub count: u32,
    /// Stop once the step passes its acceptance criteria.
    #[serde(default)]
    pub until_pass: bool,
    /// Stop when an attempt improves the score by less than this over the previous one.
    #[serde(default)]
    pub min_improvement: f64,
    /// Stop (QC-007) when this many seconds have passed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time_budget_s: Option<u64>,
    /// Accepted for compatibility (future cost limits); not used.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cost_budget: Option<u64>,
    /// Accepted for compatibility: noveler never calls a model, so every run is "dry".
    #[serde(default)]
    pub dry_run: bool,
}

pub(super) fn one() -> u32 {
    1
}

impl Default for IterationPolicy {
    fn default() -> Self {
        IterationPolicy {
            count: 1,
            until_pass: false,
            min_improvement: 0.0,
            time_budget_s: None,
            cost_budget: None,
            dry_run: false,
        }
    }
}
