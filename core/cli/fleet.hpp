#pragma once

#include <string>
#include <vector>

namespace marionette::cli {

/// The executable that holds everything linking OpenSSL (the server, the CA, the agent of a
/// server), in marionette's private directory. It is a separate executable so that every other
/// command starts without loading and relocating OpenSSL.
inline constexpr const char* kFleetFileName = "marionette-fleet";

/// Replaces this process by `marionette-fleet SUBCOMMAND WORDS…` (same pid, environment and
/// descriptors). Returns only when that cannot be done, after saying why; the exit code is 1.
int exec_fleet(const std::string& subcommand, const std::vector<std::string>& words);

/// The table entries of `marionette server` and `marionette ca` in the main executable.
int run_server_in_fleet(const std::vector<std::string>& words);
int run_ca_in_fleet(const std::vector<std::string>& words);
int run_query_in_fleet(const std::vector<std::string>& words);

}  // namespace marionette::cli
