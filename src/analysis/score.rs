//! Scores (SPEC §4 "Scores", revised 2026-11-29). One formula for `check`, the progressive
//! check steps, `status` and `complete`; `noveler explain scoring` prints `explain()`.
//!
//! - A rule's raw penalty is its findings' weights (low 2, medium 5, high 10, critical 20)
//!   per 1,000 body characters — its weighted density; texts under 1,000 characters count
//!   as 1,000, so a short text is not punished harder per finding than a long one. A rule
//!   that measures the whole text (length, dialogue ratio, averages) fires at most once and
//!   is charged its weight as is: its density would mean nothing.
//! - Each rule's penalty saturates towards a ceiling set by the highest severity among its
//!   findings (low 15, medium 25, high 40, critical 60): equal to the raw penalty up to half
//!   the ceiling, then approaching the ceiling without reaching it. One habit repeated
//!   through a long draft costs a bounded amount, and fixing any one finding still raises
//!   the score (a hard cap would hide it).
//! - aspect = max(0, 100 − Σ penalties of its rules): where the problems are.
//! - overall = max(0, 100 − Σ over the checked aspects of weight × the penalties of the
//!   aspect's *located* rules): every fix of a slip anywhere shows in it, and no aspect's
//!   minimum hides the others. The whole-text rules are targets, not slips — they count in
//!   their aspect but not in overall: the length band is the publication gate's business
//!   (`complete`), and a ratio moves when a real slip is fixed (splitting a run-on sentence
//!   changes the dialogue ratio), which must never lower the score. Weights are 1 unless
//!   `weights` in the config says otherwise. One decimal.
//! - A text too short to judge (body under 200 characters or under 20% of target_min) has
//!   no score: every value is `null` and `reason` says why. An aspect the check did not
//!   evaluate (`aspects` given) is `null` too.
//!
//! Adding a finding never raises a score: every penalty grows with its findings and
//! weights are never negative (property-tested).

use super::{Aspect, Finding, Settings, Severity};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Below this many body characters a text is too short to judge.
pub const MIN_BODY_CHARS: usize = 200;
/// …and below this share of the target minimum.
pub const MIN_TARGET_SHARE: f64 = 0.2;
/// Densities are per this many body characters (shorter texts count as this long).
pub const DENSITY_UNIT: usize = 1000;

/// Rules that measure the whole text and fire at most once: charged their weight, not a
/// density, and not counted in the overall score (targets, not slips).
pub const WHOLE_TEXT_RULES: &[&str] = &[
    "COMMA_AVG_OUT_OF_RANGE",
    "DIALOGUE_RATIO_OUT_OF_RANGE",
    "HIGH_AVG_SENTENCE_LENGTH",
    "KANJI_RATIO_OUT_OF_RANGE",
    "LENGTH_OUT_OF_RANGE",
    "WINDOW_OUT_OF_RANGE",
];

/// The whole-text rules that measure a ratio or an average (all but the length): skipped on a
/// text too short to score (`too_short`), where such a figure is noise.
pub(crate) fn is_ratio_rule(code: &str) -> bool {
    code != "LENGTH_OUT_OF_RANGE" && WHOLE_TEXT_RULES.contains(&code)
}

/// Penalty of one finding per `DENSITY_UNIT` body characters.
pub(crate) fn weight(s: Severity) -> f64 {
    match s {
        Severity::Low => 2.0,
        Severity::Medium => 5.0,
        Severity::High => 10.0,
        Severity::Critical => 20.0,
    }
}

/// The ceiling one rule's penalty approaches, by the highest severity among its findings.
pub fn cap(s: Severity) -> f64 {
    match s {
        Severity::Low => 15.0,
        Severity::Medium => 25.0,
        Severity::High => 40.0,
        Severity::Critical => 60.0,
    }
}

/// The weight of an aspect in the overall score when the config sets none.
pub const DEFAULT_ASPECT_WEIGHT: f64 = 1.0;

/// The weight of `aspect` in the overall score under `settings`.
fn aspect_weight(settings: &Settings, aspect: Aspect) -> f64 {
    settings
        .weights
        .get(&aspect)
        .copied()
        .unwrap_or(DEFAULT_ASPECT_WEIGHT)
}

/// `raw` up to half of `ceiling`, then rising ever more slowly towards `ceiling`: continuous,
/// strictly increasing in `raw`, never above `raw` nor `ceiling`, and growing with `ceiling`.
pub(crate) fn saturate(raw: f64, ceiling: f64) -> f64 {
    let knee = ceiling / 2.0;
    if raw <= knee {
        raw
    } else {
        ceiling - knee * (-(raw - knee) / knee).exp()
    }
}

/// Scores per aspect and overall; `null` where nothing was judged.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct Scores {
    /// 0–100; null when the text is too short to judge or the aspect was not checked.
    pub rhythm: Option<f64>,
    pub readability: Option<f64>,
    pub grammar: Option<f64>,
    pub style: Option<f64>,
    pub length: Option<f64>,
    pub content: Option<f64>,
    /// 100 − the weighted sum of the checked aspects' penalties, whole-text rules (length,
    /// ratios, averages) left out; null when the text is too short to judge.
    pub overall: Option<f64>,
    /// Why there is no score (Japanese); absent when scored.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

impl Scores {
    pub fn get(&self, aspect: Aspect) -> Option<f64> {
        match aspect {
            Aspect::Rhythm => self.rhythm,
            Aspect::Readability => self.readability,
            Aspect::Grammar => self.grammar,
            Aspect::Style => self.style,
            Aspect::Length => self.length,
            Aspect::Content => self.content,
        }
    }

    fn slot(&mut self, aspect: Aspect) -> &mut Option<f64> {
        match aspect {
            Aspect::Rhythm => &mut self.rhythm,
            Aspect::Readability => &mut self.readability,
            Aspect::Grammar => &mut self.grammar,
            Aspect::Style => &mut self.style,
            Aspect::Length => &mut self.length,
            Aspect::Content => &mut self.content,
        }
    }

    /// All null, with the reason.
    pub fn unscored(reason: impl Into<String>) -> Scores {
        Scores {
            rhythm: None,
            readability: None,
            grammar: None,
            style: None,
            length: None,
            content: None,
            overall: None,
            reason: Some(reason.into()),
        }
    }
}

/// Why a text of `body_chars` cannot be judged, if it cannot.
pub(crate) fn too_short(body_chars: usize, settings: &Settings) -> Option<String> {
    let share = (settings.target_length.min as f64 * MIN_TARGET_SHARE).ceil() as usize;
    let limit = MIN_BODY_CHARS.max(share);
    (body_chars < limit).then(|| {
        format!(
            "本文が {body_chars} 字で、採点には短すぎます（{limit} 字以上で採点: 200 字と目標下限 {} 字の 20% の大きい方）",
            settings.target_length.min
        )
    })
}

/// The penalty of one rule: its findings' severities over a text of `body_chars`, the raw
/// penalty multiplied by `rule_weight` (a feedback weight; 1 without one), then saturated.
pub(crate) fn rule_penalty(
    code: &str,
    severities: &[Severity],
    body_chars: usize,
    rule_weight: f64,
) -> f64 {
    let Some(&worst) = severities.iter().max() else {
        return 0.0;
    };
    let sum: f64 = severities.iter().map(|&s| weight(s)).sum();
    let raw = if WHOLE_TEXT_RULES.contains(&code) {
        sum
    } else {
        sum * DENSITY_UNIT as f64 / body_chars.max(DENSITY_UNIT) as f64
    };
    saturate(raw * rule_weight.max(0.0), cap(worst))
}

/// The summed penalties of `(code, severity)` pairs, per rule weight (absent: 1), unrounded.
fn total_penalty<'a>(
    findings: impl IntoIterator<Item = (&'a str, Severity)>,
    body_chars: usize,
    rule_weights: &BTreeMap<String, f64>,
) -> f64 {
    let mut by_code: BTreeMap<&str, Vec<Severity>> = BTreeMap::new();
    for (code, s) in findings {
        by_code.entry(code).or_default().push(s);
    }
    by_code
        .iter()
        .map(|(code, sev)| {
            let w = rule_weights.get(*code).copied().unwrap_or(1.0);
            rule_penalty(code, sev, body_chars, w)
        })
        .sum()
}

/// `max(0, 100 − Σ rule penalties)` of `(code, severity)` pairs, one decimal.
pub(crate) fn penalty_score<'a>(
    findings: impl IntoIterator<Item = (&'a str, Severity)>,
    body_chars: usize,
) -> f64 {
    score_of(total_penalty(findings, body_chars, &BTreeMap::new()))
}

fn score_of(penalty: f64) -> f64 {
    round1((100.0 - penalty).max(0.0))
}

fn round1(x: f64) -> f64 {
    (x * 10.0).round() / 10.0
}

/// The scores of `findings` over a text of `body_chars` body characters.
pub fn compute(findings: &[Finding], body_chars: usize, settings: &Settings) -> Scores {
    compute_weighted(findings, body_chars, settings, &BTreeMap::new())
}

/// `compute` with per-rule weights (the feedback weights of
/// `corpus_stats::optimize_weights`: each rule's raw penalty multiplied by its weight).
pub(crate) fn compute_weighted(
    findings: &[Finding],
    body_chars: usize,
    settings: &Settings,
    rule_weights: &BTreeMap<String, f64>,
) -> Scores {
    if let Some(reason) = too_short(body_chars, settings) {
        return Scores::unscored(reason);
    }
    let mut scores = Scores {
        rhythm: None,
        readability: None,
        grammar: None,
        style: None,
        length: None,
        content: None,
        overall: None,
        reason: None,
    };
    let mut overall_penalty = 0.0;
    for aspect in Aspect::ALL {
        if !(settings.aspects.is_empty() || settings.aspects.contains(&aspect)) {
            continue;
        }
        let of_aspect = || {
            findings
                .iter()
                .filter(move |f| f.aspect == aspect)
                .map(|f| (f.code.as_str(), f.severity))
        };
        let penalty = total_penalty(of_aspect(), body_chars, rule_weights);
        *scores.slot(aspect) = Some(score_of(penalty));
        let located = of_aspect().filter(|(code, _)| !WHOLE_TEXT_RULES.contains(code));
        overall_penalty +=
            aspect_weight(settings, aspect) * total_penalty(located, body_chars, rule_weights);
    }
    scores.overall = Some(score_of(overall_penalty));
    scores
}

/// The formula and its constants, for `noveler explain scoring` (Japanese).
pub fn explain() -> String {
    let sev = |f: fn(Severity) -> f64| {
        Severity::ALL
            .iter()
            .map(|&s| format!("{} {}", s.as_str(), f(s)))
            .collect::<Vec<_>>()
            .join("、")
    };
    format!(
        "スコアの計算（check・段階チェック・status・complete で共通）\n\n\
         1. ルールごとの減点 = 指摘の重み（{weights}）の合計 × {unit} ÷ 本文字数（{unit} 字未満は {unit} 字として計算）。\n   \
         本文全体を測るルール（{whole}）は一度しか出ないので、重みをそのまま減点にします。\n\
         2. ルールごとの減点には天井があります（指摘の最も高い重大度で: {caps}）。天井の半分までは 1. のとおり、\n   \
         それを超えると天井に近づくほどゆるやかに増えます（天井 c、1. の値 x のとき c − c/2 × exp(−(x − c/2) ÷ (c/2))）。\n   \
         同じ癖が長い原稿で繰り返されても減点は天井まで。それでも一つ直せばスコアは上がります。\n\
         3. 観点のスコア = max(0, 100 − その観点のルールの減点の合計)。\n\
         4. 総合 = max(0, 100 − 確認した観点ごとの「箇所を指す指摘」の減点 × 観点の重み の合計)。重みは既定で 1、\n   \
         設定の weights（例: weights: {{grammar: 2, style: 0.5}}）で変えられます（書かなかった観点は 1）。\n   \
         本文全体を測るルールは目安で、誤りではないので総合には数えません（観点のスコアには表れます）。\n   \
         文字数が目標の範囲に収まっているかは公開の関門（complete）で確かめます。会話の割合などは、\n   \
         誤りを直しただけで動くことがあり（長い一文を二つの段落に分けると会話の割合が下がる）、直して総合が下がってはいけないためです。\n\
         5. スコアは小数1桁。確認しなかった観点は null。\n\
         6. 本文が {min} 字未満、または目標下限の {min_share}% 未満の原稿は採点しません（null と理由）。完了（complete）もできません。\n\n\
         指摘を増やしてスコアが上がることはなく、どの指摘を直してもスコアは下がりません。\n\
         抑制（インラインコメント・per-file-ignores・ベースライン）された指摘は数えません。\n",
        weights = sev(weight),
        unit = DENSITY_UNIT,
        whole = WHOLE_TEXT_RULES.join("、"),
        caps = sev(cap),
        min = MIN_BODY_CHARS,
        min_share = (MIN_TARGET_SHARE * 100.0) as u32,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn finding(code: &str, aspect: Aspect, severity: Severity) -> Finding {
        Finding {
            id: String::new(),
            code: code.into(),
            aspect,
            severity,
            message: String::new(),
            file: "t.md".into(),
            line: 1,
            column: 1,
            end_line: 1,
            end_column: 1,
            byte_start: 0,
            byte_end: 0,
            excerpt: String::new(),
            suggestion: None,
            fix: None,
        }
    }

    #[test]
    fn whole_text_rules_exist() {
        for code in WHOLE_TEXT_RULES {
            assert!(super::super::rules::lookup(code).is_some(), "{code}");
        }
    }

    #[test]
    fn a_repeated_low_habit_costs_at_most_its_ceiling() {
        let s = Settings::default();
        let many: Vec<Finding> = (0..400)
            .map(|_| finding("INDENT_MISSING", Aspect::Style, Severity::Low))
            .collect();
        let sc = compute(&many, 7800, &s);
        assert_eq!(sc.style, Some(85.0));
        assert_eq!(sc.overall, Some(85.0));
        assert_eq!(sc.rhythm, Some(100.0));
        // Even there, one fix lowers the penalty.
        let by = |n: usize| rule_penalty("INDENT_MISSING", &vec![Severity::Low; n], 7800, 1.0);
        assert!(by(399) < by(400) && by(400) < 15.0);
    }

    #[test]
    fn penalties_scale_with_density() {
        let s = Settings::default();
        let two = vec![finding("KANJI_RUN", Aspect::Readability, Severity::Low); 2];
        // 2 × 2 per 1,000 over 4,000 characters = 1 point.
        assert_eq!(compute(&two, 4000, &s).readability, Some(99.0));
        assert_eq!(compute(&two, 2000, &s).readability, Some(98.0));
        // Under 1,000 characters counts as 1,000.
        let mut short = Settings::default();
        short.target_length.min = 100;
        assert_eq!(compute(&two, 500, &short).readability, Some(96.0));
        // A whole-text rule is charged its weight, once, and not in overall.
        let window = vec![finding(
            "WINDOW_OUT_OF_RANGE",
            Aspect::Rhythm,
            Severity::Low,
        )];
        assert_eq!(compute(&window, 20000, &s).rhythm, Some(98.0));
        assert_eq!(compute(&window, 2000, &s).overall, Some(100.0));
    }

    #[test]
    fn whole_text_targets_are_reported_but_not_counted_in_overall() {
        let s = Settings::default();
        let targets = vec![
            finding("LENGTH_OUT_OF_RANGE", Aspect::Length, Severity::Medium),
            finding("DIALOGUE_RATIO_OUT_OF_RANGE", Aspect::Rhythm, Severity::Low),
            finding(
                "HIGH_AVG_SENTENCE_LENGTH",
                Aspect::Readability,
                Severity::Medium,
            ),
        ];
        let sc = compute(&targets, 3000, &s);
        assert_eq!(
            (sc.length, sc.rhythm, sc.readability),
            (Some(95.0), Some(98.0), Some(95.0))
        );
        assert_eq!(sc.overall, Some(100.0));
        let mut more = targets.clone();
        more.push(finding("LONG_SENTENCE", Aspect::Readability, Severity::Low));
        assert_eq!(compute(&more, 2000, &s).overall, Some(99.0));
    }

    #[test]
    fn overall_is_100_minus_every_aspects_penalty() {
        let s = Settings::default();
        let f = vec![
            finding("TYPO", Aspect::Grammar, Severity::High),
            finding("KANJI_RUN", Aspect::Readability, Severity::Low),
            finding("INDENT_MISSING", Aspect::Style, Severity::Low),
        ];
        // Over 2,000 characters: 5 + 1 + 1.
        let sc = compute(&f, 2000, &s);
        assert_eq!(
            (sc.grammar, sc.readability, sc.style, sc.overall),
            (Some(95.0), Some(99.0), Some(99.0), Some(93.0))
        );
        // Fixing the low finding in style shows in the overall score, though grammar is lower.
        assert_eq!(compute(&f[..2], 2000, &s).overall, Some(94.0));
        // Weights multiply an aspect's penalty; unlisted aspects keep theirs.
        let mut w = Settings::default();
        w.weights.insert(Aspect::Grammar, 2.0);
        w.weights.insert(Aspect::Style, 0.0);
        assert_eq!(compute(&f, 2000, &w).overall, Some(89.0));
    }

    #[test]
    fn one_high_typo_is_visible_in_a_normal_episode() {
        let s = Settings::default();
        let typo = vec![finding("TYPO", Aspect::Grammar, Severity::High)];
        assert_eq!(compute(&[], 3000, &s).overall, Some(100.0));
        assert_eq!(compute(&typo, 3000, &s).overall, Some(96.7));
    }

    #[test]
    fn saturation_is_continuous_increasing_and_bounded() {
        for c in [15.0, 25.0, 40.0, 60.0] {
            assert_eq!(saturate(c / 2.0, c), c / 2.0);
            assert!((saturate(c / 2.0 + 1e-9, c) - c / 2.0).abs() < 1e-6);
            let mut last = -1.0;
            // Strictly increasing as far as f64 can tell (ten ceilings: e^-19 of a ceiling).
            for i in 0..(c as usize * 40) {
                let x = i as f64 * 0.25;
                let y = saturate(x, c);
                assert!(y > last && y <= x && y < c, "{x} {y}");
                last = y;
            }
        }
    }

    #[test]
    fn too_short_texts_have_no_score() {
        let mut s = Settings::default();
        s.target_length.min = 6000; // → 1,200 characters
        let sc = compute(&[], 1199, &s);
        assert_eq!(sc.overall, None);
        assert!(sc.reason.as_deref().unwrap().contains("1200"));
        assert_eq!(compute(&[], 1200, &s).overall, Some(100.0));
        // The default band (2,000–6,000): 400 characters.
        let d = Settings::default();
        assert_eq!(compute(&[], 399, &d).overall, None);
        assert_eq!(compute(&[], 400, &d).overall, Some(100.0));
        let mut small = Settings::default();
        small.target_length.min = 100;
        assert_eq!(compute(&[], 199, &small).overall, None);
        assert_eq!(compute(&[], 200, &small).overall, Some(100.0));
    }

    #[test]
    fn unchecked_aspects_are_null() {
        let s = Settings {
            aspects: vec![Aspect::Grammar, Aspect::Style],
            ..Default::default()
        };
        let sc = compute(&[], 5000, &s);
        assert_eq!(sc.rhythm, None);
        assert_eq!(sc.grammar, Some(100.0));
        assert_eq!(sc.overall, Some(100.0));
        let json = serde_json::to_value(&sc).unwrap();
        assert!(json["rhythm"].is_null());
        assert!(json.get("reason").is_none());
    }

    #[test]
    fn explain_names_the_constants() {
        let e = explain();
        for c in WHOLE_TEXT_RULES {
            assert!(e.contains(c));
        }
        assert!(e.contains("low 15") && e.contains("critical 20"), "{e}");
        assert!(e.contains("総合には数えません"), "{e}");
    }

    const CODES: &[(&str, Aspect)] = &[
        ("INDENT_MISSING", Aspect::Style),
        ("KANJI_RUN", Aspect::Readability),
        ("LENGTH_OUT_OF_RANGE", Aspect::Length),
        ("TYPO", Aspect::Grammar),
        ("LONG_SENTENCE", Aspect::Readability),
    ];

    fn arb_finding() -> impl Strategy<Value = Finding> {
        (0..CODES.len(), 0..4usize)
            .prop_map(|(c, s)| finding(CODES[c].0, CODES[c].1, Severity::ALL[s]))
    }

    proptest! {
        /// Adding a finding never raises any score (removing one never lowers it), and
        /// fixing a finding always lowers the unrounded penalty it belongs to.
        #[test]
        fn adding_a_finding_never_raises_a_score(
            findings in proptest::collection::vec(arb_finding(), 0..40),
            extra in arb_finding(),
            body in 0usize..30000,
            weighted in any::<bool>(),
        ) {
            let mut s = Settings::default();
            s.target_length.min = 500;
            if weighted {
                s.weights.insert(Aspect::Grammar, 2.0);
                s.weights.insert(Aspect::Style, 0.5);
            }
            let before = compute(&findings, body, &s);
            let mut more = findings.clone();
            more.push(extra.clone());
            let after = compute(&more, body, &s);
            for a in Aspect::ALL {
                prop_assert!(after.get(a) <= before.get(a), "{a:?}");
            }
            prop_assert!(after.overall <= before.overall);
            for v in Aspect::ALL.map(|a| after.get(a)).into_iter().chain([after.overall]).flatten() {
                prop_assert!((0.0..=100.0).contains(&v));
            }
            let pairs = |f: &[Finding]| f.iter().map(|f| (f.code.clone(), f.severity)).collect::<Vec<_>>();
            let total = |p: &[(String, Severity)]| {
                total_penalty(p.iter().map(|(c, s)| (c.as_str(), *s)), body, &BTreeMap::new())
            };
            prop_assert!(total(&pairs(&more)) > total(&pairs(&findings)));
        }
    }
}
