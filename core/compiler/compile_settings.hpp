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

/// A Puppet setting as the manifests see it (`$settings::ssldir`, `$settings::all_local`), as
/// Puppet's Scope#merge_settings gives them: written by config::SettingValues::to_config from the
/// settings table, for the settings Puppet has too.
struct ManifestSetting {
  /// How the value reaches the manifest: a String, a Boolean (`true`/`false`), a number
  /// (seconds of a duration, a port; `Infinity` for `unlimited`, Puppet's Float), or undef (a
  /// setting Puppet leaves nil, unset).
  enum class Kind { text, boolean, number, undef };
  std::string name;
  std::string text;
  Kind kind = Kind::text;
};

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
  /// A catalog this process applies itself (apply, the local agent): its Timestamps, Deferred
  /// calls and other rich values stay in Pcore's form under 7 too, as Puppet 7's rich_data gives
  /// them to its agent, so that the agent can call the Deferred ones. Unset, under 7 they are
  /// written as `puppet catalog find` writes them.
  bool applied_here = false;
  Strictness strictness;  ///< Puppet's strict and strict_variables settings
  /// A server's environments kept between compiles (environment_timeout): the code's parses
  /// come from it. None: every file is read and parsed for this compile alone.
  std::shared_ptr<EnvironmentCache> environment_cache;
  /// The settings the manifests see as `$settings::NAME`, in the table's order; a compile's own
  /// (environment, manifest, modulepath, strict...) are added or replaced from the fields above.
  std::vector<ManifestSetting> manifest_settings;
};

}  // namespace marionette::compiler
