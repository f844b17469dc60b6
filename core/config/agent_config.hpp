#pragma once

#include <chrono>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace marionette::config {

/// Every setting of the agent. Each one can be written in marionette.yaml and given on the
/// command line as `--name value`; the command line wins.
struct AgentConfig {
  std::optional<std::filesystem::path> env_dir;  ///< env-dir: site.pp or manifests/, modules/
  std::optional<std::filesystem::path> manifest;
  std::optional<std::string> modulepath;  ///< colon-separated; replaces the environment's
  std::optional<std::string> basemodulepath;   ///< default: compiler::kDefaultBaseModulePath
  std::optional<std::string> environmentpath;  ///< default: compiler::kDefaultEnvironmentPath
  std::optional<std::filesystem::path> facts;  ///< a YAML facts file instead of native facts
  std::optional<std::string> certname;         ///< default: the facts' fqdn
  std::string environment = "production";
  std::filesystem::path statedir;  ///< default: see daemon::default_state_dir()
  std::chrono::seconds runinterval{1800};
  bool noop = false;
  bool snmp = true;
  std::string agentx_socket;  ///< empty: Net-SNMP's default (/var/agentx/master)
  std::string root_oid;       ///< empty: the MIB's arc
  std::optional<std::string> redis;
  std::string redis_prefix = "marionette";
  std::string log_level = "notice";  ///< debug | info | notice | warning | err
  std::string logdest = "console";   ///< console | syslog | a file path
  bool splay = false;                ///< wait a random time, up to splaylimit, before each run
  std::optional<std::chrono::seconds> splaylimit;  ///< default: runinterval
  bool usecacheonfailure = true;  ///< apply the last good catalog when compiling fails
  std::optional<std::filesystem::path> route_file;    ///< routes.yaml: termini per model
  std::optional<std::filesystem::path> external_dir;  ///< facts.d; default: facts' defaults
  std::optional<std::filesystem::path>
      hiera_config;  ///< global hiera.yaml; default: /etc/marionette/
};

/// A setting that cannot be used; what() is the whole message, already rendered: for a file,
/// `file:line:column: error: …` with the line and a caret; for an option, `option --x: …`.
class ConfigError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// Reads marionette.yaml (a mapping of setting names to values) over `into`.
void load_file(const std::filesystem::path& path, AgentConfig& into);

/// Applies `--name value` from the command line.
void apply_option(const std::string& name, const std::string& value, AgentConfig& into);

/// The names of all settings, for --help and for the command line's option list.
std::vector<std::string> setting_names();

/// True for settings that are switches (`--noop` without a value means true).
bool is_switch(const std::string& name);

/// "30", "30s", "5m", "2h", "1d" → seconds, as Puppet reads durations; nullopt otherwise.
std::optional<std::chrono::seconds> parse_duration(const std::string& text);

}  // namespace marionette::config
