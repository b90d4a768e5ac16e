//! `noveler polish 1 2 3 --apply`, `noveler polish 40_原稿/ --apply`, `noveler polish --all`:
//! the rules' fixes over several manuscripts in one run, as `ruff --fix` does. A loop over the
//! one-file fix (`operations::fix::run`): every file is first polished as a diff (nothing
//! written; a target that cannot be read stops the run before anything is written, a blank one
//! — an episode stub not written yet — is skipped and listed), then, with `apply`, the
//! files that change are backed up together in one backup and each is written through the
//! same safe path as a single polish (lock, sha256 still as read, atomic write).

use super::{Ctx, PolishReport, PolishRequest, Report};
use crate::analysis::Applicability;
use crate::error::{Code, Error, Result};
use crate::operations::check::Target;
use crate::project::ProjectCtx;
use crate::store::backup::{self, BackupRef};
use crate::store::{paths, FileRef};
use serde::{Deserialize, Serialize};
use std::path::Path;

#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
#[serde(default)]
pub struct PolishManyRequest {
    /// Episode numbers, manuscript files or directories (walked for .md/.txt).
    pub targets: Vec<Target>,
    /// Every manuscript of the project's manuscript directory.
    pub all: bool,
    /// Highest fix level applied (default: the project's `fix.level`, else safe).
    pub level: Option<Applicability>,
    /// Write the fixes (one backup of every changed file first). Default: diffs only.
    pub apply: bool,
    /// Only fixes of these rule codes.
    pub codes: Vec<String>,
}

/// A file whose fixes could not be written (the others were).
#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct PolishFailure {
    pub file: String,
    pub code: String,
    /// Japanese.
    pub message: String,
}

#[derive(Debug, Clone, Serialize, schemars::JsonSchema)]
pub struct PolishManyReport {
    /// `diff` or `apply`.
    pub mode: String,
    /// One report per manuscript, in target order.
    pub files: Vec<PolishReport>,
    /// Files the fixes change.
    pub changed: usize,
    /// Files written.
    pub written: usize,
    pub fixes_applied: usize,
    /// The one backup of every file written (restore with `noveler backup restore ID`).
    pub backup: Option<BackupRef>,
    pub failures: Vec<PolishFailure>,
    /// Files left alone because they have no text yet (empty or whitespace only): listed
    /// with why, not failures.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub skipped: Vec<PolishFailure>,
}

impl Report for PolishManyReport {
    fn inputs(&self) -> Vec<FileRef> {
        self.files.iter().flat_map(|f| f.inputs()).collect()
    }
    fn outputs(&self) -> Vec<FileRef> {
        self.files.iter().flat_map(|f| f.outputs()).collect()
    }
    fn exit_code(&self) -> crate::ExitStatus {
        if self.failures.is_empty() {
            crate::ExitStatus::Ok
        } else {
            crate::ExitStatus::Error
        }
    }
}

/// The manuscripts the targets name, relative to the root, each once, in order.
fn files_in(pc: &ProjectCtx, req: &PolishManyRequest) -> Result<Vec<String>> {
    let root = pc.root();
    let project = pc.project()?;
    let mut targets = req.targets.clone();
    if req.all {
        targets.push(Target::Path(project.dirs.manuscript.clone()));
    }
    if targets.is_empty() {
        return Err(Error::new(Code::U001, "直す原稿が指定されていません")
            .hint("話数・ファイル・ディレクトリを指定するか、--all を付けてください。")
            .suggest("noveler polish --all"));
    }
    let mut out: Vec<String> = Vec::new();
    let push = |rel: String, out: &mut Vec<String>| {
        if !out.contains(&rel) {
            out.push(rel);
        }
    };
    for t in targets {
        match t {
            Target::Episode(n) => {
                let p = project.manuscript_path(n)?;
                push(paths::resolve_file(root, &p)?.rel, &mut out);
            }
            Target::Path(p) => {
                let r = paths::resolve(root, Path::new(&p))?;
                if r.abs.is_dir() {
                    let mut found: Vec<String> = crate::project::walk::manuscripts(&r.abs)
                        .iter()
                        .filter_map(|p| paths::resolve_file(root, p).ok())
                        .map(|r| r.rel)
                        .filter(|rel| !project.is_ignored(rel))
                        .collect();
                    if found.is_empty() {
                        return Err(Error::new(
                            Code::U005,
                            format!("{} に原稿（.md / .txt）がありません", r.rel),
                        )
                        .at(&r.abs, None)
                        .hint("原稿のあるディレクトリかファイルを指定してください。"));
                    }
                    found.dedup();
                    for rel in found {
                        push(rel, &mut out);
                    }
                } else {
                    push(paths::resolve_file(root, Path::new(&p))?.rel, &mut out);
                }
            }
        }
    }
    Ok(out)
}

pub fn run(ctx: &Ctx, req: PolishManyRequest) -> Result<PolishManyReport> {
    // One project load for the listing and every file's polish.
    let pc = ProjectCtx::new(&ctx.root);
    let files = files_in(&pc, &req)?;
    let one = |file: &str, apply: bool, expected: Option<String>, taken: Option<BackupRef>| {
        crate::operations::fix::run(
            ctx,
            &pc,
            PolishRequest {
                file: Some(file.to_string()),
                level: req.level,
                apply,
                codes: req.codes.clone(),
                expected_sha256: expected,
                backup_taken: taken,
                ..Default::default()
            },
        )
    };
    // 1. Every file as a diff: nothing is written unless every target can be read.
    let mut reports = Vec::with_capacity(files.len());
    let mut skipped = Vec::new();
    let mut polished = Vec::with_capacity(files.len());
    for f in files {
        ctx.check_cancelled()?;
        match one(&f, false, None, None) {
            Ok(r) => {
                reports.push(r);
                polished.push(f);
            }
            Err(e) if crate::operations::fix::is_blank_manuscript(&e) => {
                skipped.push(PolishFailure {
                    file: f,
                    code: e.code.as_str().to_string(),
                    message: e.message,
                })
            }
            Err(e) => return Err(e),
        }
    }
    let files = polished;
    let changed: Vec<usize> = (0..reports.len()).filter(|&i| reports[i].changed).collect();
    let mut backup_ref = None;
    let mut failures = Vec::new();
    if req.apply && !changed.is_empty() {
        // 2. One backup of everything about to change, then each file the safe way.
        let rels: Vec<String> = changed.iter().map(|&i| reports[i].file.clone()).collect();
        let b = backup::backup_files(&ctx.root, &rels, "polish", &ctx.clock)?;
        // Journaled: a run killed half-way is rolled back by the next command (a file that
        // fails on its own is a failure listed, not a reason to undo the others).
        let journal =
            crate::store::journal::Journal::begin(&ctx.root, "polish", &rels, &ctx.clock)?;
        for &i in &changed {
            let expected = Some(reports[i].sha256_before.clone());
            match one(&files[i], true, expected, Some(b.clone())) {
                Ok(r) => reports[i] = r,
                Err(e) => failures.push(PolishFailure {
                    file: files[i].clone(),
                    code: e.code.as_str().to_string(),
                    message: e.message.clone(),
                }),
            }
        }
        journal.finish()?;
        backup_ref = Some(b);
    }
    Ok(PolishManyReport {
        mode: if req.apply { "apply" } else { "diff" }.into(),
        changed: changed.len(),
        written: reports.iter().filter(|r| r.written).count(),
        fixes_applied: reports.iter().map(|r| r.fixes_applied.len()).sum(),
        files: reports,
        backup: backup_ref,
        failures,
        skipped,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("fixtures/sample_project");
        for e in walkdir::WalkDir::new(&src)
            .into_iter()
            .filter_map(|e| e.ok())
        {
            let rel = e.path().strip_prefix(&src).unwrap();
            let to = dir.path().join(rel);
            if e.file_type().is_dir() {
                std::fs::create_dir_all(&to).unwrap();
            } else {
                std::fs::copy(e.path(), &to).unwrap();
            }
        }
        dir
    }

    #[test]
    fn all_fixes_every_manuscript_with_one_backup() {
        let dir = sample();
        let ctx = Ctx::new(dir.path().into());
        let req = PolishManyRequest {
            all: true,
            level: Some(Applicability::Aggressive),
            ..Default::default()
        };
        let diff = run(&ctx, req.clone()).unwrap();
        assert_eq!(diff.files.len(), 3, "the sample has three episodes");
        assert_eq!(diff.written, 0);
        assert!(diff.changed > 0, "the sample has deliberate slips");
        let applied = run(
            &ctx,
            PolishManyRequest {
                apply: true,
                ..req.clone()
            },
        )
        .unwrap();
        assert_eq!(applied.written, diff.changed);
        let b = applied.backup.clone().unwrap();
        assert_eq!(b.files.len(), diff.changed);
        for f in applied.files.iter().filter(|f| f.written) {
            assert_eq!(f.backup.as_ref().unwrap().backup_id, b.backup_id);
        }
        let backups = std::fs::read_dir(dir.path().join(".noveler/backups"))
            .unwrap()
            .count();
        assert_eq!(backups, 1, "one backup for the run");
        // Fixed until stable: a second run changes nothing.
        let again = run(&ctx, PolishManyRequest { apply: true, ..req }).unwrap();
        assert_eq!(again.changed, 0);
        assert!(again.backup.is_none());
    }

    #[test]
    fn a_blank_episode_stub_is_skipped_not_a_reason_to_fix_nothing() {
        let dir = sample();
        let stub = dir.path().join("40_原稿/第009話_未執筆.md");
        std::fs::write(&stub, "").unwrap();
        std::fs::write(dir.path().join("40_原稿/第010話_空白.md"), " \n\n").unwrap();
        let ctx = Ctx::new(dir.path().into());
        let applied = run(
            &ctx,
            PolishManyRequest {
                all: true,
                apply: true,
                level: Some(Applicability::Aggressive),
                ..Default::default()
            },
        )
        .unwrap();
        assert_eq!(
            applied.files.len(),
            3,
            "the three written episodes are polished"
        );
        assert!(applied.written > 0);
        assert!(applied.failures.is_empty());
        let skipped: Vec<&str> = applied.skipped.iter().map(|f| f.file.as_str()).collect();
        assert_eq!(
            skipped,
            ["40_原稿/第009話_未執筆.md", "40_原稿/第010話_空白.md"]
        );
        assert_eq!(applied.exit_code(), crate::ExitStatus::Ok);
        assert_eq!(std::fs::read(&stub).unwrap(), b"", "the stub is left alone");
    }

    #[test]
    fn a_bad_target_writes_nothing() {
        let dir = sample();
        let ctx = Ctx::new(dir.path().into());
        let err = run(
            &ctx,
            PolishManyRequest {
                targets: vec![Target::Episode(1), Target::Episode(99)],
                apply: true,
                level: Some(Applicability::Aggressive),
                ..Default::default()
            },
        )
        .unwrap_err();
        assert_eq!(err.code, Code::E003);
        assert!(!dir.path().join(".noveler/backups").exists());
    }
}
