//! Concurrency caps per project (seed 000 §7.2: write 1, check 3, plot 2 at a time). A kind
//! with cap N owns N lock files `.noveler/locks/slot_<kind>_<i>`; a run takes the first free
//! one with a non-blocking try and holds it for its duration. When every slot is held the
//! run is refused at once with QC-008 (`busy`), never queued: an agent retries, a hang
//! would cost it its timeout. Lock files live with the other project locks and, like them,
//! are released when the holder returns, panics or dies; several `noveler mcp` processes on
//! one project share the caps.

use super::lock::{self, LOCK_DIR};
use crate::error::{Code, Error, Result};
use std::path::Path;

/// What a capped run does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Staged writing of an episode (the `noveler_write` family).
    Write,
    /// Checks (`noveler_check`, `check_basic`, check steps, judged evaluations).
    Check,
    /// Plot generation (`noveler_plot`).
    Plot,
}

impl Kind {
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Write => "write",
            Kind::Check => "check",
            Kind::Plot => "plot",
        }
    }

    /// The seed's `MAX_CONCURRENT_<KIND>_OPERATIONS`.
    pub fn cap(self) -> usize {
        match self {
            Kind::Write => 1,
            Kind::Check => 3,
            Kind::Plot => 2,
        }
    }
}

/// Runs `f` holding one of `kind`'s slots of the project at `root`; QC-008 when all are
/// taken. Errors of `f` pass through unchanged.
pub(crate) fn with_slot<T>(root: &Path, kind: Kind, f: impl FnOnce() -> Result<T>) -> Result<T> {
    with_slot_capped(root, kind, kind.cap(), f)
}

fn with_slot_capped<T>(
    root: &Path,
    kind: Kind,
    cap: usize,
    f: impl FnOnce() -> Result<T>,
) -> Result<T> {
    let mut f = Some(f);
    for i in 0..cap {
        let slot = root
            .join(LOCK_DIR)
            .join(format!("slot_{}_{i}", kind.as_str()));
        let mut ran = None;
        match lock::try_lock(&slot, || {
            let f = f.take().expect("runs once");
            ran = Some(f());
            Ok(())
        }) {
            Ok(()) => return ran.expect("ran"),
            Err(e) if e.code == Code::QC008 => continue,
            Err(e) => return Err(e),
        }
    }
    Err(busy(kind, cap))
}

fn busy(kind: Kind, cap: usize) -> Error {
    Error::new(
        Code::QC008,
        format!(
            "このプロジェクトでは {} の処理がすでに {cap} 件実行中です（同時実行の上限 {cap}）",
            kind.as_str()
        ),
    )
    .hint("実行中の処理が終わってから、もう一度呼び出してください（待たずに断っています）。")
    .details(serde_json::json!({"busy": kind.as_str(), "limit": cap}))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc;

    #[test]
    fn cap_slots_then_busy_then_free_again() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().to_path_buf();
        // Hold both plot slots from two threads.
        let (held_tx, held_rx) = mpsc::channel();
        let mut releases = Vec::new();
        let mut threads = Vec::new();
        for _ in 0..Kind::Plot.cap() {
            let (tx, rx) = mpsc::channel::<()>();
            releases.push(tx);
            let held = held_tx.clone();
            let root = root.clone();
            threads.push(std::thread::spawn(move || {
                with_slot(&root, Kind::Plot, || {
                    held.send(()).unwrap();
                    rx.recv().unwrap();
                    Ok(())
                })
                .unwrap();
            }));
        }
        for _ in 0..Kind::Plot.cap() {
            held_rx.recv().unwrap();
        }
        let err = with_slot(&root, Kind::Plot, || Ok(())).unwrap_err();
        assert_eq!(err.code, Code::QC008);
        assert_eq!(err.details.as_ref().unwrap()["limit"], 2);
        // Another kind is not affected.
        assert_eq!(with_slot(&root, Kind::Check, || Ok(5)).unwrap(), 5);
        for r in releases {
            r.send(()).unwrap();
        }
        for t in threads {
            t.join().unwrap();
        }
        assert_eq!(with_slot(&root, Kind::Plot, || Ok(1)).unwrap(), 1);
        // An error of the run passes through.
        let err = with_slot(&root, Kind::Write, || {
            Err::<(), _>(Error::new(Code::QC008, "inner"))
        })
        .unwrap_err();
        assert_eq!(err.message, "inner");
    }
}
