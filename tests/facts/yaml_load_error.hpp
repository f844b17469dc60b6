#pragma once

#include <filesystem>
#include <stdexcept>
#include <string>

#include "facts/facts.hpp"
#include "lang/located_error.hpp"

namespace marionette::facts::testing {

/// The error load_yaml_file gives for the file as `file:line:column: error: message`;
/// "(no error)" when it loads.
inline std::string load_error_of(const std::filesystem::path& path) {
  try {
    load_yaml_file(path);
  } catch (const std::runtime_error& error) {
    return lang::describe_line(error);
  }
  return "(no error)";
}

}  // namespace marionette::facts::testing
