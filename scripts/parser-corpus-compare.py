#!/usr/bin/env python3
"""Compares marionette's parser verdicts with real Puppet's on a corpus of real manifests.

Every *.pp file gets `marionette parser validate FILE` and `puppet parser validate`; every *.epp
file gets `marionette parser validate FILE` and `puppet epp validate`. A file agrees when both
accept it or both reject it. The corpus is Debian's puppet-module-* packages, fetched by
scripts/parser-corpus-fetch.sh into a cache directory outside the repository.

    bash scripts/parser-corpus-fetch.sh              # once (apt-get download + dpkg -x)
    python3 scripts/parser-corpus-compare.py --marionette build/core/cli/marionette

Prints the figure (agreement / files compared) and every disagreement with both messages.
Puppet's verdicts are cached beside the corpus (puppet-verdicts.json); --refresh redoes them.
"""
import argparse
import json
import os
import re
import subprocess
import sys

FILE_IN_ERROR = re.compile(r"\(file: (?P<file>[^,]+), line: (?P<line>\d+), column: (?P<column>\d+)\)")
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def default_cache():
    base = os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache")
    return os.path.join(base, "marionette", "parser-corpus")


def corpus_files(tree, suffixes=(".pp", ".epp")):
    """The corpus's regular files (no links) whose names end in one of `suffixes`, sorted."""
    found = []
    for root, _dirs, names in os.walk(tree):
        for name in names:
            if name.endswith(suffixes):
                path = os.path.join(root, name)
                if os.path.isfile(path) and not os.path.islink(path):
                    found.append(path)
    return sorted(found)


def puppet_errors(action, files):
    """{file: [error lines]} for files that `puppet <action> validate` rejects."""
    errors = {}
    command = ["puppet", action, "validate", "--color=false"] + files
    run = subprocess.run(command, capture_output=True, text=True, errors="replace")
    unattributed = []
    for line in (run.stdout + run.stderr).splitlines():
        line = ANSI.sub("", line)
        if not line.startswith("Error:"):
            continue
        match = FILE_IN_ERROR.search(line)
        if match and match.group("file") in files:
            errors.setdefault(match.group("file"), []).append(line)
        else:
            unattributed.append(line)
    if unattributed:
        if len(files) == 1:
            errors.setdefault(files[0], []).extend(unattributed)
        else:  # cannot tell which file: ask again one by one
            for path in files:
                errors.update(puppet_errors(action, [path]))
    return errors


def puppet_verdicts(files, cache_file, refresh):
    cached = {}
    if os.path.exists(cache_file) and not refresh:
        with open(cache_file) as f:
            cached = json.load(f)
    todo = [p for p in files if p not in cached]
    for action, suffix in (("parser", ".pp"), ("epp", ".epp")):
        batch_files = [p for p in todo if p.endswith(suffix)]
        for start in range(0, len(batch_files), 150):
            batch = batch_files[start:start + 150]
            errors = puppet_errors(action, batch)
            for path in batch:
                cached[path] = errors.get(path, [])
            print(f"puppet {action} validate: {min(start + 150, len(batch_files))}/{len(batch_files)}",
                  file=sys.stderr)
    with open(cache_file, "w") as f:
        json.dump(cached, f)
    return {p: cached[p] for p in files}


def marionette_verdict(binary, path):
    run = subprocess.run([binary, "parser", "validate", path], capture_output=True, text=True,
                         errors="replace", timeout=60)
    return run.returncode == 0, run.stderr.strip().splitlines()[:1]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--marionette", default="build/core/cli/marionette")
    parser.add_argument("--cache", default=default_cache())
    parser.add_argument("--refresh", action="store_true", help="ask Puppet again")
    parser.add_argument("--report", help="also write the disagreements as JSON to this file")
    args = parser.parse_args()

    tree = os.path.join(args.cache, "tree")
    files = corpus_files(tree)
    if not files:
        sys.exit(f"no corpus in {tree}: run scripts/parser-corpus-fetch.sh first")
    puppet = puppet_verdicts(files, os.path.join(args.cache, "puppet-verdicts.json"), args.refresh)

    disagreements = []
    counts = {"pp": 0, "epp": 0, "puppet_rejects": 0}
    for path in files:
        counts["epp" if path.endswith(".epp") else "pp"] += 1
        puppet_ok = not puppet[path]
        counts["puppet_rejects"] += not puppet_ok
        ours_ok, ours_message = marionette_verdict(args.marionette, path)
        if ours_ok != puppet_ok:
            disagreements.append({"file": os.path.relpath(path, tree), "puppet_accepts": puppet_ok,
                                  "puppet": puppet[path][:1], "marionette": ours_message})

    for d in disagreements:
        print(f"DISAGREE {d['file']}: puppet {'accepts' if d['puppet_accepts'] else 'rejects'}")
        for line in d["puppet"]:
            print(f"    puppet:     {line}")
        for line in d["marionette"]:
            print(f"    marionette: {line}")
    agree = len(files) - len(disagreements)
    print(f"{agree}/{len(files)} files agree ({100.0 * agree / len(files):.2f}%): "
          f"{counts['pp']} .pp, {counts['epp']} .epp; Puppet rejects {counts['puppet_rejects']}")
    if args.report:
        with open(args.report, "w") as f:
            json.dump({"files": len(files), "agree": agree, "disagreements": disagreements}, f,
                      indent=1)
    return 0 if not disagreements else 1


if __name__ == "__main__":
    sys.exit(main())
