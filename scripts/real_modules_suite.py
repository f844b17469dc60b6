"""The real-module suite's pieces, shared by scripts/real-modules-compare.py and
bench/real_modules_benchmark.py (what every catalog comparison shares is in
scripts/catalog_compare.py): the case list (scripts/real-modules-cases.yaml), Debian's
unpacked puppet-module-* packages laid out as a modulepath, one environment per case, real
Puppet 7's result for a case (cached outside the repo: it does not change with our code) and
marionette's.
"""
import hashlib, json, os, shutil, subprocess, sys, time

import yaml

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import catalog_compare  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)
CASES_FILE = os.path.join(HERE, "real-modules-cases.yaml")
NODE = "node1.example.com"
CACHE_FORMAT = 1  # bump when what is cached (or how it is made) changes
PUPPET_TIMEOUT, MARIONETTE_TIMEOUT = 300, 60


def shared_dir(given=None):
    """--shared, else MARIONETTE_SHARED_DIR, else ../shared beside the repository, else the
    nearest shared/ beside an ancestor (a git worktree in /work/wt/NAME finds /work/shared)."""
    ancestors = [os.path.join(os.path.dirname(d), "shared")
                 for d in (REPO, os.path.dirname(REPO), os.path.dirname(os.path.dirname(REPO)))]
    named = given or os.environ.get("MARIONETTE_SHARED_DIR")
    if named and not os.path.isdir(os.path.join(named, "tools")):
        sys.exit(f"real-modules: {named} is not the shared dir (no tools/ in it)")
    for candidate in [named] + ancestors:
        if candidate and os.path.isdir(os.path.join(candidate, "tools")):
            return os.path.abspath(candidate)
    sys.exit("real-modules: no shared dir (tools/puppet-catalog, facts/); pass --shared DIR "
             "or set MARIONETTE_SHARED_DIR")


def cache_dir(given=None):
    base = os.environ.get("XDG_CACHE_HOME", os.path.expanduser("~/.cache"))
    return given or os.path.join(base, "marionette", "real-modules")


def corpus_dir(given=None):
    if given:
        return given
    for candidate in ("/tmp/marionette-corpus/tree",
                      os.path.join(os.environ.get("XDG_CACHE_HOME", os.path.expanduser("~/.cache")),
                                   "marionette", "parser-corpus", "tree")):
        if os.path.isdir(candidate):
            return candidate
    sys.exit("real-modules: no unpacked modules; run scripts/parser-corpus-fetch.sh first")


def load_cases(path=CASES_FILE):
    return catalog_compare.load_cases(path, "real-modules")


def case_module(case):
    return case.get("module") or case["name"].split("-")[0]


class Module:
    def __init__(self, short, full_name, version, package, path):
        self.short, self.full_name, self.version = short, full_name, version
        self.package, self.path = package, path


def packaged_modules(corpus):
    """Every packaged module by its short name (puppetlabs-ntp → ntp). The name comes from
    metadata.json; a module without one is named after its package
    (puppet-module-camptocamp-augeas ships camptocamp's `augeas` in a directory called
    puppetlabs-augeas-core). Modules with metadata win a name over those without; otherwise the
    first package in name order wins, as the first directory on a modulepath does."""
    with_meta, without_meta = [], []
    for package in sorted(os.listdir(corpus)):
        available = os.path.join(corpus, package, "usr", "share", "puppet", "modules.available")
        if not os.path.isdir(available):
            continue
        for full_name in sorted(os.listdir(available)):
            path = os.path.join(available, full_name)
            try:
                with open(os.path.join(path, "metadata.json")) as f:
                    meta = json.load(f)
                short = meta.get("name", full_name).replace("/", "-").split("-", 1)[-1]
                with_meta.append(Module(short, full_name, meta.get("version", "?"), package, path))
            except (OSError, ValueError):
                short = package.removeprefix("puppet-module-").split("-", 1)[-1].replace("-", "_")
                without_meta.append(Module(short, full_name, "?", package, path))
    modules = {}
    for module in with_meta + without_meta:
        modules.setdefault(module.short, module)
    return modules


def write_environment(env, case, modules):
    """ENV/site.pp, ENV/modules/<short> → the packaged module, and the case's Hiera layer."""
    os.makedirs(os.path.join(env, "modules"), exist_ok=True)
    for short, module in modules.items():
        os.symlink(module.path, os.path.join(env, "modules", short))
    with open(os.path.join(env, "site.pp"), "w") as f:
        f.write(case["manifest"])
    write_hiera(env, case)


def write_hiera(env, case):
    """The case's environment Hiera layer, if it has one: ENV/hiera.yaml and ENV/data/common.yaml."""
    if case.get("hiera"):
        os.makedirs(os.path.join(env, "data"))
        with open(os.path.join(env, "hiera.yaml"), "w") as f:
            f.write("---\nversion: 5\ndefaults:\n  datadir: data\n  data_hash: yaml_data\n"
                    "hierarchy:\n  - name: common\n    path: common.yaml\n")
        with open(os.path.join(env, "data", "common.yaml"), "w") as f:
            yaml.safe_dump(case["hiera"], f, default_flow_style=False)


def write_facts(shared, path):
    """shared/facts/debian12.yaml plus the facts Puppet adds about itself when it runs Facter
    (concat, ssh, apache, haproxy, filebeat and dns compare $clientversion)."""
    with open(os.path.join(shared, "facts", "debian12.yaml")) as src, open(path, "w") as out:
        out.write(src.read().rstrip("\n") + "\nclientversion: 7.23.0\n")
    return path


def case_facts(case, base, directory):
    """The facts file for a case: BASE, or BASE plus the case's own `facts` in DIRECTORY."""
    if not case.get("facts"):
        return base
    os.makedirs(directory, exist_ok=True)
    path = os.path.join(directory, "facts.yaml")
    with open(base) as src, open(path, "w") as out:
        out.write(src.read().rstrip("\n") + "\n" + yaml.safe_dump(case["facts"], default_flow_style=False))
    return path


def puppet_version():
    run = subprocess.run(["puppet", "--version"], capture_output=True, text=True)
    return run.stdout.strip()


def cache_key(case, facts_path, modules, version):
    digest = hashlib.sha256()
    with open(facts_path, "rb") as f:
        facts = f.read()
    inventory = sorted((m.short, m.package, m.full_name, m.version) for m in modules.values())
    for part in (str(CACHE_FORMAT), version, NODE, case["manifest"],
                 json.dumps(case.get("hiera"), sort_keys=True), json.dumps(inventory)):
        digest.update(part.encode() + b"\0")
    digest.update(facts)
    return digest.hexdigest()[:24]


def puppet_result(case, env, facts, shared, cache, key):
    """Real Puppet's catalog for the case: {"ok", "catalog" or "error", "seconds"}, from the
    cache when it is there."""
    path = os.path.join(cache, "puppet", key + ".json")
    if os.path.exists(path):
        with open(path) as f:
            return json.load(f)
    start = time.monotonic()
    try:
        run = subprocess.run([os.path.join(shared, "tools", "puppet-catalog"), env, "-f", facts,
                              "-n", NODE], capture_output=True, text=True, timeout=PUPPET_TIMEOUT)
        ok, output = run.returncode == 0, (run.stdout if run.returncode == 0 else run.stderr + run.stdout)
    except subprocess.TimeoutExpired:
        ok, output = False, f"timeout: Puppet took more than {PUPPET_TIMEOUT} s"
    result = {"case": case["name"], "ok": ok, "seconds": round(time.monotonic() - start, 2)}
    if ok:
        result["catalog"] = json.loads(output)
    else:
        result["error"] = catalog_compare.puppet_error(output)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path + ".tmp", "w") as f:
        json.dump(result, f)
    os.replace(path + ".tmp", path)
    return result


def marionette_command(marionette, env, facts):
    return [marionette, "compile", "--env-dir", env, "--facts", facts, "--node", NODE]


def puppet_settings(root, env, facts):
    """A private confdir/vardir/codedir in ROOT holding ENV as the environment "production", for
    `puppet catalog find` with the yaml facts terminus (as shared/tools/puppet-catalog does,
    without its shell around the timed process). Returns the command line."""
    os.makedirs(os.path.join(root, "var", "client_yaml", "facts"))
    os.makedirs(os.path.join(root, "conf"))
    production = os.path.join(root, "code", "environments", "production")
    shutil.copytree(env, production, symlinks=True)
    with open(os.path.join(production, "environment.conf"), "w") as f:
        f.write("manifest = site.pp\n")
    with open(facts) as f:
        values = yaml.safe_load(f)
    values.setdefault("clientcert", NODE)
    with open(os.path.join(root, "var", "client_yaml", "facts", NODE + ".yaml"), "w") as f:
        f.write("--- !ruby/object:Puppet::Node::Facts\n" +
                yaml.safe_dump({"name": NODE, "values": values}, default_flow_style=False))
    with open(os.path.join(root, "conf", "hiera.yaml"), "w") as f:
        f.write("---\nversion: 5\nhierarchy: []\n")
    return ["puppet", "catalog", "find", NODE, "--terminus", "compiler", "--facts_terminus", "yaml",
            "--render-as", "json", "--color=false", "--confdir", root + "/conf", "--vardir", root + "/var",
            "--codedir", root + "/code", "--environmentpath", root + "/code/environments",
            "--environment", "production", "--hiera_config", root + "/conf/hiera.yaml"]
