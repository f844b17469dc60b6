#!/usr/bin/env bash
# Configures and builds marionette in build/ (Ninja, RelWithDebInfo). Extra arguments go to cmake.
# MARIONETTE_TARGETS="t1 t2" builds only those targets (the main job builds only `marionette`,
# which brings its loadable modules and marionette-fleet; the tests build everything).
# Compiles go through ccache (scripts/install-deps.sh installs it), with paths relative to the
# tree and the working directory left out of the hash, so that another clone of the same code in
# another folder (CI's, a worktree's) reuses the objects.
set -euo pipefail
cd "$(dirname "$0")/.."
launcher=()
if command -v ccache >/dev/null; then
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
  export CCACHE_BASEDIR="$PWD" CCACHE_NOHASHDIR=1
fi
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo "${launcher[@]}" "$@" >/dev/null
targets=()
for target in ${MARIONETTE_TARGETS:-}; do targets+=(--target "$target"); done
cmake --build build -j"$(nproc)" "${targets[@]}"
