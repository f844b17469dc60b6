#pragma once

#include <unordered_map>
#include <utility>

#include "compiler/erb/ruby_value.hpp"
#include "compiler/value.hpp"

namespace marionette::compiler::erb {

/// A Puppet value as Puppet 7 hands it to a template: undef is nil, default is :default,
/// a Sensitive prints as `#<Sensitive [value redacted]>`, types as their Puppet text. Its
/// strings are `strings` (Puppet's own objects, for a variable's value; a function's result is
/// a new object), a hash's string keys frozen.
RubyValue to_ruby(const Value& value, RubyString::Owner strings = RubyString::Owner::Puppet);

/// The Ruby objects made for the Arrays and Hashes of the Puppet values handed to one template,
/// each kept with the Puppet value it was made from (so that its address is not reused): in
/// Puppet a value held in several places, or by several variables, is one Ruby object.
class MadeObjects {
 public:
  const RubyValue* find(const void* identity) const;
  void keep(const Value& from, const void* identity, RubyValue object);

 private:
  std::unordered_map<const void*, std::pair<Value, RubyValue>> made_;
};

/// to_ruby, each Array or Hash made once for all the values converted with `made`.
RubyValue to_ruby(const Value& value, RubyString::Owner strings, MadeObjects& made);

/// A Ruby value handed back to Puppet (a function's arguments): nil and :undef are undef,
/// :default is default, other symbols are strings, ranges their integers. Depth is bounded.
Value to_puppet(const RubyValue& value, int depth = 0);

}  // namespace marionette::compiler::erb
