//! The switch that turns artifact references off (seed 003 NFR-002-002 "環境変数による参照
//! システムの有効/無効切り替え"; the seed names no variable, so: `NOVELER_DISABLE_ARTIFACTS=1`).
//! With it set, a writing stage's prompt carries the text of the documents it reads instead
//! of `artifact:` references to fetch — the seed's older direct-embedding mode, for clients
//! that cannot call `fetch_artifact`. Artifacts are still stored (sessions and recovery
//! keep using them); only the prompt changes.
//!
//! The same embedding carries a prompt on when an artifact could not be written (seed 003
//! NFR-002-001: an unwritable or full `.noveler/artifacts/`) in a process that ends with the
//! call (the CLI): its id would name nothing once the command has exited. `noveler mcp`
//! keeps such artifacts in memory and goes on by reference. Either way the reply says so
//! (`unwritten_warning`).

use super::refs::SourceDoc;
use super::writing::{InputRef, InputRole, InputStatus};
use crate::store::artifact::{self, ArtifactStore};
use std::collections::BTreeSet;
use std::path::Path;

/// The environment variable (any value but empty, `0` or `false` turns references off).
pub const DISABLE_ARTIFACTS: &str = "NOVELER_DISABLE_ARTIFACTS";

/// Whether artifact references are switched off for this process.
pub(crate) fn artifacts_disabled() -> bool {
    std::env::var(DISABLE_ARTIFACTS)
        .map(|v| {
            let v = v.trim();
            !(v.is_empty() || v == "0" || v.eq_ignore_ascii_case("false"))
        })
        .unwrap_or(false)
}

/// Why the prompts of `store`'s project carry their documents' text instead of references,
/// if they do: references switched off, or an artifact this process could not write while
/// the process ends with the call (the CLI), so that no later call could fetch it.
pub(crate) fn embed_reason(store: &ArtifactStore) -> Option<String> {
    if artifacts_disabled() {
        return Some(format!("{DISABLE_ARTIFACTS} が設定されているため"));
    }
    (!artifact::memory_outlives_call() && store.holds_memory_only())
        .then(|| "アーティファクトを保存できなかったため".to_string())
}

/// The heading of an embedded documents section.
fn heading(reason: &str) -> String {
    format!("## 資料（{reason}、本文をそのまま載せています）\n")
}

/// The warning of a reply when any of `ids` (the artifacts it stored or refers to) is held
/// in memory only because its file could not be written: where, why, how the flow goes on
/// and what to do (seed 003 NFR-002-001 "適切なエラーメッセージと代替手段の提示").
pub fn unwritten_warning<'a>(
    store: &ArtifactStore,
    ids: impl IntoIterator<Item = &'a str>,
) -> Option<String> {
    let ids: BTreeSet<&str> = ids.into_iter().collect();
    let mut held = ids.into_iter().filter_map(|id| store.memory_only(id));
    let failure = held.next()?;
    let n = 1 + held.count();
    let how = if artifact::memory_outlives_call() {
        format!("{n} 件をこのサーバーのメモリに保持して続けます（fetch_artifact で取得できますが、サーバーを終了すると失われます）")
    } else {
        format!("{n} 件はこのコマンドの終了とともに失われるため、プロンプトには資料の本文をそのまま載せて続けます（{DISABLE_ARTIFACTS}=1 と同じ）")
    };
    Some(format!(
        "アーティファクトを {} に保存できませんでした（{}）。{how}。{}。",
        failure.dir.display(),
        failure.message,
        failure.remedy()
    ))
}

/// `(label, path, text)` documents (a check step's manuscript and settings) as a prompt's
/// embedded section, headed with why (`embed_reason`).
pub fn documents(reason: &str, docs: &[(&str, &str, &str)]) -> String {
    let mut out = format!("\n{}", heading(reason));
    for (label, path, text) in docs {
        out.push_str(&format!("\n### {label}（{path}）\n\n````\n"));
        out.push_str(text.trim_end());
        out.push_str("\n````\n");
    }
    out
}

/// The documents section of a stage prompt with their text embedded, when the prompts of
/// `root` embed (`embed_reason`); `None` otherwise (the caller renders the references). The
/// project's documents come from `docs` (so a dry run, which stores nothing, embeds them
/// too); earlier stages' outputs from the artifact store, else from their log file (an
/// artifact an earlier command could not write).
pub fn section(root: &Path, docs: &[SourceDoc], inputs: &[InputRef]) -> Option<String> {
    let store = artifact::shared(root);
    let reason = embed_reason(&store)?;
    let mut out = heading(&reason);
    for r in inputs
        .iter()
        .filter(|r| r.role == InputRole::Input && r.status == InputStatus::Available)
    {
        let Some(id) = &r.artifact_id else { continue };
        out.push_str(&format!("\n### {}", r.label));
        if let Some(src) = &r.source_file {
            out.push_str(&format!("（{src}）"));
        }
        out.push('\n');
        // By id: several documents share a key (the earlier plots).
        let text = match docs.iter().find(|d| d.artifact_id() == *id) {
            Some(d) => Ok(d.content.clone()),
            None => store.fetch(id).map(|a| a.content.clone()).or_else(|e| {
                // An earlier stage's output whose artifact died with an earlier command:
                // its log file, when it is still that content.
                let logged = r.source_file.as_deref().and_then(|rel| {
                    let path = crate::store::paths::inside(root, rel).ok()?;
                    let bytes = crate::store::text::read_internal(&path).ok()??;
                    String::from_utf8(bytes).ok()
                });
                logged.filter(|t| artifact::id_for(t) == *id).ok_or(e)
            }),
        };
        match text {
            Ok(t) => {
                out.push_str("\n````\n");
                out.push_str(t.trim_end());
                out.push_str("\n````\n");
            }
            Err(e) => out.push_str(&format!("\n（読み込めませんでした: {}）\n", e.message)),
        }
    }
    Some(out)
}
