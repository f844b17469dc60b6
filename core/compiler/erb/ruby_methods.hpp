#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "compiler/erb/ruby_value.hpp"

namespace marionette::compiler::erb {

using BlockFunction = std::function<RubyValue(RubyArray)>;

/// One call of a core method: `self.name(args) { block }`.
struct MethodCall {
  RubyValue& self;  ///< a string's bang methods and `<<` change it in place
  const std::string& name;
  RubyArray& args;
  const BlockFunction* block;  ///< nullptr when no block was given
  /// The last regexp match's groups ($~: $0, $1, ...), set by =~, match, sub and gsub.
  std::vector<RubyValue>& last_match;

  RubyValue yield(RubyArray values) const;
  /// Raises Ruby's ArgumentError unless min <= args <= max.
  void arity(std::size_t min, std::size_t max) const;
  bool has_block() const { return block != nullptr; }
  [[noreturn]] void no_method() const;
  [[noreturn]] void type_error(const RubyValue& given, const char* expected) const;
};

/// What the engine meets while rendering and cannot answer as Ruby would (a String of Puppet's
/// changed in place: Ruby changes Puppet's object or raises FrozenError as Puppet made it,
/// which the engine does not know; to_yaml of a value Psych writes with aliases or tags).
/// render_erb turns it into Unsupported (the template is then Ruby's); not a RubyError, so no
/// `rescue` of the template catches it.
struct BeyondTheEngine {
  std::string construct;
};

using Method = RubyValue (*)(MethodCall&);
using MethodTable = std::unordered_map<std::string_view, Method>;

/// The core method of that name for the receiver's class (then Object's), or nullptr.
Method find_method(const RubyValue& self, std::string_view name);
/// Does any class of the engine have a method of that name? (checked when a template is parsed)
bool is_known_method(std::string_view name);

// Each class's table, in its own file.
const MethodTable& object_methods();      ///< every value's (ruby_object_methods.cpp)
const MethodTable& number_methods();      ///< Integer and Float (ruby_object_methods.cpp)
const MethodTable& string_methods();      ///< ruby_string_methods.cpp
const MethodTable& array_methods();       ///< ruby_array_methods.cpp
const MethodTable& enumerable_methods();  ///< Array, Hash and Range (ruby_enumerable_methods.cpp)
const MethodTable& hash_methods();        ///< ruby_hash_methods.cpp

/// Helpers the tables share.
std::int64_t integer_argument(const RubyValue& value);
const std::string& string_argument(const RubyValue& value);
/// A Regexp argument, or a String one matched literally.
std::regex regex_of(const RubyValue& pattern);
/// The elements Enumerable methods go through: an array's items, a hash's [key, value]
/// pairs, a range's integers.
RubyArray elements_of(const RubyValue& value);
bool contains_value(const RubyArray& items, const RubyValue& value);  ///< by ==
RubyArray unique_values(const RubyArray& items);                      ///< by eql?, first kept
/// Sorts by <=>, or by the block's answer when one was given.
void sort_values(RubyArray& items, const MethodCall& c);
/// `first`, `first(n)`, `last`, `last(n)`.
RubyValue first_or_last(MethodCall& c);

}  // namespace marionette::compiler::erb
