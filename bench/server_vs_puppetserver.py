#!/usr/bin/env python3
"""marionette server against Debian's puppetserver 7.9.5: the same environment, the same simulated
nodes, side by side in one run.

usage: bench/server_vs_puppetserver.py [--marionette PATH] [--load-tool PATH|python]
                                       [--baseline PATH] [--rounds R]
                                       [--nodes N] [--concurrency 1,2,4]
                                       [--duration S] [--warmup K] [--workers W]
                                       [--environment-timeout T] [--jrubies J] [--heap SIZE]
                                       [--only marionette|puppetserver] [--json FILE] [--keep]

The environment (codedir/environments/production): every module Debian packages (the real-module
suite's modulepath, scripts/real_modules_suite.py) and a site.pp whose node default declares
classes and defines of several of them (ntp, ssh, apache with a vhost, logrotate, sysctl,
concat, systemd, stdlib functions) and one module's Ruby function (mysql::password, through the
embedded Ruby for marionette). N simulated nodes, node000.bench.test …, each with its own
certificate (key and CSR made once, autosigned by each server's CA over its CA API) and facts
(shared/facts/debian12.yaml with the node's own name and address).

Each server is started by this script, alone on the machine (one after the other: both at once
would share the two cores), on 127.0.0.1 at a free port, and stopped at the end. For each:
  - time to first catalog: from the spawn to the first catalog received (start-up, the node's
    certificate, the first compile);
  - for each concurrency C, after a warm-up of K catalogs: `marionette-load` (tools/load, the
    default when built) for S seconds with the N nodes, C agent runs at a time (node, catalog
    with the node's facts, report; its certificates in a client ssldir per server, autosigned),
    catalogs/s, p50 and p99 of the catalog requests, failed runs; or, with `--load-tool
    python`, C Python threads POSTing catalogs only (a new TLS connection each);
  - RSS: the peak (VmHWM) of the server's process tree, read from /proc at the end.
First of all, node000's catalog from both servers is compared with shared/tools/catalog-diff.
Prints a table and the ratios (the issue's target: >= 50x the catalogs/s at <= 1/10 of the memory).

With `--baseline PATH` (another marionette, e.g. a build of an earlier commit) the script
measures the two marionettes instead, on the same nodes and workload, in R rounds (default 3)
that alternate which one goes first, and prints the median catalogs/s of each and their ratio:
what a change to the server costs (the issue-32 target: within 10%).

puppetserver is tuned as bench/puppetserver_instance.py says (2 JRubies, 1 GiB heap); both get
the same environment_timeout (default `unlimited`, what puppetserver's docs recommend for a
server; give 0 for Puppet's default, where every request reads the code again).
"""
import argparse, json, os, signal, socket, ssl, statistics, subprocess, sys
import threading, time, urllib.error, urllib.parse, urllib.request
import http.client

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(REPO, "scripts"))
import real_modules_suite as suite  # noqa: E402
from puppetserver_instance import PuppetserverInstance  # noqa: E402
from bench_support import free_port, process_tree, scratch_root  # noqa: E402

SITE_PP = """\
node default {
  class { 'ntp': servers => ['ntp1.corp.com', 'ntp2.corp.com'] }
  class { 'ssh::server': options => { 'PermitRootLogin' => 'no', 'Port' => [22] } }
  class { 'apache': default_vhost => false }
  apache::vhost { $facts['networking']['fqdn']: port => 80, docroot => '/var/www/vhost' }
  logrotate::rule { 'messages':
    path => '/var/log/messages', rotate => '5', rotate_every => 'week',
    postrotate => '/usr/bin/killall -HUP syslogd',
  }
  sysctl::value { 'net.ipv4.ip_forward': value => '1' }
  concat { '/etc/motd': owner => 'root', group => 'root', mode => '0644' }
  concat::fragment { 'motd_header':
    target => '/etc/motd', content => "\\nManaged for ${trusted['certname']}\\n\\n", order => '01',
  }
  systemd::unit_file { 'foo.service': content => "[Unit]\\nDescription=foo\\n" }
  $d = deep_merge({'a' => {'b' => 1}}, {'a' => {'c' => 2}})
  notify { 'data': message => "${d} ${keys($d['a'])} ${bool2str(true)}" }
  notify { 'ruby function': message => mysql::password($trusted['certname']) }
}
"""


def make_codedir(root):
    """codedir/environments/production with every packaged module and SITE_PP."""
    env = os.path.join(root, "code", "environments", "production")
    os.makedirs(os.path.join(env, "manifests"))
    os.makedirs(os.path.join(env, "modules"))
    for short, module in suite.packaged_modules(suite.corpus_dir()).items():
        os.symlink(module.path, os.path.join(env, "modules", short))
    with open(os.path.join(env, "manifests", "site.pp"), "w") as f:
        f.write(SITE_PP)
    return os.path.join(root, "code")


class Node:
    """A simulated node: its name, key, CSR, facts form, and its certificate per server."""

    def __init__(self, name, index, base_facts, keydir, environment="production"):
        self.name = name
        self.environment = environment
        self.key = os.path.join(keydir, name + ".key")
        self.csr = os.path.join(keydir, name + ".csr")
        subprocess.run(["openssl", "req", "-new", "-newkey", "rsa:2048", "-nodes", "-keyout",
                        self.key, "-subj", "/CN=" + name, "-out", self.csr],
                       check=True, capture_output=True, timeout=60)
        facts = json.loads(json.dumps(base_facts))
        short = name.split(".")[0]
        address = f"10.20.{index // 250}.{index % 250 + 1}"
        facts.update({"fqdn": name, "hostname": short, "ipaddress": address, "clientcert": name})
        facts.setdefault("networking", {}).update({"fqdn": name, "hostname": short, "ip": address})
        # As the agent sends them: the rendered facts escaped, then the whole form encoded.
        self.form = urllib.parse.urlencode({
            "facts_format": "application/json", "environment": environment,
            "transaction_uuid": "00000000-0000-4000-8000-%012d" % index,
            "facts": urllib.parse.quote_plus(json.dumps({"name": name, "values": facts}))})
        self.contexts = {}

    def certify(self, server, port, cadir):
        """Sends the CSR to the server's CA (autosign) and keeps the signed certificate."""
        ca = os.path.join(cadir, "ca.pem")
        insecure = ssl.create_default_context()
        insecure.check_hostname, insecure.verify_mode = False, ssl.CERT_NONE
        if not os.path.exists(ca):
            with urllib.request.urlopen(f"https://127.0.0.1:{port}/puppet-ca/v1/certificate/ca",
                                        context=insecure, timeout=60) as answer:
                with open(ca, "wb") as f:
                    f.write(answer.read())
        trusting = ssl.create_default_context(cafile=ca)
        trusting.check_hostname = False
        with open(self.csr, "rb") as f:
            request = urllib.request.Request(
                f"https://127.0.0.1:{port}/puppet-ca/v1/certificate_request/{self.name}",
                data=f.read(), method="PUT", headers={"Content-Type": "text/plain"})
        try:
            urllib.request.urlopen(request, context=trusting, timeout=120).read()
        except urllib.error.HTTPError as e:
            raise RuntimeError(f"{server}: CSR of {self.name}: HTTP {e.code}: "
                               f"{e.read()[:500]!r}") from None
        cert = os.path.join(cadir, self.name + ".pem")
        with urllib.request.urlopen(
                f"https://127.0.0.1:{port}/puppet-ca/v1/certificate/{self.name}",
                context=trusting, timeout=120) as answer, open(cert, "wb") as f:
            f.write(answer.read())
        context = ssl.create_default_context(cafile=ca)
        context.check_hostname = False
        context.load_cert_chain(cert, self.key)
        self.contexts[server] = context

    def catalog(self, server, port, timeout=300):
        """One agent-like catalog request on a new connection: (status, body)."""
        connection = http.client.HTTPSConnection("127.0.0.1", port, context=self.contexts[server],
                                                 timeout=timeout)
        try:
            connection.request(
                "POST", f"/puppet/v3/catalog/{self.name}?environment={self.environment}", self.form,
                {"Content-Type": "application/x-www-form-urlencoded",
                 "Accept": "application/json", "X-Puppet-Version": "7.23.0"})
            answer = connection.getresponse()
            return answer.status, answer.read()
        finally:
            connection.close()


def tree_peak_rss_kib(pid):
    """VmHWM summed over the process and its descendants (each one's own peak)."""
    total = 0
    for current in process_tree(pid):
        try:
            with open(f"/proc/{current}/status") as f:
                for line in f:
                    if line.startswith("VmHWM:"):
                        total += int(line.split()[1])
        except OSError:
            pass
    return total


def load_tool(tool, facts_file, ssldir, port, nodes, concurrency, duration, node_prefix=None,
              environment="production"):
    """marionette-load's figures for one level (nodes named NODE_PREFIX-0001.load.test … when
    a prefix is given), asking for ENVIRONMENT."""
    naming = ["--node-prefix", node_prefix, "--domain", "load.test"] if node_prefix else []
    done = subprocess.run(
        [tool, "--server", "127.0.0.1", "--serverport", str(port), "--ssldir", ssldir,
         "--facts", facts_file, "--nodes", str(nodes), "--concurrency", str(concurrency),
         "--duration", str(int(duration)), "--environment", environment, "--keylength", "2048",
         "--timeout", "300", "--json"] + naming,
        capture_output=True, text=True, timeout=duration + 900)
    if done.returncode not in (0, 3):
        raise RuntimeError(f"marionette-load exited {done.returncode}: {done.stderr[-2000:]}")
    out = json.loads(done.stdout)
    catalog = out["latency_ms"]["catalog"]
    return {"concurrency": concurrency, "catalogs": out["catalogs"],
            "errors": out["failed_runs"], "first_error": out["errors"]["first"] or None,
            "seconds": out["seconds"], "catalogs_per_second": out["catalogs_per_second"],
            "p50_ms": catalog.get("p50"), "p99_ms": catalog.get("p99"),
            "fairness": out["fairness"], "tool": "marionette-load"}


def warm_up(nodes, server, port, count):
    for i in range(count):
        nodes[i % len(nodes)].catalog(server, port)


def load(nodes, server, port, concurrency, duration):
    """C Python clients for `duration` seconds: the figures."""
    latencies, errors, lock = [], [], threading.Lock()
    turn = [0]
    deadline = time.monotonic() + duration

    def client():
        while time.monotonic() < deadline:
            with lock:
                node = nodes[turn[0] % len(nodes)]
                turn[0] += 1
            start = time.monotonic()
            try:
                status, body = node.catalog(server, port)
                ok = status == 200 and body.startswith(b"{")
            except (OSError, http.client.HTTPException) as e:
                status, ok = str(e), False
            elapsed = time.monotonic() - start
            with lock:
                (latencies if ok else errors).append(elapsed if ok else status)

    started = time.monotonic()
    threads = [threading.Thread(target=client) for _ in range(concurrency)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    wall = time.monotonic() - started
    latencies.sort()

    def percentile(p):
        return latencies[min(len(latencies) - 1, int(p * len(latencies)))] if latencies else None

    return {"concurrency": concurrency, "catalogs": len(latencies), "errors": len(errors),
            "first_error": str(errors[0]) if errors else None, "seconds": wall,
            "catalogs_per_second": len(latencies) / wall,
            "p50_ms": percentile(0.50) * 1000 if latencies else None,
            "p99_ms": percentile(0.99) * 1000 if latencies else None, "tool": "python"}


class MarionetteServer:
    def __init__(self, binary, codedir, root, workers, environment_timeout):
        self.root = root
        self.port = free_port()
        os.makedirs(root)
        self.command = [binary, "server", "--environmentpath",
                        os.path.join(codedir, "environments"), "--ssldir",
                        os.path.join(root, "ssl"), "--statedir", os.path.join(root, "state"),
                        "--certname", "localhost", "--dns-alt-names", "localhost,IP:127.0.0.1",
                        "--bindaddress", "127.0.0.1", "--serverport", str(self.port),
                        "--autosign", "true", "--keylength", "2048", "--workers", str(workers),
                        "--environment-timeout", environment_timeout,
                        # The other side is puppetserver 7.9.5: Puppet 7's strict=warning and
                        # strict_variables=false (saz-ssh's ipaddresses() reads unset facts).
                        "--puppet_compat", "7"]
        self.process = None

    @property
    def pid(self):
        return self.process.pid

    def start(self, timeout=60):
        self.log = open(os.path.join(self.root, "server.log"), "wb")
        self.process = subprocess.Popen(self.command, stdout=self.log, stderr=subprocess.STDOUT,
                                        stdin=subprocess.DEVNULL, start_new_session=True)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError("marionette server exited: " +
                                   open(os.path.join(self.root, "server.log")).read())
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    return
            except OSError:
                time.sleep(0.02)
        raise RuntimeError("marionette server did not listen")

    def stop(self):
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
        self.log.close()


def measure(name, server, nodes, args, root):
    """Starts `server`, measures it, stops it."""
    print(f"== {name}", flush=True)
    cadir = os.path.join(root, name + "-clients")
    os.makedirs(cadir)
    spawned = time.monotonic()
    try:
        server.start()
        nodes[0].certify(name, server.port, cadir)
        status, first = nodes[0].catalog(name, server.port)
        if status != 200:
            raise RuntimeError(f"{name}: first catalog: HTTP {status}: {first[:400]!r}")
        first_catalog = time.monotonic() - spawned
        with open(os.path.join(root, name + "-catalog.json"), "wb") as f:
            f.write(first)
        print(f"   first catalog after {first_catalog:.2f}s "
              f"({len(json.loads(first)['resources'])} resources)", flush=True)
        for node in nodes[1:]:
            node.certify(name, server.port, cadir)
        levels = []
        for concurrency in args.concurrency:
            warm_up(nodes, name, server.port, args.warmup)
            if args.load_tool == "python":
                figures = load(nodes, name, server.port, concurrency, args.duration)
            else:
                figures = load_tool(args.load_tool, args.facts_file,
                                    os.path.join(root, name + "-load-ssl"), server.port,
                                    len(nodes), concurrency, args.duration)
            levels.append(figures)
            print(f"   C={concurrency}: {figures['catalogs_per_second']:.2f} catalogs/s, "
                  f"p50 {figures['p50_ms'] or 0:.1f} ms, p99 {figures['p99_ms'] or 0:.1f} ms, "
                  f"{figures['errors']} errors", flush=True)
        rss = tree_peak_rss_kib(server.pid)
        return {"server": name, "first_catalog_seconds": first_catalog,
                "peak_rss_mib": rss / 1024, "levels": levels}
    finally:
        server.stop()


def compare_catalogs(root):
    ours = os.path.join(root, "marionette-catalog.json")
    theirs = os.path.join(root, "puppetserver-catalog.json")
    if not (os.path.exists(ours) and os.path.exists(theirs)):
        return None
    diff = os.path.join(suite.shared_dir(), "tools", "catalog-diff")
    done = subprocess.run([sys.executable, diff, theirs, ours], capture_output=True, text=True)
    return done.returncode == 0, (done.stdout + done.stderr).strip()


def median_rate(results, name, index):
    rates = [r["levels"][index]["catalogs_per_second"] for r in results
             if r["server"].rsplit("-", 1)[0] == name]
    return statistics.median(rates) if rates else None


def print_baseline_table(results):
    """The two marionettes' median catalogs/s per concurrency, and their ratio."""
    print()
    print(f"{'':16}{'baseline':>14}{'marionette':>14}{'ratio':>10}   (medians of "
          f"{len(results) // 2} rounds)")
    for i, level in enumerate(results[0]["levels"]):
        old, new = median_rate(results, "baseline", i), median_rate(results, "marionette", i)
        ratio = new / old if old else float("nan")
        print(f"C={level['concurrency']:<2} catalogs/s{old:>14.2f}{new:>14.2f}{ratio:>10.3f}")
    for name in ("baseline", "marionette"):
        rss = statistics.median(r["peak_rss_mib"] for r in results
                                if r["server"].rsplit("-", 1)[0] == name)
        errors = sum(level["errors"] for r in results if r["server"].rsplit("-", 1)[0] == name
                     for level in r["levels"])
        print(f"{name}: peak RSS {rss:.0f} MiB (median), {errors} failed runs")


def print_table(results, comparison):
    by_name = {r["server"]: r for r in results}
    print()
    print(f"{'':24}" + "".join(f"{name:>16}" for name in by_name) +
          ("       ratio" if len(by_name) == 2 else ""))

    def row(label, values, ratio=None, fmt="{:.2f}"):
        line = f"{label:24}" + "".join(f"{fmt.format(v) if v is not None else '-':>16}"
                                       for v in values)
        if ratio is not None:
            line += f"{ratio:>11.1f}x"
        print(line)

    two = len(by_name) == 2
    m, p = by_name.get("marionette"), by_name.get("puppetserver")
    row("first catalog (s)", [r["first_catalog_seconds"] for r in results],
        p["first_catalog_seconds"] / m["first_catalog_seconds"] if two else None)
    row("peak RSS (MiB)", [r["peak_rss_mib"] for r in results],
        p["peak_rss_mib"] / m["peak_rss_mib"] if two else None, "{:.0f}")
    for i, level in enumerate(results[0]["levels"]):
        c = level["concurrency"]
        values = [r["levels"][i] for r in results]
        ratio = (m["levels"][i]["catalogs_per_second"] / p["levels"][i]["catalogs_per_second"]
                 if two and p["levels"][i]["catalogs_per_second"] else None)
        row(f"C={c} catalogs/s", [v["catalogs_per_second"] for v in values], ratio)
        row(f"C={c} p50 (ms)", [v["p50_ms"] for v in values], None, "{:.1f}")
        row(f"C={c} p99 (ms)", [v["p99_ms"] for v in values], None, "{:.1f}")
        row(f"C={c} errors", [v["errors"] for v in values], None, "{:d}")
    if comparison is not None:
        same, text = comparison
        print("catalogs: identical (catalog-diff)" if same else "catalogs differ:\n" + text)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--marionette", default=os.path.join(REPO, "build", "core", "cli",
                                                             "marionette"))
    parser.add_argument("--load-tool", default=os.path.join(REPO, "build", "tools", "load",
                                                            "marionette-load"),
                        help="marionette-load's path, or `python` for the script's own clients")
    parser.add_argument("--nodes", type=int, default=20)
    parser.add_argument("--concurrency", default="1,2,4",
                        type=lambda text: [int(c) for c in text.split(",")])
    parser.add_argument("--duration", type=float, default=20)
    parser.add_argument("--warmup", type=int, default=10, help="requests before each level")
    parser.add_argument("--workers", type=int, default=2, help="marionette server's workers")
    parser.add_argument("--environment-timeout", default="unlimited")
    parser.add_argument("--jrubies", type=int, default=2)
    parser.add_argument("--heap", default="1g")
    parser.add_argument("--only", choices=["marionette", "puppetserver"])
    parser.add_argument("--baseline", help="another marionette to measure against, not puppetserver")
    parser.add_argument("--rounds", type=int, default=3, help="with --baseline: rounds")
    parser.add_argument("--json", help="write the figures there too")
    parser.add_argument("--keep", action="store_true", help="keep the temp dir")
    args = parser.parse_args()

    with scratch_root("server-bench-", args.keep) as root:
        codedir = make_codedir(root)
        if args.load_tool != "python" and not os.access(args.load_tool, os.X_OK):
            sys.exit(f"no {args.load_tool}: build marionette-load or give --load-tool python")
        facts_file = args.facts_file = os.path.join(root, "facts.yaml")
        suite.write_facts(suite.shared_dir(), facts_file)
        with open(facts_file) as f:
            base_facts = yaml.safe_load(f)
        keydir = os.path.join(root, "keys")
        os.makedirs(keydir)
        nodes = [Node(f"node{i:03d}.bench.test", i, base_facts, keydir)
                 for i in range(args.nodes)]
        results = []
        if args.baseline:
            # Alternating which goes first, so that neither always runs on a warmer machine.
            for turn in range(args.rounds):
                order = [("baseline", args.baseline), ("marionette", args.marionette)]
                for label, binary in order if turn % 2 == 0 else reversed(order):
                    name = f"{label}-{turn + 1}"
                    results.append(measure(name, MarionetteServer(
                        binary, codedir, os.path.join(root, name), args.workers,
                        args.environment_timeout), nodes, args, root))
            print_baseline_table(results)
            if args.json:
                with open(args.json, "w") as f:
                    json.dump({"results": results}, f, indent=2)
            return 0
        if args.only != "puppetserver":
            results.append(measure("marionette", MarionetteServer(
                args.marionette, codedir, os.path.join(root, "marionette"), args.workers,
                args.environment_timeout), nodes, args, root))
        if args.only != "marionette":
            results.append(measure("puppetserver", PuppetserverInstance(
                codedir, args.environment_timeout, args.jrubies, args.heap,
                root=os.path.join(root, "puppetserver")), nodes, args, root))
        comparison = compare_catalogs(root)
        print_table(results, comparison)
        if args.json:
            with open(args.json, "w") as f:
                json.dump({"results": results, "identical": comparison and comparison[0]}, f,
                          indent=2)
        return 0


if __name__ == "__main__":
    sys.exit(main())
