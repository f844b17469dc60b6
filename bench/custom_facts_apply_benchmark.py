#!/usr/bin/env python3
"""`apply -e` and `facts` with every installed module's custom facts, against Puppet (issue 39).

usage: bench/custom_facts_apply_benchmark.py [--marionette PATH] [--before PATH] [--runs N]
                                             [--puppet-runs N] [--modulepath DIRS] [--json OUT]

With Debian's puppet-module-* packages installed, the default base module path
(/usr/share/puppet/modules) holds ~90 modules and their custom facts (apt's apt_updates runs
`apt-get -s upgrade` and `dist-upgrade`). Times whole processes, interleaved in one run
(median wall and CPU time, user + system, of the process and its reaped children):

  marionette apply -e 'notice(1)'             puppet apply -e 'notice(1)'
  marionette apply -e '$y = 1 notice($y)'     puppet apply -e (the same)
  marionette apply --noop site.pp             puppet apply --noop (the same; --site, default
                                              bench/custom_facts_site.pp: ntp, apt, facts read)
  marionette apply -e (one apt fact read)     puppet apply -e (the same)
  marionette facts --modulepath DIRS -j       puppet facts (show, JSON)
  marionette apply ... with a facter.conf ttl on apt's facts, the cache warm (--all-rows)
  marionette apply ... with one Ruby worker (MARIONETTE_CUSTOM_FACTS_WORKERS=1, --all-rows)

marionette's apply resolves a custom fact when the compile reads it (issue 39): 'notice(1)'
resolves none, the one-fact manifest apt's apt_updates.rb alone; Puppet resolves them all.

then diffs the facts: every custom fact (a fact that `marionette facts` without the modules
does not have) must have Puppet's value; the core facts that differ are listed apart (uptime
and memory move between two runs). --before times an earlier marionette build's rows too.
"""
import argparse, json, os, shutil, statistics, subprocess, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
VOLATILE = {"uptime", "uptime_seconds", "uptime_hours", "uptime_days", "system_uptime",
            "memory", "memoryfree", "memoryfree_mb", "swapfree", "swapfree_mb", "load_averages",
            "mountpoints", "partitions", "networking", "processors", "timezone", "facterversion",
            "hypervisors", "disks", "filesystems", "path", "puppetversion", "identity", "ruby",
            "os", "sp_uptime", "_timestamp"}


def timed(argv, env):
    start = time.monotonic()
    child = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    out, err = child.communicate()
    wall = time.monotonic() - start
    return wall, out.decode(errors="replace"), err.decode(errors="replace"), child.returncode


def cpu_of_children():
    usage = os.times()
    return usage.children_user + usage.children_system


def measure(argv, env):
    before = cpu_of_children()
    wall, out, err, code = timed(argv, env)
    return wall, cpu_of_children() - before, out, err, code


def puppet_facts_json(text):
    data = json.loads(text)
    return data.get("values", data)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--marionette", default=os.path.join(REPO, "build/core/cli/marionette"))
    parser.add_argument("--before")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--puppet-runs", type=int, default=1)
    parser.add_argument("--modulepath", default="/usr/share/puppet/modules",
                        help="the base module path of every command (default: Debian's, where "
                             "the puppet-module-* packages install)")
    parser.add_argument("--json")
    parser.add_argument("--site", default=os.path.join(HERE, "custom_facts_site.pp"),
                        help="the manifest both sides apply with --noop")
    parser.add_argument("--all-rows", action="store_true",
                        help="the facter.conf ttl and one-worker rows too")
    args = parser.parse_args()

    scratch = tempfile.mkdtemp(prefix="custom-facts-apply-bench-")
    cache = os.path.join(scratch, "cache")
    conf = os.path.join(scratch, "facter.conf")
    with open(conf, "w") as f:
        f.write('facts : { ttls : [ { "apt" : 1 hour } ] }\n'
                'fact-groups : { apt : ["apt_has_updates", "apt_has_dist_updates", '
                '"apt_package_updates", "apt_package_dist_updates", "apt_package_security_updates", '
                '"apt_package_security_dist_updates", "apt_updates", "apt_dist_updates", '
                '"apt_security_updates", "apt_security_dist_updates"] }\n')
    # Facter (as root) reads /etc/facter/facts.d, where openstacklib puts os_service_default.txt;
    # marionette reads /etc/marionette/facts.d and $MARIONETTE_FACTS_D: given the same directory.
    env = dict(os.environ, MARIONETTE_FACTS_D="/etc/facter/facts.d", MARIONETTE_FACTS_CACHE_DIR=cache,
               MARIONETTE_FACTER_CONF=os.path.join(scratch, "absent.conf"))
    cached_env = dict(env, MARIONETTE_FACTER_CONF=conf)
    one_worker_env = dict(env, MARIONETTE_CUSTOM_FACTS_WORKERS="1")

    one_fact = "notice(\"apt_has_updates=${facts['apt_has_updates']}\")"
    top_variable = "$y = 1 notice($y)"
    base = ["--basemodulepath", args.modulepath]

    def marionette_rows(binary, label):
        state = os.path.join(scratch, "state-" + label)
        rows = [
            (f"{label} apply -e 'notice(1)'", [binary, "apply", "--statedir", state, *base, "-e", "notice(1)"],
             env, args.runs),
            (f"{label} apply -e '$y = 1 notice($y)'",
             [binary, "apply", "--statedir", state, *base, "-e", top_variable], env, args.runs),
            (f"{label} apply --noop site.pp",
             [binary, "apply", "--noop", "--statedir", state, *base, args.site], env, args.runs),
            (f"{label} apply -e (one apt fact read)",
             [binary, "apply", "--statedir", state, *base, "-e", one_fact], env, args.runs),
            (f"{label} facts (modules' custom facts)",
             [binary, "facts", "-j", "--show-legacy", "--modulepath", args.modulepath], env, args.runs),
        ]
        if args.all_rows:
            rows += [
                (f"{label} apply -e, facter.conf ttl on apt's facts (cache warm)",
                 [binary, "apply", "--statedir", state, *base, "-e", one_fact], cached_env, args.runs),
                (f"{label} apply -e, one Ruby worker",
                 [binary, "apply", "--statedir", state, *base, "-e", one_fact], one_worker_env, args.runs),
            ]
        return rows

    rows = marionette_rows(args.marionette, "marionette")
    if args.before:
        rows += marionette_rows(args.before, "marionette (before)")[:5]
    if shutil.which("puppet"):
        rows += [("puppet apply -e 'notice(1)'", ["puppet", "apply", *base, "-e", "notice(1)"], env,
                  args.puppet_runs),
                 ("puppet apply -e '$y = 1 notice($y)'",
                  ["puppet", "apply", *base, "-e", top_variable], env, args.puppet_runs),
                 ("puppet apply --noop site.pp", ["puppet", "apply", "--noop", *base, args.site], env,
                  args.puppet_runs),
                 ("puppet apply -e (one apt fact read)", ["puppet", "apply", *base, "-e", one_fact], env,
                  args.puppet_runs),
                 ("puppet facts", ["puppet", "facts", "show", *base, "--render-as", "json"], env,
                  args.puppet_runs)]
    if args.all_rows:  # warm the cache of the ttl row once, outside the figures
        subprocess.run(rows[5][1], env=cached_env, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)

    results = {label: {"wall": [], "cpu": []} for label, *_ in rows}
    outputs = {}
    for round_ in range(max(args.runs, args.puppet_runs)):
        for label, argv, row_env, runs in rows:
            if round_ >= runs:
                continue
            wall, cpu, out, err, code = measure(argv, row_env)
            results[label]["wall"].append(wall)
            results[label]["cpu"].append(cpu)
            outputs[label] = (out, err, code)
            print(f"  {label}: {wall:.2f} s wall, {cpu:.2f} s CPU (exit {code})", flush=True)

    print(f"\n{'command':<66} {'wall (s)':>9} {'CPU (s)':>8}")
    for label, figures in results.items():
        print(f"{label:<66} {statistics.median(figures['wall']):>9.2f} "
              f"{statistics.median(figures['cpu']):>8.2f}")
    for ours, theirs in (("marionette apply -e 'notice(1)'", "puppet apply -e 'notice(1)'"),
                         ("marionette apply -e '$y = 1 notice($y)'", "puppet apply -e '$y = 1 notice($y)'"),
                         ("marionette apply --noop site.pp", "puppet apply --noop site.pp"),
                         ("marionette apply -e (one apt fact read)",
                          "puppet apply -e (one apt fact read)"),
                         ("marionette facts (modules' custom facts)", "puppet facts")):
        if theirs in results:
            ratio = statistics.median(results[theirs]["wall"]) / statistics.median(results[ours]["wall"])
            print(f"{theirs} / {ours}: {ratio:.1f}x (wall)")

    if "puppet facts" in outputs:
        mine = json.loads(outputs["marionette facts (modules' custom facts)"][0])
        core = json.loads(subprocess.run([args.marionette, "facts", "-j", "--show-legacy"], env=env,
                                         capture_output=True, text=True).stdout)
        theirs = puppet_facts_json(outputs["puppet facts"][0])
        custom = sorted((set(mine) | set(theirs)) - set(core) - {"clientcert", "clientversion",
                                                                "clientnoop", "_timestamp", "trusted"})
        differ = [name for name in custom if mine.get(name) != theirs.get(name)]
        print(f"\ncustom facts: {len(custom)}, differing from Puppet's: {len(differ)}")
        for name in differ:
            print(f"  {name}: marionette {json.dumps(mine.get(name))} / puppet {json.dumps(theirs.get(name))}")
        core_differ = sorted(n for n in set(core) & set(theirs)
                             if n not in VOLATILE and mine.get(n) != theirs.get(n))
        print(f"core facts differing (volatile ones left out): {core_differ}")
        for label in ("marionette apply -e 'notice(1)'", "puppet apply -e 'notice(1)'",
                      "marionette apply -e '$y = 1 notice($y)'", "puppet apply -e '$y = 1 notice($y)'",
                      "marionette apply --noop site.pp", "puppet apply --noop site.pp",
                      "marionette apply -e (one apt fact read)",
                      "puppet apply -e (one apt fact read)"):
            print(f"\n{label} stdout:\n{outputs[label][0]}")
            print(f"\n{label} stderr:\n{outputs[label][1]}")
        if args.json:
            with open(args.json, "w") as f:
                json.dump({"results": results, "differ": differ, "custom": custom}, f, indent=1)
    shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    main()
