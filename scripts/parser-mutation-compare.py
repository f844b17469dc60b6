#!/usr/bin/env python3
"""Compares where marionette and real Puppet place the syntax errors of broken real manifests.

Each broken file is a .pp file of Debian's puppet-module-* corpus (scripts/parser-corpus-fetch.sh)
with one token deleted: a word, a variable, a number, an operator, a bracket, a quote, a `${` or
a `}`. The files and the deleted token are drawn by a seeded random generator, so the same seed
gives the same files on every machine with the same corpus. The broken files are written under
CACHE/mutations (outside the repository); then both `puppet parser validate` (or OpenVox 8's,
--oracle) and `marionette parser validate` read them.

    bash scripts/parser-corpus-fetch.sh     # once
    python3 scripts/parser-mutation-compare.py --marionette build/core/cli/marionette

A file counts where both reject it; the two agree on it when they print the same message and
name the same line and column (Puppet names none for "at end of input"). Prints each
disagreement with both messages and the deleted token, then the counts. The oracle's messages
are cached beside the broken files (one cache per oracle); --refresh asks again.
"""
import argparse
import hashlib
import importlib.util
import json
import os
import random
import re
import subprocess
import sys

# The corpus's cache and file walk are parser-corpus-compare.py's (the same fetched corpus).
_spec = importlib.util.spec_from_file_location(
    "parser_corpus_compare", os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                          "parser-corpus-compare.py"))
_corpus = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(_corpus)
default_cache = _corpus.default_cache

ANSI = re.compile(r"\x1b\[[0-9;]*m")
FILE_IN_ERROR = re.compile(r"\(file: (?P<file>[^,)]+)(?:, line: (?P<line>\d+), column: (?P<column>\d+))?\)")
GIVING_UP = re.compile(r"Language validation logged \d+ errors?\. Giving up")
PREFIX = re.compile(r"^Error: (Could not parse for environment \w+: )?")
# Puppet's tokens, roughly: enough to delete one of them. Comments are skipped.
TOKEN = re.compile(r"""
    (?P<comment>\#[^\n]*|/\*.*?\*/)
  | (?P<token>\$\{ | \$(?:::)?[A-Za-z_][\w]*(?:::[A-Za-z_]\w*)* | (?:::)?[A-Za-z_][\w-]*(?:::[A-Za-z_][\w-]*)*
      | \d+(?:\.\d+)? | => | -> | ~> | <- | <~ | == | != | =~ | !~ | <= | >= | << | >> | \+> | <\|
      | \|> | @@ | [{}()\[\],;:=<>+\-*/%!?|@."'])
""", re.S | re.X)




def mutate(text, rng):
    """The text with one token deleted, and a description of that token (None: no token)."""
    tokens = [m for m in TOKEN.finditer(text) if m.group("token")]
    if not tokens:
        return None, None
    chosen = rng.choice(tokens)
    start, end = chosen.span("token")
    line = text.count("\n", 0, start) + 1
    column = start - (text.rfind("\n", 0, start) + 1) + 1
    return text[:start] + text[end:], f"{chosen.group('token')!r} at {line}:{column}"


def make_mutations(tree, out, count, seed):
    """Writes `count` broken files into `out`; returns [(path, source, deleted token)]."""
    files = _corpus.corpus_files(tree, (".pp",))
    if not files:
        sys.exit(f"no corpus in {tree}: run scripts/parser-corpus-fetch.sh first")
    rng = random.Random(seed)
    os.makedirs(out, exist_ok=True)
    made = []
    for index in range(count):
        source = rng.choice(files)
        with open(source, encoding="utf-8", errors="surrogateescape") as f:
            text = f.read()
        mutated, deleted = mutate(text, rng)
        if mutated is None:
            continue
        path = os.path.join(out, f"m{index:04d}.pp")
        with open(path, "w", encoding="utf-8", errors="surrogateescape") as f:
            f.write(mutated)
        made.append((path, os.path.relpath(source, tree), deleted))
    return made


OURS = re.compile(r"^(?P<file>[^:\s]+\.pp)(?::(?P<line>\d+):(?P<column>\d+))?: error: (?P<message>.*)$")


def first_errors(output, files):
    """{file: "MESSAGE @ LINE:COLUMN"} from Puppet's `Error: MESSAGE (file: F, line: L, column:
    C)` lines or marionette's `F:L:C: error: MESSAGE`; the unattributed errors as a list."""
    errors, unattributed = {}, []
    # Puppet's message may span lines (a quoted token holding a newline): join an `Error:` line
    # with those that follow it up to its `(file: ...)`; the comparison keeps the first line.
    lines, pending = [], None
    for line in ANSI.sub("", output).splitlines():
        if pending is not None:
            pending += "\n" + line
            if FILE_IN_ERROR.search(line):
                lines.append(pending)
                pending = None
        elif "Try 'puppet help" in line:  # Puppet gave up on the batch: ask file by file
            lines.append(line)
        elif line.startswith("Error:") and not FILE_IN_ERROR.search(line) and "(file: " not in line \
                and not GIVING_UP.search(line) and "'" in line:
            pending = line
        else:
            lines.append(line)
    if pending is not None:
        lines.append(pending)
    for line in lines:
        line = line.strip()
        ours = OURS.match(line)
        if ours and ours.group("file") in files:
            place = f"{ours.group('line')}:{ours.group('column')}" if ours.group("line") else "-"
            errors.setdefault(ours.group("file"), f"{ours.group('message')} @ {place}")
            continue
        if not line.startswith("Error:") or GIVING_UP.search(line):
            continue
        match = FILE_IN_ERROR.search(line)
        message = PREFIX.sub("", line)
        if match:
            message = message[:message.rfind(" (file: ")].split("\n")[0]
            place = f"{match.group('line')}:{match.group('column')}" if match.group("line") else "-"
            message = f"{message} @ {place}"
        if match and match.group("file") in files:
            errors.setdefault(match.group("file"), message)
        else:
            unattributed.append(message)
    return errors, unattributed


def errors_of(command, files):
    """{file: its first error, as first_errors gives it} of COMMAND validate FILES."""
    run = subprocess.run(command + files, capture_output=True, text=True, errors="replace",
                         timeout=600)
    errors, unattributed = first_errors(run.stdout + run.stderr, files)
    if unattributed:
        if len(files) == 1:
            errors.setdefault(files[0], unattributed[0])
        else:  # cannot tell which file: ask again one by one
            for path in files:
                errors.update(errors_of(command, [path]))
    return errors


def verdicts(command, files, cache_file=None, refresh=False):
    cached = {}
    if cache_file and os.path.exists(cache_file) and not refresh:
        with open(cache_file) as f:
            cached = json.load(f)
    todo = [p for p in files if p not in cached]
    for start in range(0, len(todo), 100):
        batch = todo[start:start + 100]
        found = errors_of(command, batch)
        for path in batch:
            cached[path] = found.get(path)
        print(f"{command[0]}: {min(start + 100, len(todo))}/{len(todo)}", file=sys.stderr)
    if cache_file:
        with open(cache_file, "w") as f:
            json.dump(cached, f, indent=0)
    return {p: cached[p] for p in files}


def kind(puppet, ours):
    """What the difference is about, to count them."""
    if "end of input" in puppet or "end of input" in ours:
        return "end of input"
    if "Unclosed quote" in puppet or "Unclosed quote" in ours:
        return "unclosed quote"
    return "other"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--marionette", default="build/core/cli/marionette")
    parser.add_argument("--oracle", default="puppet",
                        help="puppet (7.23) or a path such as ../shared/tools/openvox8")
    parser.add_argument("--cache", default=default_cache())
    parser.add_argument("--count", type=int, default=400, help="broken files to make")
    parser.add_argument("--seed", type=int, default=34)
    parser.add_argument("--refresh", action="store_true", help="ask the oracle again")
    parser.add_argument("--report", help="also write the disagreements as JSON to this file")
    args = parser.parse_args()

    out = os.path.join(args.cache, f"mutations-{args.seed}")
    made = make_mutations(os.path.join(args.cache, "tree"), out, args.count, args.seed)
    files = [path for path, _source, _deleted in made]
    oracle_id = hashlib.sha1(args.oracle.encode()).hexdigest()[:8]
    theirs = verdicts([args.oracle, "parser", "validate", "--color=false"], files,
                      os.path.join(out, f"oracle-{oracle_id}.json"), args.refresh)
    ours = verdicts([args.marionette, "parser", "validate"], files)

    counts = {"both reject": 0, "same place": 0, "verdict differs": 0}
    by_kind = {}
    disagreements = []
    for path, source, deleted in made:
        a, b = theirs[path], ours[path]
        if (a is None) != (b is None):
            counts["verdict differs"] += 1
        elif a is None:
            continue
        else:
            counts["both reject"] += 1
            if a == b or (a.endswith(" @ -") and b.startswith(a[:-1])):
                counts["same place"] += 1
                continue
            by_kind[kind(a, b)] = by_kind.get(kind(a, b), 0) + 1
        disagreements.append({"file": path, "source": source, "deleted": deleted,
                              "oracle": a, "marionette": b})
    for d in disagreements:
        print(f"DIFFER {os.path.basename(d['file'])} ({d['source']}, deleted {d['deleted']})")
        print(f"    oracle:     {d['oracle']}")
        print(f"    marionette: {d['marionette']}")
    print(f"{len(made)} broken files; both reject {counts['both reject']}, same message and place "
          f"{counts['same place']}; verdicts differ on {counts['verdict differs']}; "
          f"differences by kind: {json.dumps(by_kind, sort_keys=True)}")
    if args.report:
        with open(args.report, "w") as f:
            json.dump({"counts": counts, "by_kind": by_kind, "disagreements": disagreements}, f,
                      indent=1)
    return 0 if not disagreements else 1


if __name__ == "__main__":
    sys.exit(main())
