//! `dry_run` of a progressive check step (seed 002 §2.2 "dry-run対応"): the step runs as
//! usual — same findings, score and prompt — under the episode's lock, and then everything
//! it wrote is put back: a session it created is removed, the manifests of existing
//! sessions get their earlier bytes back, new step files and new artifacts are deleted.
//! Holding the lock throughout means no other step can interleave. (An artifact that
//! already existed keeps any tag the run merged into its metadata: its content is
//! unchanged.)

use super::progressive::{self, StepInput, StepResult, CHECKS_DIR};
use crate::error::Result;
use crate::store::artifact::ARTIFACT_DIR;
use crate::store::{disk, lock};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

fn names(dir: &Path) -> BTreeSet<String> {
    std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| e.file_name().to_str().map(str::to_string))
        .collect()
}

/// What the project held before the run.
struct Snapshot {
    /// Session id → (file name → bytes) for every session of the episode.
    sessions: BTreeMap<String, BTreeMap<String, Vec<u8>>>,
    artifacts: BTreeSet<String>,
}

impl Snapshot {
    fn take(root: &Path, ep: u32) -> Snapshot {
        let mut sessions = BTreeMap::new();
        for id in progressive::session_ids(root, ep) {
            let dir = root.join(CHECKS_DIR).join(&id);
            // Step files are never rewritten (each attempt has its own); only the manifest
            // changes in place, so the bytes kept are the manifest's.
            let files = names(&dir)
                .into_iter()
                .map(|n| {
                    let bytes = if n == "manifest.json" {
                        crate::store::text::read_internal(&dir.join(&n))
                            .ok()
                            .flatten()
                            .unwrap_or_default()
                    } else {
                        Vec::new()
                    };
                    (n, bytes)
                })
                .collect();
            sessions.insert(id, files);
        }
        Snapshot {
            sessions,
            artifacts: names(&root.join(ARTIFACT_DIR)),
        }
    }

    fn restore(&self, root: &Path, ep: u32) -> Result<()> {
        for id in progressive::session_ids(root, ep) {
            let dir = root.join(CHECKS_DIR).join(&id);
            match self.sessions.get(&id) {
                None => disk::remove_dir_all(&dir)?,
                Some(before) => {
                    for name in names(&dir) {
                        let path = dir.join(&name);
                        match before.get(&name) {
                            None => disk::remove_existing_file(&path)?,
                            Some(bytes) if name == "manifest.json" => {
                                let now = crate::store::text::read_internal(&path).ok().flatten();
                                if now.as_deref() != Some(bytes.as_slice()) {
                                    crate::store::write_atomic(&path, bytes)?;
                                }
                            }
                            Some(_) => {}
                        }
                    }
                }
            }
        }
        let dir = root.join(ARTIFACT_DIR);
        for name in names(&dir).difference(&self.artifacts) {
            let path = dir.join(name);
            disk::remove_existing_file(&path)?;
        }
        Ok(())
    }
}

/// Runs the step and takes back everything it wrote.
pub fn execute_step_dry(root: &Path, input: StepInput) -> Result<StepResult> {
    let ep = input.episode;
    lock::with_episode_lock(root, ep, lock::Scope::Checks, |held| {
        let before = Snapshot::take(root, ep);
        let result = progressive::execute_step_held(held, root, input);
        before.restore(root, ep)?;
        result
    })
}
