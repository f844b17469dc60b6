#pragma once

#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

#include "support/command.hpp"

namespace marionette::testing {

/// Debian's real `puppet agent -t` for `certname` against 127.0.0.1:`port`, every directory of
/// its own under `home` (conf, var, ssl, code, log, run), 2048-bit keys, no waiting for its
/// certificate, no colour; `extra` arguments after those.
CommandResult run_puppet_agent(const std::filesystem::path& home, const std::string& certname,
                               const std::string& port, std::chrono::milliseconds timeout,
                               const std::vector<std::string>& extra = {});

}  // namespace marionette::testing
