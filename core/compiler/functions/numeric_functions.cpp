// Puppet's numeric functions: abs, floor, ceiling, round, max, min.
#include <cmath>
#include <optional>

#include "compiler/functions/function.hpp"
#include "compiler/integer_range.hpp"
#include "compiler/operators.hpp"
#include "compiler/types.hpp"

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

double number_argument(CallContext& call) {
  call.expect_arguments(1, 1);
  const Value& value = call.arguments[0];
  if (value.is_number()) return value.number();
  try {
    return std::stod(to_string(value));
  } catch (...) {
    call.fail("expects a Numeric value, got " + type_name_of(value));
  }
}

Value abs(CallContext& call) {
  call.expect_arguments(1, 1);
  if (call.arguments[0].is_integer()) {
    std::int64_t value = call.arguments[0].integer();
    return value < 0 ? negated(value, "abs()", call.where) : value;
  }
  return std::fabs(number_argument(call));
}

Value floor(CallContext& call) {
  return integer_from_float(std::floor(number_argument(call)), "floor()", call.where);
}

Value ceiling(CallContext& call) {
  return integer_from_float(std::ceil(number_argument(call)), "ceiling()", call.where);
}

Value round(CallContext& call) {  // half away from zero
  return integer_from_float(std::round(number_argument(call)), "round()", call.where);
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
