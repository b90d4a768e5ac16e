#!/usr/bin/env bash
# Benchmark of the task memory (seed 004 §7): prints latency of normal operations and
# searches on a store of 999 tasks and 10,000 context-directory files, and peak memory.
# Targets: operations < 100 ms, searches < 500 ms, memory < 100 MB. Prints, never fails on
# a figure. Usage: benches/todo.sh   (uses $CARGO_TARGET_DIR, default ./target)
set -euo pipefail
cd "$(dirname "$0")/.."
target="${CARGO_TARGET_DIR:-target}"
cargo build --release --quiet --example todo_bench --bin noveler
store="$(mktemp -d)"
trap 'rm -rf "$store"' EXIT

echo "== in-process (library calls through commands::execute, envelope saved)"
TODO_BENCH_DIR="$store" "$target/release/examples/todo_bench"

echo
echo "== whole CLI process (start-up included), same store after the run above"
bin="$target/release/noveler"
run() {
  local label="$1"; shift
  local best=""
  for _ in 1 2 3 4 5; do
    local t0 t1
    t0=$(date +%s%N)
    "$bin" --project-root "$store" "$@" >/dev/null
    t1=$(date +%s%N)
    local ms=$(( (t1 - t0) / 1000000 ))
    if [[ -z "$best" || "$ms" -lt "$best" ]]; then best=$ms; fi
  done
  local rss="n/a"
  if [[ -x /usr/bin/time ]]; then
    rss=$( { /usr/bin/time -v "$bin" --project-root "$store" "$@" >/dev/null; } 2>&1 | awk '/Maximum resident/ {printf "%.1f MB", $6/1024}')
  fi
  printf '%-44s best of 5: %4d ms   max RSS: %s\n' "$label" "$best" "$rss"
}
run "noveler todo list --limit 100"            todo list --limit 100
run "noveler todo update T500 --status done"   todo update T500 --status done
run "noveler todo move T900 first"             todo move T900 first
run "noveler todo search 伏線"                   todo search 伏線
run "noveler todo search 指輪 --in ...,context"  todo search 指輪 --in title,content,context
run "noveler context search 古い指輪"              context search 古い指輪
run "noveler adr list"                         adr list
