"""What the catalog comparisons share (scripts/real-modules-compare.py against Puppet 7,
scripts/forge_corpus_compare.py against OpenVox 8, and scripts/real_modules_suite.py that the
first and the benchmarks build on): reading a cases file, the first error of a compile (Puppet's
or marionette's) without the scratch paths, running marionette's compile within a time limit,
and shared/tools/catalog-diff over two catalogs.
"""
import json, os, re, subprocess, sys

import yaml


def load_cases(path, label, check=None):
    """The cases of a YAML list of mappings; exits naming LABEL on a duplicated name, or on the
    first complaint CHECK (a case -> message or None) makes."""
    with open(path) as f:
        cases = yaml.safe_load(f)
    names = [c["name"] for c in cases]
    duplicated = sorted({n for n in names if names.count(n) > 1})
    if duplicated:
        sys.exit(f"{label}: duplicate case names in {path}: {', '.join(duplicated)}")
    for case in cases:
        complaint = check(case) if check else None
        if complaint:
            sys.exit(f"{label}: case {case['name']} {complaint}")
    return cases


def first_error_line(text):
    """The first error a compile printed (marionette's `file:line:col: error:` or Puppet's
    `Error:`), not a warning that happens to say "errors"."""
    for line in text.splitlines():
        if re.search(r"(^|: )error: |^Error: ", line.strip()):
            return line.strip()[:300]
    for line in text.splitlines():
        if "rror" in line and not line.lstrip().startswith("Warning"):
            return line.strip()[:300]
    lines = [l for l in text.splitlines() if l.strip()]
    return lines[0][:300] if lines else "(no output)"


def puppet_error(output):
    """Puppet's (or OpenVox's) first error, without the private environment's path that
    shared/tools/puppet-catalog compiled in."""
    return re.sub(r"/tmp/[^ ,)]*/code/environments/production/", "", first_error_line(output))


def run_marionette(command, timeout):
    """marionette's compile; a timeout becomes exit 124 with the reason on stderr."""
    try:
        return subprocess.run(command, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return subprocess.CompletedProcess(command, 124, "", f"error: timeout after {timeout} s")


def marionette_error(run, env):
    """marionette's first error (a template's with its Detail line, which says what), without
    the environment's path; a crash names its signal."""
    if run.returncode < 0:
        return f"marionette crashed: signal {-run.returncode}"
    output = run.stderr + run.stdout
    error = first_error_line(output)
    detail = re.search(r"^\s*Detail: .*$", output, re.M)
    if detail and error.endswith(":"):
        error += " " + detail.group(0).strip()
    return error.replace(env + "/", "").replace(os.path.realpath(env) + "/", "")


def catalog_diff(theirs, ours_json, shared, scratch):
    """shared/tools/catalog-diff of THEIRS (a parsed catalog) and OURS_JSON (marionette's
    output); exit 0 when they agree."""
    expected, actual = os.path.join(scratch, "expected.json"), os.path.join(scratch, "actual.json")
    with open(expected, "w") as f:
        json.dump(theirs, f)
    with open(actual, "w") as f:
        f.write(ours_json)
    return subprocess.run([os.path.join(shared, "tools", "catalog-diff"), expected, actual],
                          capture_output=True, text=True, timeout=60)
