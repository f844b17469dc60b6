#include "compiler/ruby_module.hpp"

#include "paths/loadable_module.hpp"

namespace marionette::compiler {

namespace {

constexpr paths::ModuleSpec kRubyModule{MARIONETTE_RUBY_MODULE_FILE, "MARIONETTE_RUBY_MODULE",
                                        MARIONETTE_RUBY_ENTRY, kRubyModulePackage};

}  // namespace

const marionette_ruby_module* ruby_module(std::string& why_not) {
  return paths::shared_module_table<marionette_ruby_module>(kRubyModule,
                                                            MARIONETTE_RUBY_ABI_VERSION, why_not);
}

}  // namespace marionette::compiler
