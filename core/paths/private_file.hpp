#pragma once

#include <filesystem>
#include <string_view>

namespace marionette::paths {

/// A file of marionette's private directory: ../lib/marionette/NAME from this executable's real
/// path (/usr/bin/marionette → /usr/lib/marionette/NAME, build/core/cli/marionette →
/// build/core/lib/marionette/NAME), or beside this executable when it lives in that directory
/// itself, as marionette-fleet does. An environment variable, when set and not empty, names
/// the file instead (tests point at a module that is missing or of another version).
std::filesystem::path private_file(std::string_view name, const char* override_variable = nullptr);

}  // namespace marionette::paths
