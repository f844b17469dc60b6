#!/usr/bin/env python3
"""Real modules: compile small manifests that use Debian's puppet-module-* packages with real
Puppet 7 and with marionette, compare the catalogs, and print one verdict per case.

usage: scripts/real-modules-compare.py [--marionette PATH] [--corpus DIR] [--shared DIR]
                                       [--cache DIR] [--jobs N] [--only NAME ...] [--json FILE]

The cases are data: scripts/real-modules-cases.yaml. Needs real Puppet (apt-get install puppet)
and the unpacked packages that scripts/parser-corpus-fetch.sh leaves in DIR (default:
/tmp/marionette-corpus/tree, else ${XDG_CACHE_HOME:-~/.cache}/marionette/parser-corpus/tree).
Every module found there is put on the modulepath under its short name, so dependencies resolve
as they would on a Debian node. The shared dir (tools/puppet-catalog, tools/catalog-diff,
facts/debian12.yaml) is ../shared beside the repository unless --shared or
MARIONETTE_SHARED_DIR says otherwise. Puppet's results are cached in
${XDG_CACHE_HOME:-~/.cache}/marionette/real-modules/puppet (keyed by the case, the facts, the
module versions and Puppet's version), so a rerun costs only marionette's compiles.

Verdicts: identical (catalog-diff finds no difference); differs (the first differences);
marionette fails (its first error, classified: stdlib function, module Ruby function, ERB beyond
the engine, Ruby type, other); Puppet fails (then there is nothing to hold us to).
Not run in CI: it needs Puppet and the packages.
"""
import argparse, collections, concurrent.futures, glob, json, os, re, sys, tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import catalog_compare  # noqa: E402
import real_modules_suite as suite  # noqa: E402


def ruby_function_names(module_path):
    """The functions a module ships in Ruby (lib/puppet/parser/functions, lib/puppet/functions)."""
    names = set()
    for path in glob.glob(os.path.join(module_path, "lib/puppet/parser/functions/*.rb")):
        names.add(os.path.basename(path)[:-3])
    root = os.path.join(module_path, "lib/puppet/functions")
    for path in glob.glob(os.path.join(root, "**/*.rb"), recursive=True):
        names.add(os.path.relpath(path, root)[:-3].replace(os.sep, "::"))
    return names


class Classifier:
    """What kind of wall a marionette error is."""

    def __init__(self, modules):
        stdlib = modules.get("stdlib")
        self.stdlib = ruby_function_names(stdlib.path) if stdlib else set()
        self.module_functions = set()
        for short, module in modules.items():
            if short != "stdlib":
                self.module_functions |= ruby_function_names(module.path)

    def classify(self, error):
        function = (re.search(r"Unknown function: '([^']+)'", error)
                    or re.search(r"undefined method `function_([^']+)'", error))
        if function:
            name = function.group(1).lstrip(":")
            if name in self.stdlib:
                return "stdlib function", name
            if name in self.module_functions:
                return "module Ruby function", name
            return "other", f"function {name}"
        kind = re.search(r"Unknown resource type: '([^']+)'", error)
        if kind:
            return "Ruby type", kind.group(1)
        if re.search(r"\.erb\b|\bERB\b|template", error):
            construct = re.search(r"does not support (.*)", error) or re.search(r"Detail: (.*)", error)
            template = re.search(r"template (\S+\.erb)", error)
            where = f" ({template.group(1)})" if template else ""
            return "ERB beyond the engine", (construct.group(1) if construct else "")[:80] + where
        return "other", ""


def marionette_run(marionette, env, facts):
    return catalog_compare.run_marionette(suite.marionette_command(marionette, env, facts),
                                          suite.MARIONETTE_TIMEOUT)


def run_case(case, args, modules, facts, classifier, version, scratch):
    env = os.path.join(scratch, case["name"])
    suite.write_environment(env, case, modules)
    facts = suite.case_facts(case, facts, os.path.dirname(env) + f"/{case['name']}.facts")
    key = suite.cache_key(case, facts, modules, version)
    theirs = suite.puppet_result(case, env, facts, args.shared, args.cache, key)
    row = {"case": case["name"], "kind": case.get("kind", ""), "puppet_seconds": theirs["seconds"]}
    ours = marionette_run(args.marionette, env, facts)
    error = catalog_compare.marionette_error(ours, env) if ours.returncode != 0 else None
    if not theirs["ok"]:
        # Puppet's failure is the expectation: does marionette fail too (its message is not held
        # to Puppet's here), or does it compile what Puppet refuses?
        also = f"marionette fails too: {error}" if error else "marionette compiles it"
        return dict(row, verdict="Puppet fails", marionette="fails" if error else "compiles",
                    detail=f"{theirs['error']} — {also}")
    if error:
        wall, what = classifier.classify(error)
        return dict(row, verdict="marionette fails", wall=wall, stopper=what, detail=error)
    diff = catalog_compare.catalog_diff(theirs["catalog"], ours.stdout, args.shared, env)
    if diff.returncode == 0:
        return dict(row, verdict="identical", detail=f"{len(theirs['catalog'].get('resources', []))} resources")
    lines = [l.strip() for l in diff.stdout.splitlines() if l.strip()]
    return dict(row, verdict="differs", detail="; ".join(lines[:3])[:300])


def print_report(rows, cases, modules):
    verdicts = collections.Counter(r["verdict"] for r in rows)
    walls = collections.Counter(r["wall"] for r in rows if r["verdict"] == "marionette fails")
    print(f"{len(rows)} cases over {len({suite.case_module(c) for c in cases})} modules\n")
    print("| verdict | cases |\n|---|---:|")
    for verdict in ("identical", "differs", "marionette fails", "Puppet fails"):
        print(f"| {verdict} | {verdicts.get(verdict, 0)} |")
    for wall, count in walls.most_common():
        print(f"| marionette fails: {wall} | {count} |")
    compiles = [r["case"] for r in rows if r.get("marionette") == "compiles"]
    print(f"| Puppet fails, marionette fails too | {verdicts.get('Puppet fails', 0) - len(compiles)} |")
    print(f"| Puppet fails, marionette compiles | {len(compiles)} |")
    stoppers = collections.defaultdict(list)
    for r in rows:
        if r["verdict"] == "marionette fails":
            stoppers[(r["wall"], r["stopper"])].append(r["case"])
    print("\n| wall | first stopper | cases |\n|---|---|---|")
    for (wall, what), names in sorted(stoppers.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        print(f"| {wall} | {what.replace('|', '/') or '-'} | {', '.join(names)} |")
    by_name = {c["name"]: c for c in cases}
    print("\n| case | module (Debian package version) | kind | manifest | verdict | detail |")
    print("|---|---|---|---|---|---|")
    for r in rows:
        case = by_name[r["case"]]
        module = modules[suite.case_module(case)]
        shown = case["manifest"].strip().replace("\n", " ").replace("|", "\\|")
        shown = re.sub(r"\s+", " ", shown)
        shown = shown if len(shown) <= 160 else shown[:157] + "..."
        verdict = r["verdict"] + (f" ({r['wall']})" if r.get("wall") else "")
        print(f"| {r['case']} | {module.full_name} {module.version} | {case.get('kind', '')} | `{shown}` "
              f"| {verdict} | {r['detail'].replace('|', '/')} |", flush=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--marionette", default=os.path.join(suite.REPO, "build", "core", "cli", "marionette"))
    ap.add_argument("--corpus")
    ap.add_argument("--shared")
    ap.add_argument("--cache")
    ap.add_argument("--cases", default=suite.CASES_FILE)
    ap.add_argument("--jobs", type=int, default=1, help="cases compiled at once (Puppet is ~3 s a case)")
    ap.add_argument("--only", nargs="*")
    ap.add_argument("--json", help="also write the rows as JSON here")
    args = ap.parse_args()
    args.shared, args.cache = suite.shared_dir(args.shared), suite.cache_dir(args.cache)
    modules = suite.packaged_modules(suite.corpus_dir(args.corpus))
    cases = [c for c in suite.load_cases(args.cases)
             if (not args.only or c["name"] in args.only)]
    missing = [c["name"] for c in cases if suite.case_module(c) not in modules]
    if missing:
        print(f"skipped, module not packaged here: {', '.join(missing)}", file=sys.stderr)
    cases = [c for c in cases if suite.case_module(c) in modules]
    classifier, version = Classifier(modules), suite.puppet_version()
    with tempfile.TemporaryDirectory(prefix="marionette-real-modules-") as scratch:
        facts = suite.write_facts(args.shared, os.path.join(scratch, "facts.yaml"))
        with concurrent.futures.ThreadPoolExecutor(max(1, args.jobs)) as pool:
            rows = list(pool.map(lambda c: run_case(c, args, modules, facts, classifier, version, scratch),
                                 cases))
    print_report(rows, cases, modules)
    if args.json:
        with open(args.json, "w") as f:
            json.dump(rows, f, indent=1)


if __name__ == "__main__":
    main()
