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
