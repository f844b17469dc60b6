#!/usr/bin/env bash
# The test command of the README and of CI: installs the dependencies, builds, runs every test.
# Arguments go to ctest, e.g. `-L unit` (labels: unit, golden, integration, mib, conformance).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install-deps.sh
# The layers run one way, checked before anything is built (also ctest's check_layers, unit).
python3 scripts/check-layers.py
bash scripts/build.sh
ctest --test-dir build --output-on-failure --timeout 300 -j2 "$@"
