#pragma once

#include <filesystem>
#include <optional>
#include <string>

namespace marionette::indirector {

/// Which terminus serves one model, and which one caches it.
struct Route {
  std::string terminus;
  std::optional<std::string> cache;
  std::optional<std::string> command;  ///< node/exec: the classifier (Puppet's external_nodes)
};

/// The route of every model for one application.
struct Routes {
  Route facts, node, catalog, report;
};

/// The termini without a routes file: facts native (yaml when a facts file is given), node
/// plain, catalog compiler, report yaml; the agent caches its catalogs as JSON (`apply` does not,
/// as in Puppet).
Routes default_routes(bool facts_file_given, const std::string& application = "agent");

/// Reads a routes file (YAML, like Puppet's routes.yaml):
///
///     agent:
///       catalog: { terminus: compiler, cache: json }
///       node:    { terminus: exec, command: /usr/local/bin/enc }
///
/// The routes of `application` laid over its default_routes(); other applications are checked
/// too.
/// Throws Error with `file:line:column: error: message`, the line and a caret, for a file that
/// is not valid YAML, an unknown model, key or terminus, or a node/exec route without command.
Routes load_routes(const std::filesystem::path& path, const std::string& application,
                   bool facts_file_given);

}  // namespace marionette::indirector
