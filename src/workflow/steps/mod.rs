//! The twelve steps of the progressive check (seed 001/002; SPEC §7): what each step
//! measures deterministically, on the parsed manuscript and the project's settings
//! documents. Every step function is pure (text and parsed YAML in, issues and details out);
//! loading files, sessions and prompts is `workflow::progressive`'s job.
//!
//! A step result has two parts: what noveler measured (`Measured`: issues with locations,
//! step-specific details) and the judgment an agent makes from the step's template prompt
//! (`judgment`: an `llm_result` validated and folded into the score). Which analysis rule
//! codes belong to which step is fixed in `STEPS` (each code belongs to exactly one step;
//! a unit test keeps the table in sync with the rule registry).

pub mod approval;
pub mod basic;
pub mod common;
pub mod expression;
pub mod glossary;
pub mod judgment;
pub mod names;
pub mod plot;
pub mod rhythm;
pub mod structure;

pub use common::{IssueSource, Measured, StepContext, StepIssue};

use serde::Serialize;

/// The three phases of seed 001 §3.1.
pub const PHASES: [&str; 3] = ["basic_quality", "structure_quality", "polish"];

/// One of the twelve steps.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, schemars::JsonSchema)]
pub struct StepDef {
    pub number: u8,
    /// File-name slug of the template (`check_stepNN_<slug>.yaml`).
    pub slug: &'static str,
    /// Japanese name (`誤字脱字チェック`).
    pub name: &'static str,
    pub phase: &'static str,
    /// Japanese, one line.
    pub description: &'static str,
    pub estimated_duration: &'static str,
    /// Steps that should be completed first (advisory: any step may be run at any time;
    /// step 12 reports the steps not completed).
    pub dependencies: &'static [u8],
    /// `check_focus` of seed 001 §3.2.
    pub check_focus: &'static str,
    /// Analysis rule codes whose findings this step reports (each code in one step only).
    pub codes: &'static [&'static str],
}

impl StepDef {
    /// The template of this step, relative to `templates/`.
    pub(crate) fn template_name(&self) -> String {
        format!(
            "quality/checks/check_step{:02}_{}.yaml",
            self.number, self.slug
        )
    }

    /// Settings documents the step cannot run without (`characters`, `plot`, `glossary`).
    pub(crate) fn requires(&self) -> &'static [&'static str] {
        match self.number {
            4 => &["characters"],
            5 | 8 => &["plot"],
            6 => &["glossary"],
            _ => &[],
        }
    }
}

const BASIC: &[u8] = &[1, 2, 3];

/// The twelve steps, in order.
pub const STEPS: [StepDef; 12] = [
    StepDef {
        number: 1,
        slug: "typo_check",
        name: "誤字脱字チェック",
        phase: "basic_quality",
        description: "誤字辞書・誤変換・慣用句と送り仮名の誤り・助詞の重ね打ち・括弧の対応を調べ、誤字脱字を検出します",
        estimated_duration: "3-5分",
        dependencies: &[],
        check_focus: "typo_detection",
        codes: &[
            "TYPO",
            "HOMOPHONE_MISCONVERSION",
            "IDIOM_MISUSE",
            "WORD_MISUSE",
            "OKURIGANA_ERROR",
            "BRACKETS_MISMATCH",
            "CONTROL_CHARACTER",
            "DOUBLED_WORD",
        ],
    },
    StepDef {
        number: 2,
        slug: "grammar_notation",
        name: "文法・表記統一チェック",
        phase: "basic_quality",
        description: "句読点の誤用と表記ゆれ（漢字/かな、全角/半角、記号の書き方）を検出します",
        estimated_duration: "5-8分",
        dependencies: &[],
        check_focus: "grammar",
        codes: &[
            "GRAMMAR_PUNCTUATION",
            "NOTATION_INCONSISTENCY",
            "ELLIPSIS_STYLE",
            "DASH_STYLE",
            "HALFWIDTH_EXCLAMATION",
            "HALFWIDTH_KANA",
            "RA_NUKI",
            "I_NUKI",
            "DOUBLE_HONORIFIC",
            "DOUBLE_NEGATIVE",
            "REPEATED_CASE_PARTICLE",
            "NO_CHAIN",
            "DOUBLED_GA",
            "POLITE_STYLE_MIXED",
            "DIGIT_WIDTH_MIXED",
            "SA_IRE",
            "RE_TASU",
            "SASETE_ITADAKU_REPEATED",
            "ADVERB_AGREEMENT",
            "TARI_INCOMPLETE",
            "SUBJECT_PREDICATE_MISMATCH",
        ],
    },
    StepDef {
        number: 3,
        slug: "readability",
        name: "読みやすさ基礎チェック",
        phase: "basic_quality",
        description: "一文の長さ・漢字の割合と連続・段落の長さを測ります",
        estimated_duration: "3-5分",
        dependencies: &[],
        check_focus: "readability",
        codes: &[
            "LONG_SENTENCE",
            "HIGH_AVG_SENTENCE_LENGTH",
            "KANJI_RATIO_OUT_OF_RANGE",
            "KANJI_RUN",
            "LONG_SENTENCE_NO_COMMA",
            "DEMONSTRATIVE_OVERUSE",
            "ADVERB_REPETITION",
        ],
    },
    StepDef {
        number: 4,
        slug: "character_consistency",
        name: "キャラクター一貫性チェック",
        phase: "structure_quality",
        description: "人物名の表記をキャラクター.yamlと照合し、不一致・未登録の名前を検出します",
        estimated_duration: "5-10分",
        dependencies: BASIC,
        check_focus: "character",
        codes: &[],
    },
    StepDef {
        number: 5,
        slug: "plot_consistency",
        name: "プロット整合性チェック",
        phase: "structure_quality",
        description: "話別プロットのkey_events・場面数・タイトルを本文と照合します",
        estimated_duration: "5-10分",
        dependencies: BASIC,
        check_focus: "plot",
        codes: &[],
    },
    StepDef {
        number: 6,
        slug: "worldbuilding",
        name: "世界観・設定チェック",
        phase: "structure_quality",
        description: "用語集の用語と表記ゆれの使用を調べます",
        estimated_duration: "5-8分",
        dependencies: BASIC,
        check_focus: "worldbuilding",
        codes: &[],
    },
    StepDef {
        number: 7,
        slug: "structure",
        name: "構造・起承転結チェック",
        phase: "structure_quality",
        description: "セクションの数と長さ、冒頭と結末、山場と引きの位置を測ります",
        estimated_duration: "5-10分",
        dependencies: BASIC,
        check_focus: "structure",
        codes: &[],
    },
    StepDef {
        number: 8,
        slug: "foreshadowing",
        name: "伏線・回収チェック",
        phase: "structure_quality",
        description: "プロットの伏線がこの話で植えられ・回収されているかを調べます",
        estimated_duration: "5-8分",
        dependencies: BASIC,
        check_focus: "foreshadowing",
        codes: &[],
    },
    StepDef {
        number: 9,
        slug: "scene_transition",
        name: "シーン転換チェック",
        phase: "structure_quality",
        description: "場面転換の記号の統一と、転換直後の導入の長さを調べます",
        estimated_duration: "3-5分",
        dependencies: BASIC,
        check_focus: "scene_transition",
        codes: &["EMPTY_LINE_RUNS"],
    },
    StepDef {
        number: 10,
        slug: "expression_style",
        name: "文章表現・文体チェック",
        phase: "polish",
        description: "禁止表現・文末の単調さ・記号の作法・比喩の密度・文頭の繰り返しを調べます",
        estimated_duration: "5-10分",
        dependencies: BASIC,
        check_focus: "expression",
        codes: &[
            "FORBIDDEN_EXPRESSION",
            "TAUTOLOGY",
            "REDUNDANT_EXPRESSION",
            "REPEATED_CONJUNCTION",
            "ENDING_REPETITION",
            "PERIOD_BEFORE_CLOSE",
            "EXCLAMATION_SPACE",
            "INDENT_MISSING",
            "ELLIPSIS_ODD_COUNT",
            "TRAILING_SPACES",
            "TAB_FOUND",
            "DOUBLE_SPACES",
        ],
    },
    StepDef {
        number: 11,
        slug: "rhythm_tempo",
        name: "リズム・テンポチェック",
        phase: "polish",
        description: "地の文の文長分布・移動平均・短文/長文の連続・会話比率・読点を測ります",
        estimated_duration: "3-5分",
        dependencies: BASIC,
        check_focus: "rhythm",
        codes: &[
            "CONSECUTIVE_LONG_SENTENCES",
            "CONSECUTIVE_SHORT_SENTENCES",
            "DIALOGUE_RATIO_OUT_OF_RANGE",
            "COMMA_AVG_OUT_OF_RANGE",
            "COMMA_OVERUSE",
            "WINDOW_OUT_OF_RANGE",
        ],
    },
    StepDef {
        number: 12,
        slug: "final_approval",
        name: "総合品質認定",
        phase: "polish",
        description: "正味文字数が目標範囲にあり、1〜11が合格していることを確かめて認定します",
        estimated_duration: "3-5分",
        dependencies: &[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
        check_focus: "final",
        codes: &["LENGTH_OUT_OF_RANGE"],
    },
];

/// Number of steps.
pub const TOTAL_STEPS: u8 = 12;

/// The step with this number.
pub(crate) fn by_number(n: u32) -> Option<&'static StepDef> {
    STEPS.iter().find(|s| u32::from(s.number) == n)
}

/// Valid step numbers (for QC-003).
pub fn valid_steps() -> Vec<u8> {
    STEPS.iter().map(|s| s.number).collect()
}

/// Runs the deterministic part of `step`.
pub fn measure(step: &StepDef, cx: &StepContext) -> Measured {
    let mut m = match step.number {
        1 => basic::typo(cx),
        2 => basic::grammar(cx),
        3 => basic::readability(cx),
        4 => names::check(cx),
        5 => plot::key_events(cx),
        6 => glossary::check(cx),
        7 => structure::structure(cx),
        8 => plot::foreshadowing(cx),
        9 => structure::transitions(cx),
        10 => expression::check(cx),
        11 => rhythm::check(cx),
        _ => approval::check(cx),
    };
    let mut from_rules: Vec<StepIssue> = cx
        .analysis
        .findings
        .iter()
        .filter(|f| step.codes.contains(&f.code.as_str()))
        .map(common::from_finding)
        .collect();
    from_rules.append(&mut m.issues);
    from_rules.sort_by(|a, b| {
        (a.line.unwrap_or(0), a.column.unwrap_or(0), &a.code).cmp(&(
            b.line.unwrap_or(0),
            b.column.unwrap_or(0),
            &b.code,
        ))
    });
    m.issues = from_rules;
    m
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rule_code_belongs_to_exactly_one_step() {
        for rule in crate::analysis::rules::registry() {
            let code = rule.meta().code;
            let owners: Vec<u8> = STEPS
                .iter()
                .filter(|s| s.codes.contains(&code))
                .map(|s| s.number)
                .collect();
            assert_eq!(owners.len(), 1, "{code} is in steps {owners:?}");
        }
        for (i, s) in STEPS.iter().enumerate() {
            assert_eq!(usize::from(s.number), i + 1);
            assert!(PHASES.contains(&s.phase));
        }
    }

    #[test]
    fn every_step_has_a_template_that_parses() {
        for s in &STEPS {
            let t = crate::workflow::templates::load(
                std::path::Path::new("/nonexistent"),
                &s.template_name(),
            )
            .unwrap_or_else(|e| panic!("{}: {e}", s.template_name()));
            assert_eq!(t.doc.title, s.name, "{}", s.number);
            assert_eq!(t.doc.id, format!("check_step{:02}_{}", s.number, s.slug));
            assert!(t.doc.parameters["pass_score"].is_number());
            assert!(t.doc.output_schema["properties"]["metrics"].is_object());
        }
    }
}
