#pragma once

#include <chrono>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

namespace marionette::testing {

struct CommandResult {
  int exit_code = -1;  ///< -1: could not start, killed by a signal, or timed out
  bool timed_out = false;
  std::string out;
  std::string err;
};

/// Runs argv[0] (searched in PATH) with the given extra environment variables, capturing
/// stdout and stderr; kills it after `timeout`. Safe to call while other threads run.
CommandResult run_command(const std::vector<std::string>& argv,
                          std::chrono::milliseconds timeout = std::chrono::seconds(30),
                          const std::vector<std::pair<std::string, std::string>>& env = {});

/// The path of an executable named `name` in PATH (or /usr/sbin, /sbin), empty if none.
std::filesystem::path find_executable(const std::string& name);

}  // namespace marionette::testing
