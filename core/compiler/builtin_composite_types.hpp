#pragma once

#include <string_view>

#include "compiler/ruby_type_reader.hpp"

namespace marionette::compiler {

/// The built-in types whose title splits into several key attributes, as Puppet 7's vendored
/// module defines them, when no module on the modulepath brings its own: sshkey (sshkeys_core),
/// whose title NAME@TYPE sets name and type (Sshkey['a@ssh-rsa']). Null for any other type.
const ResourceTypeDefinition* builtin_composite_type(std::string_view name);

}  // namespace marionette::compiler
