#pragma once

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "lang/source_location.hpp"

namespace marionette::config {

/// Which sections of puppet.conf a command reads, as Puppet's run modes: `apply` is "user",
/// `agent` is "agent", `lookup` and `compile` are "server"; `config print` reads [main] alone
/// unless given --section.
enum class RunMode { main, user, agent, server };

/// The section names a mode reads, the preferred first, `main` last: user → {user, main};
/// agent → {agent, main}; server → {server, master, main}; main → {main}.
std::vector<std::string> sections_read_by(RunMode mode);

/// "user", "agent" or "server": Puppet's $run_mode ("user" for main).
const char* run_mode_name(RunMode mode);

/// One `name = value` line. Lines and columns count from 0, as lang::render_error_at takes them.
struct ConfSetting {
  std::string name;
  std::string value;  ///< trimmed; file metadata `{owner = x, mode = 644}` removed
  std::size_t line = 0;
  std::size_t value_column = 0;
};

/// puppet.conf as Puppet reads it: `[section]` lines, `name = value` lines (a setting before any
/// section is in [main]), `#` comments and blank lines; anything else is an error.
struct PuppetConf {
  struct Section {
    std::string name;
    std::vector<ConfSetting> settings;  ///< in file order; a repeated section adds to its first
  };
  std::shared_ptr<const lang::SourceFile> file;
  std::vector<Section> sections;

  /// The first `name = …` of section `section` (Puppet: the first one wins), or nullptr.
  const ConfSetting* find(const std::string& section, const std::string& name) const;
};

/// Parses `file`; throws ConfigError (file:line:column: error: message, the line, a caret) for a
/// line that is no section, setting or comment, a section Puppet does not allow, or bad file
/// metadata, with Puppet's messages.
PuppetConf parse_puppet_conf(std::shared_ptr<const lang::SourceFile> file);

/// Reads and parses the file at `path`; ConfigError when it cannot be read.
PuppetConf read_puppet_conf(const std::filesystem::path& path);

}  // namespace marionette::config
