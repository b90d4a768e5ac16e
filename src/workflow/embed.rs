//! The switch that turns artifact references off (seed 003 NFR-002-002 "環境変数による参照
//! システムの有効/無効切り替え"; the seed names no variable, so: `NOVELER_DISABLE_ARTIFACTS=1`).
//! With it set, a writing stage's prompt carries the text of the documents it reads instead
//! of `artifact:` references to fetch — the seed's older direct-embedding mode, for clients
//! that cannot call `fetch_artifact`. Artifacts are still stored (sessions and recovery
//! keep using them); only the prompt changes.

use super::refs::SourceDoc;
use super::writing::{InputRef, InputRole, InputStatus};
use crate::store::artifact::ArtifactStore;
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

/// `(label, path, text)` documents as a prompt's embedded section when references are
/// switched off (a check step's manuscript and settings); `None` otherwise.
pub fn documents(docs: &[(&str, &str, &str)]) -> Option<String> {
    if !artifacts_disabled() {
        return None;
    }
    let mut out = format!(
        "\n## 資料（{DISABLE_ARTIFACTS} が設定されているため、本文をそのまま載せています）\n"
    );
    for (label, path, text) in docs {
        out.push_str(&format!("\n### {label}（{path}）\n\n````\n"));
        out.push_str(text.trim_end());
        out.push_str("\n````\n");
    }
    Some(out)
}

/// The documents section of a stage prompt with their text embedded, when references are
/// switched off; `None` otherwise (the caller renders the references). The project's
/// documents come from `docs` (so a dry run, which stores nothing, embeds them too);
/// earlier stages' outputs from the artifact store.
pub fn section(root: &Path, docs: &[SourceDoc], inputs: &[InputRef]) -> Option<String> {
    if !artifacts_disabled() {
        return None;
    }
    let store = ArtifactStore::new(root);
    let mut out = format!(
        "## 資料（{DISABLE_ARTIFACTS} が設定されているため、本文をそのまま載せています）\n"
    );
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
            None => store.fetch(id).map(|a| a.content.clone()),
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
