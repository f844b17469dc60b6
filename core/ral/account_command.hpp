#pragma once

#include <optional>
#include <string>
#include <vector>

#include "ral/host.hpp"

namespace marionette::ral {

/// Runs an account tool (useradd, groupmod, …) from /usr/sbin; the failure in Puppet's words
/// ("Execution of '/usr/sbin/useradd x' returned 9: useradd: user 'x' already exists"), or nothing.
std::optional<std::string> run_account_command(CommandRunner& commands,
                                               const std::vector<std::string>& argv);

}  // namespace marionette::ral
