#!/usr/bin/env python3
"""PuppetDB 7.12's refusals of malformed PQL, recorded as tests/puppetdb/reference/pql-refusals.json.

The cases are made from the PQL queries of bench/puppetdb_queries.py and a few more: prefixes of
each, each with a character left out, each with one put in (a fixed seed), and a few lines,
non-ASCII text and long lines; a sample of them is asked of a running PuppetDB (plain HTTP) and
its status and body kept. tests/puppetdb/pql_refusal_test.cpp checks marionette's words against
them without PuppetDB.

  bench/puppetdb_reference.py start            # or resume --root DIR: a PuppetDB to ask
  bench/puppetdb_pql_refusals.py --root DIR    # its state.json names the port
  bench/puppetdb_pql_refusals.py --url http://127.0.0.1:PORT
"""
import argparse, json, os, random, urllib.error, urllib.parse, urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "tests", "puppetdb", "reference", "pql-refusals.json")

EXTRA = [
    'nodes[certname] { facts.os.family = "Debian" }',
    'inventory[certname] { facts.os.name ~ "Deb" and trusted.extensions.pp_role = "web" }',
    'resources { type = "Class" and title in ["Apache", "Nginx"] limit 10 offset 2 order by title desc }',
    'facts[name, count()] { group by name }',
    'nodes { certname in inventory[certname] { facts.kernel = "Linux" } }',
    'reports { status = "failed" and (noop = true or latest_report? = true) }',
    'nodes { !(certname ~ "^db") }',
    'fact_contents { path ~> ["os", ".*"] and value >= 1.5e3 }',
    'nodes { facts.os.release.major is not null }',
    "events { containing_class = 'Apache' and timestamp > '2020-01-01' }",
]
SPECIAL = [
    'nodes {\n  certname = "a"\n  and }', 'nodes { certname = "\u00e9\U0001F600" and }',
    'nodes {\r\n certname = }', 'nodes { certname = "' + "x" * 1100 + '" and }',
    'nodes { x = 1 order by asc }', 'nodes { x = 1 order by x, asc }',
    'nodes { x = 1 order by x desc, }', 'nodes { x = 1 limit }', 'nodes { x = 1 limit 1 offset }',
    "facts[name count()] {}", "nothings {}", "producers {}", " nodes {} x", "",
]


def pql_queries():
    import sys
    sys.path.insert(0, HERE)
    import puppetdb_queries
    found = []
    for query in puppetdb_queries.queries():
        value = query["params"].get("query") if isinstance(query["params"], dict) else None
        if isinstance(value, str) and not value.lstrip().startswith("["):
            found.append(value)
    return found + EXTRA


def cases():
    rng = random.Random(7)
    made = set()
    for text in pql_queries():
        for i in range(1, len(text)):
            if rng.random() < 0.25:
                made.add(text[:i])
        for _ in range(6):
            i = rng.randrange(len(text))
            made.add(text[:i] + text[i + 1:])
        for _ in range(6):
            i = rng.randrange(len(text))
            made.add(text[:i] + rng.choice("{}[]()=~!<>,.\"' xa1-") + text[i:])
    sample = random.Random(11).sample(sorted(made), 360)
    return sorted(sample) + SPECIAL


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--root")
    parser.add_argument("--url")
    args = parser.parse_args()
    url = args.url
    if not url:
        with open(os.path.join(args.root, "state.json")) as f:
            url = f"http://127.0.0.1:{json.load(f)['pdb_port']}"
    recorded = []
    for query in cases():
        target = url + "/pdb/query/v4?" + urllib.parse.urlencode({"query": query, "limit": 1})
        try:
            with urllib.request.urlopen(target, timeout=60) as answer:
                recorded.append({"query": query, "status": answer.status, "body": None})
        except urllib.error.HTTPError as e:
            body = e.read().decode()
            recorded.append({"query": query, "status": e.code,
                             "body": body if body.startswith("PQL parse error") else None})
    with open(OUT, "w") as f:
        json.dump(recorded, f, indent=1, ensure_ascii=False)
        f.write("\n")
    refused = sum(1 for r in recorded if r["body"])
    print(f"recorded {len(recorded)} PQL cases ({refused} refused by the grammar) to "
          f"{os.path.relpath(OUT)}")


if __name__ == "__main__":
    main()
