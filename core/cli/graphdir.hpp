#pragma once

#include <filesystem>

namespace marionette::cli {

/// Makes the graphdir as Puppet's settings do when `puppet apply` starts, whether or not
/// --graph is given: the directory itself (not its parents). When it cannot, prints Puppet's
/// errors ("Could not prepare for execution: Got 1 failure(s) while initializing: File[DIR]: …")
/// and returns false: the run does not start (exit 1).
bool prepare_graphdir(const std::filesystem::path& graphdir);

}  // namespace marionette::cli
