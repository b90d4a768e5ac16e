//! Slips an editor's red pen catches word by word, from data (issue 30):
//! 同音異義の誤変換 (HOMOPHONE_MISCONVERSION), 慣用句・四字熟語の誤り (IDIOM_MISUSE) and 語の誤用
//! (WORD_MISUSE), matched as collocations on the analyser's words (`collocation`), and
//! 送り仮名の誤り (OKURIGANA_ERROR), matched as spellings at word starts.

use super::super::words::{distinct, select, WordSet};
use super::super::{Rule, RuleContext, RuleDoc, RuleMeta, Scope};
use super::collocation::{replacement, Compiled};
use super::{tokens_span, tokens_text};
use crate::analysis::dictionaries::collocation_extra;
use crate::analysis::fix::{display_edit, LazyGuard};
use crate::analysis::settings::Preset;
use crate::analysis::settings::TypoEntry;
use crate::analysis::Diagnostics;
use crate::analysis::{Applicability, Aspect, Diagnostic, Severity};
use std::sync::Arc;

/// A suggestion listed as disputed (`?` before it in the data): accepted by some
/// dictionaries, so reported at low severity and without a fix.
fn disputed(right: &str) -> Option<&str> {
    right.strip_prefix('?')
}

/// How one rule words its finding.
struct Wording {
    meta: &'static RuleMeta,
    /// (displayed match, wrong word, right word, corrected match) → message.
    message: fn(&str, &str, &str, &str) -> String,
}

/// Reports every match of `list` in the body's words.
fn report(cx: &RuleContext, list: &Arc<Vec<TypoEntry>>, wording: &Wording, out: &mut Diagnostics) {
    if list.is_empty() {
        return;
    }
    let compiled = Compiled::get(list);
    let (doc, words) = (cx.doc, cx.words);
    let guard = LazyGuard::new(doc);
    let older_prose = cx.settings.preset() == Preset::Literary;
    for pw in words.paragraphs() {
        let text = doc.paragraph_text(&doc.paragraphs[pw.paragraph]);
        for m in compiled.matches(&pw.tokens, text, older_prose) {
            let e = &list[m.entry];
            let (right, sure) = match disputed(&e.right) {
                Some(r) => (r, false),
                None => (e.right.as_str(), true),
            };
            let wrong = tokens_text(doc, pw, m.anchor.clone());
            let shown = tokens_text(doc, pw, m.whole.clone());
            let one = !right.contains('／');
            let to = one
                .then(|| replacement(wrong, m.base.as_deref(), right))
                .flatten();
            // The whole match with the wrong word replaced, for the message.
            let part = |r: std::ops::Range<usize>| {
                if r.is_empty() {
                    ""
                } else {
                    tokens_text(doc, pw, r)
                }
            };
            let corrected = to.as_ref().map(|to| {
                let before = part(m.whole.start..m.anchor.start);
                let after = part(m.anchor.end..m.whole.end);
                format!("{before}{to}{after}")
            });
            let mut message = (wording.message)(
                shown,
                wrong,
                to.as_deref().unwrap_or(right),
                corrected.as_deref().unwrap_or(right),
            );
            if !sure {
                message.push_str("（辞書によっては許容される形です）");
            }
            if let Some(x) = collocation_extra(&e.wrong).filter(|x| !x.note.is_empty()) {
                message.push_str(&x.note);
            }
            let at = pw.base + pw.tokens[m.anchor.start].range.start
                ..pw.base + pw.tokens[m.anchor.end - 1].range.end;
            let edit = to
                .as_ref()
                .filter(|_| sure)
                .and_then(|to| display_edit(doc, &guard, at, to.clone()));
            // A form some dictionaries accept is worth a look, not a gate.
            let severity = if sure {
                wording.meta.default_severity
            } else {
                Severity::Low
            };
            out.push(
                Diagnostic::new(
                    wording.meta.code,
                    severity,
                    tokens_span(words, pw, m.whole.clone()),
                    message,
                )
                .with_suggestion(corrected.unwrap_or_else(|| right.to_string()))
                .with_edit_fix(
                    Applicability::Standard,
                    format!("「{wrong}」を「{}」に直す", to.as_deref().unwrap_or(right)),
                    edit,
                ),
            );
        }
    }
}

// ---------------------------------------------------------------------------------------
// HOMOPHONE_MISCONVERSION

pub struct HomophoneMisconversion;

static HOMOPHONE_MISCONVERSION: RuleMeta = RuleMeta {
    code: "HOMOPHONE_MISCONVERSION",
    aspect: Aspect::Grammar,
    default_severity: Severity::High,
    summary: "同音異義の誤変換 by context (機械があれば, 収集がつかない, 以外と簡単)",
    fix: Some(Applicability::Standard),
    doc: RuleDoc {
        what: "かな漢字変換で同じ読みの別の語になってしまった誤変換（機械があれば→機会、収集がつかない→収拾、意志の疎通→意思、体制を崩して転ぶ→体勢、最後を看取る→最期、以外と簡単→意外、感心がない→関心、移動の辞令→異動 など）を、前後の語との結びつき（コロケーション）で検出します。語だけでは判断しません（「機械を操作する」「それ以外の者」「最後の一人」は正しい文です）。辞書は templates/dictionaries/homophones.tsv で、設定の word_lists.homophones で追加・削除できます。前後の語は形態素解析の原形で照合するので、活用した形（会った・会わない）にも当たります。",
        why: "誤変換は誤字と同じく、読者にはすぐ分かり、作品が推敲されていない印象を与えます。同じ読みの正しい語なので、変換の確定時にも見直しでも見落としやすく、校閲で最も多く指摘される種類の誤りです。",
        example: "　また機械があれば、ぜひ寄らせてもらおう。部屋は散らかり、収集がつかない。",
        fixed: "　また機会があれば、ぜひ寄らせてもらおう。部屋は散らかり、収拾がつかない。",
    },
};

impl Rule for HomophoneMisconversion {
    fn meta(&self) -> &'static RuleMeta {
        &HOMOPHONE_MISCONVERSION
    }

    fn scope(&self) -> Scope {
        Scope::Line
    }

    fn check(&self, cx: &RuleContext, out: &mut Diagnostics) {
        let wording = Wording {
            meta: &HOMOPHONE_MISCONVERSION,
            message: |shown, wrong, right, _| {
                format!("「{shown}」の「{wrong}」は「{right}」の誤変換と思われます。")
            },
        };
        report(cx, &cx.settings.homophones, &wording, out);
    }
}

// ---------------------------------------------------------------------------------------
// IDIOM_MISUSE

pub struct IdiomMisuse;

static IDIOM_MISUSE: RuleMeta = RuleMeta {
    code: "IDIOM_MISUSE",
    aspect: Aspect::Grammar,
    default_severity: Severity::High,
    summary: "慣用句・四字熟語の誤用/誤記 (汚名挽回, 采配を振るう, 五里夢中)",
    fix: Some(Applicability::Standard),
    doc: RuleDoc {
        what: "慣用句・四字熟語の誤記（五里夢中→五里霧中、短刀直入→単刀直入、千載一隅→千載一遇）と、言葉の組み合わせの誤用（汚名挽回→汚名返上・名誉挽回、的を得る→的を射る、頭をかしげる→首をかしげる）を、辞書（templates/dictionaries/idioms.tsv、設定の word_lists.idioms）に照らして検出します。活用した形（的を得ている・采配を振るった）にも当たります。足元をすくわれる・采配を振るう のように一部の辞書が認めている形は、重大度 low で本来の形を示すだけで、自動修正はしません。",
        why: "慣用句や四字熟語の誤りは、読者に「言葉を知らない書き手」という印象を与え、地の文なら作者の、台詞なら人物の信用を損ねます。感想欄で最も指摘されやすい誤りの一つです。",
        example: "　五里夢中のまま走り続け、ようやく的を得た答えにたどり着いた。",
        fixed: "　五里霧中のまま走り続け、ようやく的を射た答えにたどり着いた。",
    },
};

impl Rule for IdiomMisuse {
    fn meta(&self) -> &'static RuleMeta {
        &IDIOM_MISUSE
    }

    fn scope(&self) -> Scope {
        Scope::Line
    }

    fn check(&self, cx: &RuleContext, out: &mut Diagnostics) {
        let wording = Wording {
            meta: &IDIOM_MISUSE,
            message: |shown, _, _, corrected| {
                format!("「{shown}」は誤りです。正しくは「{corrected}」です。")
            },
        };
        report(cx, &cx.settings.idioms, &wording, out);
    }
}

// ---------------------------------------------------------------------------------------
// WORD_MISUSE

pub struct WordMisuse;

static WORD_MISUSE: RuleMeta = RuleMeta {
    code: "WORD_MISUSE",
    aspect: Aspect::Grammar,
    default_severity: Severity::Medium,
    summary: "語の誤用 (法律を適応する, 可変する, 読みずらい) from the misuse list",
    fix: Some(Applicability::Standard),
    doc: RuleDoc {
        what: "意味や使い方を取り違えやすい語の誤用（法律を適応する→適用、幅が可変する→変わる、書きずらい→書きづらい、悪どい→あくどい、似て異なる→似て非なる など）を、辞書（templates/dictionaries/misuses.tsv、設定の word_lists.word_misuses）に照らして検出します。「環境に適応する」「体を適応させる」のように正しく使われた語は対象外です。",
        why: "語の取り違えは、意味が通じてしまうぶん書き手も読み手も見落としがちですが、分かる読者には誤りとしてはっきり目に付き、文章全体の信頼を下げます。",
        example: "　今回の事件にその法律を適応するのは無理がある。",
        fixed: "　今回の事件にその法律を適用するのは無理がある。",
    },
};

impl Rule for WordMisuse {
    fn meta(&self) -> &'static RuleMeta {
        &WORD_MISUSE
    }

    fn scope(&self) -> Scope {
        Scope::Line
    }

    fn check(&self, cx: &RuleContext, out: &mut Diagnostics) {
        let wording = Wording {
            meta: &WORD_MISUSE,
            message: |shown, wrong, right, _| {
                format!("「{shown}」の「{wrong}」は「{right}」の誤用と思われます。")
            },
        };
        report(cx, &cx.settings.word_misuses, &wording, out);
    }
}

// ---------------------------------------------------------------------------------------
// OKURIGANA_ERROR

pub struct OkuriganaError;

static OKURIGANA_ERROR: RuleMeta = RuleMeta {
    code: "OKURIGANA_ERROR",
    aspect: Aspect::Grammar,
    default_severity: Severity::Medium,
    summary: "送り仮名の誤り (新らしい, 明かるい, 少い) from the okurigana list",
    fix: Some(Applicability::Standard),
    doc: RuleDoc {
        what: "どの基準でも誤りとされる送り仮名（新らしい→新しい、明かるい→明るい、少い→少ない、恐しい→恐ろしい、冷い→冷たい、短かい→短い、危い→危ない など）を、辞書（templates/dictionaries/okurigana.tsv、設定の word_lists.okurigana）に照らして検出します。語の始まりでだけ照合します（「多少いい」の「少い」は別の語です）。「送り仮名の付け方」（昭和48年内閣告示）が許容する形（行なう・表わす・申込み・起る など）は誤りではないので対象外です。明治・大正期の作品の表記は作者と時代のものなので、literary プリセットでは報告しません。",
        why: "送り仮名の誤りは、読者には誤字と同じに見えます。変換候補に出ないため手で直した形や、古い本で覚えた形が残りやすい箇所です。",
        example: "　新らしい服に袖を通すと、明かるい気分になった。",
        fixed: "　新しい服に袖を通すと、明るい気分になった。",
    },
};

impl Rule for OkuriganaError {
    fn meta(&self) -> &'static RuleMeta {
        &OKURIGANA_ERROR
    }

    fn scope(&self) -> Scope {
        Scope::Line
    }

    fn check(&self, cx: &RuleContext, out: &mut Diagnostics) {
        let list = &cx.settings.okurigana;
        if list.is_empty() {
            return;
        }
        let (doc, words) = (cx.doc, cx.words);
        let (spellings, ids) = distinct(list.iter().map(|e| e.wrong.as_str()));
        let set = WordSet::get(&spellings);
        let guard = LazyGuard::new(doc);
        for pw in words.paragraphs() {
            let text = doc.paragraph_text(&doc.paragraphs[pw.paragraph]);
            for (range, w) in select(&set.occurrences(text), &ids) {
                // Only where a word starts: 多少いい holds 少い across two words.
                if pw
                    .tokens
                    .binary_search_by_key(&range.start, |t| t.range.start)
                    .is_err()
                {
                    continue;
                }
                let (wrong, right) = (&list[w].wrong, &list[w].right);
                let at = pw.base + range.start..pw.base + range.end;
                // Several candidates (危く: 危うく／危なく) are suggested, not fixed.
                let edit = (!right.contains('／'))
                    .then(|| display_edit(doc, &guard, at, right.clone()))
                    .flatten();
                out.push(
                    Diagnostic::new(
                        OKURIGANA_ERROR.code,
                        OKURIGANA_ERROR.default_severity,
                        words.span(pw, range),
                        format!("「{wrong}」は送り仮名の誤りです。「{right}」と書きます。"),
                    )
                    .with_suggestion(right.clone())
                    .with_edit_fix(
                        Applicability::Standard,
                        format!("「{wrong}」を「{right}」に直す"),
                        edit,
                    ),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::dictionaries::collocation_lists;
    use crate::analysis::fix::testing::{check, diagnostics, fixed, fixed_line as fix, flagged};
    use crate::analysis::Settings;

    /// Settings whose list `name` holds only `entries`.
    fn with_list(name: &str, entries: Vec<TypoEntry>) -> Settings {
        let mut s = Settings::default();
        let list = Arc::new(entries);
        match name {
            "homophones" => s.homophones = list,
            "idioms" => s.idioms = list,
            _ => s.word_misuses = list,
        }
        s
    }

    fn rule_of(name: &str) -> &'static dyn Rule {
        match name {
            "homophones" => &HomophoneMisconversion,
            "idioms" => &IdiomMisuse,
            _ => &WordMisuse,
        }
    }

    #[test]
    fn every_list_entry_parses_and_fires_on_its_example_and_its_fix_settles() {
        for (name, list, extras) in collocation_lists() {
            let rule = rule_of(name);
            assert!(list.len() >= 10, "{name}: {}", list.len());
            for (e, x) in list.iter().zip(&extras) {
                assert!(
                    super::super::check_pattern(&e.wrong).is_ok(),
                    "{name}: {}",
                    e.wrong
                );
                assert!(!x.example.is_empty(), "{name}: {} has no example", e.wrong);
                let settings = with_list(name, vec![e.clone()]);
                let text = format!("　{}\n", x.example);
                let found = diagnostics(rule, &text, &settings);
                assert!(
                    !found.is_empty(),
                    "{name}: {} does not fire on {}",
                    e.wrong,
                    x.example
                );
                // A fixed example no longer fires the entry: the fix settles.
                let once = fixed(rule, &text, &settings);
                if once != text {
                    assert!(
                        diagnostics(rule, &once, &settings).is_empty(),
                        "{name}: {} fires again on {once}",
                        e.wrong
                    );
                }
            }
        }
    }

    #[test]
    fn list_entries_are_unique() {
        for (name, list, _) in collocation_lists() {
            for (i, a) in list.iter().enumerate() {
                assert!(
                    list[i + 1..].iter().all(|b| b.wrong != a.wrong),
                    "{name}: {} twice",
                    a.wrong
                );
            }
        }
    }

    #[test]
    fn homophone_fires_on_collocations_not_on_the_bare_word() {
        for (text, wrong) in [
            ("　また機械があれば、ぜひ。", "また機械があれ"),
            ("　事態は収集がつかない。", "収集がつか"),
            ("　言葉が通じず、意志の疎通ができない。", "意志の疎通"),
            ("　足を滑らせて体制を崩し、転んだ。", "体制を崩し、転ん"),
            ("　母の最後を看取った。", "最後を看取っ"),
            ("　やってみると以外と簡単だった。", "以外と簡単"),
            ("　政治には感心がない。", "感心がない"),
            ("　突然、移動の辞令が出た。", "移動の辞令"),
            ("「なんか以外だね」", "以外だ"),
        ] {
            assert_eq!(flagged(&HomophoneMisconversion, text), [wrong], "{text}");
        }
        for ok in [
            "　彼は器用に機械を操作した。",
            "　それ以外の者は下がれ。",
            "　最後の一人が倒れた。",
            "　彼以外と話す気はない。",
            "　それ以外に方法はない。",
            "　切手の収集が趣味だ。",
            "　意志の強い人だ。",
            "　新しい体制が始まった。",
            "　彼の手際に感心した。",
            "　部屋を移動した。",
            "　仕事を始めて知ったことがある。",
            "　機械があれば楽なのに、と彼は言った。",
        ] {
            assert!(flagged(&HomophoneMisconversion, ok).is_empty(), "{ok}");
        }
    }

    #[test]
    fn homophone_fix_keeps_the_ending_of_a_conjugated_word() {
        assert_eq!(
            fix(&HomophoneMisconversion, "　帰り道で事故に会った。"),
            "　帰り道で事故に遭った。"
        );
        assert_eq!(
            fix(&HomophoneMisconversion, "　そこで目が会わなかった。"),
            "　そこで目が合わなかった。"
        );
        assert_eq!(
            fix(&HomophoneMisconversion, "　彼女は魔法に感心を示した。"),
            "　彼女は魔法に関心を示した。"
        );
        // Several candidates: suggested, not fixed.
        let text = "　距離を図る。";
        assert_eq!(flagged(&HomophoneMisconversion, text).len(), 1);
        assert_eq!(fix(&HomophoneMisconversion, text), text);
        let found = diagnostics(
            &HomophoneMisconversion,
            "　収集がつかない。\n",
            &Settings::default(),
        );
        assert_eq!(
            found[0].message,
            "「収集がつか」の「収集」は「収拾」の誤変換と思われます。"
        );
    }

    #[test]
    fn idiom_fires_on_conjugated_forms_and_disputed_ones_are_not_fixed() {
        assert_eq!(flagged(&IdiomMisuse, "　的を得ている。"), ["的を得"]);
        assert_eq!(flagged(&IdiomMisuse, "　捜査は五里夢中だ。"), ["五里夢中"]);
        assert_eq!(
            fix(&IdiomMisuse, "　捜査は五里夢中だ。"),
            "　捜査は五里霧中だ。"
        );
        assert_eq!(
            fix(&IdiomMisuse, "　彼の意見は的を得ていた。"),
            "　彼の意見は的を射ていた。"
        );
        assert_eq!(
            fix(&IdiomMisuse, "　怒り心頭に達した。"),
            "　怒り心頭に発した。"
        );
        let disputed = "　足元をすくわれた。";
        assert_eq!(flagged(&IdiomMisuse, disputed), ["足元をすくわ"]);
        assert_eq!(fix(&IdiomMisuse, disputed), disputed);
        let found = check(&IdiomMisuse, &format!("{disputed}\n"), &Settings::default());
        assert_eq!(found[0].severity, Severity::Low);
        let found = diagnostics(&IdiomMisuse, "　汚名挽回だ。\n", &Settings::default());
        assert!(
            found[0].message.contains("汚名返上／名誉挽回"),
            "{}",
            found[0].message
        );
        assert!(found[0].fix.is_none());
        for ok in [
            "　目的を得た。",
            "　的を射た意見だ。",
            "　足をすくわれた。",
            "　采配を振った。",
        ] {
            assert!(flagged(&IdiomMisuse, ok).is_empty(), "{ok}");
        }
    }

    #[test]
    fn word_misuse_fires_on_the_textlint_cases() {
        assert_eq!(flagged(&WordMisuse, "　法律を適応する。"), ["を適応する"]);
        assert_eq!(fix(&WordMisuse, "　法律を適応する。"), "　法律を適用する。");
        assert_eq!(
            fix(&WordMisuse, "　この本は書きずらい。"),
            "　この本は書きづらい。"
        );
        assert_eq!(
            flagged(&WordMisuse, "　ウインドウ幅が可変すると困る。").len(),
            1
        );
        for ok in [
            "　体が環境に適応する。",
            "　新料金プランが新たに適応される。",
            "　体を寒さに適応させる。",
            "　長さは可変だ。",
            "　予定をずらさない。",
        ] {
            assert!(flagged(&WordMisuse, ok).is_empty(), "{ok}");
        }
    }

    #[test]
    fn okurigana_fires_at_word_starts_and_not_on_permitted_forms() {
        assert_eq!(flagged(&OkuriganaError, "　新らしい服だ。"), ["新らし"]);
        assert_eq!(
            fix(&OkuriganaError, "　明かるい部屋で少い人数。"),
            "　明るい部屋で少ない人数。"
        );
        assert_eq!(
            fix(&OkuriganaError, "　冷い水と短かい髪。"),
            "　冷たい水と短い髪。"
        );
        // 危く is 危うく or 危なく: suggested only.
        let text = "　危く死ぬところだった。";
        assert_eq!(flagged(&OkuriganaError, text).len(), 1);
        assert_eq!(fix(&OkuriganaError, text), text);
        for ok in [
            "　多少いいと思う。",
            "　仕事を行なう。",
            "　気持ちを表わす。",
            "　短かった夏。",
            "　細そうな腕だ。",
            "　幼なじみと会う。",
            "　明かりが灯る。",
            "　彼女は静に会った。",
        ] {
            assert!(flagged(&OkuriganaError, ok).is_empty(), "{ok}");
        }
    }

    #[test]
    fn lists_come_from_settings() {
        let mut settings = Settings::default();
        Arc::make_mut(&mut settings.homophones).clear();
        assert!(diagnostics(&HomophoneMisconversion, "　収集がつかない。\n", &settings).is_empty());
        Arc::make_mut(&mut settings.homophones).push(TypoEntry {
            wrong: "[機械] を 逃す".into(),
            right: "機会".into(),
        });
        assert_eq!(
            diagnostics(&HomophoneMisconversion, "　機械を逃した。\n", &settings).len(),
            1
        );
        Arc::make_mut(&mut settings.okurigana).clear();
        assert!(diagnostics(&OkuriganaError, "　新らしい。\n", &settings).is_empty());
    }
}
