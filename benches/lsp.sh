#!/usr/bin/env bash
# Benchmark of `noveler lsp` (issue 35): prints figures, asserts nothing.
#
#   benches/lsp.sh              # EDITS=10000 by default; BIN=… to bench another build
#
# The ~10,000-character episode of benches/check.sh (the sample episodes one after another,
# cut at a line end) is put in a copy of the sample project and opened by a client
# (examples/lsp_bench.rs, an editor naming no folder: `rootUri: null`) that types into the
# paragraph nearest its middle:
# 1. didChange → publishDiagnostics latency, p50/p95/p99/max over the first 500 edits (the
#    budget: p95 ≤ 16 ms, one frame), and the server's CPU time per edit over them (all its
#    threads; the work, a fairer figure than wall-clock on a loaded machine);
# 2. the server's resident memory after the first check and every 1,000 edits up to EDITS
#    (flat: the edit cache keeps one text's paragraphs and lines);
# 3. the work counted, which wall-clock on a shared machine cannot show (the server logs it
#    at shutdown, per document): body lines checked again by the line-scoped rules, paragraphs
#    tokenised and rules run, per analysis (the first check included);
# 4. for scale, a whole `noveler check` process on the same episode (median of 5).
# Release build into $CARGO_TARGET_DIR (default target/); the profile is printed (for a quick
# one: CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=16).
set -euo pipefail
cd "$(dirname "$0")/.."
export LC_ALL=C.UTF-8
EDITS=${EDITS:-10000}
TARGET=${CARGO_TARGET_DIR:-target}
if [ -n "${BIN:-}" ]; then
  cargo build --release --quiet --example lsp_bench
else
  cargo build --release --quiet --bin noveler --example lsp_bench
  BIN=$TARGET/release/noveler
fi
BIN=$(realpath "$BIN")
BENCH=$(realpath "$TARGET/release/examples/lsp_bench")

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
cp -r fixtures/sample_project "$WORK/p"
rm -f "$WORK"/p/40_原稿/*.md
EPISODE=$WORK/p/40_原稿/第001話_ベンチ.md
n=0
for f in fixtures/sample_project/40_原稿/*.md fixtures/sample_project/40_原稿/*.md; do
  while IFS= read -r line || [ -n "$line" ]; do
    printf '%s\n' "$line" >>"$EPISODE"
    n=$((n + ${#line} + 1))
    [ "$n" -ge 10000 ] && break 2
  done <"$f"
done
# A long episode is longer than this project's target: the length rule fires, as it would.
echo "noveler $("$BIN" --version | awk '{print $2}')  cores=$(nproc)  edits=$EDITS  load=$(cut -d' ' -f1-3 /proc/loadavg)  release lto=${CARGO_PROFILE_RELEASE_LTO:-Cargo.toml} codegen-units=${CARGO_PROFILE_RELEASE_CODEGEN_UNITS:-Cargo.toml}"
"$BENCH" "$BIN" "$EPISODE" "$EDITS" 2> >(grep -v '^noveler lsp: serving' >&2)

ms() { local s e; s=$(date +%s%N); "$@" >/dev/null 2>&1 || true; e=$(date +%s%N); echo $(( (e - s) / 1000000 )); }
runs=$(for _ in 1 2 3 4 5; do (cd "$WORK/p" && ms "$BIN" check --no-save --no-cache "$EPISODE"); done | sort -n)
echo "for scale: a whole 'noveler check' process on the episode, median of 5: $(echo "$runs" | sed -n 3p) ms"
