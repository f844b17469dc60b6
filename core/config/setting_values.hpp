#pragma once

#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "config/agent_config.hpp"
#include "config/puppet_conf.hpp"
#include "lang/source_location.hpp"

namespace marionette::config {

/// Where a value was written, to point at it when it is not acceptable: a place in a file
/// (lines and columns from 0), or a command-line option (`--name`).
struct ValueOrigin {
  std::shared_ptr<const lang::SourceFile> file;
  std::size_t line = 0;
  std::size_t column = 0;
  std::size_t length = 1;
  std::string option;  ///< "--noop" when the value came from the command line
};

/// The settings' texts, layered: the table's defaults (and the caller's computed ones), then
/// each source written over the last (puppet.conf, marionette.yaml, the command line). Values
/// interpolate other settings as Puppet's do: `$vardir/graphs`, `${confdir}`, and `$run_mode`.
class SettingValues {
 public:
  explicit SettingValues(RunMode mode = RunMode::user) : mode_(mode) {}

  RunMode mode() const { return mode_; }

  /// A default the table cannot know (vardir, certname); it may be interpolated too.
  void set_default(const std::string& name, std::string text);

  /// Writes `name` (either spelling) over what earlier sources wrote. Names the table does not
  /// know are kept (puppet.conf accepts any setting, as Puppet does) but set nothing.
  void write(const std::string& name, std::string text, ValueOrigin origin);

  /// The settings puppet.conf gives this mode: its section's, else [main]'s (first one wins).
  void write_puppet_conf(const PuppetConf& conf);

  /// Puppet's deprecation warnings for the deprecated settings that were written ("Setting
  /// 'pluginsync' is deprecated."), for the caller to print as warnings.
  std::vector<std::string> deprecation_warnings() const;

  /// True when a source wrote `name`.
  bool written(const std::string& name) const;

  /// The interpolated text of `name`; nullopt when it has no value (no default, not written).
  /// Throws ConfigError at the value for an unknown `$name` or interpolation nested too deep.
  std::optional<std::string> text(const std::string& name) const;

  /// `text` as `puppet config print` shows it: durations in seconds, switches as true/false.
  std::optional<std::string> printable(const std::string& name) const;

  /// The configuration: every written setting, and every default that interpolates a written
  /// one (codedir written moves environmentpath), through the table's setters. ConfigError
  /// (rendered at the value) for a value a setter refuses.
  AgentConfig to_config() const;

  /// The settings as the manifests see them ($settings::NAME): every setting Puppet has too
  /// that has a value, as `config print` shows it, typed as Puppet types it (switches Boolean,
  /// durations and ports Integer).
  std::vector<compiler::ManifestSetting> manifest_settings() const;

 private:
  struct Entry {
    std::string text;
    ValueOrigin origin;
    bool is_default = true;
  };

  const Entry* entry(const std::string& name) const;
  /// True when puppet_compat was written as 7: the defaults Puppet 8 changed are Puppet 7's.
  bool follows_puppet7() const;
  std::string interpolate(const std::string& name, const Entry& value, int depth,
                          bool* touches_written) const;
  [[noreturn]] void fail(const Entry& value, const std::string& message) const;

  RunMode mode_;
  std::map<std::string, Entry> entries_;  ///< by canonical name; defaults are added lazily
};

/// `[--]name: message` for the command line, or the rendered file:line:column + caret.
std::string render_at(const ValueOrigin& origin, const std::string& message);

}  // namespace marionette::config
