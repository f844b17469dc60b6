#include "cli/settings_from_arguments.hpp"

#include <filesystem>

namespace marionette::cli {

std::filesystem::path existing_path(const std::filesystem::path& path, const std::string& label,
                                    bool directory) {
  std::error_code error;
  bool ok = directory ? std::filesystem::is_directory(path, error)
                      : std::filesystem::is_regular_file(path, error);
  if (!ok)
    throw UsageError(label + " " + path.string() + ": no such " +
                     (directory ? "directory" : "file"));
  return path;
}

namespace {

std::filesystem::path existing(const Arguments& args, const std::string& option, bool directory) {
  return existing_path(*args.value(option), "--" + option, directory);
}

}  // namespace

compiler::EnvironmentSettings environment_settings_from(const Arguments& args) {
  compiler::EnvironmentSettings where;
  where.modulepath = args.value("modulepath");
  if (auto base = args.value("basemodulepath")) where.basemodulepath = *base;
  if (auto path = args.value("environmentpath")) where.environmentpath = *path;
  if (auto name = args.value("environment")) where.environment = *name;
  return where;
}

daemon::RunSettings settings_from(const Arguments& args) {
  daemon::RunSettings settings;
  if (args.value("env-dir")) settings.env_dir = existing(args, "env-dir", true);
  if (args.value("manifest")) settings.manifest = existing(args, "manifest", false);
  if (args.value("facts")) settings.facts_file = existing(args, "facts", false);
  if (args.value("external-dir")) {
    settings.external_dirs = facts::default_external_dirs();  // facts.d, then the option's
    settings.external_dirs.push_back(existing(args, "external-dir", true));
  }
  settings.node_name = args.value("node");
  settings.hiera_config = args.value("hiera-config") ? existing(args, "hiera-config", false)
                                                     : daemon::default_hiera_config();
  if (auto env = args.value("environment")) settings.environment = *env;
  settings.state_dir = args.value("statedir") ? std::filesystem::path(*args.value("statedir"))
                                              : daemon::default_state_dir();
  settings.noop = args.flag("noop");
  settings.application = "apply";  // no catalog cache, never a cached catalog: Puppet's apply
  settings.use_cache_on_failure = false;
  daemon::resolve_environment(settings, environment_settings_from(args));
  return settings;
}

}  // namespace marionette::cli
