//! Failure injection for tests of crash safety, in debug builds only (a release build
//! compiles `hit` to nothing): the environment variable `NOVELER_FAILPOINT` names the Nth
//! write through `store` (an atomic write, a new file, a removal or a rename; counted from 1
//! per process) and what happens to it:
//! - `abort:N` — the process aborts just before write N, as if killed there (writes 1 to
//!   N−1 are on disk, nothing after);
//! - `enospc:N` — write N fails with "No space left on device" and the command goes on as
//!   it would on a full disk.
//!
//! A test runs a command with N = 1, 2, … until it finishes without reaching N, and checks
//! what each kill or failure left: deterministic, no timing, no sleeping.

use crate::error::Result;
use std::path::Path;

/// Called by `store` before each write of `path`.
#[cfg(debug_assertions)]
pub(crate) fn hit(path: &Path) -> Result<()> {
    use std::sync::atomic::{AtomicU64, Ordering};
    use std::sync::OnceLock;
    static PLAN: OnceLock<Option<(bool, u64)>> = OnceLock::new();
    static COUNT: AtomicU64 = AtomicU64::new(0);
    let plan = PLAN.get_or_init(|| {
        let spec = std::env::var("NOVELER_FAILPOINT").ok()?;
        let (what, n) = spec.split_once(':')?;
        let n = n.trim().parse().ok()?;
        match what {
            "abort" => Some((true, n)),
            "enospc" => Some((false, n)),
            _ => None,
        }
    });
    let Some((abort, n)) = *plan else {
        return Ok(());
    };
    if COUNT.fetch_add(1, Ordering::SeqCst) + 1 != n {
        return Ok(());
    }
    if abort {
        std::process::abort();
    }
    Err(crate::error::Error::io(
        path,
        &std::io::Error::from_raw_os_error(28), // ENOSPC on Linux and macOS
    ))
}

#[cfg(not(debug_assertions))]
#[inline(always)]
pub(crate) fn hit(_path: &Path) -> Result<()> {
    Ok(())
}
