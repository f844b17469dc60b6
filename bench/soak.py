#!/usr/bin/env python3
"""The soak (issue 37): marionette-load's simulated nodes against two `marionette server`s
sharing one 127.0.0.1 port (--reuse-port; one CA, one --no-ca compile server) and one private
redis-server, with faults injected on a schedule:

  kill-compile   the compile server killed with SIGKILL, restarted after a pause
  redis-restart  redis-server stopped (SIGTERM) and started again on its append-only file
  disk-full      the report directory (a tmpfs this script mounts) filled, for a while
  half-request   clients that send half a request (headers, or a body) and stop
  kill-ca        the CA server killed with SIGKILL, restarted after a pause

Checks: every report a 200 acknowledged is stored (the load's --run-log against the report
files), every node whose catalog was served has its exported resource in Redis, each server's
RSS every minute, every fault seen in the servers' logs or counters (/metrics), the nodes' runs
succeeding again after each fault without help. A long check, not in CI; needs root (tmpfs),
redis-server and a built tree (marionette, marionette-load).

  sudo nice python3 bench/soak.py --minutes 60            # the full soak (docs/performance.md)
  sudo nice python3 bench/soak.py --minutes 5 --interval 60  # the short one, faults scaled
"""

import argparse
import glob
import json
import os
import re
import shutil
import signal
import socket
import ssl
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_support import free_port, wait_until  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Each fault at this fraction of the run.
SCHEDULE = [
    (0.15, "kill-compile"),
    (0.30, "redis-restart"),
    (0.45, "disk-full"),
    (0.60, "half-request"),
    (0.75, "kill-ca"),
]


def log(message):
    print(time.strftime("%H:%M:%S ") + message, flush=True)


def rss_kib(pid):
    try:
        with open("/proc/%d/status" % pid) as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return None


class Process:
    """A child with its output in a file; `text()` reads what it said so far."""

    def __init__(self, name, argv, logdir):
        self.name, self.argv = name, argv
        self.path = os.path.join(logdir, name + ".log")
        self.starts = 0
        self.start()

    def start(self):
        self.out = open(self.path, "a")
        self.out.write("=== start %s\n" % time.strftime("%H:%M:%S"))
        self.out.flush()
        self.proc = subprocess.Popen(self.argv, stdout=self.out, stderr=subprocess.STDOUT)
        self.starts += 1

    def text(self):
        with open(self.path, errors="replace") as f:
            return f.read()

    def kill(self, sig):
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.out.close()


class Soak:
    def __init__(self, args):
        self.args = args
        self.work = tempfile.mkdtemp(prefix="marionette-soak-", dir=args.workdir)
        self.logs = os.path.join(self.work, "logs")
        os.makedirs(self.logs)
        # Copies, so that a rebuild while the soak runs changes nothing it restarts.
        binaries = os.path.join(self.work, "bin")
        shutil.copytree(os.path.join(args.build, "core/lib"), os.path.join(binaries, "core/lib"),
                        ignore=shutil.ignore_patterns("CMakeFiles", "*.a", "*.o"))
        os.makedirs(os.path.join(binaries, "core/cli"))
        self.marionette = os.path.join(binaries, "core/cli/marionette")
        shutil.copy(os.path.join(args.build, "core/cli/marionette"), self.marionette)
        self.load_binary = os.path.join(binaries, "marionette-load")
        shutil.copy(os.path.join(args.build, "tools/load/marionette-load"), self.load_binary)
        self.port = free_port()
        self.redis_port = free_port()
        self.reports = os.path.join(self.work, "reports")
        self.faults = []  # (time, name, what happened)
        self.rss = []  # (minute, {server: kib})
        self.counters = []  # (minute, {server: {name: value}})
        self.stop = threading.Event()

    # -- setup ---------------------------------------------------------------------------
    def mount_report_tmpfs(self):
        os.makedirs(self.reports)
        subprocess.run(["mount", "-t", "tmpfs", "-o", "size=%dm" % self.args.report_mib,
                        "marionette-soak", self.reports], check=True)

    def start_redis(self):
        redis_dir = os.path.join(self.work, "redis")
        os.makedirs(redis_dir, exist_ok=True)
        self.redis = Process("redis", [
            "redis-server", "--bind", "127.0.0.1", "--port", str(self.redis_port), "--dir",
            redis_dir, "--appendonly", "yes", "--appendfsync", "always", "--save", "",
            "--protected-mode", "yes"], self.logs)
        wait_until(lambda: self.redis_cli("PING") == "PONG", 30, "redis-server")

    def redis_cli(self, *words):
        done = subprocess.run(["redis-cli", "-h", "127.0.0.1", "-p", str(self.redis_port)] +
                              list(words), capture_output=True, text=True, timeout=60)
        return done.stdout.strip()

    def write_environment(self):
        env = os.path.join(self.work, "env")
        os.makedirs(os.path.join(env, "manifests"))
        os.makedirs(os.path.join(env, "modules"))
        with open(os.path.join(env, "manifests", "site.pp"), "w") as f:
            f.write("node default {\n"
                    "  @@host { $trusted['certname']: ip => '192.0.2.1', tag => ['soak'] }\n"
                    "  notify { \"soak run of ${trusted['certname']}\": }\n"
                    "  file { '/nonexistent-soak/motd': ensure => file, content => \"${facts['fqdn']}\\n\" }\n"
                    "}\n")
        return env

    def server_argv(self, name, extra):
        state = os.path.join(self.work, name)
        return [self.marionette, "server", "--env-dir", self.env, "--modulepath",
                os.path.join(self.env, "modules"), "--ssldir", os.path.join(state, "ssl"),
                "--statedir", os.path.join(state, "state"), "--reportdir", self.reports,
                "--bindaddress", "127.0.0.1", "--serverport", str(self.port), "--reuse-port",
                "--dns-alt-names", "localhost,IP:127.0.0.1", "--keylength", "2048",
                "--autosign", "true", "--workers", str(self.args.workers),
                "--redis", "redis://127.0.0.1:%d" % self.redis_port, "--storeconfigs",
                "--metrics-anonymous-from", "127.0.0.1", "--no-snmp", "--verbose"] + extra

    def start_servers(self):
        self.env = self.write_environment()
        ca_ssl = os.path.join(self.work, "ca", "ssl")
        self.agents = os.path.join(self.work, "agents")
        pki = self.args.pki
        reused = pki and os.path.isdir(os.path.join(pki, "agents")) and len(
            glob.glob(os.path.join(pki, "agents", "certs", "loadnode-*"))) >= self.args.nodes
        if reused:  # the CA and the nodes' certificates of an earlier soak (RSA keys take long)
            shutil.copytree(os.path.join(pki, "ca-ssl"), ca_ssl)
            shutil.copytree(os.path.join(pki, "agents"), self.agents)
        self.ca = Process("ca", self.server_argv("ca", ["--certname", "ca.soak.test"]), self.logs)
        self.wait_listening(self.ca)
        if not os.path.exists(os.path.join(ca_ssl, "certs", "compile.soak.test.pem")):
            subprocess.run([self.marionette, "ca", "generate", "--certname", "compile.soak.test",
                            "--subject-alt-names", "localhost,IP:127.0.0.1", "--keylength",
                            "2048", "--ssldir", ca_ssl], check=True, capture_output=True)
        compile_ssl = os.path.join(self.work, "compile", "ssl")
        os.makedirs(os.path.join(compile_ssl, "certs"))
        os.makedirs(os.path.join(compile_ssl, "private_keys"))
        for part in ("certs", "private_keys"):
            shutil.copy(os.path.join(ca_ssl, part, "compile.soak.test.pem"),
                        os.path.join(compile_ssl, part))
        shutil.copy(os.path.join(ca_ssl, "ca", "ca_crt.pem"),
                    os.path.join(compile_ssl, "certs", "ca.pem"))
        shutil.copy(os.path.join(ca_ssl, "ca", "ca_crl.pem"), os.path.join(compile_ssl, "crl.pem"))
        self.ca_certificate = os.path.join(ca_ssl, "ca", "ca_crt.pem")
        # The nodes' certificates, asked of the CA (autosign) before the compile server shares
        # the port (it has no CA: a CSR reaching it would be a 404).
        started = time.time()
        if not reused:
            self.share_one_node_key()
        subprocess.run(self.load_argv(["--concurrency", "8", "--count", "1", "--no-report"]),
                       check=True, capture_output=True, timeout=3600)
        log("%d node certificates in %.0f s" % (self.args.nodes, time.time() - started))
        if pki and not reused:
            shutil.rmtree(pki, ignore_errors=True)
            shutil.copytree(ca_ssl, os.path.join(pki, "ca-ssl"))
            shutil.copytree(self.agents, os.path.join(pki, "agents"))
        if self.args.prepare_only:
            return
        self.compile = Process("compile", self.server_argv("compile", [
            "--certname", "compile.soak.test", "--no-ca", "--ca_server", "127.0.0.1",
            "--ca_port", str(self.port)]), self.logs)
        self.wait_listening(self.compile)

    def share_one_node_key(self):
        """One RSA key for every node (each still has its own certificate): 1,000 keys would
        take this loaded machine a quarter of an hour; marionette-load uses a key it finds."""
        keys = os.path.join(self.agents, "private_keys")
        os.makedirs(keys, exist_ok=True)
        shared = os.path.join(self.work, "node-key.pem")
        subprocess.run(["openssl", "genrsa", "-out", shared, "2048"], check=True,
                       capture_output=True)
        width = max(4, len(str(self.args.nodes)))
        for i in range(1, self.args.nodes + 1):
            shutil.copy(shared, os.path.join(keys, "loadnode-%0*d.soak.test.pem" % (width, i)))

    def wait_listening(self, server):
        before = server.text().count("listening on")
        wait_until(lambda: server.text().count("listening on") > before or
                 server.proc.poll() is not None, 120, server.name + " listening")
        if server.proc.poll() is not None:
            raise RuntimeError(server.name + " did not start:\n" + server.text()[-2000:])

    def load_argv(self, extra):
        return [self.load_binary, "--server", "127.0.0.1", "--serverport", str(self.port),
                "--ssldir", self.agents, "--facts", os.path.join(ROOT, "examples/facts.yaml"),
                "--domain", "soak.test", "--nodes", str(self.args.nodes), "--timeout", "30",
                "--keylength", "2048"] + extra

    # -- faults --------------------------------------------------------------------------
    def fault(self, name):
        pause = self.args.pause
        at = time.time()
        if name in ("kill-compile", "kill-ca"):
            server = self.compile if name == "kill-compile" else self.ca
            pid = server.proc.pid
            server.kill(signal.SIGKILL)
            time.sleep(pause)
            server.start()
            self.wait_listening(server)
            what = "pid %d killed; restarted, listening after %.1f s" % (pid, time.time() - at)
        elif name == "redis-restart":
            keys_before = self.redis_cli("DBSIZE")
            self.redis.kill(signal.SIGTERM)
            time.sleep(pause)
            self.redis.start()
            wait_until(lambda: self.redis_cli("PING") == "PONG", 60, "redis-server")
            what = "down %.1f s; keys %s before, %s after" % (
                time.time() - at, keys_before, self.redis_cli("DBSIZE"))
        elif name == "disk-full":
            filler = os.path.join(self.reports, "filler")
            subprocess.run(["dd", "if=/dev/zero", "of=" + filler, "bs=1M"],
                           capture_output=True)
            free = shutil.disk_usage(self.reports).free
            time.sleep(self.args.disk_full_seconds)
            os.remove(filler)
            what = "full (%d bytes free) for %d s" % (free, self.args.disk_full_seconds)
        elif name == "half-request":
            what = self.half_requests()
        self.faults.append((at, name, what))
        log("fault %s: %s" % (name, what))

    def half_requests(self):
        """Two clients stop halfway, one in its headers and one in its body; both held open
        past the server's header and idle timeouts (10 s and 5 s), then dropped."""
        context = ssl.create_default_context(cafile=self.ca_certificate)
        context.check_hostname = False
        halves = [
            b"GET /puppet/v3/node/x.soak.test?environment=production HTTP/1.1\r\nHost: soak\r\nAcc",
            b"PUT /puppet/v3/report/x.soak.test?environment=production HTTP/1.1\r\nHost: soak\r\n"
            b"Content-Type: application/json\r\nContent-Length: 4000\r\n\r\n{\"host\": \"x.so",
        ]
        sockets, answers = [], []
        for half in halves:
            s = context.wrap_socket(socket.create_connection(("127.0.0.1", self.port), 30))
            s.sendall(half)
            sockets.append(s)
        for s in sockets:
            s.settimeout(40)
            try:
                answers.append(s.recv(200).split(b"\r\n")[0].decode(errors="replace") or "closed")
            except (OSError, ssl.SSLError) as e:
                answers.append("no answer (%s)" % e)
            s.close()
        return "; ".join(answers)

    def run_faults(self, start, seconds):
        for fraction, name in SCHEDULE:
            at = start + fraction * seconds
            while time.time() < at:
                if self.stop.wait(min(1.0, max(0.0, at - time.time()))):
                    return
            try:
                self.fault(name)
            except Exception as e:  # the soak goes on; the fault's failure is its finding
                self.faults.append((time.time(), name, "FAILED: %s" % e))
                log("fault %s FAILED: %s" % (name, e))

    # -- watching ------------------------------------------------------------------------
    def scrape(self):
        """/metrics of each server: new connections until both certificates answered."""
        context = ssl.create_default_context(cafile=self.ca_certificate)
        context.check_hostname = False
        seen = {}
        for _ in range(40):
            try:
                with context.wrap_socket(socket.create_connection(("127.0.0.1", self.port), 10)) as s:
                    subject = dict(x[0] for x in s.getpeercert()["subject"])["commonName"]
                    if subject in seen:
                        continue
                    s.sendall(b"GET /metrics HTTP/1.1\r\nHost: soak\r\nConnection: close\r\n\r\n")
                    data = b""
                    while True:
                        chunk = s.recv(65536)
                        if not chunk:
                            break
                        data += chunk
                    seen[subject] = parse_metrics(data.decode(errors="replace"))
            except (OSError, ssl.SSLError):
                pass
            if len(seen) == 2:
                break
        return seen

    def watch(self, start):
        minute = 0
        while not self.stop.wait(max(0.0, start + (minute + 1) * 60 - time.time())):
            minute += 1
            rss = {"ca": rss_kib(self.ca.proc.pid), "compile": rss_kib(self.compile.proc.pid),
                   "redis": rss_kib(self.redis.proc.pid)}
            self.rss.append((minute, rss))
            self.counters.append((minute, self.scrape()))
            log("minute %d: RSS KiB %s" % (minute, rss))

    # -- the run -------------------------------------------------------------------------
    def run(self):
        self.mount_report_tmpfs()
        try:
            self.start_redis()
            self.start_servers()
            if self.args.prepare_only:
                return None
            seconds = self.args.minutes * 60
            self.run_log = os.path.join(self.work, "runs.jsonl")
            log("soak: %d nodes every %d s for %d min on 127.0.0.1:%d (work %s)" % (
                self.args.nodes, self.args.interval, self.args.minutes, self.port, self.work))
            start = time.time()
            load = subprocess.Popen(self.load_argv([
                "--concurrency", str(self.args.concurrency), "--duration", str(seconds),
                "--interval", str(self.args.interval), "--run-log", self.run_log, "--json"]),
                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            faults = threading.Thread(target=self.run_faults, args=(start, seconds))
            watcher = threading.Thread(target=self.watch, args=(start,))
            faults.start()
            watcher.start()
            out, err = load.communicate(timeout=seconds + 600)
            self.stop.set()
            faults.join()
            watcher.join()
            self.load_summary = json.loads(out) if out.strip().startswith("{") else {"error": err}
            self.load_seconds = time.time() - start
            return self.check()
        finally:
            self.stop.set()
            for name in ("compile", "ca", "redis"):
                if hasattr(self, name):
                    getattr(self, name).kill(signal.SIGTERM)
            subprocess.run(["umount", self.reports])

    def check(self):
        runs = [json.loads(line) for line in open(self.run_log)]
        acknowledged = {(r["node"], r["transaction_uuid"]) for r in runs if r["report"]}
        stored = set()
        leftovers = []
        for path in glob.glob(os.path.join(self.reports, "*", "*")):
            if not path.endswith(".json"):
                leftovers.append(path)
                continue
            try:
                report = json.load(open(path))
                stored.add((report.get("host"), report.get("transaction_uuid")))
            except ValueError:
                leftovers.append(path)
        lost = sorted(acknowledged - stored)
        cataloged = {r["node"] for r in runs if r["catalog"]}
        # marionette:exported:ENVIRONMENT:NODE, every GET through one redis-cli.
        nodes = sorted(cataloged)
        commands = "".join("GET marionette:exported:production:%s\n" % n for n in nodes)
        values = subprocess.run(["redis-cli", "-h", "127.0.0.1", "-p", str(self.redis_port)],
                                input=commands, capture_output=True, text=True,
                                timeout=600).stdout.split("\n")
        missing_exports = [n for n, v in zip(nodes, values + [""] * len(nodes))
                           if "Host[%s]" % n not in v and '"%s"' % n not in v]
        result = {
            "command": " ".join(sys.argv),
            "minutes": self.args.minutes, "nodes": self.args.nodes,
            "interval": self.args.interval, "load": self.load_summary,
            "runs": len(runs), "ok_runs": sum(1 for r in runs if not r["error"]),
            "reports_acknowledged": len(acknowledged), "reports_stored": len(stored),
            "lost_reports": lost[:20], "lost_report_count": len(lost),
            "report_dir_leftovers": leftovers[:20],
            "nodes_with_catalog": len(cataloged), "missing_exports": missing_exports[:20],
            "missing_export_count": len(missing_exports),
            "faults": [{"at": round(t - self.faults[0][0], 1) if self.faults else 0,
                        "fault": n, "what": w} for t, n, w in self.faults],
            "per_minute": per_minute(runs),
            "rss_kib": [{"minute": m, **r} for m, r in self.rss],
            "counters": [{"minute": m, **c} for m, c in self.counters],
            "logged": self.logged(),
            "work": self.work,
        }
        with open(os.path.join(self.work, "result.json"), "w") as f:
            json.dump(result, f, indent=1)
        return result

    def logged(self):
        """What the servers said about the faults (counts of telling lines)."""
        patterns = {
            "report_store_failed": r"cannot store the report",
            "errors_logged": r"(?m)^Error: ",
            "redis_warnings": r"(?i)warning:.*(redis|store)",
            "status_500": r'(?m)" 500$',
            "status_408": r'(?m)" 408$',
            "starts": r"listening on",
        }
        out = {}
        for server in (self.ca, self.compile):
            text = server.text()
            out[server.name] = {k: len(re.findall(p, text)) for k, p in patterns.items()}
        return out


def parse_metrics(text):
    wanted = ("marionette_server_http_requests_total", "marionette_server_reports_total",
              "marionette_server_compile_failures_total", "marionette_server_compiles_total",
              "marionette_server_tls_handshake_failures_total",
              "marionette_server_queue_rejections_total", "marionette_server_start_time_seconds")
    figures = {}
    for line in text.splitlines():
        if line.startswith("#"):
            continue
        parts = line.rsplit(" ", 1)
        if len(parts) != 2:
            continue
        name = parts[0]
        base = name.split("{")[0]
        if base in wanted:
            try:
                figures[name] = float(parts[1])
            except ValueError:
                pass
    return figures


def per_minute(runs):
    if not runs:
        return []
    first = min(r["time"] for r in runs)
    table = {}
    for r in runs:
        row = table.setdefault(int((r["time"] - first) // 60) + 1, {"ok": 0, "failed": 0, "errors": {}})
        if r["error"]:
            row["failed"] += 1
            row["errors"][r["error"]] = row["errors"].get(r["error"], 0) + 1
        else:
            row["ok"] += 1
    return [{"minute": m, **table[m]} for m in sorted(table)]


def markdown(result):
    """The tables docs/performance.md shows: per minute, the faults, the checks."""
    rss = {row["minute"]: row for row in result["rss_kib"]}
    lines = ["| minute | runs ok | runs failed (by kind) | RSS CA server (MiB) | "
             "RSS compile server (MiB) | RSS redis (MiB) |", "|---|---|---|---|---|---|"]
    mib = lambda kib: "%.1f" % (kib / 1024.0) if kib else "-"
    for row in result["per_minute"]:
        r = rss.get(row["minute"], {})
        kinds = ", ".join("%s %d" % kv for kv in sorted(row["errors"].items()))
        lines.append("| %d | %d | %d%s | %s | %s | %s |" % (
            row["minute"], row["ok"], row["failed"], " (%s)" % kinds if kinds else "",
            mib(r.get("ca")), mib(r.get("compile")), mib(r.get("redis"))))
    lines += ["", "| at (s after the first) | fault | what happened |", "|---|---|---|"]
    for f in result["faults"]:
        lines.append("| %s | %s | %s |" % (f["at"], f["fault"], f["what"]))
    lines += ["", "| check | result |", "|---|---|"]
    lines.append("| runs (ok) | %d (%d) |" % (result["runs"], result["ok_runs"]))
    lines.append("| reports acknowledged 200 / stored / lost | %d / %d / **%d** |" % (
        result["reports_acknowledged"], result["reports_stored"], result["lost_report_count"]))
    lines.append("| nodes with a catalog / exported Host missing in Redis | %d / **%d** |" % (
        result["nodes_with_catalog"], result["missing_export_count"]))
    lines.append("| report dir leftovers (temp files) | %d |" % len(result["report_dir_leftovers"]))
    for server, counts in sorted(result["logged"].items()):
        lines.append("| %s server log lines | %s |" % (server, ", ".join(
            "%s %d" % kv for kv in sorted(counts.items()))))
    if result["counters"]:
        last = result["counters"][-1]
        for server, figures in sorted((k, v) for k, v in last.items() if k != "minute"):
            lines.append("| %s /metrics at the end (since its last start) | %s |" % (
                server, ", ".join("%s %g" % (k.replace("marionette_server_", ""), v)
                                  for k, v in sorted(figures.items())
                                  if "start_time" not in k)))
    return "\n".join(lines) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=int, default=60)
    parser.add_argument("--nodes", type=int, default=1000)
    parser.add_argument("--interval", type=int, default=300, help="each node's runinterval, s")
    parser.add_argument("--concurrency", type=int, default=32)
    parser.add_argument("--workers", type=int, default=2, help="each server's --workers")
    parser.add_argument("--pause", type=float, default=5, help="a killed part's downtime, s")
    parser.add_argument("--disk-full-seconds", type=int, default=None)
    parser.add_argument("--report-mib", type=int, default=64)
    parser.add_argument("--build", default=os.path.join(ROOT, "build"))
    parser.add_argument("--workdir", default="/tmp")
    parser.add_argument("--pki", help="keep the CA and the nodes' certificates here, and take "
                        "them from here when it holds enough")
    parser.add_argument("--prepare-only", action="store_true",
                        help="make the certificates (into --pki) and stop")
    parser.add_argument("--table", metavar="RESULT_JSON",
                        help="print an earlier soak's result.json as markdown tables, and stop")
    args = parser.parse_args()
    if args.table:
        print(markdown(json.load(open(args.table))), end="")
        return 0
    if args.disk_full_seconds is None:
        args.disk_full_seconds = 60 if args.minutes >= 30 else max(10, args.minutes * 4)
    result = Soak(args).run()
    if result is None:
        return 0
    summary = {k: v for k, v in result.items() if k not in ("per_minute", "counters")}
    print(json.dumps(summary, indent=1))
    ok = result["lost_report_count"] == 0 and result["missing_export_count"] == 0
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
