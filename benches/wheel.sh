#!/usr/bin/env bash
# Builds the noveler wheel into dist/ with scripts/build-wheel.sh (maturin, `bindings = "bin"`,
# as ruff does; the wheel stays there for `pip install`) and runs pre-commit with it on a temporary git repository holding a copy of the sample project:
# the hook installs the wheel (`language: python`, nothing compiled) and checks the staged
# manuscripts. Prints the timings. Not part of `cargo test` (it needs pip and a network or a
# pip cache for maturin and pre-commit).
#
#   benches/wheel.sh            # release wheel (slow on a loaded machine: a full LTO build)
#   PROFILE=dev benches/wheel.sh  # reuses the debug build of `cargo build` / `cargo test`
set -euo pipefail
cd "$(dirname "$0")/.."
repo=$PWD
profile=${PROFILE:-release}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

python3 -m venv "$work/venv"
"$work/venv/bin/pip" install --quiet --disable-pip-version-check 'maturin>=1.7,<2.0' pre-commit

start=$(date +%s)
PROFILE=$profile MATURIN=$work/venv/bin/maturin scripts/build-wheel.sh
wheel=$(realpath dist/noveler-*.whl)
echo "built in $(( $(date +%s) - start )) s"

# A novel in a git repository, with the hook installed from the wheel.
novel="$work/novel"
cp -r "$repo/fixtures/sample_project" "$novel"
rm -rf "$novel/.noveler" "$novel/temp"
cat > "$novel/.pre-commit-config.yaml" <<YAML
repos:
  - repo: local
    hooks:
      - id: noveler-check
        name: noveler check (wheel)
        entry: noveler check
        language: python
        additional_dependencies: ["$wheel"]
        files: (^|/)40_原稿/.*\.(md|txt)$
        args: [--no-progress, --no-save, --quiet]
YAML
cd "$novel"
git init --quiet
git -c user.name=bench -c user.email=bench@example.invalid add -A
start=$(date +%s)
set +e
PRE_COMMIT_HOME="$work/pre-commit-home" "$work/venv/bin/pre-commit" run --all-files
status=$?
set -e
echo "pre-commit run (hook env from the wheel + check): $(( $(date +%s) - start )) s, exit $status"
# The sample has no high finding: the hook passes.
test "$status" -eq 0
