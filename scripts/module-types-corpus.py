#!/usr/bin/env python3
"""Module resource types: read every lib/puppet/type/*.rb of Debian's puppet-module-* packages
with marionette's reader of the type DSL (no Ruby), and list those it cannot read with the
construct that stops it.

usage: scripts/module-types-corpus.py [--marionette PATH] [--corpus DIR]

Needs the unpacked packages that scripts/parser-corpus-fetch.sh leaves in DIR (default:
${XDG_CACHE_HOME:-~/.cache}/marionette/parser-corpus/tree). Each file is read by
`marionette parser validate FILE.rb`, which reads it as the compiler does. A file shipped twice
(the same module in two packages) counts once. Not run in CI: it needs the packages.
"""
import argparse, collections, hashlib, os, re, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--marionette", default=os.path.join(REPO, "build", "core", "cli", "marionette"))
    cache = os.environ.get("XDG_CACHE_HOME", os.path.expanduser("~/.cache"))
    parser.add_argument("--corpus", default=os.path.join(cache, "marionette", "parser-corpus", "tree"))
    args = parser.parse_args()

    files, seen = [], set()
    for root, _, names in os.walk(args.corpus):
        if not root.endswith(os.path.join("lib", "puppet", "type")):
            continue
        for name in sorted(names):
            if not name.endswith(".rb"):
                continue
            path = os.path.join(root, name)
            with open(path, "rb") as f:
                digest = hashlib.sha256(f.read()).hexdigest()
            if digest not in seen:
                seen.add(digest)
                files.append(path)
    files.sort()

    failures, reasons = [], collections.Counter()
    for path in files:
        run = subprocess.run([args.marionette, "parser", "validate", path],
                             capture_output=True, text=True, timeout=30)
        if run.returncode != 0:
            first = (run.stderr.strip().splitlines() or ["(no message)"])[0]
            reason = re.sub(r".*marionette cannot read ", "", first)
            reason = re.sub(r" \(the type DSL.*", "", reason)
            failures.append((os.path.relpath(path, args.corpus), first))
            reasons[reason] += 1

    read = len(files) - len(failures)
    print(f"{read} of {len(files)} type files read ({100.0 * read / max(len(files), 1):.1f} %)\n")
    print("| what stops the reader | files |\n|---|---:|")
    for reason, count in reasons.most_common():
        print(f"| {reason} | {count} |")
    print("\n| file | error |\n|---|---|")
    for path, first in failures:
        print(f"| {path} | {first.replace('|', '/')} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
