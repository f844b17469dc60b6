#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "compiler/value.hpp"

namespace marionette::compiler {

/// Ruby's Kernel#format of the values as Puppet hands them to Ruby, with Ruby's directives and
/// unnumbered, numbered and named arguments: what Puppet's sprintf gives, and a template's
/// sprintf, format and String#%. Throws FormatError (ruby_format.hpp) with Ruby's words.
std::string ruby_sprintf(std::string_view format, const std::vector<Value>& arguments);

}  // namespace marionette::compiler
