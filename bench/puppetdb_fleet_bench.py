#!/usr/bin/env python3
"""marionette server's PuppetDB API against Debian's PuppetDB 7.12 on the same simulated fleet.

  bench/puppetdb_fleet_bench.py --pdb-root DIR [--nodes 10000] [--concurrency 4] [--repeat 40]
                                [--pdb-warm SECONDS]

DIR is a PuppetDB started by `bench/puppetdb_reference.py start --root DIR` (PostgreSQL 15 and
PuppetDB on 127.0.0.1, plain HTTP). The script starts a private redis-server and `marionette
server --redis` (HTTPS, a client certificate on its --certificate-allowlist), then:

  - ingest: the fleet of puppetdb_bench_fleet.py (N nodes' facts, then their catalogs, then
    their reports) POSTed to /pdb/cmd/v1 of each, C connections at a time (kept alive); a
    phase ends for PuppetDB when its queries count N nodes with that data (its commands are
    queued and applied later), for marionette when the last POST is answered (applied then);
  - warm-up (--pdb-warm S): PuppetDB asked the typical queries in a loop for S seconds, as a
    dashboard's PuppetDB is warmed by the queries it answers all day (the JIT compiles the
    paths they take; PostgreSQL's caches fill);
  - queries: each typical query asked R times of each, alternating, after 2 warm-ups; p50 and
    p99 of the wall time of each answer (read in full), the rows of both compared by count;
    the last, an empty answer, is the fixed cost of a request on each side. Two clients ask
    them, each table printed (curl's two passes apart), the sides in the same order
    (PuppetDB, then marionette):
      * Python's http.client (what pypuppetdb and Puppetboard users see): the wall time from
        sending the request to the answer's body read in full, in the client, which parses
        the head, decodes PuppetDB's chunked body and decrypts marionette's TLS in Python;
        the two sides alternate request by request. Its floor, the empty answer, was ~0.6 ms
        for marionette (the client's CPU ~0.2 ms of it, the rest the wake-up of idle
        processes between alternating requests) and ~7-10 ms for PuppetDB (0.63 / 7.65 ms
        on 2026-12-01);
      * curl (C, libcurl): one process a query and side, asking it 2 + R times over one
        kept-alive connection (the first two, with the TLS handshake, left out); per transfer
        curl's time_total (request sent to the last byte received: the table's p50 / p99) and
        time_starttransfer (to the first byte, in brackets), measured inside curl, its own
        cost a few microseconds a transfer and the same on both sides. The R requests of a
        side follow each other without the other side between them; a second pass asks them
        at most --curl-rate a second (default 10/s: each server idle ~100 ms between
        requests, as between a dashboard's, and woken for each). Its floor, the empty
        answer (2026-12-01, load 1-4): back to back 0.09-0.19 ms for marionette, 7-11 ms for
        PuppetDB; at 10/s 0.96 ms for marionette (its idle threads woken), 13.8 ms for
        PuppetDB.
    The transports differ, against marionette: PuppetDB is asked over plain HTTP (its default
    port; its TLS port would need it restarted), marionette over TLS 1.3 with a client
    certificate (it has no plain listener), both kept alive, so encryption and decryption are
    marionette's side's cost alone, in both clients;
  - memory: RSS and PSS of marionette server, of its Ruby workers (the compile server starts
    one per worker, idle while it serves PuppetDB's API; counted apart) and of redis-server,
    and of PuppetDB's JVM and PostgreSQL's processes (PSS counts PostgreSQL's shared buffers
    once), after the queries; PuppetDB's command queue is drained (its status's queue_depth 0)
    before the first timed query;
  - the machine's load average at each step (the machine is shared).

Prints a Markdown table and writes the figures as JSON (--json FILE)."""
import argparse, http.client, json, os, shutil, signal, ssl, subprocess, sys, tempfile
import threading, time, urllib.parse

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import puppetdb_bench_fleet as fleet  # noqa: E402
from bench_support import (free_port, load_average, port_open, process_tree,  # noqa: E402
                           start_private_redis, wait_until)

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


class Endpoint:
    """One server: a host/port, plain or TLS, and a connection per thread (kept alive).
    curl_tls: curl's options for the same TLS identity (CA, client certificate and key)."""

    def __init__(self, name, port, context=None, curl_tls=()):
        self.name, self.port, self.context = name, port, context
        self.curl_tls = list(curl_tls)
        self.local = threading.local()

    def url(self, path, params=None):
        scheme = "https" if self.context else "http"
        return (f"{scheme}://127.0.0.1:{self.port}{path}"
                + ("?" + urllib.parse.urlencode(params) if params else ""))

    def connection(self):
        if getattr(self.local, "conn", None) is None:
            if self.context:
                self.local.conn = http.client.HTTPSConnection("127.0.0.1", self.port, timeout=600,
                                                              context=self.context)
            else:
                self.local.conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=600)
        return self.local.conn

    def request(self, method, path, params=None, body=None):
        target = path + ("?" + urllib.parse.urlencode(params) if params else "")
        headers = {"Accept": "application/json"}
        if body is not None:
            headers["Content-Type"] = "application/json"
        for attempt in range(2):
            conn = self.connection()
            try:
                conn.request(method, target, body=body, headers=headers)
                answer = conn.getresponse()
                return answer.status, answer.read()
            except (http.client.HTTPException, OSError):
                conn.close()
                self.local.conn = None
                if attempt:
                    raise


def post_all(endpoint, command, version, bodies, concurrency):
    """POSTs every (certname, producer_timestamp, body) C at a time; the failures' count."""
    position, failures, lock = [0], [0], threading.Lock()

    def worker():
        while True:
            with lock:
                i = position[0]
                position[0] += 1
            if i >= len(bodies):
                return
            certname, produced, body = bodies[i]
            params = {"command": command, "version": version, "certname": certname,
                      "producer-timestamp": produced}
            status, text = endpoint.request("POST", "/pdb/cmd/v1", params, body)
            if status != 200:
                with lock:
                    failures[0] += 1
                    if failures[0] <= 3:
                        print(f"{endpoint.name} {command} {certname}: {status} {text[:200]}",
                              file=sys.stderr)

    threads = [threading.Thread(target=worker) for _ in range(concurrency)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return failures[0]


def count_with(endpoint, field):
    query = json.dumps(["extract", [["function", "count"]],
                        ["and", ["~", "certname", "^node[0-9]"], ["null?", field, False]]])
    status, text = endpoint.request("GET", "/pdb/query/v4/nodes", {"query": query})
    if status != 200:
        return -1
    return json.loads(text)[0]["count"]


def queue_depth(endpoint):
    """PuppetDB's command queue depth, from its status service (the metrics API is refused to
    plain-HTTP clients by the default auth.conf)."""
    status, text = endpoint.request("GET", "/status/v1/services/puppetdb-status")
    return json.loads(text)["status"]["queue_depth"] if status == 200 else -1


def drain(endpoint):
    """Waits until PuppetDB's command queue is empty (nothing of the ingest left to apply)."""
    while (depth := queue_depth(endpoint)) != 0:
        print(f"{endpoint.name}: {depth} commands queued", flush=True)
        time.sleep(5)


def ingest(endpoints, nodes, concurrency, make, command, version, field, only, first=0):
    bodies = []
    for i in range(first, nodes):
        payload = make(i)
        bodies.append((payload["certname"], payload["producer_timestamp"],
                       json.dumps(payload).encode()))
    result = {"bytes": sum(len(b[2]) for b in bodies)}
    for endpoint in endpoints:
        if endpoint.name not in only:
            continue
        start = time.monotonic()
        failures = post_all(endpoint, command, version, bodies, concurrency)
        posted = time.monotonic() - start
        while count_with(endpoint, field) < nodes - failures:
            time.sleep(0.5)
        result[endpoint.name] = {"posted_seconds": round(posted, 2),
                                 "applied_seconds": round(time.monotonic() - start, 2),
                                 "failures": failures, "load": load_average()}
        print(f"{command}: {endpoint.name} {result[endpoint.name]}", flush=True)
    return result


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def rows_of(text):
    try:
        body = json.loads(text)
    except ValueError:
        return None
    return len(body) if isinstance(body, list) else 1


def query_latencies(endpoints, queries, repeat):
    out = []
    for name, path, params in queries:
        times = {e.name: [] for e in endpoints}
        rows, statuses = {}, {}
        for n in range(repeat + 2):
            for endpoint in endpoints:
                start = time.perf_counter()
                status, text = endpoint.request("GET", path, params)
                elapsed = (time.perf_counter() - start) * 1000
                if n >= 2:
                    times[endpoint.name].append(elapsed)
                rows[endpoint.name], statuses[endpoint.name] = rows_of(text), status
        entry = {"query": name, "path": path, "params": params, "rows": rows, "status": statuses}
        for endpoint in endpoints:
            entry[endpoint.name] = {"p50_ms": round(percentile(times[endpoint.name], 0.5), 2),
                                    "p99_ms": round(percentile(times[endpoint.name], 0.99), 2)}
        out.append(entry)
        print(json.dumps(entry), flush=True)
    return out


def warm(endpoint, queries, seconds):
    """The queries asked of one side in a loop for `seconds`; how many rounds it answered."""
    deadline, rounds = time.monotonic() + seconds, 0
    while time.monotonic() < deadline:
        for _, path, params in queries:
            endpoint.request("GET", path, params)
        rounds += 1
    print(f"{endpoint.name} warmed {rounds} rounds in {seconds:.0f} s", flush=True)
    return {"seconds": seconds, "rounds": rounds}


CURL_FORMAT = "%{http_code} %{size_download} %{num_connects} %{time_starttransfer} %{time_total}\\n"


def curl_times(endpoint, path, params, count, rate=None):
    """One curl process asks the query COUNT times over one kept-alive connection (at most
    RATE a second, curl's --rate, e.g. "10/s": a pause after a short answer); per transfer
    (status, bytes, new connections, time to the first byte, time to the last), in ms, as curl
    measures them from the start of each transfer."""
    url = endpoint.url(path, params)
    config = "".join(f'url = "{url}"\noutput = "/dev/null"\n' for _ in range(count))
    run = subprocess.run(["curl", "--silent", "--show-error", "--config", "-", "--header",
                          "Accept: application/json", "--write-out", CURL_FORMAT]
                         + (["--rate", rate] if rate else []) + endpoint.curl_tls,
                         input=config.encode(), capture_output=True, check=True)
    out = []
    for line in run.stdout.decode().splitlines():
        status, size, connects, first, total = line.split()
        out.append((int(status), int(size), int(connects), float(first) * 1000,
                    float(total) * 1000))
    return out


def curl_latencies(endpoints, queries, repeat, rate=None):
    """The queries again through curl: for each query, each side in the order of
    query_latencies, one curl process asking it 2 + R times on one connection (the first two,
    the TLS handshake's and a warm-up, left out), back to back or at most RATE a second."""
    out = []
    for name, path, params in queries:
        entry = {"query": name}
        for endpoint in endpoints:
            transfers = curl_times(endpoint, path, params, repeat + 2, rate)[2:]
            if any(t[2] for t in transfers):
                raise RuntimeError(f"curl opened a new connection to {endpoint.name} mid-run")
            entry[endpoint.name] = {
                "status": transfers[0][0], "bytes": transfers[0][1],
                "p50_ms": round(percentile([t[4] for t in transfers], 0.5), 3),
                "p99_ms": round(percentile([t[4] for t in transfers], 0.99), 3),
                "first_byte_p50_ms": round(percentile([t[3] for t in transfers], 0.5), 3)}
        out.append(entry)
        print(json.dumps(entry), flush=True)
    return out


def memory_kib(pids):
    rss = pss = 0
    for pid in pids:
        try:
            with open(f"/proc/{pid}/smaps_rollup") as f:
                for line in f:
                    if line.startswith("Rss:"):
                        rss += int(line.split()[1])
                    elif line.startswith("Pss:"):
                        pss += int(line.split()[1])
        except OSError:
            pass
    return {"rss_mib": round(rss / 1024), "pss_mib": round(pss / 1024)}


def start_marionette(args, scratch):
    redis, redis_port = start_private_redis(scratch)
    env_dir = os.path.join(scratch, "env")
    os.makedirs(os.path.join(env_dir, "manifests"))
    open(os.path.join(env_dir, "manifests", "site.pp"), "w").write("notify { 'hello': }\n")
    allowlist = os.path.join(scratch, "allowlist")
    open(allowlist, "w").write("bench.client\n")
    ssldir = os.path.join(scratch, "ssl")
    port = free_port()
    server = subprocess.Popen(
        [args.marionette, "server", "--env-dir", env_dir, "--ssldir", ssldir, "--statedir",
         os.path.join(scratch, "state"), "--certname", "server.test", "--bindaddress",
         "127.0.0.1", "--serverport", str(port), "--keylength", "2048", "--dns-alt-names",
         "localhost,IP:127.0.0.1", "--redis", f"redis://127.0.0.1:{redis_port}",
         "--certificate-allowlist", allowlist],
        stdout=open(os.path.join(scratch, "server.log"), "w"), stderr=subprocess.STDOUT)
    wait_until(lambda: port_open(port), 120, "marionette server")
    subprocess.run([args.marionette, "ca", "generate", "--certname", "bench.client", "--ssldir",
                    ssldir], check=True, stdout=subprocess.DEVNULL)
    context = ssl.create_default_context(cafile=os.path.join(ssldir, "certs", "ca.pem"))
    context.check_hostname = False
    context.load_cert_chain(os.path.join(ssldir, "certs", "bench.client.pem"),
                            os.path.join(ssldir, "private_keys", "bench.client.pem"))
    curl_tls = ["--cacert", os.path.join(ssldir, "certs", "ca.pem"),
                "--cert", os.path.join(ssldir, "certs", "bench.client.pem"),
                "--key", os.path.join(ssldir, "private_keys", "bench.client.pem")]
    endpoint = Endpoint("marionette", port, context, curl_tls)
    endpoint.redis_port = redis_port
    return redis, server, endpoint


def redis_commands(port, commands):
    """The replies to the commands (lists of strings), pipelined over RESP: integers, bulk
    strings, or None."""
    import socket
    sock = socket.create_connection(("127.0.0.1", port))
    out = bytearray()
    for command in commands:
        out += b"*%d\r\n" % len(command)
        for arg in command:
            data = arg.encode()
            out += b"$%d\r\n%s\r\n" % (len(data), data)
    sock.sendall(out)
    reader = sock.makefile("rb")

    def read():
        line = reader.readline()
        kind, rest = line[:1], line[1:-2]
        if kind == b":":
            return int(rest)
        if kind == b"$":
            length = int(rest)
            if length < 0:
                return None
            data = reader.read(length + 2)[:-2]
            return data.decode(errors="replace")
        if kind == b"*":
            return [read() for _ in range(int(rest))]
        if kind == b"-":
            raise RuntimeError(rest.decode())
        return rest.decode()

    replies = [read() for _ in commands]
    sock.close()
    return replies


def redis_memory(port):
    """used_memory, and MEMORY USAGE summed by key kind: a node's document kind ({C}:facts),
    an index kind (ix:fv, its bitmaps ixb:fv), the catalog groups nodes share (shared:), or
    the key's own name. SAMPLES 0: every field of
    a hash counted (the default samples 5, which misjudges hashes of uneven values by 2×)."""
    keys, cursor = [], "0"
    while True:
        cursor, found = redis_commands(port, [["SCAN", cursor, "COUNT", "5000"]])[0]
        keys += found
        if cursor == "0":
            break
    usage = {}
    for start in range(0, len(keys), 5000):
        part = keys[start:start + 5000]
        for key, used in zip(part, redis_commands(port, [["MEMORY", "USAGE", k, "SAMPLES", "0"] for k in part])):
            rest = key.split(":pdb:", 1)[-1]
            if rest.startswith("{"):
                kind = "{C}:" + rest.rsplit("}:", 1)[-1]
            elif rest.startswith(("ix:", "ixb:", "ixf:")):  # an index; ixb: an index's bitmap,
                # ixf: the leaves' first-id fields
                kind = ":".join(rest.split(":")[:2])
            elif rest.startswith("shared:"):  # the catalog groups nodes share, a key each
                kind = "shared:"
            else:
                kind = rest
            entry = usage.setdefault(kind, {"keys": 0, "mib": 0})
            entry["keys"] += 1
            entry["mib"] += (used or 0) / 2**20
    info = redis_commands(port, [["INFO", "memory"]])[0]
    fields = dict(line.split(":", 1) for line in info.splitlines() if ":" in line)
    used = int(fields["used_memory"])
    # what the allocator holds beyond used_memory (jemalloc: allocated, then active pages, then
    # resident; the rest of the RSS is the process's own)
    allocator = {name: round(int(fields[name]) / 2**20, 1) for name in
                 ("allocator_allocated", "allocator_active", "allocator_resident",
                  "used_memory_rss") if name in fields}
    return {"used_memory_mib": round(used / 2**20, 1), "allocator_mib": allocator,
            "by_kind": {k: {"keys": v["keys"], "mib": round(v["mib"], 1)}
                        for k, v in sorted(usage.items(), key=lambda kv: -kv[1]["mib"])}}


def postgres_pids(root):
    with open(os.path.join(root, "pg", "data", "postmaster.pid")) as f:
        return process_tree(int(f.readline()))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pdb-root", required=True)
    parser.add_argument("--marionette", default=os.path.join(REPO, "build", "core", "cli", "marionette"))
    parser.add_argument("--nodes", type=int, default=10000)
    parser.add_argument("--concurrency", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=40)
    parser.add_argument("--json")
    parser.add_argument("--curl-rate", default="10/s",
                        help="curl's second pass asks each side at most this often (curl's "
                             "--rate; '' for none): each server idle between requests, as "
                             "between a dashboard's")
    parser.add_argument("--first", type=int, default=0,
                        help="with --ingest puppetdb --repeat 0: send nodes FIRST..NODES-1 only, "
                             "to a PuppetDB that holds the first ones from an earlier run")
    parser.add_argument("--memory-only", action="store_true",
                        help="ingest into marionette only, ask no query: its memory (and "
                             "Redis's by key kind) beside the running PuppetDB's")
    parser.add_argument("--pdb-ingest",
                        help="with --ingest marionette: the JSON of the --repeat 0 run that sent "
                             "the fleet to this PuppetDB, whose ingest times the table shows "
                             "beside marionette's (saying from which run)")
    parser.add_argument("--pdb-warm", type=float, default=0,
                        help="before the timed queries, ask PuppetDB the typical queries in a "
                             "loop for this many seconds (its JVM warmed as a dashboard's "
                             "PuppetDB is; marionette is not warmed)")
    parser.add_argument("--ingest", default="puppetdb,marionette",
                        help="which servers receive the fleet (a second run can ask the "
                             "queries of a PuppetDB that already holds it)")
    args = parser.parse_args()
    signal.signal(signal.SIGTERM, lambda *_: sys.exit("stopped"))  # the servers are stopped too
    with open(os.path.join(args.pdb_root, "state.json")) as f:
        state = json.load(f)
    puppetdb = Endpoint("puppetdb", state["pdb_port"])
    if args.ingest == "puppetdb" and args.repeat == 0:
        return preload(puppetdb, args)
    if args.memory_only:
        args.ingest = "marionette"
    scratch = tempfile.mkdtemp(prefix="marionette-pdb-bench-")
    redis, server, marionette = start_marionette(args, scratch)
    endpoints = [puppetdb, marionette]
    figures = {"nodes": args.nodes, "concurrency": args.concurrency, "repeat": args.repeat,
               "curl_rate": args.curl_rate,
               "load_start": load_average(), "started": time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime())}
    try:
        figures["ingest"] = {
            "facts": ingest(endpoints, args.nodes, args.concurrency, fleet.facts, "replace_facts",
                            5, "facts_timestamp", args.ingest),
            "catalogs": ingest(endpoints, args.nodes, args.concurrency, fleet.catalog,
                               "replace_catalog", 9, "catalog_timestamp", args.ingest),
            "reports": ingest(endpoints, args.nodes, args.concurrency, fleet.report,
                              "store_report", 8, "report_timestamp", args.ingest),
        }
        if args.pdb_ingest:
            with open(args.pdb_ingest) as f:
                preloaded = json.load(f)
            figures["puppetdb_ingest_run"] = preloaded["started"]
            for phase, result in figures["ingest"].items():
                result.setdefault("puppetdb", preloaded["ingest"][phase]["puppetdb"])
        if not args.memory_only:
            drain(puppetdb)
            if args.pdb_warm:
                figures["puppetdb_warm"] = warm(puppetdb, fleet.queries(args.nodes), args.pdb_warm)
            figures["queries"] = query_latencies(endpoints, fleet.queries(args.nodes), args.repeat)
            figures["load_curl"] = load_average()
            figures["queries_curl"] = curl_latencies(endpoints, fleet.queries(args.nodes),
                                                     args.repeat)
            if args.curl_rate:
                figures["load_curl_paced"] = load_average()
                figures["queries_curl_paced"] = curl_latencies(
                    endpoints, fleet.queries(args.nodes), args.repeat, args.curl_rate)
        time.sleep(2)  # idle, as a server between requests (marionette trims freed memory each second)
        workers = process_tree(server.pid)[1:]  # the compile server's Ruby workers, idle here
        figures["memory"] = {
            "marionette server": memory_kib([server.pid]),
            "marionette's Ruby workers (idle)": memory_kib(workers),
            "redis-server": memory_kib([redis.pid]),
            "PuppetDB JVM": memory_kib(process_tree(state["pdb_pid"])),
            "PostgreSQL": memory_kib(postgres_pids(args.pdb_root)),
        }
        figures["redis"] = redis_memory(marionette.redis_port)
        figures["load_end"] = load_average()
        figures["finished"] = time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime())
    finally:
        server.terminate()
        server.wait()
        redis.terminate()
        redis.wait()
    if args.json:
        with open(args.json, "w") as f:
            json.dump(figures, f, indent=1)
    print_table(figures)
    shutil.rmtree(scratch, ignore_errors=True)


def preload(puppetdb, args):
    """--ingest puppetdb --repeat 0: only PuppetDB receives the fleet (its ingest timed), no
    marionette server and no queries; a second run then asks both with --ingest marionette."""
    figures = {"nodes": args.nodes, "first": args.first, "concurrency": args.concurrency,
               "load_start": load_average(),
               "started": time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime()), "ingest": {}}
    for phase, make, command, version, field in [
            ("facts", fleet.facts, "replace_facts", 5, "facts_timestamp"),
            ("catalogs", fleet.catalog, "replace_catalog", 9, "catalog_timestamp"),
            ("reports", fleet.report, "store_report", 8, "report_timestamp")]:
        figures["ingest"][phase] = ingest([puppetdb], args.nodes, args.concurrency, make,
                                          command, version, field, ["puppetdb"], args.first)
    drain(puppetdb)
    figures["load_end"] = load_average()
    figures["finished"] = time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime())
    if args.json:
        with open(args.json, "w") as f:
            json.dump(figures, f, indent=1)
    print(json.dumps(figures, indent=1))


def print_table(figures):
    print(f"\n{figures['nodes']} nodes, {figures['started']} to {figures['finished']}, "
          f"load average {figures['load_start']} to {figures['load_end']}\n")
    if figures.get("puppetdb_ingest_run"):
        print(f"(PuppetDB's ingest: its run of {figures['puppetdb_ingest_run']}, not this one)\n")
    print("| ingest (POSTed, C=%d) | marionette | PuppetDB 7.12 | ratio |" % figures["concurrency"])
    print("| --- | ---: | ---: | ---: |")
    for phase, result in figures["ingest"].items():
        if "marionette" not in result or "puppetdb" not in result:
            continue
        m, p = result["marionette"]["applied_seconds"], result["puppetdb"]["applied_seconds"]
        print(f"| {figures['nodes']} {phase} ({result['bytes'] / 2**20:.0f} MiB) | {m:.1f} s | "
              f"{p:.1f} s | {p / m:.1f}× |")
    print("\n| query (rows) | marionette p50 / p99 | PuppetDB p50 / p99 | p50 ratio |")
    print("| --- | ---: | ---: | ---: |")
    for q in figures.get("queries", []):
        m, p = q["marionette"], q["puppetdb"]
        rows = q["rows"]["marionette"]
        if rows != q["rows"]["puppetdb"]:
            rows = f"{rows} vs {q['rows']['puppetdb']}"
        print(f"| {q['query']} ({rows}) | {m['p50_ms']:.1f} / {m['p99_ms']:.1f} ms | "
              f"{p['p50_ms']:.1f} / {p['p99_ms']:.1f} ms | {p['p50_ms'] / max(m['p50_ms'], 0.01):.1f}× |")
    for kind, title in (("", "back to back"), ("_paced", f"at most {figures.get('curl_rate')}")):
        if not figures.get("queries_curl" + kind):
            continue
        print(f"\nThe same queries through curl, {title} (load average "
              f"{figures['load_curl' + kind]} at its start): time_total p50 / p99, and "
              "time_starttransfer p50\n")
        print("| query | marionette p50 / p99 (first byte) | PuppetDB p50 / p99 (first byte) "
              "| p50 ratio |")
        print("| --- | ---: | ---: | ---: |")
        for q in figures["queries_curl" + kind]:
            m, p = q["marionette"], q["puppetdb"]
            print(f"| {q['query']} | {m['p50_ms']:.2f} / {m['p99_ms']:.2f} ms "
                  f"({m['first_byte_p50_ms']:.2f}) | {p['p50_ms']:.2f} / {p['p99_ms']:.2f} ms "
                  f"({p['first_byte_p50_ms']:.2f}) | {p['p50_ms'] / max(m['p50_ms'], 0.001):.1f}× |")
    mem = figures["memory"]
    ours = mem["marionette server"]["pss_mib"] + mem["redis-server"]["pss_mib"]
    workers = mem.get("marionette's Ruby workers (idle)", {}).get("pss_mib", 0)
    theirs = mem["PuppetDB JVM"]["pss_mib"] + mem["PostgreSQL"]["pss_mib"]
    print("\n| memory after the queries | RSS | PSS |")
    print("| --- | ---: | ---: |")
    for name, m in mem.items():
        print(f"| {name} | {m['rss_mib']} MiB | {m['pss_mib']} MiB |")
    if "redis" in figures:
        print(f"\nRedis used_memory {figures['redis']['used_memory_mib']} MiB "
              f"({figures['redis'].get('allocator_mib', {})}); by key kind:")
        for kind, entry in figures["redis"]["by_kind"].items():
            print(f"  {kind}: {entry['mib']} MiB in {entry['keys']} keys")
    print(f"\nPSS: marionette server + redis {ours} MiB, PuppetDB + PostgreSQL {theirs} MiB "
          f"({theirs / max(ours, 1):.1f}×); with the server's idle Ruby compile workers "
          f"{ours + workers} MiB ({theirs / max(ours + workers, 1):.1f}×)")


if __name__ == "__main__":
    main()
