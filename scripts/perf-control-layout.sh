#!/usr/bin/env bash
# Lays out Puppet's own perf-test control repo, puppetlabs-puppetserver_perf_control, as a Puppet
# environment for bench/perf_control_bench.py: the control repo at its pinned commit and every
# module of its Puppetfile at the version the Puppetfile pins, exported from their GitHub
# repositories (already fetched as bare git directories: the `fetch` tool leaves
# github:OWNER/NAME in MIRROR/OWNER+NAME/repo), outside the repository.
#
#   usage: scripts/perf-control-layout.sh [MIRROR [CACHE]]
#     MIRROR  where the fetched git directories are (default: /work/.mirror)
#     CACHE   default: ${XDG_CACHE_HOME:-~/.cache}/marionette/perf-control
#
# Leaves CACHE/code/environments/production:
#   the control repo (site/, dist/, hieradata/, environment.conf: modulepath
#     modules:site:dist:$basemodulepath) at CONTROL_COMMIT;
#   modules/<name>, one per Puppetfile line, at the tag of the pinned version (vX.Y.Z or X.Y.Z);
#     a version without a tag takes the nearest tagged release (printed, and in versions.tsv);
#   hiera.yaml: the control repo's root_files/hiera.yaml (a global hiera.yaml for
#     /etc/puppetlabs/puppet) made an environment layer: the same hierarchy with datadir
#     hieradata, without its first level (`classifier_data`, a PE-only backend);
#   manifests/site.pp: the control repo's README says to write one that classifies the nodes;
#     this one gives role::by_size::small to small-*, medium to medium-*, large to the others.
# And CACHE/versions.tsv (module, pinned, tag used, commit, repository).
# Only what a compile reads is exported (git archive + tar); nothing fetched is built or run.
set -euo pipefail
MIRROR="${1:-/work/.mirror}"
CACHE="${2:-${XDG_CACHE_HOME:-$HOME/.cache}/marionette/perf-control}"
CONTROL=puppetlabs+puppetlabs-puppetserver_perf_control
# production as fetched (2022-06-07, "Merge pull request #27"): the Puppetfile below is its own.
CONTROL_COMMIT=e499a0e9640cc8e7b8c5c50150f49c2eb78af75d

# The Puppetfile's modules: directory name, pinned version, fetched repository (OWNER+NAME).
# Where a module moved (voxpupuli took over several), the repository is where its tags live now.
MODULES=$(cat <<'EOF'
epel 1.2.2 stahnma+puppet-module-epel
augeas_core 1.0.0 puppetlabs+puppetlabs-augeas_core
sshkeys_core 1.0.0 puppetlabs+puppetlabs-sshkeys_core
yumrepo_core 1.0.0 puppetlabs+puppetlabs-yumrepo_core
tomcat 1.5.0 puppetlabs+puppetlabs-tomcat
stdlib 4.12.0 puppetlabs+puppetlabs-stdlib
staging 1.0.3 nanliu+puppet-staging
concat 2.1.0 puppetlabs+puppetlabs-concat
java 1.6.0 puppetlabs+puppetlabs-java
postgresql 4.9.0 puppetlabs+puppetlabs-postgresql
apt 2.2.2 puppetlabs+puppetlabs-apt
influxdb 4.0.0 dgolja+golja-influxdb
gitlab 1.14.0 vshn+puppet-gitlab
apache 1.11.0 puppetlabs+puppetlabs-apache
puppet_metrics_collector 5.1.0 puppetlabs+puppetlabs-puppet_metrics_collector
hiera 2.0.1 hunner+puppet-hiera
puppetserver_gem 0.2.0 puppetlabs+puppetlabs-puppetserver_gem
inifile 1.2.0 puppetlabs+puppetlabs-inifile
hocon 0.9.4 puppetlabs+puppetlabs-hocon
vcsrepo 1.3.2 puppetlabs+puppetlabs-vcsrepo
archive 0.5.1 voxpupuli+puppet-archive
accounts 1.0.0 puppetlabs+puppetlabs-accounts
yum 0.2.1 jlambert121+jlambert121-yum
ntp 4.2.0 puppetlabs+puppetlabs-ntp
firewall 1.8.1 puppetlabs+puppetlabs-firewall
rsyslog 3.5.1 voxpupuli+puppet-rsyslog
docker 5.2.0 garethr+garethr-docker
openldap 1.14.0 voxpupuli+puppet-openldap
redis 1.2.2 voxpupuli+puppet-redis
memcached 2.8.1 saz+puppet-memcached
haproxy 1.4.0 puppetlabs+puppetlabs-haproxy
nginx 0.3.0 voxpupuli+puppet-nginx
jenkins 1.6.1 voxpupuli+puppet-jenkins
sensu 2.1.0 sensu+sensu-puppet
grafana 2.5.0 voxpupuli+puppet-grafana
elasticsearch 0.11.0 elastic+puppet-elasticsearch
logstash 0.6.4 elastic+puppet-logstash
logstashforwarder 0.1.1 elastic+puppet-logstashforwarder
java_ks 1.4.1 puppetlabs+puppetlabs-java_ks
acl 1.1.2 puppetlabs+puppetlabs-acl
reboot 1.2.1 puppetlabs+puppetlabs-reboot
chocolatey 1.2.3 chocolatey+puppet-chocolatey
powershell 2.0.1 puppetlabs+puppetlabs-powershell
registry 1.1.3 puppetlabs+puppetlabs-registry
wsus_client 1.0.2 puppetlabs+puppetlabs-wsus_client
windows_env 2.2.2 voxpupuli+puppet-windows_env
windows_firewall 1.0.3 voxpupuli+puppet-windows_firewall
windows_autoupdate 1.1.0 voxpupuli+puppet-windows_autoupdate
dotnet 1.0.2 voxpupuli+puppet-dotnet
windowsfeature 1.1.0 voxpupuli+puppet-windowsfeature
windows_eventlog 1.1.1 voxpupuli+puppet-windows_eventlog
chocolatey_server 0.0.4 chocolatey+puppet-chocolatey_server
iis 2.0.2 voxpupuli+puppet-iis
graphite_powershell 1.0.1 voxpupuli+puppet-graphite_powershell
aws 1.4.0 puppetlabs+puppetlabs-aws
i18ndemo 0.3.0 eputnam+eputnam-i18ndemo
EOF
)

gitdir_of() {  # the fetch tool leaves either a bare repo or a work tree's .git
  local d="$MIRROR/$1/repo"
  [ -d "$d/.git" ] && d="$d/.git"
  [ -d "$d" ] || return 1
  echo "$d"
}

# The tag of a version: exactly vX.Y.Z or X.Y.Z; else the nearest release tag by semantic version
# (the newest one below, else the oldest one above).
tag_for() {
  local gitdir=$1 version=$2
  git --git-dir "$gitdir" tag | python3 -c '
import re, sys
want = tuple(int(x) for x in sys.argv[1].split("."))
tags = {}
for t in sys.stdin.read().split():
    m = re.fullmatch(r"v?(\d+)\.(\d+)\.(\d+)", t)
    if m:
        tags.setdefault(tuple(int(x) for x in m.groups()), t)
if want in tags:
    print(tags[want])
else:
    below = [v for v in tags if v < want]
    above = [v for v in tags if v > want]
    if below or above:
        print(tags[max(below)] if below else tags[min(above)])
' "$version"
}

env="$CACHE/code/environments/production"
rm -rf "$CACHE/code.new"
new="$CACHE/code.new/environments/production"
mkdir -p "$new/modules" "$new/manifests"
control=$(gitdir_of "$CONTROL") || { echo "not fetched: github:${CONTROL/+//}" >&2; exit 1; }
for path in site dist hieradata environment.conf; do
  git --git-dir "$control" archive --prefix=production/ "$CONTROL_COMMIT" "$path" |
    tar -x -C "$CACHE/code.new/environments"
done

# root_files/hiera.yaml as the environment's layer (see the header).
git --git-dir "$control" show "$CONTROL_COMMIT:root_files/hiera.yaml" | python3 -c '
import sys, yaml
h = yaml.safe_load(sys.stdin)
levels = [l for l in h["hierarchy"] if "classifier_data" != l.get("data_hash")]
for level in levels:
    level["datadir"] = "hieradata"
yaml.safe_dump({"version": 5, "hierarchy": levels}, sys.stdout, sort_keys=False)
' >"$new/hiera.yaml"

cat >"$new/manifests/site.pp" <<'EOF'
# Written by scripts/perf-control-layout.sh: the control repo leaves node classification to the
# site.pp of each test (its README); the bench names its nodes after the role they get.
node /^small-/ {
  include role::by_size::small
}
node /^medium-/ {
  include role::by_size::medium
}
node default {
  include role::by_size::large
}
EOF

printf 'module\tpinned\ttag\tcommit\trepository\n' >"$CACHE/versions.tsv.new"
printf 'control\t-\t-\t%s\t%s\n' "$CONTROL_COMMIT" "github:${CONTROL/+//}" >>"$CACHE/versions.tsv.new"
missing=0
while read -r name version repo; do
  if ! gitdir=$(gitdir_of "$repo"); then
    echo "not fetched: github:${repo/+//} ($name $version)" >&2
    missing=1
    continue
  fi
  tag=$(tag_for "$gitdir" "$version")
  if [ -z "$tag" ]; then
    echo "no release tag in github:${repo/+//} ($name $version)" >&2
    missing=1
    continue
  fi
  case "$tag" in
    "$version" | "v$version") ;;
    *) echo "$name: $version is not tagged in github:${repo/+//}; using $tag" >&2 ;;
  esac
  commit=$(git --git-dir "$gitdir" rev-list -n1 "$tag")
  mkdir -p "$new/modules/$name"
  paths=$(git --git-dir "$gitdir" ls-tree --name-only "$tag" |
    grep -x -E 'manifests|lib|templates|files|types|functions|data|hiera.yaml|metadata.json' || true)
  # shellcheck disable=SC2086
  [ -n "$paths" ] && git --git-dir "$gitdir" archive "$tag" $paths | tar -x -C "$new/modules/$name"
  printf '%s\t%s\t%s\t%s\t%s\n' "$name" "$version" "$tag" "$commit" "github:${repo/+//}" \
    >>"$CACHE/versions.tsv.new"
done <<<"$MODULES"

rm -rf "$CACHE/code"
mv "$CACHE/code.new" "$CACHE/code"
mv "$CACHE/versions.tsv.new" "$CACHE/versions.tsv"
echo "$env ($(wc -l <"$CACHE/versions.tsv") lines in $CACHE/versions.tsv)"
exit $missing
