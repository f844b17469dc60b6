#!/usr/bin/env python3
"""Makes golden cases (tests/golden/realmodules/NAME) of real-module cases
(scripts/real-modules-cases.yaml) over the modules Debian installs in /usr/share/puppet/modules:
the case's site.pp and Hiera layer, its required-modules (the case's module and what its
metadata.json depends on, transitively, each with its installed version and Debian package),
then real Puppet's catalog through tests/golden/puppet-expected.

    python3 scripts/real-modules-golden.py CASE...   # apt-get install the packages first

The modules must be installed (the packages scripts/install-deps.sh lists); a case with its
own `facts:` is refused (the golden cases share realmodules/facts.yaml).
"""
import json, os, shutil, subprocess, sys

import real_modules_suite as suite

DEBIAN_MODULES = "/usr/share/puppet/modules"
GOLDEN = os.path.join(suite.REPO, "tests", "golden")


def installed_module(name):
    """(version, package, dependencies) of the module Debian installed as NAME; the version
    is "-" for a module without metadata.json."""
    path = os.path.join(DEBIAN_MODULES, name)
    if not os.path.isdir(path):
        sys.exit(f"real-modules-golden: no module {name} in {DEBIAN_MODULES}")
    try:
        with open(os.path.join(path, "metadata.json")) as f:
            meta = json.load(f)
    except OSError:
        meta = {"version": "-"}  # rodjek-logrotate has no metadata.json: any version
    owner = subprocess.run(["dpkg-query", "-S", os.path.realpath(path)], capture_output=True,
                           text=True, check=True).stdout.split(":")[0]
    depends = [d["name"].replace("/", "-").split("-", 1)[-1] for d in meta.get("dependencies", [])]
    return meta["version"], owner, depends


def required_modules(first):
    """The module and, transitively, the installed modules its metadata depends on."""
    found, todo = {}, [first]
    while todo:
        name = todo.pop()
        if name in found or (name != first and not os.path.isdir(os.path.join(DEBIAN_MODULES, name))):
            continue
        version, package, depends = installed_module(name)
        found[name] = (version, package)
        todo.extend(depends)
    return found


def write_case(case):
    if case.get("facts"):
        sys.exit(f"real-modules-golden: {case['name']} has its own facts; pick another case")
    directory = os.path.join(GOLDEN, "realmodules", case["name"])
    shutil.rmtree(directory, ignore_errors=True)
    os.makedirs(directory)
    with open(os.path.join(directory, "site.pp"), "w") as f:
        f.write(f"# real-module case {case['name']} ({case['kind']}), from "
                "scripts/real-modules-cases.yaml\n" + case["manifest"])
    suite.write_hiera(directory, case)
    modules = required_modules(suite.case_module(case))
    with open(os.path.join(directory, "required-modules"), "w") as f:
        f.write("# module version Debian-package: the modules Puppet compiled this case with "
                "(version -: no metadata.json, any)\n")
        for name, (version, package) in sorted(modules.items()):
            f.write(f"{name} {version} {package}\n")
    return directory


def main(names):
    if not names:
        sys.exit(__doc__)
    cases = {c["name"]: c for c in suite.load_cases()}
    unknown = [n for n in names if n not in cases]
    if unknown:
        sys.exit(f"real-modules-golden: no such case: {', '.join(unknown)}")
    directories = [write_case(cases[n]) for n in names]
    subprocess.run([os.path.join(GOLDEN, "puppet-expected")] + directories, check=True)
    for directory in directories:
        if not os.path.exists(os.path.join(directory, "expected.json")):
            print(f"{directory}: Puppet refused it (expected.error)", file=sys.stderr)


if __name__ == "__main__":
    main(sys.argv[1:])
