#!/usr/bin/env python3
"""Real modules: compile small manifests that use Debian's puppet-module-* packages with real
Puppet 7 and with marionette, compare the catalogs, and print one verdict per case.

usage: scripts/real-modules-compare.py [--marionette PATH] [--corpus DIR] [--only NAME ...]

Needs real Puppet (apt-get install puppet) and the unpacked packages that
scripts/parser-corpus-fetch.sh leaves in DIR (default: /tmp/marionette-corpus/tree, else
${XDG_CACHE_HOME:-~/.cache}/marionette/parser-corpus/tree). Every module found there is put on
the modulepath under its short name, so dependencies resolve as they would on a Debian node.
Verdicts: identical (catalog-diff finds no difference), differs (the first differences),
marionette fails (its first error line), Puppet fails (then there is nothing to hold us to).
Not run in CI: it needs Puppet and the packages.
"""
import argparse, json, os, re, subprocess, sys, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
SHARED = os.path.join(os.path.dirname(REPO), "shared")
FACTS = os.path.join(SHARED, "facts", "debian12.yaml")
NODE = "node1.example.com"

# (case, manifest): each module's main class with its defaults, or its main defined type.
CASES = [
    ("stdlib", "include stdlib\nfile_line { 'motd': path => '/etc/motd', line => 'hello' }\n"),
    ("stdlib-functions", "$x = pick(undef, 'a')\nnotify { \"${x} ${join([1, 2], '-')}\": }\n"),
    ("concat", "concat { '/etc/c.conf': }\n"
               "concat::fragment { 'one': target => '/etc/c.conf', content => \"x\\n\", order => '01' }\n"),
    ("inifile", "ini_setting { 's': ensure => present, path => '/etc/x.ini', section => 'main', "
                "setting => 'k', value => 'v' }\n"),
    ("ntp", "include ntp\n"),
    ("apt", "include apt\n"),
    ("xinetd", "include xinetd\n"),
    ("rsync", "include rsync\n"),
    ("logrotate", "include logrotate\n"),
    ("memcached", "include memcached\n"),
    ("ssh", "include ssh\n"),
    ("chrony", "include chrony\n"),
    ("haproxy", "include haproxy\n"),
    ("rsyslog", "include rsyslog\n"),
    ("postfix", "include postfix\n"),
    ("systemd", "include systemd\n"),
    ("kmod", "kmod::load { 'dummy': }\n"),
    ("sysctl", "sysctl::value { 'net.ipv4.ip_forward': value => '1' }\n"),
    ("redis", "include redis\n"),
    ("monit", "include monit\n"),
    ("tftp", "include tftp\n"),
    ("filebeat", "include filebeat\n"),
    ("mysql", "include mysql::server\n"),
    ("apache", "include apache\n"),
    ("alternatives", "alternative_entry { '/usr/bin/vim.basic': ensure => present, altlink => '/usr/bin/vim', "
                     "altname => 'vim', priority => 10 }\n"),
    ("archive", "include archive\n"),
    ("openssl", "include openssl\n"),
    ("zookeeper", "include zookeeper\n"),
    ("etcd", "include etcd\n"),
    ("dns", "include dns\n"),
]


def corpus_dir(given):
    if given:
        return given
    for candidate in ("/tmp/marionette-corpus/tree",
                      os.path.join(os.environ.get("XDG_CACHE_HOME", os.path.expanduser("~/.cache")),
                                   "marionette", "parser-corpus", "tree")):
        if os.path.isdir(candidate):
            return candidate
    sys.exit("real-modules-compare: no unpacked modules; run scripts/parser-corpus-fetch.sh first")


def link_modules(corpus, modules_dir):
    """Every packaged module under its short name (puppetlabs-ntp → ntp), with its version."""
    versions = {}
    for package in sorted(os.listdir(corpus)):
        available = os.path.join(corpus, package, "usr", "share", "puppet", "modules.available")
        if not os.path.isdir(available):
            continue
        for full_name in os.listdir(available):
            path = os.path.join(available, full_name)
            short = full_name.split("-", 1)[-1].replace("-", "_")
            try:
                with open(os.path.join(path, "metadata.json")) as f:
                    meta = json.load(f)
                short = meta.get("name", full_name).replace("/", "-").split("-", 1)[-1]
                version = meta.get("version", "?")
            except (OSError, ValueError):
                version = "?"
            link = os.path.join(modules_dir, short)
            if not os.path.exists(link):
                os.symlink(path, link)
                versions[short] = (full_name, version)
    return versions


def first_error_line(text):
    for line in text.splitlines():
        if "rror" in line:
            return line.strip()[:220]
    lines = [l for l in text.splitlines() if l.strip()]
    return lines[0][:220] if lines else "(no output)"


def facts_file(scratch):
    """shared/facts/debian12.yaml plus the facts Puppet adds about itself when it runs Facter
    (modules such as concat compare $clientversion)."""
    path = os.path.join(scratch, "facts.yaml")
    with open(FACTS) as src, open(path, "w") as out:
        out.write(src.read().rstrip("\n") + "\nclientversion: 7.23.0\n")
    return path


def verdict(case, manifest, env, marionette, facts):
    with open(os.path.join(env, "site.pp"), "w") as f:
        f.write(manifest)
    theirs = subprocess.run([os.path.join(SHARED, "tools", "puppet-catalog"), env, "-f", facts, "-n", NODE],
                            capture_output=True, text=True, timeout=300)
    if theirs.returncode != 0:
        return "Puppet fails", first_error_line(theirs.stderr + theirs.stdout)
    ours = subprocess.run([marionette, "compile", "--env-dir", env, "--facts", facts, "--node", NODE],
                          capture_output=True, text=True, timeout=120)
    if ours.returncode != 0:
        return "marionette fails", first_error_line(ours.stderr + ours.stdout)
    expected, actual = os.path.join(env, "expected.json"), os.path.join(env, "actual.json")
    with open(expected, "w") as f:
        f.write(theirs.stdout)
    with open(actual, "w") as f:
        f.write(ours.stdout)
    diff = subprocess.run([os.path.join(SHARED, "tools", "catalog-diff"), expected, actual],
                          capture_output=True, text=True)
    if diff.returncode == 0:
        resources = len(json.loads(ours.stdout).get("resources", []))
        return "identical", f"{resources} resources"
    lines = [l for l in diff.stdout.splitlines() if l.strip()]
    return "differs", "; ".join(lines[:3])[:300]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--marionette", default=os.path.join(REPO, "build", "core", "cli", "marionette"))
    ap.add_argument("--corpus")
    ap.add_argument("--only", nargs="*")
    args = ap.parse_args()
    corpus = corpus_dir(args.corpus)
    with tempfile.TemporaryDirectory(prefix="marionette-real-modules-") as scratch:
        env = os.path.join(scratch, "env")
        os.makedirs(os.path.join(env, "modules"))
        versions = link_modules(corpus, os.path.join(env, "modules"))
        facts = facts_file(scratch)
        print("| case | module (Debian package version) | manifest | verdict | detail |")
        print("|---|---|---|---|---|")
        for case, manifest in CASES:
            if args.only and case not in args.only:
                continue
            module = case.split("-")[0]
            full_name, version = versions.get(module, ("not packaged", ""))
            if full_name == "not packaged":
                continue
            try:
                result, detail = verdict(case, manifest, env, args.marionette, facts)
            except subprocess.TimeoutExpired:
                result, detail = "timeout", ""
            detail = re.sub(r"/tmp/[^ ,)]*/code/environments/production/", "", detail.replace(env + "/", ""))
            shown = manifest.strip().replace("\n", "; ").replace("|", "\\|")
            print(f"| {case} | {full_name} {version} | `{shown}` | {result} | {detail.replace('|', '/')} |",
                  flush=True)


if __name__ == "__main__":
    main()
