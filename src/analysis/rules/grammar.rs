//! Rules of aspect `grammar` (SPEC §4): doubled punctuation, dictionary typos and
//! 表記ゆれ (notation inconsistency). All of them read the displayed text (readings and
//! annotations masked) and report source spans; fixes never cut into ruby markup.

use super::scan::{self, Needles};
use super::words;
use super::{Rule, RuleContext, RuleDoc, RuleMeta};
use crate::analysis::dictionaries::{notation_exclusions, notation_roles, NotationRole};
use crate::analysis::fix::{display_edit, is_kanji, LazyGuard};
use crate::analysis::segment::{char_class, CharClass, Document};
use crate::analysis::Diagnostics;
use crate::analysis::{Applicability, Aspect, Diagnostic, Severity};
use std::collections::HashMap;
use std::ops::Range;
use std::sync::OnceLock;

pub(super) static RULES: &[&dyn Rule] = &[&GrammarPunctuation, &Typo, &NotationInconsistency];

/// The character before display offset `at`, if any.
pub(super) fn char_before(text: &str, at: usize) -> Option<char> {
    text.get(..at).and_then(|t| t.chars().next_back())
}

/// The character at display offset `at`, if any.
pub(super) fn char_at(text: &str, at: usize) -> Option<char> {
    text.get(at..).and_then(|t| t.chars().next())
}

/// Maximal runs of characters satisfying `pred` in `text`: (start, end, char count).
pub(super) fn runs(text: &str, pred: impl Fn(char) -> bool) -> Vec<(usize, usize, usize)> {
    let mut out = Vec::new();
    let mut cur: Option<(usize, usize, usize)> = None;
    for (i, c) in text.char_indices() {
        if pred(c) {
            match cur.as_mut() {
                Some(r) => {
                    r.1 = i + c.len_utf8();
                    r.2 += 1;
                }
                None => cur = Some((i, i + c.len_utf8(), 1)),
            }
        } else if let Some(r) = cur.take() {
            out.push(r);
        }
    }
    out.extend(cur);
    out
}

fn is_digit(c: char) -> bool {
    c.is_ascii_digit() || ('０'..='９').contains(&c)
}

// ---------------------------------------------------------------------------------------
// GRAMMAR_PUNCTUATION

pub struct GrammarPunctuation;

static GRAMMAR_PUNCTUATION: RuleMeta = RuleMeta {
    code: "GRAMMAR_PUNCTUATION",
    aspect: Aspect::Grammar,
    default_severity: Severity::High,
    summary: "Doubled punctuation: 、、 / 。。 / 、。 runs",
    fix: Some(Applicability::Safe),
    doc: RuleDoc {
        what:
            "読点・句点が二つ以上続いている箇所（「、、」「。。」「、。」「。、」）を検出します。\
               同じ記号が三つ以上続くもの（「。。。」「、、、」）は三点リーダーの代用とみなし、\
               ELLIPSIS_STYLE が扱います。",
        why: "句読点の重なりは打ち間違いで、読者の目に引っかかり誤字と同じく信頼を損ねます。",
        example: "　彼は振り返った、。そこには誰もいなかった。。",
        fixed: "　彼は振り返った。そこには誰もいなかった。",
    },
};

impl Rule for GrammarPunctuation {
    fn meta(&self) -> &'static RuleMeta {
        &GRAMMAR_PUNCTUATION
    }

    fn check(&self, cx: &RuleContext, out: &mut Diagnostics) {
        // A run of two or more marks holds one of these.
        static PAIRS: Needles = Needles::new(&["、、", "、。", "。、", "。。"]);
        let doc = cx.doc;
        let guard = LazyGuard::new(doc);
        scan::paragraph_hits(doc, &[&PAIRS], |p, text, _| {
            for (s, e, n) in runs(text, |c| c == '、' || c == '。') {
                let run = &text[s..e];
                let uniform = run.chars().all(|c| c == '。') || run.chars().all(|c| c == '、');
                if n < 2 || (uniform && n >= 3) {
                    continue;
                }
                let intended = if run.contains('。') { "。" } else { "、" };
                let range = p.display.start + s..p.display.start + e;
                let edit = display_edit(doc, &guard, range.clone(), intended);
                out.push(
                    Diagnostic::new(
                        GRAMMAR_PUNCTUATION.code,
                        Severity::High,
                        doc.source_span(range),
                        format!(
                            "句読点「{run}」が重なっています。「{intended}」一つにしてください。"
                        ),
                    )
                    .with_suggestion(intended)
                    .with_edit_fix(
                        Applicability::Safe,
                        format!("「{run}」を「{intended}」にする"),
                        edit,
                    ),
                );
            }
        });
    }
}

// ---------------------------------------------------------------------------------------
// TYPO

pub struct Typo;

static TYPO: RuleMeta = RuleMeta {
    code: "TYPO",
    aspect: Aspect::Grammar,
    default_severity: Severity::High,
    summary: "Common misspelling from the typo dictionary (こんにちわ → こんにちは)",
    fix: Some(Applicability::Standard),
    doc: RuleDoc {
        what: "よくある誤字・誤用を辞書（templates/dictionaries/typos.tsv と設定の typos）で\
               検出し、正しい表記を示します。辞書の語が一字の漢字で始まる場合（「的を得た」）、\
               直前が漢字なら別の語の一部とみなして報告しません（「目的を得た」）。",
        why: "誤字や慣用句の誤用は、読者に「校正されていない」印象を与え、作品への没入を\
              妨げます。感想欄で指摘されやすい箇所でもあります。",
        example: "「こんにちわ」と彼女は言った。危機一発のところで助かった。",
        fixed: "「こんにちは」と彼女は言った。危機一髪のところで助かった。",
    },
};

/// Whether a dictionary word starting at display offset `at` may be a word of its own:
/// a word whose first character is a lone kanji (kanji followed by a non-kanji, or a
/// one-character word) is not matched right after another kanji (的を得た in 目的を得た).
fn typo_boundary_ok(display: &str, at: usize, word: &str) -> bool {
    let mut chars = word.chars();
    let Some(first) = chars.next() else {
        return false;
    };
    let lone_kanji = is_kanji(first) && !chars.next().is_some_and(is_kanji);
    !(lone_kanji && char_before(display, at).is_some_and(is_kanji))
}

impl Rule for Typo {
    fn meta(&self) -> &'static RuleMeta {
        &TYPO
    }

    fn check(&self, cx: &RuleContext, out: &mut Diagnostics) {
        let doc = cx.doc;
        let typos = &cx.settings.typos;
        let (distinct, ids) = words::distinct(typos.iter().map(|t| t.wrong.as_str()));
        let occurrences = words::WordSet::get(&distinct).occurrences(&doc.display);
        let guard = LazyGuard::new(doc);
        for (range, w) in words::select(&occurrences, &ids) {
            let (wrong, right) = (typos[w].wrong.as_str(), typos[w].right.as_str());
            if !typo_boundary_ok(&doc.display, range.start, wrong) {
                continue;
            }
            // A fix whose result contains the wrong word again would never settle.
            let edit = if right.contains(wrong) {
                None
            } else {
                display_edit(doc, &guard, range.clone(), right)
            };
            out.push(
                Diagnostic::new(
                    TYPO.code,
                    Severity::High,
                    doc.source_span(range),
                    format!("「{wrong}」は誤りです。正しくは「{right}」です。"),
                )
                .with_suggestion(right)
                .with_edit_fix(
                    Applicability::Standard,
                    format!("「{wrong}」を「{right}」に直す"),
                    edit,
                ),
            );
        }
    }
}

// ---------------------------------------------------------------------------------------
// NOTATION_INCONSISTENCY

pub struct NotationInconsistency;

static NOTATION_INCONSISTENCY: RuleMeta = RuleMeta {
    code: "NOTATION_INCONSISTENCY",
    aspect: Aspect::Grammar,
    default_severity: Severity::Medium,
    summary: "Both spellings of a notation pair used in one file (出来る / できる)",
    fix: None,
    doc: RuleDoc {
        what: "同じ語が一つのファイルの中で二通りの表記（「出来る」と「できる」、「事」と「こと」など、\
               templates/dictionaries/notation_pairs.tsv と設定の notation_pairs）で書かれている\
               場合に、少ないほうの表記の箇所をすべて報告します。漢字の表記は前後が漢字なら\
               熟語の一部とみなして数えず（「仕事」「事件」の「事」、「時間」「3時」の「時」）、\
               かなの表記は別の語の一部となる文脈（「ときどき」の「とき」、「まこと」の「こと」）\
               では数えません。",
        why: "表記が揺れていると、読者は違う意味があるのかと立ち止まります。どちらを選んでも\
              よいので、一つの作品の中では統一するのが基本です。",
        example: "　やっと出来た。これで何でもできる。出来ることはすべてやった。",
        fixed: "　やっと出来た。これで何でも出来る。出来ることはすべてやった。",
    },
};

/// One side of a notation pair: its `|`-separated forms and a matcher over them.
struct Side<'s> {
    label: &'s str,
    forms: Vec<&'s str>,
}

impl<'s> Side<'s> {
    fn new(spec: &'s str) -> Side<'s> {
        let forms: Vec<&str> = spec
            .split('|')
            .map(str::trim)
            .filter(|f| !f.is_empty())
            .collect();
        Side {
            label: forms.first().copied().unwrap_or(spec),
            forms,
        }
    }

    fn display_label(&self) -> String {
        if self.forms.len() > 1 {
            format!("「{}」など", self.label)
        } else {
            format!("「{}」", self.label)
        }
    }

    /// Display ranges where this spelling plausibly is the word of the pair, given the
    /// occurrences of every form of every pair and the index of each form of this side
    /// among them.
    fn occurrences(
        &self,
        display: &str,
        all: &[Vec<Range<usize>>],
        ids: &[Option<usize>],
    ) -> Vec<Range<usize>> {
        words::select(all, ids)
            .into_iter()
            .map(|(range, _)| range)
            .filter(|range| notation_match_ok(display, range.clone()))
            .collect()
    }
}

/// Hiragana that can start a particle or copula after a noun: は に の が も を で だ か
/// こ(そ) さ(え) ま(で) や へ ほ(ど) な(ど) よ(り) と.
const PARTICLE_HEADS: &str = "はにのがもをでだかこさまやへほなよと";

/// A letter: kana or kanji.
fn is_letter(c: char) -> bool {
    char_class(c) != CharClass::Other
}

/// The heuristic that keeps short spellings from matching inside other words:
/// - a spelling that starts with a kanji is not counted right after a kanji or a digit
///   (事 in 仕事/食事, 時 in 当時/3時), and one that ends with a kanji is not counted right
///   before a kanji (事 in 事件, 時 in 時間/時々);
/// - a spelling of one or two hiragana (こと, とき) is counted only right after a letter
///   (kana or kanji: そのとき, 見たこと; not a sentence-initial ことに = 殊に) and, when a
///   hiragana follows it, only if that hiragana can start a particle (ときは, ことが; not
///   ときまって = と決まって, ときた = と来た, なるときっと = なると きっと);
/// - a spelling is not counted where it lies inside one of its exclusion contexts
///   (`notation_exclusions.tsv`: とき in ときどき/ときめく/ひととき, こと in まこと/ことば,
///   できた in 飛んできた).
pub(super) fn notation_match_ok(display: &str, range: Range<usize>) -> bool {
    let Some(word) = display.get(range.clone()) else {
        return false;
    };
    let (Some(first), Some(last)) = (word.chars().next(), word.chars().next_back()) else {
        return false;
    };
    if is_kanji(first)
        && char_before(display, range.start).is_some_and(|c| is_kanji(c) || is_digit(c))
    {
        return false;
    }
    if is_kanji(last) && char_at(display, range.end).is_some_and(is_kanji) {
        return false;
    }
    let short_kana =
        word.chars().count() <= 2 && word.chars().all(|c| char_class(c) == CharClass::Hiragana);
    if short_kana {
        if !char_before(display, range.start).is_some_and(is_letter) {
            return false;
        }
        if char_at(display, range.end)
            .is_some_and(|n| char_class(n) == CharClass::Hiragana && !PARTICLE_HEADS.contains(n))
        {
            return false;
        }
    }
    if let Some(contexts) = exclusion_offsets().get(word) {
        for (context, offsets) in contexts {
            for &k in offsets {
                let Some(start) = range.start.checked_sub(k) else {
                    continue;
                };
                if display
                    .get(start..)
                    .is_some_and(|rest| rest.starts_with(context.as_str()))
                {
                    return false;
                }
            }
        }
    }
    true
}

/// Contexts of one excluded spelling, each with the byte offsets of the spelling in it.
type ContextOffsets = Vec<(String, Vec<usize>)>;

/// `notation_exclusions()` with, for every context, the offsets at which its spelling
/// occurs in it (`str::match_indices`), computed once.
fn exclusion_offsets() -> &'static HashMap<String, ContextOffsets> {
    static OFFSETS: OnceLock<HashMap<String, ContextOffsets>> = OnceLock::new();
    OFFSETS.get_or_init(|| {
        notation_exclusions()
            .iter()
            .map(|(word, contexts)| {
                let contexts = contexts
                    .iter()
                    .map(|c| {
                        let offsets = c.match_indices(word.as_str()).map(|(k, _)| k).collect();
                        (c.clone(), offsets)
                    })
                    .collect();
                (word.clone(), contexts)
            })
            .collect()
    })
}

impl Rule for NotationInconsistency {
    fn meta(&self) -> &'static RuleMeta {
        &NOTATION_INCONSISTENCY
    }

    fn check(&self, cx: &RuleContext, out: &mut Diagnostics) {
        let doc: &Document = cx.doc;
        let pairs: Vec<(Side, Side)> = cx
            .settings
            .notation_pairs
            .iter()
            .map(|pair| (Side::new(&pair.a), Side::new(&pair.b)))
            .collect();
        // One scan for the forms of every pair; `ids` lists, side after side, the index of
        // each form among the distinct forms.
        let (distinct, ids) = words::distinct(
            pairs
                .iter()
                .flat_map(|(a, b)| a.forms.iter().chain(&b.forms).copied()),
        );
        let all = words::WordSet::get(&distinct).occurrences(&doc.display);
        let mut ids = ids.as_slice();
        for (a, b) in &pairs {
            let (ids_a, rest) = ids.split_at(a.forms.len());
            let (ids_b, rest) = rest.split_at(b.forms.len());
            ids = rest;
            let occ_a = a.occurrences(&doc.display, &all, ids_a);
            let occ_b = b.occurrences(&doc.display, &all, ids_b);
            if occ_a.is_empty() || occ_b.is_empty() {
                continue;
            }
            let role = [a.label, b.label]
                .iter()
                .find_map(|l| notation_roles().get(*l).copied());
            let preferred = cx.settings.notation_preferences.iter().find_map(|p| {
                if a.forms.contains(&p.as_str()) {
                    Some(true)
                } else if b.forms.contains(&p.as_str()) {
                    Some(false)
                } else {
                    None
                }
            });
            // The pair is compared within each use (see `notation_roles.tsv`).
            for used_as in [false, true] {
                let in_use = |occ: &[Range<usize>]| -> Vec<Range<usize>> {
                    occ.iter()
                        .filter(|r| grammatical_use(&doc.display, r, role) == used_as)
                        .cloned()
                        .collect()
                };
                let (occ_a, occ_b) = (in_use(&occ_a), in_use(&occ_b));
                if occ_a.is_empty() || occ_b.is_empty() {
                    continue;
                }
                report_pair(doc, (a, &occ_a), (b, &occ_b), preferred, out);
            }
        }
    }
}

/// Whether the occurrence at `range` of the display is the grammatical use of its pair's
/// role: after て/で (an auxiliary), or after a hiragana and not taking を (a formal noun).
fn grammatical_use(display: &str, range: &Range<usize>, role: Option<NotationRole>) -> bool {
    let before = char_before(display, range.start);
    match role {
        None => false,
        Some(NotationRole::Aux) => matches!(before, Some('て' | 'で')),
        Some(NotationRole::Formal) => {
            // 時を刻む, 物を運ぶ: a noun taking を is the content word.
            before.is_some_and(|c| char_class(c) == CharClass::Hiragana)
                && char_at(display, range.end) != Some('を')
        }
    }
}

/// Reports the spelling to change: the one the house style does not prefer (`preferred`:
/// `a` is preferred), else the one used less (on a tie, the later one).
fn report_pair(
    doc: &Document,
    (a, occ_a): (&Side, &[Range<usize>]),
    (b, occ_b): (&Side, &[Range<usize>]),
    preferred: Option<bool>,
    out: &mut Diagnostics,
) {
    let change_a = preferred
        .map(|p| !p)
        .unwrap_or_else(|| match occ_a.len().cmp(&occ_b.len()) {
            std::cmp::Ordering::Less => true,
            std::cmp::Ordering::Greater => false,
            std::cmp::Ordering::Equal => occ_a[0].start > occ_b[0].start,
        });
    let (minor, minor_occ, major, major_occ) = if change_a {
        (a, occ_a, b, occ_b)
    } else {
        (b, occ_b, a, occ_a)
    };
    let (advice, suggestion) = if preferred.is_some() {
        (
            format!("表記の方針（設定）は{}です。", major.display_label()),
            format!("{}に統一する", major.display_label()),
        )
    } else {
        (
            "どちらかに統一してください（方針は .novelerrc.yaml の notation_preferences か\
             スタイルガイドの表記.ひらく語で指定できます）。"
                .to_string(),
            format!(
                "{}か{}に統一する",
                major.display_label(),
                minor.display_label()
            ),
        )
    };
    // Many places of one pair are one habit: reported once, at the first (issue 13).
    let many = minor_occ.len() >= super::convention::MIN_COUNT;
    let shown = if many { &minor_occ[..1] } else { minor_occ };
    let rest = if many {
        format!("（ほか{}箇所、最初の箇所のみ表示）", minor_occ.len() - 1)
    } else {
        String::new()
    };
    for range in shown {
        let here = &doc.display[range.clone()];
        out.push(
            Diagnostic::new(
                NOTATION_INCONSISTENCY.code,
                Severity::Medium,
                doc.source_span(range.clone()),
                format!(
                    "表記ゆれ：「{here}」{rest}。このファイルでは{}が{}回、{}が{}回使われています。{advice}",
                    minor.display_label(),
                    minor_occ.len(),
                    major.display_label(),
                    major_occ.len(),
                ),
            )
            .with_suggestion(suggestion.clone()),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::fix::apply;
    use crate::analysis::fix::testing::{diagnostics, fixed};
    use crate::analysis::settings::{NotationPair, TypoEntry};
    use crate::analysis::Settings;

    fn codes(rule: &dyn Rule, text: &str) -> Vec<String> {
        diagnostics(rule, text, &Settings::default())
            .into_iter()
            .map(|d| d.source_text)
            .collect()
    }

    // GRAMMAR_PUNCTUATION ------------------------------------------------------------------

    #[test]
    fn punctuation_fires_on_doubled_marks() {
        assert_eq!(
            codes(
                &GrammarPunctuation,
                "　彼は、、走った。。\n　それで、。終わり。\n"
            ),
            vec!["、、", "。。", "、。"]
        );
    }

    #[test]
    fn punctuation_ignores_single_marks_and_ellipsis_runs() {
        assert!(codes(
            &GrammarPunctuation,
            "　彼は、走った。\n　あ。。。\n　い、、、\n"
        )
        .is_empty());
    }

    #[test]
    fn punctuation_fix_collapses_to_intended_mark() {
        let text = "　振り返った、。誰もいない。。次、、そして。、\n";
        assert_eq!(
            fixed(&GrammarPunctuation, text, &Settings::default()),
            "　振り返った。誰もいない。次、そして。\n"
        );
    }

    #[test]
    fn punctuation_reading_inside_ruby_is_ignored() {
        // The reading is masked: no finding for 、、 inside 《》.
        assert!(codes(&GrammarPunctuation, "　｜彼《か、、れ》は来た。\n").is_empty());
    }

    // TYPO ---------------------------------------------------------------------------------

    #[test]
    fn typo_fires_on_dictionary_words() {
        let found = codes(
            &Typo,
            "「こんにちわ」\n　危機一発だった。シュミレーションする。\n",
        );
        assert_eq!(found, vec!["こんにちわ", "危機一発", "シュミレーション"]);
    }

    #[test]
    fn typo_does_not_fire_on_correct_text_or_inside_compounds() {
        assert!(codes(&Typo, "「こんにちは」\n　目的を得た。的を射た意見だ。\n").is_empty());
        // Inside a ruby reading nothing is analysed.
        assert!(codes(&Typo, "　｜挨拶《こんにちわ》した。\n").is_empty());
    }

    #[test]
    fn typo_fix_replaces_with_the_right_spelling() {
        let text = "「こんにちわ」\n　彼の意見は的を得ていた。\n";
        assert_eq!(
            fixed(&Typo, text, &Settings::default()),
            "「こんにちは」\n　彼の意見は的を射ていた。\n"
        );
    }

    #[test]
    fn typo_uses_configured_entries_and_protects_ruby() {
        let settings = Settings {
            typos: vec![TypoEntry {
                wrong: "完壁".into(),
                right: "完璧".into(),
            }],
            ..Settings::default()
        };
        let ds = diagnostics(&Typo, "　｜完壁《かんぺき》だ。完壁だ。\n", &settings);
        assert_eq!(ds.len(), 2);
        // The ruby base must not be edited (the edit would cut into ｜基《よみ》).
        assert!(ds[0].fix.is_none());
        assert!(ds[1].fix.is_some());
        assert_eq!(
            fixed(&Typo, "　｜完壁《かんぺき》だ。完壁だ。\n", &settings),
            "　｜完壁《かんぺき》だ。完璧だ。\n"
        );
    }

    #[test]
    fn typo_whose_right_contains_wrong_has_no_fix() {
        let settings = Settings {
            typos: vec![TypoEntry {
                wrong: "あい".into(),
                right: "あいう".into(),
            }],
            ..Settings::default()
        };
        let ds = diagnostics(&Typo, "あい\n", &settings);
        assert_eq!(ds.len(), 1);
        assert!(ds[0].fix.is_none());
    }

    // NOTATION_INCONSISTENCY ---------------------------------------------------------------

    #[test]
    fn notation_reports_each_minority_occurrence() {
        let text = "　やっと出来た。何でもできる。出来ることはやった。\n";
        let ds = diagnostics(&NotationInconsistency, text, &Settings::default());
        assert_eq!(ds.len(), 1);
        assert_eq!(ds[0].source_text, "できる");
        assert!(
            ds[0].message.contains("「できる」など"),
            "{}",
            ds[0].message
        );
        assert!(ds[0].message.contains("1回"));
        assert!(ds[0].message.contains("「出来る」など"));
        assert!(ds[0].message.contains("2回"));
        assert!(ds[0].fix.is_none());
    }

    #[test]
    fn notation_tie_reports_the_later_spelling() {
        let text = "　彼の事が気になる。あのことは忘れた。\n";
        let ds = diagnostics(&NotationInconsistency, text, &Settings::default());
        assert_eq!(
            ds.iter()
                .map(|d| d.source_text.as_str())
                .collect::<Vec<_>>(),
            vec!["こと"]
        );
    }

    #[test]
    fn notation_main_verb_and_auxiliary_are_not_mixed() {
        // 貰う (main verb) against 買ってもらう (auxiliary after て): the standard split.
        let text = "　本を貰った。彼に買ってもらった。\n";
        assert!(codes(&NotationInconsistency, text).is_empty());
        // Within one use both spellings are still a 表記ゆれ.
        let text = "　本を貰った。花をもらった。\n";
        assert_eq!(codes(&NotationInconsistency, text).len(), 1);
    }

    #[test]
    fn notation_formal_noun_and_content_word_are_not_mixed() {
        // 見たこと (formal noun, after a hiragana) against 事の次第 (content word).
        let text = "　見たことがある。事の次第を話す。\n";
        assert!(codes(&NotationInconsistency, text).is_empty());
        let text = "　見たときがある。正しく時を刻む。\n";
        assert!(codes(&NotationInconsistency, text).is_empty());
        let text = "　見たことがある。聞いた事もある。\n";
        assert_eq!(codes(&NotationInconsistency, text).len(), 1);
    }

    #[test]
    fn notation_suggests_the_house_style() {
        let settings = Settings {
            notation_preferences: vec!["できる".into()],
            ..Settings::default()
        };
        let text = "　やっと出来た。何でもできる。出来ることはやった。\n";
        let ds = diagnostics(&NotationInconsistency, text, &settings);
        let at: Vec<&str> = ds.iter().map(|d| d.source_text.as_str()).collect();
        assert_eq!(at, vec!["出来た", "出来る"]);
        assert!(
            ds[0].message.contains("表記の方針（設定）は「できる」など"),
            "{}",
            ds[0].message
        );
        // Without a house style, no side is called right because it is more frequent.
        let ds = diagnostics(&NotationInconsistency, text, &Settings::default());
        assert!(!ds[0].message.contains("多いほう"), "{}", ds[0].message);
    }

    #[test]
    fn notation_many_places_are_reported_once() {
        let text = format!(
            "{}{}\n",
            "　彼の事だ。".repeat(7),
            "　あのことだ。".repeat(5)
        );
        let ds = diagnostics(&NotationInconsistency, &text, &Settings::default());
        assert_eq!(ds.len(), 1);
        assert!(ds[0].message.contains("ほか4箇所"), "{}", ds[0].message);
    }

    #[test]
    fn notation_silent_when_one_spelling_only() {
        assert!(codes(&NotationInconsistency, "　できる。できた。できない。\n").is_empty());
    }

    #[test]
    fn notation_short_kanji_not_counted_inside_compounds() {
        // 事 only in 仕事 / 事件 / 食事 / 大事: no 「事」 spelling, so こと alone is fine.
        let text = "　仕事と事件と食事は大事なことだ。ことに。\n";
        assert!(codes(&NotationInconsistency, text).is_empty());
        // 時 in 時間 / 当時 / 時々 / 3時 is not とき.
        let text = "　時間も当時も時々、3時に。そのときだ。\n";
        assert!(codes(&NotationInconsistency, text).is_empty());
    }

    #[test]
    fn notation_short_kana_not_counted_inside_other_words() {
        // とき in ときどき / ときめく / ひととき is not 時.
        let text = "　その時、ときどきときめく。ひとときの夢。\n";
        assert!(codes(&NotationInconsistency, text).is_empty());
        // こと in まこと / ことば / ひとこと is not 事.
        let text = "　その事は、まことに、ことばのひとことだ。\n";
        assert!(codes(&NotationInconsistency, text).is_empty());
        // と + 決まって / 来た / きっと / 聞こえ, and 殊に, 一言二言 are other words.
        let text = "　その時、ときまって言う。飛んだときた。なるときっと。ときこえた。\n";
        assert!(codes(&NotationInconsistency, text).is_empty());
        let text = "　その事。ことに吾輩は。一こと二こと話した。\n";
        assert!(codes(&NotationInconsistency, text).is_empty());
        // 飛んできた is 飛んで来た, not 出来た.
        let text = "　出来た。出来る。鳥が飛んできた。\n";
        assert!(codes(&NotationInconsistency, text).is_empty());
        // But a real とき still counts against 時.
        let text = "　その時は、あのときは。\n";
        assert_eq!(codes(&NotationInconsistency, text), vec!["とき"]);
    }

    #[test]
    fn notation_heuristic_unit() {
        let t = "仕事の事";
        let at = t.rfind('事').unwrap();
        assert!(notation_match_ok(t, at..at + 3));
        let at = t.find('事').unwrap();
        assert!(!notation_match_ok(t, at..at + 3));
        let t = "ときどき";
        assert!(!notation_match_ok(t, 0..6));
        let t = "3時に";
        assert!(!notation_match_ok(t, 1..4));
        let t = "その時に";
        assert!(notation_match_ok(t, 6..9));
    }

    #[test]
    fn notation_uses_configured_pairs() {
        let settings = Settings {
            notation_pairs: vec![NotationPair {
                a: "猫".into(),
                b: "ねこ".into(),
            }],
            ..Settings::default()
        };
        let ds = diagnostics(&NotationInconsistency, "　猫と猫とねこ。\n", &settings);
        assert_eq!(ds.len(), 1);
        assert_eq!(ds[0].source_text, "ねこ");
    }

    #[test]
    fn rules_have_docs_and_do_not_panic_on_odd_input() {
        for rule in RULES {
            let m = rule.meta();
            assert!(!m.doc.example.is_empty() && !m.doc.fixed.is_empty());
            for text in [
                "",
                "\n",
                "、、",
                "《》、、",
                "｜《》",
                "---\n",
                "\u{3000}",
                "事",
            ] {
                let _ = diagnostics(*rule, text, &Settings::default());
            }
        }
        let _ = apply("", &[]);
    }

    #[test]
    fn doc_examples_match_the_rules() {
        crate::analysis::fix::testing::assert_doc_examples(RULES);
    }
}
