#!/usr/bin/env python3
"""Debian's PuppetDB 7.12 as the reference for marionette's PuppetDB API.

Installs nothing: it uses the puppetdb and postgresql-15 packages as installed, and starts a
private PostgreSQL cluster (pg_ctl from /usr/lib/postgresql/15/bin, run as the postgres user
when started as root, on 127.0.0.1 at a free port, in a temp dir) and a PuppetDB (its own
conf.d, vardir and logs in the same temp dir, plain HTTP on 127.0.0.1 at a free port and HTTPS
on another, with a private CA made by openssl for `localhost`, as puppet-terminus-puppetdb
accepts only https; one command-processing thread so commands apply in the order sent).

  bench/puppetdb_reference.py start [--root DIR]      start both, print the root, leave them up
  bench/puppetdb_reference.py record --root DIR       send the fleet's commands (once) and ask
                                                      every query; write PuppetDB's answers to
                                                      tests/puppetdb/reference/
  bench/puppetdb_reference.py record-function --root DIR
                                                      send the commands (once), then compile
                                                      tests/puppetdb/reference/function/*.pp with
                                                      Debian's Puppet 7 and puppet-terminus-puppetdb
                                                      querying this PuppetDB; write each catalog
                                                      beside its manifest (NAME.json)
  bench/puppetdb_reference.py record-routes --root DIR
                                                      ask PuppetDB for the paths of
                                                      bench/puppetdb_queries.py's route_edges()
                                                      (no data needed), redirects not followed;
                                                      write tests/puppetdb/reference/routes.json
  bench/puppetdb_reference.py record-pql-refusals --root DIR
                                                      ask PuppetDB bench/puppetdb_queries.py's
                                                      pql_refusal_cases() (no data needed); write
                                                      its status and, for a PQL parse error, its
                                                      body to tests/puppetdb/reference/pql-refusals.json
  bench/puppetdb_reference.py compare --url URL       ask a marionette server (plain or its
                                                      HTTPS with --cert/--key/--cacert) the same
                                                      queries after sending it the commands, and
                                                      compare with the recorded answers
  bench/puppetdb_reference.py stop --root DIR         stop PuppetDB and PostgreSQL
  bench/puppetdb_reference.py resume --root DIR       start both again on the data they hold

The fleet and the queries are bench/puppetdb_fleet_data.py and bench/puppetdb_queries.py;
tests/puppetdb/reference_test.cpp replays the recorded commands into marionette's handler and
compares its answers with PuppetDB's without PuppetDB (normalisation: puppetdb_compare.py).
PuppetDB is a JVM with a 512 MiB heap here: start it once and stop it when done.
"""
import argparse, http.client, json, os, shutil, signal, ssl, subprocess, sys, tempfile, time
import urllib.error, urllib.parse, urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import puppetdb_fleet_data as fleet  # noqa: E402
import puppetdb_queries  # noqa: E402
from puppetdb_compare import compare_answer  # noqa: E402
from bench_support import free_port  # noqa: E402

PG_BIN = "/usr/lib/postgresql/15/bin"
HERE = os.path.dirname(os.path.abspath(__file__))
REFERENCE = os.path.join(HERE, "..", "tests", "puppetdb", "reference")


def as_postgres(argv):
    return (["runuser", "-u", "postgres", "--"] + argv) if os.geteuid() == 0 else argv


def find_puppetdb():
    """The jar and bootstrap.cfg the puppetdb package installed."""
    listed = subprocess.run(["dpkg", "-L", "puppetdb"], capture_output=True, text=True)
    if listed.returncode != 0:
        sys.exit("puppetdb is not installed (dpkg -l puppetdb)")
    files = listed.stdout.split()
    jars = [f for f in files if f.endswith(".jar") and "puppetdb" in os.path.basename(f)]
    boots = [f for f in files if f.endswith("bootstrap.cfg")]
    if not jars or not boots:
        sys.exit("cannot find puppetdb's jar or bootstrap.cfg in dpkg -L puppetdb")
    return jars[0], boots[0]


FUNCTION_CLIENT = "compiler.example.com"  # the certname Puppet presents to PuppetDB's https


def make_tls(ssl_dir):
    """A private CA, a server certificate for localhost/127.0.0.1 and a client certificate (PuppetDB
    asks for one), in PEM files."""
    os.makedirs(ssl_dir, exist_ok=True)

    def openssl(*argv):
        subprocess.run(["openssl", *argv], check=True, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL, cwd=ssl_dir)

    openssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca_key.pem", "-out",
            "ca.pem", "-days", "30", "-subj", "/CN=puppetdb-reference-ca")
    openssl("req", "-newkey", "rsa:2048", "-nodes", "-keyout", "server_key.pem", "-out",
            "server.csr", "-subj", "/CN=localhost")
    with open(os.path.join(ssl_dir, "san.cnf"), "w") as f:
        f.write("subjectAltName=DNS:localhost,IP:127.0.0.1\n")
    openssl("x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca_key.pem",
            "-CAcreateserial", "-out", "server.pem", "-days", "30", "-extfile", "san.cnf")
    openssl("req", "-newkey", "rsa:2048", "-nodes", "-keyout", "client_key.pem", "-out",
            "client.csr", "-subj", f"/CN={FUNCTION_CLIENT}")
    openssl("x509", "-req", "-in", "client.csr", "-CA", "ca.pem", "-CAkey", "ca_key.pem",
            "-CAcreateserial", "-out", "client.pem", "-days", "30")


def start(root):
    os.makedirs(root, exist_ok=True)
    state = {"root": root, "pg_port": free_port(), "pdb_port": free_port(),
             "pdb_ssl_port": free_port()}
    make_tls(os.path.join(root, "ssl"))
    pg = os.path.join(root, "pg")
    os.makedirs(pg, exist_ok=True)
    if os.geteuid() == 0:
        shutil.chown(root, "postgres")
        shutil.chown(pg, "postgres")
    subprocess.run(as_postgres([f"{PG_BIN}/initdb", "-D", pg + "/data", "-U", "postgres",
                                "--auth=trust", "-E", "UTF8", "--locale=C.UTF-8"]),
                   check=True, stdout=subprocess.DEVNULL)
    subprocess.run(as_postgres([f"{PG_BIN}/pg_ctl", "-D", pg + "/data", "-l", pg + "/log", "-w",
                                "-o", f"-p {state['pg_port']} -k {pg} -c listen_addresses=127.0.0.1",
                                "start"]), check=True, stdout=subprocess.DEVNULL)
    psql = ["/usr/bin/psql", "-h", "127.0.0.1", "-p", str(state["pg_port"]), "-U", "postgres",
            "-v", "ON_ERROR_STOP=1", "-q"]
    subprocess.run(psql + ["-c", "CREATE DATABASE puppetdb"], check=True)
    subprocess.run(psql + ["-d", "puppetdb", "-c", "CREATE EXTENSION pg_trgm"], check=True)

    jar, bootstrap = find_puppetdb()
    conf = os.path.join(root, "conf.d")
    vardir = os.path.join(root, "vardir")
    for d in (conf, vardir):
        os.makedirs(d, exist_ok=True)
    with open(os.path.join(root, "logback.xml"), "w") as f:
        f.write(f"""<configuration>
  <appender name="F" class="ch.qos.logback.core.FileAppender">
    <file>{root}/puppetdb.log</file>
    <encoder><pattern>%d %-5p [%c{{2}}] %m%n</pattern></encoder>
  </appender>
  <root level="info"><appender-ref ref="F"/></root>
</configuration>
""")
    # the trapperkeeper authorization service the bootstrap loads reads auth.conf
    shutil.copy(os.path.join(os.path.dirname(bootstrap), "conf.d", "auth.conf"), conf)
    with open(os.path.join(conf, "puppetdb.ini"), "w") as f:
        f.write(f"""[global]
vardir = {vardir}
logging-config = {root}/logback.xml

[database]
subname = //127.0.0.1:{state['pg_port']}/puppetdb
username = postgres
password = postgres

[jetty]
host = 127.0.0.1
port = {state['pdb_port']}
ssl-host = 127.0.0.1
ssl-port = {state['pdb_ssl_port']}
ssl-key = {root}/ssl/server_key.pem
ssl-cert = {root}/ssl/server.pem
ssl-ca-cert = {root}/ssl/ca.pem

[command-processing]
threads = 1

[puppetdb]
disable-update-checking = true
""")
    return launch(root, state, jar, bootstrap)


def launch(root, state, jar, bootstrap):
    """Starts PuppetDB on root's conf.d and waits until its status says running."""
    conf = os.path.join(root, "conf.d")
    log = open(os.path.join(root, "stdout.log"), "a")
    process = subprocess.Popen(
        ["java", "-Xmx512m", "-XX:+UseSerialGC", "-cp", jar, "clojure.main", "-m",
         "puppetlabs.puppetdb.core", "services", "--config", conf,
         "--bootstrap-config", bootstrap],
        stdout=log, stderr=subprocess.STDOUT, start_new_session=True, cwd=root)
    state["pdb_pid"] = process.pid
    with open(os.path.join(root, "state.json"), "w") as f:
        json.dump(state, f)
    url = f"http://127.0.0.1:{state['pdb_port']}"
    deadline = time.time() + 600
    while time.time() < deadline:
        if process.poll() is not None:
            sys.exit(f"PuppetDB exited ({process.returncode}); see {root}/stdout.log")
        try:
            with urllib.request.urlopen(url + "/status/v1/services/puppetdb-status", timeout=5) as r:
                if json.load(r).get("state") == "running":
                    print(f"PuppetDB running at {url} (root {root})")
                    return state
        except (urllib.error.URLError, OSError, ValueError):
            pass
        time.sleep(2)
    sys.exit("PuppetDB did not start within 600 s")


def resume(root):
    """Starts PostgreSQL and PuppetDB again on a root that `start` made and `stop` stopped,
    keeping the data they hold (a bench can then add nodes to a fleet already received)."""
    with open(os.path.join(root, "state.json")) as f:
        state = json.load(f)
    pg = os.path.join(root, "pg")
    subprocess.run(as_postgres([f"{PG_BIN}/pg_ctl", "-D", pg + "/data", "-l", pg + "/log", "-w",
                                "-o", f"-p {state['pg_port']} -k {pg} -c listen_addresses=127.0.0.1",
                                "start"]), check=True, stdout=subprocess.DEVNULL)
    jar, bootstrap = find_puppetdb()
    return launch(root, state, jar, bootstrap)


def stop(root):
    with open(os.path.join(root, "state.json")) as f:
        state = json.load(f)
    try:
        os.killpg(state["pdb_pid"], signal.SIGTERM)
    except ProcessLookupError:
        pass
    subprocess.run(as_postgres([f"{PG_BIN}/pg_ctl", "-D", root + "/pg/data", "-m", "fast", "stop"]),
                   stdout=subprocess.DEVNULL)


class Client:
    def __init__(self, url, cert=None, key=None, cacert=None):
        self.url = url.rstrip("/")
        self.context = None
        if url.startswith("https"):
            self.context = ssl.create_default_context(cafile=cacert)
            self.context.check_hostname = False
            if cert:
                self.context.load_cert_chain(cert, key)

    def request(self, method, path, params=None, body=None):
        target = self.url + path
        if params and method == "GET":
            target += "?" + urllib.parse.urlencode(params)
        data = None
        headers = {"Accept": "application/json"}
        if method == "POST":
            data = json.dumps(body if body is not None else params).encode()
            headers["Content-Type"] = "application/json"
        request = urllib.request.Request(target, data=data, method=method, headers=headers)
        try:
            with urllib.request.urlopen(request, timeout=60, context=self.context) as r:
                return r.status, r.headers, r.read().decode()
        except urllib.error.HTTPError as e:
            return e.code, e.headers, e.read().decode()


def send_commands(client, wait_for_queue):
    results = []
    for command, version, payload in fleet.commands():
        params = {"command": command.replace(" ", "_"), "version": version,
                  "certname": payload["certname"],
                  "producer-timestamp": payload.get("producer_timestamp", "")}
        target = "/pdb/cmd/v1?" + urllib.parse.urlencode(params)
        status, _, text = client.request("POST", target, body=payload)
        results.append({"command": command, "version": version, "status": status})
        if status != 200:
            print(f"{command} for {payload['certname']}: {status} {text}", file=sys.stderr)
        if wait_for_queue:
            wait_for_queue()
    return results


def answer_of(client, query):
    status, headers, text = client.request(query["method"], query["path"], query["params"])
    try:
        body = json.loads(text)
    except ValueError:
        body = text
    answer = {"status": status, "body": body}
    if headers.get("X-Records") is not None:
        answer["x_records"] = int(headers["X-Records"])
    return answer


def fleet_sent(root):
    """The reference's state and a client, once the fleet's commands are applied."""
    with open(os.path.join(root, "state.json")) as f:
        state = json.load(f)
    client = Client(f"http://127.0.0.1:{state['pdb_port']}")

    def drained():
        for _ in range(600):
            status, _, text = client.request("GET", "/status/v1/services/puppetdb-status")
            if status == 200 and json.loads(text)["status"].get("queue_depth", 0) == 0:
                # the queue is empty once a command is taken; wait until it is applied too
                time.sleep(0.3)
                return
            time.sleep(0.2)

    if not state.get("commands_sent"):
        state["command_results"] = send_commands(client, drained)
        state["commands_sent"] = True
        with open(os.path.join(root, "state.json"), "w") as f:
            json.dump(state, f)
    time.sleep(2)
    return state, client


def record(root):
    _, client = fleet_sent(root)
    os.makedirs(REFERENCE, exist_ok=True)
    commands = [{"command": c, "version": v, "payload": p} for c, v, p in fleet.commands()]
    with open(os.path.join(REFERENCE, "commands.json"), "w") as f:
        json.dump(commands, f, indent=1, sort_keys=True)
        f.write("\n")
    queries = puppetdb_queries.queries()
    with open(os.path.join(REFERENCE, "queries.json"), "w") as f:
        json.dump(queries, f, indent=1)
        f.write("\n")
    answers = {}
    for query in queries:
        answers[query["name"]] = answer_of(client, query)
    with open(os.path.join(REFERENCE, "answers.json"), "w") as f:
        json.dump(answers, f, indent=1, sort_keys=True)
        f.write("\n")
    _, _, version = client.request("GET", "/pdb/meta/v1/version")
    print(f"recorded {len(answers)} answers of PuppetDB {json.loads(version)['version']} "
          f"to {os.path.relpath(REFERENCE)}")


def record_routes(root):
    """Status, body and Location (without scheme and host) of each route edge, as PuppetDB's
    router answers it: what an unknown path under /pdb/ gets, and the paths beside the routes."""
    with open(os.path.join(root, "state.json")) as f:
        port = json.load(f)["pdb_port"]
    answers = {}
    for path in puppetdb_queries.route_edges():
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        connection.request("GET", path, headers={"Accept": "application/json"})
        response = connection.getresponse()
        text = response.read().decode()
        try:
            body = json.loads(text)
        except ValueError:
            body = text
        answer = {"status": response.status, "body": body}
        location = response.getheader("Location")
        if location is not None:
            answer["location"] = urllib.parse.urlsplit(location)._replace(scheme="", netloc="").geturl()
        answers[path] = answer
        connection.close()
    with open(os.path.join(REFERENCE, "routes.json"), "w") as f:
        json.dump(answers, f, indent=1, sort_keys=True)
        f.write("\n")
    print(f"recorded {len(answers)} route answers to {os.path.relpath(REFERENCE)}/routes.json")


def record_pql_refusals(root):
    """PuppetDB's words for malformed PQL (tests/puppetdb/pql_refusal_test.cpp)."""
    with open(os.path.join(root, "state.json")) as f:
        client = Client(f"http://127.0.0.1:{json.load(f)['pdb_port']}")
    recorded = []
    for query in puppetdb_queries.pql_refusal_cases():
        status, _, body = client.request("GET", "/pdb/query/v4", {"query": query, "limit": 1})
        recorded.append({"query": query, "status": status,
                         "body": body if status != 200 and body.startswith("PQL parse error")
                         else None})
    with open(os.path.join(REFERENCE, "pql-refusals.json"), "w") as f:
        json.dump(recorded, f, indent=1, ensure_ascii=False)
        f.write("\n")
    refused = sum(1 for r in recorded if r["body"])
    print(f"recorded {len(recorded)} PQL cases ({refused} refused by the grammar) to "
          f"{os.path.relpath(REFERENCE)}/pql-refusals.json")


FUNCTION_CASES = os.path.join(REFERENCE, "function")
FUNCTION_NODE = "web1.example.com"  # tests/puppetdb/puppetdb_query_test.cpp compiles for it


def record_function(root):
    """Each manifest of FUNCTION_CASES compiled by Puppet 7 with puppetdb_query() answered by
    this PuppetDB (puppet-terminus-puppetdb's function, server_urls over https)."""
    state, _ = fleet_sent(root)
    work = tempfile.mkdtemp(prefix="puppetdb-function-")
    try:
        conf, ssl_dir, var = (os.path.join(work, d) for d in ("conf", "ssl", "var"))
        for d in (conf, os.path.join(ssl_dir, "certs"), os.path.join(ssl_dir, "private_keys"),
                  os.path.join(var, "client_yaml", "facts")):
            os.makedirs(d)
        for source, target in (("ca.pem", "certs/ca.pem"),
                               ("client.pem", f"certs/{FUNCTION_CLIENT}.pem"),
                               ("client_key.pem", f"private_keys/{FUNCTION_CLIENT}.pem")):
            shutil.copy(os.path.join(root, "ssl", source), os.path.join(ssl_dir, target))
        with open(os.path.join(conf, "puppetdb.conf"), "w") as f:
            f.write(f"[main]\nserver_urls = https://localhost:{state['pdb_ssl_port']}\n")
        with open(os.path.join(conf, "hiera.yaml"), "w") as f:
            f.write("---\nversion: 5\nhierarchy: []\n")
        with open(os.path.join(var, "client_yaml", "facts", FUNCTION_NODE + ".yaml"), "w") as f:
            f.write("--- !ruby/object:Puppet::Node::Facts\n"
                    f"name: {FUNCTION_NODE}\nvalues:\n  kernel: Linux\n"
                    f"  clientcert: {FUNCTION_NODE}\n")
        recorded = 0
        for name in sorted(os.listdir(FUNCTION_CASES)):
            if not name.endswith(".pp"):
                continue
            manifest = os.path.join(FUNCTION_CASES, name)
            out = subprocess.run(
                ["puppet", "catalog", "find", FUNCTION_NODE, "--terminus", "compiler",
                 "--facts_terminus", "yaml", "--render-as", "json", "--color=false",
                 "--confdir", conf, "--ssldir", ssl_dir, "--vardir", var,
                 "--codedir", os.path.join(work, "code"), "--manifest", manifest,
                 "--hiera_config", os.path.join(conf, "hiera.yaml"),
                 "--certname", FUNCTION_CLIENT, "--certificate_revocation", "false",
                 # Ruby's TLS 1.3 client and PuppetDB's Jetty hang on a reused connection's
                 # second request (30 s, then a failover error): one connection a request
                 "--http_keepalive_timeout", "0"],
                capture_output=True, text=True)
            if out.returncode != 0 or "{" not in out.stdout:
                sys.exit(f"{name}: Puppet failed:\n{out.stdout}{out.stderr}")
            catalog = json.loads(out.stdout[out.stdout.index("{"):])  # after any notices
            with open(manifest[:-3] + ".json", "w") as f:
                json.dump(catalog, f, indent=1, sort_keys=True)
                f.write("\n")
            recorded += 1
        print(f"recorded {recorded} catalogs compiled by Puppet 7 with PuppetDB's answers "
              f"in {os.path.relpath(FUNCTION_CASES)}")
    finally:
        shutil.rmtree(work, ignore_errors=True)


def compare(args):
    client = Client(args.url, args.cert, args.key, args.cacert)
    if not args.no_commands:
        send_commands(client, None)
    with open(os.path.join(REFERENCE, "queries.json")) as f:
        queries = json.load(f)
    with open(os.path.join(REFERENCE, "answers.json")) as f:
        expected = json.load(f)
    agree = 0
    for query in queries:
        why = compare_answer(expected[query["name"]], answer_of(client, query), query["ordered"])
        if why:
            print(f"DIFF {query['name']}: {why}")
        else:
            agree += 1
    print(f"{agree} of {len(queries)} answers agree with PuppetDB's")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("action", choices=["start", "resume", "record", "record-function", "record-routes",
                                           "record-pql-refusals", "compare", "stop"])
    parser.add_argument("--root")
    parser.add_argument("--url")
    parser.add_argument("--cert")
    parser.add_argument("--key")
    parser.add_argument("--cacert")
    parser.add_argument("--no-commands", action="store_true")
    args = parser.parse_args()
    if args.action == "start":
        start(args.root or tempfile.mkdtemp(prefix="puppetdb-reference-"))
    elif args.action == "resume":
        resume(args.root)
    elif args.action == "record":
        record(args.root)
    elif args.action == "record-function":
        record_function(args.root)
    elif args.action == "record-routes":
        record_routes(args.root)
    elif args.action == "record-pql-refusals":
        record_pql_refusals(args.root)
    elif args.action == "stop":
        stop(args.root)
    else:
        compare(args)


if __name__ == "__main__":
    main()
