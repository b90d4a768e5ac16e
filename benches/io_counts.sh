#!/usr/bin/env bash
# How often one call touches the disk (issue 17 item 2): under `strace -f -e
# trace=openat,rename`, counts the opens of the project config (プロジェクト設定.yaml), the
# quality rules (執筆品質ルール.yaml), `.novelerrc.yaml` and the writing session file, the
# lock files opened, and the renames (= atomic writes), for
#   1. one MCP `write_step_3` call with a submission (submit stage 3, show stage 4), and
#   2. one `noveler check 1`,
#   3. one `noveler polish 3 --level standard` (a diff, nothing applied),
#   4. one `noveler check progressive 3 step 1` (the session already started by `tasks`),
#   5. one MCP `noveler_check` full check of episode 3 (check + the judged stages, pending),
#   6. one `noveler polish --all --level standard` (polish_many: diffs, nothing applied),
# on a fresh copy of the sample project. Prints figures only; never asserts.
# (The sample project keeps .novelerrc.yaml absent, so its line reads 0.)
# Usage: benches/io_counts.sh [path/to/noveler]   (default: target/debug/noveler). Needs strace.
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=$(realpath "${1:-${CARGO_TARGET_DIR:-target}/debug/noveler}")
[ -x "$BIN" ] || { echo "build noveler first (cargo build)" >&2; exit 2; }
command -v strace >/dev/null || { echo "needs strace (apt-get install -y strace)" >&2; exit 2; }
WORK=$(mktemp -d)
trap '[ -n "${KEEP:-}" ] || rm -rf "$WORK"' EXIT
P="$WORK/p"
mkdir -p "$P"
cp -r fixtures/sample_project/. "$P"
F=fixtures/writing
"$BIN" --project-root "$P" plot submit 4 --file "$F/plot_ep004.yaml" --format json >/dev/null
S=$("$BIN" --project-root "$P" write 4 --format json | python3 -c "import json,sys;print(json.load(sys.stdin)['result']['session_id'])")
for n in 1 2; do
  "$BIN" --project-root "$P" write submit 4 --session "$S" --stage "$n" --file "$F/stage0$n.json" --format json >/dev/null
done
"$BIN" --project-root "$P" write 4 --session "$S" --step 3 --format json >/dev/null

count() { # trace label
  python3 - "$1" "$2" "$S" <<'PY'
import re, sys
trace, label, session = sys.argv[1:]
# strace prints non-ASCII bytes of a path as octal escapes: decode them.
def decode(line):
    raw = re.sub(rb"\\([0-7]{3})", lambda m: bytes([int(m.group(1), 8)]), line.encode())
    return raw.decode("utf-8", "replace")
lines = [decode(l) for l in open(trace, encoding="utf-8", errors="replace")]
opened = [l for l in lines if "openat(" in l and re.search(r"= \d+$", l.strip())]
def opens(pat):
    return sum(1 for l in opened if re.search(pat, l))
renames = sum(1 for l in lines if re.search(r"\brename(at2?)?\(", l) and l.strip().endswith("= 0"))
print(label)
for name, pat in [
    ("opens of プロジェクト設定.yaml", r"/プロジェクト設定\.yaml\""),
    ("opens of 執筆品質ルール.yaml", r"/執筆品質ルール\.yaml\""),
    ("opens of .novelerrc.yaml", r"/\.novelerrc\.yaml\""),
    ("opens of the session file", "sessions/" + re.escape(session) + r"\.yaml\""),
    ("opens of the episode plot", r"/話別プロット/第004話[^/\"]*\""),
    ("opens of the artifact lock", r"/artifacts\.lock\""),
    ("lock files opened", r"\.lock\""),
]:
    print(f"  {name:<28} {opens(pat):4d}")
print(f"  {'renames (atomic writes)':<28} {renames:4d}")
print(f"  {'files opened in all':<28} {len(opened):4d}")
PY
}

SUB=$(python3 -c "import json;print(json.dumps(json.load(open('$F/stage03.json'))))")
{
  printf '%s\n' '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-03-26","capabilities":{},"clientInfo":{"name":"io_counts","version":"0"}}}'
  printf '%s\n' '{"jsonrpc":"2.0","method":"notifications/initialized"}'
  printf '%s\n' "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"write_step_3\",\"arguments\":{\"episode\":4,\"session_id\":\"$S\",\"submission\":$SUB}}}"
} > "$WORK/in.jsonl"
# The server answers and exits at end of input; the trace covers startup too.
(cd "$P" && strace -f -qq -e trace=openat,rename,renameat,renameat2 -o "$WORK/mcp.trace" \
  "$BIN" --project-root "$P" mcp --tools seed < "$WORK/in.jsonl" > "$WORK/mcp.out" 2>/dev/null) || true
if grep -q '"isError":true' "$WORK/mcp.out" || ! grep -q '"id":2,"result"' "$WORK/mcp.out"; then
  echo "write_step_3 did not succeed:" >&2; tail -c 2000 "$WORK/mcp.out" >&2; exit 1
fi
count "$WORK/mcp.trace" "MCP write_step_3 (submit stage 3 + show stage 4), whole process"

strace -f -qq -e trace=openat,rename,renameat,renameat2 -o "$WORK/check.trace" \
  "$BIN" --project-root "$P" check 1 >/dev/null || true
count "$WORK/check.trace" "noveler check 1"

strace -f -qq -e trace=openat,rename,renameat,renameat2 -o "$WORK/polish.trace" \
  "$BIN" --project-root "$P" polish 3 --level standard >/dev/null || true
count "$WORK/polish.trace" "noveler polish 3 --level standard"

"$BIN" --project-root "$P" check progressive 3 tasks --format json >/dev/null
strace -f -qq -e trace=openat,rename,renameat,renameat2 -o "$WORK/step.trace" \
  "$BIN" --project-root "$P" check progressive 3 step 1 >/dev/null || true
count "$WORK/step.trace" "noveler check progressive 3 step 1"

mcp_call() { # name arguments-json trace-file
  {
    printf '%s\n' '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-03-26","capabilities":{},"clientInfo":{"name":"io_counts","version":"0"}}}'
    printf '%s\n' '{"jsonrpc":"2.0","method":"notifications/initialized"}'
    printf '%s\n' "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":\"$1\",\"arguments\":$2}}"
  } > "$WORK/call.jsonl"
  (cd "$P" && strace -f -qq -e trace=openat,rename,renameat,renameat2 -o "$3" \
    "$BIN" --project-root "$P" mcp < "$WORK/call.jsonl" > "$WORK/call.out" 2>/dev/null) || true
  grep -q '"id":2,"result"' "$WORK/call.out" || { echo "$1 did not answer:" >&2; tail -c 2000 "$WORK/call.out" >&2; exit 1; }
}
mcp_call noveler_check '{"episode":3,"full":true}' "$WORK/full.trace"
count "$WORK/full.trace" "MCP noveler_check full (episode 3), whole process"

strace -f -qq -e trace=openat,rename,renameat,renameat2 -o "$WORK/many.trace" \
  "$BIN" --project-root "$P" polish --all --level standard >/dev/null || true
count "$WORK/many.trace" "noveler polish --all --level standard"
