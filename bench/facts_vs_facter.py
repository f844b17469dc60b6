#!/usr/bin/env python3
"""Side-by-side benchmark: `marionette facts` against real Facter 4, in one run, on this machine.

usage: bench/facts_vs_facter.py [--marionette PATH] [--before PATH] [--runs N] [--facter-runs N]

Times the whole process, wall clock, for three pairs: every fact as JSON (`marionette facts
--json` vs `facter -j`), the same with legacy names (`facter -j --show-legacy`, which is what
marionette prints), and one structured fact (`os.release.major`). Runs alternate between the two
tools so that both see the same machine load. Then compares the values as
tests/facts/facter_comparison_test.cpp does and prints "facts agreeing / facts compared".
With --before, a second marionette binary (an earlier build) is timed in the same rounds, so a
before/after comparison sees the same machine load too. Prints medians and ratios as a Markdown
table, and the load average before and after. Needs: facter (apt-get install facter).
"""
import argparse, json, os, re, shutil, statistics, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
INSTANT = re.compile(r"^(system_uptime\..*|uptime.*|load_averages\..*|memoryfree.*|swapfree.*"
                     r"|memory\.(system|swap)\.(available|available_bytes|used|used_bytes|capacity)"
                     r"|mountpoints\..*\.(available|available_bytes|used|used_bytes|capacity))$")


def timed(argv):
    """Wall seconds and stdout of one run: started with posix_spawn and reaped with wait4, with
    stdout and stderr going to files (no pipes to drain), the same way for both tools."""
    binary = argv[0] if os.path.isabs(argv[0]) else shutil.which(argv[0])
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        start = time.perf_counter()
        pid = os.posix_spawn(binary, argv, os.environ,
                             file_actions=[(os.POSIX_SPAWN_DUP2, out.fileno(), 1),
                                           (os.POSIX_SPAWN_DUP2, err.fileno(), 2)])
        _, status, _ = os.wait4(pid, 0)
        elapsed = time.perf_counter() - start
        out.seek(0)
        err.seek(0)
        stdout, returncode = out.read(), os.waitstatus_to_exitcode(status)
        # Facter exits 1 here after logging errors it recovers from (/proc/1/environ is
        # unreadable in this sandbox) yet prints every fact it has; only an empty output fails.
        if returncode != 0 and not stdout.strip():
            sys.exit(f"{' '.join(argv)} failed ({returncode}): {err.read()[:500]}")
    return elapsed, stdout


def flatten(value, path, out):
    if isinstance(value, dict) and value:
        for key, item in value.items():
            flatten(item, f"{path}.{key}" if path else key, out)
    else:
        out[path] = value


def agreement(marionette):
    ours, theirs = {}, {}
    flatten(json.loads(timed([marionette, "facts", "--json", "--no-external-facts"])[1]), "", ours)
    flatten(json.loads(timed(["facter", "-j", "--show-legacy"])[1]), "", theirs)
    compared = [p for p in ours if p in theirs]
    same = [p for p in compared if ours[p] == theirs[p]]
    instant = [p for p in compared if ours[p] != theirs[p] and INSTANT.match(p)]
    other = [p for p in compared if ours[p] != theirs[p] and not INSTANT.match(p)]
    return len(same), len(compared), instant, other


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--marionette", default=os.path.join(REPO, "build", "core", "cli", "marionette"))
    parser.add_argument("--before", help="an earlier marionette binary, timed in the same rounds")
    parser.add_argument("--runs", type=int, default=20, help="runs of each marionette command")
    parser.add_argument("--facter-runs", type=int, default=7, help="runs of each facter command")
    args = parser.parse_args()
    if not shutil.which("facter"):
        sys.exit("facter is not installed: apt-get install facter")
    if not os.access(args.marionette, os.X_OK):
        sys.exit(f"{args.marionette}: not an executable; build it or pass --marionette")

    cases = [("all facts, JSON", ["facts", "--json", "--no-external-facts"], ["-j"]),
             ("all facts + legacy, JSON", ["facts", "--json", "--no-external-facts"],
              ["-j", "--show-legacy"]),
             ("one fact: os.release.major", ["facts", "--no-external-facts", "os.release.major"],
              ["os.release.major"])]
    version = subprocess.run(["facter", "--version"], capture_output=True, text=True).stdout.strip()
    print(f"# marionette facts vs Facter {version} on {os.cpu_count()} cores; medians of "
          f"{args.runs} (marionette) and {args.facter_runs} (Facter) runs, wall clock\n")
    print(f"load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}\n")
    before_column = " before | before ratio |" if args.before else ""
    print(f"| command | marionette | Facter | ratio |{before_column}")
    print("|---|---:|---:|---:|" + ("---:|---:|" if args.before else ""))
    ratios = []
    for label, ours_args, facter_args in cases:
        ours, theirs, before = [], [], []
        for i in range(max(args.runs, args.facter_runs)):
            if i < args.runs:
                ours.append(timed([args.marionette] + ours_args)[0])
                if args.before:
                    before.append(timed([args.before] + ours_args)[0])
            if i < args.facter_runs:
                theirs.append(timed(["facter"] + facter_args)[0])
        m, f = statistics.median(ours), statistics.median(theirs)
        ratios.append(f / m)
        row = f"| {label} | {m * 1000:.1f} ms | {f * 1000:.0f} ms | {f / m:.0f}× |"
        if args.before:
            b = statistics.median(before)
            row += f" {b * 1000:.1f} ms | {f / b:.0f}× |"
        print(row)
    print(f"\nMedian ratio: {statistics.median(ratios):.0f}× (target ≥ 100×)")
    print(f"load average at end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}\n")

    same, compared, instant, other = agreement(args.marionette)
    print(f"facts agreeing / facts compared: {same} / {compared}"
          f" ({len(instant)} differ by the instant: {', '.join(instant) or 'none'};"
          f" {len(other)} differ otherwise{': ' + ', '.join(other) if other else ''})")


if __name__ == "__main__":
    main()
