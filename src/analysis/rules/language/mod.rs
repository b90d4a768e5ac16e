//! Language rules (issues 14 and 30): usage problems an editor's red pen catches, read from
//! words (`morph`) rather than characters. Every rule here except DIGIT_WIDTH_MIXED and
//! LONG_SENTENCE_NO_COMMA needs the dictionary and reports nothing without one
//! (`RuleContext::words`).
//!
//! Sentences are the document's (`Document::sentences`); a word belongs to the sentence
//! whose display range holds its start. "Quoted" words are those of dialogue paragraphs or
//! inside 「」『』（） of a narration paragraph (`ParagraphWords::speech`, marked with the words).

use super::Rule;
use crate::analysis::morph::{ParagraphWords, Token, Words};
use crate::analysis::segment::Document;
use std::ops::Range;

mod agreement;
mod case_particles;
mod collocation;
mod consistency;
mod helpers;
mod lemma_notation;
mod particles;
mod redundant;
mod slips;
mod twist;
mod usage;
mod verbs;

pub(super) static RULES: &[&dyn Rule] = &[
    &usage::RaNuki,
    &usage::INuki,
    &usage::DoubleHonorific,
    &usage::DoubleNegative,
    &usage::Tautology,
    &usage::RedundantExpression,
    &particles::DoubledWord,
    &particles::NoChain,
    &particles::DoubledParticle,
    &particles::DoubledGa,
    &particles::RepeatedConjunction,
    &consistency::PoliteStyleMixed,
    &consistency::DigitWidthMixed,
    &slips::HomophoneMisconversion,
    &slips::IdiomMisuse,
    &slips::WordMisuse,
    &slips::OkuriganaError,
    &verbs::SaIre,
    &verbs::ReTasu,
    &verbs::SaseteItadakuRepeated,
    &agreement::AdverbAgreement,
    &agreement::TariIncomplete,
    &twist::SubjectPredicateMismatch,
    &helpers::LongSentenceNoComma,
    &helpers::DemonstrativeOveruse,
    &helpers::AdverbRepetition,
];

/// Rules elsewhere that read words when they are available.
pub(super) static WORD_READERS: &[&dyn Rule] = &[
    &super::rhythm::EndingRepetition,
    &super::notation::NotationInconsistency,
];

pub(crate) use consistency::ending_runs;
pub(crate) use lemma_notation::lemma_variants;

pub(super) fn check_pattern(pattern: &str) -> Result<(), String> {
    collocation::parse(pattern).map(|_| ())
}

/// One sentence's words: the paragraph's words and the token index range.
pub(super) struct SentenceWords<'w, 't> {
    pub pw: &'w ParagraphWords<'t>,
    /// Index into `Document::sentences`.
    pub sentence: usize,
    pub tokens: Range<usize>,
}

impl<'t> SentenceWords<'_, 't> {
    pub fn tokens(&self) -> &[Token<'t>] {
        &self.pw.tokens[self.tokens.clone()]
    }
}

/// Every sentence of the document with its words, in order.
pub(super) fn sentences<'w, 't>(
    doc: &Document,
    words: &'w Words<'_, 't>,
) -> Vec<SentenceWords<'w, 't>> {
    let mut out = Vec::new();
    for pw in words.paragraphs() {
        let p = &doc.paragraphs[pw.paragraph];
        let mut at = 0;
        for si in p.sentences.clone() {
            let s = &doc.sentences[si];
            let end = s.display.end - pw.base;
            let start = at;
            while at < pw.tokens.len() && pw.tokens[at].range.start < end {
                at += 1;
            }
            out.push(SentenceWords {
                pw,
                sentence: si,
                tokens: start..at,
            });
        }
    }
    out
}

/// Source span of tokens `range` of `pw` (first start to last end).
pub(super) fn tokens_span(
    words: &Words,
    pw: &ParagraphWords,
    range: Range<usize>,
) -> crate::analysis::Span {
    let start = pw.tokens[range.start].range.start;
    let end = pw.tokens[range.end - 1].range.end;
    words.span(pw, start..end)
}

/// The displayed text of tokens `range` of `pw`.
pub(super) fn tokens_text<'d>(
    doc: &'d Document,
    pw: &ParagraphWords,
    range: Range<usize>,
) -> &'d str {
    let start = pw.base + pw.tokens[range.start].range.start;
    let end = pw.base + pw.tokens[range.end - 1].range.end;
    &doc.display[start..end]
}

pub(super) fn is_symbol(t: &Token) -> bool {
    t.pos(0) == "記号"
}

/// Whether token `k` starts a word of the text rather than ending a misparsed one (すっと
/// of ぬすっと, とうてい of たゆとうて): it is written with a kanji, or the word before it is a
/// particle, symbol, adverb, conjunction or adnominal, or ends in something other than
/// hiragana.
pub(super) fn starts_a_word(toks: &[Token], text: &str, k: usize) -> bool {
    if toks[k]
        .surface(text)
        .chars()
        .any(crate::analysis::fix::is_kanji)
    {
        return true;
    }
    let Some(prev) = k.checked_sub(1).map(|p| &toks[p]) else {
        return true;
    };
    ["助詞", "記号", "副詞", "接続詞", "連体詞"]
        .iter()
        .any(|p| prev.is(p))
        || !prev.surface(text).ends_with(|c: char| {
            crate::analysis::segment::char_class(c) == crate::analysis::segment::CharClass::Hiragana
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::fix::testing::assert_doc_examples;

    #[test]
    fn doc_examples_fire_and_fixed_examples_do_not() {
        assert_doc_examples(RULES);
    }

    #[test]
    fn quoted_marks_speech_inside_narration() {
        let src = "　彼は「行ってた」と言った。\n";
        let doc = Document::parse(src);
        let words = Words::new(&doc, Some(crate::analysis::morph::tests::lexicon()));
        let pw = &words.paragraphs()[0];
        let text = doc.paragraph_text(&doc.paragraphs[0]);
        let q = &pw.speech;
        let inside: Vec<&str> = pw
            .tokens
            .iter()
            .zip(q)
            .filter(|(_, q)| **q)
            .map(|(t, _)| t.surface(text))
            .collect();
        assert_eq!(inside.concat(), "行ってた");
    }
}
