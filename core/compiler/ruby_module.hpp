#pragma once

#include <string>

#include "ruby/module_abi.h"

namespace marionette::compiler {

/// marionette-ruby.so (ruby/module_abi.h), loaded on the first call that needs it and kept for
/// the life of the process; nullptr when it cannot be loaded, with why in `why_not`.
/// It is looked for at ../lib/marionette/ from the executable (as the SNMP module is), or where
/// the environment variable MARIONETTE_RUBY_MODULE says (tests, unusual layouts).
const marionette_ruby_module* ruby_module(std::string& why_not);

/// The Debian package that holds it, for the error when it is missing.
inline constexpr const char* kRubyModulePackage = "marionette-ruby";

}  // namespace marionette::compiler
