//! Links the `noveler` binary as a position-dependent executable on Linux (glibc).
//!
//! A position-independent executable (rustc's default) carries ~21,600 relative relocations
//! that the dynamic loader applies at every start, touching ~100 pages of the 29 MB image;
//! without them a one-line `noveler check` costs ~1 ms less CPU (perf stat, 3.5 → 2.5 ms for
//! `--version`). A checker run by pre-commit hooks and agents on every save pays that start
//! thousands of times; the image's address randomisation it gives up matters little for a
//! local tool that reads text (docs/DECISIONS.md "Start-up cost"). Only the binary is linked
//! so: the library, tests and examples keep the default.
fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let env = std::env::var("CARGO_CFG_TARGET_ENV").unwrap_or_default();
    if os == "linux" && env == "gnu" {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
}
