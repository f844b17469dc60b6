#!/usr/bin/env python3
"""Current Forge modules under OpenVox 8: compile each case of tests/forge/cases.yaml with
OpenVox 8 and with marionette, compare the catalogs, and print one verdict per case.

usage: scripts/forge_corpus_compare.py [--marionette PATH] [--corpus DIR] [--shared DIR]
                                       [--only NAME ...] [--json FILE] [--diff-lines N]

The modules are those scripts/forge-corpus-layout.sh lays out in CORPUS/modules (default
${XDG_CACHE_HOME:-~/.cache}/marionette/forge-corpus), all on the modulepath under their names.
A case's environment is its site.pp (`manifest:`, or a module's own `example:` file), its Hiera
layer (`hiera:`) and the corpus modules; it is compiled for node1.example.com with the facts an
OpenVox 8 agent sends on the machine shared/facts/debian12.yaml describes: those facts without
the legacy ones (OpenVox 8's include_legacy_facts is false), with puppetversion and
clientversion 8.28.1 and clientcert node1.example.com (an agent sends them), plus the case's own
`facts:`.

OpenVox 8 (shared/tools/openvox8 through shared/tools/puppet-catalog) runs one case at a time
under `nice -n 10`, with CORPUS/ruby's puppet-resource_api on its RUBYLIB (its agent packages
bundle that gem); its result is recorded once in CORPUS/expected/, keyed by the case, the
facts, the module versions (CORPUS/versions.tsv) and OpenVox's version, so a rerun costs only
marionette's compiles. marionette runs with --strict=error --strict_variables (OpenVox 8's
defaults). The catalogs are compared with shared/tools/catalog-diff.

Verdicts: identical; differs (with the first lines of the difference); marionette fails (its
first error); OpenVox fails (then whether marionette fails too, and both first errors); OpenVox
timeout (no answer in OPENVOX_TIMEOUT s, nor in twice that on a second try: not a verdict on
the case, and not recorded, so the next run asks again).
Not run in CI: it needs the fetched modules and OpenVox.
"""
import argparse, collections, hashlib, json, os, subprocess, sys, tempfile, time

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
sys.path.insert(0, HERE)
import catalog_compare  # noqa: E402  (cases, error lines, catalog-diff)
import real_modules_suite as suite  # noqa: E402  (shared dir lookup, Hiera layer)

CASES_FILE = os.path.join(REPO, "tests", "forge", "cases.yaml")
NODE = "node1.example.com"
AGENT_VERSION = "8.28.1"
CACHE_FORMAT = 1  # bump when what is recorded (or how) changes
OPENVOX_TIMEOUT, MARIONETTE_TIMEOUT = 300, 60
# Facter 4's legacy facts among those of debian12.yaml: an OpenVox 8 agent does not send them.
LEGACY_FACTS = {"architecture", "hardwaremodel", "osfamily", "operatingsystem", "operatingsystemrelease",
                "operatingsystemmajrelease", "lsbdistcodename", "fqdn", "hostname", "domain", "ipaddress",
                "ipaddress6", "macaddress", "netmask", "network", "interfaces", "processorcount",
                "memorysize_mb", "uptime_days"}


def corpus_dir(given):
    base = os.environ.get("XDG_CACHE_HOME", os.path.expanduser("~/.cache"))
    corpus = given or os.path.join(base, "marionette", "forge-corpus")
    if not os.path.isdir(os.path.join(corpus, "modules")):
        sys.exit(f"forge-corpus: no {corpus}/modules; run scripts/forge-corpus-layout.sh first")
    return corpus


def default_marionette():
    """This checkout's build, else MARIONETTE_BINARY (e.g. a worktree's build of main)."""
    built = os.path.join(REPO, "build", "core", "cli", "marionette")
    return built if os.access(built, os.X_OK) else os.environ.get("MARIONETTE_BINARY", built)


def load_cases(path):
    def one_source(case):
        if ("manifest" in case) == ("example" in case):
            return "needs exactly one of manifest: and example:"
    return catalog_compare.load_cases(path, "forge-corpus", one_source)


def case_module(case):
    return case.get("module") or case["name"].split("-")[0]


def site_pp(case, modules):
    if "manifest" in case:
        return case["manifest"]
    with open(os.path.join(modules, case["example"])) as f:
        return f.read()


def agent_facts(shared, case, path):
    with open(os.path.join(shared, "facts", "debian12.yaml")) as f:
        facts = yaml.safe_load(f)
    facts = {k: v for k, v in facts.items() if k not in LEGACY_FACTS}
    facts["puppetversion"] = facts["clientversion"] = AGENT_VERSION
    facts.update(case.get("facts") or {})
    facts.setdefault("clientcert", NODE)  # an agent sends it; puppet-catalog adds it for OpenVox too
    with open(path, "w") as f:
        yaml.safe_dump(facts, f, default_flow_style=False)
    return path


def write_environment(env, case, modules):
    os.makedirs(env)
    os.symlink(modules, os.path.join(env, "modules"))
    with open(os.path.join(env, "site.pp"), "w") as f:
        f.write(site_pp(case, modules))
    suite.write_hiera(env, case)


def openvox_version(shared):
    run = subprocess.run([os.path.join(shared, "tools", "openvox8"), "--version"], capture_output=True, text=True)
    return run.stdout.strip() or "unknown"


def record_key(case, env, facts, corpus, version):
    digest = hashlib.sha256()
    with open(facts) as f:
        values = yaml.safe_load(f)
    if values.get("clientcert") == NODE:
        del values["clientcert"]  # what puppet-catalog adds anyway: it does not change OpenVox's input
    parts = [str(CACHE_FORMAT), version, NODE, open(os.path.join(env, "site.pp")).read(),
             json.dumps(case.get("hiera"), sort_keys=True), yaml.safe_dump(values, default_flow_style=False),
             open(os.path.join(corpus, "versions.tsv")).read(),
             str(sorted(os.listdir(os.path.join(corpus, "debs"))) if os.path.isdir(os.path.join(corpus, "debs")) else [])]
    for part in parts:
        digest.update(part.encode() + b"\0")
    return digest.hexdigest()[:24]


def openvox_run(command, env_vars, timeout):
    """One OpenVox compile: (ok, output), or None when it passed the timeout."""
    try:
        run = subprocess.run(command, capture_output=True, text=True, timeout=timeout, env=env_vars)
    except subprocess.TimeoutExpired:
        return None
    ok = run.returncode == 0
    return ok, run.stdout if ok else run.stderr + run.stdout


def openvox_result(case, env, facts, shared, corpus, key):
    """OpenVox 8's catalog for the case ({"ok", "catalog" or "error", "seconds"}), recorded once.

    A timeout is no verdict: the case is tried once more with twice the time, and if OpenVox
    still has not answered the result says so ("timeout": true) and nothing is recorded, so
    the next run asks OpenVox again."""
    path = os.path.join(corpus, "expected", f"{case['name']}.{key}.json")
    if os.path.exists(path):
        with open(path) as f:
            result = json.load(f)
        if not result.get("timeout") and "timeout: OpenVox took more than" not in str(result.get("error")):
            return result
        os.remove(path)  # a timeout recorded by an older version of this script
    command = ["nice", "-n", "10", os.path.join(shared, "tools", "puppet-catalog"), env, "-f", facts, "-n", NODE]
    env_vars = dict(os.environ, PUPPET=os.path.join(shared, "tools", "openvox8"))
    bundled = os.path.join(corpus, "ruby", "usr", "lib", "ruby", "vendor_ruby")
    if os.path.isdir(bundled):
        env_vars["RUBYLIB"] = ":".join(p for p in (bundled, os.environ.get("RUBYLIB")) if p)
    start = time.monotonic()
    answer = None
    for timeout in (OPENVOX_TIMEOUT, 2 * OPENVOX_TIMEOUT):
        answer = openvox_run(command, env_vars, timeout)
        if answer is not None:
            break
        print(f"{case['name']}: OpenVox passed {timeout} s", file=sys.stderr, flush=True)
    seconds = round(time.monotonic() - start, 2)
    if answer is None:
        return {"case": case["name"], "ok": False, "timeout": True, "seconds": seconds,
                "error": f"OpenVox did not answer in {OPENVOX_TIMEOUT} s nor {2 * OPENVOX_TIMEOUT} s"}
    ok, output = answer
    result = {"case": case["name"], "ok": ok, "seconds": seconds}
    if ok:
        result["catalog"] = json.loads(output)
    else:
        result["error"] = catalog_compare.puppet_error(output)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    for stale in os.listdir(os.path.dirname(path)):
        if stale.startswith(case["name"] + ".") and stale.count(".") == 2:
            os.remove(os.path.join(os.path.dirname(path), stale))
    with open(path + ".tmp", "w") as f:
        json.dump(result, f)
    os.replace(path + ".tmp", path)
    return result


def marionette_command(marionette, env, facts):
    """marionette's compile of a case, with OpenVox 8's strict defaults."""
    return [marionette, "compile", "--env-dir", env, "--facts", facts, "--node", NODE,
            "--strict=error", "--strict_variables"]


def marionette_run(marionette, env, facts):
    return catalog_compare.run_marionette(marionette_command(marionette, env, facts), MARIONETTE_TIMEOUT)


def run_case(case, args, scratch, version):
    env = os.path.join(scratch, case["name"])
    write_environment(env, case, args.modules)
    facts = agent_facts(args.shared, case, os.path.join(scratch, case["name"] + ".facts.yaml"))
    key = record_key(case, env, facts, args.corpus, version)
    theirs = openvox_result(case, env, facts, args.shared, args.corpus, key)
    row = {"case": case["name"], "module": case_module(case), "kind": case.get("kind", ""),
           "openvox_seconds": theirs["seconds"]}
    if theirs.get("timeout"):
        return dict(row, verdict="OpenVox timeout", detail=theirs["error"])
    ours = marionette_run(args.marionette, env, facts)
    error = catalog_compare.marionette_error(ours, env) if ours.returncode != 0 else None
    if not theirs["ok"]:
        return dict(row, verdict="OpenVox fails", marionette="fails" if error else "compiles",
                    openvox_error=theirs["error"], detail=error or "marionette compiles it")
    if error:
        return dict(row, verdict="marionette fails", detail=error, diff=[])
    diff = catalog_compare.catalog_diff(theirs["catalog"], ours.stdout, args.shared, env)
    if diff.returncode == 0:
        return dict(row, verdict="identical", detail=f"{len(theirs['catalog'].get('resources', []))} resources")
    lines = [l.strip() for l in diff.stdout.splitlines() if l.strip()]
    return dict(row, verdict="differs", detail=lines[-1] if lines else "", diff=lines[:-1][:args.diff_lines])


def print_report(rows, cases):
    verdicts = collections.Counter(r["verdict"] for r in rows)
    compiles = sum(1 for r in rows if r.get("marionette") == "compiles")
    print(f"\n{len(rows)} cases over {len({case_module(c) for c in cases})} modules\n")
    print("| verdict | cases |\n|---|---:|")
    for verdict in ("identical", "differs", "marionette fails", "OpenVox fails", "OpenVox timeout"):
        print(f"| {verdict} | {verdicts.get(verdict, 0)} |")
    print(f"| OpenVox fails, marionette fails too | {verdicts.get('OpenVox fails', 0) - compiles} |")
    print(f"| OpenVox fails, marionette compiles | {compiles} |")
    for verdict in ("differs", "marionette fails", "OpenVox fails", "OpenVox timeout"):
        chosen = [r for r in rows if r["verdict"] == verdict]
        if chosen:
            print(f"\n## {verdict}\n")
        for r in chosen:
            if verdict == "OpenVox fails":
                print(f"- {r['case']}: OpenVox: {r['openvox_error']}\n  marionette: {r['detail']}")
            else:
                print(f"- {r['case']}: {r['detail']}")
                for line in r.get("diff", []):
                    print(f"    {line[:240]}")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--marionette", default=default_marionette())
    ap.add_argument("--corpus")
    ap.add_argument("--shared")
    ap.add_argument("--cases", default=CASES_FILE)
    ap.add_argument("--only", nargs="*", help="case names, or module names (every case of the module)")
    ap.add_argument("--json", help="also write the rows as JSON here")
    ap.add_argument("--diff-lines", type=int, default=4, help="difference lines shown per differing case")
    args = ap.parse_args()
    args.shared, args.corpus = suite.shared_dir(args.shared), corpus_dir(args.corpus)
    args.modules = os.path.join(args.corpus, "modules")
    if not os.access(args.marionette, os.X_OK):
        sys.exit(f"forge-corpus: no marionette binary at {args.marionette} (--marionette PATH)")
    cases = [c for c in load_cases(args.cases)
             if not args.only or c["name"] in args.only or case_module(c) in args.only]
    missing = [c["name"] for c in cases if not os.path.isdir(os.path.join(args.modules, case_module(c)))]
    if missing:
        print(f"skipped, module not in the corpus: {', '.join(missing)}", file=sys.stderr)
    cases = [c for c in cases if c["name"] not in missing]
    version = openvox_version(args.shared)
    rows = []
    with tempfile.TemporaryDirectory(prefix="marionette-forge-corpus-") as scratch:
        for case in cases:
            row = run_case(case, args, scratch, version)
            rows.append(row)
            print(f"{row['case']}: {row['verdict']}", file=sys.stderr, flush=True)
    print_report(rows, cases)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=1)


if __name__ == "__main__":
    main()
