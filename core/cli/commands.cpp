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
       "  --environment NAME  the environment's name (default: production)\n\n"
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
       "  --node NAME           the node's certname (default: the facts' fqdn)\n"
       "  --statedir DIR        where last_run_summary.yaml goes (default: /var/lib/marionette\n"
       "                        as root, else ~/.local/state/marionette)\n"
       "  --noop                report what would change without changing anything\n"
       "  --detailed-exitcodes  exit 0: no changes, 2: changes, 4: failures, 6: both\n"
       "  --debug               print debug messages\n\n"
       "Exit status without --detailed-exitcodes: 0 when the catalog was applied (resource\n"
       "failures are reported, as Puppet does), 1 when it could not be compiled or read.\n",
       run_apply},
      {"agent", "run the agent: compile and apply every run interval, serve SNMP",
       "Usage: marionette agent --no-daemonize (--env-dir DIR | --manifest FILE) [options]\n\n"
       "Compiles and applies at start and then every run interval, logs each run, counts runs in\n"
       "Redis (or in a file in the state dir) and serves the figures to snmpd as an AgentX\n"
       "subagent. SIGUSR1 starts a run now; SIGTERM or SIGINT stops it cleanly.\n\n"
       "Options:\n"
       "  --no-daemonize        stay in the foreground (the only mode; systemd supervises)\n"
       "  --env-dir DIR         the environment: site.pp or manifests/, modules/\n"
       "  --manifest FILE       compile this manifest instead of the environment's main manifest\n"
       "  --facts FILE          the node's facts as a YAML mapping (default: gathered natively)\n"
       "  --node NAME           the node's certname (default: the facts' fqdn)\n"
       "  --statedir DIR        state: last_run_summary.yaml, counters (default: "
       "/var/lib/marionette\n"
       "                        as root, else ~/.local/state/marionette)\n"
       "  --runinterval SECONDS time between runs (default: 1800)\n"
       "  --onetime             run once and exit (exit 1 when the run failed)\n"
       "  --noop                report what would change without changing anything\n"
       "  --agentx-socket PATH  snmpd's AgentX socket (default: /var/agentx/master)\n"
       "  --root-oid OID        serve the MIB under this OID instead of the built-in arc\n"
       "  --no-snmp             do not start the AgentX subagent\n"
       "  --redis URL           keep counters in Redis: redis://[:password@]host[:port][/db]\n"
       "                        or unix:///path/to/redis.sock\n"
       "  --debug               print debug messages\n",
       run_agent},
      {"facts", "print this node's facts",
       "Usage: marionette facts [--json | --yaml] [--facts FILE] [NAME[.PATH] ...]\n\n"
       "Gathers this machine's facts natively (Facter 4's names and shapes) and prints them as\n"
       "JSON (default) or YAML. With names, prints only those facts (dotted paths reach into\n"
       "structured facts: os.release.major); one name prints its bare value, like facter.\n\n"
       "Options:\n"
       "  --json        print JSON (the default)\n"
       "  --yaml        print YAML\n"
       "  --facts FILE  read the facts from a YAML mapping instead of gathering them\n",
       run_facts},
  };
  return all;
}

}  // namespace marionette::cli
