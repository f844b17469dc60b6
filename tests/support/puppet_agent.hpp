#pragma once

#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

#include "support/command.hpp"

namespace marionette::testing {

/// Debian's real `puppet agent -t` for `certname` against 127.0.0.1:`port`, every directory of
/// its own under `home` (conf, var, ssl, code, log, run), 2048-bit keys, no waiting for its
/// certificate, no colour; `extra` arguments after those. `puppet` is the agent's command:
/// Debian's Puppet 7 by default, or shared/tools/openvox8 (OpenVox 8, the same command line).
CommandResult run_puppet_agent(const std::filesystem::path& home, const std::string& certname,
                               const std::string& port, std::chrono::milliseconds timeout,
                               const std::vector<std::string>& extra = {},
                               const std::string& puppet = "puppet");

}  // namespace marionette::testing
