#!/usr/bin/env python3
"""marionette servers one after another over one private Redis holding the bench fleet (bench/
puppetdb_bench_fleet.py), each asked the bench's queries through curl back to back (p50 of time_total):
  bench/puppetdb_ab_latency.py --nodes N --repeat R BIN_A BIN_B [BIN_A ...]   (BIN: build/core/cli/marionette;
  its ../lib/marionette beside it). The queries run under /tmp/bench.lock."""
import argparse, fcntl, json, os, subprocess, sys, tempfile, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import puppetdb_fleet_bench as b
import puppetdb_bench_fleet as fleet
from bench_support import free_port, port_open, wait_until, load_average

p = argparse.ArgumentParser()
p.add_argument("--nodes", type=int, default=10000)
p.add_argument("--repeat", type=int, default=200)
p.add_argument("--only", default="")
p.add_argument("--keep", action="store_true", help="leave the server up at the end (prints pid)")
p.add_argument("binaries", nargs="+")
args = p.parse_args()

class A: pass
a = A(); a.marionette = args.binaries[0]
scratch = tempfile.mkdtemp(prefix="lat-ab-")
redis, server, endpoint = b.start_marionette(a, scratch)
for make, cmd, ver, field in [(fleet.facts, "replace_facts", 5, "facts_timestamp"),
                              (fleet.catalog, "replace_catalog", 9, "catalog_timestamp"),
                              (fleet.report, "store_report", 8, "report_timestamp")]:
    b.ingest([endpoint], args.nodes, 4, make, cmd, ver, field, ["marionette"])
ssldir = os.path.join(scratch, "ssl")
log = open(os.path.join(scratch, "server.log"), "a")

def start(binary):
    port = endpoint.port
    s = subprocess.Popen(
        [binary, "server", "--env-dir", os.path.join(scratch, "env"), "--ssldir", ssldir,
         "--statedir", os.path.join(scratch, "state"), "--certname", "server.test",
         "--bindaddress", "127.0.0.1", "--serverport", str(port), "--keylength", "2048",
         "--dns-alt-names", "localhost,IP:127.0.0.1", "--redis",
         f"redis://127.0.0.1:{endpoint.redis_port}", "--certificate-allowlist",
         os.path.join(scratch, "allowlist")], stdout=log, stderr=subprocess.STDOUT)
    wait_until(lambda: port_open(port), 120, "server")
    return s

queries = [q for q in fleet.queries(args.nodes) if not args.only or q[0] in args.only.split(",")]
results = {}
for binary in args.binaries:
    while not os.path.exists(binary):
        time.sleep(5)
lock = open("/tmp/bench.lock", "a")
fcntl.flock(lock, fcntl.LOCK_EX)
print("locked", time.strftime("%H:%M:%S"), flush=True)
try:
    for n, binary in enumerate(args.binaries):
        server.terminate(); server.wait()
        time.sleep(0.5)
        server = start(binary)
        label = f"{n}:{os.path.basename(os.path.dirname(os.path.dirname(os.path.dirname(binary))))}"
        print(f"== {label} {binary} load {load_average()}", flush=True)
        for name, path, params in queries:
            t = b.curl_times(endpoint, path, params, args.repeat + 2)[2:]
            p50 = b.percentile([x[4] for x in t], 0.5)
            results.setdefault(name, []).append((round(p50, 3), t[0][1]))
            print(f"{name:45s} p50 {p50:8.3f} ms  bytes {t[0][1]}", flush=True)
    print("\n| query | " + " | ".join(args.binaries) + " |")
    for name, r in results.items():
        print(f"| {name} | " + " | ".join(f"{x[0]} ({x[1]} B)" for x in r) + " |")
    if args.keep:
        print("KEPT", server.pid, redis.pid, endpoint.port, scratch, flush=True)
        sys.exit(0)
finally:
    if not args.keep:
        server.terminate(); server.wait(); redis.terminate(); redis.wait()
