#!/usr/bin/env python3
"""Which of Debian's module templates the native ERB engine takes.

Every .erb under the corpus tree (scripts/parser-corpus-fetch.sh unpacks Debian's
puppet-module-* packages there) is parsed by the native engine (build/tests/compiler/
erb_parse_check) and, for reference, compiled by Ruby's own ERB and checked by Ripper (a template
Ruby itself cannot parse is not held against the engine). Prints the figure and, for each
template the engine refuses, the construct it lacks, as markdown for docs/real-modules.md.

usage: scripts/erb-corpus-check.py [--tree DIR] [--checker PATH] [--fail-under PERCENT]
"""
import argparse
import collections
import os
import subprocess
import sys

RUBY_CHECK = r"""
require 'erb'; require 'ripper'
ARGV.each do |f|
  src = begin
    ERB.new(File.read(f), trim_mode: '-').src
  rescue StandardError, SyntaxError
    nil
  end
  puts((src && Ripper.sexp(src) ? 'ok ' : 'bad ') + f)
end
"""


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    cache = os.environ.get("XDG_CACHE_HOME", os.path.expanduser("~/.cache"))
    parser = argparse.ArgumentParser()
    parser.add_argument("--tree", default=os.path.join(cache, "marionette/parser-corpus/tree"))
    parser.add_argument("--checker",
                        default=os.path.join(here, "..", "build/tests/compiler/erb_parse_check"))
    parser.add_argument("--fail-under", type=float, default=0.0)
    args = parser.parse_args()

    files = sorted(os.path.join(d, f) for d, _, names in os.walk(args.tree)
                   for f in names if f.endswith(".erb"))
    if not files:
        sys.exit(f"no .erb files under {args.tree}: run scripts/parser-corpus-fetch.sh first")

    native = {}
    for start in range(0, len(files), 200):
        out = subprocess.run([args.checker] + files[start:start + 200], check=True,
                             capture_output=True, text=True, timeout=600).stdout
        for line in out.splitlines():
            verdict, rest = line.split(" ", 1)
            if verdict == "ok":
                native[rest] = None
            else:
                path, line_no, construct = rest.rsplit(":", 2)[0], *rest.rsplit(":", 2)[1:]
                native[path] = (line_no, construct.strip())

    ruby_ok = {}
    try:
        out = subprocess.run(["ruby", "-e", RUBY_CHECK] + files, check=True, capture_output=True,
                             text=True, timeout=600).stdout
        for line in out.splitlines():
            verdict, path = line.split(" ", 1)
            ruby_ok[path] = verdict == "ok"
    except (OSError, subprocess.CalledProcessError):
        print("(ruby not available: every template counted as valid Ruby)", file=sys.stderr)

    valid = [f for f in files if ruby_ok.get(f, True)]
    taken = [f for f in valid if native.get(f) is None]
    refused = [f for f in valid if native.get(f) is not None]
    percent = 100.0 * len(taken) / len(valid)
    print(f"{len(files)} templates, {len(valid)} valid Ruby ERB; the native engine parses "
          f"{len(taken)} ({percent:.1f}%)\n")
    by_construct = collections.Counter(native[f][1] for f in refused)
    print("| construct the engine lacks | templates |\n|---|---:|")
    for construct, count in by_construct.most_common():
        print(f"| {construct} | {count} |")
    print("\n| template | line | construct |\n|---|---:|---|")
    for f in refused:
        shown = os.path.relpath(f, args.tree)
        print(f"| {shown} | {native[f][0]} | {native[f][1]} |")
    if percent < args.fail_under:
        sys.exit(f"{percent:.1f}% is under {args.fail_under}%")


if __name__ == "__main__":
    main()
