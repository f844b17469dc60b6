#pragma once

#include <set>
#include <string>

#include "cli/arguments.hpp"
#include "daemon/run_settings.hpp"

namespace marionette::cli {

/// Puppet's run flags that `apply` takes beside the shared options: --strict LEVEL and
/// --skip-tags TAGS take a value; --strict-variables, --show-diff and --write-catalog-summary
/// are switches.
inline const std::set<std::string> kRunFlagValued = {"strict", "skip-tags"};
inline const std::set<std::string> kRunFlagSwitches = {"strict-variables", "show-diff",
                                                       "write-catalog-summary"};

/// "Web,db" -> {"web", "db"}: Puppet's --tags and --skip_tags, compared lower-cased.
std::vector<std::string> split_tags(const std::string& text);

/// Puppet's text for a `strict` value it does not know (it exits 1 with it).
std::string invalid_strict_message(const std::string& value);

/// Reads the run flags into `settings`; `summary_by_default` is write_catalog_summary without
/// the flag (Puppet: false for apply, true for the agent; --no-write-catalog-summary turns it
/// off). Throws std::invalid_argument with invalid_strict_message() for a --strict that is not
/// off, warning or error.
void apply_run_flags(const Arguments& args, daemon::RunSettings& settings,
                     bool summary_by_default = false);

}  // namespace marionette::cli
