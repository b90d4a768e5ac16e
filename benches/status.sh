#!/usr/bin/env bash
# Benchmark of `noveler status` on a 500-episode project (prints figures; asserts nothing).
#
#   benches/status.sh            # EPISODES=500 RUNS=5 by default
#
# The project is generated from fixtures/sample_project: its config and settings, and
# EPISODES manuscripts made by copying the three sample episodes in turn under renumbered
# names (第001話_潮墨の見習い.md, 第002話_測量局の客.md, … 第500話_…), a 話数管理.yaml
# listing every episode (one in three completed) and a plot for each episode plus ten more.
# Timed (release build, whole process, median of RUNS):
#   1. cold: `status --no-cache` (every manuscript analysed, nothing cached);
#   2. first cached run (analyses and fills .noveler/cache/);
#   3. warm: `status` with every analysis in the cache (the everyday case);
#   4. warm with `--format json`;
#   5. warm with `--report html` (and the report's size).
# Builds with --release into $CARGO_TARGET_DIR (default target/).
set -euo pipefail
cd "$(dirname "$0")/.."
export LC_ALL=C.UTF-8

EPISODES=${EPISODES:-500}
RUNS=${RUNS:-5}

cargo build --release --quiet --bin noveler
TARGET=${CARGO_TARGET_DIR:-target}
BIN=$(cd "$TARGET/release" && pwd)/noveler

WORK=$(mktemp -d)
[ -n "${KEEP:-}" ] && echo "keeping $WORK" || trap 'rm -rf "$WORK"' EXIT
P=$WORK/project
SAMPLE=fixtures/sample_project
mkdir -p "$P/40_原稿" "$P/50_管理資料" "$P/20_プロット/話別プロット"
cp "$SAMPLE/プロジェクト設定.yaml" "$P/"
cp -r "$SAMPLE/30_設定集" "$P/"
SOURCES=("$SAMPLE"/40_原稿/*.md)
PLOTS=("$SAMPLE"/20_プロット/話別プロット/*.yaml)
{
  echo "話数管理:"
  for i in $(seq 1 "$EPISODES"); do
    src=${SOURCES[$(( (i - 1) % ${#SOURCES[@]} ))]}
    name=$(basename "$src")
    title=${name#*_}; title=${title%.md}
    num=$(printf '%03d' "$i")
    cp "$src" "$P/40_原稿/第${num}話_${title}.md"
    status=draft; [ $((i % 3)) -eq 0 ] && status=completed
    printf '  - 話数: %d\n    タイトル: %s\n    ファイル: 40_原稿/第%s話_%s.md\n    ステータス: %s\n' \
      "$i" "$title" "$num" "$title" "$status"
    [ "$status" = completed ] && printf '    完了日: 2025-01-01\n'
  done
} >"$P/50_管理資料/話数管理.yaml"
for i in $(seq 1 $((EPISODES + 10))); do
  cp "${PLOTS[$(( (i - 1) % ${#PLOTS[@]} ))]}" "$P/20_プロット/話別プロット/第$(printf '%03d' "$i")話.yaml"
done
BYTES=$(cat "$P"/40_原稿/*.md | wc -c)

# ms CMD...: wall time of one run in milliseconds.
ms() {
  local s e
  s=$(date +%s%N)
  "$@" >/dev/null 2>&1 || true
  e=$(date +%s%N)
  echo $(( (e - s) / 1000000 ))
}
# median_ms CMD...: the median of RUNS runs.
median_ms() {
  local t=()
  for _ in $(seq "$RUNS"); do t+=("$(ms "$@")"); done
  printf '%s\n' "${t[@]}" | sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'
}

echo "noveler status on $EPISODES episodes ($(( BYTES / 1024 )) KiB of manuscripts), $(nproc) cores, median of $RUNS"
printf '  %-44s %6s ms\n' "cold (--no-cache, every episode analysed)" \
  "$(median_ms "$BIN" --project-root "$P" --no-save status --no-cache)"
rm -rf "$P/.noveler/cache"
printf '  %-44s %6s ms\n' "first run (analyses, fills the cache)" \
  "$(ms "$BIN" --project-root "$P" --no-save status)"
printf '  %-44s %6s ms\n' "warm (every analysis cached)" \
  "$(median_ms "$BIN" --project-root "$P" --no-save status)"
printf '  %-44s %6s ms\n' "warm, --format json" \
  "$(median_ms "$BIN" --project-root "$P" --no-save status --format json)"
printf '  %-44s %6s ms\n' "warm, --report html" \
  "$(median_ms "$BIN" --project-root "$P" --no-save status --report html -o "$P/temp/r.html")"
echo "  HTML report: $(( $(wc -c <"$P/temp/r.html") / 1024 )) KiB; cache: $(du -sk "$P/.noveler/cache" | cut -f1) KiB"
