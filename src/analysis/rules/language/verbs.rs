//! Verb forms (issue 30 item 6): さ入れ言葉 (帰らさせて), れ足す言葉 (書けれる), and
//! させていただく said three or more times in one utterance.

use super::super::{Rule, RuleContext, RuleDoc, RuleMeta, Scope};
use super::{tokens_span, tokens_text};
use crate::analysis::fix::{display_edit, LazyGuard};
use crate::analysis::morph::{ParagraphWords, Token, Words};
use crate::analysis::Diagnostics;
use crate::analysis::{Applicability, Aspect, Diagnostic, Severity};

fn diag(meta: &RuleMeta, span: crate::analysis::Span, message: String) -> Diagnostic {
    Diagnostic::new(meta.code, meta.default_severity, span, message)
}

/// The finding on tokens `i` and `i + 1` of `pw` where the second starts with one kana too
/// many (さ入れ's さ, れ足す's れ): the fix deletes that kana, the suggestion is the two words
/// without it, `message` is given that suggestion.
fn one_kana_too_many(
    cx: &RuleContext,
    guard: &LazyGuard,
    pw: &ParagraphWords,
    i: usize,
    meta: &RuleMeta,
    message: impl FnOnce(&str) -> String,
) -> Diagnostic {
    let doc = cx.doc;
    let text = doc.paragraph_text(&doc.paragraphs[pw.paragraph]);
    let (t, next) = (&pw.tokens[i], &pw.tokens[i + 1]);
    let extra = next.surface(text).chars().next().unwrap_or('さ');
    let at = pw.base + next.range.start;
    let edit = display_edit(doc, guard, at..at + extra.len_utf8(), "");
    let right = format!(
        "{}{}",
        t.surface(text),
        &next.surface(text)[extra.len_utf8()..]
    );
    diag(meta, tokens_span(cx.words, pw, i..i + 2), message(&right))
        .with_suggestion(right)
        .with_edit_fix(
            Applicability::Standard,
            format!("余分な「{extra}」を削る"),
            edit,
        )
}

// ---------------------------------------------------------------------------------------
// SA_IRE

pub struct SaIre;

static SA_IRE: RuleMeta = RuleMeta {
    code: "SA_IRE",
    aspect: Aspect::Grammar,
    default_severity: Severity::Medium,
    summary: "さ入れ言葉 (帰らさせて, 読まさせていただく): させる after a 五段 verb",
    fix: Some(Applicability::Standard),
    doc: RuleDoc {
        what: "五段動詞の使役に「せる」ではなく「させる」を付けた「さ入れ言葉」（帰らさせて・読まさせていただく・休まさせる）を検出します。一段動詞（見させる）・カ変（来させる）・サ変（勉強させる）の「させる」は正しい形なので対象外です。台詞でも報告します。",
        why: "さ入れ言葉は丁寧にしようとして生まれた誤用で、校閲では必ず直されます。台詞でも、敬語を正しく使える人物の口から出ると人物造形が揺らぎます。",
        example: "「本日はこれで帰らさせていただきます」",
        fixed: "「本日はこれで帰らせていただきます」",
    },
};

impl Rule for SaIre {
    fn meta(&self) -> &'static RuleMeta {
        &SA_IRE
    }

    fn scope(&self) -> Scope {
        Scope::Line
    }

    fn check(&self, cx: &RuleContext, out: &mut Diagnostics) {
        let (doc, words) = (cx.doc, cx.words);
        let guard = LazyGuard::new(doc);
        for pw in words.paragraphs() {
            let text = doc.paragraph_text(&doc.paragraphs[pw.paragraph]);
            for (i, t) in pw.tokens.iter().enumerate() {
                let Some(next) = pw.tokens.get(i + 1) else {
                    continue;
                };
                let fires = t.is("動詞")
                    && t.pos(1) == "自立"
                    && t.ctype().starts_with("五段")
                    && t.cform() == "未然形"
                    && next.is("動詞")
                    && next.pos(1) == "接尾"
                    && next.base() == "させる"
                    && next.surface(text).starts_with('さ');
                if !fires {
                    continue;
                }
                let shown = tokens_text(doc, pw, i..i + 2);
                out.push(one_kana_too_many(cx, &guard, pw, i, &SA_IRE, |right| {
                    format!(
                        "「{shown}」はさ入れ言葉です。五段動詞には「せる」が付きます（{right}）。"
                    )
                }));
            }
        }
    }
}

// ---------------------------------------------------------------------------------------
// RE_TASU

pub struct ReTasu;

static RE_TASU: RuleMeta = RuleMeta {
    code: "RE_TASU",
    aspect: Aspect::Grammar,
    default_severity: Severity::Medium,
    summary: "れ足す言葉 (書けれる, 行けれる): れる added to a potential verb",
    fix: Some(Applicability::Standard),
    doc: RuleDoc {
        what: "五段動詞の可能動詞（書ける・行ける・読める）に、さらに「れる」を足した「れ足す言葉」（書けれる・行けれる・読めれない）を検出します。可能動詞はそれだけで「できる」の意味なので、「れ」を削れば正しい形になります。「開ける」「続ける」のように可能動詞でない一段動詞に付いた「れる」はら抜き言葉（RA_NUKI）として報告します。",
        why: "れ足す言葉は、ら抜き言葉を避けようとして生まれた誤用です。ら抜き言葉として直すと「書けられる」という新しい誤りになるため、別の誤りとして扱います。",
        example: "　この魔法なら、誰でも簡単に書けれる。",
        fixed: "　この魔法なら、誰でも簡単に書ける。",
    },
};

impl Rule for ReTasu {
    fn meta(&self) -> &'static RuleMeta {
        &RE_TASU
    }

    fn scope(&self) -> Scope {
        Scope::Line
    }

    fn check(&self, cx: &RuleContext, out: &mut Diagnostics) {
        let (doc, words) = (cx.doc, cx.words);
        let guard = LazyGuard::new(doc);
        for pw in words.paragraphs() {
            for (i, t) in pw.tokens.iter().enumerate() {
                if !re_tasu_at(words, pw, i) {
                    continue;
                }
                let shown = tokens_text(doc, pw, i..i + 2);
                out.push(one_kana_too_many(cx, &guard, pw, i, &RE_TASU, |right| {
                    format!(
                        "「{shown}」はれ足す言葉です。「{}」は可能動詞なので「れ」は要りません（{right}）。",
                        t.base()
                    )
                }));
            }
        }
    }
}

/// Whether token `i` of `pw` is a potential verb of a 五段 verb (書け of 書ける) followed by
/// the suffix れる (書け|れる): a れ足す言葉, which RA_NUKI must leave alone (its fix, 書けられる,
/// would be a new error).
pub(super) fn re_tasu_at(words: &Words, pw: &ParagraphWords, i: usize) -> bool {
    let t = &pw.tokens[i];
    t.is("動詞")
        && t.pos(1) == "自立"
        && t.ctype().starts_with("一段")
        && matches!(t.cform(), "未然形" | "連用形")
        && pw
            .tokens
            .get(i + 1)
            .is_some_and(|n| n.is("動詞") && n.pos(1) == "接尾" && n.base() == "れる" && !n.unknown)
        && is_godan_potential(words, t)
}

/// The 一段 verbs that are words of their own although a 五段 verb of the same stem exists
/// (開ける / 開く, 入れる / 入る, 続ける / 続く): れる after them is ら抜き (開けれる →
/// 開けられる), not れ足す. Causatives in あ段 + せる (知らせる, 驚かせる) are told by form.
const ICHIDAN_WITH_GODAN_PAIR: &[&str] = &[
    "開ける",
    "空ける",
    "明ける",
    "付ける",
    "着ける",
    "就ける",
    "点ける",
    "届ける",
    "続ける",
    "向ける",
    "焼ける",
    "抜ける",
    "解ける",
    "溶ける",
    "欠ける",
    "裂ける",
    "砕ける",
    "退ける",
    "除ける",
    "傾ける",
    "片付ける",
    "近付ける",
    "引ける",
    "脱げる",
    "繋げる",
    "剥げる",
    "任せる",
    "育てる",
    "立てる",
    "建てる",
    "並べる",
    "浮かべる",
    "止める",
    "休める",
    "進める",
    "沈める",
    "痛める",
    "緩める",
    "傷める",
    "縮める",
    "絡める",
    "苦しめる",
    "詰める",
    "入れる",
    "切れる",
    "売れる",
    "取れる",
    "割れる",
    "折れる",
    "破れる",
    "擦れる",
    "照れる",
    "知れる",
    "触れる",
    "振れる",
    "分かれる",
    "揺れる",
    "釣れる",
    "捩れる",
    "違える",
    "間違える",
    "揃える",
    "整える",
    "伝える",
    "叶える",
    "添える",
    "見える",
    "生える",
    "揚げる",
];

/// Whether `t` (an 一段 verb) is the potential verb of a 五段 verb: its base form is a
/// 五段 verb's stem + え段 + る (書け-る of 書く, 帰れ-る of 帰る) and that 五段 verb is in
/// the dictionary, and it is not one of the verbs of its own of `ICHIDAN_WITH_GODAN_PAIR`.
/// Kana-only bases are ambiguous (かける is 掛ける as often as 書ける) and are not counted.
fn is_godan_potential(words: &Words, t: &Token) -> bool {
    let base = t.base();
    let Some(stem) = base.strip_suffix('る') else {
        return false;
    };
    let Some(e) = stem.chars().next_back() else {
        return false;
    };
    let Some(u) = e_to_u(e) else {
        return false;
    };
    let before = &stem[..stem.len() - e.len_utf8()];
    if !before.chars().any(crate::analysis::fix::is_kanji)
        || ICHIDAN_WITH_GODAN_PAIR.contains(&base)
        || e == 'せ' && before.chars().next_back().is_some_and(is_a_row)
    {
        return false;
    }
    let godan = format!("{before}{u}");
    matches!(
        words.lookup(&godan).as_slice(),
        [g] if g.is("動詞") && g.ctype().starts_with("五段") && g.base() == godan
    )
}

/// The う段 kana of the same consonant as え段 `e` (け → く), for the endings a 五段 verb has.
fn e_to_u(e: char) -> Option<char> {
    Some(match e {
        'え' => 'う',
        'け' => 'く',
        'げ' => 'ぐ',
        'せ' => 'す',
        'て' => 'つ',
        'ね' => 'ぬ',
        'べ' => 'ぶ',
        'め' => 'む',
        'れ' => 'る',
        _ => return None,
    })
}

fn is_a_row(c: char) -> bool {
    "あかさたなはまやらわがざだばぱ".contains(c)
}

// ---------------------------------------------------------------------------------------
// SASETE_ITADAKU_REPEATED

pub struct SaseteItadakuRepeated;

static SASETE_ITADAKU_REPEATED: RuleMeta = RuleMeta {
    code: "SASETE_ITADAKU_REPEATED",
    aspect: Aspect::Style,
    default_severity: Severity::Low,
    summary: "させていただく three or more times in one utterance",
    fix: None,
    doc: RuleDoc {
        what: "一つの発言（台詞の一行・「」の中）や地の文の一段落に「させていただく」が3回以上出てくる箇所を検出します。",
        why: "「させていただく」は相手の許可や恩恵を受けるときの言い方です。重ねると卑屈でくどく聞こえ、何を伝えたいのかがぼやけます。意図した人物描写でなければ、「いたします」「します」に言い換えて一つにしましょう。",
        example: "「本日は司会を務めさせていただきます。まず、ご挨拶させていただき、続いて資料を配らせていただきます」",
        fixed: "「本日は司会を務めさせていただきます。まず、ご挨拶申し上げ、続いて資料をお配りします」",
    },
};

/// How many させていただく make one utterance too many.
const SASETE_ITADAKU_LIMIT: usize = 3;

impl Rule for SaseteItadakuRepeated {
    fn meta(&self) -> &'static RuleMeta {
        &SASETE_ITADAKU_REPEATED
    }

    fn scope(&self) -> Scope {
        Scope::Line
    }

    fn check(&self, cx: &RuleContext, out: &mut Diagnostics) {
        let (doc, words) = (cx.doc, cx.words);
        for pw in words.paragraphs() {
            let text = doc.paragraph_text(&doc.paragraphs[pw.paragraph]);
            // Utterances: each run of speech tokens (a 「」 of a narration paragraph, or a
            // whole dialogue paragraph), and the paragraph's narration.
            let mut groups: Vec<(bool, Vec<usize>)> = vec![(false, Vec::new())];
            for i in 0..pw.tokens.len() {
                let speech = pw.speech[i];
                if speech && !(i > 0 && pw.speech[i - 1]) {
                    groups.push((true, Vec::new()));
                }
                if sasete_itadaku_at(&pw.tokens, text, i) {
                    let g = if speech { groups.len() - 1 } else { 0 };
                    groups[g].1.push(i);
                }
            }
            for (speech, hits) in groups {
                if hits.len() < SASETE_ITADAKU_LIMIT {
                    continue;
                }
                let (first, last) = (hits[0], hits[hits.len() - 1]);
                let where_ = if speech {
                    "一つの台詞"
                } else {
                    "一つの段落"
                };
                out.push(
                    diag(
                        &SASETE_ITADAKU_REPEATED,
                        tokens_span(words, pw, first..last + 3),
                        format!(
                            "{where_}に「させていただく」が{}回あります。くどく聞こえます。",
                            hits.len()
                        ),
                    )
                    .with_suggestion("一つを残して「いたします」「します」などに言い換える"),
                );
            }
        }
    }
}

/// Whether させ (or せ) + て + いただく / 頂く starts at token `i`.
fn sasete_itadaku_at(toks: &[Token], text: &str, i: usize) -> bool {
    toks[i].is("動詞")
        && toks[i].pos(1) == "接尾"
        && matches!(toks[i].base(), "させる" | "せる")
        && toks.get(i + 1).is_some_and(|t| t.surface(text) == "て")
        && toks
            .get(i + 2)
            .is_some_and(|t| t.is("動詞") && matches!(t.base(), "いただく" | "頂く"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::fix::testing::{fixed_line as fix, flagged as texts};

    #[test]
    fn sa_ire_fires_after_godan_verbs_and_fixes() {
        assert_eq!(
            texts(&SaIre, "「今日は帰らさせていただきます」"),
            ["帰らさせ"]
        );
        assert_eq!(texts(&SaIre, "　部下を休まさせる。").len(), 1);
        assert_eq!(texts(&SaIre, "　その本を読まさせてもらった。").len(), 1);
        assert_eq!(
            fix(&SaIre, "「今日は帰らさせていただきます」"),
            "「今日は帰らせていただきます」"
        );
        assert_eq!(fix(&SaIre, "　部下を休まさせる。"), "　部下を休ませる。");
    }

    #[test]
    fn sa_ire_leaves_correct_causatives_alone() {
        for ok in [
            "　弟に本を読ませる。",
            "　子供に野菜を食べさせる。",
            "　犬を来させる。",
            "　毎日勉強させる。",
            "　彼に話させる。",
            "　荷物を出させた。",
            "　見させていただきます。",
        ] {
            assert!(texts(&SaIre, ok).is_empty(), "{ok}");
        }
    }

    #[test]
    fn re_tasu_fires_on_potential_verbs_and_drops_re() {
        assert_eq!(texts(&ReTasu, "　明日なら行けれる。"), ["行けれる"]);
        assert_eq!(texts(&ReTasu, "「こんな字じゃ読めれない」").len(), 1);
        assert_eq!(texts(&ReTasu, "　ひとりで家に帰れれた。").len(), 1);
        assert_eq!(fix(&ReTasu, "　明日なら行けれる。"), "　明日なら行ける。");
        assert_eq!(
            fix(&ReTasu, "「こんな字じゃ読めれない」"),
            "「こんな字じゃ読めない」"
        );
    }

    #[test]
    fn re_tasu_leaves_ra_nuki_and_correct_forms_to_others() {
        for ok in [
            "　この扉なら開けれる。",
            "　朝なら起きれる。",
            "　ここからよく見れる。",
            "　明日も来れる。",
            "　本が読める。",
            "　手紙が書けた。",
            "　扉を開けられる。",
        ] {
            assert!(texts(&ReTasu, ok).is_empty(), "{ok}");
        }
    }

    #[test]
    fn sasete_itadaku_three_times_in_one_utterance() {
        let three =
            "「司会を務めさせていただきます。ご挨拶させていただき、資料を配らせていただきます」";
        assert_eq!(texts(&SaseteItadakuRepeated, three).len(), 1);
        let two = "「司会を務めさせていただきます。資料を配らせていただきます」";
        assert!(texts(&SaseteItadakuRepeated, two).is_empty());
        // Three in three utterances of one paragraph are not one utterance.
        let apart = "　彼は「務めさせていただきます」と言い、「配らせていただきます」と続け、「帰らせていただきます」と締めた。";
        assert!(texts(&SaseteItadakuRepeated, apart).is_empty());
    }
}
