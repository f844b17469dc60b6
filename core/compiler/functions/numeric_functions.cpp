// Puppet's numeric functions: abs, floor, ceiling, round, max, min.
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <optional>
#include <regex>
#include <string>

#include "compiler/function_host.hpp"
#include "compiler/functions/function.hpp"
#include "compiler/functions/ruby_format.hpp"
#include "compiler/integer_range.hpp"
#include "compiler/operators.hpp"
#include "compiler/runtime_values.hpp"
#include "compiler/types.hpp"
#include "lang/diagnostic.hpp"

namespace marionette::compiler {

namespace {

/// The text Puppet 7's max/min read as a number: `-?\d+([._eE]\d+)?` ("10_0", "1e2", "-3.5").
bool spells_number(const std::string& text) {
  static const std::regex number(R"(-?\d+([._eE]\d+)?)");
  return std::regex_match(text, number);
}

/// Ruby's String#to_f of such a text: underscores between digits are dropped.
double spelled_value(const std::string& text) {
  std::string digits;
  for (char c : text)
    if (c != '_') digits += c;
  return std::strtod(digits.c_str(), nullptr);
}

/// Ruby's to_s of the value, which for a regexp is `(?-mix:pattern)`.
std::string to_s(const Value& value) {
  return value.is_regexp() ? "(?-mix:" + value.regexp().pattern + ")" : ruby_to_s(value);
}

template <typename T>
int order_of(const T& a, const T& b) {
  return a < b ? -1 : b < a ? 1 : 0;
}

/// Two texts as max/min order them: as numbers when both spell one (deprecated), else
/// byte by byte as Ruby's String#<=>.
int text_order(const std::string& a, const std::string& b) {
  if (spells_number(a) && spells_number(b)) return order_of(spelled_value(a), spelled_value(b));
  int order = a.compare(b);
  return order < 0 ? -1 : order > 0 ? 1 : 0;
}

/// How Puppet's max/min dispatch compares the values: all Numeric by value, all String as
/// texts, (Puppet 8) all SemVer, all Timespan or all Timestamp as such, otherwise (the Any
/// dispatch) each value by its Ruby to_s as a text.
enum class Ordering { numeric, text, runtime, any };

Ordering ordering_of(const std::vector<Value>& values, PuppetCompat compat) {
  auto all = [&](auto predicate) { return std::all_of(values.begin(), values.end(), predicate); };
  if (all([](const Value& v) { return v.is_number(); })) return Ordering::numeric;
  if (all([](const Value& v) { return v.is_string(); })) return Ordering::text;
  if (compat == PuppetCompat::puppet8)
    for (std::string_view kind : {"SemVer", "Timespan", "Timestamp"})
      if (all([&](const Value& v) { return is_runtime_value(v, kind); })) return Ordering::runtime;
  return Ordering::any;
}

int order_by(Ordering ordering, const Value& a, const Value& b) {
  switch (ordering) {
    case Ordering::numeric:
      if (a.is_integer() && b.is_integer()) return order_of(a.integer(), b.integer());
      return order_of(a.number(), b.number());
    case Ordering::text:
      return text_order(a.string(), b.string());
    case Ordering::runtime:
      return compare_runtime_values(a, b).value_or(0);
    case Ordering::any:
      break;
  }
  return text_order(to_s(a), to_s(b));
}

/// max(values...) / min(values...) as Puppet's dispatches: all Numeric or all String, one
/// Array (its elements, so typed), or with a block of two parameters that orders any values
/// (its result's sign); else any values ordered by their text, numbers when both spell one.
/// Ruby's Array#max/min: a value replaces the best so far only when strictly beyond it.
template <bool Greatest>
Value extreme(CallContext& call) {
  std::vector<Value> values = call.arguments;
  if (values.size() == 1 && values[0].is_array()) values = values[0].array();
  if (values.empty()) {
    if (call.lambda) return Value();
    call.fail("Wrong number of arguments need at least one");
  }
  const Ordering ordering = ordering_of(values, call.host.compat());
  auto order = [&](const Value& a, const Value& b) {
    if (!call.lambda) return order_by(ordering, a, b);
    Value result = call.host.call_lambda(*call.lambda, {a, b}, call.scope);
    if (!result.is_number()) return 0;
    return result.number() < 0 ? -1 : result.number() > 0 ? 1 : 0;
  };
  std::size_t best = 0;
  for (std::size_t i = 1; i < values.size(); ++i) {
    int o = order(values[i], values[best]);
    if (Greatest ? o > 0 : o < 0) best = i;
  }
  return values[best];
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
