#!/usr/bin/env bash
# The CI-sized sanitizer run: builds everything with AddressSanitizer and UBSan into build-asan/
# and runs the unit, golden and hardening suites there. A heap error, a leak or undefined
# behaviour fails the test it happens in. Arguments go to ctest (e.g. `-R golden`).
#   JOBS=2 scripts/sanitize-tests.sh          # on a small machine
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=${JOBS:-$(nproc)}
launcher=()
command -v ccache >/dev/null && launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
# -O1 with line tables only: about half the build time of -O2 -g, and reports keep file:line.
cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1 -DNDEBUG" -DMARIONETTE_WERROR=OFF \
  -DMARIONETTE_SANITIZE=address,undefined "${launcher[@]}" >/dev/null
cmake --build build-asan -j"$jobs"
# detect_leaks: LeakSanitizer; abort_on_error: a finding is a failed test, not a log line.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:strict_string_checks=1}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
# Left out here, with why: a sanitizer's frames are several times larger, so the recursion
# bounds (measured in stack bytes as well as levels, core/lang/recursion_bound.hpp) refuse depths
# that these tests check a normal build accepts; ASan cannot follow the regex engine's 256 MiB
# thread stack; and the timing checks need a normal build's speed. (The run of 2026-11-26:
# 1,138 tests, these 7 and one finding, a test that read a destroyed catalog, since fixed.)
excluded='TheValidatorRefusesATreeTooDeepToEvaluate|RecursionDeeperThanTheStackGivesUpInsteadOfCrashing'
excluded+='|CatastrophicBacktrackingGivesUp|depth_recursion_puppet_allows'
excluded+='|RecursionThatPuppetAllowsStillCompiles|RegexRecursionOnALongTextFailsInsteadOfCrashing'
excluded+='|HeapLookahead'
ctest --test-dir build-asan --output-on-failure --timeout 600 -j"$jobs" -L 'unit|golden|hardening' \
  -E "$excluded" "$@"
