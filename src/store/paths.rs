//! Resolving a path a user or an agent handed us to a place inside the project root.
//!
//! One rule for every command: a relative path is taken relative to the project root (the
//! CLI turns a path relative to the working directory into an absolute one first); `.` and
//! `..` are folded lexically; the result must stay inside the root; then the longest existing
//! prefix is canonicalised (following symlinks) and must still be inside the canonical root,
//! so a symlink pointing outside is refused too. Refusals are U004 with a hint.

use crate::error::{Code, Error, Result};
use std::path::{Component, Path, PathBuf};

/// A path proven to lie inside the project root.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InRoot {
    /// Absolute, with symlinks in the existing part resolved.
    pub abs: PathBuf,
    /// Relative to the (canonical) root, `/`-separated, never empty for a file.
    pub rel: String,
}

/// The canonical form of `root` (itself when it cannot be canonicalised, e.g. missing).
pub(crate) fn canonical_root(root: &Path) -> PathBuf {
    std::fs::canonicalize(root).unwrap_or_else(|_| normalize(root))
}

/// Lexically folds `.` and `..` (never above the first component).
fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                if !out.pop() {
                    out.push("..");
                }
            }
            other => out.push(other.as_os_str()),
        }
    }
    out
}

fn outside(path: &Path, why: &str) -> Error {
    Error::new(
        Code::U004,
        format!("指定したパスはプロジェクトの外を指しています（{why}）"),
    )
    .at(path, None)
    .hint("プロジェクトルート配下のパスを、ルートからの相対パスで指定してください。")
}

/// Resolves `path` (relative to `root`, or absolute) to a location inside `root`.
/// The file need not exist; directories above it need not exist either.
pub fn resolve(root: &Path, path: &Path) -> Result<InRoot> {
    if path.as_os_str().is_empty() {
        return Err(
            Error::new(Code::U001, "パスが空です").hint("ファイルのパスを指定してください。")
        );
    }
    let croot = canonical_root(root);
    let joined = if path.is_absolute() {
        path.to_path_buf()
    } else {
        // A relative path climbing above the root is refused before anything else.
        let mut depth: i64 = 0;
        for c in path.components() {
            match c {
                Component::ParentDir => depth -= 1,
                Component::Normal(_) => depth += 1,
                Component::CurDir => {}
                _ => return Err(outside(path, "不正なパス要素")),
            }
            if depth < 0 {
                return Err(outside(path, "`..` でルートの外に出ています"));
            }
        }
        croot.join(path)
    };
    let lexical = normalize(&joined);
    // An absolute path may name the root by its given (non-canonical) spelling.
    let lexical = match lexical.strip_prefix(normalize(root)) {
        Ok(rest) if root.is_absolute() => croot.join(rest),
        _ => lexical,
    };
    if !lexical.starts_with(&croot) {
        return Err(outside(path, "ルートの外の場所"));
    }
    // Canonicalise the longest existing prefix; the rest is appended as is (it has no `..`).
    let abs = super::confine::canonical_prefix(&lexical).map_err(|why| outside(path, why))?;
    if !abs.starts_with(&croot) {
        return Err(outside(
            path,
            "シンボリックリンクがルートの外を指しています",
        ));
    }
    let rel = abs
        .strip_prefix(&croot)
        .map(|r| {
            r.components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect::<Vec<_>>()
                .join("/")
        })
        .unwrap_or_default();
    Ok(InRoot { abs, rel })
}

/// The absolute location of noveler's own `rel` (e.g. `.noveler/artifacts`), refusing it when
/// a symlink on the way leads out of the project (U004). Used before every write.
pub fn inside(root: &Path, rel: &str) -> Result<PathBuf> {
    Ok(resolve(root, Path::new(rel))?.abs)
}

/// Like `resolve`, and the path must name an existing regular file (U005 otherwise).
pub(crate) fn resolve_file(root: &Path, path: &Path) -> Result<InRoot> {
    let r = resolve(root, path)?;
    // Something that exists but is no regular file (a FIFO, a device, a directory) gets the
    // reader's own U007, not "not found".
    if let Ok(meta) = std::fs::metadata(&r.abs) {
        if !meta.is_file() {
            return Err(super::text::not_regular(path, &meta));
        }
    }
    if !r.abs.is_file() {
        return Err(Error::new(Code::U005, "ファイルが見つかりません")
            .at(path, None)
            .hint("パスを確認してください（プロジェクトルートからの相対パス）。"));
    }
    Ok(r)
}

/// Whether `rel` is a clean relative path: not empty, `/`-separated, no `..`, `.`, empty
/// segments, backslashes or drive prefixes. Used to vet paths read back from JSON.
pub(crate) fn is_clean_relative(rel: &str) -> bool {
    !rel.is_empty()
        && !rel.starts_with('/')
        && !rel.contains('\\')
        && !rel.contains(':')
        && rel
            .split('/')
            .all(|seg| !seg.is_empty() && seg != "." && seg != "..")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn project() -> (tempfile::TempDir, PathBuf) {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("proj");
        std::fs::create_dir_all(root.join("40_原稿")).unwrap();
        std::fs::write(root.join("40_原稿/a.md"), "x").unwrap();
        (dir, root)
    }

    #[test]
    fn relative_inside() {
        let (_d, root) = project();
        let r = resolve(&root, Path::new("40_原稿/./a.md")).unwrap();
        assert_eq!(r.rel, "40_原稿/a.md");
        assert!(r.abs.is_file());
        let r = resolve(&root, Path::new("40_原稿/../40_原稿/new/b.md")).unwrap();
        assert_eq!(r.rel, "40_原稿/new/b.md");
    }

    #[test]
    fn dotdot_escape_refused() {
        let (_d, root) = project();
        let e = resolve(&root, Path::new("../etc/passwd")).unwrap_err();
        assert_eq!(e.code, Code::U004);
        let e = resolve(&root, Path::new("40_原稿/../../x")).unwrap_err();
        assert_eq!(e.code, Code::U004);
    }

    #[test]
    fn absolute_inside_and_outside() {
        let (d, root) = project();
        let r = resolve(&root, &root.join("40_原稿/a.md")).unwrap();
        assert_eq!(r.rel, "40_原稿/a.md");
        let e = resolve(&root, &d.path().join("other.md")).unwrap_err();
        assert_eq!(e.code, Code::U004);
        let e = resolve(&root, Path::new("/etc/passwd")).unwrap_err();
        assert_eq!(e.code, Code::U004);
    }

    #[cfg(unix)]
    #[test]
    fn symlink_outside_refused() {
        let (d, root) = project();
        std::fs::write(d.path().join("secret.txt"), "s").unwrap();
        std::os::unix::fs::symlink(d.path().join("secret.txt"), root.join("link.txt")).unwrap();
        std::os::unix::fs::symlink(d.path(), root.join("dirlink")).unwrap();
        assert_eq!(
            resolve(&root, Path::new("link.txt")).unwrap_err().code,
            Code::U004
        );
        assert_eq!(
            resolve(&root, Path::new("dirlink/new.txt"))
                .unwrap_err()
                .code,
            Code::U004
        );
        std::os::unix::fs::symlink(root.join("nowhere"), root.join("dangling")).unwrap();
        assert_eq!(
            resolve(&root, Path::new("dangling")).unwrap_err().code,
            Code::U004
        );
        // A symlink inside the root to inside the root is fine.
        std::os::unix::fs::symlink(root.join("40_原稿/a.md"), root.join("ok.md")).unwrap();
        assert_eq!(
            resolve(&root, Path::new("ok.md")).unwrap().rel,
            "40_原稿/a.md"
        );
    }

    #[test]
    fn clean_relative() {
        assert!(is_clean_relative("temp/json_output/a.json"));
        for bad in ["", "/a", "a/../b", "./a", "a//b", "C:/x", "a\\b"] {
            assert!(!is_clean_relative(bad), "{bad}");
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_fifo_named_as_a_file_is_refused_as_not_regular() {
        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("第009話_管.md");
        let c = std::ffi::CString::new(fifo.as_os_str().as_encoded_bytes()).unwrap();
        // SAFETY: a valid NUL-terminated path; mkfifo only creates a file.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o644) }, 0);
        let err = resolve_file(dir.path(), Path::new("第009話_管.md")).unwrap_err();
        assert_eq!(err.code, Code::U007, "{}", err.message);
        let err = resolve_file(dir.path(), Path::new("無い.md")).unwrap_err();
        assert_eq!(err.code, Code::U005);
    }
}
