#!/usr/bin/env python3
"""Debian's puppetserver 7.9.5 as a throw-away instance: its own confdir, codedir, ssldir,
vardir, rundir and logdir in a temp dir, listening on 127.0.0.1 at a free port, in the foreground
of a child process that is bounded in time and stopped (the whole process group) on exit.

usage: bench/puppetserver_instance.py [--codedir DIR] [--environment-timeout T] [--jrubies N]
                                      [--heap SIZE] [--start-timeout S] [--smoke] [--keep]

--smoke starts it, runs a real `puppet agent -t` against it once (its own temp ssldir; the CSR is
autosigned) and stops it: exit 0 when the agent got and applied a catalog.

Tuning for this 2-core machine, as puppetserver's tuning guide says (bench/README.md has why):
max-active-instances 2 (one JRuby per core; puppetserver's own default is cores - 1 = 1) and a
fixed heap of 1 GiB (-Xms1g -Xmx1g: the guide's ~512 MB per JRuby, also what Debian ships in
/etc/default/puppetserver). environment_timeout is `unlimited` by default here, the setting the
guide recommends for a server (Puppet's own default is 0); the bench gives both servers the same.
As a library: PuppetserverInstance(...) as a context manager, .port, .ssldir, .pid.
"""
import argparse, os, shutil, signal, subprocess, sys, tempfile, time, urllib.request
import ssl

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_support import free_port  # noqa: E402

PACKAGE_CONF = "/etc/puppet/puppetserver"
JAR = "/usr/share/puppetserver/puppetserver.jar"
JRUBY_LIB = "/usr/share/jruby/lib"


def hocon_string(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


class PuppetserverInstance:
    """A puppetserver started in `root` (a temp dir by default); stop() or `with` ends it."""

    def __init__(self, codedir=None, environment_timeout="unlimited", jrubies=2, heap="1g",
                 start_timeout=600, root=None, certname="localhost", autosign=True):
        self.root = root or tempfile.mkdtemp(prefix="puppetserver-")
        self.port = free_port()
        self.certname = certname
        self.jrubies = jrubies
        self.heap = heap
        self.start_timeout = start_timeout
        self.environment_timeout = environment_timeout
        self.autosign = autosign
        self.confdir = os.path.join(self.root, "confdir")
        self.codedir = codedir or os.path.join(self.root, "code")
        self.ssldir = os.path.join(self.confdir, "ssl")
        self.vardir = os.path.join(self.root, "vardir")
        self.logdir = os.path.join(self.root, "logs")
        self.rundir = os.path.join(self.root, "run")
        self.tk_conf = os.path.join(self.root, "conf.d")
        self.log_path = os.path.join(self.logdir, "stdout.log")
        self.process = None
        self.started_at = None
        self.ready_seconds = None

    @property
    def pid(self):
        return self.process.pid if self.process else None

    def write_configuration(self):
        for d in (self.confdir, self.codedir, self.vardir, self.logdir, self.rundir, self.tk_conf):
            os.makedirs(d, exist_ok=True)
        production = os.path.join(self.codedir, "environments", "production")
        if not os.path.isdir(production):
            os.makedirs(os.path.join(production, "manifests"))
            os.makedirs(os.path.join(production, "modules"))
            with open(os.path.join(production, "manifests", "site.pp"), "w") as f:
                f.write("notify { 'served by puppetserver': }\n")
        with open(os.path.join(self.confdir, "puppet.conf"), "w") as f:
            f.write(f"[main]\ncertname = {self.certname}\n"
                    f"dns_alt_names = localhost,IP:127.0.0.1\n"
                    f"[server]\nvardir = {self.vardir}\nlogdir = {self.logdir}\n"
                    f"rundir = {self.rundir}\ncodedir = {self.codedir}\n"
                    f"ssldir = {self.ssldir}\n"
                    # Puppet 7's cadir is no longer under ssldir: Debian's default is
                    # /etc/puppet/puppetserver/ca, shared by every instance unless moved.
                    f"cadir = {self.confdir}/ca\n"
                    f"environment_timeout = {self.environment_timeout}\n"
                    f"autosign = {'true' if self.autosign else 'false'}\n"
                    # No report processors, no storeconfigs: a catalog compile and nothing else.
                    "reports = none\n")
        # Trapperkeeper's own configuration: the package's, with every path moved here.
        shutil.copy(os.path.join(PACKAGE_CONF, "conf.d", "auth.conf"), self.tk_conf)
        shutil.copy(os.path.join(PACKAGE_CONF, "conf.d", "ca.conf"), self.tk_conf)
        shutil.copy(os.path.join(PACKAGE_CONF, "conf.d", "web-routes.conf"), self.tk_conf)
        shutil.copy(os.path.join(PACKAGE_CONF, "conf.d", "metrics.conf"), self.tk_conf)
        logback = os.path.join(self.root, "logback.xml")
        with open(logback, "w") as f:
            f.write('<configuration>\n  <appender name="STDOUT" '
                    'class="ch.qos.logback.core.ConsoleAppender">\n    <encoder><pattern>'
                    "%d %-5p [%c{2}] %m%n</pattern></encoder>\n  </appender>\n"
                    '  <logger name="org.eclipse.jetty" level="WARN"/>\n'
                    '  <root level="info"><appender-ref ref="STDOUT"/></root>\n'
                    "</configuration>\n")
        with open(os.path.join(self.tk_conf, "global.conf"), "w") as f:
            f.write(f"global: {{ logging-config: {hocon_string(logback)} }}\n")
        with open(os.path.join(self.tk_conf, "webserver.conf"), "w") as f:
            f.write("webserver: {\n  client-auth: want\n  ssl-host: 127.0.0.1\n"
                    f"  ssl-port: {self.port}\n}}\n")
        gem_home = os.path.join(self.vardir, "jruby-gems")
        with open(os.path.join(self.tk_conf, "puppetserver.conf"), "w") as f:
            f.write("jruby-puppet: {\n"
                    "  ruby-load-path: [/usr/lib/puppetserver/ruby/vendor_ruby]\n"
                    f"  gem-home: {hocon_string(gem_home)}\n"
                    f"  gem-path: [{hocon_string(gem_home)}, "
                    '"/usr/lib/puppetserver/vendored-jruby-gems"]\n'
                    f"  server-conf-dir: {hocon_string(self.confdir)}\n"
                    f"  server-code-dir: {hocon_string(self.codedir)}\n"
                    f"  server-var-dir: {hocon_string(self.vardir)}\n"
                    f"  server-run-dir: {hocon_string(self.rundir)}\n"
                    f"  server-log-dir: {hocon_string(self.logdir)}\n"
                    f"  max-active-instances: {self.jrubies}\n"
                    "}\nhttp-client: {}\nprofiler: {}\n")
        services = os.path.join(self.root, "services.d")
        if os.path.isdir(services):
            shutil.rmtree(services)
        shutil.copytree(os.path.join(PACKAGE_CONF, "services.d"), services)

    def command(self):
        return ["java", f"-Xms{self.heap}", f"-Xmx{self.heap}",
                "-Djruby.logger.class=com.puppetlabs.jruby_utils.jruby.Slf4jLogger",
                "-Dlogappender=STDOUT", f"-Djruby.lib={JRUBY_LIB}",
                "-XX:+CrashOnOutOfMemoryError",
                f"-XX:ErrorFile={self.logdir}/puppetserver_err_pid%p.log",
                "-jar", JAR, "--config", self.tk_conf,
                "--bootstrap-config", os.path.join(self.root, "services.d")]

    def start(self):
        """Starts it and waits (at most start_timeout) until /status/v1/simple answers."""
        self.write_configuration()
        log = open(self.log_path, "ab")
        self.started_at = time.monotonic()
        self.process = subprocess.Popen(self.command(), cwd=self.root, stdout=log,
                                        stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                        start_new_session=True)
        log.close()
        context = ssl.create_default_context()
        context.check_hostname = False
        context.verify_mode = ssl.CERT_NONE
        url = f"https://127.0.0.1:{self.port}/status/v1/simple"
        deadline = self.started_at + self.start_timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"puppetserver exited with {self.process.returncode}; "
                                   f"see {self.log_path}:\n{self.log_tail()}")
            try:
                with urllib.request.urlopen(url, context=context, timeout=2) as answer:
                    if answer.read().strip() == b"running":
                        self.ready_seconds = time.monotonic() - self.started_at
                        return self
            except OSError:
                pass
            time.sleep(0.25)
        self.stop()
        raise RuntimeError(f"puppetserver not ready after {self.start_timeout}s:\n"
                           f"{self.log_tail()}")

    def log_tail(self, lines=30):
        try:
            with open(self.log_path, errors="replace") as f:
                return "".join(f.readlines()[-lines:])
        except OSError:
            return ""

    def stop(self, grace=20):
        if not self.process or self.process.poll() is not None:
            return
        os.killpg(self.process.pid, signal.SIGTERM)
        try:
            self.process.wait(timeout=grace)
        except subprocess.TimeoutExpired:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()


def agent_run(server_port, workdir, certname="smoke.example.com", timeout=180):
    """A real `puppet agent -t` against 127.0.0.1:PORT in its own dirs; returns (exit, output)."""
    dirs = {d: os.path.join(workdir, d) for d in ("confdir", "vardir", "ssldir", "logdir", "run")}
    for d in dirs.values():
        os.makedirs(d, exist_ok=True)
    command = ["puppet", "agent", "-t", "--no-daemonize", "--server", "localhost",
               "--serverport", str(server_port), "--certname", certname,
               "--confdir", dirs["confdir"], "--vardir", dirs["vardir"], "--ssldir", dirs["ssldir"],
               "--logdir", dirs["logdir"], "--rundir", dirs["run"], "--waitforcert", "0",
               "--no-usecacheonfailure", "--no-report", "--color", "false"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
    return done.returncode, done.stdout + done.stderr


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--codedir", help="a codedir with environments/ (default: a tiny one)")
    parser.add_argument("--environment-timeout", default="unlimited")
    parser.add_argument("--jrubies", type=int, default=2)
    parser.add_argument("--heap", default="1g")
    parser.add_argument("--start-timeout", type=float, default=600)
    parser.add_argument("--smoke", action="store_true", help="run `puppet agent -t` once")
    parser.add_argument("--keep", action="store_true", help="keep the temp dir")
    args = parser.parse_args()
    root = tempfile.mkdtemp(prefix="puppetserver-")
    try:
        with PuppetserverInstance(args.codedir, args.environment_timeout, args.jrubies, args.heap,
                                  args.start_timeout, root=os.path.join(root, "server")) as server:
            print(f"puppetserver ready on 127.0.0.1:{server.port} after "
                  f"{server.ready_seconds:.1f}s (pid {server.pid}, {server.root})", flush=True)
            if not args.smoke:
                return 0
            code, output = agent_run(server.port, os.path.join(root, "agent"))
            print(output)
            print(f"puppet agent -t exited {code}")
            return 0 if code in (0, 2) else 1
    finally:
        if not args.keep:
            shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
