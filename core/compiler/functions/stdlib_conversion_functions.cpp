// stdlib's conversions between booleans, numbers and strings: str2bool, bool2str, bool2num,
// num2bool, any2bool, convert_base, to_bytes, clamp.
#include <algorithm>
#include <cmath>
#include <regex>

#include "compiler/functions/stdlib_support.hpp"

namespace marionette::compiler {

namespace {

using stdlib::raise;
using Arguments = std::vector<Value>;

/// str2bool's reading of a string: nullopt for what it does not know.
std::optional<bool> string_truth(const std::string& text) {
  static const std::regex yes(R"(^(1|t|y|true|yes)$)", std::regex::icase | std::regex::multiline);
  static const std::regex no(R"(^(0|f|n|false|no)$)", std::regex::icase | std::regex::multiline);
  static const std::regex undefined(R"(^(undef|undefined)$)", std::regex::multiline);
  if (text.empty()) return false;
  if (std::regex_search(text, yes)) return true;
  if (std::regex_search(text, no) || std::regex_search(text, undefined)) return false;
  return std::nullopt;
}

bool str2bool_of(const CallContext& call, const Value& value) {
  if (value.is_boolean()) return value.boolean();
  if (!value.is_string()) raise(call, "str2bool(): Requires string to work with");
  std::optional<bool> truth = string_truth(value.string());
  if (!truth) raise(call, "str2bool(): Unknown type of boolean given");
  return *truth;
}

Value str2bool(CallContext& call) {
  Arguments args = stdlib::legacy_arguments(call.arguments);
  if (args.empty()) raise(call, "str2bool(): Wrong number of arguments given (0 for 1)");
  return str2bool_of(call, args[0]);
}

Value bool2num(CallContext& call) {
  Arguments args = stdlib::legacy_arguments(call.arguments);
  if (args.empty()) raise(call, "bool2num(): Wrong number of arguments given (0 for 1)");
  return static_cast<std::int64_t>(str2bool_of(call, args[0]) ? 1 : 0);
}

Value bool2str(CallContext& call) {
  Arguments args = stdlib::legacy_arguments(call.arguments);
  if (args.size() != 1 && args.size() != 3)
    raise(call, "bool2str(): Wrong number of arguments given (" + std::to_string(args.size()) +
                    " for 3)");
  if (!args[0].is_boolean()) raise(call, "bool2str(): Requires a boolean to work with");
  Value when_true = args.size() > 1 && truthy(args[1]) ? args[1] : Value("true");
  Value when_false = args.size() > 2 && truthy(args[2]) ? args[2] : Value("false");
  if (!when_true.is_string() || !when_false.is_string())
    raise(call, "bool2str(): Requires strings to convert to");
  return args[0].boolean() ? when_true : when_false;
}

/// Ruby's Float#to_i / Integer: towards zero.
bool positive_number(double number) {
  return static_cast<std::int64_t>(number) > 0;
}

bool num2bool_of(const CallContext& call, const Value& value) {
  if (value.is_number()) return positive_number(value.number());
  if (value.is_string()) {
    std::optional<double> number = stdlib::ruby_float(value.string());
    if (!number)
      raise(call, "num2bool(): '" + value.string() +
                      "' does not look like a number: invalid value for Float(): " +
                      ruby_inspect(value));
    return positive_number(*number);
  }
  return stdlib::ruby_to_i(ruby_to_s(value)) > 0;  // anything else: its to_s's to_i
}

Value num2bool(CallContext& call) {
  Arguments args = stdlib::legacy_arguments(call.arguments);
  if (args.size() != 1)
    raise(call, "num2bool(): Wrong number of arguments given (" + std::to_string(args.size()) +
                    " for 1)");
  return num2bool_of(call, args[0]);
}

/// any2bool(value): booleans as they are, numbers and numeric strings by num2bool, other strings
/// by str2bool, undef false, anything else true.
Value any2bool(CallContext& call) {
  Arguments args = stdlib::legacy_arguments(call.arguments);
  if (args.empty()) raise(call, "any2bool(): Wrong number of arguments given (0 for 1)");
  const Value& value = args[0];
  if (value.is_boolean()) return value;
  if (value.is_undef()) return false;
  if (value.is_number()) return num2bool_of(call, value);
  if (value.is_string()) {
    if (stdlib::ruby_float(value.string())) return num2bool_of(call, value);
    return str2bool_of(call, value);
  }
  return true;
}

Value convert_base(CallContext& call) {
  Arguments args = stdlib::legacy_arguments(call.arguments);
  if (args.size() < 2) raise(call, "wrong number of arguments (given " + std::to_string(args.size()) + ", expected 2)");
  static const std::regex digits(R"(^[0-9]+$)", std::regex::multiline);
  for (std::size_t i = 0; i < 2; ++i) {
    const Value& arg = args[i];
    if (!arg.is_integer() && !arg.is_string())
      raise(call, std::string("convert_base(): ") + (i ? "Second" : "First") +
                      " argument must be either a string or an integer");
  }
  for (std::size_t i = 0; i < 2; ++i)
    if (args[i].is_string() && !std::regex_search(args[i].string(), digits))
      raise(call, "convert_base(): First argument must be an integer or a string corresponding "
                  "to an integer in base 10");
  auto to_i = [](const Value& v) {
    return v.is_integer() ? v.integer() : stdlib::ruby_to_i(v.string());
  };
  std::int64_t number = to_i(args[0]), base = to_i(args[1]);
  if (base < 2 || base > 36)
    raise(call, "convert_base(): base must be at least 2 and must not be greater than 36");
  bool negative = number < 0;
  std::uint64_t magnitude = negative ? 0 - static_cast<std::uint64_t>(number)
                                     : static_cast<std::uint64_t>(number);
  std::string out;
  do {
    out += "0123456789abcdefghijklmnopqrstuvwxyz"[magnitude % static_cast<std::uint64_t>(base)];
    magnitude /= static_cast<std::uint64_t>(base);
  } while (magnitude);
  if (negative) out += '-';
  std::reverse(out.begin(), out.end());
  return out;
}

/// to_bytes('4 kB') = 4096: a number and an optional binary prefix (k, M, G, T, P, E).
Value to_bytes(CallContext& call) {
  Arguments args = stdlib::legacy_arguments(call.arguments);
  if (args.size() != 1)
    raise(call, "to_bytes(): Wrong number of arguments given (" + std::to_string(args.size()) +
                    " for 1)");
  if (args[0].is_number()) return args[0];
  std::string text = ruby_to_s(args[0]);
  static const std::regex form(R"(([0-9.e+-]*)\s*([^bB]?))");
  std::smatch m;
  std::regex_search(text, m, form);
  std::string number = m[1].str(), prefix = m[2].str();
  static const std::regex leading_float(R"(^[-+]?\d+(\.\d+)?([eE][-+]?\d+)?)");
  std::smatch f;
  double value =
      std::regex_search(number, f, leading_float) ? std::strtod(f[0].str().c_str(), nullptr) : 0.0;
  static const std::string prefixes = "kMGTPE";
  int shift = 0;
  if (!prefix.empty()) {
    std::size_t at = prefixes.find(prefix[0]);
    if (prefix.size() != 1 || at == std::string::npos)
      raise(call, "to_bytes(): Unknown prefix " + prefix);
    shift = 10 * static_cast<int>(at + 1);
  }
  double bytes = value * std::ldexp(1.0, shift);
  if (!std::isfinite(bytes) || std::fabs(bytes) >= 9.2e18)
    raise(call, "to_bytes(): the value is out of range");
  return static_cast<std::int64_t>(bytes);
}

/// clamp(min, value, max) in any order (arrays flattened): the middle one as an integer.
Value clamp(CallContext& call) {
  Arguments args;
  for (const Value& arg : stdlib::legacy_arguments(call.arguments)) {
    if (arg.is_array())
      args.insert(args.end(), arg.array().begin(), arg.array().end());
    else
      args.push_back(arg);
  }
  if (args.size() != 3) raise(call, "clamp(): Wrong number of arguments, need three to clamp");
  static const std::regex digits(R"(^\d+$)", std::regex::multiline);
  std::vector<std::int64_t> numbers;
  for (const Value& value : args) {
    if (value.is_string() && !std::regex_search(value.string(), digits))
      raise(call, "clamp(): Required explicit numeric (" + value.string() + ":String)");
    if (value.is_hash()) raise(call, "clamp(): The Hash type is not allowed (" + ruby_to_s(value) + ")");
    if (value.is_integer()) numbers.push_back(value.integer());
    else if (value.is_float()) numbers.push_back(static_cast<std::int64_t>(value.number()));
    else if (value.is_string()) numbers.push_back(stdlib::ruby_to_i(value.string()));
    else raise(call, "undefined method `to_i' for " + ruby_inspect(value));
  }
  std::sort(numbers.begin(), numbers.end());
  return numbers[1];
}

}  // namespace

void register_stdlib_conversion_functions(FunctionTable& table) {
  table.emplace_back("str2bool", str2bool);
  table.emplace_back("bool2str", bool2str);
  table.emplace_back("bool2num", bool2num);
  table.emplace_back("num2bool", num2bool);
  table.emplace_back("any2bool", any2bool);
  table.emplace_back("convert_base", convert_base);
  table.emplace_back("to_bytes", to_bytes);
  table.emplace_back("clamp", clamp);
}

}  // namespace marionette::compiler
