#!/usr/bin/env bash
# Findings per code on real text (issue 31): prints a table, asserts nothing.
#
#   benches/findings.sh            # BIN=… to skip the build; CORPUS=… to point elsewhere
#   OUT=/tmp/dir benches/findings.sh   # also keep every finding as TSV for reading
#
# Runs `noveler check --format json --no-save --no-cache` over
#   - every file of ../shared/corpus/aozora under the default preset (literary for Aozora
#     files) and under `--preset narou` (what a literary author writing in a project gets);
#   - fixtures/sample_project (its own .novelerrc.yaml / presets);
#   - fixtures/voices' stories (a letter over chapters, a notebook and testament, a web
#     episode with furniture) under `--preset narou`;
#   - fixtures/calibration: the seven drafts (natural slips, listed in slips.tsv) and their
#     copyedited versions (what still fires there is a false alarm, or a house-style note),
# and prints, per code, the number of findings of each run side by side. With OUT, each
# run's findings go to OUT/<run>.tsv (code, file, line, excerpt, message), one per line, so
# an editor can read them.
set -euo pipefail
cd "$(dirname "$0")/.."
export LC_ALL=C.UTF-8
if [ -z "${BIN:-}" ]; then
  cargo build --quiet --bin noveler
  BIN=${CARGO_TARGET_DIR:-target}/debug/noveler
fi
if [ -z "${CORPUS:-}" ]; then
  for c in ../shared/corpus/aozora ../../shared/corpus/aozora /work/shared/corpus/aozora; do
    [ -d "$c" ] && CORPUS=$c && break
  done
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
run() { # name, args...
  local name=$1
  shift
  "$BIN" check --format json --no-save --no-cache --exit-zero "$@" >"$work/$name.json" 2>"$work/$name.err" || true
}
if [ -n "${CORPUS:-}" ]; then
  run corpus_default "$CORPUS"/*.txt
  run corpus_narou --preset narou "$CORPUS"/*.txt
else
  echo "corpus: not found (skipped)" >&2
fi
run sample --project-root fixtures/sample_project
if compgen -G "fixtures/voices/*.txt" >/dev/null; then
  run voices_fixtures --preset narou fixtures/voices/*.txt fixtures/voices/episode_*.md
fi
if compgen -G "fixtures/calibration/ep*_draft.md" >/dev/null; then
  run calibration_draft fixtures/calibration/ep*_draft.md
  run calibration_fixed fixtures/calibration/ep*_fixed.md
fi
python3 - "$work" "${OUT:-}" <<'PY'
import json, os, sys, collections
work, out = sys.argv[1], sys.argv[2]
runs = sorted(f[:-5] for f in os.listdir(work) if f.endswith('.json'))
table = collections.defaultdict(dict)
per_file = {}
for r in runs:
    try:
        d = json.load(open(os.path.join(work, r + '.json')))
    except Exception as e:
        print(f"{r}: no JSON ({e}):", open(os.path.join(work, r + '.err')).read()[:400])
        continue
    rows = []
    for f in d['result']['files']:
        n = collections.Counter()
        for x in f['findings']:
            table[x['code']][r] = table[x['code']].get(r, 0) + 1
            n[x['code']] += 1
            rows.append((x['code'], os.path.basename(f['path']), str(x['line']),
                         x['excerpt'].replace('\t', ' '), x['message'].replace('\t', ' ')))
        for code, k in (f.get('omitted') or {}).items():
            table[code][r] = table[code].get(r, 0) + k
        per_file.setdefault(r, {})[os.path.basename(f['path'])] = n
    if out:
        os.makedirs(out, exist_ok=True)
        with open(os.path.join(out, r + '.tsv'), 'w') as o:
            for row in rows:
                o.write('\t'.join(row) + '\n')
w = max([len(c) for c in table] + [4])
print('code'.ljust(w), *[r.rjust(18) for r in runs])
for code in sorted(table):
    print(code.ljust(w), *[str(table[code].get(r, 0)).rjust(18) for r in runs])
print('total'.ljust(w), *[str(sum(t.get(r, 0) for t in table.values())).rjust(18) for r in runs])
if os.environ.get('PER_FILE'):
    code = os.environ['PER_FILE']
    for r in runs:
        for name, n in sorted(per_file.get(r, {}).items()):
            if n.get(code):
                print(f"{r} {name} {code} {n[code]}")
PY
