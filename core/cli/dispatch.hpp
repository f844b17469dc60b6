#pragma once

#include <string>
#include <vector>

#include "cli/command.hpp"

namespace marionette::cli {

/// Runs one subcommand with its words (after the subcommand's name) as both executables do:
/// --help prints its usage, and each kind of error ends in Puppet's words and exit code. The one
/// place a command's errors are printed: a located error (lang::SourceError) through
/// lang::render, any other as `Error: what()`; commands let their errors come here.
int run_command(const Command& command, const std::vector<std::string>& rest);

}  // namespace marionette::cli
