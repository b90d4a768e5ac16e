//! Code actions: every fix as a quick fix (the safe ones preferred; standard and
//! aggressive labelled), "disable CODE on this line" (the inline suppression comment),
//! "disable CODE in this project" and "accept this word" (`.novelerrc.yaml` edits), and
//! "fix all safe issues" (`source.fixAll.noveler`).
//!
//! Each edit is computed on the normalised text exactly as `polish` computes it — one fix
//! applied by `analysis::fix::apply` (`polish --issue-ids`), or `polish::fix_text` at level
//! safe for all — then written back in the document's line endings (`Source::denormalise`,
//! as `polish` writes a file) and sent as the smallest edits that turn the client's text
//! into that.

use super::position::{Encoding, LineIndex};
use super::worker::Analysed;
use crate::analysis::{fix, suppress, Applicability, Finding, Source};
use crate::project::rc::edit;
use lsp_types::{
    CodeAction, CodeActionKind, CreateFile, CreateFileOptions, DocumentChangeOperation,
    DocumentChanges, OneOf, OptionalVersionedTextDocumentIdentifier, Range, ResourceOp,
    TextDocumentEdit, TextEdit, Uri, WorkspaceEdit,
};
use std::collections::HashMap;
use std::str::FromStr;

/// The code action kind of "fix all safe issues".
pub(crate) const FIX_ALL: &str = "source.fixAll.noveler";

/// What the client can apply.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct EditCaps {
    /// `workspace.workspaceEdit.documentChanges`.
    pub document_changes: bool,
    /// `workspace.workspaceEdit.resourceOperations` holds `create`.
    pub create_files: bool,
}

/// The project's `.novelerrc.yaml` as the edits start from: the open buffer when the editor
/// has it open, else the file on disk (empty when there is none).
pub(crate) struct RcFile {
    pub uri: String,
    pub text: String,
    /// The open buffer's version.
    pub version: Option<i32>,
    pub exists: bool,
}

/// Everything an action needs from the server.
pub(crate) struct Request<'a> {
    pub uri: &'a str,
    pub analysed: &'a Analysed,
    pub range: Range,
    /// Ids (`data.id`) of the diagnostics the client sent in the context.
    pub ids: Vec<String>,
    /// Whether actions of this kind are wanted (the context's `only`).
    pub wants: &'a dyn Fn(&str) -> bool,
    pub caps: EditCaps,
    pub rc: Option<RcFile>,
    /// Whether the fix-all action gets its edit now (else on `codeAction/resolve`).
    pub eager_fix_all: bool,
}

/// The code actions for `req`.
pub(crate) fn for_range(req: &Request) -> Vec<CodeAction> {
    let a = req.analysed;
    let Some(file) = &a.file else {
        return Vec::new();
    };
    let norm: &str = &file.text;
    let source = Source::new(&a.text);
    let mut out = Vec::new();
    let mut project_actions = Vec::new();
    let mut seen: Vec<String> = Vec::new();
    for (i, f) in file.findings.iter().enumerate() {
        let range = a.ranges[i];
        if !(overlaps(range, req.range) || req.ids.contains(&f.id)) {
            continue;
        }
        let diagnostic = a.diagnostics[i].clone();
        let with = |mut action: CodeAction| {
            action.diagnostics = Some(vec![diagnostic.clone()]);
            action
        };
        if (req.wants)("quickfix") {
            if let Some(x) = &f.fix {
                let fixed = fix::apply(norm, &[x]).text;
                if fixed != norm {
                    let mut action = doc_action(req, fix_title(x), &source, &fixed);
                    action.is_preferred = Some(x.applicability == Applicability::Safe);
                    out.push(with(action));
                }
            }
            let aozora = req.analysed.plan.rel.ends_with(".txt");
            let disabled = suppress::disable_next_line(norm, f.line - 1, &f.code, aozora);
            out.push(with(doc_action(
                req,
                format!(
                    "この行の {} を無効にする（noveler-disable-next-line）",
                    f.code
                ),
                &source,
                &disabled,
            )));
            if !seen.contains(&f.code) {
                seen.push(f.code.clone());
                let title = format!(
                    "{} をこのプロジェクトで無効にする（.novelerrc.yaml）",
                    f.code
                );
                if let Some(action) = rc_action(req, title, |t| edit::disable_rule(t, &f.code)) {
                    project_actions.push(with(action));
                }
            }
            if let Some(word) = word_of(norm, f) {
                if !seen.iter().any(|s| s == word) {
                    seen.push(word.to_string());
                    let title = format!(
                        "「{word}」を正しい語として登録する（.novelerrc.yaml の accepted_words）"
                    );
                    if let Some(action) = rc_action(req, title, |t| edit::accept_word(t, word)) {
                        project_actions.push(with(action));
                    }
                }
            }
        }
    }
    out.extend(project_actions);
    let safe = |f: &Finding| {
        f.fix
            .as_ref()
            .is_some_and(|x| x.applicability == Applicability::Safe)
    };
    if (req.wants)(FIX_ALL) && file.findings.iter().any(safe) {
        let mut action = CodeAction {
            title: "noveler: 安全な修正をすべて適用する".into(),
            kind: Some(CodeActionKind::from(FIX_ALL)),
            data: Some(serde_json::json!({"uri": req.uri, "version": a.version, "fixAll": true})),
            ..CodeAction::default()
        };
        if req.eager_fix_all {
            resolve_fix_all(req.uri, a, req.caps, &mut action);
        }
        out.push(action);
    }
    out
}

/// Fills in the edit of the fix-all action: `polish`'s safe fixes applied until stable.
pub(crate) fn resolve_fix_all(uri: &str, a: &Analysed, caps: EditCaps, action: &mut CodeAction) {
    let Some(file) = &a.file else {
        return;
    };
    let settings = a.plan.fix_settings();
    let Ok(lexicon) = crate::store::dictionary::for_settings(&settings) else {
        return;
    };
    let (fixed, _, _) = crate::operations::fix::fix_text(
        &file.text,
        &a.plan.rel,
        &settings,
        lexicon,
        Applicability::Safe,
        &[],
        &[],
    );
    let source = Source::new(&a.text);
    action.edit = document_edit(
        uri,
        Some(a.version),
        caps,
        &a.text,
        &a.lines,
        a.encoding,
        &source.denormalise(&fixed),
    );
}

fn fix_title(x: &fix::Fix) -> String {
    match x.applicability {
        Applicability::Safe => x.description.clone(),
        Applicability::Standard => format!("{}（修正レベル standard）", x.description),
        Applicability::Aggressive => format!(
            "{}（修正レベル aggressive：意味が変わることがあります。確かめてください）",
            x.description
        ),
    }
}

/// A quick fix turning the document (normalised) into `changed`.
fn doc_action(req: &Request, title: String, source: &Source, changed: &str) -> CodeAction {
    let a = req.analysed;
    CodeAction {
        title,
        kind: Some(CodeActionKind::QUICKFIX),
        edit: document_edit(
            req.uri,
            Some(a.version),
            req.caps,
            &a.text,
            &a.lines,
            a.encoding,
            &source.denormalise(changed),
        ),
        ..CodeAction::default()
    }
}

/// A quick fix editing (or creating) `.novelerrc.yaml` with `change`.
fn rc_action(
    req: &Request,
    title: String,
    change: impl Fn(&str) -> Option<String>,
) -> Option<CodeAction> {
    let rc = req.rc.as_ref()?;
    let after = change(&rc.text)?;
    let lines = LineIndex::new(&rc.text);
    let enc = req.analysed.encoding;
    let edit = if rc.exists {
        document_edit(&rc.uri, rc.version, req.caps, &rc.text, &lines, enc, &after)?
    } else {
        // Created with a resource operation (in `documentChanges`, which a client that can
        // create files reads even when it does not announce `documentChanges` — Neovim).
        if !req.caps.create_files {
            return None;
        }
        let uri = lsp_uri(&rc.uri)?;
        WorkspaceEdit {
            document_changes: Some(DocumentChanges::Operations(vec![
                DocumentChangeOperation::Op(ResourceOp::Create(CreateFile {
                    uri: uri.clone(),
                    options: Some(CreateFileOptions {
                        overwrite: Some(false),
                        ignore_if_exists: Some(true),
                    }),
                    annotation_id: None,
                })),
                DocumentChangeOperation::Edit(TextDocumentEdit {
                    text_document: OptionalVersionedTextDocumentIdentifier { uri, version: None },
                    edits: vec![OneOf::Left(TextEdit {
                        range: Range::default(),
                        new_text: after,
                    })],
                }),
            ])),
            ..WorkspaceEdit::default()
        }
    };
    Some(CodeAction {
        title,
        kind: Some(CodeActionKind::QUICKFIX),
        edit: Some(edit),
        ..CodeAction::default()
    })
}

/// `uri` as `lsp_types` holds it: as the client spelled it, or escaped where it holds
/// characters a URI may not (a client sending file names unescaped).
fn lsp_uri(uri: &str) -> Option<Uri> {
    Uri::from_str(uri)
        .or_else(|_| Uri::from_str(&crate::store::uri::escape_uri(uri)))
        .ok()
}

/// A workspace edit turning `text` (document `uri`) into `after`.
fn document_edit(
    uri: &str,
    version: Option<i32>,
    caps: EditCaps,
    text: &str,
    lines: &LineIndex,
    enc: Encoding,
    after: &str,
) -> Option<WorkspaceEdit> {
    let uri = lsp_uri(uri)?;
    let edits = edits_between(text, after, lines, enc);
    Some(if caps.document_changes {
        WorkspaceEdit {
            document_changes: Some(DocumentChanges::Edits(vec![TextDocumentEdit {
                text_document: OptionalVersionedTextDocumentIdentifier { uri, version },
                edits: edits.into_iter().map(OneOf::Left).collect(),
            }])),
            ..WorkspaceEdit::default()
        }
    } else {
        WorkspaceEdit {
            changes: Some(HashMap::from([(uri, edits)])),
            ..WorkspaceEdit::default()
        }
    })
}

/// The smallest edits (one per changed run of lines, trimmed to the characters that
/// differ) turning `old` into `new`; `lines` indexes `old`.
pub(crate) fn edits_between(
    old: &str,
    new: &str,
    lines: &LineIndex,
    enc: Encoding,
) -> Vec<TextEdit> {
    if old == new {
        return Vec::new();
    }
    let diff = similar::TextDiff::from_lines(old, new);
    // Byte offset of each line start (and of the end), on each side.
    let offsets = |n: usize, line: &dyn Fn(usize) -> usize| {
        let mut at = vec![0usize];
        for i in 0..n {
            at.push(at[i] + line(i));
        }
        at
    };
    let old_at = offsets(diff.old_len(), &|i| diff.old_slice(i).map_or(0, str::len));
    let new_at = offsets(diff.new_len(), &|i| diff.new_slice(i).map_or(0, str::len));
    let mut out = Vec::new();
    // Runs of consecutive changed ops as (old line range, new line range).
    let mut run: Option<(std::ops::Range<usize>, std::ops::Range<usize>)> = None;
    let mut runs = Vec::new();
    for op in diff.ops() {
        if op.tag() == similar::DiffTag::Equal {
            runs.extend(run.take());
            continue;
        }
        let (o, n) = (op.old_range(), op.new_range());
        run = Some(match run.take() {
            Some((ro, rn)) => (ro.start..o.end, rn.start..n.end),
            None => (o, n),
        });
    }
    runs.extend(run);
    for (o, n) in runs {
        let before = &old[old_at[o.start]..old_at[o.end]];
        let after = &new[new_at[n.start]..new_at[n.end]];
        let prefix: usize = before
            .chars()
            .zip(after.chars())
            .take_while(|(a, b)| a == b)
            .map(|(a, _)| a.len_utf8())
            .sum();
        let suffix: usize = before[prefix..]
            .chars()
            .rev()
            .zip(after[prefix..].chars().rev())
            .take_while(|(a, b)| a == b)
            .map(|(a, _)| a.len_utf8())
            .sum();
        let from = old_at[o.start] + prefix;
        let to = old_at[o.end] - suffix;
        out.push(TextEdit {
            range: Range {
                start: lines.position(old, from, enc),
                end: lines.position(old, to, enc),
            },
            new_text: after[prefix..after.len() - suffix].to_string(),
        });
    }
    out
}

/// The flagged text of `f` when it reads as a word an author may accept as written (a
/// name, a coined term): 2–20 letters, digits, kana or kanji (・ and ＝ may join them), not
/// a finding about the whole text.
fn word_of<'t>(text: &'t str, f: &Finding) -> Option<&'t str> {
    if super::diagnostics::is_whole_text(&f.code) {
        return None;
    }
    let word = text.get(f.byte_start..f.byte_end)?;
    let n = word.chars().count();
    // Letters, digits, kana and kanji (all alphanumeric to Unicode), and what joins the
    // parts of a name (ー 々 are letters already).
    let plain = word
        .chars()
        .all(|c| c.is_alphanumeric() || "・＝=".contains(c));
    ((2..=20).contains(&n) && plain).then_some(word)
}

fn overlaps(a: Range, b: Range) -> bool {
    let before = |x: lsp_types::Position, y: lsp_types::Position| {
        (x.line, x.character) < (y.line, y.character)
    };
    !(before(a.end, b.start) || before(b.end, a.start))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Applies LSP edits (positions in `enc`) to `text`, last first.
    pub(crate) fn apply(text: &str, edits: &[TextEdit], enc: Encoding) -> String {
        let lines = LineIndex::new(text);
        let mut spans: Vec<(usize, usize, &str)> = edits
            .iter()
            .map(|e| {
                (
                    lines.offset(text, e.range.start, enc),
                    lines.offset(text, e.range.end, enc),
                    e.new_text.as_str(),
                )
            })
            .collect();
        spans.sort_by_key(|s| std::cmp::Reverse(s.0));
        let mut out = text.to_string();
        for (a, b, t) in spans {
            out.replace_range(a..b, t);
        }
        out
    }

    #[test]
    fn edits_between_are_small_and_exact() {
        let old = "一行目\r\n𠮷が…走った\r\n三行目\r\n四\r\n";
        let new = "一行目\r\n𠮷が……走った\r\n三行目\r\n<!-- x -->\r\n四\r\n";
        for enc in [Encoding::Utf8, Encoding::Utf16, Encoding::Utf32] {
            let edits = edits_between(old, new, &LineIndex::new(old), enc);
            assert_eq!(edits.len(), 2, "{edits:?}");
            assert_eq!(edits[0].new_text, "…");
            assert_eq!(apply(old, &edits, enc), new);
        }
        assert!(edits_between("a", "a", &LineIndex::new("a"), Encoding::Utf16).is_empty());
        let edits = edits_between("a", "", &LineIndex::new("a"), Encoding::Utf16);
        assert_eq!(apply("a", &edits, Encoding::Utf16), "");
    }
}
