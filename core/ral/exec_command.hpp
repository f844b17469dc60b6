#pragma once

#include <optional>
#include <string>
#include <vector>

#include "ral/host.hpp"

/// How Puppet's posix exec provider reads a command string (Ruby's Kernel.exec rules).
namespace marionette::ral::exec_command {

/// The executable: a leading "quoted" or 'quoted' word, else everything before the first space.
std::string executable(const std::string& command);

/// Ruby runs a command string through /bin/sh -c when it has shell meta characters
/// (*?{}[]<>()~&|\$;'`"\n#), an assignment in its first word, or starts with a shell reserved word
/// or special built-in; otherwise it splits it on blanks and executes it directly.
bool needs_shell(const std::string& command);

/// argv for the command: {"/bin/sh", "-c", command} or its blank-separated words.
std::vector<std::string> argv(const std::string& command);

/// Puppet's validatecmd: "'true' is not qualified and no path was specified. …", or nothing.
std::optional<std::string> unqualified_error(const std::string& command, bool has_path);

/// Puppet's checkexe: the executable exists (qualified) or is found in `path`; else the reason.
std::optional<std::string> missing_executable_error(const std::string& command,
                                                    const std::vector<std::string>& path,
                                                    FileSystem& files);

}  // namespace marionette::ral::exec_command
