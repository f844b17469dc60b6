#!/usr/bin/env python3
"""What custom facts (modules' lib/facter, resolved in marionette-ruby.so) cost, against Facter.

usage: bench/custom_facts_vs_facter.py --modulepath DIRS [--marionette PATH] [--before PATH]
                                       [--runs N] [--facter-runs N]

Times whole processes (median CPU time, user + system, of the child, and median wall time):
`marionette facts` without custom facts, with a modulepath that has no lib/facter files (Ruby
must not be loaded: the same cost), and with DIRS (every module's lib/facter/*.rb); then
`facter` alone and `facter --custom-dir` over the same fact files, and `puppet facts show
--modulepath DIRS`. With --before, an earlier marionette build is timed for the first row too.
A fact that runs a slow command (apt's apt_updates runs `apt-get -s upgrade`) costs the same
for both tools: leave such modules out of DIRS to see the layer's own cost.
Needs: facter and puppet (apt-get install puppet) for their rows; they are skipped without.
"""
import argparse, glob, os, shutil, statistics, subprocess, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)


def measure(argv, runs):
    cpus, walls = [], []
    env = dict(os.environ, MARIONETTE_FACTS_D="")
    for _ in range(runs):
        start = time.monotonic()
        child = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        _, _, usage = os.wait4(child.pid, 0)
        walls.append((time.monotonic() - start) * 1000)
        cpus.append((usage.ru_utime + usage.ru_stime) * 1000)
    return statistics.median(cpus), statistics.median(walls)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--modulepath", required=True)
    parser.add_argument("--marionette", default=os.path.join(REPO, "build/core/cli/marionette"))
    parser.add_argument("--before")
    parser.add_argument("--runs", type=int, default=9)
    parser.add_argument("--facter-runs", type=int, default=3)
    args = parser.parse_args()
    fact_dirs = sorted({os.path.dirname(f) for root in args.modulepath.split(":")
                        for f in glob.glob(os.path.join(root, "*/lib/facter/*.rb"))})
    files = sum(len(glob.glob(os.path.join(d, "*.rb"))) for d in fact_dirs)
    empty = tempfile.mkdtemp(prefix="custom-facts-bench-")
    os.makedirs(os.path.join(empty, "plain/manifests"))
    rows = []
    if args.before:
        rows.append(("marionette facts (before)", [args.before, "facts"], args.runs))
    rows += [
        ("marionette facts", [args.marionette, "facts"], args.runs),
        ("marionette facts --modulepath (no lib/facter)",
         [args.marionette, "facts", "--modulepath", empty], args.runs),
        (f"marionette facts --modulepath DIRS ({files} fact files)",
         [args.marionette, "facts", "--modulepath", args.modulepath], args.runs),
    ]
    if shutil.which("facter"):
        custom = [word for d in fact_dirs for word in ("--custom-dir", d)]
        rows += [("facter", ["facter"], args.facter_runs),
                 ("facter --custom-dir (same files)", ["facter"] + custom, args.facter_runs)]
    if shutil.which("puppet"):
        rows.append(("puppet facts show --modulepath DIRS",
                     ["puppet", "facts", "show", "--modulepath", args.modulepath], args.facter_runs))
    print("| command | CPU ms (median) | wall ms (median) | runs |\n|---|---|---|---|")
    for label, argv, runs in rows:
        cpu, wall = measure(argv, runs)
        print(f"| {label} | {cpu:.1f} | {wall:.0f} | {runs} |", flush=True)
    shutil.rmtree(empty, ignore_errors=True)


if __name__ == "__main__":
    main()
