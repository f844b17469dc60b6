#!/usr/bin/env python3
"""Holds marionette's scanf and parsehocon against the Ruby libraries Puppet 7.23 calls: Ruby's
scanf (Debian: ruby-scanf) and the hocon gem (ruby-hocon). Each case runs through Ruby and
through `marionette compile`; the differences are printed, and the exit status is 1 if any.

usage: scripts/ruby-libraries-differential.py [MARIONETTE_BINARY] (default: build/core/cli/marionette)
"""
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
BINARY = sys.argv[1] if len(sys.argv) > 1 else os.path.join(HERE, "..", "build", "core", "cli", "marionette")
FACTS = os.path.join(HERE, "..", "tests", "golden", "facts.yaml")

SCANF_CASES = [
 ('42abc','%d'),('0xff 17','%x %o'),('abc','%d'),('1e3 5','%e %d'),('1.5e3 2.5E-1 .5 -3. 7 +0.1e+2','%f %e %g %f %E %G'),
 ('0777 0x1f 0b11 -017 12','%i %i %i %i %o'),('abc def','%3c%c%s'),('ab12cd','%[a-z]%d%[^0-9]'),
 ('hello world','%5s %3s'),('1,2','%d, %d'),('1 , 2','%d , %d'),('1,2','%d ,%d'),('10 20','%d %x %d'),('-0x1A ff','%x %X'),('ab','a%sb'),('  12','%c'),
 ('12345','%2d%3d'),('a,b;c','%[a-z],%[^;];%s'),('  -7 +8','%d%d'),('1 2','%*d %d'),('abc',''),('x12','x%u'),('%5','%%%d'),
 ('1.','%f'),('.','%f'),('-.5','%f'),('1.2.3','%f%f'),('1e','%f'),('1.5e','%f'),('1.5e+','%f'),('+','%d'),('-','%d %s'),('0x','%x'),('0x','%i'),('09','%i'),('08','%o'),('1_000','%d'),
 ('abc','%2c'),('a','%2c'),('a b','%c%c%c'),('x','%s%d'),('123abc','%dabc%d'),('12 34','%d%s'),('1  2','%d %d'),("1\n2","%d\n%d"),("1\t2","%d%d"),
 ('ab','%[ab]'),('a-b','%[a-]'),('^a','%[\\^a]'),('abc','%2[a-z]%s'),('a b','%[^ ]%[ ]%s'),
 ('5', '%5d'),('0x1p3','%a'),('12', '%ld'),
 ('abc','%s %s'),('', '%d'),('', '%s'),('   ','%s'),('1 2 3','%d%*s%d'),('abc', '%q'),('1', '%'),('1', 'x'),('x1', 'y%d'),('é1','%c%d'),('a1','%1s%d'),
 ('FF', '%X'),('ff', '%2x'),('-12', '%u'),('1 2', '%d%%%d'),('%', '%%'),('3 4', '%d %d %d'),
 ('a b c', ' %c %c%c'),('  x', ' %c'),('x  y', '%c %c'),('key=value', '%[^=]=%s'),('10:20:30', '%d:%d:%d'),('v1.2.3', 'v%d.%d.%d'),
 ('-5 +5', '%3d %3d'),('-123456', '%3d%d'),('0x1F 0X2a', '%i %i'),('-0x10', '%i'),('+0x10', '%4i'),('0777', '%3i'),('1.25e2x', '%f%s'),
 ('3.14159', '%4f'),('abc', '%*c%c'),('a\tb', '%c%c%c'),('ÄÖÜ', '%2c'),('日本語 x', '%s %s'),('日本語', '%2s'),('aaa', '%[a]'),('ab', '%*[a]%c'),
 ('12ab', '%D'),('%D', '%D'),('1 2', '%d%D'),('100', '%o'),('-100', '%x'),('.5e-1', '%e'),('5.', '%g'),('0.0', '%f'),('-0', '%d'),
 ('  ', ''),('a', '  '),('x y', 'x %s'),('xy', 'x %s'),(' x', 'x%s'),('1.5', '%d.%d'),('[1]', '[%d]'),('(1)', '(%d)'),('a.b', 'a.b'),('a*b', '%[a*]%c'),
]

HOCON_CASES = ["", "a=1", "a { b { c = 1 } }", "a.b.c = 1\na.b.d = 2\na { e = 3 }", "a = [1, [2, [3]]]", "a = {b: [ {c: 1} ]}", "x = 1, y = 2, z = 3",
 "a = hello world", "a = \"hello\" world", "a = hello \"world\"", "a = 1.50", "a = -1.5e-3", "a = 1e10", "a = 123456789012", "a = true\nb = yes\nc = off",
 "a = null", "a = [null, 1]", "\"a.b\" = 1", "a.\"b\".c = 2", "a { }\nb [ ]", "a = [\n1\n2\n3\n]", "a = [1,\n2,\n]", "include \"foo\"\na = 1",
 "a = ${?X_NOT_SET}\nb = 2", "a = 1\nb = ${a}\nc = ${b}", "a = {x: 1}\nb = ${a} {y: 2}\nc = ${b}", "a = [1]\na += 2\na += [3]",
 "a : \"\"\"multi\nline\"\"\"", "a = \"tab\\there\"", "a = \"\\u00e9\"", "a = é", "a = x // comment", "a = x # comment", "// only comment", "# x\n# y",
 "{ a = 1 }", "{\n  \"a\" : { \"b\" : 1 }\n}", "a = b = c", "a = x:y", "a = [1 2]", "a = [\"x\" \"y\"]", "a = 1 // c\n, b = 2",
 "a { b = 1 }\na.c = 2", "a.b = 1\na { c = 2 }", "a = {b: 1}\na = {c: 2}", "a = [1]\na = [2]", "foo.bar.baz = 1\nfoo.bar = {qux: 2}",
 "a = 0", "a = -0.0", "a = 00", "a = 007", "a = 1.0e2", "a=x\n\nb=y", "  a  =  1  ", "a\t=\t1", "a = \"x\"  \"y\"", "a = x    y", "a.b.c", "a = ]", "a = }", "a = [", "a = {", "a = \"\\x\"", "a = $x", "a = ${", "= 1", "a = 1 = 2", "a b = 1", "a = [1, 2], b = {c: 3}",
]


def ruby(program, cases):
    out = subprocess.run(["ruby", "-rjson", "-e", program], input=json.dumps(cases),
                         capture_output=True, text=True, check=True, timeout=120)
    return json.loads(out.stdout)


def quoted(text):
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"


def compile_messages(expressions):
    """The message of each notify, compiled by marionette."""
    with tempfile.TemporaryDirectory() as env:
        with open(os.path.join(env, "site.pp"), "w") as site:
            for i, expression in enumerate(expressions):
                site.write(f"notify {{ 'c{i}': message => {expression} }}\n")
        out = subprocess.run([BINARY, "compile", "--env-dir", env, "--facts", FACTS],
                             capture_output=True, text=True, timeout=120)
    if out.returncode:
        sys.exit(out.stderr)
    resources = json.loads(out.stdout)["resources"]
    return {r["title"]: r["parameters"].get("message") for r in resources if r["type"] == "Notify"}


def check_scanf():
    expected = ruby("require 'scanf'; cases = JSON.parse(STDIN.read); "
                    "puts JSON.generate(cases.map { |d, f| d.scanf(f) rescue 'ERROR' })", SCANF_CASES)
    got = compile_messages(f"scanf({quoted(d)}, {quoted(f)})" for d, f in SCANF_CASES)
    differences = 0
    for i, (data, format) in enumerate(SCANF_CASES):
        if got[f"c{i}"] != expected[i]:
            differences += 1
            print(f"scanf {data!r} {format!r}: Ruby {expected[i]!r}, marionette {got[f'c{i}']!r}")
    return differences


def check_hocon():
    expected = ruby("require 'hocon/config_factory'; cases = JSON.parse(STDIN.read); "
                    "puts JSON.generate(cases.map { |c| begin; "
                    "Hocon::ConfigFactory.parse_string(c).resolve.root.unwrapped; "
                    "rescue Hocon::ConfigError::ConfigParseError; 'PARSE-ERROR'; "
                    "rescue Exception => e; 'OTHER-ERROR ' + e.class.to_s; end })", HOCON_CASES)
    got = compile_messages(f"parsehocon({quoted(c)}, 'PARSE-ERROR')" for c in HOCON_CASES)
    differences = 0
    for i, text in enumerate(HOCON_CASES):
        want = expected[i]
        if isinstance(want, str) and want.startswith("OTHER-ERROR"):
            continue  # the gem's own bugs (NoMethodError) and list roots
        if got[f"c{i}"] != want:
            differences += 1
            print(f"hocon {text!r}: gem {want!r}, marionette {got[f'c{i}']!r}")
    return differences


if __name__ == "__main__":
    total = check_scanf() + check_hocon()
    print(f"{len(SCANF_CASES)} scanf and {len(HOCON_CASES)} HOCON cases, {total} differences")
    sys.exit(1 if total else 0)
