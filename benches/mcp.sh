#!/usr/bin/env bash
# Benchmark of `noveler mcp` (release build): start-to-first-response, tools/list size per
# profile, p50/p99 of 200 check_basic calls over one connection, then a sustained run of
# 10,000 calls printing the server's RSS (VmRSS) after 1, 1,000 … 10,000 calls and calls/s
# over the first and last 1,000. Prints figures only.
# Usage: benches/mcp.sh [CALLS] [SUSTAINED]
set -euo pipefail
cd "$(dirname "$0")/.."
target="${CARGO_TARGET_DIR:-target}"
cargo build --release --quiet --bin noveler --example mcp_bench
"$target/release/examples/mcp_bench" "$target/release/noveler" "${1:-200}" "${2:-10000}"
