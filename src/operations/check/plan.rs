//! Planning a check: the request's targets (episodes, files, directories, `-`) turned into
//! jobs in input order, each file once.

use super::*;

/// One unit of work, in input order.
pub(super) enum Job {
    File { shown: String, path: PathBuf },
    Stdin { shown: String },
    Failed(FileError),
}

/// Turns the request's targets into jobs, in input order, each file once.
pub(super) fn plan(project: &Project, req: &CheckRequest) -> Result<Vec<Job>> {
    let mut targets: Vec<Target> = req.targets.clone();
    if let Some(n) = req.episode {
        targets.insert(0, Target::Episode(n));
    }
    let has_stdin = req.content.is_some() || req.content_bytes.is_some();
    if targets.is_empty() {
        if has_stdin {
            targets.push(Target::Path("-".into()));
        } else if project.manuscript_dir().is_dir() {
            targets.push(Target::Path(project.dirs.manuscript.clone()));
        } else {
            return Err(Error::new(Code::U005, "確認する原稿が指定されていません")
                .hint(format!(
                    "話数・ファイル・ディレクトリを指定してください（例: `noveler check 1`、`noveler check 原稿.md`）。プロジェクト内なら {}/ が既定の対象です。",
                    project.dirs.manuscript
                ))
                .suggest("noveler check <FILE|DIR|EPISODE>"));
        }
    }
    let stdin_name = req
        .stdin_filename
        .clone()
        .filter(|s| !s.trim().is_empty())
        .unwrap_or_else(|| "<stdin>".into());

    let mut jobs = Vec::new();
    let mut seen = HashSet::new();
    for target in targets {
        match target {
            Target::Episode(n) => match project.manuscript_path(n) {
                Ok(path) => add_file(project, &mut jobs, &mut seen, path, false),
                Err(e) => jobs.push(Job::Failed(FileError::new(format!("第{n:03}話"), e))),
            },
            Target::Path(p) if p == "-" => {
                if !has_stdin {
                    return Err(Error::new(
                        Code::U001,
                        "`-`（標準入力）が指定されましたが、本文が渡されていません",
                    )
                    .hint(
                        "標準入力から本文を渡すか、MCP では `content` に本文を入れてください。",
                    ));
                }
                if project.is_ignored(&stdin_name) {
                    continue;
                }
                if seen.insert(PathBuf::from("\0stdin")) {
                    jobs.push(Job::Stdin {
                        shown: stdin_name.clone(),
                    });
                }
            }
            Target::Path(p) => {
                let path = project.root.join(&p);
                // Over MCP, a target outside the allowed roots is refused unread.
                if let Err(e) = crate::store::confine::guard_read(&path) {
                    jobs.push(Job::Failed(FileError::new(p.clone(), e)));
                    continue;
                }
                let meta = match std::fs::metadata(&path) {
                    Ok(m) => m,
                    Err(e) => {
                        let shown = project.display(&path);
                        let mut err = Error::io(&path, &e);
                        if e.kind() == std::io::ErrorKind::NotFound {
                            err = Error::new(Code::U005, format!("{shown} が見つかりません"))
                                .at(&path, None)
                                .hint("パスを確認してください。話数なら数字だけ（例: `3`）で指定します。");
                        }
                        jobs.push(Job::Failed(FileError::new(shown, err)));
                        continue;
                    }
                };
                if meta.is_dir() {
                    let shown = project.display(&path);
                    let dir = walk_root(project, &path);
                    let found = walk(&dir);
                    // A directory whose files are all ignored by the config is not an error.
                    if found.is_empty() {
                        jobs.push(Job::Failed(FileError::new(
                            shown.clone(),
                            Error::new(
                                Code::U005,
                                format!("{shown} に原稿（.md / .txt）がありません"),
                            )
                            .at(&dir, None)
                            .hint("原稿のあるディレクトリかファイルを指定してください。"),
                        )));
                    }
                    for f in found {
                        add_file(project, &mut jobs, &mut seen, f, true);
                    }
                } else {
                    // Named files honour ignores too: pre-commit passes every matching file.
                    add_file(project, &mut jobs, &mut seen, path, true);
                }
            }
        }
    }
    Ok(jobs)
}

/// Queues `path` once (by canonical path), unless `honour_ignore` and the config ignores it.
fn add_file(
    project: &Project,
    jobs: &mut Vec<Job>,
    seen: &mut HashSet<PathBuf>,
    path: PathBuf,
    honour_ignore: bool,
) {
    let shown = project.display(&path);
    if honour_ignore && project.is_ignored(&shown) {
        return;
    }
    if let Err(e) = crate::store::confine::guard_read(&path) {
        jobs.push(Job::Failed(FileError::new(shown, e)));
        return;
    }
    let key = std::fs::canonicalize(&path).unwrap_or_else(|_| path.clone());
    if seen.insert(key) {
        jobs.push(Job::File { shown, path });
    }
}

/// The project root of a real project stands for its manuscript directory.
fn walk_root(project: &Project, dir: &Path) -> PathBuf {
    let same = |a: &Path, b: &Path| match (std::fs::canonicalize(a), std::fs::canonicalize(b)) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    };
    if project.has_config && same(dir, &project.root) && project.manuscript_dir().is_dir() {
        project.manuscript_dir()
    } else {
        dir.to_path_buf()
    }
}

/// `.md`/`.txt` files under `dir`, sorted, skipping hidden, tool and gitignored paths.
pub fn walk(dir: &Path) -> Vec<PathBuf> {
    crate::project::walk::manuscripts(dir)
}
