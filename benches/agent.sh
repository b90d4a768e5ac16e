#!/usr/bin/env bash
# The cost of `noveler mcp` to an agent's context, in real BPE tokens (cl100k): an agent
# that does what the replies tell it (benches/agent.mjs, JSON-RPC over stdio) writes episode
# 4 from its plot prompt through ten stages and runs the 12-step check of episode 1 on
# copies of the sample, reading every artifact the prompts list, once by reference and once
# with NOVELER_DISABLE_ARTIFACTS=1, and prints calls, tokens per call, hint misses, the
# prompts' reduction by reference, the generic `noveler check` reply against the CLI's text
# and the size of tools/list. Targets (issue 33): writing ≤ 50k, check ≤ 45k, prompts ≥
# 87.4% smaller by reference, generic check ≤ CLI text, model-visible tools/list ≤ 3,000,
# every reply ≤ 10k, no hint misses. Prints figures only; asserts nothing.
# Then, on a copy of the sample grown to 200 episodes (its three manuscripts repeated), it
# calls the project-wide tools (status, check in each detail, file changes, …) and follows
# their pages to the end, printing calls, tokens, the largest reply, empty pages and loops.
# Usage: benches/agent.sh [path/to/noveler] [profile]   (profile: default | seed)
# Needs node and npm; installs gpt-tokenizer (which bundles its encodings: no network at
# count time) into $CARGO_TARGET_DIR/bench-npm once.
set -euo pipefail
BIN=${1:-}
# A binary named relative to the caller's directory, resolved before we move.
if [ -n "$BIN" ] && [ -x "$BIN" ]; then BIN=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN"); fi
cd "$(dirname "$0")/.."
TARGET=${CARGO_TARGET_DIR:-target}
if [ -z "$BIN" ]; then
  for c in "$TARGET/release/noveler" "$TARGET/debug/noveler"; do
    [ -x "$c" ] && BIN=$c && break
  done
fi
[ -x "$BIN" ] || { echo "build noveler first (cargo build)" >&2; exit 2; }
# The agent script runs the binary from copies of the sample: give it an absolute path.
BIN=$(cd "$(dirname "$BIN")" && pwd)/$(basename "$BIN")
PROFILE=${2:-default}
NPM="$TARGET/bench-npm"
if [ ! -f "$NPM/node_modules/gpt-tokenizer/package.json" ]; then
  mkdir -p "$NPM"
  npm install --silent --no-audit --no-fund --prefix "$NPM" gpt-tokenizer
fi
BIG=$(mktemp -d)
trap 'rm -rf "$BIG"' EXIT
cp -r fixtures/sample_project/. "$BIG"
originals=("$BIG"/40_原稿/第00[123]話_*.md)
for n in $(seq 4 200); do
  cp "${originals[$(( (n - 1) % 3 ))]}" "$BIG/40_原稿/第$(printf %03d "$n")話_複製$n.md"
done
echo "binary: $BIN"
node benches/agent.mjs "$(cd "$NPM" && pwd)" "$BIN" "$(pwd)/fixtures/sample_project" "$PROFILE" "$(pwd)/fixtures" "$BIG"
