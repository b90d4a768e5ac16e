//! Rule weights from the author's accept/reject feedback (issue 18 item 1, seed 001 §8.2.2
//! `weight_optimization`): counts and rates of recorded decisions, nothing learned beyond
//! them. The formulas are printed by `noveler explain statistics` (`corpus_stats::explain`).

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Feedback decisions a rule needs before its weight moves or a config change is suggested.
pub const MIN_DECISIONS: usize = 5;
/// A rule rejected at this rate or more (with `MIN_DECISIONS`) gets a suggested config change.
pub const REJECT_RATE: f64 = 0.8;

fn round4(x: f64) -> f64 {
    super::metrics::round4(x)
}

/// One accept/reject decision of the author on a finding.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Decision {
    pub finding_id: String,
    pub code: String,
    pub accepted: bool,
}

/// Per rule: the author's decisions and the weight they give.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct RuleFeedback {
    pub accepted: usize,
    pub rejected: usize,
    /// accepted / (accepted + rejected).
    pub acceptance_rate: f64,
    pub original_weight: f64,
    /// `clamp(0.5 + acceptance_rate, 0.5, 1.5)` from `MIN_DECISIONS` decisions on; else 1.
    pub optimized_weight: f64,
}

/// A config change suggested for a rule the author keeps rejecting.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct ConfigSuggestion {
    pub code: String,
    pub rejected: usize,
    pub decisions: usize,
    /// Japanese.
    pub reason: String,
    /// The `.novelerrc.yaml` lines to add.
    pub novelerrc_yaml: String,
}

/// `weight_optimization` (seed 001 §8.2.2) from the recorded decisions.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct WeightOptimization {
    pub kind: String,
    pub decisions: usize,
    pub original_weights: BTreeMap<String, f64>,
    pub optimized_weights: BTreeMap<String, f64>,
    /// Weighted acceptance (Σ weight of accepted / Σ weight of decided findings) with the
    /// optimized weights minus the plain acceptance rate, on the recorded decisions (in
    /// sample: how much more of the score's weight lands on findings the author agreed with).
    pub performance_gain: f64,
    pub rules: BTreeMap<String, RuleFeedback>,
    pub suggestions: Vec<ConfigSuggestion>,
}

/// Rule weights and suggestions from `decisions` (the latest decision per finding id wins).
pub fn optimize_weights(decisions: &[Decision]) -> WeightOptimization {
    let mut latest: BTreeMap<&str, &Decision> = BTreeMap::new();
    for d in decisions {
        latest.insert(d.finding_id.as_str(), d);
    }
    let mut rules: BTreeMap<String, RuleFeedback> = BTreeMap::new();
    for d in latest.values() {
        let r = rules.entry(d.code.clone()).or_insert(RuleFeedback {
            accepted: 0,
            rejected: 0,
            acceptance_rate: 0.0,
            original_weight: 1.0,
            optimized_weight: 1.0,
        });
        if d.accepted {
            r.accepted += 1;
        } else {
            r.rejected += 1;
        }
    }
    let mut suggestions = Vec::new();
    for (code, r) in &mut rules {
        let n = r.accepted + r.rejected;
        r.acceptance_rate = round4(r.accepted as f64 / n as f64);
        if n >= MIN_DECISIONS {
            r.optimized_weight = round4((0.5 + r.acceptance_rate).clamp(0.5, 1.5));
            let reject_rate = r.rejected as f64 / n as f64;
            if reject_rate >= REJECT_RATE {
                suggestions.push(ConfigSuggestion {
                    code: code.clone(),
                    rejected: r.rejected,
                    decisions: n,
                    reason: format!(
                        "{code} の指摘を {n} 件中 {} 件退けています（{}% 以上）。この作品では外すか、重大度を下げることを検討してください。",
                        r.rejected,
                        (REJECT_RATE * 100.0) as u32
                    ),
                    novelerrc_yaml: format!("rules:\n  {code}:\n    enabled: false\n"),
                });
            }
        }
    }
    let n = latest.len();
    let plain = if n == 0 {
        0.0
    } else {
        latest.values().filter(|d| d.accepted).count() as f64 / n as f64
    };
    let (mut num, mut den) = (0.0, 0.0);
    for d in latest.values() {
        let w = rules[&d.code].optimized_weight;
        den += w;
        if d.accepted {
            num += w;
        }
    }
    let weighted = if den > 0.0 { num / den } else { 0.0 };
    WeightOptimization {
        kind: "statistics".into(),
        decisions: n,
        original_weights: rules.keys().map(|c| (c.clone(), 1.0)).collect(),
        optimized_weights: rules
            .iter()
            .map(|(c, r)| (c.clone(), r.optimized_weight))
            .collect(),
        performance_gain: round4(weighted - plain),
        rules,
        suggestions,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn feedback_weights_and_suggestions() {
        let mut ds = Vec::new();
        for i in 0..5 {
            ds.push(Decision {
                finding_id: format!("a{i}"),
                code: "INDENT_MISSING".into(),
                accepted: false,
            });
            ds.push(Decision {
                finding_id: format!("b{i}"),
                code: "TYPO".into(),
                accepted: true,
            });
        }
        // A later decision on the same id replaces the earlier one.
        ds.push(Decision {
            finding_id: "a0".into(),
            code: "INDENT_MISSING".into(),
            accepted: false,
        });
        let w = optimize_weights(&ds);
        assert_eq!(w.decisions, 10);
        assert_eq!(w.optimized_weights["INDENT_MISSING"], 0.5);
        assert_eq!(w.optimized_weights["TYPO"], 1.5);
        // plain 0.5; weighted 7.5 / 10 = 0.75.
        assert_eq!(w.performance_gain, 0.25);
        assert_eq!(w.suggestions.len(), 1);
        assert_eq!(w.suggestions[0].code, "INDENT_MISSING");
        assert!(w.suggestions[0].novelerrc_yaml.contains("enabled: false"));
    }
}
