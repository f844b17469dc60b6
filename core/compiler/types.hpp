#pragma once

#include <string>
#include <string_view>

#include "compiler/value.hpp"

namespace marionette::compiler {

/// Is `name` a data type (Integer, Optional, ...) rather than a resource type (File, Class)?
bool is_data_type_name(std::string_view name);

/// Does the value belong to the type? (`5 =~ Integer[1, 10]`)
bool matches(const Value& value, const TypeValue& type);

/// Why the value does not match, worded as Puppet words it after "parameter 'x' ":
/// "expects an Integer value, got String".
std::string describe_mismatch(const TypeValue& type, const Value& value);

/// The type of a value, generalised as Puppet names it in messages: String, Integer, Array...
std::string type_name_of(const Value& value);

/// Is every value of `from` also a value of `to`? (`Integer[1, 3] <= Integer`)
bool is_assignable(const TypeValue& from, const TypeValue& to);

/// `Integer[1, 10]`, `Array[String]`, as Puppet prints a type.
std::string type_to_string(const TypeValue& type);

}  // namespace marionette::compiler
