#pragma once

#include <set>
#include <string>

#include "cli/arguments.hpp"
#include "daemon/run_settings.hpp"

namespace marionette::cli {

/// Puppet's run flags that `apply` and `agent` take beside the settings (strict,
/// strict_variables and show_diff are settings): --skip-tags TAGS and the switch
/// --write-catalog-summary.
inline const std::set<std::string> kRunFlagValued = {"skip-tags"};
inline const std::set<std::string> kRunFlagSwitches = {"write-catalog-summary"};


/// Reads the run flags into `settings`; `summary_by_default` is write_catalog_summary without
/// the flag (Puppet: false for apply, true for the agent; --no-write-catalog-summary turns it
/// off).
void apply_run_flags(const Arguments& args, daemon::RunSettings& settings,
                     bool summary_by_default = false);

}  // namespace marionette::cli
