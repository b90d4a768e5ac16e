//! State the long-lived server keeps between calls. (Its artifact stores, one per project
//! with their caches and the artifacts they could not write, are `store::artifact::shared`.)

use crate::commands::noveler_cli::LineRunner;
use crate::error::{Code, Error, Result};
use std::sync::OnceLock;

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
