#!/usr/bin/env python3
"""Records how PuppetDB 7.12 reads malformed (and a few well-formed) JSON queries: its own
parse-json-query (puppetlabs.puppetdb.http.query, which reads with Jackson through cheshire and
words a refusal with Jackson's message and position), run from Debian's puppetdb.jar by
clojure.main. Writes tests/puppetdb/reference/json-reading.json: each case's query and PuppetDB's
refusal text, or null where it reads the query. A case whose refusal PuppetDB itself fails to
word (its caret line past the query's last line) is left out.

usage: bench/puppetdb_json_reading.py [--jar /usr/share/puppetdb/puppetdb.jar]"""
import argparse, json, os, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "tests", "puppetdb", "reference", "json-reading.json")

CASES = [
 "[\"=\", \"certname\"",
 "[\"=\", \"certname\", \"a\"",
 "[\"=\", \"certname\", \"a\"]]",
 "[\"=\", \"certname\" \"a\"]",
 "[\"=\" , certname, \"a\"]",
 "{\"a\" 1}",
 "{\"a\": 1",
 "{\"a\": 1,}",
 "{a: 1}",
 "[\"=\", \"certname\", nope]",
 "[\"=\", \"certname\", tru]",
 "[\"=\", \"certname\", 01]",
 "[\"=\", \"certname\", 1.]",
 "[\"=\", \"certname\", -]",
 "[\"=\", \"certname\", \"a",
 "[\"=\", \"certname\", \"a\\x\"]",
 "[\"=\", \"certname\", 'a']",
 "[\"=\",\n\"certname\", \"a\" x]",
 "[\"=\", \"certname\", \"a\"] [\"=\", \"certname\", \"b\"]",
 "[\"=\", \"certname\", \"a\"] x",
 "[1,]",
 "[,1]",
 "]",
 "}",
 ":",
 "\"abc",
 "[\"=\", \"certname\", \"\\u12\"]",
 "[\"~\", \"certname\", 1e]",
 "[null, nul]",
 "[\"a\",\n   \"b\" \"c\"]",
 "[\"=\", \"certname\", \"a\tb\"]",
 "",
 "   ",
 "1x",
 "[1x]",
 "{\"a\":1x}",
 "[1 2]",
 "{\"a\":1 \"b\":2}",
 "{\"a\"",
 "{\"a\":",
 "[1,",
 "[",
 "{",
 "[\"a\" ",
 "+1",
 "[.5]",
 "[1.5.5]",
 "[--1]",
 "[-x]",
 "[NaN]",
 "[\"é\" x]",
 "[\"é\", ü]",
 "[1, \"a\"\r\n  x]",
 "{\"a\":1}}",
 "[true false]",
 "[1] [2] [3]",
 "{\"a\": [1, \"x\\\"y\", null, true, 1.5]} 7",
 "[\"a\\n\"]  [\"b\\\\c\"]",
 "[1]\n\n",
 "[1]//c",
 "/* */ [1]",
 "[\"a\",]",
 "[\u0001]",
 "\"\t\"",
 "[1e5]",
 "[1E+5]",
 "[-0]",
 "[00]",
 "[-01]",
 "[0x10]",
 "[1.5e]",
 "[1.e5]",
 "[\"\\ud800\"]",
 "[\"a\" : 1]",
 "{\"a\":1,\"a\":2}",
 "[1]\n]",
 "\n\n[1,\n2,\n",
 "{\"a\":{\"b\":[1,{\"c\"",
 "[\"😀\" x]",
 "[12345678901234567890123]",
 "[1.5e999]",
 "{\"a\" : }",
 "{\"a\" , 1}",
 "{\"a\":1,,}",
 "[1,,2]",
 "[truex]",
 "[null1]",
 "[1]x",
 "7 8",
 "\"a\" \"b\"",
 "{} []",
 "[{\"a\":1}] {\"b\":[2]}",
 "[1] \"x\\ty\"",
 "{\"ab",
 "[\"a\\",
 "[\"\\u12",
 "{\"a\\x\":1}",
 "[1}",
 "{\"a\":1]",
 "#",
 "[1]#",
 "[+1]",
 "[-Infinity]",
 "[Infinity]",
 "[NaNx]",
 "[1.",
 "[1e",
 "[-",
 "1.",
 "-",
 "[1.5e+]",
 "[\"a\"]]]",
 "[[1]]]",
 "{\"a\":[1}",
 "[ {\"a\":1} }",
 "{\"a\":1}{\"b\":2}",
 "[1,2]\n\n[3]",
 "{\"k1\":1,\"k2\":2,\"k3\":3,\"k4\":4,\"k5\":5,\"k6\":6,\"k7\":7,\"k8\":8,\"k9\":9} 1",
 "[1] 1e10",
 "[1] 0.001",
 "[1] 1e7",
 "[1] 1234567.5",
 "[1] 1.0E-4",
 "[1] \"é\\u0000\"",
 "[1] {\"a\":{\"b\":null}}",
 "[1] -0",
 "[1] -0.0",
 "[1] 2e-320",
 "\t[1,\n\t x]",
 "[1]\r\n]",
 "[1, \"a\", 'b']",
 "{\"a\": tru}",
 "{\"a\"\n:\n1\n,\n\"b\"}"
]

HARNESS = """
(require '[puppetlabs.puppetdb.http.query :as q] 'cheshire.core)
(def cases (with-open [r (clojure.java.io/reader (first *command-line-args*))]
             (vec (cheshire.core/parse-stream r))))
(doseq [c cases]
  (println (cheshire.core/generate-string
            (try (q/parse-json-query c nil false) {"query" c "refusal" nil}
                 (catch IllegalArgumentException e {"query" c "refusal" (.getMessage e)})
                 (catch Exception e {"query" c "fails" true})))))
"""


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--jar", default="/usr/share/puppetdb/puppetdb.jar")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        cases_file = os.path.join(scratch, "cases.json")
        harness = os.path.join(scratch, "harness.clj")
        with open(cases_file, "w") as f:
            json.dump(CASES, f)
        with open(harness, "w") as f:
            f.write(HARNESS)
        run = subprocess.run(["java", "-cp", args.jar, "clojure.main", harness, cases_file],
                             capture_output=True, text=True, timeout=600)
        if run.returncode != 0:
            sys.exit(run.stderr)
    answers = [json.loads(line) for line in run.stdout.splitlines() if line.startswith("{")]
    kept = [a for a in answers if not a.get("fails")]
    with open(OUT, "w") as f:
        json.dump(kept, f, indent=1, ensure_ascii=False)
        f.write("\n")
    print(f"{len(kept)} cases written to {os.path.normpath(OUT)} "
          f"({len(answers) - len(kept)} left out)")


if __name__ == "__main__":
    main()
