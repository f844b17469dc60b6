#pragma once

#include <optional>
#include <string>

#include "ral/host.hpp"

namespace marionette::ral {

/// Whether marionette can serve `source`: a local path, a file:// URI, or a module's file
/// (`puppet:///modules/<module>/<path>`, any server named or none).
bool is_servable_source(const std::string& source);

/// Where `source` is on this node: "/x" and "file:///x" as they are; a module's file as
/// <module dir>/<module>/files/<path> in the first of `paths->module_dirs` that has the module.
/// Nothing when it cannot be found there (or the scheme is not one we serve).
std::optional<std::string> resolve_source(const std::string& source, const RunPaths* paths);

}  // namespace marionette::ral
