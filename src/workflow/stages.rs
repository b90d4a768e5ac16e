//! The ten writing stages (SPEC §7, seed 000 §3.1): their numbers, ids, the names other
//! clients use for them, and the template each is rendered from.

use crate::error::{Code, Error, Result};

/// One stage of the ten.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StageDef {
    /// 1-based.
    pub number: u8,
    /// The canonical id (seed 000 §5.1 `stage` enum).
    pub id: &'static str,
    /// Other names accepted for it: the `write_stage` enum of seed 000 §5.4.1 and the
    /// original class names.
    pub aliases: &'static [&'static str],
    /// Japanese title shown to authors.
    pub title: &'static str,
    /// Turns the original system expected an agent to need.
    pub expected_turns: u8,
}

impl StageDef {
    /// `templates/writing/stageNN_<id>.yaml`, relative to `templates/`.
    pub(crate) fn template_name(&self) -> String {
        format!("writing/stage{:02}_{}.yaml", self.number, self.id)
    }

    /// `stageNN_<id>`: the stem used for log files.
    pub(crate) fn stem(&self) -> String {
        format!("stage{:02}_{}", self.number, self.id)
    }

    /// Whether the submission of this stage is a manuscript written to `40_原稿/`.
    pub(crate) fn writes_manuscript(&self) -> bool {
        self.number >= 8
    }
}

pub const TOTAL_STAGES: u8 = 10;

pub const STAGES: [StageDef; 10] = [
    StageDef {
        number: 1,
        id: "plot_data_preparation",
        aliases: &["PlotDataPreparationStage", "prepare_plot_data"],
        title: "プロット・データ準備",
        expected_turns: 2,
    },
    StageDef {
        number: 2,
        id: "analyze_plot_structure",
        aliases: &["plot_structure_analysis", "PlotAnalysisDesignStage"],
        title: "プロット分析・構成設計",
        expected_turns: 2,
    },
    StageDef {
        number: 3,
        id: "design_emotional_flow",
        aliases: &["emotional_flow_design", "EmotionalRelationshipDesignStage"],
        title: "感情・関係性設計",
        expected_turns: 2,
    },
    StageDef {
        number: 4,
        id: "design_humor_elements",
        aliases: &["humor_elements_design", "HumorCharmDesignStage"],
        title: "ユーモア・魅力設計",
        expected_turns: 2,
    },
    StageDef {
        number: 5,
        id: "design_character_dialogue",
        aliases: &[
            "character_dialogue_design",
            "CharacterPsychologyDialogueDesignStage",
        ],
        title: "キャラクター心理・対話設計",
        expected_turns: 2,
    },
    StageDef {
        number: 6,
        id: "design_scene_atmosphere",
        aliases: &[
            "scene_atmosphere_design",
            "SceneDirectionAtmosphereDesignStage",
        ],
        title: "場面演出・雰囲気設計",
        expected_turns: 2,
    },
    StageDef {
        number: 7,
        id: "adjust_logic_consistency",
        aliases: &[
            "logic_consistency_adjust",
            "LogicConsistencyAdjustmentStage",
        ],
        title: "論理整合性調整",
        expected_turns: 2,
    },
    StageDef {
        number: 8,
        id: "write_manuscript_draft",
        aliases: &["manuscript_draft_generate", "ManuscriptWritingStage"],
        title: "原稿執筆",
        expected_turns: 3,
    },
    StageDef {
        number: 9,
        id: "refine_manuscript_quality",
        aliases: &["quality_refinement", "QualityRefinementStage"],
        title: "品質仕上げ",
        expected_turns: 2,
    },
    StageDef {
        number: 10,
        id: "finalize_manuscript",
        aliases: &["final_adjustment", "FinalAdjustmentStage"],
        title: "最終調整",
        expected_turns: 1,
    },
];

/// The stage with this number (1–10).
pub(crate) fn by_number(n: u32) -> Option<&'static StageDef> {
    STAGES.iter().find(|s| u32::from(s.number) == n)
}

/// The stage with this id or alias (case-insensitive, `-` read as `_`).
pub(crate) fn by_name(name: &str) -> Option<&'static StageDef> {
    let wanted = name.trim().replace('-', "_").to_ascii_lowercase();
    STAGES
        .iter()
        .find(|s| s.id == wanted || s.aliases.iter().any(|a| a.to_ascii_lowercase() == wanted))
}

/// Resolves a stage given as a number (`3`, `03`, `step3`, `STEP 3`) or a name.
pub fn parse(text: &str) -> Result<&'static StageDef> {
    let t = text.trim();
    let digits = t
        .trim_start_matches(|c: char| c.is_ascii_alphabetic() || c == '_' || c == ' ')
        .trim();
    if !digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit()) {
        if let Some(s) = digits.parse::<u32>().ok().and_then(by_number) {
            return Ok(s);
        }
    } else if let Some(s) = by_name(t) {
        return Ok(s);
    }
    Err(invalid_stage(t))
}

/// QC-003 with the list of valid stages.
pub(crate) fn invalid_stage(given: &str) -> Error {
    let valid: Vec<serde_json::Value> = STAGES
        .iter()
        .map(|s| serde_json::json!({"step": s.number, "stage": s.id, "title": s.title}))
        .collect();
    Error::new(Code::QC003, format!("執筆段階「{given}」はありません"))
        .hint("1〜10 の番号か、plot_data_preparation などの段階名を指定してください。")
        .details(serde_json::json!({ "valid_stages": valid }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_and_names_resolve() {
        assert_eq!(parse("1").unwrap().id, "plot_data_preparation");
        assert_eq!(parse("08").unwrap().id, "write_manuscript_draft");
        assert_eq!(parse("step10").unwrap().id, "finalize_manuscript");
        assert_eq!(parse("plot_structure_analysis").unwrap().number, 2);
        assert_eq!(parse("Design-Humor-Elements").unwrap().number, 4);
        assert_eq!(parse("QualityRefinementStage").unwrap().number, 9);
        assert_eq!(parse("11").unwrap_err().code, Code::QC003);
        assert_eq!(parse("0").unwrap_err().code, Code::QC003);
        assert_eq!(parse("outline").unwrap_err().code, Code::QC003);
    }

    #[test]
    fn table_is_ordered_and_complete() {
        for (i, s) in STAGES.iter().enumerate() {
            assert_eq!(usize::from(s.number), i + 1);
            assert!(s.template_name().starts_with("writing/stage"));
        }
        assert_eq!(STAGES.len(), usize::from(TOTAL_STAGES));
    }
}
