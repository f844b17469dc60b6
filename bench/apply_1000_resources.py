#!/usr/bin/env python3
"""Apply benchmark: ~1,000 resources (files, execs, notifies) in a temp dir, marionette against
real Puppet 7 in the same run, on this machine.

usage: bench/apply_1000_resources.py [--marionette PATH] [--runs N] [--puppet-runs N]

For each tool: a first run (creates everything), then N in-sync runs of the same manifest (files
and execs already in sync; the notifies, as in Puppet, change on every run). Prints the medians
of the whole process (wall clock) and, for Puppet, the apply time it reports itself ("Applied
catalog in X seconds"), which leaves out Ruby's start-up and the compile. Needs: apt-get install
puppet.
"""
import argparse, os, re, shutil, statistics, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
FACTS = os.path.join(REPO, "examples", "facts.yaml")

FILES, EXECS, NOTIFIES = 800, 150, 50

def manifest(root):
    """Written out resource by resource, so the benchmark measures apply, not iteration."""
    lines = [f"file {{ '{root}': ensure => directory, mode => '0755' }}"]
    for n in range(1, FILES):
        lines.append(f"file {{ '{root}/f{n}.conf': ensure => file, content => \"name={n}\\n\", mode => '0644' }}")
    for n in range(1, EXECS + 1):
        lines.append(f"exec {{ 'seed {n}': command => \"/bin/sh -c 'echo {n} > {root}/seed{n}'\", "
                     f"creates => '{root}/seed{n}', require => File['{root}'] }}")
    for n in range(1, NOTIFIES + 1):
        lines.append(f"notify {{ 'note {n}': }}")
    return "\n".join(lines) + "\n"


def timed(argv):
    start = time.perf_counter()
    run = subprocess.run(argv, capture_output=True, text=True)
    return time.perf_counter() - start, run


def puppet_apply_time(run):
    m = re.search(r"Applied catalog in ([0-9.]+) seconds", run.stdout + run.stderr)
    return float(m.group(1)) if m else None


def bench(tool, argv_for, runs, scratch):
    root = os.path.join(scratch, tool, "managed")
    os.makedirs(os.path.join(scratch, tool))
    site = os.path.join(scratch, tool, "site.pp")
    with open(site, "w") as f:
        f.write(manifest(root))
    argv = argv_for(site, os.path.join(scratch, tool))
    first, run = timed(argv)
    if run.returncode not in (0, 2):
        raise RuntimeError(f"{tool} apply failed ({run.returncode}): {run.stderr[-800:]}")
    made = len([n for n in os.listdir(root) if n.startswith("f")])
    if made != FILES - 1:
        raise RuntimeError(f"{tool} made {made} files, expected {FILES - 1}")
    walls, inner = [], []
    for _ in range(runs):
        t, run = timed(argv)
        if run.returncode not in (0, 2):
            raise RuntimeError(f"{tool} apply failed ({run.returncode}): {run.stderr[-800:]}")
        walls.append(t)
        if (a := puppet_apply_time(run)) is not None:
            inner.append(a)
    return first, statistics.median(walls), (statistics.median(inner) if inner else None)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--marionette", default=os.path.join(REPO, "build/core/cli/marionette"))
    ap.add_argument("--runs", type=int, default=11)
    ap.add_argument("--puppet-runs", type=int, default=3)
    args = ap.parse_args()
    if not shutil.which("puppet"):
        sys.exit("apply_1000_resources: real Puppet is not installed (apt-get install puppet)")
    with tempfile.TemporaryDirectory(prefix="marionette-bench-apply-") as scratch:
        ours = bench("marionette", lambda site, d: [args.marionette, "apply", site, "--facts", FACTS,
                                                     "--statedir", d + "/state"], args.runs, scratch)
        theirs = bench("puppet", lambda site, d: ["puppet", "apply", site, "--confdir", d + "/conf",
                                                   "--vardir", d + "/var", "--codedir", d + "/code",
                                                   "--color=false"], args.puppet_runs, scratch)
    version = subprocess.run(["puppet", "--version"], capture_output=True, text=True).stdout.strip()
    total = FILES + EXECS + NOTIFIES
    print(f"# apply of {total} resources ({FILES} files, {EXECS} execs, {NOTIFIES} notifies): "
          f"marionette vs Puppet {version} on {os.cpu_count()} cores; medians of {args.runs} "
          f"(marionette) and {args.puppet_runs} (Puppet) in-sync runs\n")
    print("| run | marionette (whole process) | Puppet (whole process) | ratio | Puppet's own apply time | ratio (Puppet's apply / our whole process) |")
    print("|---|---:|---:|---:|---:|---:|")
    print(f"| first run (creates everything) | {ours[0] * 1000:.1f} ms | {theirs[0] * 1000:.0f} ms | "
          f"{theirs[0] / ours[0]:.0f}× | | |")
    inner = f"{theirs[2] * 1000:.0f} ms | {theirs[2] / ours[1]:.0f}×" if theirs[2] else "n/a | n/a"
    print(f"| in-sync run (median) | {ours[1] * 1000:.1f} ms | {theirs[1] * 1000:.0f} ms | "
          f"{theirs[1] / ours[1]:.0f}× | {inner} |")


if __name__ == "__main__":
    main()
