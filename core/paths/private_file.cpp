#include "paths/private_file.hpp"

#include <cstdlib>
#include <system_error>

namespace marionette::paths {

std::filesystem::path private_file(std::string_view name, const char* override_variable) {
  if (override_variable != nullptr)
    if (const char* given = std::getenv(override_variable); given != nullptr && *given != '\0')
      return given;
  std::error_code error;
  std::filesystem::path directory =
      std::filesystem::read_symlink("/proc/self/exe", error).parent_path();
  if (directory.filename() == "marionette" && directory.parent_path().filename() == "lib")
    return directory / name;
  return directory.parent_path() / "lib" / "marionette" / name;
}

}  // namespace marionette::paths
