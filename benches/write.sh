#!/usr/bin/env bash
# Wall time of the staged-writing commands on a copy of the sample project: the plot, then
# for each of the ten stages `write --step N` (render, store artifacts, log) and
# `write submit` (validate, store; stages 8-10 also write, back up and check the manuscript).
# Prints one line per call and the prompt statistics; never asserts on timing.
# Usage: benches/write.sh [path/to/noveler]   (default: $CARGO_TARGET_DIR/release|debug)
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${1:-}
if [ -z "$BIN" ]; then
  for c in "${CARGO_TARGET_DIR:-target}/release/noveler" "${CARGO_TARGET_DIR:-target}/debug/noveler"; do
    [ -x "$c" ] && BIN=$c && break
  done
fi
[ -x "$BIN" ] || { echo "build noveler first (cargo build)" >&2; exit 2; }
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
cp -r fixtures/sample_project/. "$WORK"
F=fixtures/writing
now() { date +%s.%N; }
timed() {
  local label=$1; shift
  local t0 t1
  t0=$(now)
  "$@" > "$WORK/.last.json"
  t1=$(now)
  printf '%-34s %7.1f ms\n' "$label" "$(echo "($t1 - $t0) * 1000" | bc -l)"
}
echo "binary: $BIN"
timed "plot submit 4" "$BIN" --project-root "$WORK" plot submit 4 --file "$F/plot_ep004.yaml" --format json
timed "write 4 (new session)" "$BIN" --project-root "$WORK" write 4 --format json
S=$(python3 -c "import json;print(json.load(open('$WORK/.last.json'))['result']['session_id'])")
for n in 1 2 3 4 5 6 7 8 9 10; do
  timed "write 4 --step $n" "$BIN" --project-root "$WORK" write 4 --session "$S" --step "$n" --format json
  python3 - "$WORK/.last.json" <<'PY'
import json, sys
s = json.load(open(sys.argv[1]))["result"]["stage"]["prompt_stats"]
print(f"    prompt {s['referenced_bytes']} B, pasted {s['pasted_bytes']} B, "
      f"reduction {s['prompt_reduction_pct']}% (references alone {s['references_reduction_pct']}%), "
      f"{s['artifacts_referenced']} artifacts")
PY
  timed "write submit 4 --stage $n" "$BIN" --project-root "$WORK" write submit 4 --session "$S" \
    --stage "$n" --file "$F/stage$(printf %02d "$n").json" --format json
done
timed "write status 4" "$BIN" --project-root "$WORK" write status 4 --format json
timed "write tasks 4" "$BIN" --project-root "$WORK" write tasks 4 --format json
timed "write recover 4 (replay 10)" "$BIN" --project-root "$WORK" write recover 4 --format json
