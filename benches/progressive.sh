#!/usr/bin/env bash
# Prints wall-clock figures for the progressive check and polish (no assertions).
# Usage: benches/progressive.sh [path/to/noveler]   (default: the debug build)
set -euo pipefail
here="$(cd "$(dirname "$0")/.." && pwd)"
bin="${1:-${CARGO_TARGET_DIR:-$here/target}/debug/noveler}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp -r "$here/fixtures/sample_project" "$work/p"
t() { local s e; s=$(date +%s.%N); "$@" >/dev/null 2>&1 || true; e=$(date +%s.%N); echo "$e - $s" | bc; }
echo "binary: $bin"
echo "tasks (new session):     $(t "$bin" --no-save --project-root "$work/p" check progressive 3 tasks) s"
total=0
for n in $(seq 1 12); do
  d=$(t "$bin" --no-save --project-root "$work/p" check progressive 3 step "$n")
  total=$(echo "$total + $d" | bc)
done
echo "12 steps (one process each): $total s"
echo "history:                 $(t "$bin" --no-save --project-root "$work/p" check progressive 3 history) s"
echo "polish --diff (episode 3):   $(t "$bin" --no-save --project-root "$work/p" polish 3 --level standard) s"
corpus="$here/../shared/corpus/aozora"
[ -d "$corpus" ] || corpus="$here/../../shared/corpus/aozora"
if [ -d "$corpus" ]; then
  for f in "$corpus"/*.txt; do
    chars=$(wc -m < "$f")
    echo "polish --diff $(basename "$f") ($chars chars): $(t "$bin" --no-save --project-root "$corpus" polish "$f" --level safe) s"
  done
else
  echo "note: corpus not found; corpus figures skipped"
fi
