#!/usr/bin/env bash
# The cost of `noveler mcp` to an agent's context, in real BPE tokens: a scripted agent
# (benches/agent.mjs, JSON-RPC over stdio) writes episode 4 in ten stages and runs the
# 12-step check of episode 1 on a copy of the sample, and prints calls, tokens per call,
# the largest reply and the totals, plus the size of tools/list. Targets (issue 15):
# writing ≤ 60k, check ≤ 60k, largest reply ≤ 10k, names+descriptions+inputs ≤ 4k,
# tools/list ≤ 20k. Prints figures only; asserts nothing.
# Then, on a copy of the sample grown to 200 episodes (its three manuscripts repeated), it
# calls the project-wide tools (status, check in each detail, file changes, …) and their
# next pages, and prints each reply's tokens (target: every reply ≤ 10k).
# Usage: benches/agent.sh [path/to/noveler] [profile]   (profile: default | seed)
# Needs node and npm; installs gpt-tokenizer (which bundles its encodings: no network at
# count time) into $CARGO_TARGET_DIR/bench-npm once.
set -euo pipefail
cd "$(dirname "$0")/.."
TARGET=${CARGO_TARGET_DIR:-target}
BIN=${1:-}
if [ -z "$BIN" ]; then
  for c in "$TARGET/release/noveler" "$TARGET/debug/noveler"; do
    [ -x "$c" ] && BIN=$c && break
  done
fi
[ -x "$BIN" ] || { echo "build noveler first (cargo build)" >&2; exit 2; }
PROFILE=${2:-default}
NPM="$TARGET/bench-npm"
if [ ! -f "$NPM/node_modules/gpt-tokenizer/package.json" ]; then
  mkdir -p "$NPM"
  npm install --silent --no-audit --no-fund --prefix "$NPM" gpt-tokenizer
fi
WORK=$(mktemp -d)
BIG=$(mktemp -d)
trap 'rm -rf "$WORK" "$BIG"' EXIT
cp -r fixtures/sample_project/. "$WORK"
cp -r fixtures/sample_project/. "$BIG"
originals=("$BIG"/40_原稿/第00[123]話_*.md)
for n in $(seq 4 200); do
  cp "${originals[$(( (n - 1) % 3 ))]}" "$BIG/40_原稿/第$(printf %03d "$n")話_複製$n.md"
done
echo "binary: $BIN"
node benches/agent.mjs "$(cd "$NPM" && pwd)" "$BIN" "$WORK" "$PROFILE" "$(pwd)/fixtures" "$BIG"
