// Puppet's comparison functions: compare, versioncmp.
#include <regex>

#include "compiler/functions/function.hpp"
#include "compiler/resource_table.hpp"
#include "compiler/types.hpp"
#include "lang/diagnostic.hpp"
#include "text/text.hpp"

namespace marionette::compiler {

namespace {

/// compare(a, b, ignore_case = true): -1, 0 or 1.
Value compare_values(CallContext& call) {
  call.expect_arguments(2, 3);
  const Value& a = call.arguments[0];
  const Value& b = call.arguments[1];
  bool ignore_case = call.arguments.size() < 3 || truthy(call.arguments[2]);
  if (a.is_string() && b.is_string()) {
    std::string left = ignore_case ? text::lowercase(a.string()) : a.string();
    std::string right = ignore_case ? text::lowercase(b.string()) : b.string();
    return static_cast<std::int64_t>(left < right ? -1 : left > right ? 1 : 0);
  }
  if (a.is_number() && b.is_number()) {
    double left = a.number(), right = b.number();
    return static_cast<std::int64_t>(left < right ? -1 : left > right ? 1 : 0);
  }
  call.fail("Can only compare values of the same type, got " + type_name_of(a) + " and " +
            type_name_of(b));
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
