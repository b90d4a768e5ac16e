#!/usr/bin/env bash
# Issue 28: memory and time on hostile inputs. Prints figures; asserts nothing.
#
#   benches/hostile_input.sh              # SIZE=16 MiB inputs by default (the input limit)
#   SIZE=$((4 * 1024 * 1024)) benches/hostile_input.sh
#
# 1. Peak memory / input size of `noveler check --format json` on four inputs of SIZE bytes:
#    short lines (`a\n` repeated), novel text (the Aozora corpus, else the sample episodes,
#    repeated), web-novel text (the sample episodes repeated: short dialogue lines and blank
#    lines) and one huge line (the novel text without its line breaks). Budget: 40x, or a
#    clear refusal (exit 2, R002) before the memory is taken.
# 2. Time ratios x2 and x4 of the input for nested Aozora annotations (`［＃` x N + `］` x N)
#    and a long forbidden phrase / a long list of them (work that grows linearly doubles and
#    quadruples: ratios near 2 and 4; quadratic work gives 4 and 16).
set -euo pipefail
cd "$(dirname "$0")/.."
export LC_ALL=C.UTF-8
SIZE=${SIZE:-$((16 * 1024 * 1024))}
target="${CARGO_TARGET_DIR:-target}"
cargo build --release --quiet --bin noveler
bin="$(cd "$target/release" && pwd)/noveler"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/p/40_原稿"

corpus=""
for c in ../shared/corpus/aozora ../../shared/corpus/aozora; do
  [ -d "$c" ] && corpus=$c && break
done

# repeat SOURCE… : the files one after another, again and again, cut to SIZE at a line end.
repeat() {
  python3 - "$SIZE" "$@" <<'EOF'
import sys
size = int(sys.argv[1]); parts = [open(p, encoding="utf-8").read() for p in sys.argv[2:]]
out, n = [], 0
while n < size:
    for t in parts:
        out.append(t); n += len(t.encode())
        if n >= size: break
data = "".join(out).encode()[:size]
data = data[: data.rfind(b"\n") + 1]
sys.stdout.buffer.write(data)
EOF
}

python3 -c "import sys; sys.stdout.write('a\n' * ($SIZE // 2))" >"$work/short.md"
if [ -n "$corpus" ]; then
  repeat "$corpus"/*.txt >"$work/novel.md"
else
  repeat fixtures/sample_project/40_原稿/*.md >"$work/novel.md"
fi
repeat fixtures/sample_project/40_原稿/*.md >"$work/web.md"
tr -d '\n' <"$work/novel.md" >"$work/huge_line.md"

echo "1. peak memory / input ($((SIZE / 1024 / 1024)) MiB inputs; budget 40x or a refusal)"
for kind in short novel web huge_line; do
  f="$work/p/40_原稿/第001話_$kind.md"
  cp "$work/$kind.md" "$f"
  bytes=$(wc -c <"$f")
  lines=$(wc -l <"$f")
  set +e
  kb=$(/usr/bin/time -f %M "$bin" --project-root "$work/p" check "$f" --no-save --no-cache \
    --format json 2>"$work/err" >/dev/null; echo "rc=$?")
  set -e
  rc=${kb##*rc=}
  peak=$(grep -E '^[0-9]+$' "$work/err" | tail -1)
  ratio=$(awk -v k="$peak" -v b="$bytes" 'BEGIN { printf "%.1f", k * 1024 / b }')
  note=""
  if [ "$rc" = 2 ]; then
    note=" refused: $(grep -o 'R00[0-9][^│]*' "$work/err" | head -1 | cut -c1-90)"
  fi
  printf '  %-10s %9d bytes %8d lines  peak %6d MB  %5sx  exit %s%s\n' \
    "$kind" "$bytes" "$lines" $((peak / 1024)) "$ratio" "$rc" "$note"
  rm -f "$f"
done

ms() { # ms COMMAND… : wall time of one run in milliseconds
  local t0 t1
  t0=$(date +%s%N)
  "$@" >/dev/null 2>&1 || true
  t1=$(date +%s%N)
  echo $(((t1 - t0) / 1000000))
}
ratios() { # ratios NAME MAKE : MAKE N writes the input of size N to $f; prints t(2N)/t(N), t(4N)/t(N)
  local name=$1 make=$2 n=$3 t1 t2 t4
  $make "$n"; t1=$(ms "$bin" --project-root "$work/p" check "$f" --no-save --no-cache)
  $make $((2 * n)); t2=$(ms "$bin" --project-root "$work/p" check "$f" --no-save --no-cache)
  $make $((4 * n)); t4=$(ms "$bin" --project-root "$work/p" check "$f" --no-save --no-cache)
  awk -v a="$t1" -v b="$t2" -v c="$t4" -v name="$name" -v n="$n" \
    'BEGIN { printf "  %-34s N=%-7d %6d ms  x2 %.2f  x4 %.2f\n", name, n, a, b / (a ? a : 1), c / (a ? a : 1) }'
}
f="$work/p/40_原稿/第002話_x.md"
nested() {
  python3 -c "import sys; n=int(sys.argv[1]); sys.stdout.write('　本文。' + '［＃' * n + '］' * n + '\n')" "$1" >"$f"
}
phrase() { # one forbidden phrase of N characters, and a text that nearly matches it
  python3 -c "import sys; n=int(sys.argv[1]); sys.stdout.write('forbidden_expressions:\n  - \"' + 'あ' * n + 'い\"\n')" "$1" \
    >"$work/p/.novelerrc.yaml"
  python3 -c "import sys; n=int(sys.argv[1]); sys.stdout.write('　' + 'あ' * n + '。\n')" "$1" >"$f"
}
phrases() { # N forbidden phrases
  python3 -c "import sys; n=int(sys.argv[1]); sys.stdout.write('forbidden_expressions:\n' + ''.join('  - 語句%d番\n' % i for i in range(n)))" "$1" \
    >"$work/p/.novelerrc.yaml"
  printf '　本文の語句1番と語句22番。\n' >"$f"
}
echo "2. time ratios (linear: x2 ~2, x4 ~4; quadratic: 4 and 16)"
ratios "nested annotations ［＃×N ］×N" nested 100000
ratios "one forbidden phrase of N chars" phrase 20000
ratios "N forbidden phrases" phrases 50000
rm -f "$work/p/.novelerrc.yaml"

# 3-5 drive `noveler mcp` with raw JSON lines: mcp_drive SCRIPT ARGS… (python, stdlib only).
mcp_drive() {
  python3 - "$bin" "$work/p" "$@" <<'EOF'
import json, subprocess, sys, threading, time, queue
bin, root, mode = sys.argv[1], sys.argv[2], sys.argv[3]
args = sys.argv[4:]
wrap = ["/usr/bin/time", "-f", "PEAK_KB %M"] if mode == "memory" else []
p = subprocess.Popen(wrap + [bin, "mcp", "--project-root", root], stdin=subprocess.PIPE,
                     stdout=subprocess.PIPE, stderr=subprocess.PIPE)
out, err = queue.Queue(), []
threading.Thread(target=lambda: [out.put(l) for l in p.stdout], daemon=True).start()
threading.Thread(target=lambda: [err.append(l.decode(errors="replace")) for l in p.stderr], daemon=True).start()
def send(m):
    p.stdin.write((json.dumps(m) + "\n").encode()); p.stdin.flush()
def reply(i, limit=600):
    end = time.time() + limit
    while time.time() < end:
        try:
            m = json.loads(out.get(timeout=max(0.01, end - time.time())))
        except queue.Empty:
            break
        if m.get("id") == i:
            return m
    return None
def call(i, args):
    send({"jsonrpc": "2.0", "id": i, "method": "tools/call",
          "params": {"name": "noveler_check", "arguments": args}})
send({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "2025-11-25",
      "capabilities": {}, "clientInfo": {"name": "bench", "version": "1"}}})
reply(1); send({"jsonrpc": "2.0", "method": "notifications/initialized"})
def outcome(m):
    if m is None:
        return "no answer (server died?)"
    text = json.dumps(m, ensure_ascii=False)
    for code in ("QC008", "R001", "R002", "U00"):
        if code in text:
            at = text.index(code)
            return "answered " + text[at:at + 80]
    return "answered, isError=%s" % m.get("result", {}).get("isError")
if mode == "memory":   # one check of FILE
    call(2, {"targets": [args[0]]})
    print("  mcp check: " + outcome(reply(2)))
    p.stdin.close(); p.wait(timeout=60)
    peak = [l for l in err if l.startswith("PEAK_KB")]
    print("PEAK_KB " + (peak[-1].split()[1] if peak else "0"))
    print("  server exit %s" % p.returncode)
else:                  # cancel: a check of FILE, cancelled once it is analysing; then a small check
    call(2, {"targets": [args[0]]})
    time.sleep(float(args[2]))
    t0 = time.time()
    send({"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": 2, "reason": "bench"}})
    call(3, {"targets": [args[1]]})
    m = reply(3)
    print("  cancel → next check %s after %.0f ms" % (outcome(m), (time.time() - t0) * 1000))
    p.stdin.close(); p.wait(timeout=60)
EOF
}

echo "3. MCP: one noveler_check of the ${SIZE}-byte short lines (budget 40x; refuse or degrade, never die)"
f="$work/p/40_原稿/第003話_short.md"
cp "$work/short.md" "$f"
mcp_drive memory "40_原稿/第003話_short.md" >"$work/mcp.out"
grep -v '^PEAK_KB' "$work/mcp.out"
peak=$(grep '^PEAK_KB' "$work/mcp.out" | awk '{print $2}')
awk -v k="$peak" -v b="$(wc -c <"$f")" 'BEGIN { printf "  mcp peak %d MB  %.1fx the input\n", k / 1024, k * 1024 / b }'

echo "4. output size: 400 KB of unindented short lines (one fix edit per line before the cap)"
python3 -c "import sys; sys.stdout.write('あいう。\n' * (400000 // 13))" >"$f"
"$bin" --project-root "$work/p" check "$f" --no-save --no-cache --format json >"$work/out.json" || true
printf '  input %d bytes  JSON %d bytes\n' "$(wc -c <"$f")" "$(wc -c <"$work/out.json")"

echo "5. nested annotations, absolute times (linear: 400k/200k ~2)"
f="$work/p/40_原稿/第002話_x.md"
nested 200000; a=$(ms "$bin" --project-root "$work/p" check "$f" --no-save --no-cache)
nested 400000; b=$(ms "$bin" --project-root "$work/p" check "$f" --no-save --no-cache)
awk -v a="$a" -v b="$b" 'BEGIN { printf "  200k %d ms  400k %d ms  ratio %.2f\n", a, b, b / (a ? a : 1) }'
rm -f "$f"

echo "6. cancel a big MCP check 1 s in, then a small check"
f="$work/p/40_原稿/第003話_short.md"
cp "$work/novel.md" "$f"
printf '　短い本文。\n' >"$work/p/40_原稿/第004話_small.md"
mcp_drive cancel "40_原稿/第003話_short.md" "40_原稿/第004話_small.md" 1
rm -f "$f" "$work/p/40_原稿/第004話_small.md"
