#pragma once

#include <string>

#include "ral/host.hpp"

namespace marionette::ral {

/// Where PATH finds a provider's tool, as Puppet's `commands` resolves it (the full path is what
/// Puppet runs and names in "Execution of '/usr/bin/mount /mnt' returned 32: …"); the bare name
/// when PATH has no such executable.
std::string command_path(Host host, const std::string& name);

}  // namespace marionette::ral
