#!/usr/bin/env bash
# Builds the noveler wheel into dist/ (maturin, `bindings = "bin"`, as ruff ships): a Python
# package holding the binary, so `pip install dist/noveler-*.whl` puts `noveler` on PATH with
# no Rust toolchain, and pre-commit's `language: python` can install it.
#
#   scripts/build-wheel.sh              # release build (fat LTO: slow to build, fast to run)
#   PROFILE=dev scripts/build-wheel.sh  # the dev profile, for trying the route quickly
#
# The wheel is tagged manylinux_2_34: the binary is linked against the glibc of the machine
# that builds it, and auditwheel (inside maturin) refuses the tag if it uses a symbol newer than
# glibc 2.34 (Debian 12, Ubuntu 22.04, RHEL 9 and newer run it; older systems need
# `cargo install`). The script prints the newest glibc symbol the binary needs.
# maturin comes from PyPI into a throw-away virtual environment unless MATURIN names one.
set -euo pipefail
cd "$(dirname "$0")/.."
profile=${PROFILE:-release}
if [ -z "${MATURIN:-}" ]; then
  venv=$(mktemp -d)
  trap 'rm -rf "$venv"' EXIT
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check 'maturin>=1.7,<2.0'
  MATURIN=$venv/bin/maturin
fi
mkdir -p dist
rm -f dist/noveler-*.whl
"$MATURIN" build --quiet --profile "$profile" --compatibility manylinux_2_34 --out dist >/dev/null
wheel=$(ls dist/noveler-*.whl)
echo "wheel: $wheel ($(du -h "$wheel" | cut -f1), profile $profile)"
# The newest versioned glibc symbol the packaged binary asks for.
bin_dir=$(mktemp -d)
python3 -c 'import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); n = [m for m in z.namelist() if m.endswith("/scripts/noveler")][0]; open(sys.argv[2], "wb").write(z.read(n))' "$wheel" "$bin_dir/noveler"
if command -v objdump >/dev/null; then
  need=$(objdump -T "$bin_dir/noveler" | grep -o 'GLIBC_[0-9.]*' | sort -uV | tail -1)
  echo "needs: ${need:-no versioned glibc symbol} (the tag promises at most GLIBC_2.34)"
fi
rm -rf "$bin_dir"
echo "install: pip install $wheel"
