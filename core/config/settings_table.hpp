#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "config/agent_config.hpp"

namespace marionette::config {

/// How a setting's text is read and printed.
enum class SettingKind {
  text,      ///< any text; a path, a name, a list
  a_switch,  ///< true/false (yes/no, on/off); `--name` alone on the command line means true
  duration,  ///< 30, 30s, 5m, 2h, 1d; printed in seconds, as `puppet config print` does
  number,    ///< a whole number: a port, a key length
  /// a duration or `unlimited` (environment_timeout, maxwaitforcert): seconds, or `unlimited`
  duration_or_unlimited,
};

/// One setting, by Puppet's name. The one table of settings: marionette.yaml, puppet.conf, the
/// command line (`--name`, with `-` for `_`), `config print` and --help all read it.
struct SettingDefinition {
  const char* name;  ///< Puppet's spelling, with underscores
  SettingKind kind;
  /// The default as Puppet writes it (it may refer to other settings: `$vardir/graphs`);
  /// nullptr: no default here (computed by the caller: vardir, certname; or none: manifest).
  const char* default_text;
  /// Stores a value that was written (or a default derived from a written value); throws
  /// BadValue. nullptr: a setting marionette accepts and prints but does not use.
  void (*set)(AgentConfig&, const std::string&);
};

/// Thrown by a setter: why the value is not acceptable, without saying where it came from.
struct BadValue {
  std::string why;
};

/// The default Puppet 7 had where Puppet 8 changed it (strict, strict_variables,
/// include_legacy_facts, ...), used when puppet_compat is 7; nullptr for a setting whose default
/// is the same in both.
const char* puppet7_default(std::string_view name);

/// puppet_compat's text ("7" or "8") as the enum. Throws BadValue.
PuppetCompat puppet_compat_of(const std::string& text);

/// Every setting marionette knows, in the order --help lists them.
const std::vector<SettingDefinition>& setting_definitions();

/// The setting named `name`, spelt with `_` or `-` (hiera_config, hiera-config); nullptr if none.
const SettingDefinition* find_setting(std::string_view name);

/// `name` with every `-` turned into `_`: the table's spelling.
std::string canonical_setting_name(std::string_view name);

/// `name` with every `_` turned into `-`: the command line's spelling.
std::string dashed_setting_name(std::string_view name);

/// `text` as the setting prints it: durations in seconds, switches as true/false. Throws BadValue.
std::string normalized_text(const SettingDefinition& setting, const std::string& text);

/// False for the settings that are marionette's own (snmp, redis, puppet_compat...) or that
/// Puppet 7 and 8 no longer have (bindaddress, ca, reuse_port): the manifests do not see them.
bool is_puppet_setting(std::string_view name);

/// True for the settings whose Puppet default is nil (logdest): left empty, the manifests see
/// undef, as `$settings::logdest` is in Puppet 7 and 8.
bool puppet_default_is_undef(std::string_view name);

/// "Web, db" -> {"web", "db"}: Puppet's tags and skip_tags, trimmed and compared lower-cased.
std::vector<std::string> split_tags(const std::string& text);

}  // namespace marionette::config
