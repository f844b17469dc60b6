#include "compiler/ruby_module.hpp"

#include <dlfcn.h>

#include <cstdlib>
#include <filesystem>
#include <mutex>
#include <string_view>

#include "compiler/ruby_workers.hpp"
#include "paths/private_file.hpp"

namespace marionette::compiler {

namespace {

std::filesystem::path module_path() {
  return paths::private_file(MARIONETTE_RUBY_MODULE_FILE, "MARIONETTE_RUBY_MODULE");
}

struct Loaded {
  const marionette_ruby_module* module = nullptr;
  std::string why_not;
};

Loaded load() {
  std::filesystem::path path = module_path();
  void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (handle == nullptr) return {nullptr, dlerror()};
  auto entry = reinterpret_cast<marionette_ruby_entry>(dlsym(handle, MARIONETTE_RUBY_ENTRY));
  if (entry == nullptr) return {nullptr, path.string() + " has no " + MARIONETTE_RUBY_ENTRY};
  const marionette_ruby_module* module = entry();
  if (module == nullptr || module->abi_version != MARIONETTE_RUBY_ABI_VERSION)
    return {nullptr, path.string() + " is of another version of marionette"};
  return {module, ""};
}

}  // namespace

const marionette_ruby_module* ruby_module(std::string& why_not) {
  static std::once_flag once;
  static Loaded loaded;
  std::call_once(once, [] {
    // Ruby runs in worker processes (ruby_workers.hpp); in this process only to measure what
    // that costs (MARIONETTE_RUBY_ISOLATION=off).
    const char* isolation = std::getenv("MARIONETTE_RUBY_ISOLATION");
    if (isolation && std::string_view(isolation) == "off") {
      loaded = load();
      return;
    }
    loaded.module = isolated_ruby_module(loaded.why_not);
  });
  why_not = loaded.why_not;
  return loaded.module;
}

}  // namespace marionette::compiler
