//! Atomic writes: write a temp file in the same directory, fsync, rename over the target.
//! A reader never sees a half-written file; a crash leaves the old file or the new one.

use crate::error::{Error, Result};
use std::io::Write;
use std::path::Path;

/// Writes `bytes` to `path` atomically, creating parent directories.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<()> {
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or_else(|| Path::new("."));
    std::fs::create_dir_all(dir).map_err(|e| Error::io(dir, &e))?;
    let mut tmp = tempfile::Builder::new()
        .prefix(".noveler-tmp-")
        .tempfile_in(dir)
        .map_err(|e| Error::io(dir, &e))?;
    tmp.write_all(bytes).map_err(|e| Error::io(path, &e))?;
    tmp.as_file().sync_all().map_err(|e| Error::io(path, &e))?;
    tmp.persist(path).map_err(|e| Error::io(path, &e.error))?;
    Ok(())
}

#[cfg(test)]
mod tests {
    #[test]
    fn writes_and_replaces() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a/b.json");
        super::write_atomic(&path, b"one").unwrap();
        super::write_atomic(&path, b"two").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"two");
        let leftovers = std::fs::read_dir(path.parent().unwrap()).unwrap().count();
        assert_eq!(leftovers, 1, "no temp files left behind");
    }
}
