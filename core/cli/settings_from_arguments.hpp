#pragma once

#include "cli/arguments.hpp"
#include "compiler/compiler.hpp"
#include "config/agent_config.hpp"
#include "config/puppet_conf.hpp"
#include "config/setting_values.hpp"
#include "daemon/run_settings.hpp"

namespace marionette::cli {

/// Every setting of config/settings_table.hpp as an option that takes a value (`--modulepath
/// DIRS`), by its dashed name, and --config FILE, --node NAME (certname).
std::set<std::string> setting_options();

/// The settings that are switches (`--noop`, `--show-diff`), and --no-snmp.
std::set<std::string> setting_switches();

/// The options every compiling subcommand shares: all settings, --config and --node.
inline const std::set<std::string> kRunOptions = setting_options();

/// The settings of a command, lowest first: the defaults, puppet.conf (its sections for `mode`),
/// marionette.yaml, then the command line. The files: --config FILE (puppet.conf format when it
/// ends in .conf, else marionette.yaml), else CONFDIR/puppet.conf and CONFDIR/marionette.yaml
/// when they exist (CONFDIR: --confdir, else /etc/marionette), marionette.yaml over puppet.conf.
/// A puppet.conf that does not parse is reported (`Error: file:line:column: error: …`, the line,
/// a caret) and left out, as Puppet does; a bad marionette.yaml, or a bad value in either,
/// throws config::ConfigError; a bad option UsageError.
config::SettingValues setting_values_from(const Arguments& args, config::RunMode mode);

/// setting_values_from(...).to_config(), a bad option's value a UsageError.
config::AgentConfig config_from(const Arguments& args, config::RunMode mode);

/// `path` when it names an existing directory (or regular file); UsageError naming `label`
/// ("--env-dir", or a setting's name) otherwise.
std::filesystem::path existing_path(const std::filesystem::path& path, const std::string& label,
                                    bool directory);

/// The run settings of a configuration: the configuration whole, its named files checked
/// (UsageError when one does not exist), statedir, graphdir and hiera_config defaulted, and
/// the environment resolved (daemon::resolve_environment) with the manifest given so far
/// (std::runtime_error, exit 1 as Puppet's, for an environment that does not exist) unless
/// told not to (the agent of a server: its server has the code).
daemon::RunSettings run_settings_from(const config::AgentConfig& config,
                                      bool resolve_environment = true);

/// The environment settings of a configuration (modulepath, basemodulepath, environmentpath).
compiler::EnvironmentSettings environment_settings_from(const config::AgentConfig& config);

/// Ruby's `exit N` in a module's code ends this command with N, as it ends `puppet apply`
/// (compiler::RubyExit, caught by run_command); the server and the agent fail the compile instead.
void end_with_ruby_exit();

/// What `compile` and `mgmtgraph print` compile: the run settings' environment, with the node's
/// facts loaded (daemon::load_facts) and its name (daemon::node_name_for).
compiler::CompileRequest compile_request_for(const daemon::RunSettings& settings);

}  // namespace marionette::cli
