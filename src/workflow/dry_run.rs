//! `dry_run` of a progressive check step (seed 002 §2.2 "dry-run対応"): the step runs as
//! usual — same findings, score and prompt — under the episode's lock, and then everything
//! it wrote is put back: a session it created is removed, the manifests of existing
//! sessions get their earlier bytes back, new step files and new artifacts are deleted.
//! Holding the lock throughout means no other step can interleave. (An artifact that
//! already existed keeps any tag the run merged into its metadata: its content is
//! unchanged.)

use super::progressive::{self, StepInput, StepResult, CHECK_SESSIONS};
use crate::error::Result;
use crate::operations::Ctx;
use crate::project::ProjectCtx;
use crate::store::artifact::ARTIFACT_DIR;
use crate::store::disk;
use crate::store::lock::{self, EpisodeLock};
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
            let Some(dir) = CHECK_SESSIONS.entry_of(root, &id) else {
                continue;
            };
            let manifest = CHECK_SESSIONS.path_of(root, &id);
            // Step files are never rewritten (each attempt has its own); only the manifest
            // changes in place, so the bytes kept are the manifest's (read through the
            // session store).
            let files = names(&dir)
                .into_iter()
                .map(|n| {
                    let bytes = if dir.join(&n) == manifest {
                        CHECK_SESSIONS
                            .read(root, &id)
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

    /// Puts the episode's check sessions back as they were, under the lock `held`: the
    /// session store removes a session the run created and restores a manifest.
    fn restore(&self, held: &EpisodeLock, root: &Path, ep: u32) -> Result<()> {
        for id in progressive::session_ids(root, ep) {
            let Some(dir) = CHECK_SESSIONS.entry_of(root, &id) else {
                continue;
            };
            let manifest = CHECK_SESSIONS.path_of(root, &id);
            match self.sessions.get(&id) {
                None => CHECK_SESSIONS.remove(held, root, ep, &id)?,
                Some(before) => {
                    for name in names(&dir) {
                        let path = dir.join(&name);
                        match before.get(&name) {
                            None => disk::remove_existing_file(&path)?,
                            Some(bytes) if path == manifest => {
                                let now = CHECK_SESSIONS.read(root, &id).ok().flatten();
                                if now.as_deref() != Some(bytes.as_slice()) {
                                    CHECK_SESSIONS.write(held, root, ep, &id, bytes)?;
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
pub(crate) fn execute_step_dry(ctx: &Ctx, pc: &ProjectCtx, input: StepInput) -> Result<StepResult> {
    let root = pc.root();
    let ep = input.episode;
    lock::with_episode_lock(root, ep, lock::Scope::Checks, |held| {
        let before = Snapshot::take(root, ep);
        let result = progressive::execute_step_held(held, ctx, pc, input);
        before.restore(held, root, ep)?;
        result
    })
}
