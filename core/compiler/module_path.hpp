#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace marionette::compiler {

/// Puppet's basemodulepath, with marionette's directory first and Debian's modules after, so
/// that `apt install puppet-module-…` needs nothing more.
inline constexpr const char* kDefaultBaseModulePath =
    "/etc/marionette/code/modules:/usr/share/puppet/modules";
/// Where directory environments are looked for (Puppet's $codedir/environments).
inline constexpr const char* kDefaultEnvironmentPath = "/etc/marionette/code/environments";

/// The settings that say where an environment's code is, as Puppet has them.
struct EnvironmentSettings {
  /// --env-dir: the environment's directory itself (marionette's own shortcut; it may hold
  /// site.pp instead of manifests/). Without it the environment is looked for in
  /// environmentpath.
  std::optional<std::filesystem::path> env_dir;
  std::optional<std::string> modulepath;  ///< given: the whole module path, nothing added
  std::string basemodulepath = kDefaultBaseModulePath;
  std::string environmentpath = kDefaultEnvironmentPath;
  std::string environment = "production";
};

/// Where the code of one compile is.
struct ResolvedEnvironment {
  std::optional<std::filesystem::path> env_dir;   ///< none: no environment directory exists
  std::optional<std::filesystem::path> manifest;  ///< environment.conf's `manifest`, resolved
  std::vector<std::filesystem::path> modulepath;  ///< absolute, normalised, in search order
};

/// Resolves as Puppet 7 does: the environment is the first directory named `environment` in
/// environmentpath; its environment.conf may set `manifest` and `modulepath` (with
/// `$basemodulepath` and relative entries resolved against the environment); else the module
/// path is ENV/modules then basemodulepath; a given modulepath replaces all of that. Relative
/// settings are taken from the current directory. A missing "production" is an empty
/// environment (Puppet creates it); another missing one throws Puppet's error.
ResolvedEnvironment resolve_environment(const EnvironmentSettings& settings);

/// One setting of ENV_DIR/environment.conf (outside any section but [main]), as written;
/// nullopt when the file or the setting is not there.
std::optional<std::string> environment_conf_setting(const std::filesystem::path& env_dir,
                                                    std::string_view name);

/// "a:b:c" as Ruby's split(':') makes it (trailing empty entries dropped), each entry made
/// absolute against `base` and normalised.
std::vector<std::filesystem::path> split_path_list(const std::string& text,
                                                   const std::filesystem::path& base);

/// Whether a directory name is a module's as Puppet accepts it: [a-z][a-z0-9_]*.
bool is_module_name(std::string_view name);

}  // namespace marionette::compiler
