#!/usr/bin/env python3
"""Parse throughput: `marionette parser validate` vs `puppet parser validate` on the same files,
in the same run (the corpus of scripts/parser-corpus-fetch.sh). Each tool gets every .pp file in
one process per batch; the figure is the median wall time of --runs runs, and the ratio.

    python3 bench/parse_throughput.py --marionette build/core/cli/marionette [--limit N]
"""
import argparse
import os
import statistics
import subprocess
import sys
import time


def corpus(cache, limit):
    files = []
    for root, _dirs, names in os.walk(os.path.join(cache, "tree")):
        files += [os.path.join(root, n) for n in names if n.endswith(".pp")]
    files = sorted(f for f in files if os.path.isfile(f) and not os.path.islink(f))
    return files[:limit] if limit else files


def timed(command, files, batch=150):
    start = time.perf_counter()
    for i in range(0, len(files), batch):
        subprocess.run(command + files[i:i + batch], stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--marionette", default="build/core/cli/marionette")
    p.add_argument("--cache", default=os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache"), "marionette",
        "parser-corpus"))
    p.add_argument("--limit", type=int, default=0, help="only the first N files")
    p.add_argument("--runs", type=int, default=3)
    args = p.parse_args()
    files = corpus(args.cache, args.limit)
    if not files:
        sys.exit("no corpus: run scripts/parser-corpus-fetch.sh first")
    size = sum(os.path.getsize(f) for f in files)
    ours, theirs = [], []
    for _ in range(args.runs):
        ours.append(timed([args.marionette, "parser", "validate"], files))
        theirs.append(timed(["puppet", "parser", "validate"], files))
    m, t = statistics.median(ours), statistics.median(theirs)
    print(f"{len(files)} files, {size / 1e6:.2f} MB, median of {args.runs} runs")
    print(f"marionette parser validate: {m:.3f} s ({size / 1e6 / m:.1f} MB/s)")
    print(f"puppet parser validate:     {t:.3f} s ({size / 1e6 / t:.3f} MB/s)")
    print(f"ratio: {t / m:.0f}x")


if __name__ == "__main__":
    main()
