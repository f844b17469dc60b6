#!/usr/bin/env python3
"""Fleet table benchmark: `marionette server`'s mrnNodeTable with N nodes (issue 36).

usage: bench/fleet_table_walk.py [--marionette PATH] [--nodes N] [--walks W]
                                [--compile-seconds S] [--load-tool PATH]

Starts a private redis-server and snmpd, writes N node summaries into Redis as servers write
them on receiving reports (PREFIX:fleet:summaries, fleet_status/node_summary.hpp) and a
certificate file per node into the server's CA (so that none is deactivated), starts
`marionette server --redis` with its AgentX subagent, waits until mrnNodesTotal is N, then:
  - walk: wall time of `snmpbulkwalk -v2c -Cr50` of mrnNodeTable (15 readable columns × N
    rows), median of W, and the CPU time the server, snmpd and snmpbulkwalk used for them;
  - refresh: the server's CPU per second while idle with N nodes (its refresher reads the
    store every 5 s; unchanged summaries are not parsed again);
  - GET: one cell by certname, sent from this process over UDP one at a time (no process
    start in the figure), median and p99 of 500;
  - during compiles (--compile-seconds S, 0 to skip): marionette-load runs agents at C=2 for S
    seconds against the same server twice, once alone and once while mrnNodeTable is walked
    over and over: catalogs per second, the server's CPU per second, and the walk's time in
    each, so that what a walk costs the compiles is read side by side.
Prints a Markdown table. Needs: apt-get install snmpd snmp redis-server.
"""
import argparse, json, os, shutil, socket, statistics, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from snmp_latency import get_request  # noqa: E402  (SNMPv2c GET, encoded by hand)
from bench_support import cpu_seconds, free_port, start_private_redis, wait_until  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
ROOT = ".1.3.6.1.4.1.8072.9999.9999.4242"
TABLE = ROOT + ".1.9.6"
NODES_TOTAL = ROOT + ".1.9.5.1.0"



def resp(*args):
    out = b"*%d\r\n" % len(args)
    for arg in args:
        arg = arg if isinstance(arg, bytes) else str(arg).encode()
        out += b"$%d\r\n%s\r\n" % (len(arg), arg)
    return out


def seed(port, nodes):
    """HSETs in one pipeline, as N servers' report endpoints would have written them."""
    now_ms = int(time.time() * 1000)
    commands = []
    for i in range(nodes):
        summary = {
            "received_at_ms": now_ms - i, "environment": "production",
            "status": "failed" if i % 50 == 0 else ("changed" if i % 3 == 0 else "unchanged"),
            "noop": False, "configuration_version": str(1764417600 + i),
            "transaction_completed": True, "cached_catalog_status": "not_used",
            "puppet_version": "7.23.0",
            "metrics": {
                "resources": {"name": "resources", "label": "Resources",
                              "values": [["total", "Total", 120], ["changed", "Changed", i % 3],
                                         ["failed", "Failed", 1 if i % 50 == 0 else 0],
                                         ["out_of_sync", "Out of sync", i % 3]]},
                "time": {"name": "time", "label": "Time",
                         "values": [["config_retrieval", "Config retrieval", 0.8],
                                    ["total", "Total", 4.2]]},
                "events": {"name": "events", "label": "Events",
                           "values": [["total", "Total", i % 3]]}}}
        commands.append(resp("HSET", "marionette:fleet:summaries", node_name(i),
                             json.dumps(summary, separators=(",", ":"))))
    commands.append(resp("SET", "marionette:fleet:reports", nodes))
    with socket.create_connection(("127.0.0.1", port)) as s:
        s.sendall(b"".join(commands))
        expected, got = len(commands), b""
        while got.count(b"\r\n") < expected:
            got += s.recv(65536)


COMPILED_MANIFEST = """\
class fleet_bench($count = 200) {
  range(1, $count).each |$i| {
    file { "/tmp/fleet-bench/${i}": ensure => file, content => "${facts['networking']['fqdn']} ${i}\\n" }
  }
}
node default { include fleet_bench }
"""


class CompileLoad:
    """marionette-load against the bench's server: figures alone, or while a walk loops."""

    def __init__(self, tool, scratch, port, seconds):
        if not os.path.exists(tool):
            sys.exit(f"no {tool}: build marionette-load (target marionette-load)")
        self.tool, self.port, self.seconds = tool, port, seconds
        self.ssldir = os.path.join(scratch, "load-ssl")
        self.facts = os.path.join(REPO, "tests", "golden", "facts.yaml")

    def run(self, seconds=None, count=None):
        command = [self.tool, "--server", "127.0.0.1", "--serverport", str(self.port),
                   "--ssldir", self.ssldir, "--facts", self.facts, "--nodes", "20",
                   "--concurrency", "2", "--node-prefix", "load", "--keylength", "2048",
                   "--timeout", "120", "--json"]
        command += ["--duration", str(seconds)] if seconds else ["--count", str(count or 20)]
        done = subprocess.run(command, capture_output=True, text=True,
                              timeout=(seconds or 0) + 600)
        if done.returncode not in (0, 3):
            sys.exit(f"marionette-load exited {done.returncode}: {done.stderr[-2000:]}")
        return json.loads(done.stdout)

    def measure(self, server_pid, walk, env=None):
        walks, stop = [], []
        walker = None
        if walk:
            import threading

            def loop():
                while not stop:
                    start = time.perf_counter()
                    subprocess.run(walk, capture_output=True, env=env)
                    if not stop:
                        walks.append(time.perf_counter() - start)
            walker = threading.Thread(target=loop)
        cpu0, at0 = cpu_seconds(server_pid), time.monotonic()
        if walker:
            walker.start()
        figures = self.run(seconds=self.seconds)
        cpu = (cpu_seconds(server_pid) - cpu0) / (time.monotonic() - at0)
        stop.append(True)
        if walker:
            walker.join()
        return {"rate": figures["catalogs_per_second"], "cpu": cpu, "walks": walks}


def node_name(i):
    return f"node{i:05d}.example.com"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--marionette", default=os.path.join(REPO, "build", "core", "cli", "marionette"))
    parser.add_argument("--nodes", type=int, default=10000)
    parser.add_argument("--walks", type=int, default=5)
    parser.add_argument("--compile-seconds", type=int, default=60)
    parser.add_argument("--load-tool", default=os.path.join(REPO, "build", "tools", "load",
                                                            "marionette-load"))
    args = parser.parse_args()
    for tool in ("snmpbulkwalk", "snmpget", "/usr/sbin/snmpd", "redis-server"):
        if not shutil.which(tool):
            sys.exit("missing " + tool)
    scratch = tempfile.mkdtemp(prefix="marionette-fleet-bench-")
    processes = []
    try:
        redis, redis_port = start_private_redis(scratch)
        processes.append(redis)
        snmp_port = free_port(socket.SOCK_DGRAM)
        sock_path = os.path.join(scratch, "agentx.sock")
        with open(os.path.join(scratch, "snmpd.conf"), "w") as f:
            f.write(f"agentAddress udp:127.0.0.1:{snmp_port}\nrocommunity public 127.0.0.1\n"
                    f"master agentx\nagentXSocket unix:{sock_path}\n[snmp] mibs :\n"
                    f"[snmp] persistentDir {scratch}/persist\n")
        env = dict(os.environ, MIBS="")
        snmpd = subprocess.Popen(
            ["/usr/sbin/snmpd", "-f", "-Lf", os.path.join(scratch, "snmpd.log"), "-C", "-c",
             os.path.join(scratch, "snmpd.conf"), "-I", "-smux", "-p",
             os.path.join(scratch, "snmpd.pid")], env=env)
        processes.append(snmpd)
        wait_until(lambda: os.path.exists(sock_path), 5, "snmpd's AgentX socket")

        seed(redis_port, args.nodes)
        env_dir = os.path.join(scratch, "env")
        os.makedirs(os.path.join(env_dir, "manifests"))
        open(os.path.join(env_dir, "manifests", "site.pp"), "w").write(COMPILED_MANIFEST)
        ssldir = os.path.join(scratch, "ssl")
        server_port = free_port(socket.SOCK_STREAM)
        server = subprocess.Popen(
            [args.marionette, "server", "--env-dir", env_dir, "--ssldir", ssldir, "--statedir",
             os.path.join(scratch, "state"), "--certname", "server.test", "--bindaddress",
             "127.0.0.1", "--serverport", str(server_port), "--keylength", "2048",
             "--dns-alt-names", "localhost,IP:127.0.0.1", "--autosign", "true", "--redis",
             f"redis://127.0.0.1:{redis_port}", "--agentx-socket", sock_path],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        processes.append(server)
        signed = os.path.join(ssldir, "ca", "signed")
        wait_until(lambda: os.path.isdir(signed), 60, "the server's CA")
        for i in range(args.nodes):
            open(os.path.join(signed, node_name(i) + ".pem"), "w").close()

        def total():
            out = subprocess.run(["snmpget", "-v2c", "-c", "public", "-On", "-t", "1", "-r", "0",
                                  f"127.0.0.1:{snmp_port}", NODES_TOTAL],
                                 capture_output=True, text=True, env=env)
            return out.stdout.strip().endswith(f"Gauge32: {args.nodes}")
        wait_until(total, 120, f"mrnNodesTotal = {args.nodes}")
        # marionette server execs marionette-fleet: same pid.
        idle_from, idle_at = cpu_seconds(server.pid), time.monotonic()
        time.sleep(20)
        idle_cpu = (cpu_seconds(server.pid) - idle_from) / (time.monotonic() - idle_at)

        walk = ["snmpbulkwalk", "-v2c", "-c", "public", "-On", "-Cr50", "-t", "10",
                f"127.0.0.1:{snmp_port}", TABLE]
        times, server_cpu, snmpd_cpu, client_cpu, lines = [], [], [], [], 0
        for _ in range(args.walks):
            s0, d0 = cpu_seconds(server.pid), cpu_seconds(snmpd.pid)
            c0 = os.times()
            start = time.perf_counter()
            out = subprocess.run(walk, capture_output=True, text=True, env=env)
            times.append(time.perf_counter() - start)
            c1 = os.times()
            server_cpu.append(cpu_seconds(server.pid) - s0)
            snmpd_cpu.append(cpu_seconds(snmpd.pid) - d0)
            client_cpu.append((c1.children_user + c1.children_system) -
                              (c0.children_user + c0.children_system))
            lines = len(out.stdout.splitlines())
        gets = []
        sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        sock.settimeout(2.0)
        sock.connect(("127.0.0.1", snmp_port))
        for i in range(500):
            name = node_name((i * 197) % args.nodes)
            oid = TABLE + ".1.6." + str(len(name)) + "".join("." + str(ord(c)) for c in name)
            start = time.perf_counter()
            sock.send(get_request(i + 1, oid))
            reply = sock.recv(1500)
            gets.append((time.perf_counter() - start) * 1000)
            if b"\x02\x01" not in reply[-6:]:  # mrnNodeStatus: an INTEGER 1..3
                sys.exit("no value for " + name)
        sock.close()
        gets.sort()
        during = None
        if args.compile_seconds > 0:
            load = CompileLoad(args.load_tool, scratch, server_port, args.compile_seconds)
            load.run()  # certificates and a first catalog per node, outside the figures
            during = {"alone": load.measure(server.pid, None),
                      "walked": load.measure(server.pid, walk, env)}
        print(f"| measurement ({args.nodes} nodes in mrnNodeTable) | result |")
        print("|---|---|")
        print(f"| snmpbulkwalk -Cr50 of mrnNodeTable ({lines} cells), median of {args.walks} | "
              f"{statistics.median(times):.2f} s |")
        print(f"| CPU during one walk: server (subagent) / snmpd / snmpbulkwalk, median | "
              f"{statistics.median(server_cpu):.2f} s / {statistics.median(snmpd_cpu):.2f} s / "
              f"{statistics.median(client_cpu):.2f} s |")
        print(f"| server CPU while idle (refresh every 5 s), 20 s | {idle_cpu * 100:.2f} % of a core |")
        print(f"| GET of one cell by certname over UDP, median (p99) of 500 | "
              f"{statistics.median(gets):.2f} ms ({gets[int(len(gets) * 0.99)]:.2f} ms) |")
        if during:
            print()
            print(f"| marionette-load C=2 for {args.compile_seconds} s | catalogs/s | "
                  "server CPU (% of a core) | walks done (median time) |")
            print("|---|---|---|---|")
            for label, key in (("alone", "alone"), ("while mrnNodeTable is walked", "walked")):
                d = during[key]
                walks = (f"{len(d['walks'])} ({statistics.median(d['walks']):.2f} s)"
                         if d["walks"] else "-")
                print(f"| {label} | {d['rate']:.2f} | {d['cpu'] * 100:.1f} | {walks} |")
    finally:
        for p in reversed(processes):
            p.terminate()
            try:
                p.wait(10)
            except subprocess.TimeoutExpired:
                p.kill()
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
