//! Link settings of the `noveler` binary (nothing is generated).

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    // Pack the relative relocations (DT_RELR, glibc ≥ 2.36; a linker or libc without it
    // ignores the flag and keeps the plain table). Without it the dynamic loader reads a
    // ~500 KB table and rewrites ~20,000 pointers at every start of the 30 MB binary: about
    // 120 page faults, a large share of the fixed cost of a one-line `noveler check`.
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let env = std::env::var("CARGO_CFG_TARGET_ENV").unwrap_or_default();
    if os == "linux" && env == "gnu" {
        println!("cargo:rustc-link-arg-bins=-Wl,-z,pack-relative-relocs");
    }
}
