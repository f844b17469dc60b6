#include "paths/loadable_module.hpp"

#include <dlfcn.h>

#include <filesystem>

#include "paths/private_file.hpp"

namespace marionette::paths {

namespace {

std::filesystem::path module_path(const ModuleSpec& spec) {
  return private_file(spec.file_name, spec.override_variable);
}

}  // namespace

void* module_entry(const ModuleSpec& spec, std::string& why_not) {
  const std::filesystem::path path = module_path(spec);
  void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (handle == nullptr) {
    why_not = dlerror();
    return nullptr;
  }
  void* entry = dlsym(handle, spec.entry_symbol);
  if (entry == nullptr) why_not = path.string() + " has no " + spec.entry_symbol;
  return entry;
}

std::string other_version(const ModuleSpec& spec) {
  return module_path(spec).string() + " is of another version of marionette";
}

}  // namespace marionette::paths
