#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "compiler/value.hpp"
#include "lang/ast/calls.hpp"
#include "lang/source_location.hpp"

namespace marionette::compiler {

class FunctionHost;
class Scope;

/// What a built-in function is called with.
struct CallContext {
  FunctionHost& host;  ///< the compilation that calls the function
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

/// Each functions/NAME.cpp whose name ends in _function or _functions defines
/// `void register_NAME(FunctionTable&)`, found by CMake and called by function.cpp.
using FunctionTable = std::vector<std::pair<std::string_view, Function>>;

}  // namespace marionette::compiler
