#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "compiler/value.hpp"
#include "lang/source_location.hpp"

namespace marionette::compiler {

/// Timestamps and Timespans count nanoseconds.
inline constexpr std::int64_t kNanosPerSecond = 1000000000;

/// Values of Puppet's rich types that are not plain data — SemVer, SemVerRange, Binary,
/// Timestamp, Timespan, Deferred — are held, like Sensitive, as a type named "#Kind" whose
/// parameters are the value's fields:
///   #SemVer [major, minor, patch, prerelease, build]   #SemVerRange [text]
///   #Binary [bytes]   #Timestamp [seconds, nanoseconds]   #Timespan [nanoseconds]
///   #Deferred [function name, arguments]
///   #Error [msg, kind, details, issue_code] (what get() gives its block when navigation fails)
///   #Iterator [items] (what reverse_each, step and tree_each give without a block)
///   #Resource [reference] (a Puppet::Resource, what stdlib::str2resource gives)
///   #Object [type, attributes] (an instance of an Object type: object_types.hpp)
Value make_runtime_value(std::string_view kind, std::vector<Value> fields);

/// A declared resource as a value (Puppet::Resource) for its reference (`File['/tmp/x']`): it
/// prints unquoted (`File[/tmp/x]`, in collections too), its type is the reference's
/// (`Type[File['/tmp/x']]`), it matches what the reference matches, and relationships and the
/// catalog take it as the reference.
Value make_resource_value(Value reference);

/// The reference a #Resource value stands for; any other value as it is.
const Value& as_reference(const Value& value);

/// An Iterator over the items (Puppet's Iterator[T]: each, map and the like take it, it is no
/// Array).
Value make_iterator(Array items);

/// An Iterator's items as an Array (what functions that map an Iterable give back); any other
/// value as it is.
Value iterator_as_array(Value value);

/// Is the value one of those (Sensitive excluded)? Of that kind ("SemVer")?
bool is_runtime_value(const Value& value);
bool is_runtime_value(const Value& value, std::string_view kind);

/// An Object-typed value's attribute, as `$error.issue_code` reads it (Error's msg, kind,
/// details, issue_code and message(); an Object type's instance's attributes); nullopt when the
/// value has no such attribute.
std::optional<Value> runtime_attribute(const Value& value, std::string_view name);

/// "SemVer" for a #SemVer value.
std::string runtime_type_name(const TypeValue& value);

/// Does the value belong to the type? Called when either is a runtime value; a SemVerRange
/// value used as a type matches the versions it includes.
bool runtime_value_matches(const Value& value, const TypeValue& type);

/// Orders two SemVers, Timestamps or Timespans; nullopt unless both are of one such kind.
std::optional<int> compare_runtime_values(const Value& a, const Value& b);

/// The value's type, as type() infers it: Timestamp['2024-...', '2024-...'], SemVer, ...
TypeValue runtime_value_type(const Value& value);

/// The value as Puppet prints it: "1.2.3-rc.1", "2024-02-29T12:34:56.500000000 UTC", ...
void append_runtime_value(const TypeValue& value, std::string& out);

}  // namespace marionette::compiler
