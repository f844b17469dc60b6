#pragma once

#include <string>
#include <string_view>

#include "compiler/value.hpp"

namespace marionette::compiler {

/// A value as the bytes it crosses to marionette-ruby.so in (ruby/value_wire.hpp), and back.
/// Both throw std::runtime_error (too deep, too large, corrupt).
std::string to_ruby_wire(const Value& value);
Value from_ruby_wire(std::string_view bytes);

}  // namespace marionette::compiler
