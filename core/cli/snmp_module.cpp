#include "cli/snmp_module.hpp"

#include <dlfcn.h>

#include <stdexcept>
#include <string>

#include "cli/arguments.hpp"
#include "paths/private_file.hpp"
#include "subagent/oid.hpp"

namespace marionette::cli {

std::filesystem::path snmp_module_path() {
  return paths::private_file(subagent::kModuleFileName);
}

subagent::ModuleEntry load_snmp_module() {
  std::filesystem::path path = snmp_module_path();
  void* module = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (module == nullptr)
    throw std::runtime_error("cannot load the SNMP subagent module: " + std::string(dlerror()));
  void* entry = dlsym(module, subagent::kModuleEntryName);
  if (entry == nullptr)
    throw std::runtime_error("the SNMP subagent module " + path.string() + " has no " +
                             subagent::kModuleEntryName);
  return reinterpret_cast<subagent::ModuleEntry>(entry);
}

void check_root_oid(const std::string& root_oid) {
  if (!root_oid.empty() && !subagent::parse_oid(root_oid))
    throw UsageError(
        "--root-oid must be a numeric OID such as .1.3.6.1.4.1.8072.9999.9999.4242, not '" +
        root_oid + "'");
}

}  // namespace marionette::cli
