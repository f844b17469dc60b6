#!/usr/bin/env python3
"""/metrics benchmark: `marionette server`'s Prometheus endpoint with N fleet nodes (issue 36).

usage: bench/metrics_scrape.py [--marionette PATH] [--nodes N] [--scrapes S]

Starts a private redis-server, writes N node summaries into it as servers write them on
receiving reports (fleet_table_walk.py's seed), a certificate file per node into the server's
CA, starts `marionette server --redis --no-snmp` with metrics_anonymous_from 127.0.0.1, waits
until /metrics counts N nodes, then times S scrapes with curl in the text format and in
OpenMetrics (what Prometheus asks for): wall time, size, and the server's CPU per scrape.
Prints a Markdown table. Needs: apt-get install redis-server curl.
"""
import argparse, os, re, shutil, statistics, subprocess, sys, tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_support import cpu_seconds, start_private_redis, wait_until  # noqa: E402
from fleet_table_walk import node_name, seed  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OPENMETRICS = "application/openmetrics-text;version=1.0.0,text/plain;version=0.0.4;q=0.5"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--marionette", default=os.path.join(REPO, "build", "core", "cli", "marionette"))
    parser.add_argument("--nodes", type=int, default=10000)
    parser.add_argument("--scrapes", type=int, default=5)
    args = parser.parse_args()
    for tool in ("redis-server", "curl"):
        if not shutil.which(tool):
            sys.exit("missing " + tool)
    scratch = tempfile.mkdtemp(prefix="marionette-metrics-bench-")
    processes = []
    try:
        redis, redis_port = start_private_redis(scratch)
        processes.append(redis)
        seed(redis_port, args.nodes)
        env_dir = os.path.join(scratch, "env")
        os.makedirs(os.path.join(env_dir, "manifests"))
        open(os.path.join(env_dir, "manifests", "site.pp"), "w").write("notify { 'x': }\n")
        ssldir = os.path.join(scratch, "ssl")
        log = open(os.path.join(scratch, "server.log"), "w")
        server = subprocess.Popen(
            [args.marionette, "server", "--env-dir", env_dir, "--ssldir", ssldir, "--statedir",
             os.path.join(scratch, "state"), "--certname", "server.test", "--dns-alt-names",
             "localhost,IP:127.0.0.1", "--bindaddress", "127.0.0.1", "--serverport", "0",
             "--keylength", "2048", "--redis", f"redis://127.0.0.1:{redis_port}", "--no-snmp",
             "--metrics-anonymous-from", "127.0.0.1"], stdout=log, stderr=subprocess.STDOUT)
        processes.append(server)
        signed = os.path.join(ssldir, "ca", "signed")
        wait_until(lambda: os.path.isdir(signed), 60, "the server's CA")
        for i in range(args.nodes):
            open(os.path.join(signed, node_name(i) + ".pem"), "w").close()
        port = []

        def listening():
            found = re.search(r"listening on 127\.0\.0\.1:(\d+)", open(log.name).read())
            if found:
                port.append(found.group(1))
            return bool(found)
        wait_until(listening, 60, "the server")
        url = f"https://127.0.0.1:{port[0]}/metrics"
        ca = os.path.join(ssldir, "ca", "ca_crt.pem")

        def all_nodes():
            body = subprocess.run(["curl", "-s", "--cacert", ca, url], capture_output=True).stdout
            counts = re.findall(rb'^marionette_fleet_nodes\{status="\w+"\} (\d+)$', body, re.M)
            return sum(int(c) for c in counts) == args.nodes
        wait_until(all_nodes, 120, f"{args.nodes} nodes in /metrics")
        rows = []
        for name, accept in (("text 0.0.4", ""), ("OpenMetrics 1.0.0", OPENMETRICS)):
            walls, cpus, size, lines = [], [], 0, 0
            for _ in range(args.scrapes):
                before = cpu_seconds(server.pid)
                body, took = scrape_with_ca(url, ca, accept)
                cpus.append(cpu_seconds(server.pid) - before)
                walls.append(took)
                size, lines = len(body), body.count(b"\n")
            rows.append((name, statistics.median(walls), statistics.median(cpus), size, lines))
        print(f"| /metrics with {args.nodes} fleet nodes, median of {args.scrapes} | wall | "
              f"server CPU | size |")
        print("|---|---|---|---|")
        for name, wall, cpu, size, lines in rows:
            print(f"| {name} | {wall:.2f} s | {cpu:.2f} s | {size / 1e6:.1f} MB, {lines} lines |")
    finally:
        for p in reversed(processes):
            p.terminate()
            try:
                p.wait(10)
            except subprocess.TimeoutExpired:
                p.kill()
        shutil.rmtree(scratch, ignore_errors=True)


def scrape_with_ca(url, ca, accept):
    argv = ["curl", "-s", "--cacert", ca, "--max-time", "60", "-o", "-", "-w", "\n%{time_total}",
            url]
    if accept:
        argv[1:1] = ["-H", "Accept: " + accept]
    out = subprocess.run(argv, capture_output=True).stdout
    body, _, took = out.rpartition(b"\n")
    return body, float(took)


if __name__ == "__main__":
    main()
