//! The tools a check step's result points to, recorded per attempt in the session manifest
//! (seed 001 §4: `available_tools`, `tool_selection_status`). noveler picks them from the
//! attempt itself — deterministic, so `tool_selection_status` is `auto` (`none` when no
//! tool applies): `check_fix` when a finding has an automatic fix, `execute_check_step`
//! (with `llm_result`) while the judgment is pending, `progressive_check_repeat_step` when
//! the step failed, `fetch_artifact` when the prompt references documents.

use serde::{Deserialize, Serialize};

/// `tool_selection_status` of an attempt: `auto` (noveler chose `available_tools`) or
/// `none` (no tool applies; also what a manifest written before the field reads as).
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum ToolSelection {
    Auto,
    #[default]
    #[serde(alias = "")]
    None,
}

/// `(available_tools, tool_selection_status)` of an attempt.
pub fn select(
    fixable: usize,
    llm_pending: bool,
    passed: bool,
    references: usize,
) -> (Vec<String>, ToolSelection) {
    let mut tools = Vec::new();
    if fixable > 0 {
        tools.push("check_fix");
    }
    if llm_pending {
        tools.push("execute_check_step");
    }
    if !passed {
        tools.push("progressive_check_repeat_step");
    }
    if references > 0 {
        tools.push("fetch_artifact");
    }
    let status = if tools.is_empty() {
        ToolSelection::None
    } else {
        ToolSelection::Auto
    };
    (tools.into_iter().map(str::to_string).collect(), status)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tools_follow_the_attempt() {
        let (t, s) = select(2, true, false, 1);
        assert_eq!(
            t,
            vec![
                "check_fix",
                "execute_check_step",
                "progressive_check_repeat_step",
                "fetch_artifact"
            ]
        );
        assert_eq!(s, ToolSelection::Auto);
        let (t, s) = select(0, false, true, 0);
        assert!(t.is_empty());
        assert_eq!(s, ToolSelection::None);
    }
}
