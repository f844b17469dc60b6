#pragma once

#include "compiler/erb/ruby_value.hpp"
#include "compiler/value.hpp"

namespace marionette::compiler::erb {

/// A Puppet value as Puppet 7 hands it to a template: undef is nil, default is :default,
/// a Sensitive prints as `#<Sensitive [value redacted]>`, types as their Puppet text. Its
/// strings are `strings` (Puppet's own objects, for a variable's value; a function's result is
/// a new object), a hash's string keys frozen.
RubyValue to_ruby(const Value& value, RubyString::Owner strings = RubyString::Owner::Puppet);

/// A Ruby value handed back to Puppet (a function's arguments): nil and :undef are undef,
/// :default is default, other symbols are strings, ranges their integers. Depth is bounded.
Value to_puppet(const RubyValue& value, int depth = 0);

}  // namespace marionette::compiler::erb
