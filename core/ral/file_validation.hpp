#pragma once

#include <optional>
#include <string>

#include "ral/host.hpp"

namespace marionette::ral {

/// A file's validate_cmd and what in it stands for the file to check (validate_replacement).
struct FileValidation {
  std::string command;
  std::string replacement = "%";
};

/// Puppet's replace_file with a validate callback: the new content goes to a temporary file
/// beside `path` (named as Ruby's Tempfile names it, PATHYYYYMMDD-PID-RANDOM), the command runs
/// with the replacement swapped for that name, and the temporary file goes. Nothing when the
/// command succeeded; otherwise Puppet's "Execution of 'CMD' returned N: OUTPUT".
std::optional<std::string> validate_file_content(Host host, const std::string& path,
                                                 const std::string& content,
                                                 const FileAttributes& attributes,
                                                 const FileValidation& validation);

}  // namespace marionette::ral
