// Puppet's numeric functions: abs, floor, ceiling, round, max, min.
#include <cmath>
#include <optional>
#include <regex>
#include <string>

#include "compiler/functions/function.hpp"
#include "compiler/integer_range.hpp"
#include "compiler/operators.hpp"
#include "compiler/types.hpp"
#include "lang/diagnostic.hpp"

namespace marionette::compiler {

namespace {

/// A string that reads as a number counts as that number in max/min (Puppet 7, deprecated).
std::optional<double> as_number(const Value& value) {
  if (value.is_number()) return value.number();
  if (!value.is_string() || value.string().empty()) return std::nullopt;
  try {
    std::size_t used = 0;
    double number = std::stod(value.string(), &used);
    if (used == value.string().size()) return number;
  } catch (...) {
  }
  return std::nullopt;
}

int extreme_order(const Value& a, const Value& b, const lang::SourceLocation& where) {
  auto x = as_number(a), y = as_number(b);
  if (x && y) return *x < *y ? -1 : *x > *y ? 1 : 0;
  if (a.is_string() && b.is_string()) return a.string().compare(b.string());
  return compare(a, b, where);
}

/// max(values...) / min(values...): numbers compare by value, otherwise as strings.
template <bool Greatest>
Value extreme(CallContext& call) {
  if (call.arguments.empty()) call.fail("Wrong number of arguments need at least one");
  std::vector<Value> values = call.arguments;
  if (values.size() == 1 && values[0].is_array()) values = values[0].array();
  if (values.empty()) return Value();
  Value best = values[0];
  for (std::size_t i = 1; i < values.size(); ++i) {
    int order = extreme_order(values[i], best, call.where);
    if (Greatest ? order > 0 : order < 0) best = values[i];
  }
  return best;
}

/// Puppet's signature error for a value none of the function's parameter types take.
[[noreturn]] void fail_parameter(const CallContext& call, const std::string& expected) {
  const Value& value = call.arguments[0];
  const std::string got = value.is_array()  ? "Tuple"
                          : value.is_hash() ? "Struct"
                                            : type_name_of(value);
  throw lang::SourceError(
      "'" + call.name + "' parameter 'val' expects " + expected + ", got " + got, call.where);
}

/// Ruby's Float() of a string: a decimal number (an exponent allowed) or 0x…; nullopt otherwise.
std::optional<double> ruby_float(const std::string& text) {
  static const std::regex decimal(R"(\s*[+-]?(\d+(_\d+)*)(\.\d+(_\d+)*)?([eE][+-]?\d+)?\s*)");
  static const std::regex hex(R"(\s*[+-]?0[xX][0-9a-fA-F]+\s*)");
  if (std::regex_match(text, hex)) return static_cast<double>(std::stoll(text, nullptr, 16));
  if (!std::regex_match(text, decimal)) return std::nullopt;
  std::string digits;
  for (char c : text)
    if (c != '_') digits += c;
  return std::stod(digits);
}

/// floor's and ceiling's argument: a Numeric, or a String Ruby's Float() reads.
double number_argument(CallContext& call) {
  call.expect_arguments(1, 1);
  const Value& value = call.arguments[0];
  if (value.is_number()) return value.number();
  if (!value.is_string()) fail_parameter(call, "a value of type Numeric or String");
  if (auto number = ruby_float(value.string())) return *number;
  call.fail("cannot convert given value to a floating point value.");
}

Value abs(CallContext& call) {
  call.expect_arguments(1, 1);
  const Value& value = call.arguments[0];
  if (value.is_integer()) {
    std::int64_t n = value.integer();
    return n < 0 ? negated(n, "abs()", call.where) : n;
  }
  if (value.is_float()) return std::fabs(value.number());
  if (!value.is_string()) fail_parameter(call, "a value of type Numeric or String");
  // Puppet 7 takes a string of decimal digits, with one fraction at most.
  static const std::regex integer(R"(-?\d+)"), decimal(R"(-?\d+\.\d+)");
  const std::string& text = value.string();
  if (std::regex_match(text, decimal)) return std::fabs(std::stod(text));
  if (std::regex_match(text, integer)) {
    __int128 n = 0;
    for (char c : text)
      if (c != '-' && n < (static_cast<__int128>(1) << 100)) n = n * 10 + (c - '0');
    return integer_in_range(n, "abs()", call.where);
  }
  call.fail("Requires float or integer to work with - was given non decimal string");
}

Value floor(CallContext& call) {
  return integer_from_float(std::floor(number_argument(call)), "floor()", call.where);
}

Value ceiling(CallContext& call) {
  return integer_from_float(std::ceil(number_argument(call)), "ceiling()", call.where);
}

Value round(CallContext& call) {  // half away from zero
  call.expect_arguments(1, 1);
  if (!call.arguments[0].is_number()) fail_parameter(call, "a Numeric value");
  return integer_from_float(std::round(call.arguments[0].number()), "round()", call.where);
}

}  // namespace

void register_numeric_functions(FunctionTable& table) {
  table.emplace_back("max", extreme<true>);
  table.emplace_back("min", extreme<false>);
  table.emplace_back("abs", abs);
  table.emplace_back("floor", floor);
  table.emplace_back("ceiling", ceiling);
  table.emplace_back("round", round);
}

}  // namespace marionette::compiler
