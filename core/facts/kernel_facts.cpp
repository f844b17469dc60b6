#include <sys/utsname.h>

#include "facts/native_parts.hpp"

namespace marionette::facts::native {

std::string kernel_version(std::string_view release) {
  return std::string(release.substr(0, release.find('-')));
}

std::string kernel_major_version(std::string_view version) {
  auto first_dot = version.find('.');
  if (first_dot == std::string_view::npos) return std::string(version);
  return std::string(version.substr(0, version.find('.', first_dot + 1)));
}

void add_kernel_facts(Facts& facts) {
  utsname names{};
  if (::uname(&names) != 0) return;
  std::string version = kernel_version(names.release);
  facts["kernel"] = names.sysname;
  facts["kernelrelease"] = names.release;
  facts["kernelversion"] = version;
  facts["kernelmajversion"] = kernel_major_version(version);
  facts["hardwaremodel"] = names.machine;
}

}  // namespace marionette::facts::native
