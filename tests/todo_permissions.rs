//! The task memory on a directory it may not write: PERMISSION_DENIED, not a generic I/O
//! error. The directory is made immutable with `chattr +i` (EPERM even for root); where
//! that is not possible (no chattr, no CAP_LINUX_IMMUTABLE, a file system without the
//! attribute) the test is reported as `ignored` (this target runs under `libtest-mimic`,
//! `harness = false`), never as passing; the error mapping itself has a unit test.

use noveler::commands::todo::*;
use noveler::commands::Ctx;
use noveler::Code;
use std::path::{Path, PathBuf};

/// Marks a path immutable for the guard's lifetime (`chattr +i`, EPERM even for root).
struct Immutable(PathBuf);

impl Immutable {
    fn set(path: &Path) -> Option<Immutable> {
        let ok = std::process::Command::new("chattr")
            .arg("+i")
            .arg(path)
            .status()
            .map(|s| s.success())
            .unwrap_or(false);
        ok.then(|| Immutable(path.to_path_buf()))
    }
}

impl Drop for Immutable {
    fn drop(&mut self) {
        let _ = std::process::Command::new("chattr")
            .arg("-i")
            .arg(&self.0)
            .status();
    }
}

/// Whether `chattr +i` works here, tried on a scratch directory.
fn immutable_supported() -> bool {
    let Ok(dir) = tempfile::tempdir() else {
        return false;
    };
    Immutable::set(dir.path()).is_some()
}

fn main() {
    let args = libtest_mimic::Arguments::from_args();
    let supported = immutable_supported();
    if !supported {
        eprintln!("note: chattr +i is not available here; the PERMISSION_DENIED test is ignored");
    }
    let trial = libtest_mimic::Trial::test("permission_denied_is_reported_as_such", || {
        permission_denied_is_reported_as_such();
        Ok(())
    })
    .with_ignored_flag(!supported);
    libtest_mimic::run(&args, vec![trial]).exit();
}

fn permission_denied_is_reported_as_such() {
    let dir = tempfile::tempdir().unwrap();
    let mut ctx = Ctx::new(dir.path().to_path_buf());
    ctx.save = false;
    let titled = |title: &str| CreateTaskRequest {
        title: title.into(),
        ..Default::default()
    };
    create_task(&ctx, titled("既存")).unwrap();
    let context = ctx.root.join(".todo/context");
    let guard = Immutable::set(&context).expect("chattr +i worked on a scratch directory");
    let err = create_task(&ctx, titled("新規")).unwrap_err();
    drop(guard);
    assert_eq!(err.code, Code::PermissionDenied, "{err:?}");
}
