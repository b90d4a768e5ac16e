#!/usr/bin/env bash
# Benchmark of `noveler check` (prints figures; asserts nothing).
#
#   benches/check.sh            # RUNS=10 by default; CORPUS=… to point elsewhere
#
# 1. whole process: `noveler check --format json --no-cache` (the issue's command: it also
#    writes the JSON envelope under temp/json_output/) over every work of
#    ../shared/corpus/aozora/ vs `wc -m` over the same files (median of RUNS); the same
#    with `--no-save` for reference;
# 2. one ~10,000-character episode (made by concatenating the sample episodes) vs `wc -m`;
# 3. peak RSS of the corpus run (/usr/bin/time -v, when available);
# 4. in-process analysis throughput on one thread (examples/throughput.rs).
# Uses hyperfine when installed, else a loop timed with `date +%s%N`.
# Builds with --release into $CARGO_TARGET_DIR (default target/).
set -euo pipefail
cd "$(dirname "$0")/.."
export LC_ALL=C.UTF-8

RUNS=${RUNS:-10}
if [ -z "${CORPUS:-}" ]; then
  for c in ../shared/corpus/aozora ../../shared/corpus/aozora; do
    [ -d "$c" ] && CORPUS=$c && break
  done
fi
if [ -z "${CORPUS:-}" ] || [ ! -d "$CORPUS" ]; then
  echo "shared corpus not found (set CORPUS=DIR)"; exit 0
fi
CORPUS=$(cd "$CORPUS" && pwd)

cargo build --release --quiet --bin noveler --example throughput
TARGET=${CARGO_TARGET_DIR:-target}
BIN=$(cd "$TARGET/release" && pwd)/noveler
THROUGHPUT=$(cd "$TARGET/release/examples" && pwd)/throughput

WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
FILES=("$CORPUS"/*.txt)

# A ~10,000-character episode: the sample episodes one after another, cut at a line end.
EPISODE=$WORK/第001話_ベンチ.md
n=0
for f in fixtures/sample_project/40_原稿/*.md fixtures/sample_project/40_原稿/*.md; do
  while IFS= read -r line || [ -n "$line" ]; do
    printf '%s\n' "$line" >>"$EPISODE"
    n=$((n + ${#line} + 1))
    [ "$n" -ge 10000 ] && break 2
  done <"$f"
done

# median_ms CMD...: the median wall time of RUNS runs, in milliseconds (run in $WORK).
median_ms() {
  if command -v hyperfine >/dev/null 2>&1; then
    (cd "$WORK" && hyperfine -N --warmup 2 --runs "$RUNS" -i --export-json "$WORK/h.json" \
      -- "$(printf '%q ' "$@")" >/dev/null 2>&1)
    grep -o '"median": *[0-9.e+-]*' "$WORK/h.json" | head -1 |
      awk -F: '{printf "%.2f", $2 * 1000}'
  else
    (cd "$WORK" && "$@" >/dev/null 2>&1) || true   # warm-up
    for _ in $(seq "$RUNS"); do
      s=$(date +%s%N)
      (cd "$WORK" && "$@" >/dev/null 2>&1) || true
      e=$(date +%s%N)
      echo $(((e - s) / 1000))
    done | sort -n | awk '{a[NR]=$1} END {m = (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2; printf "%.2f", m / 1000}'
  fi
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.1f", (b > 0) ? a / b : 0}'; }

bytes=$(cat "${FILES[@]}" | wc -c)
chars=$(cat "${FILES[@]}" | wc -m)
ep_chars=$(wc -m <"$EPISODE")
echo "noveler $("$BIN" --version | awk '{print $2}')  runs=$RUNS  timer=$(command -v hyperfine >/dev/null && echo hyperfine || echo date)  cores=$(nproc)"
echo "corpus: ${#FILES[@]} files, $bytes bytes, $chars chars ($CORPUS)"
echo "episode: $ep_chars chars"
echo

check=("$BIN" check --format json --no-cache)
c_ms=$(median_ms "${check[@]}" "${FILES[@]}")
n_ms=$(median_ms "${check[@]}" --no-save "${FILES[@]}")
w_ms=$(median_ms wc -m "${FILES[@]}")
printf '%-40s %10s ms\n' "noveler check (corpus)" "$c_ms"
printf '%-40s %10s ms\n' "  the same with --no-save" "$n_ms"
printf '%-40s %10s ms\n' "wc -m (corpus)" "$w_ms"
printf '%-40s %10sx   (target: within 3x)\n' "ratio" "$(ratio "$c_ms" "$w_ms")"
echo

# The same with the language (word) rules off (issue 17: within 2x `wc -m`). The codes are
# those of analysis::rules::language plus the two rules that read words when they can
# (ENDING_REPETITION, NOTATION_INCONSISTENCY), so no dictionary is loaded; a stale code would make every
# run a U002 error, so the config is tried once first.
OFF=$WORK/language_off.yaml
printf 'rules:\n' >"$OFF"
for c in RA_NUKI I_NUKI DOUBLE_HONORIFIC DOUBLE_NEGATIVE TAUTOLOGY REDUNDANT_EXPRESSION \
         DOUBLED_WORD NO_CHAIN REPEATED_CASE_PARTICLE DOUBLED_GA REPEATED_CONJUNCTION \
         POLITE_STYLE_MIXED DIGIT_WIDTH_MIXED SA_IRE RE_TASU SASETE_ITADAKU_REPEATED \
         ADVERB_AGREEMENT TARI_INCOMPLETE SUBJECT_PREDICATE_MISMATCH LONG_SENTENCE_NO_COMMA \
         DEMONSTRATIVE_OVERUSE ADVERB_REPETITION ENDING_REPETITION NOTATION_INCONSISTENCY \
         HOMOPHONE_MISCONVERSION IDIOM_MISUSE WORD_MISUSE OKURIGANA_ERROR; do
  printf '  %s: {enabled: false}\n' "$c" >>"$OFF"
done
off=("${check[@]}" --config "$OFF")
rc=0; (cd "$WORK" && "${off[@]}" "${FILES[@]}" >/dev/null 2>&1) || rc=$?
[ "$rc" -ne 2 ] || { echo "language-off config refused (exit 2): $OFF"; exit 1; }
o_ms=$(median_ms "${off[@]}" "${FILES[@]}")
printf '%-40s %10s ms\n' "noveler check (corpus, language off)" "$o_ms"
printf '%-40s %10sx   (target: within 2x)\n' "ratio" "$(ratio "$o_ms" "$w_ms")"
echo

e_ms=$(median_ms "${check[@]}" "$EPISODE")
we_ms=$(median_ms wc -m "$EPISODE")
printf '%-40s %10s ms\n' "noveler check (one episode)" "$e_ms"
printf '%-40s %10s ms\n' "wc -m (one episode)" "$we_ms"
printf '%-40s %10sx   (target: within 5x)\n' "ratio" "$(ratio "$e_ms" "$we_ms")"
echo

# Per-process fixed cost (issue 17 item 5: ≤ 2 ms): a one-line manuscript, and --version
# (process start, clap, exit). Wall medians; on a loaded machine compare instruction counts
# instead (valgrind --tool=callgrind BIN check --no-cache --no-save one.md).
ONE=$WORK/one.md
printf '　彼は走った。\n' >"$ONE"
printf '%-40s %10s ms   (target: 2 ms)\n' "noveler check (one line, --no-save)" \
  "$(median_ms "$BIN" check --no-cache --no-save "$ONE")"
printf '%-40s %10s ms\n' "noveler --version" "$(median_ms "$BIN" --version)"
printf '%-40s %10s ms\n' "true (process start)" "$(median_ms true)"
echo

if [ -x /usr/bin/time ]; then
  # peak RSS and CPU time (user+sys: less sensitive than wall time to a busy machine)
  measure() {
    (cd "$WORK" && /usr/bin/time -v "$@" >/dev/null || true) 2>&1 | awk -F': ' '
      /Maximum resident set size/ {rss = $2}
      /User time/ {u = $2} /System time/ {s = $2}
      END {printf "%.1f MiB  cpu %.0f ms", rss / 1024, (u + s) * 1000}'
  }
  printf '%-40s %s   (target: under 50 MiB)\n' "peak RSS (corpus)" "$(measure "${check[@]}" "${FILES[@]}")"
  printf '%-40s %s\n' "peak RSS (one episode)" "$(measure "${check[@]}" "$EPISODE")"
  printf '%-40s %s\n' "peak RSS (corpus, language off)" "$(measure "${off[@]}" "${FILES[@]}")"
  printf '%-40s %s\n' "wc -m (corpus)" "$(measure wc -m "${FILES[@]}")"
else
  echo "peak RSS: /usr/bin/time not installed"
fi
echo

echo "in-process analysis (examples/throughput.rs):"
"$THROUGHPUT" "${FILES[@]}"
