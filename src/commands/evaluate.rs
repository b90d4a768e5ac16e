//! The judged evaluations (seed 000 §3.2, §5.4.2): `check_story_elements`,
//! `check_story_structure`, `check_writing_expression` and `generate_episode_preview`. The
//! engine is `workflow::evaluation` (prompts, measured part, the agent's judgment folded in);
//! this verb names the envelopes and what each report read and wrote.

use super::Report;
use crate::store::FileRef;

pub use crate::workflow::evaluation::{
    full_check, preview, story_elements, story_structure, writing_expression, AnalysisResults,
    AnalysisStage, EvaluatedText, FullCheckReport, FullCheckRequest, JudgedReport, JudgedRequest,
    PreviewReport, PreviewRequest, StoryElementsReport, StoryElementsRequest, StoryStructureReport,
    ThreeStages, WritingExpressionReport,
};

/// The envelope `command` both adapters use: the CLI verb and the `check_story_elements` tool.
pub const STORY_ELEMENTS: &str = "check_story_elements";
/// The envelope `command` both adapters use: the CLI verb and the `check_story_structure` tool.
pub const STORY_STRUCTURE: &str = "check_story_structure";
/// The envelope `command` both adapters use: the CLI verb and the `check_writing_expression` tool.
pub const WRITING_EXPRESSION: &str = "check_writing_expression";
/// The envelope `command` both adapters use: the CLI verb and the `generate_episode_preview` tool.
pub const PREVIEW: &str = "generate_episode_preview";

impl Report for StoryElementsReport {
    fn inputs(&self) -> Vec<FileRef> {
        StoryElementsReport::inputs(self)
    }
    fn outputs(&self) -> Vec<FileRef> {
        StoryElementsReport::outputs(self)
    }
}

impl Report for JudgedReport {
    fn inputs(&self) -> Vec<FileRef> {
        JudgedReport::inputs(self)
    }
}

impl Report for StoryStructureReport {
    fn inputs(&self) -> Vec<FileRef> {
        self.report.inputs()
    }
}

impl Report for WritingExpressionReport {
    fn inputs(&self) -> Vec<FileRef> {
        self.report.inputs()
    }
}

impl Report for PreviewReport {
    fn inputs(&self) -> Vec<FileRef> {
        PreviewReport::inputs(self)
    }
}
