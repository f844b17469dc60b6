// Puppet's comparison functions: compare, versioncmp.
#include <regex>

#include "compiler/functions/function.hpp"
#include "compiler/resource_table.hpp"
#include "compiler/runtime_values.hpp"
#include "compiler/types.hpp"
#include "lang/diagnostic.hpp"
#include "text/text.hpp"

namespace marionette::compiler {

namespace {

/// Puppet's name for a value's type in compare()'s errors: "Undef Value", "Semver", "Integer"...
std::string compare_label(const Value& value) {
  if (value.is_undef()) return "Undef Value";
  if (is_runtime_value(value, "SemVer")) return "Semver";
  return type_name_of(value);
}

bool is_time(const Value& value) {
  return is_runtime_value(value, "Timestamp") || is_runtime_value(value, "Timespan");
}

/// A Timestamp (since the epoch), a Timespan or a number of seconds, in nanoseconds; a Float
/// as a long double, exact enough to order.
long double nanoseconds_of(const Value& value) {
  const auto field = [&](std::size_t i) {
    const auto& fields = value.type().parameters;
    return i < fields.size() && fields[i].is_integer() ? fields[i].integer() : std::int64_t{0};
  };
  if (is_runtime_value(value, "Timestamp"))
    return static_cast<long double>(field(0)) * kNanosPerSecond + field(1);
  if (is_runtime_value(value, "Timespan")) return static_cast<long double>(field(0));
  if (value.is_integer()) return static_cast<long double>(value.integer()) * kNanosPerSecond;
  return static_cast<long double>(value.number()) * kNanosPerSecond;
}

/// Puppet's compare words its own errors, prefixed by the function's name.
[[noreturn]] void fail_compare(const CallContext& call, const std::string& message) {
  throw lang::SourceError("'compare' compare(): " + message, call.where);
}

template <typename T>
std::int64_t order_of(const T& a, const T& b) {
  return a < b ? -1 : b < a ? 1 : 0;
}

/// compare(a, b, ignore_case = true): -1, 0 or 1, as Puppet's: Numerics, Strings (ASCII case
/// folded unless told), Semvers, Timestamps and Timespans (also against seconds as Numeric).
Value compare_values(CallContext& call) {
  if (call.arguments.size() > 3)
    fail_compare(call, "Accepts at most 3 arguments, got " + std::to_string(call.arguments.size()));
  call.expect_arguments(2, 3);
  const Value& a = call.arguments[0];
  const Value& b = call.arguments[1];
  if (a.is_string() && b.is_string()) {
    bool ignore_case = call.arguments.size() < 3 || truthy(call.arguments[2]);
    std::string left = ignore_case ? text::lowercase(a.string()) : a.string();
    std::string right = ignore_case ? text::lowercase(b.string()) : b.string();
    return order_of(left, right);
  }
  if (call.arguments.size() == 3 && call.arguments[2].is_boolean())
    fail_compare(call, "The third argument (ignore case) can only be used when comparing strings");
  if (a.is_integer() && b.is_integer()) return order_of(a.integer(), b.integer());
  if (a.is_number() && b.is_number()) return order_of(a.number(), b.number());
  if (auto order = compare_runtime_values(a, b)) return static_cast<std::int64_t>(*order);
  if ((is_time(a) && b.is_number()) || (a.is_number() && is_time(b)))
    return order_of(nanoseconds_of(a), nanoseconds_of(b));
  const auto comparable = [](const Value& v) {
    return v.is_number() || v.is_string() || is_runtime_value(v, "SemVer") || is_time(v);
  };
  const std::string got = ". Got " + compare_label(a) + " and " + compare_label(b);
  if (!comparable(a) || !comparable(b))
    fail_compare(
        call,
        "Non comparable type. Only values of the types Numeric, String, Semver, Timestamp and "
        "Timestamp can be compared" +
            got);
  fail_compare(call,
               "Can only compare values of the same type (or for Timestamp/Timespan also against "
               "Numeric)" +
                   got);
}

/// Puppet's versioncmp: segments of digits, non-digits and separators compared in turn.
int compare_versions(const std::string& a, const std::string& b) {
  static const std::regex segment(R"([-.]|\d+|[^-.\d]+)");
  auto split = [](const std::string& text) {
    std::vector<std::string> out;
    for (std::sregex_iterator it(text.begin(), text.end(), segment), end; it != end; ++it)
      out.push_back(it->str());
    return out;
  };
  auto upper = [](std::string t) {
    for (char& c : t) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return t;
  };
  auto order = [](const auto& x, const auto& y) { return x < y ? -1 : (y < x ? 1 : 0); };
  auto digits = [](const std::string& t) {
    return !t.empty() && std::all_of(t.begin(), t.end(), [](char c) {
      return std::isdigit(static_cast<unsigned char>(c));
    });
  };
  std::vector<std::string> xs = split(a), ys = split(b);
  for (std::size_t i = 0; i < xs.size() && i < ys.size(); ++i) {
    const std::string &x = xs[i], &y = ys[i];
    if (x == y) continue;
    if (x == "-") return -1;
    if (y == "-") return 1;
    if (x == ".") return -1;
    if (y == ".") return 1;
    if (digits(x) && digits(y)) {
      if (x[0] == '0' || y[0] == '0') return order(upper(x), upper(y));
      // As Ruby's Integers, of any size (stoull threw past 64 bits): without leading zeros, the
      // longer is the larger, else the digits decide.
      return x.size() != y.size() ? order(x.size(), y.size()) : order(x, y);
    }
    return order(upper(x), upper(y));
  }
  return order(a, b);
}

/// What versioncmp's ignore_trailing_zeroes compares: the part before the first '-' without
/// its trailing dots and zeros ("1.0.0" is "1", and, as in Puppet, "1.10" is "1.1").
std::string without_trailing_zeroes(const std::string& version) {
  std::vector<std::string> parts;
  for (std::size_t start = 0;;) {
    std::size_t dash = version.find('-', start);
    parts.push_back(version.substr(start, dash - start));
    if (dash == std::string::npos) break;
    start = dash + 1;
  }
  while (!parts.empty() && parts.back().empty()) parts.pop_back();  // Ruby's split
  if (parts.empty()) return "";
  std::size_t end = parts[0].find_last_not_of(".0");
  parts[0].erase(end == std::string::npos ? 0 : end + 1);
  std::string out;
  for (std::size_t i = 0; i < parts.size(); ++i) out += (i ? "-" : "") + parts[i];
  return out;
}

/// versioncmp(String a, String b, Boolean ignore_trailing_zeroes = false).
Value versioncmp(CallContext& call) {
  call.expect_arguments(2, 3);
  static constexpr const char* kNames[] = {"a", "b", "ignore_trailing_zeroes"};
  for (std::size_t i = 0; i < call.arguments.size(); ++i) {
    const Value& argument = call.arguments[i];
    if (i < 2 ? argument.is_string() : argument.is_boolean()) continue;
    throw lang::SourceError("'versioncmp' parameter '" + std::string(kNames[i]) + "' expects " +
                                (i < 2 ? "a String" : "a Boolean") + " value, got " +
                                type_name_of(argument),
                            call.where);
  }
  std::string a = call.arguments[0].string(), b = call.arguments[1].string();
  if (call.arguments.size() > 2 && call.arguments[2].boolean()) {
    a = without_trailing_zeroes(a);
    b = without_trailing_zeroes(b);
  }
  return static_cast<std::int64_t>(compare_versions(a, b));
}

}  // namespace

void register_comparison_functions(FunctionTable& table) {
  table.emplace_back("compare", compare_values);
  table.emplace_back("versioncmp", versioncmp);
}

}  // namespace marionette::compiler
