"""What the bench scripts share: a free loopback port, waiting on an event with a deadline, a
process's CPU, the machine's load, and a scratch directory removed at the end (or kept)."""

import contextlib
import os
import shutil
import socket
import tempfile
import time


class WaitTimedOut(RuntimeError):
    pass


def free_port(kind=socket.SOCK_STREAM):
    with socket.socket(socket.AF_INET, kind) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_until(predicate, timeout, what, interval=0.1):
    """Polls predicate until it holds; raises WaitTimedOut after timeout seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return
        time.sleep(interval)
    raise WaitTimedOut("timed out waiting for " + what)


def cpu_seconds(pid):
    """utime + stime of a process and its reaped children, in seconds."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    ticks = sum(int(f) for f in fields[11:15])
    return ticks / os.sysconf("SC_CLK_TCK")


def process_tree(pid):
    """The process and its descendants (those alive when their parent's children are read)."""
    found, stack = [], [pid]
    while stack:
        current = stack.pop()
        found.append(current)
        try:
            for task in os.listdir(f"/proc/{current}/task"):
                with open(f"/proc/{current}/task/{task}/children") as children:
                    stack.extend(int(child) for child in children.read().split())
        except OSError:
            pass
    return found


def tree_memory_kib(pid):
    """[(pid, name, Rss KiB, Pss KiB)] of the process and its descendants, from smaps_rollup:
    Pss shares each page among the processes that map it, so the sum counts a page that the
    server and its workers share (libraries, forked pages) once."""
    out = []
    for current in process_tree(pid):
        try:
            with open(f"/proc/{current}/comm") as f:
                name = f.read().strip()
            fields = {}
            with open(f"/proc/{current}/smaps_rollup") as f:
                for line in f:
                    parts = line.split()
                    if len(parts) >= 2 and parts[0] in ("Rss:", "Pss:"):
                        fields[parts[0]] = int(parts[1])
            out.append((current, name, fields.get("Rss:", 0), fields.get("Pss:", 0)))
        except OSError:
            pass
    return out


class TreeMemorySampler:
    """Samples a process tree's summed Rss and Pss every `interval` seconds on a thread; keeps
    the peak of each and the tree's breakdown at the Pss peak."""

    def __init__(self, pid, interval=1.0):
        import threading
        self.pid, self.interval = pid, interval
        self.peak_rss_kib = self.peak_pss_kib = 0
        self.at_peak = []
        self.stopping = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def sample(self):
        tree = tree_memory_kib(self.pid)
        rss, pss = sum(t[2] for t in tree), sum(t[3] for t in tree)
        self.peak_rss_kib = max(self.peak_rss_kib, rss)
        if pss > self.peak_pss_kib:
            self.peak_pss_kib, self.at_peak = pss, tree

    def run(self):
        while not self.stopping.wait(self.interval):
            self.sample()

    def stop(self):
        self.sample()
        self.stopping.set()
        self.thread.join()


def load_average():
    """The one-minute load average, as /proc/loadavg prints it."""
    with open("/proc/loadavg") as loadavg:
        return loadavg.read().split()[0]


@contextlib.contextmanager
def scratch_root(prefix, keep=False):
    """A temporary directory for one bench run: removed at the end unless keep is set."""
    root = tempfile.mkdtemp(prefix=prefix)
    try:
        yield root
    finally:
        if keep:
            print(f"kept {root}")
        else:
            shutil.rmtree(root, ignore_errors=True)


def port_open(port):
    with socket.socket() as s:
        return s.connect_ex(("127.0.0.1", port)) == 0


def start_private_redis(directory):
    """A redis-server on a free loopback port, no persistence, files in directory; returns
    (process, port) once it accepts connections."""
    import subprocess
    port = free_port()
    process = subprocess.Popen(["redis-server", "--port", str(port), "--bind", "127.0.0.1",
                                "--save", "", "--appendonly", "no", "--dir", directory],
                               stdout=subprocess.DEVNULL)
    wait_until(lambda: port_open(port), 10, "redis-server")
    return process, port
