#pragma once

#include <string>

#include "ruby/module_abi.h"

namespace marionette::compiler {

/// marionette-ruby.so (ruby/module_abi.h), loaded on the first call that needs it and kept for
/// the life of the process; nullptr when it cannot be loaded, with why in `why_not`.
/// It is looked for at ../lib/marionette/ from the executable (as the SNMP module is), or where
/// the environment variable MARIONETTE_RUBY_MODULE says (tests, unusual layouts).
const marionette_ruby_module* ruby_module(std::string& why_not);

/// MARIONETTE_TRACE_RUBY=1: says on standard error, once per distinct `what`, each thing a
/// compile hands to Ruby (a function written in Ruby, a template beyond the native ERB engine
/// and the construct it stopped at), to find what starts the Ruby worker.
void trace_ruby_use(const std::string& what);

/// The Debian package that holds it, for the error when it is missing.
inline constexpr const char* kRubyModulePackage = "marionette-ruby";

}  // namespace marionette::compiler
