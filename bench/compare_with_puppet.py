#!/usr/bin/env python3
"""Side-by-side benchmark: marionette against real Puppet 7, in one run, on this machine.

usage: bench/compare_with_puppet.py [--marionette PATH] [--runs N] [--puppet-runs N] [--cases a,b]

Compile: for each case (environments from ../shared/conformance/cases that both compile, plus
examples/production), times `marionette compile` and `puppet catalog find --terminus compiler`
with the same facts, and reads the compile time Puppet reports itself ("Compiled catalog ... in
X seconds"), which leaves out Ruby's start-up. Apply: times `marionette apply` and `puppet apply`
of the same manifest (files and execs in a temp dir), first run and an unchanged second run.
Prints medians and ratios as a Markdown table. Needs: apt-get install puppet.
"""
import argparse, os, re, shutil, statistics, subprocess, sys, tempfile, time

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
SHARED = os.path.normpath(os.path.join(REPO, "..", "shared"))
FACTS = os.path.join(REPO, "examples", "facts.yaml")
NODE = "web01.example.com"
DEFAULT_CASES = ["resources_basic", "classes", "relationships", "conditionals", "defines",
                 "interpolation", "operators", "virtual_collectors"]


def timed(argv, **kw):
    start = time.perf_counter()
    run = subprocess.run(argv, capture_output=True, text=True, **kw)
    return time.perf_counter() - start, run


class PuppetDirs:
    """confdir/vardir/codedir for `puppet catalog find` with the yaml facts terminus."""

    def __init__(self, root, env_dir):
        self.root = root
        os.makedirs(os.path.join(root, "var/client_yaml/facts"))
        os.makedirs(os.path.join(root, "conf"))
        env = os.path.join(root, "code/environments/production")
        shutil.copytree(env_dir, env)
        with open(os.path.join(env, "environment.conf"), "w") as f:
            f.write("manifest = site.pp\n")
        facts = yaml.safe_load(open(FACTS))
        facts["clientcert"] = NODE
        with open(os.path.join(root, "var/client_yaml/facts", NODE + ".yaml"), "w") as f:
            f.write("--- !ruby/object:Puppet::Node::Facts\n" +
                    yaml.safe_dump({"name": NODE, "values": facts}))
        with open(os.path.join(root, "conf/hiera.yaml"), "w") as f:
            f.write("---\nversion: 5\nhierarchy: []\n")

    def settings(self):
        r = self.root
        return ["--confdir", r + "/conf", "--vardir", r + "/var", "--codedir", r + "/code",
                "--environmentpath", r + "/code/environments", "--environment", "production",
                "--hiera_config", r + "/conf/hiera.yaml", "--color=false"]


def bench_compile(marionette, case_dir, runs, puppet_runs, scratch):
    ours = []
    for _ in range(runs):
        t, run = timed([marionette, "compile", "--env-dir", case_dir, "--facts", FACTS, "--node", NODE])
        if run.returncode != 0:
            raise RuntimeError(f"marionette failed on {case_dir}: {run.stderr}")
        ours.append(t)
    dirs = PuppetDirs(scratch, case_dir)
    walls, internal = [], []
    for _ in range(puppet_runs):
        t, run = timed(["puppet", "catalog", "find", NODE, "--terminus", "compiler",
                        "--facts_terminus", "yaml", "--render-as", "json"] + dirs.settings())
        if run.returncode != 0:
            raise RuntimeError(f"puppet failed on {case_dir}: {run.stderr[-500:]}")
        walls.append(t)
        m = re.search(r"Compiled catalog for \S+ in environment \S+ in ([0-9.]+) seconds",
                      run.stdout + run.stderr)
        if m:
            internal.append(float(m.group(1)))
    return statistics.median(ours), statistics.median(walls), (statistics.median(internal) if internal else None)


APPLY_MANIFEST = """
file { '@ROOT@': ensure => directory, mode => '0755' }
$names = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j']
$names.each |$n| {
  file { "@ROOT@/${n}.conf": ensure => file, content => "name=${n}\\n", mode => '0644' }
}
exec { 'seed': command => "/bin/sh -c 'echo x > @ROOT@/seed'", creates => '@ROOT@/seed',
       require => File['@ROOT@'] }
exec { 'reload': command => '/bin/true', refreshonly => true, subscribe => File['@ROOT@/a.conf'] }
"""


def bench_apply(marionette, puppet_runs, scratch):
    results = {}
    for tool in ("marionette", "puppet"):
        root = os.path.join(scratch, tool, "managed")
        os.makedirs(os.path.dirname(root))
        manifest = os.path.join(scratch, tool, "site.pp")
        with open(manifest, "w") as f:
            f.write(APPLY_MANIFEST.replace("@ROOT@", root))
        if tool == "marionette":
            argv = [marionette, "apply", manifest, "--facts", FACTS, "--statedir",
                    os.path.join(scratch, tool, "state")]
        else:
            p = os.path.join(scratch, tool)
            argv = ["puppet", "apply", manifest, "--confdir", p + "/conf", "--vardir", p + "/var",
                    "--codedir", p + "/code", "--color=false"]
        first, run = timed(argv)
        if run.returncode != 0:
            raise RuntimeError(f"{tool} apply failed: {run.stderr[-500:]}")
        again = [timed(argv)[0] for _ in range(puppet_runs)]
        results[tool] = (first, statistics.median(again))
    return results


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--marionette", default=os.path.join(REPO, "build/core/cli/marionette"))
    ap.add_argument("--runs", type=int, default=21)
    ap.add_argument("--puppet-runs", type=int, default=5)
    ap.add_argument("--cases", default=",".join(DEFAULT_CASES))
    args = ap.parse_args()
    if not shutil.which("puppet"):
        sys.exit("compare_with_puppet: real Puppet is not installed (apt-get install puppet)")
    cases = [(c, os.path.join(SHARED, "conformance/cases", c)) for c in args.cases.split(",") if c]
    cases = [(c, d) for c, d in cases if os.path.isdir(d)]
    cases.append(("examples/production", os.path.join(REPO, "examples/production")))
    print(f"# marionette vs Puppet {subprocess.run(['puppet', '--version'], capture_output=True, text=True).stdout.strip()}"
          f" on {os.cpu_count()} cores; medians of {args.runs} (marionette) and {args.puppet_runs} (Puppet) runs\n")
    print("| compile | marionette wall | Puppet wall | ratio (wall) | Puppet's own compile time | ratio (Puppet's compile / our wall) |")
    print("|---|---:|---:|---:|---:|---:|")
    ratios = []
    for name, case_dir in cases:
        with tempfile.TemporaryDirectory(prefix="marionette-bench-") as scratch:
            ours, wall, internal = bench_compile(args.marionette, case_dir, args.runs, args.puppet_runs,
                                                 os.path.join(scratch, "p"))
        ratios.append(wall / ours)
        inner = f"{internal * 1000:.1f} ms | {internal / ours:.0f}×" if internal else "n/a | n/a"
        print(f"| {name} | {ours * 1000:.1f} ms | {wall * 1000:.0f} ms | {wall / ours:.0f}× | {inner} |")
    print(f"\nMedian wall-clock ratio over {len(ratios)} environments: {statistics.median(ratios):.0f}×\n")
    with tempfile.TemporaryDirectory(prefix="marionette-bench-apply-") as scratch:
        res = bench_apply(args.marionette, args.puppet_runs, scratch)
    print("| apply (12 files, 2 execs) | marionette | Puppet | ratio |")
    print("|---|---:|---:|---:|")
    for i, label in enumerate(("first run (creates everything)", "unchanged run (median)")):
        m, p = res["marionette"][i], res["puppet"][i]
        print(f"| {label} | {m * 1000:.1f} ms | {p * 1000:.0f} ms | {p / m:.0f}× |")


if __name__ == "__main__":
    main()
