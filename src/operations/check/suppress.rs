//! Suppression after the analysis (issue 13 item 4): the config's `per-file-ignores`, then
//! the baseline (`write_baseline` records, `baseline` absorbs), then scores recomputed
//! without what was suppressed, then `severity_threshold` (which hides, not suppresses).
//! Inline comments were applied by the analysis itself (`analysis::suppress`).

use super::{CheckRequest, FileResult};
use crate::analysis::{score, Settings};
use crate::error::Result;
use crate::project::Project;
use crate::store::baseline::{self, Baseline};
use crate::store::FileRef;
use serde::Serialize;
use std::path::Path;

/// The baseline file written by `write_baseline`.
#[derive(Clone, Debug, Serialize, schemars::JsonSchema)]
pub struct BaselineWritten {
    /// Relative to the project root.
    pub path: String,
    pub entries: usize,
    pub findings: usize,
}

/// Applies per-file ignores, the baseline and the severity threshold to `files`; records
/// the baseline read in `inputs` and the one written in `outputs`.
pub fn apply(
    project: &Project,
    settings: &Settings,
    req: &CheckRequest,
    files: &mut [FileResult],
    inputs: &mut Vec<FileRef>,
    outputs: &mut Vec<FileRef>,
) -> Result<Option<BaselineWritten>> {
    let per_file = project.rc.per_file_ignores();
    for file in files.iter_mut() {
        let codes = per_file.codes_for(&file.path);
        if !codes.is_empty() {
            let before = file.findings.len();
            file.findings.retain(|f| !codes.contains(&f.code.as_str()));
            file.suppressed.config += before - file.findings.len();
        }
    }
    let written = match &req.write_baseline {
        Some(p) => {
            let at = baseline_path(&project.root, p)?;
            let b = Baseline::of(
                files
                    .iter()
                    .map(|f| (f.path.as_str(), &*f.text, f.findings.as_slice())),
            );
            b.write(&at.abs)?;
            outputs.push(FileRef::from_bytes(
                &project.root,
                &at.abs,
                b.to_json().as_bytes(),
                "baseline",
            ));
            for file in files.iter_mut() {
                file.suppressed.baseline += file.findings.len();
                file.findings.clear();
            }
            Some(BaselineWritten {
                path: at.rel,
                entries: b.entries.len(),
                findings: b.findings(),
            })
        }
        None => None,
    };
    if let (Some(p), None) = (&req.baseline, &req.write_baseline) {
        let at = baseline_path(&project.root, p)?;
        let mut matcher = Baseline::read(&at.abs)?.matcher();
        if let Ok(fref) = FileRef::from_path(&project.root, &at.abs, "baseline") {
            inputs.push(fref);
        }
        for file in files.iter_mut() {
            let before = file.findings.len();
            let (path, text) = (file.path.clone(), file.text.clone());
            file.findings.retain(|f| !matcher.take(&path, &text, f));
            file.suppressed.baseline += before - file.findings.len();
        }
    }
    for file in files.iter_mut() {
        if file.suppressed.config + file.suppressed.baseline > 0 {
            file.scores = score::compute(
                &file.findings,
                file.metrics.length_stats.body_chars,
                settings,
            );
        }
        if let Some(min) = req.severity_threshold {
            file.findings.retain(|f| f.severity >= min);
        }
    }
    Ok(written)
}

/// The baseline file `p` (`""`: the default), which must lie inside the project.
fn baseline_path(root: &Path, p: &str) -> Result<crate::store::paths::InRoot> {
    let p = if p.trim().is_empty() {
        baseline::DEFAULT_PATH
    } else {
        p
    };
    crate::store::paths::resolve(root, Path::new(p))
}

#[cfg(test)]
mod tests {
    use crate::operations::check::tests::run;
    use crate::operations::check::{CheckRequest, Target};
    use crate::operations::Ctx;
    use std::fs;

    const EP: &str = "第一行は字下げがない。彼は走った！走った\n";

    fn project() -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        fs::create_dir_all(root.join("40_原稿")).unwrap();
        fs::write(root.join("40_原稿/第001話_a.md"), EP).unwrap();
        fs::write(root.join("40_原稿/第002話_b.md"), EP).unwrap();
        dir
    }

    fn ctx(root: &std::path::Path) -> Ctx {
        let mut c = Ctx::new(root.to_path_buf());
        c.save = false;
        c.use_cache = false;
        c
    }

    fn count(r: &crate::operations::check::CheckReport, code: &str) -> usize {
        r.summary.by_code.get(code).copied().unwrap_or(0)
    }

    #[test]
    fn per_file_ignores_suppress_and_count() {
        let dir = project();
        let root = dir.path();
        let all = run(&ctx(root), CheckRequest::default()).unwrap();
        assert_eq!(count(&all, "INDENT_MISSING"), 2);
        fs::write(
            root.join(".novelerrc.yaml"),
            "per-file-ignores:\n  \"40_原稿/第001*.md\": [INDENT_MISSING]\n",
        )
        .unwrap();
        let r = run(&ctx(root), CheckRequest::default()).unwrap();
        assert_eq!(count(&r, "INDENT_MISSING"), 1);
        assert_eq!(r.files[0].suppressed.config, 1);
        assert_eq!(r.summary.suppressed.config, 1);
        assert_eq!(r.summary.findings + 1, all.summary.findings);
        let json = serde_json::to_value(&r.summary).unwrap();
        assert_eq!(
            json["suppressed"],
            serde_json::json!({"inline": 0, "config": 1, "baseline": 0})
        );
    }

    #[test]
    fn baseline_hides_old_findings_and_shows_new_ones() {
        let dir = project();
        let root = dir.path();
        let w = run(
            &ctx(root),
            CheckRequest {
                write_baseline: Some(String::new()),
                ..Default::default()
            },
        )
        .unwrap();
        let written = w.baseline_written.as_ref().unwrap();
        assert_eq!(written.path, ".noveler-baseline.json");
        assert!(w.summary.findings == 0 && w.summary.suppressed.baseline == written.findings);
        assert!(root.join(".noveler-baseline.json").is_file());
        // Nothing new: nothing reported, everything counted as baselined.
        let req = || CheckRequest {
            baseline: Some(String::new()),
            fail_on: Some(crate::analysis::Severity::Low),
            ..Default::default()
        };
        let r = run(&ctx(root), req()).unwrap();
        assert_eq!(r.summary.findings, 0);
        assert_eq!(r.summary.suppressed.baseline, written.findings);
        assert_eq!(r.status(), 0);
        // A new line above the old one: only its findings are new.
        fs::write(
            root.join("40_原稿/第001話_a.md"),
            format!("新しい行です！ね\n{EP}"),
        )
        .unwrap();
        let r = run(&ctx(root), req()).unwrap();
        let lines: Vec<usize> = r.files[0].findings.iter().map(|f| f.line).collect();
        assert!(
            !lines.is_empty() && lines.iter().all(|&l| l == 1),
            "{lines:?}"
        );
        assert_eq!(r.status(), 1);
        // A baseline outside the project is refused; a missing one is U005.
        let out = run(
            &ctx(root),
            CheckRequest {
                baseline: Some("../x.json".into()),
                targets: vec![Target::Episode(1)],
                ..Default::default()
            },
        );
        assert_eq!(out.err().map(|e| e.code), Some(crate::error::Code::U004));
        let out = run(
            &ctx(root),
            CheckRequest {
                baseline: Some("none.json".into()),
                ..Default::default()
            },
        );
        assert_eq!(out.err().map(|e| e.code), Some(crate::error::Code::U005));
    }
}
