//! A baseline built from the shared corpus gives the percentiles computed directly (the
//! sample project's case is tests/stats.rs).

use crate::common::{self, baseline::percentiles_match_direct_computation, sample};

pub fn baseline_from_the_shared_corpus_gives_the_direct_percentiles() {
    let Some(corpus) = common::corpus("aozora") else {
        return;
    };
    let dir = sample();
    percentiles_match_direct_computation(dir.path(), corpus.to_str().unwrap(), "1");
}
