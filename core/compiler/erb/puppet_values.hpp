#pragma once

#include "compiler/erb/ruby_value.hpp"
#include "compiler/value.hpp"

namespace marionette::compiler::erb {

/// A Puppet value as Puppet 7 hands it to a template: undef is nil, default is :default,
/// a Sensitive prints as `#<Sensitive [value redacted]>`, types as their Puppet text.
RubyValue to_ruby(const Value& value);

/// A Ruby value handed back to Puppet (a function's arguments): nil and :undef are undef,
/// :default is default, other symbols are strings, ranges their integers. Depth is bounded.
Value to_puppet(const RubyValue& value, int depth = 0);

}  // namespace marionette::compiler::erb
