"""How marionette's PuppetDB answers are compared with PuppetDB's recorded ones (the same rules
as tests/puppetdb/reference_test.cpp): what PuppetDB makes up when it receives data (receive
times, hashes, command UUIDs) is masked on both sides, and arrays of rows are compared as
multisets unless the query orders them (and a resource's tags as a set)."""
import json
import re

DATA_DAY = "2026-11-28"
HASH = re.compile(r"^[0-9a-f]{40}$")
TIME = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:?\d\d)$")


def normalized(value, ordered_top=False, top=True):
    if isinstance(value, dict):
        # a resource's tags are a set: PuppetDB answers them in no particular order
        return {k: sorted(v) if k == "tags" and isinstance(v, list) else normalized(v, top=False)
                for k, v in value.items()}
    if isinstance(value, list):
        items = [normalized(v, top=False) for v in value]
        if (top and not ordered_top) or (not top and all(isinstance(v, dict) for v in items)):
            items.sort(key=lambda v: json.dumps(v, sort_keys=True))
        return items
    if isinstance(value, str):
        if HASH.match(value):
            return "<hash>"
        if TIME.match(value) and not value.startswith(DATA_DAY):
            return "<received>"
        return re.sub(r"/[0-9a-f]{40}/", "/<hash>/", value)
    return value


def compare_answer(expected, actual, ordered):
    if expected["status"] != actual["status"]:
        return f"status {actual['status']}, PuppetDB {expected['status']}: {json.dumps(actual['body'])[:300]}"
    if expected.get("x_records") != actual.get("x_records"):
        return f"X-Records {actual.get('x_records')}, PuppetDB {expected.get('x_records')}"
    a = normalized(expected["body"], ordered)
    b = normalized(actual["body"], ordered)
    if a != b:
        return f"body\n  ours:     {json.dumps(b, sort_keys=True)[:600]}\n  PuppetDB: {json.dumps(a, sort_keys=True)[:600]}"
    return None
