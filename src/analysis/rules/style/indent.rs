//! INDENT_MISSING.

use super::*;
use crate::analysis::Diagnostics;

// INDENT_MISSING

pub struct IndentMissing;

pub(super) static INDENT_MISSING: RuleMeta = RuleMeta {
    code: "INDENT_MISSING",
    aspect: Aspect::Style,
    default_severity: Severity::Low,
    summary: "Narration paragraph without a leading full-width space",
    fix: Some(Applicability::Standard),
    doc: RuleDoc {
        what: "地の文の段落が全角スペース「　」で字下げされていない箇所を検出し、行頭に「　」を\
               入れます（半角スペースやタブで字下げしている場合はそれを「　」一つに置き換えます）。\
               括弧で始まる行（「（心の声）」など）、ダッシュで始まる行、［＃…字下げ］の注記で\
               始まる行、文字を含まない記号だけの行は対象外です。",
        why: "段落の頭を一字下げるのは日本語の文章の基本で、段落の切れ目を読者に示します。\
              字下げの有無が混在すると、段落の区切りが分かりにくくなります。",
        example: "彼は歩き出した。\n「待って」\n  振り返ると誰もいなかった。",
        fixed: "　彼は歩き出した。\n「待って」\n　振り返ると誰もいなかった。",
    },
};

/// Whether paragraph `prev` ends a quotation that the と-line `next` continues: it ends with
/// 」/』, or an annotation lays it out (a quoted letter, a signature, verse), or closes the
/// indented block it stands in (［＃ここで字下げ終わり］ between the two).
fn continues_quotation(
    doc: &Document,
    prev: &crate::analysis::segment::Paragraph,
    next: &crate::analysis::segment::Paragraph,
) -> bool {
    let source = doc.source.get(prev.span.range()).unwrap_or("");
    let between = doc.source.get(prev.span.end..next.span.start).unwrap_or("");
    doc.paragraph_text(prev).trim_end().ends_with(['」', '』'])
        || source.starts_with("［＃")
        || (prev.indented && !source.starts_with('\u{3000}'))
        || between.contains("［＃ここで") && between.contains("終わり］")
}

fn starts_with_opening_bracket(c: char) -> bool {
    matches!(
        c,
        '「' | '『'
            | '（'
            | '('
            | '【'
            | '〈'
            | '《'
            | '〔'
            | '［'
            | '['
            | '｛'
            | '“'
            | '‘'
            | '"'
    )
}

impl Rule for IndentMissing {
    fn meta(&self) -> &'static RuleMeta {
        &INDENT_MISSING
    }

    fn check(&self, cx: &RuleContext, out: &mut Diagnostics) {
        let doc = cx.doc;
        let guard = LazyGuard::new(doc);
        let mut found = convention::Found::default();
        // Narration paragraphs that should be indented, indented or not.
        let mut places = 0;
        for (i, p) in doc.paragraphs.iter().enumerate() {
            if p.kind != ParagraphKind::Narration {
                continue;
            }
            let Some(line) = doc.source.get(p.span.range()) else {
                continue;
            };
            if line.starts_with("［＃") {
                continue;
            }
            let text = doc.paragraph_text(p);
            let content = text.trim_start_matches(ws);
            let Some(first) = content.chars().next() else {
                continue;
            };
            // と… right after a quotation (a line ending 」/』, or an indented block such as a
            // quoted letter or poem) goes on with its sentence (「…」\nと言った。): no new
            // paragraph, so no indent (the convention of older texts).
            let continues =
                first == 'と' && i > 0 && continues_quotation(doc, &doc.paragraphs[i - 1], p);
            if continues
                || starts_with_opening_bracket(first)
                || is_dash_char(first)
                || first == 'ー'
                || !content.chars().any(is_word_char)
            {
                continue;
            }
            places += 1;
            if p.indented || line.starts_with('\u{3000}') {
                continue;
            }
            let lead = line.len() - line.trim_start_matches(ws).len();
            let (span, message) = if lead > 0 {
                (
                    Span::new(p.span.start, p.span.start + lead),
                    "段落の先頭が半角スペースやタブで字下げされています。全角スペース「　」一つにします。"
                        .to_string(),
                )
            } else {
                let len = line.chars().next().map(char::len_utf8).unwrap_or(0);
                (
                    Span::new(p.span.start, p.span.start + len),
                    "地の文の段落の先頭に全角スペースの字下げ「　」がありません。".to_string(),
                )
            };
            let edit = Edit::replace(Span::new(p.span.start, p.span.start + lead), "\u{3000}");
            let allowed = guard.allows(std::slice::from_ref(&edit));
            found.push(
                Diagnostic::new(INDENT_MISSING.code, Severity::Low, span, message)
                    .with_suggestion("行頭に「　」を入れる")
                    .with_edit_fix(
                        Applicability::Standard,
                        "段落の先頭を全角スペースで字下げする",
                        allowed.then_some(edit),
                    ),
            );
        }
        convention::report(
            found,
            places,
            |n, m| {
                format!(
                    "このファイルは地の文の段落を字下げしない書き方で一貫しています（地の文{m}段落のうち\
                     {n}段落、最初の箇所のみ表示）。段落の頭の「　」は読者に段落の切れ目を示します。"
                )
            },
            out,
        );
    }
}
