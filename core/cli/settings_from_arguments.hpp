#pragma once

#include "cli/arguments.hpp"
#include "daemon/run_settings.hpp"

namespace marionette::cli {

/// The options every compiling subcommand shares.
inline const std::set<std::string> kRunOptions = {
    "env-dir",      "manifest",     "facts",      "node",           "environment",    "statedir",
    "external-dir", "hiera-config", "modulepath", "basemodulepath", "environmentpath"};

/// --modulepath, --basemodulepath and --environmentpath over their defaults.
compiler::EnvironmentSettings environment_settings_from(const Arguments& args);

/// `path` when it names an existing directory (or regular file); UsageError naming `label`
/// ("--env-dir", or a setting's name) otherwise.
std::filesystem::path existing_path(const std::filesystem::path& path, const std::string& label,
                                    bool directory);

/// Reads the shared options into run settings; checks that the named files exist. The
/// environment is resolved (daemon::resolve_environment) with the manifest given so far.
daemon::RunSettings settings_from(const Arguments& args);

}  // namespace marionette::cli
