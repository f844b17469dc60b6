#pragma once

#include <string>
#include <string_view>

#include "compiler/value.hpp"

namespace marionette::compiler {

/// What a type alias stands for; the evaluator owns it, alias types point to it.
struct TypeAliasTarget {
  Value type;
};

/// Is `name` a data type (Integer, Optional, ...) rather than a resource type (File, Class)?
bool is_data_type_name(std::string_view name);

/// The data type's name as Puppet spells it, whatever the case it was written in (`Semver` is
/// SemVer); empty when it names no data type.
std::string_view canonical_data_type_name(std::string_view name);

/// `Name[parameters]` as Puppet normalises it: trailing `default`s dropped (Integer[1, default]
/// is Integer[1]).
TypeValue make_type(std::string name, std::vector<Value> parameters);

/// The type an alias stands for (through aliases of aliases); the type itself otherwise.
const TypeValue& resolved(const TypeValue& type);

/// Does the value belong to the type? (`5 =~ Integer[1, 10]`)
bool matches(const Value& value, const TypeValue& type);

/// Why the value does not match, worded as Puppet words it after "parameter 'x' ":
/// "expects an Integer value, got String".
std::string describe_mismatch(const TypeValue& type, const Value& value);
/// Every reason, as Puppet's TypeMismatchDescriber lists them: a Struct's entries that do not
/// match, its keys missing and its keys unknown, in that order; else describe_mismatch's one.
std::vector<std::string> describe_mismatches(const TypeValue& type, const Value& value);

/// The type of a value, generalised as Puppet names it in messages: String, Integer, Array...
std::string type_name_of(const Value& value);

/// Is every value of `from` also a value of `to`? (`Integer[1, 3] <= Integer`)
bool is_assignable(const TypeValue& from, const TypeValue& to);

/// `Integer[1, 10]`, `Array[String]`, `Port = Integer[1, 65535]`, as Puppet prints a type.
std::string type_to_string(const TypeValue& type);
void append_type(const TypeValue& type, std::string& out);

}  // namespace marionette::compiler
