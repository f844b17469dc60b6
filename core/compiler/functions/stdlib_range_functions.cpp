// stdlib's range() and values_at(): Ruby ranges of integers and of strings (String#succ:
// 'host01'..'host04', 'a'..'e'), and picking array elements by indices and index ranges.
#include <limits>
#include <regex>

#include "compiler/functions/stdlib_support.hpp"

namespace marionette::compiler {

namespace {

using stdlib::raise;
using Arguments = std::vector<Value>;

/// A run of digits as a number, saturated (Ruby's integers have no limit; arrays do).
std::int64_t digits_value(const std::string& digits) {
  if (digits.size() > 18) return std::numeric_limits<std::int64_t>::max() / 2;
  return std::stoll(digits);
}

/// Ruby caps what range() returns at a million elements (`first(1_000_000)`).
constexpr std::size_t kMaxRange = 1'000'000;

/// Ruby's String#succ for ASCII text: the rightmost letter or digit incremented, carrying to
/// the left ('az' -> 'ba', 'Zz' -> 'AAa', 'a9' -> 'b0'); without any, the last character.
std::string successor(std::string text) {
  if (text.empty()) return text;
  auto alnum = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0; };
  std::ptrdiff_t at = static_cast<std::ptrdiff_t>(text.size()) - 1;
  while (at >= 0 && !alnum(text[static_cast<std::size_t>(at)])) --at;
  if (at < 0) {
    text.back() = static_cast<char>(text.back() + 1);
    return text;
  }
  while (true) {
    char& c = text[static_cast<std::size_t>(at)];
    char carry = 0;
    if (c == 'z') c = 'a', carry = 'a';
    else if (c == 'Z') c = 'A', carry = 'A';
    else if (c == '9') c = '0', carry = '1';
    else {
      ++c;
      return text;
    }
    std::ptrdiff_t left = at - 1;
    while (left >= 0 && !alnum(text[static_cast<std::size_t>(left)])) --left;
    if (left < 0) {
      text.insert(static_cast<std::size_t>(at), 1, carry);
      return text;
    }
    at = left;
  }
}

/// Ruby's String#upto(stop, exclusive), every `step`th value.
Array string_range(const std::string& start, const std::string& stop, bool exclusive,
                   std::int64_t step) {
  Array out;
  if (start.size() == 1 && stop.size() == 1) {  // single characters: by code
    for (int c = static_cast<unsigned char>(start[0]), i = 0;
         exclusive ? c < static_cast<unsigned char>(stop[0]) : c <= static_cast<unsigned char>(stop[0]);
         ++c, ++i)
      if (i % step == 0) out.push_back(std::string(1, static_cast<char>(c)));
    return out;
  }
  if (start > stop && start.size() == stop.size()) return out;
  if (start.size() > stop.size()) return out;
  std::string current = start;
  for (std::int64_t i = 0; out.size() < kMaxRange; ++i) {
    if (exclusive && current == stop) break;
    if (i % step == 0) out.push_back(current);
    if (current == stop) break;
    current = successor(current);
    if (current.size() > stop.size()) break;
  }
  return out;
}

/// range('a', 'e'), range(1, 10, 3), range('host01..host04'), range('1...5').
Value range(CallContext& call) {
  Arguments args = stdlib::legacy_arguments(call.arguments);
  if (args.empty()) raise(call, "range(): Wrong number of arguments given (0 for 1)");
  Value start, stop;
  std::int64_t step = 1;
  bool exclusive = false;
  if (args.size() > 1) {
    start = args[0];
    stop = args[1];
    if (args.size() > 2 && !args[2].is_undef()) {
      const Value& given = args[2];
      std::int64_t n = given.is_integer() ? given.integer()
                       : given.is_float() ? static_cast<std::int64_t>(given.number())
                                          : stdlib::ruby_integer(ruby_to_s(given)).value_or(0);
      step = n < 0 ? -n : n;
    }
    if (step == 0)
      raise(call, "range(): 3rd arg (step size) must be a non zero integer (e.g. 1 or -1)");
  } else {
    std::string text = ruby_to_s(args[0]);
    static const std::regex form(R"(^(\w+)(\.\.\.?|\-)(\w+)$)");
    std::smatch m;
    if (!std::regex_match(text, m, form))
      raise(call, text.empty() ? "range(): Unknown range format: " + text
                               : "range(): Unable to compute range from the value: " + text);
    start = Value(m[1].str());
    stop = Value(m[3].str());
    exclusive = m[2].str() == "...";
  }
  std::string first = ruby_to_s(start), last = ruby_to_s(stop);
  static const std::regex digits(R"(^\d+$)", std::regex::multiline);
  if (!std::regex_search(first, digits)) return string_range(first, last, exclusive, step);
  auto to_i = [](const Value& value, const std::string& text) -> std::int64_t {
    if (value.is_integer()) return value.integer();
    if (value.is_float()) return static_cast<std::int64_t>(value.number());
    return stdlib::ruby_to_i(text);
  };
  std::int64_t from = to_i(start, first), to = to_i(stop, last);
  Array out;
  for (std::int64_t n = from; (exclusive ? n < to : n <= to) && out.size() < kMaxRange; n += step)
    out.push_back(n);
  return out;
}

Value values_at(CallContext& call) {
  Arguments args = stdlib::legacy_arguments(call.arguments);
  if (args.size() < 2)
    raise(call, "values_at(): Wrong number of arguments given (" + std::to_string(args.size()) +
                    " for 2)");
  if (!args[0].is_array()) raise(call, "values_at(): Requires array to work with");
  const Array& array = args[0].array();
  auto size = static_cast<std::int64_t>(array.size());
  Array indices = args[1].is_array() ? args[1].array() : Array{args[1]};
  if (indices.empty())
    raise(call, "values_at(): You must provide at least one positive index to collect");
  std::vector<std::int64_t> picked;
  static const std::regex span(R"(^(\d+)(\.\.\.?|\-)(\d+)$)");
  static const std::regex number(R"(^\d+$)");
  for (const Value& index : indices) {
    std::string text = ruby_to_s(index);
    std::smatch m;
    if (std::regex_match(text, m, span)) {
      std::int64_t from = digits_value(m[1].str()), to = digits_value(m[3].str());
      if (from > to)
        raise(call, "values_at(): Stop index in given indices range is smaller than the start "
                    "index");
      if (to > size - 1)
        raise(call, "values_at(): Stop index in given indices range exceeds array size");
      if (m[2].str() == "...") --to;
      for (std::int64_t i = from; i <= to; ++i) picked.push_back(i);
      continue;
    }
    if (!std::regex_match(text, number))
      raise(call, "values_at(): Unknown format of given index");
    std::int64_t i = digits_value(text);
    if (i > size - 1) raise(call, "values_at(): Given index exceeds array size");
    picked.push_back(i);
  }
  Array out;
  for (std::int64_t i : picked)
    if (!array[static_cast<std::size_t>(i)].is_undef()) out.push_back(array[static_cast<std::size_t>(i)]);
  return out;
}

}  // namespace

void register_stdlib_range_functions(FunctionTable& table) {
  table.emplace_back("range", range);
  table.emplace_back("values_at", values_at);
}

}  // namespace marionette::compiler
