#pragma once

#include <optional>
#include <string>
#include <vector>

#include "daemon/run_once.hpp"

namespace marionette::cli {

/// How `apply` talks to the user, as `puppet apply` does with --verbose, --debug, --logdest and
/// --color.
struct ApplyLogSettings {
  std::string level = "notice";  ///< debug (-d), info (-v) or notice: lower levels are dropped
  /// console (Notice, Info and Debug on stdout, warnings and errors on stderr), syslog, or a file
  /// path (lines appended as Puppet writes them: `2026-11-26 02:51:35 +0000 Puppet (notice): …`).
  std::vector<std::string> destinations = {"console"};
  bool color = false;  ///< the console's levels in Puppet's ANSI colours
};

/// --logdest's comma-separated list ("console,/var/log/x.log"); UsageError for an empty one.
std::vector<std::string> log_destinations(const std::string& logdest);

/// --color: true/ansi colour, false does not; without it (or "auto"), colour only when stdout is
/// a terminal. Puppet colours when piped too (it defaults to ansi); we do not, so that scripts
/// and logs get plain text. A value Puppet does not know means no colour, as Puppet.
bool use_color(const std::optional<std::string>& option, bool stdout_is_terminal);

/// The run log for those settings. Throws std::runtime_error naming a log file it cannot open.
daemon::RunLog make_apply_log(const ApplyLogSettings& settings);

}  // namespace marionette::cli
