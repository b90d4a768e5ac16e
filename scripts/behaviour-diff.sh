#!/usr/bin/env bash
# Behaviour diff: runs one fixed set of CLI commands and MCP sessions with two `noveler`
# binaries on fresh copies of fixtures/sample_project and of ../shared/corpus, and compares
# what they printed (stdout, stderr, exit codes) and what they left on disk, with the things
# that vary between runs (times, durations, timestamped ids, hashes of files holding times)
# redacted. A refactor that promises "no behaviour change" must leave no difference.
#
# Usage: scripts/behaviour-diff.sh BEFORE_BIN AFTER_BIN [OUT_DIR]
#        scripts/behaviour-diff.sh --record BIN OUT_DIR     (one binary's outputs only)
# Both runs use the same scratch path, so paths in the output compare equal. Exit 0 when
# identical, 1 when not (the diff is printed), 2 on a usage error.
# Check the script itself by giving the same binary twice: that must report no difference.
set -euo pipefail

repo="$(cd "$(dirname "$0")/.." && pwd)"
corpus=""
for c in "$repo/../shared/corpus" "$repo/../../shared/corpus"; do
  [ -d "$c" ] && corpus="$(cd "$c" && pwd)" && break
done
scratch="${TMPDIR:-/tmp}/noveler-behaviour-diff.$(id -u)"
# The dictionary cache is shared by both runs (unpacking it is not behaviour under test).
export NOVELER_CACHE_DIR="$scratch/dictionary-cache"
unset PROJECT_ROOT NO_COLOR COLUMNS NOVELER_DISABLE_ARTIFACTS NOVELER_MEMORY_LIMIT_MB \
  NOVELER_MEMORY_TOTAL_MB || true
export TZ=UTC LC_ALL=C.UTF-8
# With libfaketime (Debian `faketime`) every run sees the same frozen clock, so ids and
# hashes of files that hold a time compare too; without it they differ and are redacted
# only where the redaction below knows them.
faketime_lib="$(ls /usr/lib/*/faketime/libfaketimeMT.so.1 2>/dev/null | head -n1 || true)"

# Ids also fold in the process id: in a PID namespace of its own (`unshare -p`, where
# allowed) every run of a command gets the same one.
pid_ns=()
unshare -p -f true 2>/dev/null && pid_ns=(unshare -p -f)

# launch CMD… : CMD with the frozen clock and its own PID namespace when available.
launch() {
  if [ -n "$faketime_lib" ]; then
    "${pid_ns[@]}" env LD_PRELOAD="$faketime_lib" FAKETIME="2026-01-01 09:00:00" \
      FAKETIME_NO_CACHE=1 "$@"
  else
    "${pid_ns[@]}" "$@"
  fi
}

# ---------------------------------------------------------------------------------------
# One binary's run.

# run NAME ARGS… : `noveler ARGS…` in the project, outputs kept under $out/NAME.
run() {
  local name="$1"
  shift
  (cd "$work/p" && launch "$bin" "$@" </dev/null >"$out/$name.out" 2>"$out/$name.err") && rc=0 || rc=$?
  echo "$rc" >"$out/$name.rc"
}

# run_in DIR NAME ARGS… : the same in another directory.
run_in() {
  local dir="$1" name="$2"
  shift 2
  (cd "$dir" && launch "$bin" "$@" </dev/null >"$out/$name.out" 2>"$out/$name.err") && rc=0 || rc=$?
  echo "$rc" >"$out/$name.rc"
}

# run_stdin FILE NAME ARGS… : with FILE on stdin.
run_stdin() {
  local input="$1" name="$2"
  shift 2
  (cd "$work/p" && launch "$bin" "$@" <"$input" >"$out/$name.out" 2>"$out/$name.err") && rc=0 || rc=$?
  echo "$rc" >"$out/$name.rc"
}

# mcp NAME PROFILE SCRIPT : one MCP session; SCRIPT holds one request per line
# (see scripts/mcp-session.py), on a fresh copy of the sample; replies go to $out/NAME.out.
mcp() {
  local name="$1" profile="$2" script="$3"
  rm -rf "$work/m"
  cp -r "$repo/fixtures/sample_project" "$work/m"
  rm -rf "$work/m/.noveler" "$work/m/temp"
  launch python3 "$repo/scripts/mcp-session.py" "$bin" "$work/m" "$profile" "$script" \
    >"$out/$name.out" 2>"$out/$name.err" && rc=0 || rc=$?
  echo "$rc" >"$out/$name.rc"
  tree "$work/m" "$name-tree"
}

record() {
  bin="$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"
  out="$2"
  work="$scratch/work"
  rm -rf "$work" "$out"
  mkdir -p "$work" "$out" "$NOVELER_CACHE_DIR"
  cp -r "$repo/fixtures/sample_project" "$work/p"
  rm -rf "$work/p/.noveler" "$work/p/temp"
  local fx="$repo/fixtures"

  # -- check, every format, the gate
  run check-text check
  run check-json check --format json
  run check-1-sarif check 1 --format sarif
  run check-1-github check 1 --format github
  run check-1-ndjson check 1 --format ndjson
  run check-2-gate check 2 --fail-on low --severity-threshold medium
  run check-3-under check 3 --fail-under 95 --format json
  run check-stats check 1 --statistics --format json
  run check-basic check 2 --basic --format json
  run check-snippet-file check 40_原稿/第001話_潮墨の見習い.md --snippet
  run check-missing check 9
  run_stdin "$work/p/40_原稿/第002話_測量局の客.md" check-stdin check - --format json
  run_stdin "$work/p/40_原稿/第002話_測量局の客.md" check-stdin-ep \
    check - --stdin-filename 第002話.md --format json
  run check-baseline-write check --write-baseline --format json
  run check-baseline-use check --baseline --format json

  # -- the corpus, read in a copy, under both presets
  if [ -n "$corpus" ]; then
    cp -r "$corpus" "$work/corpus"
    run_in "$work/corpus" corpus-literary check aozora --format json
    run_in "$work/corpus" corpus-literary-text check aozora
    printf 'preset: narou\n' >"$work/corpus/.novelerrc.yaml"
    run_in "$work/corpus" corpus-narou check aozora --format json --no-save
    rm "$work/corpus/.novelerrc.yaml"
    run_in "$work/corpus" corpus-narou-flag check aozora --preset narou
    run_in "$work/corpus" corpus-encodings check encodings --format json
    run_in "$work/corpus" corpus-polish polish aozora/akutagawa_rashomon.txt
  else
    echo "no ../shared/corpus: corpus commands skipped" >"$out/corpus-skipped.out"
  fi

  # -- reference commands
  run rules rules
  run rules-json rules --format json
  run explain-ra explain RA_NUKI
  run explain-scoring explain scoring
  run explain-statistics explain statistics

  # -- status and files
  run status status
  run status-json status --format json
  run files-list files list --format json

  # -- corpus baselines, feedback
  run baseline-build baseline build 40_原稿 --format json
  run baseline-list baseline list --format json
  run check-corpus-model check 3 --statistics --format json
  run feedback-summary feedback summary --format json

  # -- polish, the fix loop
  run polish-1-diff polish 1
  run polish-1-aggressive polish 1 --level aggressive --format json
  run polish-2-apply polish 2 --apply --format json
  run polish-3-until polish 3 --until 95 --format json
  run polish-dir polish 40_原稿
  run polish-stage polish 1 --stage 2 --format json

  # -- evaluations
  run eval-elements evaluate 1 elements --format json
  run eval-structure evaluate 1 structure --format json
  run eval-structure-llm evaluate 1 structure --llm-result "$fx/progressive/story_structure.json" --format json
  run eval-expression evaluate 1 expression --llm-result "$fx/progressive/writing_expression.json" --format json
  run eval-preview evaluate 1 preview --format json

  # -- the progressive check
  run prog-tasks progressive 3 tasks --format json
  for s in 1 2 3 4 5 6 7 8 9 10 11 12; do
    run "prog-step-$s" progressive 3 step "$s" --format json
  done
  run prog-step-1-llm progressive 3 step 1 --llm-result "$fx/progressive/step01.json" --format json
  run prog-repeat progressive 3 repeat 2 --format json
  run prog-status progressive 3 status --format json
  run prog-history progressive 3 history --format json
  run prog-end progressive 3 end --format json

  # -- the writing flow, CLI
  run plot-4 plot 4 --format json
  run plot-4-submit plot submit 4 --file "$fx/writing/plot_ep004.yaml" --format json
  run write-4 write 4 --format json
  local sid
  sid="$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["result"]["session_id"])' "$out/write-4.out" 2>/dev/null || echo none)"
  for s in 1 2 3 4 5 6 7 8 9; do
    run "write-4-show-$s" write 4 --session "$sid" --step "$s" --format json
    run "write-4-submit-$s" write submit 4 --session "$sid" --stage "$s" \
      --file "$fx/writing/stage0$s.json" --format json
  done
  run write-4-submit-10 write submit 4 --session "$sid" --stage 10 \
    --file "$fx/writing/stage10.json" --format json
  run write-status write status 4 --format json

  # -- complete
  run complete-4 complete 4 --format json
  run complete-1 complete 1
  run complete-2-low complete 2 --min-score 99 --format json

  # -- backups, artifacts, todo
  run backup-list backup list --format json
  run artifact-list artifact list --format json
  run todo-add todo add "第5話のプロットを書く" --format json
  run todo-list todo list --format json
  run files-changes files changes --format json

  # -- MCP: both tool tables, the checks, a write stage, the generic tool
  mcp mcp-default-list default "$repo/scripts/behaviour-diff/default.txt"
  mcp mcp-seed seed "$repo/scripts/behaviour-diff/seed.txt"

  # -- the text renderers and the orchestrations issue 29 split into named steps: the
  #    HTML report, the writing flow's tasks/recovery/show/submit as text, step 12's
  #    approval of unjudged steps, artifacts
  run status-html status --report html -o status_report.html
  run write-4-tasks write tasks 4
  run write-4-tasks-json write tasks 4 --format json
  run write-4-status-text write status 4
  run write-4-recover write recover 4 --from 1 --format json
  run write-3-text write 3
  run write-3-submit-text write submit 3 --stage 1 --file "$fx/writing/stage01.json"
  run write-3-submit-dry write submit 3 --stage 2 --file "$fx/writing/stage02.json" --dry-run
  run write-3-submit-bad write submit 3 --stage 2 --file "$fx/writing/stage01.json"
  run write-3-status-text write status 3
  run plot-5-text plot 5
  run prog-step-12-unjudged progressive 3 step 12 --accept-unjudged --format json
  run prog-history-text progressive 3 history
  run prog-end-text progressive 3 end
  run artifact-store artifact store 40_原稿/第001話_潮墨の見習い.md --format json
  run artifact-store-again artifact store 40_原稿/第001話_潮墨の見習い.md
  run artifact-store-outside artifact store "$fx/writing/stage01.json"
  run artifact-list-text artifact list
  run artifact-gc-dry artifact gc --dry-run
  run complete-3-dry complete 3 --dry-run
  run complete-3-text complete 3 --min-score 10

  # -- what was left on disk
  tree "$work/p" tree
}

# tree DIR NAME : the files left in DIR with a hash of each (names only for noveler's own
# state and results, which hold times; a cache entry's name hashes the binary itself, so
# only its slot, which hashes the file's path, is kept).
tree() {
  (cd "$1" && find . -type f ! -path './.noveler/locks/*' | LC_ALL=C sort |
    while read -r f; do
      case "$f" in
        ./.noveler/cache/*) echo "${f%/*}/[entry]" ;;
        ./.noveler/* | ./temp/*) echo "$f" ;;
        *) echo "$f $(sha256sum <"$f" | cut -c1-16)" ;;
      esac
    done) >"$out/$2.out"
}

# ---------------------------------------------------------------------------------------
# Redaction: what differs between two runs of the same binary when the clock and the
# process ids cannot be fixed (hashes of files holding them still differ then).

redact() {
  local dir="$1"
  [ -n "$faketime_lib" ] && [ ${#pid_ns[@]} -gt 0 ] && return 0
  python3 - "$dir" <<'PY'
import os, re, sys
d = sys.argv[1]
subs = [
    (re.compile(r'\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:?\d{2})?'), '[ts]'),
    (re.compile(r'\d{8}_\d{6}(_[0-9a-f]{4,8})?'), '[stamp]'),
    (re.compile(r'\d{8}T\d{6}'), '[stamp]'),
    (re.compile(r'"(execution_time_ms|duration_ms|elapsed_ms|cpu_time_ms|wall_ms|time_ms|elapsed_seconds|peak_rss_bytes|rss_bytes|used_bytes|read_syscalls|write_syscalls|read_bytes|write_bytes)": ?[0-9.]+'), r'"\1": "[n]"'),
    (re.compile(r'"(saved_sha256|envelope_sha256)": ?"[0-9a-f]{64}"'), r'"\1": "[sha]"'),
    (re.compile(r'\b\d+(\.\d+)? ?(ms|µs|s)\b'), '[dur]'),
    (re.compile(r'/tmp/[^\s"\']*noveler-behaviour-diff\.\d+'), '[scratch]'),
]
for base, _, files in os.walk(d):
    for f in files:
        p = os.path.join(base, f)
        s = open(p, encoding='utf-8', errors='surrogateescape').read()
        for rx, rep in subs:
            s = rx.sub(rep, s)
        open(p, 'w', encoding='utf-8', errors='surrogateescape').write(s)
PY
}

# ---------------------------------------------------------------------------------------

if [ "${1:-}" = "--record" ]; then
  [ $# -eq 3 ] || { echo "usage: $0 --record BIN OUT_DIR" >&2; exit 2; }
  record "$2" "$3"
  redact "$3"
  exit 0
fi
[ $# -ge 2 ] || { sed -n '2,12p' "$0" >&2; exit 2; }
dest="${3:-$scratch/results}"
record "$1" "$dest/before"
redact "$dest/before"
record "$2" "$dest/after"
redact "$dest/after"
if diff -r "$dest/before" "$dest/after" >"$dest/diff.txt"; then
  echo "behaviour-diff: identical ($(ls "$dest/before" | wc -l) outputs; $dest)"
else
  cat "$dest/diff.txt"
  echo "behaviour-diff: DIFFERENT ($(grep -c '^diff ' "$dest/diff.txt" || true) files differ; $dest/diff.txt)"
  exit 1
fi
