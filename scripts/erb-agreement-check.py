#!/usr/bin/env python3
"""Do the native ERB engine and Ruby's own ERB (the embedded Ruby) render templates alike?

Every .erb under the given directories that the native engine takes is rendered through
`marionette compile` twice with the same variables: natively (the Ruby module made unloadable,
so nothing can fall back) and in the embedded Ruby (MARIONETTE_ERB=ruby). Each template is
tried with its instance variables (@name) unset, then set to plain strings, then to small
arrays; the two outputs, or the two errors, must be the same. Templates the native engine
refuses are counted and skipped.

usage: scripts/erb-agreement-check.py [--marionette PATH] [--facts FILE] [--jobs N] DIR...
       (default DIR: the module corpus, ~/.cache/marionette/parser-corpus/tree)
Exit status 1 when a template differs.
"""
import argparse
import concurrent.futures
import json
import os
import re
import subprocess
import sys
import tempfile

import yaml

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
VARIABLE = re.compile(r"@([a-z_][a-z0-9_]*)\b")
# Variables Puppet itself sets, or that the wrapper answers: never overridden.
RESERVED = {"facts", "trusted", "server_facts", "title", "name", "module_name", "caller_module_name"}
VARIANTS = {
    "unset": None,
    "strings": lambda name: f"'{name}-value'",
    "arrays": lambda name: f"['{name}-a', '{name}-b']",
}


def manifest(template, names, variant):
    lines = []
    value_of = VARIANTS[variant]
    if value_of:
        lines += [f"${name} = {value_of(name)}" for name in sorted(names)]
    lines.append(f"notify {{ 'out': message => template('{template}') }}")
    return "\n".join(lines) + "\n"


def render(marionette, facts, env_dir, extra_env):
    """('ok', message) or ('error', the error without the manifest's position)."""
    env = dict(os.environ, **extra_env)
    try:
        run = subprocess.run([marionette, "compile", "--env-dir", env_dir, "--facts", facts],
                             capture_output=True, text=True, timeout=60, env=env)
    except subprocess.TimeoutExpired:
        return ("error", "timed out")
    if run.returncode != 0:
        error = run.stderr
        error = re.sub(r"^.*?site\.pp:\d+:\d+: error: ", "", error, flags=re.S)
        return ("error", error.split("\n\n")[0].strip())
    for resource in json.loads(run.stdout).get("resources", []):
        if resource["type"] == "Notify" and resource["title"] == "out":
            return ("ok", resource["parameters"].get("message"))
    return ("error", "no output")


def check(template, args):
    """None when the native engine refuses it; else the variants where the engines differ."""
    with open(template, encoding="utf-8", errors="replace") as f:
        names = {n for n in VARIABLE.findall(f.read()) if n not in RESERVED | args.fact_names}
    differences = []
    with tempfile.TemporaryDirectory(prefix="erb-agreement-") as env_dir:
        for variant in VARIANTS:
            with open(os.path.join(env_dir, "site.pp"), "w") as f:
                f.write(manifest(os.path.abspath(template), names, variant))
            native = render(args.marionette, args.facts, env_dir,
                            {"MARIONETTE_RUBY_MODULE": os.path.join(env_dir, "absent.so")})
            if native[0] == "error" and "marionette's ERB engine" in native[1]:
                return None
            ruby = render(args.marionette, args.facts, env_dir, {"MARIONETTE_ERB": "ruby"})
            if native != ruby:
                differences.append((variant, native, ruby))
    return differences


def main():
    cache = os.environ.get("XDG_CACHE_HOME", os.path.expanduser("~/.cache"))
    parser = argparse.ArgumentParser()
    parser.add_argument("dirs", nargs="*",
                        default=[os.path.join(cache, "marionette/parser-corpus/tree")])
    parser.add_argument("--marionette", default=os.path.join(REPO, "build/core/cli/marionette"))
    parser.add_argument("--facts", default=os.path.join(REPO, "tests/golden/facts.yaml"))
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    with open(args.facts) as f:  # facts are top-scope variables: not to be set again
        args.fact_names = set(yaml.safe_load(f) or {})
    templates = sorted({os.path.realpath(os.path.join(root, name))
                        for d in args.dirs for root, _, files in os.walk(d)
                        for name in files if name.endswith(".erb")})
    if not templates:
        sys.exit("erb-agreement-check: no templates under " + " ".join(args.dirs))
    agreed = refused = 0
    differing = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for template, result in zip(templates, pool.map(lambda t: check(t, args), templates)):
            if result is None:
                refused += 1
            elif result:
                differing.append((template, result))
            else:
                agreed += 1
    for template, differences in differing:
        print(f"DIFFERS {template}")
        for variant, native, ruby in differences:
            print(f"  [{variant}] native: {native[0]}: {native[1]!r}")
            print(f"  [{variant}] ruby:   {ruby[0]}: {ruby[1]!r}")
    print(f"{len(templates)} templates: {agreed} agree, {len(differing)} differ, "
          f"{refused} beyond the native engine (not compared)")
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main())
