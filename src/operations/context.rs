//! The context of one call, from the adapter that received it down to the disk: where the
//! project is, whether results are saved and the cache used, the caller's progress
//! callback and cancellation flag, the confinement roots and the clock. Adapters (`cli`,
//! `mcp`) make it; everything below takes `&Ctx` and never makes its own.

use crate::error::{Error, Result};
use crate::store::confine::Confinement;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

/// Progress callback: (done, total, what). Called from worker threads.
pub type ProgressFn = Arc<dyn Fn(u64, u64, &str) + Send + Sync>;

/// What every command gets: where the project is and how the caller wants the run done.
#[derive(Clone)]
pub struct Ctx {
    /// The project root (already resolved by the adapter; see `project::discover_root`).
    pub root: PathBuf,
    /// Save the envelope to `temp/json_output/` (`--no-save` turns it off).
    pub save: bool,
    /// Use the content-hash cache in `.noveler/cache/`.
    pub use_cache: bool,
    pub progress: Option<ProgressFn>,
    /// Set by the adapter on cancellation (MCP `notifications/cancelled`, Ctrl-C).
    pub cancel: Arc<AtomicBool>,
    /// Where the caller may read and write (`noveler mcp`: the allowed roots); `None` for
    /// the CLI, which serves the person at the keyboard (SPEC §8 "Paths").
    pub confine: Option<Arc<Confinement>>,
    /// The call's one clock (`store::clock`): every time the call records or compares
    /// comes from it. The system clock as the adapters make it; tests fix it.
    pub clock: crate::store::clock::Clock,
}

impl Ctx {
    pub fn new(root: PathBuf) -> Ctx {
        Ctx {
            root,
            save: true,
            use_cache: true,
            progress: None,
            cancel: Arc::new(AtomicBool::new(false)),
            confine: None,
            clock: crate::store::clock::Clock::system(),
        }
    }

    /// A project root the caller named: an existing directory (inside an allowed root when
    /// confined), canonical when confined.
    pub(crate) fn user_root(&self, path: &Path) -> Result<PathBuf> {
        match &self.confine {
            Some(c) => c.resolve_dir(&self.root, path),
            None => {
                let p = self.root.join(path);
                if p.is_dir() {
                    Ok(p)
                } else {
                    Err(Error::new(
                        crate::Code::P001,
                        format!("プロジェクトディレクトリ {} が見つかりません", p.display()),
                    )
                    .hint("存在するプロジェクトのディレクトリを指定してください。"))
                }
            }
        }
    }

    /// The same call at `root`, for an operation run as one step of another: the caller's
    /// cancellation, confinement, clock and save policy, but not its progress callback
    /// (the outer operation reports its own phases; a step's counters would interleave).
    pub(crate) fn nested(&self, root: &Path) -> Ctx {
        Ctx {
            root: root.to_path_buf(),
            progress: None,
            ..self.clone()
        }
    }

    pub(crate) fn report_progress(&self, done: u64, total: u64, what: &str) {
        if let Some(p) = &self.progress {
            p(done, total, what);
        }
    }

    pub(crate) fn is_cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }

    /// An error if the caller cancelled; long loops call this between items.
    pub(crate) fn check_cancelled(&self) -> Result<()> {
        if self.is_cancelled() {
            Err(Error::new(crate::Code::R001, "処理はキャンセルされました"))
        } else {
            Ok(())
        }
    }
}
