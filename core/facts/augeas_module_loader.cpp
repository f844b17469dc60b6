#include "facts/augeas_module_loader.hpp"

#include <dlfcn.h>

#include <filesystem>
#include <mutex>

#include "paths/private_file.hpp"

namespace marionette::facts {

namespace {

std::filesystem::path module_path() {
  return paths::private_file(MARIONETTE_AUGEAS_MODULE_FILE, "MARIONETTE_AUGEAS_MODULE");
}

struct Loaded {
  const marionette_augeas_module* module = nullptr;
  std::string why_not;
};

Loaded load_module() {
  std::filesystem::path path = module_path();
  void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (handle == nullptr) return {nullptr, dlerror()};
  auto entry = reinterpret_cast<marionette_augeas_entry>(dlsym(handle, MARIONETTE_AUGEAS_ENTRY));
  if (entry == nullptr) return {nullptr, path.string() + " has no " + MARIONETTE_AUGEAS_ENTRY};
  const marionette_augeas_module* module = entry();
  if (module == nullptr || module->abi_version != MARIONETTE_AUGEAS_ABI_VERSION)
    return {nullptr, path.string() + " is of another version of marionette"};
  return {module, ""};
}

}  // namespace

const marionette_augeas_module* load_augeas_module(std::string& why_not) {
  static std::once_flag once;
  static Loaded loaded;
  std::call_once(once, [] { loaded = load_module(); });
  why_not = loaded.why_not;
  return loaded.module;
}

}  // namespace marionette::facts
