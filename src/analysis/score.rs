//! Scores (SPEC §4): per aspect `max(0, 100 − Σ penalty)`; overall = minimum of the aspect
//! scores, or their weighted average when weights are configured.

use super::{Aspect, Finding, Settings};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Scores {
    pub rhythm: f64,
    pub readability: f64,
    pub grammar: f64,
    pub style: f64,
    pub length: f64,
    pub content: f64,
    pub overall: f64,
}

impl Scores {
    pub fn get(&self, aspect: Aspect) -> f64 {
        match aspect {
            Aspect::Rhythm => self.rhythm,
            Aspect::Readability => self.readability,
            Aspect::Grammar => self.grammar,
            Aspect::Style => self.style,
            Aspect::Length => self.length,
            Aspect::Content => self.content,
        }
    }
}

pub fn compute(findings: &[Finding], settings: &Settings) -> Scores {
    let aspect_score = |aspect: Aspect| {
        let penalty: f64 = findings
            .iter()
            .filter(|f| f.aspect == aspect)
            .map(|f| f.severity.penalty())
            .sum();
        (100.0 - penalty).max(0.0)
    };
    let mut scores = Scores {
        rhythm: aspect_score(Aspect::Rhythm),
        readability: aspect_score(Aspect::Readability),
        grammar: aspect_score(Aspect::Grammar),
        style: aspect_score(Aspect::Style),
        length: aspect_score(Aspect::Length),
        content: aspect_score(Aspect::Content),
        overall: 0.0,
    };
    let checked: Vec<Aspect> = Aspect::ALL
        .into_iter()
        .filter(|a| settings.aspects.is_empty() || settings.aspects.contains(a))
        .collect();
    let total_weight: f64 = checked
        .iter()
        .map(|a| settings.weights.get(a).copied().unwrap_or(0.0))
        .sum();
    scores.overall = if settings.weights.is_empty() || total_weight <= 0.0 {
        checked.iter().map(|&a| scores.get(a)).fold(100.0, f64::min)
    } else {
        let sum: f64 = checked
            .iter()
            .map(|&a| scores.get(a) * settings.weights.get(&a).copied().unwrap_or(0.0))
            .sum();
        (sum / total_weight * 10.0).round() / 10.0
    };
    scores
}
