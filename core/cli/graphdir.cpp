#include "cli/graphdir.hpp"

#include <sys/stat.h>

#include <cerrno>
#include <cstring>
#include <string>

#include "cli/run_log.hpp"

namespace marionette::cli {

bool prepare_graphdir(const std::filesystem::path& graphdir) {
  std::error_code error;
  if (std::filesystem::is_directory(graphdir, error)) return true;
  const std::string dir = graphdir.string();
  const std::filesystem::path parent = graphdir.parent_path();
  std::string failure;
  std::string first;  ///< what Puppet's file type says before the failure line
  if (!parent.empty() && !std::filesystem::is_directory(parent, error)) {
    failure = "Cannot create " + dir + "; parent directory " + parent.string() + " does not exist";
    first = failure;
  } else if (::mkdir(dir.c_str(), 0755) != 0 && errno != EEXIST) {
    std::string reason = std::string(std::strerror(errno)) + " @ dir_s_mkdir - " + dir;
    failure = "Could not set 'directory' on ensure: " + reason;
    print_error(failure);
    first = failure + "\nWrapped exception:\n" + reason;
  } else {
    return true;
  }
  print_error(first);
  const std::string change = "change from 'absent' to 'directory' failed: " + failure;
  print_error("/File[" + dir + "]/ensure: " + change);
  print_error("Could not prepare for execution: Got 1 failure(s) while initializing: File[" + dir +
              "]: " + change);
  return false;
}

}  // namespace marionette::cli
