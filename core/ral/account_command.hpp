#pragma once

#include <optional>
#include <string>
#include <vector>

#include "ral/host.hpp"
#include "ral/resource_type.hpp"

namespace marionette::ral {

/// Runs an account tool (useradd, groupmod, …) from /usr/sbin; the failure in Puppet's words
/// ("Execution of '/usr/sbin/useradd x' returned 9: useradd: user 'x' already exists"), or nothing.
std::optional<std::string> run_account_command(CommandRunner& commands,
                                               const std::vector<std::string>& argv);

/// Syncs one property of a user or group by running `argv`: in noop only reports what would
/// change; otherwise runs it and records the change, or the failure in Puppet's words.
void change_account(ResourceContext& context, CommandRunner& commands, const std::string& property,
                    const std::string& event, const std::string& is, const std::string& should,
                    const std::string& message, const std::vector<std::string>& argv);

}  // namespace marionette::ral
