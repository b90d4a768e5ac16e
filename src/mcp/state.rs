//! State the long-lived server keeps between calls: one artifact store (with its in-memory
//! LRU cache, ≤ 50 MB, SPEC §6) per project root.

use crate::commands::noveler_cli::LineRunner;
use crate::error::{Code, Error, Result};
use crate::store::artifact::ArtifactStore;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

static STORES: OnceLock<Mutex<HashMap<PathBuf, Arc<ArtifactStore>>>> = OnceLock::new();

/// The artifact store of `root`, shared by every call on that root.
pub fn artifacts(root: &Path) -> Arc<ArtifactStore> {
    let stores = STORES.get_or_init(Default::default);
    let mut map = match stores.lock() {
        Ok(map) => map,
        Err(poisoned) => poisoned.into_inner(),
    };
    map.entry(root.to_path_buf())
        .or_insert_with(|| Arc::new(ArtifactStore::new(root)))
        .clone()
}

static LINE_RUNNER: OnceLock<LineRunner> = OnceLock::new();

/// Sets what the `noveler` tool runs command lines with (once per process: `noveler mcp`).
pub(crate) fn set_line_runner(runner: LineRunner) {
    let _ = LINE_RUNNER.set(runner);
}

/// The `noveler` tool's command-line runner; U001 when the server was started without one.
pub(crate) fn line_runner() -> Result<LineRunner> {
    LINE_RUNNER.get().copied().ok_or_else(|| {
        Error::new(
            Code::U001,
            "このサーバーでは noveler ツール（コマンドラインの実行）を使えません",
        )
        .hint("`noveler mcp` で起動したサーバーでは使えます。専用のツールを呼び出してください。")
    })
}

static MEMORY_LIMITS: OnceLock<crate::store::memory::Limits> = OnceLock::new();

/// Sets the memory limits of this server (`noveler mcp`, from the environment; once).
pub(crate) fn set_memory_limits(limits: crate::store::memory::Limits) {
    let _ = MEMORY_LIMITS.set(limits);
}

/// The memory limits calls are admitted and measured against (the seed's by default).
pub(crate) fn memory_limits() -> crate::store::memory::Limits {
    MEMORY_LIMITS.get().copied().unwrap_or_default()
}
