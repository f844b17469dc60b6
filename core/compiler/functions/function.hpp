#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "compiler/value.hpp"
#include "lang/ast/calls.hpp"
#include "lang/source_location.hpp"

namespace marionette::compiler {

class Evaluator;
class Scope;

/// What a built-in function is called with.
struct CallContext {
  Evaluator& evaluator;
  Scope& scope;
  const std::string& name;
  std::vector<Value>& arguments;
  const lang::ast::Lambda* lambda;  ///< nullptr when none was given
  const lang::SourceLocation& where;

  /// Throws "name(): message" at the call, as Puppet words errors of functions.
  [[noreturn]] void fail(const std::string& message) const;
  /// Throws unless the number of arguments is within [min, max].
  void expect_arguments(std::size_t min, std::size_t max) const;
  void expect_lambda() const;
};

using Function = Value (*)(CallContext&);

/// The elements Puppet iterates a value by, as Puppet 7.23 does: an array's items, a hash's
/// [key, value] pairs, a string's characters, 0 to n - 1 for an integer n >= 0, an Integer
/// range's or an Enum's values; nothing when the value is not Iterable.
std::optional<Array> iterable_elements(const Value& value);

/// The built-in function of that name, or nullptr.
Function find_function(std::string_view name);

/// Each file of functions/ registers its functions here.
using FunctionTable = std::vector<std::pair<std::string_view, Function>>;
void register_catalog_functions(FunctionTable& table);     // include, require, contain, defined
void register_logging_functions(FunctionTable& table);     // notice, warning, fail, ...
void register_string_functions(FunctionTable& table);      // join, split, upcase, ...
void register_type_functions(FunctionTable& table);        // assert_type, type constructors
void register_iteration_functions(FunctionTable& table);   // each, map, filter, reduce, ...
void register_text_functions(FunctionTable& table);        // strip, regsubst, versioncmp, ...
void register_sprintf_function(FunctionTable& table);      // sprintf
void register_collection_functions(FunctionTable& table);  // unique, flatten, dig, max, type...
void register_digest_functions(FunctionTable& table);      // md5, sha1, sha256, fqdn_rand
void register_lookup_functions(FunctionTable& table);      // lookup, hiera, hiera_array, ...
void register_template_functions(FunctionTable& table);    // epp, inline_epp, file, Sensitive
void register_data_functions(FunctionTable& table);     // compare, get, getvar, group_by, then...
void register_new_function(FunctionTable& table);       // new (Type.new)
void register_semver_functions(FunctionTable& table);   // SemVer, SemVerRange
void register_binary_function(FunctionTable& table);    // Binary
void register_time_functions(FunctionTable& table);     // Timestamp, Timespan
void register_strftime_function(FunctionTable& table);  // strftime
void register_deferred_function(FunctionTable& table);  // Deferred
void register_tree_each_function(FunctionTable& table);

}  // namespace marionette::compiler
