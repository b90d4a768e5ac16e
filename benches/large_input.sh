#!/usr/bin/env bash
# Issue 12 item 3: inputs that used to hang or explode. Prints figures; asserts nothing.
#
#   benches/large_input.sh        # release build into $CARGO_TARGET_DIR (default target/)
#
# 1. a 200,000-line manuscript (every other line fires GRAMMAR_PUNCTUATION): check time and
#    output size, text and JSON (was over 100 s for text: line numbers were counted from the
#    file start for every finding);
# 2. one 3 MB line of （: check time, JSON size and peak RSS (the per-rule cap keeps the list
#    at 10,000 diagnostics per code; the tokenizer cuts a paragraph into 64 KiB pieces, so
#    its lattice stays bounded — it was 1 GB for this line); then 15 MiB of it, near the
#    16 MiB input limit;
# 3. a .novelerrc.yaml nested 20,000 deep and one with 50,000 forbidden_expressions (was 9 s
#    and 54 s): time to the answer.
set -euo pipefail
cd "$(dirname "$0")/.."
export LC_ALL=C.UTF-8
target="${CARGO_TARGET_DIR:-target}"
cargo build --release --quiet --bin noveler
bin="$target/release/noveler"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

ms() { # ms COMMAND… : wall time of one run in milliseconds (output to /dev/null)
  local t0 t1
  t0=$(date +%s%N)
  "$@" >/dev/null 2>&1 || true
  t1=$(date +%s%N)
  echo $(((t1 - t0) / 1000000))
}
rss() { # rss COMMAND… : peak RSS in MB, when /usr/bin/time is there
  if [ -x /usr/bin/time ]; then
    /usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -1 | awk '{printf "%.0f", $1/1024}'
  else
    echo "n/a"
  fi
}

mkdir -p "$work/p/40_原稿"
awk 'BEGIN { for (i = 0; i < 200000; i++) print (i % 2 ? "　「行くぞ」" : "　彼は走った。。") }' \
  >"$work/p/40_原稿/第001話_長い.md"
f="$work/p/40_原稿/第001話_長い.md"
echo "200,000 lines ($(wc -c <"$f") bytes):"
echo "  text: $(ms "$bin" --project-root "$work/p" check "$f" --no-save --no-cache) ms," \
  "$("$bin" --project-root "$work/p" check "$f" --no-save --no-cache 2>/dev/null | wc -c) bytes out"
echo "  json: $(ms "$bin" --project-root "$work/p" check "$f" --no-save --no-cache --format json) ms," \
  "$("$bin" --project-root "$work/p" check "$f" --no-save --no-cache --format json 2>/dev/null | wc -c) bytes out"
echo "  peak RSS: text $(rss "$bin" --project-root "$work/p" check "$f" --no-save --no-cache) MB," \
  "json saved and printed (streamed) $(rss "$bin" --project-root "$work/p" check "$f" --no-cache --format json) MB"

g="$work/p/40_原稿/第002話_括弧.md"
head -c 3000000 /dev/zero | tr '\0' 'x' | sed 's/xxx/（/g' >"$g"
echo "3 MB of （ on one line:"
echo "  json: $(ms "$bin" --project-root "$work/p" check "$g" --no-save --no-cache --format json) ms," \
  "peak RSS $(rss "$bin" --project-root "$work/p" check "$g" --no-save --no-cache --format json) MB," \
  "$("$bin" --project-root "$work/p" check "$g" --no-save --no-cache --format json 2>/dev/null | wc -c) bytes out"
rm -f "$g"
h="$work/p/40_原稿/第003話_巨大.md"
head -c 15728640 /dev/zero | tr '\0' 'x' | sed 's/xxx/（/g' >"$h"
echo "15 MiB of （ on one line (limit 16 MiB), one run:"
if [ -x /usr/bin/time ]; then
  /usr/bin/time -f '  json: %e s, peak RSS %M KB' "$bin" --project-root "$work/p" check "$h" \
    --no-save --no-cache --format json 2>&1 >/dev/null | tail -1
else
  echo "  json: $(ms "$bin" --project-root "$work/p" check "$h" --no-save --no-cache --format json) ms"
fi
rm -f "$h"

mkdir -p "$work/rc/40_原稿"
printf '　本文。\n' >"$work/rc/40_原稿/第001話_a.md"
{ printf 'thresholds: '; head -c 20000 /dev/zero | tr '\0' '['; head -c 20000 /dev/zero | tr '\0' ']'; echo; } \
  >"$work/rc/.novelerrc.yaml"
echo "config nested 20,000 deep: $(ms "$bin" --project-root "$work/rc" check --no-save --no-cache) ms (refused, U002)"
{ echo 'forbidden_expressions:'; awk 'BEGIN { for (i = 0; i < 50000; i++) printf "  - 語句%d番\n", i }'; } \
  >"$work/rc/.novelerrc.yaml"
echo "50,000 forbidden_expressions: $(ms "$bin" --project-root "$work/rc" check --no-save --no-cache) ms"
