#include "cli/command.hpp"

namespace marionette::cli {

const std::vector<Command>& commands() {
  static const std::vector<Command> all = {
      {"compile", "compile a catalog and print it as Puppet's JSON",
       "Usage: marionette compile (--env-dir DIR | --manifest FILE) [options]\n\n"
       "Compiles the environment's main manifest (DIR/site.pp or DIR/manifests/) for one node and\n"
       "prints the catalog as Puppet's JSON (catalog_format 2) on stdout.\n\n"
       "Options:\n"
       "  --env-dir DIR       the environment: site.pp or manifests/, modules/\n"
       "  --manifest FILE     compile this manifest instead of the environment's main manifest\n"
       "  --facts FILE        the node's facts as a YAML mapping (default: gathered natively)\n"
       "  --node NAME         the node's certname (default: the facts' fqdn)\n"
       "  --environment NAME  the environment's name (default: production)\n"
       "  --hiera-config FILE the global Hiera layer's hiera.yaml, searched before the\n"
       "                      environment's (default: /etc/marionette/hiera.yaml if it exists)\n\n"
       "Exit status: 0 when a catalog was printed, 1 when the manifest has an error.\n",
       run_compile},
      {"apply", "apply a manifest or a JSON catalog to this node",
       "Usage: marionette apply MANIFEST [options]\n"
       "       marionette apply --catalog FILE [options]\n\n"
       "Compiles MANIFEST (or reads a catalog in Puppet's JSON format, ours or real Puppet's) and\n"
       "applies it: files, execs and notifies, in the order of the relationship graph, with\n"
       "refresh events. Writes last_run_summary.yaml in the state dir.\n\n"
       "Options:\n"
       "  --catalog FILE        apply this JSON catalog instead of compiling a manifest\n"
       "  --env-dir DIR         compile this environment (site.pp or manifests/, modules/)\n"
       "  --facts FILE          the node's facts as a YAML mapping (default: gathered natively)\n"
       "  --external-dir DIR    read external facts from DIR too (after the facts.d dirs)\n"
       "  --node NAME           the node's certname (default: the facts' fqdn)\n"
       "  --hiera-config FILE   the global Hiera layer's hiera.yaml (default:\n"
       "                        /etc/marionette/hiera.yaml if it exists)\n"
       "  --statedir DIR        where last_run_summary.yaml goes (default: /var/lib/marionette\n"
       "                        as root, else ~/.local/state/marionette)\n"
       "  --noop                report what would change without changing anything\n"
       "  --tags TAG[,TAG...]   apply only resources with one of these tags\n"
       "  --detailed-exitcodes  exit 0: no changes, 2: changes, 4: failures, 6: both\n"
       "  --waitforlock TIME    while another run (the agent's) holds the run lock, try again\n"
       "                        every TIME (default 0: say so and exit 1 at once)\n"
       "  --maxwaitforlock TIME give up waiting for the lock after TIME (default: 1m)\n"
       "  --debug               print debug messages\n\n"
       "A run holds STATEDIR/agent_catalog_run.lock (it holds the pid), so it never overlaps\n"
       "the agent's runs. Exit status without --detailed-exitcodes: 0 when the catalog was\n"
       "applied (resource failures are reported, as Puppet does), 1 when it could not be\n"
       "compiled or read, or another run held the lock.\n",
       run_apply},
      {"agent", "run the agent: compile and apply every run interval, serve SNMP",
       "Usage: marionette agent --no-daemonize (--env-dir DIR | --manifest FILE) [options]\n\n"
       "Compiles and applies at start and then every run interval, logs each run, counts runs in\n"
       "Redis (or in a file in the state dir) and serves the figures to snmpd as an AgentX\n"
       "subagent. SIGUSR1 starts a run now; SIGHUP reloads the configuration (the command\n"
       "line still wins; statedir, redis and the SNMP settings need a restart); SIGTERM or\n"
       "SIGINT finishes the resource being applied, skips the rest, writes the report and\n"
       "stops. Each run holds STATEDIR/agent_catalog_run.lock: a scheduled run that finds it\n"
       "held (by `marionette apply`) is skipped with a notice. `marionette status` reads\n"
       "STATEDIR/agent_state.json, which the agent keeps up to date.\n\n"
       "Options:\n"
       "  --config FILE         read settings from FILE (default: /etc/marionette/marionette.yaml\n"
       "                        when it exists); every option below is also a setting there,\n"
       "                        and the command line wins (certname for --node)\n"
       "  --no-daemonize        stay in the foreground (the only mode; systemd supervises)\n"
       "  --env-dir DIR         the environment: site.pp or manifests/, modules/\n"
       "  --manifest FILE       compile this manifest instead of the environment's main manifest\n"
       "  --facts FILE          the node's facts as a YAML mapping (default: gathered natively)\n"
       "  --external-dir DIR    read external facts from DIR too (after the facts.d dirs)\n"
       "  --node NAME           the node's certname (default: the facts' fqdn)\n"
       "  --hiera-config FILE   the global Hiera layer's hiera.yaml (default:\n"
       "                        /etc/marionette/hiera.yaml if it exists)\n"
       "  --statedir DIR        state: last_run_summary.yaml, counters (default: "
       "/var/lib/marionette\n"
       "                        as root, else ~/.local/state/marionette)\n"
       "  --runinterval TIME    time between runs: 30, 30s, 5m, 2h, 1d (default: 30m)\n"
       "  --splay               wait a random time, up to splaylimit, before the first run\n"
       "  --splaylimit TIME     the longest splay (default: the run interval)\n"
       "  --onetime             run once and exit: 0 when a catalog was applied, 1 when none\n"
       "                        was (compile failed without a cached catalog, or another run\n"
       "                        held the lock)\n"
       "  --detailed-exitcodes  with --onetime: exit as the report says (0, 2 changes,\n"
       "                        4 failures, 6 both)\n"
       "  --waitforlock TIME    with --onetime: while another run holds the lock, try again\n"
       "                        every TIME (default 0: skip at once)\n"
       "  --maxwaitforlock TIME give up waiting for the lock after TIME (default: 1m)\n"
       "  --noop                report what would change without changing anything\n"
       "  --agentx-socket PATH  snmpd's AgentX socket (default: /var/agentx/master)\n"
       "  --root-oid OID        serve the MIB under this OID instead of the built-in arc\n"
       "  --no-snmp             do not start the AgentX subagent\n"
       "  --redis URL           keep counters in Redis: redis://[:password@]host[:port][/db]\n"
       "                        or unix:///path/to/redis.sock\n"
       "  --redis-prefix P      prefix of the Redis keys (default: marionette)\n"
       "  --logdest DEST        console (default), syslog, or a file to append to\n"
       "  --log-level LEVEL     debug, info, notice (default), warning or err\n"
       "  --usecacheonfailure   apply the cached catalog when compiling fails (default: true)\n"
       "  --route-file FILE     routes.yaml: the termini of each model\n"
       "  --debug               print debug messages (log-level debug)\n",
       run_agent},
      {"facts", "print this node's facts",
       "Usage: marionette facts [--json | --yaml] [--facts FILE] [NAME[.PATH] ...]\n\n"
       "Gathers this machine's facts natively (Facter 4's names and shapes, legacy names too),\n"
       "lays the external facts of facts.d directories over them (.yaml, .json, .txt key=value,\n"
       "executables; a bad file is skipped with a warning) and prints them like facter:\n"
       "`name => value` by default, or JSON or YAML. With names, prints only those facts (dotted\n"
       "paths reach into structured facts: os.release.major); one name prints its bare value.\n\n"
       "Options:\n"
       "  --json               print JSON\n"
       "  --yaml               print YAML\n"
       "  --facts FILE         read the facts from a YAML mapping instead of gathering them\n"
       "  --external-dir DIR   read external facts from DIR too (after /etc/marionette/facts.d\n"
       "                       and the colon-separated dirs in $MARIONETTE_FACTS_D)\n"
       "  --no-external-facts  gather the core facts only\n",
       run_facts},
      {"parser", "check or dump the syntax of manifests and EPP templates",
       "Usage: marionette parser validate FILE...\n"
       "       marionette parser dump FILE\n\n"
       "validate parses each FILE (an EPP template when it ends in .epp) and prints every syntax\n"
       "error as file:line:column: error: message, the source line and a caret.\n"
       "dump prints the syntax tree of FILE, one top-level statement a line.\n\n"
       "Exit status: 0 when every FILE parses, 1 when one does not, 2 on a usage error.\n",
       run_parser},
      {"resource", "show a resource's state on this node, or sync it, like puppet resource",
       "Usage: marionette resource TYPE TITLE [ATTRIBUTE=VALUE ...] [--noop] [--debug]\n\n"
       "Without attributes, prints the resource's state on this node as Puppet code. With\n"
       "attributes, brings the resource to that state first (logging each change as apply\n"
       "does), then prints ensure, those attributes and the provider.\n"
       "Types: cron, exec, file, group, host, notify, package, service, user.\n\n"
       "Exit status: 0 when shown (and synced), 1 when the type is unknown or a change failed.\n",
       run_resource},
      {"status", "print the agent's state and the last run",
       "Usage: marionette status [--statedir DIR] [--config FILE]\n\n"
       "Prints, for people, whether the agent runs (from STATEDIR/agent_state.json, which the\n"
       "agent keeps up to date: its pid, idle/compiling/applying, the next run), whether a run\n"
       "holds the run lock, and the last run (from STATEDIR/last_run_summary.yaml: when, the\n"
       "resources and events). Tools should read the SNMP objects instead.\n\n"
       "Options:\n"
       "  --statedir DIR  the agent's state dir (default: statedir in the configuration, else\n"
       "                  /var/lib/marionette as root, else ~/.local/state/marionette)\n"
       "  --config FILE   read statedir from FILE (default: /etc/marionette/marionette.yaml)\n\n"
       "Exit status: 0 when the agent runs and a run happened; 1 when the agent is dead (its\n"
       "pid is gone without a clean stop); 3 when it is not running (stopped, or never\n"
       "started); 4 when it runs but no run is recorded yet, or a state file is unreadable.\n",
       run_status},
      {"lookup", "look a key up in Hiera as a compile would, like puppet lookup",
       "Usage: marionette lookup KEY [--explain] [--node NAME] [--env-dir DIR] [--facts FILE]\n"
       "                         [--merge first|unique|hash|deep] [--hiera-config FILE]\n\n"
       "Looks KEY up in the global, environment and module Hiera layers and prints the value\n"
       "as YAML, as puppet lookup does; --explain prints each place searched instead.\n\n"
       "Options:\n"
       "  --explain            show the search: layers, hierarchy entries, paths, merges\n"
       "  --node NAME          the node's certname (default: the facts' fqdn)\n"
       "  --env-dir DIR        the environment: hiera.yaml, data/, modules/\n"
       "  --facts FILE         the node's facts as a YAML mapping (default: gathered natively)\n"
       "  --merge STRATEGY     first, unique, hash or deep (default: lookup_options, else first)\n"
       "  --hiera-config FILE  the global layer's hiera.yaml (default:\n"
       "                       /etc/marionette/hiera.yaml when it exists)\n"
       "  --environment NAME   the environment's name (default: production)\n\n"
       "Exit status: 0 when a value was found, 1 when none was (or on an error).\n",
       run_lookup},
  };
  return all;
}

}  // namespace marionette::cli
