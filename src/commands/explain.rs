//! `noveler explain CODE` and `noveler rules`: the rule documentation; `noveler explain
//! scoring`: how scores are computed (`analysis::score::explain`); `noveler explain
//! suppression`: every way to silence a finding (`SUPPRESSION`).

use super::{Ctx, Report};
use crate::analysis::rules::{lookup, registry, RuleMeta};
use crate::analysis::{Applicability, Aspect, Severity};
use crate::error::{Code, Error, Result};
use serde::{Deserialize, Serialize};

#[derive(Clone, Debug, Serialize, Deserialize, schemars::JsonSchema)]
pub struct RuleInfo {
    pub code: String,
    pub aspect: Aspect,
    pub default_severity: Severity,
    pub summary: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fix: Option<Applicability>,
    /// 何を
    pub what: String,
    /// なぜ
    pub why: String,
    /// 例
    pub example: String,
    /// 修正例
    pub fixed: String,
}

impl From<&RuleMeta> for RuleInfo {
    fn from(m: &RuleMeta) -> Self {
        RuleInfo {
            code: m.code.into(),
            aspect: m.aspect,
            default_severity: m.default_severity,
            summary: m.summary.into(),
            fix: m.fix,
            what: m.doc.what.into(),
            why: m.doc.why.into(),
            example: m.doc.example.into(),
            fixed: m.doc.fixed.into(),
        }
    }
}

#[derive(Clone, Debug, Default, Deserialize, schemars::JsonSchema)]
pub struct ExplainRequest {
    /// Rule code, e.g. `CONSECUTIVE_LONG_SENTENCES` (case-insensitive), `scoring` for
    /// the score formula, `statistics` for the corpus statistics (`ml_optimization`), or
    /// `suppression` for the ways to silence a finding.
    pub code: String,
}

#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct ExplainReport {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rule: Option<RuleInfo>,
    /// The score formula and its constants (Japanese), for `scoring`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scoring: Option<String>,
    /// The corpus statistics formulas (Japanese), for `statistics`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub statistics: Option<String>,
    /// The ways to silence a finding (Japanese), for `suppression`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub suppression: Option<String>,
}

/// `noveler explain suppression`: every way to silence a finding, narrowest first, with
/// where each is counted (`summary.suppressed`). The README and the `.novelerrc.yaml` that
/// `init` writes say the same in brief.
pub const SUPPRESSION: &str = "指摘を抑える方法（狭いものから順に）

1. その行だけ（原稿に書く）
   抑えたい行の前の行に、その行だけで書きます。CODE は指摘に出る規則コード（複数はカンマ区切り、省くとすべての規則）。
     <!-- noveler-disable-next-line ENDING_REPETITION -->
   .txt の原稿では青空文庫の注記の形でも書けます（公開用テキストには出ません）:
     ［＃noveler-disable-next-line ENDING_REPETITION］
2. ある範囲（原稿に書く）
     <!-- noveler-disable NO_CHAIN -->
     …この間の NO_CHAIN を出さない…
     <!-- noveler-enable NO_CHAIN -->
   enable がなければファイルの終わりまで。コメントの行は本文に数えず、公開用テキストにも出ません。
3. 名前・造語（.novelerrc.yaml）
     accepted_words: [汐路蒼, 潮見図]
   この語の中にかかる指摘を出しません。
4. ファイルごと（.novelerrc.yaml）
     per-file-ignores:
       \"40_原稿/第000話_*.md\": [LENGTH_OUT_OF_RANGE]
5. 規則ごと（.novelerrc.yaml、またはコマンドラインで一回だけ）
     rules:
       NO_CHAIN: {enabled: false}       # 重大度だけ変えるなら {severity: low}
     ignore:
       codes: [NO_CHAIN]
   noveler check --ignore NO_CHAIN（その回だけ外す） / --select CODE（その規則だけ見る）
6. 今ある指摘をまとめて（ベースライン）
     noveler check --write-baseline     # プロジェクト直下の .noveler-baseline.json に記録。git にコミットします
     noveler check --baseline           # 記録した指摘を除いて、新しい指摘だけを出す
   話全体の指摘（文字数・比率）は話と規則で、ほかの指摘は指摘された文字列と前後数文字で覚えるので、
   別の場所を書き足しても戻りません。その文字列を書き換えると、指摘はまた出ます。

抑えた指摘は合否にもスコアにも数えず、件数だけを出します（テキストの最後の行の「抑制」、JSON の summary.suppressed）。
指摘の id（テキスト出力の各指摘にある 12 桁）は noveler feedback record EP --reject ID（採否の記録）と
noveler polish EP --issue-ids ID（その指摘だけ直す）に渡せます。id は原稿を書き換えると変わります。
";

impl Report for ExplainReport {}

pub fn explain(_ctx: &Ctx, req: ExplainRequest) -> Result<ExplainReport> {
    let code = req.code.trim().to_ascii_uppercase();
    if code == "SCORING" {
        return Ok(ExplainReport {
            rule: None,
            scoring: Some(crate::analysis::score::explain()),
            statistics: None,
            suppression: None,
        });
    }
    if code == "STATISTICS" {
        return Ok(ExplainReport {
            rule: None,
            scoring: None,
            statistics: Some(crate::analysis::corpus_stats::explain()),
            suppression: None,
        });
    }
    if code == "SUPPRESSION" {
        return Ok(ExplainReport {
            rule: None,
            scoring: None,
            statistics: None,
            suppression: Some(SUPPRESSION.to_string()),
        });
    }
    let rule = lookup(&code).ok_or_else(|| {
        Error::new(
            Code::U001,
            format!("ルールコード {} はありません", req.code),
        )
        .hint("`noveler rules` で一覧を確認してください。")
        .suggest("noveler rules")
    })?;
    Ok(ExplainReport {
        rule: Some(rule.meta().into()),
        scoring: None,
        statistics: None,
        suppression: None,
    })
}

#[derive(Clone, Debug, Default, Deserialize, schemars::JsonSchema)]
pub struct RulesRequest {}

#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct RulesReport {
    pub rules: Vec<RuleInfo>,
}

impl Report for RulesReport {}

pub fn rules(_ctx: &Ctx, _req: RulesRequest) -> Result<RulesReport> {
    Ok(RulesReport {
        rules: registry().iter().map(|r| r.meta().into()).collect(),
    })
}
