#!/usr/bin/env bash
# Builds noveler-<version>.vsix from this folder: npm installs the dependencies (from the
# npm registry, into node_modules/, which is not committed) and vsce packages them.
#   editors/vscode/package.sh        → editors/vscode/noveler-0.1.0.vsix
# Install it with `code --install-extension editors/vscode/noveler-0.1.0.vsix`.
set -euo pipefail
cd "$(dirname "$0")"
npm install --no-audit --no-fund --loglevel=error
npx vsce package --allow-missing-repository --skip-license
