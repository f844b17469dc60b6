#!/usr/bin/env python3
"""SNMP-side benchmark: how fast the subagent answers while a run is in progress.

usage: bench/snmp_latency.py [--marionette PATH] [--walks N] [--seconds S]

Starts a private snmpd (AgentX master on a unix socket, UDP on 127.0.0.1) and `marionette agent`
on a manifest whose apply sleeps (an exec of /bin/sleep), so every measurement is taken while
a run is in progress (mrnState = applying). Then:
  - full walk: the median (and p90) wall time of `snmpbulkwalk -v2c -Cr25` of the whole
    MARIONETTE-MIB subtree, N times (the time includes starting the snmpbulkwalk process);
  - GET/s: SNMPv2c GET requests for mrnRunsTotal.0, one at a time (send, wait for the answer),
    from this process over UDP for S seconds (the subagent answers through snmpd over AgentX).
Prints a Markdown table. Needs: apt-get install snmpd snmp.
"""
import argparse, os, shutil, signal, socket, statistics, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_support import wait_until  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
FACTS = os.path.join(REPO, "examples", "facts.yaml")
ROOT = ".1.3.6.1.4.1.8072.9999.9999.4242"
RUNS_TOTAL = ROOT + ".1.6.1.0"
STATE = ROOT + ".1.1.3.0"


def free_udp_port():
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def session_members(session):
    """The processes of a session (the agent's execs run in process groups of their own)."""
    members = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = open(f"/proc/{entry}/stat").read()
            except OSError:
                continue
            fields = stat[stat.rindex(")") + 2:].split()
            if int(fields[3]) == session:
                members.append(int(entry))
    return members


# --- A minimal SNMPv2c GET, encoded by hand (BER), so the loop measures the agent, not a fork.

def ber_length(n):
    if n < 0x80:
        return bytes([n])
    body = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(body)]) + body


def tlv(tag, body):
    return bytes([tag]) + ber_length(len(body)) + body


def ber_integer(n):
    return tlv(0x02, n.to_bytes(max(1, (n.bit_length() + 8) // 8), "big", signed=True))


def ber_oid(text):
    arcs = [int(a) for a in text.strip(".").split(".")]
    body = bytes([40 * arcs[0] + arcs[1]])
    for arc in arcs[2:]:
        chunk = [arc & 0x7F]
        arc >>= 7
        while arc:
            chunk.insert(0, 0x80 | (arc & 0x7F))
            arc >>= 7
        body += bytes(chunk)
    return tlv(0x06, body)


def get_request(request_id, oid, community=b"public"):
    varbind = tlv(0x30, ber_oid(oid) + b"\x05\x00")
    pdu = tlv(0xA0, ber_integer(request_id) + ber_integer(0) + ber_integer(0) + tlv(0x30, varbind))
    return tlv(0x30, ber_integer(1) + tlv(0x04, community) + pdu)


def gets_per_second(port, seconds):
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.settimeout(1.0)
    sock.connect(("127.0.0.1", port))
    answered, request_id = 0, 1
    deadline = time.perf_counter() + seconds
    start = time.perf_counter()
    while time.perf_counter() < deadline:
        sock.send(get_request(request_id, RUNS_TOTAL))
        reply = sock.recv(1500)
        # A Counter64 (tag 0x46) in the answer: the subagent served it.
        if b"\x46" in reply[-12:]:
            answered += 1
        request_id += 1
    elapsed = time.perf_counter() - start
    sock.close()
    return answered / elapsed, answered


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--marionette", default=os.path.join(REPO, "build", "core", "cli", "marionette"))
    parser.add_argument("--walks", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=5.0)
    args = parser.parse_args()
    for tool in ("snmpbulkwalk", "/usr/sbin/snmpd"):
        if not shutil.which(tool):
            sys.exit("missing " + tool)

    scratch = tempfile.mkdtemp(prefix="marionette-snmp-bench-")
    processes = []
    try:
        port = free_udp_port()
        sock_path = os.path.join(scratch, "agentx.sock")
        with open(os.path.join(scratch, "snmpd.conf"), "w") as f:
            f.write(f"agentAddress udp:127.0.0.1:{port}\nrocommunity public 127.0.0.1\n"
                    f"master agentx\nagentXSocket unix:{sock_path}\n[snmp] mibs :\n"
                    f"[snmp] persistentDir {scratch}/persist\n")
        env = dict(os.environ, MIBS="")
        processes.append(subprocess.Popen(
            ["/usr/sbin/snmpd", "-f", "-Lf", os.path.join(scratch, "snmpd.log"), "-C", "-c",
             os.path.join(scratch, "snmpd.conf"), "-I", "-smux", "-p",
             os.path.join(scratch, "snmpd.pid")], env=env))
        wait_until(lambda: os.path.exists(sock_path), 5, "snmpd's AgentX socket", interval=0.02)

        # A run that stays in its apply for the whole benchmark.
        with open(os.path.join(scratch, "site.pp"), "w") as f:
            f.write("exec { 'long apply': command => '/bin/sleep 3600' }\n"
                    "file { '%s/managed': ensure => directory }\n" % scratch)
        processes.append(subprocess.Popen(
            [args.marionette, "agent", "--no-daemonize", "--manifest",
             os.path.join(scratch, "site.pp"), "--facts", FACTS, "--statedir",
             os.path.join(scratch, "state"), "--agentx-socket", sock_path],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True))

        def applying():
            out = subprocess.run(["snmpget", "-v2c", "-c", "public", "-On", "-t", "1", "-r", "0",
                                  f"127.0.0.1:{port}", STATE], capture_output=True, text=True)
            return out.stdout.strip().endswith("INTEGER: 3")
        wait_until(applying, 30, "the agent to be applying", interval=0.02)

        walk = ["snmpbulkwalk", "-v2c", "-c", "public", "-On", "-Cr25", f"127.0.0.1:{port}", ROOT]
        times, lines = [], 0
        for _ in range(args.walks):
            start = time.perf_counter()
            out = subprocess.run(walk, capture_output=True, text=True, env=env)
            times.append((time.perf_counter() - start) * 1000)
            lines = len(out.stdout.splitlines())
        baseline = []
        for _ in range(max(20, args.walks // 5)):  # the cost of the snmpbulkwalk process alone
            start = time.perf_counter()
            subprocess.run(["snmpbulkwalk", "-v2c", "-c", "public", "-On", f"127.0.0.1:{port}",
                            ROOT + ".99"], capture_output=True, text=True, env=env)
            baseline.append((time.perf_counter() - start) * 1000)
        rate, answered = gets_per_second(port, args.seconds)
        still_applying = applying()

        times.sort()
        print("| measurement (a run in progress: mrnState = applying) | result |")
        print("|---|---|")
        print(f"| full snmpbulkwalk of {ROOT} ({lines} objects), median of {args.walks} | "
              f"{statistics.median(times):.2f} ms (p90 {times[int(len(times) * 0.9)]:.2f} ms) |")
        print(f"| the same snmpbulkwalk process on an empty subtree, median | "
              f"{statistics.median(baseline):.2f} ms |")
        print(f"| GET mrnRunsTotal.0, one at a time over UDP, {args.seconds:.0f} s | "
              f"{rate:,.0f} GET/s ({answered} answered) |")
        print(f"| still applying at the end | {'yes' if still_applying else 'no'} |")
    finally:
        # The agent leads its own session; its sleeping exec is in it, in a group of its own.
        agent_session = processes[1].pid if len(processes) > 1 else None
        if agent_session:
            for pid in session_members(agent_session):
                if pid != agent_session:
                    try:
                        os.kill(pid, signal.SIGKILL)  # the agent's blocked signals are inherited
                    except ProcessLookupError:
                        pass
        for p in reversed(processes):
            group = p.args[0] != "/usr/sbin/snmpd"
            for sig in (signal.SIGTERM, signal.SIGKILL):
                try:
                    os.killpg(p.pid, sig) if group else p.send_signal(sig)
                except ProcessLookupError:
                    break
                try:
                    p.wait(10)
                    break
                except subprocess.TimeoutExpired:
                    continue
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
