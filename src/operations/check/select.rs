//! The rule selection of one run (`--select CODE` / `--ignore CODE`, as ruff has them) and
//! the effective settings of a check (`--show-settings`, as ruff's): what the project's
//! configs and the command line add up to, before anything is analysed.

use super::{settings_for, CheckRequest};
use crate::analysis::rules::{lookup, registry};
use crate::analysis::settings::{TargetLength, Thresholds};
use crate::analysis::{Aspect, Settings, Severity};
use crate::error::{Code, Error, Result};
use crate::project::Project;
use crate::store::FileRef;
use serde::Serialize;
use std::collections::BTreeMap;

/// `code` as a registry code (any case), or U001 naming the nearest one.
fn known(code: &str, flag: &str) -> Result<String> {
    let up = code.trim().to_ascii_uppercase();
    if lookup(&up).is_some() {
        return Ok(up);
    }
    let nearest = registry()
        .iter()
        .map(|r| r.meta().code)
        .map(|c| (strsim::jaro_winkler(&up, c), c))
        .filter(|(score, _)| *score >= 0.8)
        .max_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, c)| c);
    let mut err = Error::new(
        Code::U001,
        format!("{flag} のルールコード {code} はありません"),
    )
    .suggest("noveler rules");
    err = match nearest {
        Some(c) => err.hint(format!(
            "{c} のことですか？ コードの一覧は noveler rules で見られます。"
        )),
        None => err.hint("コードの一覧は noveler rules で見られます。"),
    };
    Err(err)
}

/// Applies `--select` (only these rules run, even ones the config or preset turns off) and
/// then `--ignore` (these do not run) as rule overrides of this run.
pub(crate) fn apply(settings: &mut Settings, select: &[String], ignore: &[String]) -> Result<()> {
    if !select.is_empty() {
        let chosen = select
            .iter()
            .map(|c| known(c, "--select"))
            .collect::<Result<Vec<_>>>()?;
        for rule in registry() {
            let code = rule.meta().code;
            settings.rules.entry(code.to_string()).or_default().enabled =
                Some(chosen.iter().any(|c| c == code));
        }
    }
    for code in ignore {
        let code = known(code, "--ignore")?;
        settings.rules.entry(code).or_default().enabled = Some(false);
    }
    Ok(())
}

/// One rule as the check will run it.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct RuleSetting {
    pub aspect: Aspect,
    pub enabled: bool,
    pub severity: Severity,
}

/// `check --show-settings`: the settings a check with these options would run with.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct SettingsReport {
    /// The config files read, relative to the project root.
    pub config_files: Vec<String>,
    /// The preset (Aozora Bunko `.txt` files use `literary` unless one was chosen).
    pub preset: String,
    pub preset_chosen: bool,
    pub exclude_dialogue_lines: bool,
    pub target_length: TargetLength,
    pub thresholds: Thresholds,
    /// Only these aspects are checked (all when empty).
    pub aspects: Vec<Aspect>,
    pub weights: BTreeMap<Aspect, f64>,
    pub rules: BTreeMap<String, RuleSetting>,
    pub ignore_paths: Vec<String>,
    pub per_file_ignores: BTreeMap<String, Vec<String>>,
    pub accepted_words: Vec<String>,
    pub forbidden_expressions: Vec<String>,
    pub notation_preferences: Vec<String>,
    /// Entries in each word list (defaults plus the config's `word_lists`).
    pub word_lists: BTreeMap<String, usize>,
    pub max_findings_per_rule: usize,
    /// The config files read (the envelope's inputs).
    #[serde(skip)]
    #[schemars(skip)]
    pub inputs: Vec<FileRef>,
}

/// The effective settings of a check with `req` on `project` (nothing is analysed).
pub fn show(project: &Project, req: &CheckRequest) -> Result<SettingsReport> {
    let s = settings_for(project, req)?;
    let inputs = project.config_refs("config");
    let rules = registry()
        .iter()
        .map(|r| {
            let m = r.meta();
            let setting = RuleSetting {
                aspect: m.aspect,
                enabled: s.is_enabled(m.code, m.aspect),
                severity: s.severity_for(m.code, m.default_severity),
            };
            (m.code.to_string(), setting)
        })
        .collect();
    let per_file_ignores = project
        .rc
        .per_file_ignores
        .iter()
        .map(|(glob, codes)| (glob.clone(), codes.iter().map(|c| c.0.clone()).collect()))
        .collect();
    let word_lists = [
        ("typos", s.typos.len()),
        ("notation_pairs", s.notation_pairs.len()),
        ("tautologies", s.tautologies.len()),
        ("redundant_expressions", s.redundant_expressions.len()),
    ]
    .into_iter()
    .map(|(k, n)| (k.to_string(), n))
    .collect();
    Ok(SettingsReport {
        config_files: inputs.iter().map(|f| f.path.clone()).collect(),
        preset: s.preset.clone(),
        preset_chosen: s.preset_explicit,
        exclude_dialogue_lines: s.exclude_dialogue_lines,
        target_length: s.target_length,
        thresholds: s.thresholds.clone(),
        aspects: s.aspects.clone(),
        weights: s.weights.clone(),
        rules,
        ignore_paths: project.rc.ignore.paths.clone(),
        per_file_ignores,
        accepted_words: s.accepted_words.clone(),
        forbidden_expressions: s.forbidden_expressions.clone(),
        notation_preferences: s.notation_preferences.clone(),
        word_lists,
        max_findings_per_rule: project
            .rc
            .max_findings_per_rule
            .unwrap_or(super::MAX_FINDINGS_PER_RULE),
        inputs,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn select_runs_only_the_named_rules_and_ignore_drops_them() {
        let mut s = Settings::default();
        apply(&mut s, &["no_chain".into()], &[]).unwrap();
        assert!(s.is_enabled("NO_CHAIN", Aspect::Readability));
        assert!(!s.is_enabled("ELLIPSIS_STYLE", Aspect::Style));
        apply(&mut s, &[], &["NO_CHAIN".into()]).unwrap();
        assert!(!s.is_enabled("NO_CHAIN", Aspect::Readability));
        let err = apply(&mut s, &["NO_CHAINS".into()], &[]).unwrap_err();
        assert_eq!(err.code, Code::U001);
        assert!(err.hint.contains("NO_CHAIN"), "{}", err.hint);
    }
}
