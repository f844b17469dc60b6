#!/usr/bin/env python3
"""marionette server against a warmed Debian puppetserver 7.9.5 on Puppet's own perf-test
workload (puppetlabs-puppetserver_perf_control, roles role::by_size::small/medium/large), side by
side in one run.

usage: bench/perf_control_bench.py [--codedir DIR] [--marionette PATH] [--load-tool PATH]
                                   [--concurrency 1,2,4,8] [--duration S] [--nodes N]
                                   [--window N] [--settle PCT] [--warmup-limit S]
                                   [--start-timeout S] [--jrubies J] [--heap SIZE]
                                   [--only marionette|puppetserver] [--storing both|on|off]
                                   [--lock FILE] [--json FILE] [--keep]

The environment is scripts/perf-control-layout.sh's (default
~/.cache/marionette/perf-control/code): the control repo and the module versions its Puppetfile
pins, its Hiera data, a site.pp that gives small-* nodes role::by_size::small, medium-* medium
and the others large. The facts: ../shared/facts/debian12.yaml with the OS facts of CentOS 7
(the pinned modules of 2016 refuse Debian 12, and the medium role requires Yumrepo[epel], which
epel only declares on RedHat: the perf tests ran el7 agents) and the five facts the control
repo's own Facter plugins give (fake_domain, function, group, stage, whereami); each node its
own certname, hostname and fqdn.
Plus our own environment, examples/production (the README's example: a class with parameters, a
defined type, an autoloaded module, relationships; 9 resources), served as the environment
`example` from the same codedir (a scratch codedir whose `production` is the perf-control one):
the role `example` in the tables, example-* nodes asking for environment=example.

Each server is started by this script, alone (one after the other), on 127.0.0.1 at a free port,
and stopped at the end:
  - time to first catalog: from the spawn to small-0001's first catalog (start-up, the node's
    certificate from the server's CA, the first compile);
  - puppetserver only: warmed until its compile time stops falling: rounds of two clients, each
    asking for one catalog of each role; after every WINDOW rounds, the median compile time of
    each role over the last WINDOW rounds is compared with the previous window's; warm when no
    role's median fell by more than SETTLE % (the curve is printed and kept in the JSON);
    marionette gets the same number of rounds, so both are measured as warm as each other;
  - for each concurrency C, marionette-load (agent runs: node, catalog with facts, report) for S
    seconds against each role in turn (N nodes each): catalogs/s of each role and of the three
    together, p50/p99 of the catalog requests, CPU seconds of the server's processes per catalog;
  - peak RSS (VmHWM) of the server's process tree: the JVM, marionette server and its Ruby
    workers, each process's own peak summed (a page the server and its workers share counted
    in each); and, sampled every second from smaps_rollup, the peak of the tree's summed Pss
    (a shared page divided among its sharers: the tree's own memory), with its breakdown.
The first catalog of each role from both servers is compared with ../shared/tools/catalog-diff.
The load average is read before and after each level (the machine is shared).

The machine's bench lock (--lock, default /tmp/bench.lock, flock(2) as flock(1) takes it): the
timed phases run under it, puppetserver's start-up and warm-up (up to an hour) do not. In order:
puppetserver's start, first catalog and warm-up, unlocked; then, under the lock, its levels; then
marionette's whole measure (start, first catalog, its warm-up rounds, levels) under the lock.
Before taking the lock the script waits for the marionette binary and marionette-load to exist
(poll every 10 s), so the warm-up can start while they are still being built.

Storing: marionette server stores every compile's facts and catalog in its own PuppetDB store
(its default); this bench's puppetserver has no PuppetDB and no storeconfigs, so it stores
nothing. With --storing both (the default) marionette is measured twice, each its own column
and ratio: `marionette` (storing, as it runs by default) and `marionette-nostore`
(--no-storeconfigs: storeconfigs = false, nothing stored, like-for-like with this puppetserver).
Neither row is to be quoted without the other.

puppetserver is tuned as bench/puppetserver_instance.py says (2 JRubies, 1 GiB heap,
environment_timeout unlimited); marionette server gets --workers 2, the same
environment_timeout and puppet_compat 7 (Puppet 7's strict=warning, as puppetserver 7.9.5 has;
set by server_vs_puppetserver.MarionetteServer).
Both get the same empty basemodulepath and no global Hiera layer.
"""
import argparse, contextlib, fcntl, json, os, shutil, statistics, subprocess, sys, threading
import time

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
sys.path.insert(0, HERE)
from puppetserver_instance import PuppetserverInstance  # noqa: E402
from bench_support import (TreeMemorySampler, cpu_seconds, process_tree,  # noqa: E402
                           scratch_root)
from server_vs_puppetserver import (MarionetteServer, Node, load_tool,  # noqa: E402
                                    tree_peak_rss_kib)

# ../shared from the main checkout, ../../shared from a worktree under /work/wt.
SHARED = next((d for d in (os.path.normpath(os.path.join(REPO, up, "shared"))
                           for up in ("..", os.path.join("..", "..")))
               if os.path.isdir(d)), os.path.normpath(os.path.join(REPO, "..", "shared")))
ROLES = ("small", "medium", "large", "example")
# Each role's environment: the perf-control roles are production's, `example` is ours.
ENVIRONMENT = {"small": "production", "medium": "production", "large": "production",
               "example": "example"}
CONTROL_REPO_FACTS = {"fake_domain": "pgtomcat.mycompany.org", "function": "app",
                      "group": "pgtomcat", "stage": "prod", "whereami": "portland"}


def write_facts(path):
    """debian12.yaml with CentOS 7's OS facts and the control repo's own facts."""
    with open(os.path.join(SHARED, "facts", "debian12.yaml")) as f:
        facts = yaml.safe_load(f)
    facts.update(CONTROL_REPO_FACTS)
    facts["os"] = {"architecture": "x86_64", "family": "RedHat", "hardware": "x86_64",
                   "name": "CentOS", "release": {"full": "7.9.2009", "major": "7", "minor": "9"},
                   "selinux": {"enabled": False}}
    facts.update({"architecture": "x86_64", "osfamily": "RedHat", "operatingsystem": "CentOS",
                  "operatingsystemrelease": "7.9.2009", "operatingsystemmajrelease": "7"})
    facts.pop("lsbdistcodename", None)
    with open(path, "w") as f:
        yaml.safe_dump(facts, f)
    return facts


def load_average():
    with open("/proc/loadavg") as f:
        return [float(x) for x in f.read().split()[:3]]


def make_codedir(root, perf_codedir):
    """root/code/environments: production (the perf-control one, a symlink) and example
    (examples/production laid out as an environment: manifests/site.pp and modules/)."""
    environments = os.path.join(root, "code", "environments")
    os.makedirs(environments)
    os.symlink(os.path.join(os.path.abspath(perf_codedir), "environments", "production"),
               os.path.join(environments, "production"))
    example = os.path.join(environments, "example")
    source = os.path.join(REPO, "examples", "production")
    os.makedirs(os.path.join(example, "manifests"))
    shutil.copy(os.path.join(source, "site.pp"), os.path.join(example, "manifests", "site.pp"))
    shutil.copytree(os.path.join(source, "modules"), os.path.join(example, "modules"))
    return os.path.join(root, "code")


@contextlib.contextmanager
def bench_lock(path):
    """The machine's one-timed-bench-at-a-time lock (flock(2) on PATH, as flock(1) takes it)."""
    if not path:
        yield
        return
    with open(path, "a") as f:
        started = time.monotonic()
        print(f"   waiting for the bench lock {path}", flush=True)
        fcntl.flock(f, fcntl.LOCK_EX)
        print(f"   bench lock taken after {time.monotonic() - started:.0f}s (load "
              f"{load_average()[0]:.2f})", flush=True)
        try:
            yield
        finally:
            fcntl.flock(f, fcntl.LOCK_UN)


def wait_for_tools(args):
    """The marionette binary and marionette-load may still be building during the warm-up."""
    missing = [p for p in (args.marionette, args.load_tool_path) if not os.access(p, os.X_OK)]
    if missing:
        print(f"   waiting for {', '.join(missing)}", flush=True)
    while missing:
        time.sleep(10)
        missing = [p for p in missing if not os.access(p, os.X_OK)]


def tree_cpu_seconds(pid):
    """utime + stime of the process and its descendants (and their waited-for children)."""
    total = 0.0
    for current in process_tree(pid):
        try:
            total += cpu_seconds(current)
        except OSError:
            pass
    return total


class PerfPuppetserver(PuppetserverInstance):
    """The bench's puppetserver: an empty basemodulepath and global Hiera layer."""

    def __init__(self, codedir, empty, **kwargs):
        super().__init__(codedir, **kwargs)
        self.empty = empty

    def write_configuration(self):
        super().write_configuration()
        with open(os.path.join(self.confdir, "puppet.conf"), "a") as f:
            f.write(f"basemodulepath = {self.empty}\n")
        with open(os.path.join(self.confdir, "hiera.yaml"), "w") as f:
            f.write("---\nversion: 5\nhierarchy: []\n")


class PerfMarionette(MarionetteServer):
    def __init__(self, binary, codedir, root, empty, store=True):
        super().__init__(binary, codedir, root, 2, "unlimited")
        self.command += ["--basemodulepath", empty]
        if not store:
            # storeconfigs = false: no compile stored in its PuppetDB store, as the
            # puppetserver of this bench (no PuppetDB, no storeconfigs) stores none
            self.command += ["--no-storeconfigs"]


def timed_catalog(node, name, port):
    start = time.monotonic()
    status, body = node.catalog(name, port)
    elapsed = time.monotonic() - start
    if status != 200:
        raise RuntimeError(f"{name}: {node.name}: HTTP {status}: {body[:400]!r}")
    return elapsed


def warm(name, port, nodes, args, rounds=None):
    """Rounds of two clients, each asking one catalog per role; until the medians settle
    (or `rounds` rounds). Returns the curve: per window, each role's median seconds."""
    times = {role: [] for role in ROLES}
    curve, lock = [], threading.Lock()
    started = time.monotonic()
    deadline = started + args.warmup_limit
    done_rounds = 0
    while True:
        def client(offset):
            for role in ROLES:
                node = nodes[role][offset]
                elapsed = timed_catalog(node, name, port)
                with lock:
                    times[role].append(elapsed)
        threads = [threading.Thread(target=client, args=(i,)) for i in (0, 1)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        done_rounds += 1
        if rounds is not None:
            if done_rounds >= rounds:
                break
            continue
        if done_rounds % args.window:
            continue
        # Two compiles a round per role: a window is 2*WINDOW compiles.
        k = 2 * args.window
        window = {role: statistics.median(times[role][-k:]) for role in ROLES}
        curve.append({"rounds": done_rounds, "seconds": time.monotonic() - started,
                      "load": load_average(),
                      **{role: window[role] for role in ROLES}})
        print(f"   warm-up after {done_rounds:3d} rounds, {curve[-1]['seconds']:5.0f}s: " +
              ", ".join(f"{role} {window[role] * 1000:8.1f} ms" for role in ROLES), flush=True)
        if len(curve) >= 3:
            before = curve[-2]
            falling = [role for role in ROLES
                       if window[role] < before[role] * (1 - args.settle / 100)]
            if not falling:
                break
        if time.monotonic() > deadline:
            print("   warm-up: time limit reached before the medians settled", flush=True)
            break
    return curve, done_rounds


def measure(name, server, nodes, args, root, facts_file, warm_rounds=None, locked=False):
    """locked: the caller holds the bench lock; else it is taken for the levels only."""
    print(f"== {name}", flush=True)
    cadir = os.path.join(root, name + "-clients")
    os.makedirs(cadir)
    result = {"server": name, "load_before": load_average()}
    spawned = time.monotonic()
    sampler = None
    try:
        server.start()
        sampler = TreeMemorySampler(server.pid)
        first = nodes["small"][0]
        first.certify(name, server.port, cadir)
        status, body = first.catalog(name, server.port)
        if status != 200:
            raise RuntimeError(f"{name}: first catalog: HTTP {status}: {body[:400]!r}")
        result["first_catalog_seconds"] = time.monotonic() - spawned
        print(f"   first catalog after {result['first_catalog_seconds']:.2f}s", flush=True)
        for role in ROLES:
            for node in nodes[role]:
                if node is not first:
                    node.certify(name, server.port, cadir)
            status, body = nodes[role][0].catalog(name, server.port)
            if status != 200:
                raise RuntimeError(f"{name}: {role}: HTTP {status}: {body[:400]!r}")
            with open(os.path.join(root, f"{name}-{role}.json"), "wb") as f:
                f.write(body)
            result.setdefault("resources", {})[role] = len(json.loads(body)["resources"])
        cpu_before = tree_cpu_seconds(server.pid)
        curve, rounds = warm(name, server.port, nodes, args, warm_rounds)
        result["warmup"] = {"curve": curve, "rounds": rounds,
                            "cpu_seconds": tree_cpu_seconds(server.pid) - cpu_before}
        wait_for_tools(args)
        with contextlib.ExitStack() as held:
            if not locked:
                held.enter_context(bench_lock(args.lock))
            result["levels"] = levels(name, server, args, root, facts_file)
        result["peak_rss_mib"] = tree_peak_rss_kib(server.pid) / 1024
        sampler.stop()
        result["peak_sampled_rss_mib"] = sampler.peak_rss_kib / 1024
        result["peak_pss_mib"] = sampler.peak_pss_kib / 1024
        result["at_pss_peak"] = [{"pid": p, "name": n, "rss_mib": r / 1024, "pss_mib": q / 1024}
                                 for p, n, r, q in sampler.at_peak]
        print(f"   peak RSS (VmHWM summed) {result['peak_rss_mib']:.0f} MiB; sampled each second: "
              f"peak summed Rss {result['peak_sampled_rss_mib']:.0f} MiB, peak summed Pss "
              f"{result['peak_pss_mib']:.0f} MiB = " +
              " + ".join(f"{e['name']} {e['pss_mib']:.0f}" for e in result["at_pss_peak"]),
              flush=True)
        result["load_after"] = load_average()
        return result
    finally:
        if sampler:
            sampler.stopping.set()
        server.stop()


def levels(name, server, args, root, facts_file):
    """For each concurrency, marionette-load against each role in turn."""
    done = []
    for concurrency in args.concurrency:
        level = {"concurrency": concurrency, "load_before": load_average(), "roles": {}}
        total_catalogs = total_seconds = total_cpu = 0.0
        for role in ROLES:
            cpu = tree_cpu_seconds(server.pid)
            figures = load_tool(args.load_tool_path, facts_file,
                                os.path.join(root, f"{name}-load-ssl"), server.port,
                                args.nodes, concurrency, args.duration, role,
                                ENVIRONMENT[role])
            figures["cpu_seconds"] = tree_cpu_seconds(server.pid) - cpu
            figures["cpu_per_catalog_ms"] = (1000 * figures["cpu_seconds"] / figures["catalogs"]
                                             if figures["catalogs"] else None)
            level["roles"][role] = figures
            total_catalogs += figures["catalogs"]
            total_seconds += figures["seconds"]
            total_cpu += figures["cpu_seconds"]
            print(f"   C={concurrency} {role:6}: {figures['catalogs_per_second']:8.2f} "
                  f"catalogs/s, p50 {figures['p50_ms'] or 0:8.1f} ms, "
                  f"p99 {figures['p99_ms'] or 0:8.1f} ms, "
                  f"CPU {figures['cpu_per_catalog_ms'] or 0:7.1f} ms/catalog, "
                  f"{figures['errors']} errors", flush=True)
        level["catalogs_per_second"] = total_catalogs / total_seconds if total_seconds else 0
        level["cpu_per_catalog_ms"] = (1000 * total_cpu / total_catalogs
                                       if total_catalogs else None)
        level["load_after"] = load_average()
        done.append(level)
    return done


def compare(root):
    """catalog-diff of each role's first catalog: puppetserver's against each marionette
    side's (keyed "ROLE" for the storing side, "ROLE (nostore)" for the other)."""
    diff = os.path.join(SHARED, "tools", "catalog-diff")
    out = {}
    for side, suffix in (("marionette", ""), ("marionette-nostore", " (nostore)")):
        for role in ROLES:
            theirs = os.path.join(root, f"puppetserver-{role}.json")
            ours = os.path.join(root, f"{side}-{role}.json")
            if not (os.path.exists(theirs) and os.path.exists(ours)):
                continue
            done = subprocess.run([sys.executable, diff, theirs, ours], capture_output=True,
                                  text=True)
            out[role + suffix] = {"identical": done.returncode == 0,
                                  "diff": (done.stdout + done.stderr).strip()}
    return out


def print_tables(results, comparison):
    """One column per server; a ratio column per marionette side against puppetserver:
    `marionette` stores every compile in its PuppetDB store (its default), `marionette-nostore`
    runs with storeconfigs = false (--no-storeconfigs), like puppetserver without PuppetDB."""
    by = {r["server"]: r for r in results}
    names = list(by)
    p = by.get("puppetserver")
    ours = [n for n in names if n.startswith("marionette")] if p else []

    def row(label, values, ratios=(), fmt="{:.2f}"):
        line = f"| {label:34}|" + "".join(
            f" {fmt.format(v) if v is not None else '-':>18} |" for v in values)
        for ratio in ratios:
            line += f" {ratio:>9.1f}x |" if ratio else f" {'':>10} |"
        print(line)

    def ratios(ours_over_theirs, pick):
        out = []
        for n in ours:
            mine, theirs = pick(by[n]), pick(p)
            if not mine or not theirs:
                out.append(None)
            else:
                out.append(mine / theirs if ours_over_theirs else theirs / mine)
        return out

    print()
    print(f"| {'':34}|" + "".join(f" {n:>18} |" for n in names) +
          "".join(f" {'ratio ' + n[len('marionette'):].lstrip('-') or 'ratio':>10} |"
                  for n in ours))
    print("|" + "-" * 35 + "|" + "".join("-" * 20 + "|" for _ in names) +
          "".join("-" * 12 + "|" for _ in ours))
    row("time to first catalog (s)", [r["first_catalog_seconds"] for r in results],
        ratios(False, lambda r: r["first_catalog_seconds"]))
    row("peak RSS (MiB, VmHWM summed)", [r["peak_rss_mib"] for r in results],
        ratios(False, lambda r: r["peak_rss_mib"]), "{:.0f}")
    row("peak Pss (MiB, sampled 1/s)", [r["peak_pss_mib"] for r in results],
        ratios(False, lambda r: r["peak_pss_mib"]), "{:.0f}")
    for i, level in enumerate(results[0]["levels"]):
        c = level["concurrency"]
        values = [r["levels"][i] for r in results]
        row(f"C={c} catalogs/s (all roles)", [v["catalogs_per_second"] for v in values],
            ratios(True, lambda r: r["levels"][i]["catalogs_per_second"]))
        for role in ROLES:
            figures = [v["roles"][role] for v in values]
            row(f"C={c} {role} catalogs/s", [f["catalogs_per_second"] for f in figures],
                ratios(True, lambda r: r["levels"][i]["roles"][role]["catalogs_per_second"]))
            row(f"C={c} {role} p50 / p99 (ms)",
                [f"{f['p50_ms'] or 0:.1f} / {f['p99_ms'] or 0:.1f}" for f in figures], (), "{}")
        row(f"C={c} CPU per catalog (ms)", [v["cpu_per_catalog_ms"] for v in values],
            ratios(False, lambda r: r["levels"][i]["cpu_per_catalog_ms"]), "{:.1f}")
        row(f"C={c} failed runs", [sum(v["roles"][r]["errors"] for r in ROLES) for v in values],
            (), "{:d}")
        row(f"C={c} load average (1 min, before)", [v["load_before"][0] for v in values])
    for r in results:
        w = r.get("warmup", {})
        print(f"\n{r['server']} warm-up ({w.get('rounds')} rounds, two clients, one catalog of "
              f"each role each a round); median compile ms of each window:")
        for point in w.get("curve", []):
            print(f"  after {point['rounds']:3d} rounds, {point.get('seconds', 0):5.0f}s: " +
                  ", ".join(f"{role} {point[role] * 1000:.1f}" for role in ROLES) +
                  f"  (load {point['load'][0]:.2f})")
    for key, c in comparison.items():
        print(f"\n{key}: " + ("identical (catalog-diff)" if c["identical"] else
                             "catalogs differ:\n" + c["diff"]))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--codedir", default=os.path.join(
        os.environ.get("XDG_CACHE_HOME", os.path.expanduser("~/.cache")), "marionette",
        "perf-control", "code"))
    parser.add_argument("--marionette", default=os.path.join(REPO, "build", "core", "cli",
                                                             "marionette"))
    parser.add_argument("--load-tool", dest="load_tool_path", default=os.path.join(
        REPO, "build", "tools", "load", "marionette-load"))
    parser.add_argument("--concurrency", default="1,2,4,8",
                        type=lambda text: [int(c) for c in text.split(",")])
    parser.add_argument("--duration", type=float, default=20,
                        help="seconds of load per role and concurrency")
    parser.add_argument("--nodes", type=int, default=16, help="simulated nodes per role")
    parser.add_argument("--window", type=int, default=5, help="warm-up rounds per window")
    parser.add_argument("--settle", type=float, default=3.0,
                        help="warm when no role's median fell by more than this %%")
    parser.add_argument("--warmup-limit", type=float, default=1200,
                        help="seconds of warm-up at most")
    parser.add_argument("--start-timeout", type=float, default=1800,
                        help="seconds puppetserver may take to start (a loaded machine: 10 min)")
    parser.add_argument("--jrubies", type=int, default=2)
    parser.add_argument("--heap", default="1g")
    parser.add_argument("--only", choices=["marionette", "puppetserver"])
    parser.add_argument("--storing", choices=["both", "on", "off"], default="both",
                        help="marionette measured storing its compiles (its default), with "
                        "storeconfigs = false, or both (each its own row)")
    parser.add_argument("--lock", default="/tmp/bench.lock",
                        help="the bench lock the timed phases take ('' for none)")
    parser.add_argument("--json", help="write the figures there too")
    parser.add_argument("--keep", action="store_true", help="keep the temp dir")
    args = parser.parse_args()
    if not os.path.isdir(os.path.join(args.codedir, "environments", "production", "site")):
        sys.exit(f"no perf-control environment in {args.codedir}: "
                 "run scripts/perf-control-layout.sh")

    with scratch_root("perf-control-bench-", args.keep) as root:
        codedir = make_codedir(root, args.codedir)
        empty = os.path.join(root, "empty-modules")
        os.makedirs(empty)
        facts_file = os.path.join(root, "facts.yaml")
        base_facts = write_facts(facts_file)
        keydir = os.path.join(root, "keys")
        os.makedirs(keydir)
        nodes = {role: [Node(f"{role}-{i:04d}.example.com", i, base_facts, keydir,
                             ENVIRONMENT[role]) for i in (1, 2)] for role in ROLES}
        results = []
        if args.only != "marionette":
            results.append(measure("puppetserver", PerfPuppetserver(
                codedir, empty, jrubies=args.jrubies, heap=args.heap,
                start_timeout=args.start_timeout,
                root=os.path.join(root, "puppetserver")), nodes, args, root, facts_file))
        if args.only != "puppetserver":
            rounds = results[0]["warmup"]["rounds"] if results else None
            wait_for_tools(args)
            sides = {"both": [True, False], "on": [True], "off": [False]}[args.storing]
            for store in sides:
                name = "marionette" if store else "marionette-nostore"
                with bench_lock(args.lock):
                    results.append(measure(name, PerfMarionette(
                        args.marionette, codedir, os.path.join(root, name), empty, store),
                        nodes, args, root, facts_file, warm_rounds=rounds or 3 * args.window,
                        locked=True))
        comparison = compare(root)
        if args.json:
            with open(args.json, "w") as f:
                json.dump({"results": results, "catalogs": comparison,
                           "command": sys.argv}, f, indent=2)
        print_tables(results, comparison)
        return 0


if __name__ == "__main__":
    sys.exit(main())
