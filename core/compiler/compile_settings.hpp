#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "compiler/strictness.hpp"
#include "marionette/version.hpp"

namespace marionette::compiler {

class EnvironmentCache;

/// Everything a compile takes from the settings, in one struct that is passed on whole: the base
/// of config::AgentConfig (written by the rows of config/settings_table.cpp) and so of
/// daemon::RunSettings, and of indirector::TerminusSettings and CompileRequest. A new compile
/// setting is a field here and a row in the settings table.
struct CompileSettings {
  std::optional<std::filesystem::path> env_dir;   ///< env_dir: site.pp or manifests/, modules/
  std::optional<std::filesystem::path> manifest;  ///< overrides the environment's main manifest
  /// The module directories in search order (resolve_environment makes it from the modulepath,
  /// basemodulepath and environmentpath settings); without it, ENV_DIR/modules alone.
  std::optional<std::vector<std::filesystem::path>> modulepath;
  std::string environment = "production";
  /// The global Hiera layer's hiera.yaml, searched before the environment's and modules'.
  std::optional<std::filesystem::path> hiera_config;
  /// Whose behaviour to follow (puppet_compat). A CompileSettings made in code follows Puppet 7,
  /// as its Strictness does; the settings table makes 8 and its strict defaults the default.
  PuppetCompat compat = PuppetCompat::puppet7;
  Strictness strictness;  ///< Puppet's strict and strict_variables settings
  /// A server's environments kept between compiles (environment_timeout): the code's parses
  /// come from it. None: every file is read and parsed for this compile alone.
  std::shared_ptr<EnvironmentCache> environment_cache;
};

}  // namespace marionette::compiler
