#!/usr/bin/env python3
"""Apply benchmark of module types: ~1,000 resources of stdlib's file_line and anchor,
inifile's ini_setting and the parsed-file family (host, sshkey, mount, mailalias records in
temp targets), marionette against real Puppet 7 in the same run, on this machine.

usage: bench/apply_module_types.py [--marionette PATH] [--runs N] [--puppet-runs N]

For each tool: a first run (creates everything), then N in-sync runs of the same manifest
(nothing changes; `--detailed-exitcodes` must say 0). Prints the medians of the whole process
(wall clock) and Puppet's own "Applied catalog in X seconds". Needs real Puppet, Debian's stdlib
and inifile, and the mount/sshkeys/mailalias *_core modules (scripts/parser-corpus-fetch.sh
unpacks them; Debian's puppet ships none of those types).
"""
import argparse, glob, os, re, shutil, statistics, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
FACTS = os.path.join(REPO, "examples", "facts.yaml")
CORPUS = os.path.join(os.environ.get("PARSER_CORPUS", os.path.expanduser("~/.cache/marionette/parser-corpus")), "tree")

COUNTS = {"file_line": 250, "ini_setting": 250, "host": 150, "sshkey": 150, "mount": 100,
          "mailalias": 50, "anchor": 50}


def manifest(root):
    """Written out resource by resource, so the benchmark measures apply, not iteration."""
    lines = []
    for n in range(COUNTS["file_line"]):
        lines.append(f"file_line {{ 'line {n}': path => '{root}/lines{n % 5}.conf', line => 'key{n} = {n}' }}")
    for n in range(COUNTS["ini_setting"]):
        lines.append(f"ini_setting {{ 'ini {n}': path => '{root}/settings{n % 5}.ini', section => 's{n % 10}', "
                     f"setting => 'k{n}', value => 'v{n}' }}")
    for n in range(COUNTS["host"]):
        lines.append(f"host {{ 'h{n}.example.com': ip => '10.1.{n // 250}.{n % 250 + 1}', host_aliases => ['h{n}'], "
                     f"target => '{root}/hosts' }}")
    for n in range(COUNTS["sshkey"]):
        lines.append(f"sshkey {{ 'k{n}.example.com': type => 'ssh-ed25519', key => 'AAAAC3Nza{n}', "
                     f"target => '{root}/known_hosts' }}")
    for n in range(COUNTS["mount"]):
        lines.append(f"mount {{ '/srv/m{n}': ensure => defined, device => '/dev/vd{n}', fstype => 'ext4', "
                     f"options => 'noatime', target => '{root}/fstab' }}")
    for n in range(COUNTS["mailalias"]):
        lines.append(f"mailalias {{ 'alias{n}': recipient => ['root', 'ops{n}@example.com'], target => '{root}/aliases' }}")
    for n in range(COUNTS["anchor"]):
        lines.append(f"anchor {{ 'anchor {n}': }}")
    return "\n".join(lines) + "\n"


def modulepath(scratch):
    """Debian's modules, then the *_core modules of the parser corpus."""
    vendored = os.path.join(scratch, "vendored")
    os.makedirs(vendored)
    for name in ("mount", "sshkeys", "mailalias", "host"):
        found = glob.glob(f"{CORPUS}/puppet-module-puppetlabs-{name}-core/usr/share/puppet/modules.available/*")
        if not found:
            sys.exit(f"apply_module_types: {name}_core is not unpacked (scripts/parser-corpus-fetch.sh)")
        os.symlink(found[0], os.path.join(vendored, f"{name}_core"))
    return "/usr/share/puppet/modules:" + vendored


def timed(argv):
    start = time.perf_counter()
    run = subprocess.run(argv, capture_output=True, text=True)
    return time.perf_counter() - start, run


def puppet_apply_time(run):
    m = re.search(r"Applied catalog in ([0-9.]+) seconds", run.stdout + run.stderr)
    return float(m.group(1)) if m else None


def bench(tool, argv_for, runs, scratch):
    root = os.path.join(scratch, tool, "managed")
    os.makedirs(root)
    for n in range(5):  # file_line edits a file that exists
        open(os.path.join(root, f"lines{n}.conf"), "w").close()
    site = os.path.join(scratch, tool, "site.pp")
    with open(site, "w") as f:
        f.write(manifest(root))
    argv = argv_for(site, os.path.join(scratch, tool)) + ["--detailed-exitcodes"]
    first, run = timed(argv)
    if run.returncode != 2:
        raise RuntimeError(f"{tool} first apply exited {run.returncode}: {(run.stdout + run.stderr)[-1500:]}")
    walls, inner = [], []
    for _ in range(runs):
        t, run = timed(argv)
        if run.returncode != 0:
            raise RuntimeError(f"{tool} in-sync apply exited {run.returncode}: {(run.stdout + run.stderr)[-1500:]}")
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
        sys.exit("apply_module_types: real Puppet is not installed (apt-get install puppet)")
    with tempfile.TemporaryDirectory(prefix="marionette-bench-modtypes-") as scratch:
        path = modulepath(scratch)
        ours = bench("marionette", lambda site, d: [args.marionette, "apply", site, "--facts", FACTS,
                                                     "--modulepath", path, "--statedir", d + "/state"],
                     args.runs, scratch)
        theirs = bench("puppet", lambda site, d: ["puppet", "apply", site, "--modulepath", path,
                                                   "--confdir", d + "/conf", "--vardir", d + "/var",
                                                   "--codedir", d + "/code", "--color=false"],
                       args.puppet_runs, scratch)
    version = subprocess.run(["puppet", "--version"], capture_output=True, text=True).stdout.strip()
    total = sum(COUNTS.values())
    kinds = ", ".join(f"{n} {t}" for t, n in COUNTS.items())
    print(f"# apply of {total} module-type resources ({kinds}): marionette vs Puppet {version} on "
          f"{os.cpu_count()} cores; medians of {args.runs} (marionette) and {args.puppet_runs} (Puppet) "
          f"in-sync runs\n")
    print("| run | marionette (whole process) | Puppet (whole process) | ratio | Puppet's own apply time | ratio (Puppet's apply / our whole process) |")
    print("|---|---:|---:|---:|---:|---:|")
    print(f"| first run (creates everything) | {ours[0] * 1000:.1f} ms | {theirs[0] * 1000:.0f} ms | "
          f"{theirs[0] / ours[0]:.0f}× | | |")
    inner = f"{theirs[2] * 1000:.0f} ms | {theirs[2] / ours[1]:.0f}×" if theirs[2] else "n/a | n/a"
    print(f"| in-sync run (median) | {ours[1] * 1000:.1f} ms | {theirs[1] * 1000:.0f} ms | "
          f"{theirs[1] / ours[1]:.0f}× | {inner} |")


if __name__ == "__main__":
    main()
