#!/usr/bin/env bash
# Benchmark of `noveler mcp` (release build): start-to-first-response, tools/list size per
# profile, p50/p99 of 200 check_basic calls over one connection. Prints figures only.
# Usage: benches/mcp.sh [CALLS]
set -euo pipefail
cd "$(dirname "$0")/.."
target="${CARGO_TARGET_DIR:-target}"
cargo build --release --quiet --bin noveler --example mcp_bench
"$target/release/examples/mcp_bench" "$target/release/noveler" "${1:-200}"
