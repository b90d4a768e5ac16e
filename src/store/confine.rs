//! Confinement: the one resolver that keeps a path inside a set of *allowed roots*.
//!
//! `noveler mcp` serves an agent, so every path a call touches must resolve inside the
//! project it was started for, a root the client declared (MCP `roots/list`) or an
//! `--allow-root` (SPEC §8 "Paths"). The CLI serves the person at the keyboard and has no
//! policy (`None`) — except that nothing ever writes into a project's own folders
//! (`.noveler/`, `.todo/`, `temp/`, `50_管理資料/`) through a symlink that leads out of the
//! project (`guard_write`).
//!
//! The rule: refuse NUL bytes and Windows drive/UNC/backslash forms; join a relative path to
//! its base; fold `.`/`..` lexically; canonicalise the longest existing prefix (following
//! every symlink on the way; a dangling or looping one is refused); the result must lie in
//! one of the canonical roots. The caller then uses the returned canonical path, so what was
//! checked is what is opened. Refusals are U004 and name the allowed roots.
//!
//! The policy of a process lives in `Ctx::confine` for the commands that resolve what the
//! caller named; `noveler mcp` also installs it here (`install`) so the store refuses every
//! write, and the project layer every manuscript, that would leave it — whichever code path
//! got there.

use crate::error::{Code, Error, Result};
use std::path::{Component, Path, PathBuf};
use std::sync::{Arc, RwLock};

/// The project's own folders: written by noveler, never through a symlink out.
pub const OWN_DIRS: &[&str] = &[".noveler", ".todo", "temp", "50_管理資料"];

/// Files or folders that mark a directory as a noveler project (for `guard_write`).
const PROJECT_MARKERS: &[&str] = &[
    "プロジェクト設定.yaml",
    "40_原稿",
    ".noveler",
    ".novelerrc.yaml",
];

/// A set of allowed roots, each canonical and existing.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Confinement {
    roots: Vec<PathBuf>,
}

impl Confinement {
    /// The canonical forms of `roots`; roots that do not exist (or are not directories) are
    /// dropped, duplicates and roots inside another root are kept once.
    pub fn new(roots: impl IntoIterator<Item = PathBuf>) -> Confinement {
        let mut out: Vec<PathBuf> = Vec::new();
        for root in roots {
            let Ok(c) = std::fs::canonicalize(&root) else {
                continue;
            };
            if c.is_dir() && !out.contains(&c) {
                out.push(c);
            }
        }
        Confinement { roots: out }
    }

    pub fn roots(&self) -> &[PathBuf] {
        &self.roots
    }

    /// Whether the canonical path `canon` lies in (or is) one of the roots.
    pub fn contains(&self, canon: &Path) -> bool {
        self.roots.iter().any(|r| canon.starts_with(r))
    }

    /// Resolves `path` (relative paths start at `base`) to a canonical path inside one of
    /// the roots; the file need not exist (its existing parent is what is checked).
    pub fn resolve(&self, base: &Path, path: &Path) -> Result<PathBuf> {
        check_syntax(path).map_err(|why| self.refusal(path, why))?;
        let joined = if path.is_absolute() {
            path.to_path_buf()
        } else {
            base.join(path)
        };
        let lexical = normalize(&joined);
        let resolved = canonical_prefix(&lexical).map_err(|why| self.refusal(path, why))?;
        if self.contains(&resolved) {
            Ok(resolved)
        } else if self.contains(&lexical) {
            // Inside by its name, outside once its links are followed: say so, so the agent
            // does not retry the same name (the target itself is not shown).
            Err(self.refusal(path, "シンボリックリンクの先が許可されたルートの外"))
        } else {
            Err(self.refusal(path, "許可されたルートの外"))
        }
    }

    /// Like `resolve`, and the result must be an existing directory (a project root).
    pub(crate) fn resolve_dir(&self, base: &Path, path: &Path) -> Result<PathBuf> {
        let p = self.resolve(base, path)?;
        if p.is_dir() {
            Ok(p)
        } else {
            Err(Error::new(
                Code::P001,
                format!("{} はディレクトリではないか、存在しません", path.display()),
            )
            .at(path, None)
            .hint(format!(
                "許可されたルート（{}）の中にある既存のプロジェクトを指定してください。",
                self.listing()
            )))
        }
    }

    fn listing(&self) -> String {
        if self.roots.is_empty() {
            return "なし".into();
        }
        self.roots
            .iter()
            .map(|r| r.display().to_string())
            .collect::<Vec<_>>()
            .join("、")
    }

    /// U004 for `path`, naming the allowed roots.
    pub fn refusal(&self, path: &Path, why: &str) -> Error {
        Error::new(
            Code::U004,
            format!(
                "パス {} は使えません（{why}）。許可されたルート: {}",
                shown(path),
                self.listing()
            ),
        )
        .hint("許可されたルートの中のパスを指定してください。別のフォルダを使うには `noveler mcp --allow-root DIR` で追加するか、MCP クライアントの roots に含めてください。")
        .details(serde_json::json!({
            "allowed_roots": self.roots.iter().map(|r| r.display().to_string()).collect::<Vec<_>>(),
        }))
    }
}

/// A path for a message: control characters (NUL …) escaped.
fn shown(path: &Path) -> String {
    path.to_string_lossy().escape_debug().to_string()
}

/// Refuses what cannot be a portable path of this machine: NUL bytes, Windows drive
/// (`C:`), UNC (`\\server`) and backslash-separated forms.
pub(crate) fn check_syntax(path: &Path) -> std::result::Result<(), &'static str> {
    let s = path.to_string_lossy();
    if s.is_empty() {
        return Err("空のパス");
    }
    if s.contains('\0') {
        return Err("NUL 文字を含むパス");
    }
    if s.contains('\\') {
        return Err("Windows 形式（\\ 区切り・UNC）のパス");
    }
    let b = s.as_bytes();
    if b.len() >= 2 && b[0].is_ascii_alphabetic() && b[1] == b':' {
        return Err("Windows のドライブ指定");
    }
    Ok(())
}

/// Lexically folds `.` and `..` (`..` never climbs above the root `/`).
fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for c in path.components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                if out.parent().is_some() {
                    out.pop();
                }
            }
            other => out.push(other.as_os_str()),
        }
    }
    out
}

/// The canonical form of the longest existing prefix of `path` with the rest appended (the
/// rest has no `..` after `normalize`). A prefix that exists but cannot be resolved (a
/// dangling or looping symlink) is refused.
pub(crate) fn canonical_prefix(path: &Path) -> std::result::Result<PathBuf, &'static str> {
    let mut existing = path.to_path_buf();
    let mut rest: Vec<std::ffi::OsString> = Vec::new();
    let canon = loop {
        match std::fs::canonicalize(&existing) {
            Ok(c) => break c,
            Err(_) => {
                if let Ok(meta) = std::fs::symlink_metadata(&existing) {
                    // Not a symlink: another process made it after canonicalize looked
                    // (eight `artifact store` runs of the same content); resolve it again.
                    if !meta.file_type().is_symlink() {
                        if let Ok(c) = std::fs::canonicalize(&existing) {
                            break c;
                        }
                    }
                    return Err("解決できないシンボリックリンク");
                }
                match (existing.file_name(), existing.parent()) {
                    (Some(name), Some(parent)) => {
                        rest.push(name.to_os_string());
                        existing = parent.to_path_buf();
                    }
                    _ => break existing.clone(),
                }
            }
        }
    };
    let mut out = canon;
    for name in rest.into_iter().rev() {
        out.push(name);
    }
    Ok(out)
}

static POLICY: RwLock<Option<Arc<Confinement>>> = RwLock::new(None);

/// Installs the process's policy (`noveler mcp` at start and when the client's roots change).
pub fn install(policy: Option<Arc<Confinement>>) {
    match POLICY.write() {
        Ok(mut p) => *p = policy,
        Err(poisoned) => *poisoned.into_inner() = policy,
    }
}

/// The process's policy: `None` in the CLI.
pub fn policy() -> Option<Arc<Confinement>> {
    match POLICY.read() {
        Ok(p) => p.clone(),
        Err(poisoned) => poisoned.into_inner().clone(),
    }
}

/// Refuses reading `path` when the process's policy does not allow it (a manuscript
/// symlink out of the project over MCP); the CLI reads anything.
pub(crate) fn guard_read(path: &Path) -> Result<()> {
    match policy() {
        Some(p) => p.resolve(Path::new("/"), &absolute(path)).map(|_| ()),
        None => Ok(()),
    }
}

/// Refuses an opened file that lies outside the process's policy, judged on the handle
/// itself: on Linux the kernel's own path of the open file (`/proc/self/fd/N`), so a symlink
/// or directory swapped in between a check and the open cannot lead out (elsewhere: the
/// canonical path, checked after the open). Nothing without a policy (the CLI).
pub(crate) fn verify_opened(file: &std::fs::File, path: &Path) -> Result<()> {
    let Some(policy) = policy() else {
        return Ok(());
    };
    let real = opened_path(file).or_else(|| std::fs::canonicalize(path).ok());
    match real {
        Some(real) if policy.contains(&real) => Ok(()),
        Some(_) => Err(policy.refusal(path, "開いたファイルが許可されたルートの外")),
        None => Err(policy.refusal(path, "開いたファイルの場所を確かめられません")),
    }
}

/// `verify_opened` for what the store opens of a project's own state (a directory it writes
/// into, a session, manifest, lock, backup or artifact file): also — for everyone, the CLI
/// included — an object reached through a project's own folder (`OWN_DIRS`) must lie inside
/// that project, judged on the handle.
pub(crate) fn verify_opened_internal(file: &std::fs::File, path: &Path) -> Result<()> {
    verify_opened(file, path)?;
    let abs = normalize(&absolute(path));
    let Some(root) = own_folder_root(&abs) else {
        return Ok(());
    };
    let croot = std::fs::canonicalize(&root).unwrap_or_else(|_| root.clone());
    match opened_path(file).or_else(|| std::fs::canonicalize(path).ok()) {
        Some(real) if real.starts_with(&croot) => Ok(()),
        real => Err(symlink_out(path, &root, real.as_deref(), Access::Opened)),
    }
}

#[cfg(target_os = "linux")]
fn opened_path(file: &std::fs::File) -> Option<PathBuf> {
    use std::os::fd::AsRawFd;
    std::fs::read_link(format!("/proc/self/fd/{}", file.as_raw_fd())).ok()
}

#[cfg(not(target_os = "linux"))]
fn opened_path(_file: &std::fs::File) -> Option<PathBuf> {
    None
}

fn absolute(path: &Path) -> PathBuf {
    std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf())
}

/// Called before every write the store makes (files, directories, locks): refuses `path`
/// when the process's policy does not allow it, and — for everyone — when it lies in a
/// project's own folder (`OWN_DIRS`) reached through a symlink out of that project.
pub(crate) fn guard_write(path: &Path) -> Result<()> {
    let abs = normalize(&absolute(path));
    if let Some(p) = policy() {
        p.resolve(Path::new("/"), &abs)?;
    }
    let Some(root) = own_folder_root(&abs) else {
        return Ok(());
    };
    let croot = std::fs::canonicalize(&root).unwrap_or_else(|_| root.clone());
    match canonical_prefix(&abs) {
        Ok(c) if c.starts_with(&croot) => Ok(()),
        Ok(c) => Err(symlink_out(path, &root, Some(&c), Access::Write)),
        Err(_) => Err(symlink_out(path, &root, None, Access::Write)),
    }
}

/// The project root of a path inside one of its own folders: the directory before the last
/// `OWN_DIRS` component, when that directory is a noveler project.
fn own_folder_root(abs: &Path) -> Option<PathBuf> {
    let comps: Vec<Component> = abs.components().collect();
    for i in (1..comps.len()).rev() {
        let Component::Normal(name) = comps[i] else {
            continue;
        };
        if !OWN_DIRS.iter().any(|d| name == *d) {
            continue;
        }
        let root: PathBuf = comps[..i].iter().collect();
        if PROJECT_MARKERS
            .iter()
            .any(|m| std::fs::symlink_metadata(root.join(m)).is_ok())
        {
            return Some(root);
        }
    }
    None
}

/// What was being done when an own folder led out of its project.
#[derive(Clone, Copy)]
enum Access {
    Write,
    Opened,
}

fn symlink_out(path: &Path, root: &Path, target: Option<&Path>, access: Access) -> Error {
    let to = target
        .map(|t| format!("（リンク先: {}）", t.display()))
        .unwrap_or_default();
    let what = match access {
        Access::Write => "への書き込み",
        Access::Opened => "の読み書き",
    };
    Error::new(
        Code::U004,
        format!(
            "{}{what}を中止しました: プロジェクト {} の管理フォルダがシンボリックリンクでプロジェクトの外を指しています{to}",
            shown(path),
            root.display()
        ),
    )
    .at(path, None)
    .hint("`.noveler/`・`.todo/`・`temp/`・`50_管理資料/` とその中のフォルダはプロジェクト内の実フォルダにしてください（シンボリックリンクを削除してから再実行）。")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn setup() -> (tempfile::TempDir, PathBuf, PathBuf) {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("proj");
        let outside = dir.path().join("outside");
        std::fs::create_dir_all(root.join("40_原稿")).unwrap();
        std::fs::create_dir_all(&outside).unwrap();
        std::fs::write(root.join("40_原稿/a.md"), "x").unwrap();
        std::fs::write(outside.join("secret.md"), "s").unwrap();
        (dir, root, outside)
    }

    #[test]
    fn resolves_inside_and_refuses_outside_naming_the_roots() {
        let (_d, root, outside) = setup();
        let c = Confinement::new([root.clone()]);
        let croot = std::fs::canonicalize(&root).unwrap();
        assert_eq!(
            c.resolve(&root, Path::new("40_原稿/a.md")).unwrap(),
            croot.join("40_原稿/a.md")
        );
        assert_eq!(
            c.resolve(&root, Path::new("new/dir/b.md")).unwrap(),
            croot.join("new/dir/b.md")
        );
        for bad in [
            "../outside/secret.md",
            "/etc/passwd",
            "40_原稿/../../outside",
            "C:\\x",
            "\\\\server\\x",
            "C:/x",
            "a\0b",
            "",
        ] {
            let e = c.resolve(&root, Path::new(bad)).unwrap_err();
            assert_eq!(e.code, Code::U004, "{bad:?}");
            assert!(
                e.message.contains(&croot.display().to_string()),
                "{}",
                e.message
            );
        }
        let e = c.resolve(&root, &outside.join("secret.md")).unwrap_err();
        assert_eq!(e.code, Code::U004);
        // A second root admits its paths.
        let c2 = Confinement::new([root.clone(), outside.clone()]);
        assert!(c2.resolve(&root, &outside.join("secret.md")).is_ok());
    }

    #[cfg(unix)]
    #[test]
    fn symlinks_are_followed_and_checked() {
        let (_d, root, outside) = setup();
        let c = Confinement::new([root.clone()]);
        std::os::unix::fs::symlink(outside.join("secret.md"), root.join("40_原稿/第009話_x.md"))
            .unwrap();
        std::os::unix::fs::symlink(&outside, root.join("out")).unwrap();
        std::os::unix::fs::symlink(root.join("nowhere"), root.join("dangling")).unwrap();
        for bad in ["40_原稿/第009話_x.md", "out/new.md", "out", "dangling"] {
            assert_eq!(
                c.resolve(&root, Path::new(bad)).unwrap_err().code,
                Code::U004,
                "{bad}"
            );
        }
        // The refusal says a link leads out, and does not show where.
        let e = c.resolve(&root, Path::new("out/new.md")).unwrap_err();
        assert!(
            e.message.contains("シンボリックリンクの先"),
            "{}",
            e.message
        );
        assert!(!e.message.contains("outside"), "{}", e.message);
        // `..` after a symlink: folded lexically, so it stays where the path says.
        assert!(c.resolve(&root, Path::new("out/../40_原稿/a.md")).is_ok());
        assert_eq!(
            c.resolve_dir(&root, Path::new("40_原稿/a.md"))
                .unwrap_err()
                .code,
            Code::P001
        );
    }

    #[cfg(unix)]
    #[test]
    fn own_folders_are_never_written_through_a_symlink_out() {
        let (_d, root, outside) = setup();
        assert!(guard_write(&root.join(".noveler/sessions/s.yaml")).is_ok());
        std::fs::create_dir_all(root.join(".noveler")).unwrap();
        std::os::unix::fs::symlink(&outside, root.join(".noveler/sessions")).unwrap();
        std::os::unix::fs::symlink(&outside, root.join(".todo")).unwrap();
        for p in [".noveler/sessions/s.yaml", ".todo/task.md", ".todo/.lock"] {
            let e = guard_write(&root.join(p)).unwrap_err();
            assert_eq!(e.code, Code::U004, "{p}");
        }
        // Anything else is the person's choice (the CLI writes -o where they say).
        assert!(guard_write(&outside.join("report.html")).is_ok());
        std::os::unix::fs::symlink(&outside, root.join("export")).unwrap();
        assert!(guard_write(&root.join("export/x.md")).is_ok());
    }

    #[test]
    fn normalize_never_climbs_above_the_root() {
        assert_eq!(normalize(Path::new("/a/../../b")), PathBuf::from("/b"));
        assert_eq!(normalize(Path::new("/a/./b/..")), PathBuf::from("/a"));
    }
}
