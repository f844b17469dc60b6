#!/usr/bin/env bash
# Lays out the part of Puppet's own RSpec suite that tests/puppet-spec/ is built from: the
# evaluator, compiler-integration and function specs of puppetlabs/puppet at tag 7.23.0, with the
# fixtures they read, exported from the fetched bare git directory (the `fetch` tool leaves
# github:puppetlabs/puppet in MIRROR/puppetlabs+puppet/repo) into CACHE, outside the repository.
# Nothing of it is committed or copied into the repository: scripts/puppet_spec_extract.rb reads
# the specs for their Puppet sources, and real Puppet records what those sources give.
#
#   usage: scripts/puppet-spec-layout.sh [MIRROR [CACHE]]
#     MIRROR  where the fetched git directories are (default: /work/.mirror)
#     CACHE   default: ${XDG_CACHE_HOME:-~/.cache}/marionette/puppet-spec-7.23.0
set -euo pipefail
MIRROR="${1:-/work/.mirror}"
CACHE="${2:-${XDG_CACHE_HOME:-$HOME/.cache}/marionette/puppet-spec-7.23.0}"
TAG=7.23.0
repo="$MIRROR/puppetlabs+puppet/repo"
[ -d "$repo" ] || { echo "puppet-spec-layout: no fetched puppetlabs/puppet at $repo" >&2; exit 2; }
git --git-dir="$repo" rev-parse -q --verify "refs/tags/$TAG" >/dev/null ||
  { echo "puppet-spec-layout: $repo has no tag $TAG" >&2; exit 2; }
paths=(spec/unit/pops/evaluator spec/integration/parser spec/unit/functions
       spec/fixtures/unit/functions spec/fixtures/unit/pops/loaders)
rm -rf "$CACHE.tmp"
mkdir -p "$CACHE.tmp"
git --git-dir="$repo" archive --format=tar "refs/tags/$TAG" -- "${paths[@]}" | tar -x -C "$CACHE.tmp"
git --git-dir="$repo" rev-parse "refs/tags/$TAG^{commit}" >"$CACHE.tmp/COMMIT"
rm -rf "$CACHE"
mv "$CACHE.tmp" "$CACHE"
echo "$CACHE: $(find "$CACHE/spec" -name '*_spec.rb' | wc -l) spec files of puppetlabs/puppet $TAG ($(cat "$CACHE/COMMIT"))"
