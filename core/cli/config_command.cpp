#include <algorithm>
#include <filesystem>
#include <iostream>
#include <sstream>

#include "cli/command.hpp"
#include "cli/run_log.hpp"
#include "cli/settings_from_arguments.hpp"
#include "compiler/module_path.hpp"
#include "config/settings_table.hpp"
#include "daemon/run_settings.hpp"

namespace marionette::cli {

namespace {

/// The run mode whose sections `--section SECTION` reads; any other name reads [main] alone, as
/// in Puppet (a puppet.conf cannot have such a section).
config::RunMode mode_of_section(const std::string& section) {
  if (section == "user") return config::RunMode::user;
  if (section == "agent") return config::RunMode::agent;
  if (section == "server" || section == "master") return config::RunMode::server;
  return config::RunMode::main;
}

/// What a setting without a value prints, as Puppet derives it: certname from the facts, the
/// module path and manifest from the environment (the directories that exist).
std::string derived_value(const std::string& name, const config::SettingValues& values) {
  if (name == "certname") return daemon::node_name_for({}, facts::gather_native());
  if (name != "modulepath" && name != "manifest") return "";
  config::AgentConfig config = values.to_config();
  compiler::EnvironmentSettings where = environment_settings_from(config);
  where.env_dir = config.env_dir;
  try {
    compiler::ResolvedEnvironment resolved = compiler::resolve_environment(where);
    if (name == "manifest") return resolved.manifest ? resolved.manifest->string() : "no_manifest";
    std::string joined;
    for (const auto& dir : resolved.modulepath)
      joined += (joined.empty() ? "" : ":") + dir.string();
    return joined;
  } catch (const std::runtime_error&) {
    if (name == "manifest") return "no_manifest";
    std::string joined;  // no such environment: the base module path's directories that exist
    std::stringstream dirs(where.basemodulepath);
    for (std::string dir; std::getline(dirs, dir, ':');) {
      std::error_code missing;
      if (std::filesystem::is_directory(dir, missing)) joined += (joined.empty() ? "" : ":") + dir;
    }
    return joined;
  }
}

std::string value_of(const std::string& name, const config::SettingValues& values) {
  if (!config::find_setting(name)) return "";  // Puppet prints nothing for one it does not know
  std::optional<std::string> value = values.printable(name);
  return value ? *value : derived_value(config::canonical_setting_name(name), values);
}

}  // namespace

int run_config(const std::vector<std::string>& words) {
  std::set<std::string> valued = kRunOptions;
  valued.insert("section");
  Arguments args(words, valued, setting_switches());
  const std::vector<std::string>& positionals = args.positionals();
  if (positionals.empty() || positionals.front() != "print") {  // Puppet's words, exit 1
    print_error("'config' has no " +
                (positionals.empty() ? std::string("default") : "'" + positionals.front() + "'") +
                " action.  See `marionette help config`.");
    return 1;
  }
  config::RunMode mode = mode_of_section(args.value("section").value_or("main"));
  config::SettingValues values = setting_values_from(args, mode);
  std::vector<std::string> names(positionals.begin() + 1, positionals.end());
  if (names == std::vector<std::string>{"all"}) names.clear();  // Puppet's `config print all`
  if (names.size() == 1) {
    std::cout << value_of(names.front(), values) << "\n";  // the bare value, as Puppet prints it
    return 0;
  }
  if (names.empty())
    for (const config::SettingDefinition& setting : config::setting_definitions())
      names.push_back(setting.name);
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  for (const std::string& name : names)
    std::cout << name << " = " << value_of(name, values) << "\n";
  return 0;
}

}  // namespace marionette::cli
