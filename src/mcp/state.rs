//! State the long-lived server keeps between calls: one artifact store (with its in-memory
//! LRU cache, ≤ 50 MB, SPEC §6) per project root.

use crate::store::artifact::ArtifactStore;
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

static STORES: OnceLock<Mutex<HashMap<PathBuf, Arc<ArtifactStore>>>> = OnceLock::new();

/// The artifact store of `root`, shared by every call on that root.
pub fn artifacts(root: &Path) -> Arc<ArtifactStore> {
    let stores = STORES.get_or_init(Default::default);
    let mut map = match stores.lock() {
        Ok(map) => map,
        Err(poisoned) => poisoned.into_inner(),
    };
    map.entry(root.to_path_buf())
        .or_insert_with(|| Arc::new(ArtifactStore::new(root)))
        .clone()
}
