#include "cli/snmp_module.hpp"

#include <dlfcn.h>

#include <stdexcept>
#include <string>

#include "paths/private_file.hpp"

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

}  // namespace marionette::cli
