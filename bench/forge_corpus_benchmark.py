#!/usr/bin/env python3
"""Current-Forge benchmark: every case of tests/forge/cases.yaml that marionette compiles to the
same catalog as OpenVox 8, timed as a whole process with both, side by side in one run.

usage: bench/forge_corpus_benchmark.py [--marionette PATH] [--runs N] [--openvox-runs N]
                                       [--every K] [--only NAME ...] [--corpus DIR] [--shared DIR]

The corpus, the cases, the environments and the facts are those of scripts/forge_corpus_compare.py
(run scripts/forge-corpus-layout.sh first; OpenVox's catalogs recorded by the compare script are
reused to tell which cases are identical, and made here when missing). Each identical case is
compiled by `marionette compile --strict=error --strict_variables` (OpenVox 8's defaults) and by
OpenVox 8's `puppet catalog find --terminus compiler` (shared/tools/openvox8, with the corpus's
puppet-resource_api on its RUBYLIB as compare does), each process started with posix_spawn and
reaped with wait4 (bench/compile_benchmark.py's measured()); marionette's runs in blocks
interleaved with OpenVox's so both are timed across the same minutes. OpenVox runs once before
its timed runs (its files in the page cache, as on a node that compiles every half hour).
Prints per-case medians and ratios, the median ratio and the smallest (issue 34's target:
median >= 150x, none below 40x).
"""
import argparse, os, statistics, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(REPO, "scripts"))
from compile_benchmark import build_type, measured  # noqa: E402
import catalog_compare  # noqa: E402
import forge_corpus_compare as forge  # noqa: E402
import real_modules_suite as suite  # noqa: E402


def openvox_command(shared, corpus, root, env, facts):
    """OpenVox 8's `catalog find` of ENV in a private confdir under ROOT, and its environment."""
    argv = suite.puppet_settings(root, env, facts)
    argv[0] = os.path.join(shared, "tools", "openvox8")
    environment = dict(os.environ)
    bundled = os.path.join(corpus, "ruby", "usr", "lib", "ruby", "vendor_ruby")
    if os.path.isdir(bundled):
        environment["RUBYLIB"] = ":".join(p for p in (bundled, os.environ.get("RUBYLIB")) if p)
    return argv, environment


def identical(case, args, scratch, version):
    """The case's environment and facts when marionette's catalog is OpenVox's, else None."""
    env = os.path.join(scratch, case["name"])
    forge.write_environment(env, case, args.modules)
    facts = forge.agent_facts(args.shared, case, os.path.join(scratch, case["name"] + ".facts.yaml"))
    key = forge.record_key(case, env, facts, args.corpus, version)
    theirs = forge.openvox_result(case, env, facts, args.shared, args.corpus, key)
    if not theirs["ok"]:
        return None
    ours = forge.marionette_run(args.marionette, env, facts)
    if ours.returncode != 0:
        return None
    if catalog_compare.catalog_diff(theirs["catalog"], ours.stdout, args.shared, env).returncode != 0:
        return None
    return env, facts, len(theirs["catalog"].get("resources", []))


def time_case(env, facts, args, work):
    """Median wall seconds of marionette and of OpenVox for one environment."""
    ours_cmd = forge.marionette_command(args.marionette, env, facts)
    theirs_cmd, theirs_env = openvox_command(args.shared, args.corpus, os.path.join(work, "openvox"), env, facts)
    out = os.path.join(work, "out.json")
    wall, run = measured(theirs_cmd, out, theirs_env)  # the warm-up run
    if run.returncode != 0:
        raise RuntimeError(f"OpenVox failed: {run.stderr[-300:]}")
    ours, theirs = [], []
    for block in range(args.openvox_runs):
        for _ in range(args.runs // args.openvox_runs + (1 if block < args.runs % args.openvox_runs else 0)):
            wall, run = measured(ours_cmd, out)
            if run.returncode != 0:
                raise RuntimeError(f"marionette failed: {run.stderr[-300:]}")
            ours.append(wall)
        wall, run = measured(theirs_cmd, out, theirs_env)
        if run.returncode != 0:
            raise RuntimeError(f"OpenVox failed: {run.stderr[-300:]}")
        theirs.append(wall)
    return statistics.median(ours), statistics.median(theirs)


def print_table(rows):
    print("| case | resources | marionette wall | OpenVox 8 wall | ratio |\n|---|---:|---:|---:|---:|")
    for name, resources, ours, theirs in rows:
        print(f"| {name} | {resources} | {ours * 1000:.1f} ms | {theirs * 1000:.0f} ms | {theirs / ours:.0f}× |")
    if not rows:
        return
    ratios = [theirs / ours for _, _, ours, theirs in rows]
    low = min(rows, key=lambda r: r[3] / r[2])
    print(f"\nmedian ratio {statistics.median(ratios):.0f}× (target ≥150×); smallest {min(ratios):.0f}× "
          f"({low[0]}; target ≥40×); median marionette wall {statistics.median(r[2] for r in rows) * 1000:.1f} ms, "
          f"median OpenVox wall {statistics.median(r[3] for r in rows) * 1000:.0f} ms")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--marionette", default=forge.default_marionette())
    ap.add_argument("--runs", type=int, default=5, help="marionette runs per case")
    ap.add_argument("--openvox-runs", type=int, default=1, help="timed OpenVox runs per case (after one warm-up)")
    ap.add_argument("--only", nargs="*", help="case names, or module names (every case of the module)")
    ap.add_argument("--every", type=int, default=1, help="time every K-th case only (a sample, for a quick run)")
    ap.add_argument("--corpus")
    ap.add_argument("--shared")
    args = ap.parse_args()
    args.openvox_runs = max(1, args.openvox_runs)
    args.corpus = forge.corpus_dir(args.corpus)
    args.modules = os.path.join(args.corpus, "modules")
    args.shared = suite.shared_dir(args.shared)
    cases = [c for c in forge.load_cases(forge.CASES_FILE)
             if (not args.only or c["name"] in args.only or forge.case_module(c) in args.only)
             and os.path.isdir(os.path.join(args.modules, forge.case_module(c)))][::max(1, args.every)]
    version = forge.openvox_version(args.shared)
    rows, skipped = [], 0
    with tempfile.TemporaryDirectory(prefix="marionette-forge-bench-") as scratch:
        for case in cases:
            work = os.path.join(scratch, "work-" + case["name"])
            os.makedirs(work)
            found = identical(case, args, scratch, version)
            if not found:
                skipped += 1
                continue
            env, facts, resources = found
            ours, theirs = time_case(env, facts, args, work)
            rows.append((case["name"], resources, ours, theirs))
            print(f"{case['name']}: marionette {ours * 1000:.1f} ms, OpenVox {theirs * 1000:.0f} ms, "
                  f"{theirs / ours:.0f}x", file=sys.stderr, flush=True)
    print(f"marionette: {args.marionette} (build type: {build_type(args.marionette)}); OpenVox {version}; "
          f"{args.runs} runs of marionette and {args.openvox_runs} of OpenVox (after one warm-up) per case, medians")
    print(f"{len(rows)} of {len(cases)} cases compile identically and are timed ({skipped} are not)\n")
    print_table(rows)


if __name__ == "__main__":
    main()
