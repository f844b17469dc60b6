#pragma once

#include <chrono>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "compiler/compile_settings.hpp"

namespace marionette::config {

/// The settings, one field each, read from the settings' text (config/settings_table.hpp names
/// them all; config/setting_values.hpp layers defaults, puppet.conf, marionette.yaml and the
/// command line). Unset optionals mean "derived later" (from the facts, the environment).
/// What a compile takes from them (env_dir, manifest, environment, hiera_config, strict,
/// strict_variables, puppet_compat) is the base, passed on whole to the compile; the run's
/// settings (daemon::RunSettings) are these with what a run derives, so a setting the run reads
/// is a field here and nowhere else.
struct AgentConfig : compiler::CompileSettings {
  /// The modulepath setting's text, colon-separated; it replaces the environment's. The
  /// directories (CompileSettings::modulepath) are resolved from it and the two texts below.
  std::optional<std::string> modulepath_text;
  std::optional<std::string> basemodulepath;   ///< default: compiler::kDefaultBaseModulePath
  std::optional<std::string> environmentpath;  ///< default: compiler::kDefaultEnvironmentPath
  std::optional<std::filesystem::path> facts;  ///< a YAML facts file instead of native facts
  std::optional<std::string> certname;         ///< default: the facts' fqdn
  /// How long a server keeps an environment's parsed code (Puppet's ttl: 0 = not at all);
  /// seconds::max() for `unlimited`.
  std::chrono::seconds environment_timeout{0};
  /// How long one call into a module's Ruby (a function, a template, the custom facts) may run
  /// in its worker before the compile fails and the worker is replaced (marionette's own).
  std::chrono::seconds ruby_timeout{300};
  /// The address space of each Ruby worker, in bytes; 0: unlimited (marionette's own).
  std::uint64_t ruby_memory_limit = 2ull << 30;
  std::filesystem::path statedir;  ///< default: see daemon::default_state_dir()
  std::chrono::seconds runinterval{1800};
  bool noop = false;
  std::vector<std::string> tags;  ///< lower-cased: apply only resources with one of them
  bool show_diff = false;
  bool graph = false;                             ///< write the run's graphs as DOT files
  std::optional<std::filesystem::path> graphdir;  ///< default: $statedir/graphs
  bool snmp = true;
  std::string agentx_socket;  ///< empty: Net-SNMP's default (/var/agentx/master)
  std::string root_oid;       ///< empty: the MIB's arc
  std::optional<std::string> redis;
  std::string redis_prefix = "marionette";
  // The PuppetDB API's retention, PuppetDB's [database] settings and defaults (0s: never):
  // node-ttl, node-purge-ttl, report-ttl, and gc-interval (how often a server collects).
  std::chrono::seconds node_ttl{7L * 24 * 3600};
  std::chrono::seconds node_purge_ttl{14L * 24 * 3600};
  std::chrono::seconds report_ttl{14L * 24 * 3600};
  std::chrono::seconds puppetdb_gc_interval{3600};
  /// Exported resources kept and collected (Puppet's storeconfigs; in Redis when redis is set).
  bool storeconfigs = false;
  /// Whether storeconfigs was written (puppet.conf, marionette.yaml, the command line): marionette
  /// server stores each compile's facts and catalog in its PuppetDB store unless it was written
  /// false (puppetserver stores them only with storeconfigs on and PuppetDB's termini).
  bool storeconfigs_written = false;
  std::string log_level = "notice";  ///< debug | info | notice | warning | err
  std::string logdest = "console";   ///< console | syslog | a file path
  bool splay = false;                ///< wait a random time, up to splaylimit, before each run
  std::optional<std::chrono::seconds> splaylimit;  ///< default: runinterval
  bool usecacheonfailure = true;  ///< apply the last good catalog when compiling fails
  std::optional<std::filesystem::path> route_file;    ///< routes.yaml: termini per model
  std::optional<std::filesystem::path> external_dir;  ///< facts.d; default: facts' defaults
  bool include_legacy_facts = true;          ///< Puppet 7's default; puppet_compat 8 makes it false
  bool exclude_unchanged_resources = false;  ///< Puppet 7's default; 8 makes it true
  // The server's and the CA's (marionette server, marionette ca, marionette agent --server).
  std::optional<std::filesystem::path> ssldir;     ///< default: $vardir/ssl
  std::optional<std::string> server;               ///< the server an agent asks
  int serverport = 8140;                           ///< serverport (masterport)
  std::string bindaddress;                         ///< empty: every IPv4 address
  /// marionette's own: the server's socket takes SO_REUSEPORT, so that other servers started
  /// with it share bindaddress:serverport and the kernel spreads connections among them.
  bool reuse_port = false;
  /// Puppet's static_catalogs: file metadata inlined in the catalogs agents ask to be static
  /// (environment.conf's static_catalogs over it, per environment).
  bool static_catalogs = true;
  std::optional<std::filesystem::path> fileserverconfig;  ///< default: $confdir/fileserver.conf
  std::string dns_alt_names;                       ///< of the server's own certificate
  std::optional<std::string> autosign;             ///< true, false or a file
  int keylength = 4096;                            ///< RSA key bits
  std::optional<std::filesystem::path> reportdir;  ///< default: $vardir/reports
  /// false: `marionette server` is a compile server, with no CA of its own (Puppet 5's `ca`).
  bool ca = true;
  /// A node of the fleet table with no report for longer is stale (marionette's own);
  /// default: twice runinterval.
  std::optional<std::chrono::seconds> fleet_stale_after;
  // The agent of a server (marionette agent --server): Puppet's names and defaults.
  std::optional<std::string> ca_server;    ///< default: $server
  std::optional<int> ca_port;              ///< default: $serverport
  std::chrono::seconds waitforcert{120};   ///< between tries for the certificate; 0: exit
  std::chrono::seconds maxwaitforcert{0};  ///< 0: unlimited
  std::optional<std::filesystem::path> csr_attributes;  ///< default: $confdir/csr_attributes.yaml
  std::string certificate_revocation = "chain";         ///< chain | leaf | false
  std::chrono::seconds http_connect_timeout{120};
  std::chrono::seconds http_read_timeout{600};
  // Prometheus (marionette's own).
  /// node_exporter's textfile directory: the agent writes puppet_report_CERTNAME.prom there
  /// after each run; unset: no textfile.
  std::optional<std::filesystem::path> prometheus_textfile_dir;
  /// The agent's /metrics on 127.0.0.1:PORT (0: a free port); unset: no listener.
  std::optional<int> prometheus_port;
  /// Addresses and CIDR ranges that may read `marionette server`'s /metrics without a client
  /// certificate; empty: none (a certificate of the CA is needed).
  std::string metrics_anonymous_from;
};

/// A setting that cannot be used; what() is the whole message, already rendered: for a file,
/// `file:line:column: error: …` with the line and a caret; for an option, `option --x: …`.
class ConfigError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// A ConfigError in a value given on the command line (a usage error): `option --x …`.
class OptionError : public ConfigError {
 public:
  using ConfigError::ConfigError;
};

/// Reads marionette.yaml (a mapping of setting names to values): `into` becomes the defaults
/// with the file's settings over them.
void load_file(const std::filesystem::path& path, AgentConfig& into);

/// Applies `--name value` from the command line.
void apply_option(const std::string& name, const std::string& value, AgentConfig& into);

/// The command line's spellings of all settings (`hiera-config`), for the option lists.
std::vector<std::string> setting_names();

/// True for settings that are switches (`--noop` without a value means true).
bool is_switch(const std::string& name);

/// "30", "30s", "5m", "2h", "1d" → seconds, as Puppet reads durations; nullopt otherwise.
std::optional<std::chrono::seconds> parse_duration(const std::string& text);

}  // namespace marionette::config
