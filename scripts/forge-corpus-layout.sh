#!/usr/bin/env bash
# Lays out the current-Forge corpus for scripts/forge_corpus_compare.py: every repository of
# tests/forge/modules.list, already fetched as a bare git directory (the `fetch` tool leaves
# github:OWNER/NAME in MIRROR/OWNER+NAME/repo), is exported at a release tag into
# CACHE/modules/<module name from metadata.json>, outside the repository.
#
#   usage: scripts/forge-corpus-layout.sh [MIRROR [CACHE]]
#     MIRROR  where the fetched git directories are (default: /work/.mirror)
#     CACHE   default: ${XDG_CACHE_HOME:-~/.cache}/marionette/forge-corpus
#
# A release tag is vX.Y.Z or X.Y.Z whose metadata.json says that version and the module name the
# default branch has (voxpupuli/puppet-letsencrypt's v999.999.999 is danzilio's placeholder).
# Each module starts at its latest release; one that another module's metadata.json range
# refuses goes down to the newest release all those ranges accept, as `puppet module install`
# would resolve them (the role a line of modules.list gives only says why it is here).
# Writes CACHE/versions.tsv (name, version, tag, latest release, commit, repository, role) and
# checks every dependency range of every laid-out module: what is still not met (or not in the
# corpus) is printed and written to CACHE/unmet.txt. Exit 0 even then: Puppet does not enforce
# metadata ranges. Only what a catalog compile reads is exported (manifests, lib, templates,
# files, types, functions, data, hiera.yaml, metadata.json, examples, README.md), by git archive
# + tar; nothing is built or run from the fetched code.
#
# OpenVox 8's agent packages also bundle the puppet-resource_api gem, which the Resource API types
# of current modules (puppetlabs-firewall 8, ...) load; Debian's ruby-puppet-resource-api is
# downloaded (apt-get download, not installed) and unpacked into CACHE/ruby, for
# scripts/forge_corpus_compare.py to put on OpenVox's RUBYLIB.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
MIRROR="${1:-/work/.mirror}"
CACHE="${2:-${XDG_CACHE_HOME:-$HOME/.cache}/marionette/forge-corpus}"
LIST="$here/../tests/forge/modules.list"
mkdir -p "$CACHE"

# Choose the tags (python: semantic versions and ranges), one line a module: name tag dir.
plan=$(python3 - "$MIRROR" "$LIST" "$CACHE" <<'PY'
import json, os, re, subprocess, sys

mirror, listing, cache = sys.argv[1:4]

def version(text):
    m = re.fullmatch(r"v?(\d+)\.(\d+)\.(\d+)", text.strip())
    return tuple(int(x) for x in m.groups()) if m else None

def accepts(requirement, v):
    """Forge version ranges: '>= 1.2.0 < 2.0.0', '1.x', '1.2.x', '= 1.2.3', '1.2.3', '' (any)."""
    requirement = (requirement or "").strip()
    if not requirement:
        return True
    x = re.fullmatch(r"(\d+)(?:\.(\d+))?\.x", requirement)
    if x:
        want = [int(p) for p in x.groups() if p is not None]
        return list(v[:len(want)]) == want
    for op, text in re.findall(r"(>=|<=|>|<|=)?\s*(\d+(?:\.\d+){0,2})", requirement):
        parts = [int(p) for p in text.split(".")] + [0] * (3 - len(text.split(".")))
        bound = tuple(parts)
        ok = {">=": v >= bound, "<=": v <= bound, ">": v > bound, "<": v < bound}.get(op, v == bound)
        if not ok:
            return False
    return True

def git(gitdir, *args):
    return subprocess.run(["git", "--git-dir", gitdir, *args], capture_output=True, text=True)

def norm(name):
    return name.replace("/", "-")

repos = []
for line in open(listing):
    line = line.split("#", 1)[0].split()
    if line:
        repos.append((line[0], line[1]))

found = {}  # metadata name -> dict
for repo, role in repos:
    gitdir = os.path.join(mirror, repo.replace("/", "+"), "repo")
    if not os.path.isdir(gitdir):
        print(f"missing: {repo} is not fetched ({gitdir})", file=sys.stderr)
        continue
    try:
        current = norm(json.loads(git(gitdir, "show", "HEAD:metadata.json").stdout)["name"])
    except (ValueError, KeyError):
        current = None
    releases = []
    for tag in git(gitdir, "tag").stdout.split():
        v = version(tag)
        if not v:
            continue
        meta = git(gitdir, "show", f"{tag}:metadata.json")
        try:
            meta = json.loads(meta.stdout)
        except ValueError:
            continue
        if version(meta.get("version", "")) == v and current in (None, norm(meta.get("name", ""))):
            releases.append((v, tag, meta))
    if not releases:
        print(f"missing: {repo} has no release tag", file=sys.stderr)
        continue
    releases.sort(key=lambda r: r[0])
    name = norm(releases[-1][2]["name"])
    found[name] = dict(repo=repo, role=role, gitdir=gitdir, releases=releases)

def requirements_on(target, chosen):
    return [d.get("version_requirement", "") for m in chosen.values()
            for d in m[2].get("dependencies", []) if norm(d["name"]) == target]

# Start from every latest release; then, until nothing changes, lower a module whose version
# another chosen module's range refuses to the newest release all those ranges accept (what
# `puppet module install` would pick); a range no release meets is left unmet and reported.
chosen = {n: m["releases"][-1] for n, m in found.items()}
for _ in range(20):
    changed = False
    for n, m in found.items():
        wanted = requirements_on(n, chosen)
        if all(accepts(q, chosen[n][0]) for q in wanted):
            continue
        fitting = [r for r in m["releases"] if all(accepts(q, r[0]) for q in wanted)]
        if fitting and fitting[-1][0] != chosen[n][0]:
            chosen[n], changed = fitting[-1], True
    if not changed:
        break

with open(os.path.join(cache, "versions.tsv"), "w") as out:
    out.write("name\tversion\ttag\tlatest\tcommit\trepository\trole\n")
    for n in sorted(chosen):
        v, tag, meta = chosen[n]
        commit = git(found[n]["gitdir"], "rev-list", "-n1", tag).stdout.strip()
        latest = found[n]["releases"][-1][2]["version"]
        out.write(f"{n}\t{meta['version']}\t{tag}\t{latest}\t{commit}\t{found[n]['repo']}\t{found[n]['role']}\n")
        print(n.split("-", 1)[1], tag, found[n]["gitdir"])

unmet = []
for n in sorted(chosen):
    for d in chosen[n][2].get("dependencies", []):
        dep, req = norm(d["name"]), d.get("version_requirement", "")
        if dep not in chosen:
            unmet.append(f"{n} {chosen[n][2]['version']} needs {dep} {req}: not in the corpus")
        elif not accepts(req, chosen[dep][0]):
            unmet.append(f"{n} {chosen[n][2]['version']} needs {dep} {req}: "
                         f"the corpus has {chosen[dep][2]['version']}")
with open(os.path.join(cache, "unmet.txt"), "w") as out:
    out.write("".join(u + "\n" for u in unmet))
for u in unmet:
    print("unmet: " + u, file=sys.stderr)
PY
)

rm -rf "$CACHE/modules.new"
mkdir -p "$CACHE/modules.new"
while read -r short tag gitdir; do
  mkdir "$CACHE/modules.new/$short"
  # One path at a time: a whole-tag archive would read every blob, and a snapshot lacks its
  # largest files (puppetlabs-mysql's spec/ fixtures).
  while read -r mode kind object path; do
    if [ "$kind" = tree ]; then
      git --git-dir "$gitdir" archive --prefix="$path/" "$object" | tar -x -C "$CACHE/modules.new/$short"
    else
      git --git-dir "$gitdir" cat-file blob "$object" >"$CACHE/modules.new/$short/$path"
    fi
  done < <(git --git-dir "$gitdir" ls-tree "$tag" |
    grep -E $'\t(manifests|lib|templates|files|types|functions|data|hiera.yaml|metadata.json|examples|README.md)$')
done <<<"$plan"
rm -rf "$CACHE/modules"
mv "$CACHE/modules.new" "$CACHE/modules"
if [ ! -d "$CACHE/ruby/usr/lib/ruby/vendor_ruby/puppet" ]; then
  mkdir -p "$CACHE/debs"
  (cd "$CACHE/debs" && apt-get download -q ruby-puppet-resource-api >/dev/null 2>&1) ||
    echo "warning: could not download ruby-puppet-resource-api (run apt-get update)" >&2
  for deb in "$CACHE"/debs/ruby-puppet-resource-api_*.deb; do
    [ -f "$deb" ] && dpkg -x "$deb" "$CACHE/ruby"
  done
fi
echo "$CACHE/modules: $(wc -l <<<"$plan") modules, $(find "$CACHE/modules" -name '*.pp' | wc -l) .pp files;" \
  "versions in $CACHE/versions.tsv, $(wc -l <"$CACHE/unmet.txt") unmet dependency ranges in $CACHE/unmet.txt"
