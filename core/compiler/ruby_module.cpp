#include "compiler/ruby_module.hpp"

#include <cstdlib>
#include <iostream>
#include <mutex>
#include <set>
#include <string_view>

#include "compiler/ruby_workers.hpp"
#include "paths/loadable_module.hpp"

namespace marionette::compiler {

namespace {

constexpr paths::ModuleSpec kRubyModule{MARIONETTE_RUBY_MODULE_FILE, "MARIONETTE_RUBY_MODULE",
                                        MARIONETTE_RUBY_ENTRY, kRubyModulePackage};

}  // namespace

const marionette_ruby_module* ruby_module(std::string& why_not) {
  // Ruby runs in worker processes (ruby_workers.hpp); in this process only to measure what
  // that costs (MARIONETTE_RUBY_ISOLATION=off).
  const char* isolation = std::getenv("MARIONETTE_RUBY_ISOLATION");
  if (isolation && std::string_view(isolation) == "off")
    return paths::shared_module_table<marionette_ruby_module>(kRubyModule,
                                                              MARIONETTE_RUBY_ABI_VERSION, why_not);
  static std::once_flag once;
  static const marionette_ruby_module* isolated = nullptr;
  static std::string reason;
  std::call_once(once, [] { isolated = isolated_ruby_module(reason); });
  why_not = reason;
  return isolated;
}

void trace_ruby_use(const std::string& what) {
  static const bool tracing = [] {
    const char* trace = std::getenv("MARIONETTE_TRACE_RUBY");
    return trace && *trace && std::string_view(trace) != "0";
  }();
  if (!tracing) return;
  static std::mutex mutex;
  static std::set<std::string> said;
  std::lock_guard lock(mutex);
  if (said.insert(what).second) std::cerr << "marionette: Ruby: " << what << "\n";
}

}  // namespace marionette::compiler
