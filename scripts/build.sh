#!/usr/bin/env bash
# Configures and builds marionette in build/ (Ninja, RelWithDebInfo). Extra arguments go to cmake.
# With ccache installed, compiles go through it, with paths relative to the tree, so that another
# clone of the same code reuses the objects.
set -euo pipefail
cd "$(dirname "$0")/.."
launcher=()
if command -v ccache >/dev/null; then
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
  export CCACHE_BASEDIR="$PWD"
fi
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo "${launcher[@]}" "$@" >/dev/null
cmake --build build -j"$(nproc)"
