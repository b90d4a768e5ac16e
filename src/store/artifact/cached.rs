//! The in-process cache of artifact metadata.

use super::*;

// Cache

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Stamp {
    len: u64,
    modified: Option<SystemTime>,
}

pub(super) fn stamp_of(path: &Path) -> Option<Stamp> {
    let m = std::fs::metadata(path).ok()?;
    Some(Stamp {
        len: m.len(),
        modified: m.modified().ok(),
    })
}

pub(super) struct CacheEntry {
    artifact: Arc<StoredArtifact>,
    stamp: Stamp,
    tick: u64,
    cost: usize,
}

/// A byte-bounded LRU of artifacts.
pub(super) struct Lru {
    pub(super) map: HashMap<String, CacheEntry>,
    pub(super) order: BTreeMap<u64, String>,
    pub(super) tick: u64,
    pub(super) bytes: usize,
    pub(super) max: usize,
}

impl Lru {
    pub(super) fn new(max: usize) -> Lru {
        Lru {
            map: HashMap::new(),
            order: BTreeMap::new(),
            tick: 0,
            bytes: 0,
            max,
        }
    }

    pub(super) fn get(&mut self, hex: &str, stamp: Stamp) -> Option<Arc<StoredArtifact>> {
        let fresh = self.map.get(hex).map(|e| e.stamp == stamp)?;
        if !fresh {
            self.remove(hex);
            return None;
        }
        self.tick += 1;
        let tick = self.tick;
        let e = self.map.get_mut(hex)?;
        self.order.remove(&e.tick);
        e.tick = tick;
        self.order.insert(tick, hex.to_string());
        Some(e.artifact.clone())
    }

    pub(super) fn put(&mut self, hex: &str, artifact: Arc<StoredArtifact>, stamp: Stamp) {
        self.remove(hex);
        let cost = artifact.content.len() + 256;
        if cost > self.max {
            return;
        }
        while self.bytes + cost > self.max {
            let Some((_, oldest)) = self.order.pop_first() else {
                break;
            };
            if let Some(e) = self.map.remove(&oldest) {
                self.bytes -= e.cost;
            }
        }
        self.tick += 1;
        self.order.insert(self.tick, hex.to_string());
        self.map.insert(
            hex.to_string(),
            CacheEntry {
                artifact,
                stamp,
                tick: self.tick,
                cost,
            },
        );
        self.bytes += cost;
    }

    pub(super) fn remove(&mut self, hex: &str) {
        if let Some(e) = self.map.remove(hex) {
            self.order.remove(&e.tick);
            self.bytes -= e.cost;
        }
    }
}
