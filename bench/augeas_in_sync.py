#!/usr/bin/env python3
"""Augeas benchmark: ~1,000 augeas resources (augeas_core's type, libaugeas underneath) on 100
files of three lenses (Hosts, Shellvars, Sshd), marionette against real Puppet 7 in the same
run, on this machine.

usage: bench/augeas_in_sync.py [--marionette PATH] [--files N] [--runs N] [--puppet-runs N]

For each tool: a first run (makes every change), then N in-sync runs of the same manifest (each
resource opens its file's tree, tries its changes in "newfile" mode and finds nothing to save).
Prints the medians of the whole process (wall clock) and, for Puppet, the apply time it reports
itself ("Applied catalog in X seconds"), which leaves out Ruby's start-up and the compile.
Needs: apt-get install puppet puppet-module-puppetlabs-augeas-core (or the module unpacked by
scripts/parser-corpus-fetch.sh).
"""
import argparse, os, re, shutil, statistics, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
FACTS = os.path.join(REPO, "examples", "facts.yaml")
AUGEAS_CORE = [
    "/usr/share/puppet/modules.available/puppetlabs-augeas-core",
    os.path.expanduser("~/.cache/marionette/parser-corpus/tree/puppet-module-puppetlabs-augeas-core"
                       "/usr/share/puppet/modules.available/puppetlabs-augeas-core"),
]

FILES, PER_FILE = 100, 10


def seed(root):
    """The files as they start: a hosts file, a shell variables file or an sshd_config each."""
    os.makedirs(root)
    for n in range(FILES):
        kind = n % 3
        with open(os.path.join(root, f"f{n}"), "w") as f:
            if kind == 0:
                f.write("127.0.0.1 localhost\n" + "".join(f"10.0.{n}.{i} h{i}\n" for i in range(PER_FILE)))
            elif kind == 1:
                f.write("# defaults\n" + "".join(f"V{i}=old\n" for i in range(PER_FILE)))
            else:
                f.write("# sshd\nPort 22\n" + "".join(f"X{i} no\n" for i in range(PER_FILE)))


def manifest(root):
    lines = []
    for n in range(FILES):
        kind = n % 3
        lens = ("Hosts.lns", "Shellvars.lns", "Sshd.lns")[kind]
        for i in range(PER_FILE):
            change = (f"set {i + 2}/alias a{i}", f"set V{i} new{i}", f"set X{i} yes")[kind]
            lines.append(f"augeas {{ 'f{n} {i}': incl => '{root}/f{n}', lens => '{lens}', "
                         f"changes => '{change}' }}")
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
    seed(root)
    site = os.path.join(scratch, tool, "site.pp")
    with open(site, "w") as f:
        f.write(manifest(root))
    argv = argv_for(site, os.path.join(scratch, tool))
    first, run = timed(argv + ["--detailed-exitcodes"])
    if run.returncode != 2:
        raise RuntimeError(f"{tool} first apply did not change ({run.returncode}): {run.stderr[-800:]}")
    walls, inner = [], []
    for _ in range(runs):
        t, run = timed(argv + ["--detailed-exitcodes"])
        if run.returncode != 0:
            raise RuntimeError(f"{tool} in-sync apply was not in sync ({run.returncode}): "
                               f"{(run.stdout + run.stderr)[-800:]}")
        walls.append(t)
        if (a := puppet_apply_time(run)) is not None:
            inner.append(a)
    files = {name: open(os.path.join(root, name)).read() for name in sorted(os.listdir(root))}
    return first, statistics.median(walls), (statistics.median(inner) if inner else None), files


def main():
    global FILES
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--marionette", default=os.path.join(REPO, "build/core/cli/marionette"))
    ap.add_argument("--files", type=int, default=FILES, help="files, ten resources each")
    ap.add_argument("--runs", type=int, default=11)
    ap.add_argument("--puppet-runs", type=int, default=3)
    args = ap.parse_args()
    FILES = args.files
    if not shutil.which("puppet"):
        sys.exit("augeas_in_sync: real Puppet is not installed (apt-get install puppet)")
    module = next((path for path in AUGEAS_CORE if os.path.isdir(path)), None)
    if module is None:
        sys.exit("augeas_in_sync: augeas_core is not there (apt-get install puppet-module-puppetlabs-augeas-core)")
    with tempfile.TemporaryDirectory(prefix="marionette-bench-augeas-") as scratch:
        modulepath = os.path.join(scratch, "modules")
        os.makedirs(modulepath)
        os.symlink(module, os.path.join(modulepath, "augeas_core"))
        ours = bench("marionette", lambda site, d: [args.marionette, "apply", site, "--facts", FACTS,
                                                     "--statedir", d + "/state"], args.runs, scratch)
        theirs = bench("puppet", lambda site, d: ["puppet", "apply", site, "--confdir", d + "/conf",
                                                   "--vardir", d + "/var", "--codedir", d + "/code",
                                                   "--modulepath", modulepath, "--color=false"],
                       args.puppet_runs, scratch)
        if ours[3] != theirs[3]:
            sys.exit("augeas_in_sync: marionette and Puppet left different files")
    version = subprocess.run(["puppet", "--version"], capture_output=True, text=True).stdout.strip()
    print(f"# {FILES * PER_FILE} augeas resources on {FILES} files (Hosts, Shellvars, Sshd lenses): "
          f"marionette vs Puppet {version} on {os.cpu_count()} cores; medians of {args.runs} "
          f"(marionette) and {args.puppet_runs} (Puppet) in-sync runs; the files left identical\n")
    print("| run | marionette (whole process) | Puppet (whole process) | ratio | Puppet's own apply time | ratio (Puppet's apply / our whole process) |")
    print("|---|---:|---:|---:|---:|---:|")
    print(f"| first run (makes the changes) | {ours[0] * 1000:.1f} ms | {theirs[0] * 1000:.0f} ms | "
          f"{theirs[0] / ours[0]:.0f}× | | |")
    inner = f"{theirs[2] * 1000:.0f} ms | {theirs[2] / ours[1]:.0f}×" if theirs[2] else "n/a | n/a"
    print(f"| in-sync run (median) | {ours[1] * 1000:.1f} ms | {theirs[1] * 1000:.0f} ms | "
          f"{theirs[1] / ours[1]:.0f}× | {inner} |")


if __name__ == "__main__":
    main()
