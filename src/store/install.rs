//! Installing a file the user may have edited (a Claude Code slash command in their home
//! directory or their project): an identical file is left alone; a different one is first
//! copied beside it (`<name>.<YYYYMMDD_HHMMSS>.bak`, never over an earlier backup), then
//! replaced atomically. A symlink is followed, so a link kept by a dotfiles manager still
//! points at the updated file.

use super::clock::Clock;
use crate::error::{Error, Result};
use std::path::{Path, PathBuf};

/// What installing did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Installed {
    /// There was no file: it was written.
    Created,
    /// The file already held these bytes: nothing was written.
    Unchanged,
    /// A different file was there: its bytes are in `backup`, the file now holds the new ones.
    Replaced { backup: PathBuf },
}

/// Writes `bytes` to `path` as the module doc says; returns the file written (the symlink's
/// target when `path` is one) and what was done.
pub fn install_file(path: &Path, bytes: &[u8], clock: &Clock) -> Result<(PathBuf, Installed)> {
    let target = match path.symlink_metadata() {
        Ok(m) if m.file_type().is_symlink() => {
            // A dangling link is replaced by the file itself.
            std::fs::canonicalize(path).unwrap_or_else(|_| path.to_path_buf())
        }
        _ => path.to_path_buf(),
    };
    let old = match std::fs::read(&target) {
        Ok(old) => old,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            super::write_atomic(&target, bytes)?;
            return Ok((target, Installed::Created));
        }
        Err(e) => return Err(Error::io(&target, &e)),
    };
    if old == bytes {
        return Ok((target, Installed::Unchanged));
    }
    let backup = write_backup(&target, &old, clock)?;
    super::write_atomic(&target, bytes)?;
    Ok((target, Installed::Replaced { backup }))
}

/// Copies `old` (the bytes of `target`) to a new file beside it, named after the call's
/// time; a name already taken gets `-2`, `-3`, ….
fn write_backup(target: &Path, old: &[u8], clock: &Clock) -> Result<PathBuf> {
    let name = target
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let stamp = super::envelope::file_stamp(&clock.timestamp());
    for n in 1..1000u32 {
        let suffix = if n == 1 {
            String::new()
        } else {
            format!("-{n}")
        };
        let backup = target.with_file_name(format!("{name}.{stamp}{suffix}.bak"));
        if super::disk::write_new(&backup, old)? {
            return Ok(backup);
        }
    }
    Err(Error::new(
        crate::Code::U007,
        format!(
            "{} のバックアップを作れませんでした（同じ名前のバックアップが多すぎます）",
            target.display()
        ),
    )
    .at(target, None)
    .hint("古い .bak ファイルを片付けてから、もう一度実行してください。"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, UNIX_EPOCH};

    fn clock() -> Clock {
        // 2026-11-29 19:55:00 UTC
        Clock::fixed(UNIX_EPOCH + Duration::from_secs(1_795_982_100))
    }

    #[test]
    fn creates_leaves_alone_and_backs_up_before_replacing() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a/b/noveler.md");
        assert_eq!(
            install_file(&path, b"new", &clock()).unwrap(),
            (path.clone(), Installed::Created)
        );
        assert_eq!(
            install_file(&path, b"new", &clock()).unwrap().1,
            Installed::Unchanged
        );
        std::fs::write(&path, b"edited").unwrap();
        let (_, first) = install_file(&path, b"new", &clock()).unwrap();
        let Installed::Replaced { backup } = first else {
            panic!("{first:?}")
        };
        assert_eq!(
            backup.file_name().unwrap(),
            "noveler.md.20261129_195500.bak"
        );
        assert_eq!(std::fs::read(&backup).unwrap(), b"edited");
        assert_eq!(std::fs::read(&path).unwrap(), b"new");
        // A second replacement in the same second keeps the first backup.
        std::fs::write(&path, b"edited again").unwrap();
        let (_, second) = install_file(&path, b"new", &clock()).unwrap();
        let Installed::Replaced { backup: again } = second else {
            panic!("{second:?}")
        };
        assert_eq!(
            again.file_name().unwrap(),
            "noveler.md.20261129_195500-2.bak"
        );
        assert_eq!(std::fs::read(&again).unwrap(), b"edited again");
        assert_eq!(std::fs::read(&backup).unwrap(), b"edited");
    }

    #[cfg(unix)]
    #[test]
    fn a_symlink_keeps_pointing_at_the_updated_file() {
        let dir = tempfile::tempdir().unwrap();
        let real = dir.path().join("dotfiles/noveler.md");
        std::fs::create_dir_all(real.parent().unwrap()).unwrap();
        std::fs::write(&real, b"old").unwrap();
        let link = dir.path().join("noveler.md");
        std::os::unix::fs::symlink(&real, &link).unwrap();
        let (written, what) = install_file(&link, b"new", &clock()).unwrap();
        assert!(matches!(what, Installed::Replaced { .. }), "{what:?}");
        assert_eq!(written, std::fs::canonicalize(&real).unwrap());
        assert!(link.symlink_metadata().unwrap().file_type().is_symlink());
        assert_eq!(std::fs::read(&real).unwrap(), b"new");
    }
}
