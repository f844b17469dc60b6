#include "ral/command_path.hpp"

#include <cstdlib>
#include <sstream>

namespace marionette::ral {

std::string command_path(Host host, const std::string& name) {
  const char* path = std::getenv("PATH");
  std::istringstream dirs(path ? path : "/usr/sbin:/usr/bin:/sbin:/bin");
  for (std::string dir; std::getline(dirs, dir, ':');) {
    if (dir.empty()) continue;
    const std::string candidate = dir + "/" + name;
    if (host.files->is_executable_file(candidate)) return candidate;
  }
  return name;
}

}  // namespace marionette::ral
