#pragma once

#include "daemon/run_once.hpp"

namespace marionette::cli {

/// A log sink that prints Puppet-shaped lines (`Notice: …`, `Error: …`) through spdlog:
/// plain on the console for `apply`, with timestamps for the agent.
daemon::RunLog make_run_log(bool timestamps, bool debug);

/// Prints an error the way every subcommand does: `Error: message` on stderr.
void print_error(const std::string& message);

}  // namespace marionette::cli
