#!/usr/bin/env python3
"""Compile time with and without many unused modules on the module path (issue 39).

usage: bench/module_path_scaling.py [--marionette PATH] [--modules N] [--size N] [--runs N]

bench/generate_manifests.py writes an environment of ~SIZE resources; it is compiled with
`--basemodulepath` pointing at an empty directory and at one holding N modules the manifest never
names (each with manifests/, functions/, types/, lib/puppet/type, lib/puppet/functions,
lib/facter and hiera.yaml, as a packaged module has). The two are run alternately, RUNS times
each, and timed as whole processes (wall from spawn to reap, and user+system CPU from wait4):
marionette lists or reads nothing of a module a compile does not reach, so the two columns agree
within noise. The catalogs are compared as well: the unused modules change nothing.
"""
import argparse, os, statistics, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
FACTS = os.path.join(REPO, "examples", "facts.yaml")
sys.path.insert(0, HERE)
import generate_manifests  # noqa: E402


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)


def make_unused_modules(root, count):
    for i in range(count):
        name = f"unused{i}"
        m = os.path.join(root, name)
        write(os.path.join(m, "manifests", "init.pp"), f"class {name} {{ notify {{ '{name}': }} }}\n")
        write(os.path.join(m, "manifests", "sub", "config.pp"), f"class {name}::sub::config {{ }}\n")
        write(os.path.join(m, "functions", "f.pp"), f"function {name}::f() {{ 1 }}\n")
        write(os.path.join(m, "types", "t.pp"), f"type {name}::T = Integer\n")
        write(os.path.join(m, "lib", "puppet", "type", f"{name}_type.rb"),
              f"Puppet::Type.newtype(:{name}_type) do\nend\n")
        write(os.path.join(m, "lib", "puppet", "functions", f"{name}_f.rb"), "# unused\n")
        write(os.path.join(m, "lib", "facter", f"{name}.rb"), "# unused\n")
        write(os.path.join(m, "hiera.yaml"), "---\nversion: 5\n")


def timed(argv, stdout_path):
    """Wall seconds, CPU seconds (user + system) and exit status of one whole process."""
    with open(stdout_path, "w") as out, open(os.devnull, "w") as err:
        start = time.perf_counter()
        pid = os.posix_spawn(argv[0], argv, os.environ,
                             file_actions=[(os.POSIX_SPAWN_DUP2, out.fileno(), 1),
                                           (os.POSIX_SPAWN_DUP2, err.fileno(), 2)])
        _, status, usage = os.wait4(pid, 0)
        wall = time.perf_counter() - start
    return wall, usage.ru_utime + usage.ru_stime, os.waitstatus_to_exitcode(status)


def main():
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--marionette", default=os.path.join(REPO, "build", "core", "cli", "marionette"))
    p.add_argument("--modules", type=int, default=500)
    p.add_argument("--size", type=int, default=2600)
    p.add_argument("--runs", type=int, default=15)
    a = p.parse_args()
    with tempfile.TemporaryDirectory(prefix="marionette-module-scaling-") as scratch:
        env = os.path.join(scratch, "env")
        generate_manifests.generate(env, a.size)
        empty, many = os.path.join(scratch, "empty"), os.path.join(scratch, "many")
        os.makedirs(empty)
        make_unused_modules(many, a.modules)
        results = {}
        for label, base in (("empty base module path", empty),
                            (f"{a.modules} unused modules", many)):
            results[label] = {"wall": [], "cpu": [], "out": os.path.join(scratch, f"{len(results)}.json"),
                              "argv": [a.marionette, "compile", "--env-dir", env, "--facts", FACTS,
                                       "--node", "web01.example.com", "--basemodulepath", base]}
        for _ in range(a.runs):  # alternately, so that both see the same minutes
            for r in results.values():
                wall, cpu, code = timed(r["argv"], r["out"])
                if code != 0:
                    sys.exit(f"marionette failed: {' '.join(r['argv'])}")
                r["wall"].append(wall)
                r["cpu"].append(cpu)
        catalogs = [open(r["out"]).read() for r in results.values()]
        # version (a time) and catalog_uuid differ between any two compiles
        strip = lambda text: text[:text.find('"version"')] + text[text.find('"catalog_format"'):]
        same = strip(catalogs[0]) == strip(catalogs[1])
        print(f"marionette: {a.marionette}; ~{a.size} resources, {a.runs} runs each, alternated")
        print("| module path | wall median | wall min | CPU median (user+sys) |")
        print("|---|---:|---:|---:|")
        for label, r in results.items():
            print(f"| {label} | {statistics.median(r['wall']) * 1000:.1f} ms | "
                  f"{min(r['wall']) * 1000:.1f} ms | {statistics.median(r['cpu']) * 1000:.1f} ms |")
        print(f"catalogs identical apart from version and catalog_uuid: {same}")
        if not same:
            sys.exit(1)


if __name__ == "__main__":
    main()
