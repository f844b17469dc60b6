#!/usr/bin/env python3
"""Every C++ file of the repository is as clang-format (.clang-format) writes it, except those
still listed in scripts/format-pending.txt: files from before the check, formatted when next
touched. Fails on an unformatted file not in the list, and on a listed file that is formatted
now (take it off the list, so the list only shrinks).

  python3 scripts/check-format.py [ROOT]        check (ctest runs it: style.clang_format)
  python3 scripts/check-format.py --fix FILE…   format files and take them off the list
  python3 scripts/check-format.py --prune       take off the list the files formatted since
"""
import os, shutil, subprocess, sys

SUFFIXES = (".cpp", ".hpp", ".h", ".cc", ".c")


def cxx_files(root):
    listed = subprocess.run(["git", "-C", root, "ls-files", "-z"], capture_output=True, text=True)
    if listed.returncode == 0 and listed.stdout:
        names = listed.stdout.split("\0")
    else:  # not a git checkout (a source package): walk it
        names = []
        for directory, subdirs, files in os.walk(root):
            subdirs[:] = [d for d in subdirs if not d.startswith((".", "build", "obj-"))]
            names += [os.path.relpath(os.path.join(directory, f), root) for f in files]
    return sorted(n for n in names if n.endswith(SUFFIXES) and os.path.isfile(os.path.join(root, n)))


def unformatted(root, files):
    """The files clang-format would change."""
    found = set()
    for start in range(0, len(files), 100):
        batch = files[start:start + 100]
        run = subprocess.run(["clang-format", "--dry-run", "-Werror", "--ferror-limit=1", *batch],
                             cwd=root, capture_output=True, text=True)
        wanted = set(batch)
        for line in run.stderr.splitlines():
            name = line.split(":", 1)[0]
            if name in wanted and ": error: " in line:
                found.add(name)
    return found


def pending_list(root):
    path = os.path.join(root, "scripts", "format-pending.txt")
    with open(path) as f:
        return path, [line.strip() for line in f if line.strip() and not line.startswith("#")]


def write_pending(path, keep):
    with open(path) as f:
        header = [line for line in f if line.startswith("#")]
    with open(path, "w") as f:
        f.writelines(header)
        f.writelines(p + "\n" for p in keep)


def main(argv):
    if shutil.which("clang-format") is None:
        print("SKIP: clang-format is not installed (scripts/install-deps.sh installs it)")
        return 0
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    if argv[:1] == ["--fix"]:
        path, pending = pending_list(here)
        names = [os.path.relpath(os.path.abspath(f), here) for f in argv[1:]]
        subprocess.run(["clang-format", "-i", *names], cwd=here, check=True)
        keep = [p for p in pending if p not in names]
        write_pending(path, keep)
        print(f"formatted {len(names)} files; {len(keep)} still pending")
        return 0
    if argv[:1] == ["--prune"]:
        path, pending = pending_list(here)
        bad = unformatted(here, [p for p in pending if os.path.isfile(os.path.join(here, p))])
        keep = [p for p in pending if p in bad]
        write_pending(path, keep)
        print(f"{len(pending) - len(keep)} files taken off; {len(keep)} still pending")
        return 0
    root = os.path.abspath(argv[0]) if argv else here
    _, pending = pending_list(root)
    files = cxx_files(root)
    bad = unformatted(root, files)
    pending_set = set(pending)
    failures = [f"{name}: not as clang-format writes it (clang-format -i {name})"
                for name in sorted(bad - pending_set)]
    failures += [f"{name}: formatted now: take it off scripts/format-pending.txt"
                 for name in sorted(pending_set & set(files) - bad)]
    failures += [f"{name}: listed in scripts/format-pending.txt but gone"
                 for name in sorted(pending_set - set(files))]
    for failure in failures:
        print(failure)
    print(f"{len(files)} C++ files, {len(bad)} unformatted, {len(pending)} pending")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
