#!/usr/bin/env python3
"""Compile benchmark at ~1,300 / ~2,600 / ~13,000 resources: marionette against real Puppet 7.

usage: bench/compile_benchmark.py [--marionette PATH] [--sizes 1300,2600,13000] [--runs N]
                                  [--puppet-runs N]

For each size, bench/generate_manifests.py writes an environment; both compile it with the same
facts in this one run: whole-process wall time (median), compile phase time (Puppet's own
"Compiled catalog ... in X seconds"; marionette's process is all compile), peak memory (max RSS,
/usr/bin/time, in runs of their own), and the ratios. Timed processes are started with posix_spawn
and reaped with wait4 (see measured()); marionette's runs are interleaved with Puppet's, a block
before each, so that both are timed across the same minutes. Both catalogs are held against each other with
../shared/tools/catalog-diff --strict; a difference fails the benchmark.
"""
import argparse, os, re, shutil, statistics, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
# ../shared beside the repository; from a git worktree in /work/wt/NAME, the nearest shared/
# beside an ancestor (as scripts/real_modules_suite.py finds it); MARIONETTE_SHARED_DIR first.
SHARED = os.environ.get("MARIONETTE_SHARED_DIR") or next(
    (d for d in (os.path.join(os.path.dirname(a), "shared")
                 for a in (REPO, os.path.dirname(REPO), os.path.dirname(os.path.dirname(REPO))))
     if os.path.isdir(os.path.join(d, "tools"))),
    os.path.normpath(os.path.join(REPO, "..", "shared")))
FACTS = os.path.join(REPO, "examples", "facts.yaml")
NODE = "web01.example.com"
sys.path.insert(0, HERE)
from compare_with_puppet import PuppetDirs  # noqa: E402
import generate_manifests  # noqa: E402


class Finished:
    """What a measured process left: its exit status, what it printed on stderr, and the CPU
    seconds (user + system) it and the children it waited for used, from wait4."""
    def __init__(self, returncode, stderr, cpu=float("nan")):
        self.returncode, self.stderr, self.cpu = returncode, stderr, cpu


def measured(argv, stdout_path, env=None):
    """Wall seconds and the finished process.

    The process is started with posix_spawn and reaped with wait4: the wall time runs from the
    spawn to the reap, with no wrapper (such as /usr/bin/time, itself a process to start) in
    between. Puppet is measured the same way. `env`: the process's environment (default ours).
    """
    binary = argv[0] if os.path.isabs(argv[0]) else shutil.which(argv[0])
    with open(stdout_path, "w") as out, tempfile.TemporaryFile("w+") as err:
        start = time.perf_counter()
        pid = os.posix_spawn(binary, argv, os.environ if env is None else env,
                             file_actions=[(os.POSIX_SPAWN_DUP2, out.fileno(), 1),
                                           (os.POSIX_SPAWN_DUP2, err.fileno(), 2)])
        _, status, usage = os.wait4(pid, 0)
        wall = time.perf_counter() - start
        err.seek(0)
        return wall, Finished(os.waitstatus_to_exitcode(status), err.read(),
                              usage.ru_utime + usage.ru_stime)


def peak_rss(argv):
    """Max RSS in MiB, from /usr/bin/time in a run of its own.

    Not from wait4 above: a process started by vfork (posix_spawn) keeps its parent's high-water
    RSS through exec, so every child of this Python process would read at least Python's size.
    /usr/bin/time is small, so what it reports is the command's own.
    """
    run = subprocess.run(["/usr/bin/time", "-f", "MAXRSS %M"] + argv,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    m = re.search(r"MAXRSS (\d+)", run.stderr)
    return int(m.group(1)) / 1024 if m else float("nan")


def build_type(binary):
    """The CMAKE_BUILD_TYPE of the build tree the binary comes from, or "unknown"."""
    d = os.path.dirname(os.path.abspath(binary))
    while d != os.path.dirname(d):
        cache = os.path.join(d, "CMakeCache.txt")
        if os.path.exists(cache):
            m = re.search(r"^CMAKE_BUILD_TYPE:STRING=(.*)$", open(cache).read(), re.M)
            return m.group(1) if m else "unknown"
        d = os.path.dirname(d)
    return "unknown (not in a build tree, e.g. the .deb's)"


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--marionette", default=os.path.join(REPO, "build", "core", "cli", "marionette"))
    p.add_argument("--sizes", default="1300,2600,13000")
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--puppet-runs", type=int, default=3)
    a = p.parse_args()
    if a.puppet_runs < 1 or a.runs < a.puppet_runs:
        p.error("--puppet-runs must be at least 1 and at most --runs: every figure is side by side")
    rows = []
    with tempfile.TemporaryDirectory() as scratch:
        for size in [int(s) for s in a.sizes.split(",")]:
            env = os.path.join(scratch, f"env{size}")
            generate_manifests.generate(env, size)
            ours_json = os.path.join(scratch, f"ours{size}.json")
            walls, cpus = [], []
            ours = [a.marionette, "compile", "--env-dir", env, "--facts", FACTS, "--node", NODE]

            def run_ours(count):
                for _ in range(count):
                    w, run = measured(ours, ours_json)
                    if run.returncode != 0:
                        sys.exit(f"marionette failed at {size}: {run.stderr[-500:]}")
                    walls.append(w)
                    cpus.append(run.cpu)

            dirs = PuppetDirs(os.path.join(scratch, f"puppet{size}"), env)
            theirs_json = os.path.join(scratch, f"puppet{size}.json")
            pwalls, pcpus, pcompile = [], [], []
            theirs = ["puppet", "catalog", "find", NODE, "--terminus", "compiler",
                      "--facts_terminus", "yaml", "--render-as", "json",
                      "--log_level", "notice"] + dirs.settings()
            # Interleaved: a block of our runs before each of Puppet's, so that both are timed
            # across the same minutes (this VM's speed drifts by tens of percent between them).
            blocks = a.puppet_runs
            for block in range(blocks):
                run_ours(a.runs // blocks + (1 if block < a.runs % blocks else 0))
                w, run = measured(theirs, theirs_json)
                if run.returncode != 0:
                    sys.exit(f"puppet failed at {size}: {run.stderr[-500:]}")
                pwalls.append(w)
                pcpus.append(run.cpu)
                printed = open(theirs_json).read()
                c = re.search(r"Compiled catalog for \S+ in environment \S+ in ([0-9.]+) seconds",
                              run.stderr + printed[:printed.find("{")])
                if c:
                    pcompile.append(float(c.group(1)))
            rss = [peak_rss(ours) for _ in range(3)]
            prss = [peak_rss(theirs)]
            # puppet catalog find prints the catalog on stdout (JSON); keep only the JSON.
            text = open(theirs_json).read()
            open(theirs_json, "w").write(text[text.index("{"):])
            diff = subprocess.run([os.path.join(SHARED, "tools", "catalog-diff"), theirs_json,
                                   ours_json, "--strict"], capture_output=True, text=True)
            verdict = diff.stdout.strip().splitlines()[-1] if diff.stdout.strip() else diff.stderr
            if diff.returncode != 0:
                sys.exit(f"catalogs differ at {size}: {diff.stdout[-2000:]}")
            import json
            count = len(json.load(open(ours_json))["resources"])
            ow, pw = statistics.median(walls), statistics.median(pwalls)
            pc = statistics.median(pcompile) if pcompile else float("nan")
            oc, pcpu = statistics.median(cpus), statistics.median(pcpus)
            rows.append((size, count, ow, pw, pc, max(rss), max(prss), oc, pcpu, verdict))
    print(f"marionette: {a.marionette} (build type: {build_type(a.marionette)})")
    print("| target | resources | marionette wall | Puppet wall | ratio (wall) | Puppet compile phase"
          " | ratio (Puppet compile / our wall) | marionette peak RSS | Puppet peak RSS | ratio (memory) |")
    print("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for size, count, ow, pw, pc, om, pm, *_ in rows:
        print(f"| ~{size} | {count} | {ow * 1000:.1f} ms | {pw * 1000:.0f} ms | {pw / ow:.0f}× "
              f"| {pc * 1000:.0f} ms | {pc / ow:.0f}× | {om:.1f} MiB | {pm:.0f} MiB | {pm / om:.1f}× |")
    # Whole-process CPU (user + system, wait4): on a loaded machine the wall time of a short
    # process is mostly waiting for a CPU, the CPU time is what it cost.
    print("\n| target | marionette CPU | Puppet CPU | ratio (CPU) |")
    print("|---:|---:|---:|---:|")
    for size, count, ow, pw, pc, om, pm, oc, pcpu, _ in rows:
        print(f"| ~{size} | {oc * 1000:.1f} ms | {pcpu * 1000:.0f} ms | {pcpu / oc:.0f}× |")
    for size, count, *_, verdict in rows:
        print(f"catalog-diff --strict at ~{size}: {verdict}")


if __name__ == "__main__":
    main()
