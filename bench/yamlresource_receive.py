#!/usr/bin/env python3
"""`marionette yamlresource receive` throughput: resources per second served by one process over
a pipe, the way mgmt's pippet resource fed `puppet yamlresource receive`, and the same input
through real Puppet's face when it can run here.

usage: bench/yamlresource_receive.py [--marionette PATH] [--files N] [--count N]
                                     [--puppet-modulepath DIR] [--puppet-files N] [--puppet-count N]

Four streams, each through a fresh process, timed from its start to its last answer: files
created in a temp dir (every one a change: written through a temp file and fsync'd, as apply
writes files), the same files again in sync (YAML lines, then the JSON shape), notifies.
Puppet's face is not packaged in Debian: give --puppet-modulepath a directory holding the
ffrank-yamlresource module (its lib/), or Puppet is left out.
"""
import argparse, json, os, shutil, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)


def phases(root, files, count):
    """(name, lines): files created (each a change, written and fsync'd), the same files in sync
    (YAML lines, then JSON lines), notifies (each a change, no I/O)."""
    create = [f'file {root}/f{n} {{ ensure: file, content: "n={n}\\n", mode: "0644" }}'
              for n in range(files)]
    as_json = [json.dumps({"type": "file", "title": f"{root}/f{n}",
                           "params": f'{{ ensure: file, content: "n={n}\\n", mode: "0644" }}'})
               for n in range(files)]
    repeat = max(count // files, 1)
    return [("files created", create),
            ("files in sync, YAML lines", create * repeat),
            ("files in sync, JSON lines", as_json * repeat),
            ("notifies", [f"notify note{n} {{ message: hello {n} }}" for n in range(count)])]


def run(argv, lines):
    text = "\n".join(lines) + "\n"
    start = time.monotonic()
    proc = subprocess.run(argv, input=text, capture_output=True, text=True, timeout=3600)
    seconds = time.monotonic() - start
    answers = [l for l in proc.stdout.splitlines() if l.startswith("{")]
    errors = sum(1 for l in answers if json.loads(l).get("error"))
    if len(answers) != len(lines) or errors:
        sys.exit(f"{argv[0]}: {len(answers)} answers for {len(lines)} lines, {errors} errors\n"
                 f"{proc.stderr[-2000:]}")
    return seconds


def measure(label, argv, root, files, count):
    shutil.rmtree(root, ignore_errors=True)
    os.makedirs(root)
    for name, lines in phases(root, files, count):
        seconds = run(argv, lines)
        print(f"{label:12} {name:28} {len(lines):7} in {seconds:7.2f} s = "
              f"{len(lines) / seconds:10,.0f} resources/s")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--marionette", default=os.path.join(REPO, "build/core/cli/marionette"))
    parser.add_argument("--files", type=int, default=1000)
    parser.add_argument("--count", type=int, default=20000)
    parser.add_argument("--puppet-modulepath")
    parser.add_argument("--puppet-files", type=int, default=100)
    parser.add_argument("--puppet-count", type=int, default=300)
    args = parser.parse_args()

    root = tempfile.mkdtemp(prefix="marionette-yamlresource-bench-")
    try:
        measure("marionette", [args.marionette, "yamlresource", "receive"], root, args.files,
                args.count)
        if args.puppet_modulepath and shutil.which("puppet"):
            measure("puppet", ["puppet", "yamlresource", "receive", "--modulepath",
                               args.puppet_modulepath], root, args.puppet_files, args.puppet_count)
    finally:
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
