//! `polish` (safe level, diff mode) on every Aozora work: it runs, writes nothing into the
//! corpus, and never adds findings.

use noveler::analysis::Applicability;
use noveler::commands::polish::{self, PolishRequest};
use noveler::commands::Ctx;
use std::fs;

pub fn corpus_safe_diff_runs_and_never_adds_findings() {
    let Some(dir) = crate::common::corpus("aozora") else {
        return;
    };
    let files = crate::common::works(&dir);
    assert!(!files.is_empty());
    // The corpus directory is the project root of these runs (no config: defaults); diff mode
    // writes nothing there (no envelope either).
    let mut ctx = Ctx::new(dir.clone());
    ctx.save = false;
    let mut total = (0usize, 0usize, 0usize);
    for path in &files {
        let before = fs::read(path).unwrap();
        let r = polish::run(
            &ctx,
            PolishRequest {
                file: Some(path.display().to_string()),
                level: Some(Applicability::Safe),
                apply: false,
                ..Default::default()
            },
        )
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        assert!(!r.written);
        assert_eq!(fs::read(path).unwrap(), before, "{}", path.display());
        let q = &r.quality_improvement;
        assert!(
            q.findings_after <= q.findings_before,
            "{}: {} → {} findings",
            path.display(),
            q.findings_before,
            q.findings_after
        );
        total.0 += r.fixes_applied.len();
        total.1 += q.findings_before;
        total.2 += q.findings_after;
    }
    assert!(
        !dir.join(".noveler").exists() && !dir.join("temp").exists(),
        "diff wrote into the corpus"
    );
    println!(
        "corpus: {} files, {} safe fixes, findings {} → {}",
        files.len(),
        total.0,
        total.1,
        total.2
    );
}
