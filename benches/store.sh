#!/usr/bin/env bash
# Whole-process timings of the artifact store (release build), seed 003 NFR-001-002:
#   fetch of a 1 MB artifact (target 2 s), list of 1,000 artifacts (1 s), store of 100 (3 s).
# Every figure includes process start, the command, saving its result envelope and
# updating the hash index, unless marked --no-save.
#
# Usage: benches/store.sh            (builds target/release/noveler, honours CARGO_TARGET_DIR)
#        NOVELER_BIN=path benches/store.sh
set -euo pipefail

here="$(cd "$(dirname "$0")/.." && pwd)"
if [[ -z "${NOVELER_BIN:-}" ]]; then
  (cd "$here" && cargo build --release --quiet --bin noveler)
  NOVELER_BIN="${CARGO_TARGET_DIR:-$here/target}/release/noveler"
fi
bin="$NOVELER_BIN"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
proj="$work/proj"
cp -r "$here/fixtures/sample_project" "$proj"
nv() { "$bin" --project-root "$proj" "$@"; }

# measure LABEL COUNT FUNCTION: wall time and CPU time (user+sys of the processes) per op.
# On a shared, loaded machine the CPU figure is the steadier one.
measure() {
  local label="$1" n="$2" t
  shift 2
  t=$( { TIMEFORMAT='%R %U %S'; time "$@" >/dev/null 2>&1; } 2>&1 | tail -1 )
  awk -v l="$label" -v n="$n" -v t="$t" 'BEGIN { split(t, a, " ");
    printf "%-40s wall %7.2f ms/op   cpu %6.2f ms/op   (%d ops)\n", l, a[1]*1000/n, (a[2]+a[3])*1000/n, n }'
}

# Content: ~2 KB of Japanese prose per artifact, different each time.
para="潮の満ち引きを写しとる不思議な墨で、小鞠は毎朝の潮見図を描いていた。"
content() { printf '第%04d話のプロット\n' "$1"; for _ in $(seq 1 20); do printf '%s\n' "$para"; done; }
store_range() { # FROM TO [extra args]
  local from="$1" to="$2"; shift 2
  for i in $(seq "$from" "$to"); do content "$i" | nv "$@" artifact store - >/dev/null; done
}
repeat() { local n="$1"; shift; for _ in $(seq 1 "$n"); do "$@" >/dev/null; done; }

echo "noveler artifact benchmarks ($("$bin" --version)), $(nproc) cores, load $(cut -d' ' -f1 /proc/loadavg)"
measure "process start (--version)" 20 repeat 20 "$bin" --version

# 1. store of 100 artifacts
measure "store (100 artifacts, ~2 KB each)" 100 store_range 1 100
measure "store --no-save" 100 store_range 101 200 --no-save

# 2. list of 1,000 artifacts
store_range 201 1000 --no-save
count=$(nv --no-save artifact list --format json | grep -c '"artifact_id"' || true)
echo "  (store now holds $count artifacts)"
measure "list (1,000 artifacts)" 20 repeat 20 nv artifact list
measure "list --no-save" 20 repeat 20 nv --no-save artifact list

# 3. fetch of a 1 MB artifact
big="$work/big.md"
: > "$big"
while [[ $(stat -c %s "$big") -lt 1048576 ]]; do
  for _ in $(seq 1 200); do printf '%s\n' "$para"; done >> "$big"
done
head -c 1048576 "$big" | iconv -f UTF-8 -t UTF-8 -c > "$work/big1m.md" || true
id=$(nv --no-save artifact store - --format json < "$work/big1m.md" | grep -o '"artifact_id": "artifact:[0-9a-f]*"' | head -1 | grep -o 'artifact:[0-9a-f]*')
size=$(stat -c %s "$work/big1m.md")
measure "fetch ($size bytes)" 20 repeat 20 nv artifact fetch "$id"
measure "fetch --no-save" 20 repeat 20 nv --no-save artifact fetch "$id"
nv --no-save artifact fetch "$id" | cmp -s - "$work/big1m.md" && echo "  (fetched bytes identical to the input)"

entries=$(grep -c '"sha256"' "$proj/temp/json_output/.hash_index.json" || true)
echo "  (hash index now records $entries paths)"
