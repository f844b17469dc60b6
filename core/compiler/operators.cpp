#include "compiler/operators.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <optional>
#include <string>
#include <string_view>

#include "compiler/functions/ruby_format.hpp"
#include "compiler/integer_range.hpp"
#include "compiler/runtime_values.hpp"
#include "compiler/time_arithmetic.hpp"
#include "compiler/types.hpp"
#include "lang/diagnostic.hpp"
#include "rubyish/regex.hpp"

namespace marionette::compiler {

using lang::ast::BinaryOp;

namespace {

[[noreturn]] void fail(const std::string& message, const lang::SourceLocation& where) {
  throw lang::SourceError(message, where);
}

bool is_blank(char c) {
  return c == ' ' || c == '\t';
}

}  // namespace

std::optional<Value> spelled_number(std::string_view text) {
  if (text.starts_with("::")) text.remove_prefix(2);
  while (!text.empty() && is_blank(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_blank(text.back())) text.remove_suffix(1);
  bool negative = false;
  if (!text.empty() && (text[0] == '-' || text[0] == '+')) {
    negative = text[0] == '-';
    text.remove_prefix(1);
    while (!text.empty() && is_blank(text.front())) text.remove_prefix(1);
  }
  auto digits = [](std::string_view s, int base) {
    if (s.empty()) return false;
    for (char c : s)
      if (!(base == 16 ? std::isxdigit(static_cast<unsigned char>(c)) : std::isdigit(c)))
        return false;
    return true;
  };
  auto integer = [&](std::string_view s, int base) -> std::optional<Value> {
    std::int64_t value = 0;
    auto [end, error] = std::from_chars(s.data(), s.data() + s.size(), value, base);
    if (error != std::errc() || end != s.data() + s.size()) return std::nullopt;
    return Value(negative ? -value : value);
  };
  if (text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X'))
    return digits(text.substr(2), 16) ? integer(text.substr(2), 16) : std::nullopt;
  std::size_t whole = 0;
  while (whole < text.size() && std::isdigit(static_cast<unsigned char>(text[whole]))) ++whole;
  if (whole == 0) return std::nullopt;
  std::string_view rest = text.substr(whole);
  if (rest.empty()) {  // Ruby's Integer(): a leading 0 is octal, and `08` is no number
    if (text.size() > 1 && text[0] == '0')
      return text.find_first_of("89") == std::string_view::npos ? integer(text.substr(1), 8)
                                                                : std::nullopt;
    return integer(text, 10);
  }
  std::size_t at = 0;
  if (rest[at] == '.') {
    std::size_t start = ++at;
    while (at < rest.size() && std::isdigit(static_cast<unsigned char>(rest[at]))) ++at;
    if (at == start) return std::nullopt;
  }
  if (at < rest.size() && (rest[at] == 'e' || rest[at] == 'E')) {
    if (++at < rest.size() && rest[at] == '-') ++at;
    std::size_t start = at;
    while (at < rest.size() && std::isdigit(static_cast<unsigned char>(rest[at]))) ++at;
    if (at == start) return std::nullopt;
  }
  if (at != rest.size()) return std::nullopt;
  std::string_view integral = text.substr(0, whole);
  // As Puppet: a zero raised to a power stays no number (`0e1`); `08.5` fails Integer("08").
  if (integral.size() > 1 && integral[0] == '0' &&
      integral.find_first_of("89") != std::string_view::npos)
    return std::nullopt;
  bool zero = integral.find_first_not_of('0') == std::string_view::npos;
  std::string_view fraction = rest.substr(0, rest.find_first_of("eE"));
  if (zero && rest.find_first_of("eE") != std::string_view::npos &&
      fraction.find_first_not_of(".0") == std::string_view::npos)
    return std::nullopt;
  double value = std::strtod(std::string(text).c_str(), nullptr);
  if (std::isinf(value)) return std::nullopt;
  return Value(negative ? -value : value);
}

namespace {

/// Numbers, or strings that spell a number ('1' + 1 is 2 in Puppet, which says so as `strict`
/// tells); anything else is refused with its Ruby text ('' for undef, [10] for an array).
Value numeric(const Value& value, const lang::SourceLocation& where, Strict coercion) {
  if (value.is_number()) return value;
  if (value.is_string()) {
    if (auto number = spelled_number(value.string())) {
      strict_issue(coercion,
                   "The string '" + value.string() +
                       "' was automatically coerced to the numerical value " + ruby_to_s(*number),
                   where);
      return *number;
    }
    fail("The value '" + value.string() + "' cannot be converted to Numeric.", where);
  }
  fail("The value '" + ruby_to_s(value) + "' cannot be converted to Numeric.", where);
}

/// Puppet's OPERATOR_NOT_APPLICABLE(_WHEN) for an integer-only operator given a float.
[[noreturn]] void integers_only(const char* spelled, const Value& left, const Value& /*right*/,
                                const lang::SourceLocation& where) {
  if (left.is_float())
    fail(std::string("Operator '") + spelled + "' is not applicable to a Float.", where);
  fail(std::string("Operator '") + spelled +
           "' is not applicable to an Integer when right side is a Float.",
       where);
}

/// Ruby's Integer division and modulo floor (-7 / 2 is -4, -7 % 2 is 1).
__int128 wide_floor_divide(__int128 a, __int128 b) {
  __int128 q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
  return q;
}

__int128 wide_floor_modulo(__int128 a, __int128 b) {
  __int128 r = a % b;
  if (r != 0 && ((r < 0) != (b < 0))) r += b;
  return r;
}

/// Puppet names the operand at fault: the one that is no number, or the left one of `%`.
Value arithmetic(BinaryOp op, const Value& l, const Value& r, const lang::SourceLocation& where,
                 const Operands& operands) {
  const lang::SourceLocation& left_where = operands.left ? *operands.left : where;
  const lang::SourceLocation& right_where = operands.right ? *operands.right : where;
  if (is_time(l) || is_time(r)) {
    Value a = is_time(l) ? l : numeric(l, left_where, operands.coercion);
    Value b = is_time(r) ? r : numeric(r, right_where, operands.coercion);
    return *time_arithmetic(op, std::move(a), std::move(b), {where, left_where, right_where});
  }
  Value a = numeric(l, left_where, operands.coercion);
  Value b = numeric(r, right_where, operands.coercion);
  if (a.is_integer() && b.is_integer()) {
    // Exact in 128 bits, then held to Puppet's 64-bit Integer range as Puppet does.
    __int128 x = a.integer(), y = b.integer();
    auto what = [op] { return "A '" + std::string(lang::ast::spelling(op)) + "' expression"; };
    auto fit = [&](__int128 result) -> Value {
      if (result >= std::numeric_limits<std::int64_t>::min() &&
          result <= std::numeric_limits<std::int64_t>::max())
        return static_cast<std::int64_t>(result);
      return integer_in_range(result, what(), where);  // fails
    };
    switch (op) {
      case BinaryOp::Plus:
        return fit(x + y);
      case BinaryOp::Minus:
        return fit(x - y);
      case BinaryOp::Multiply:
        return fit(x * y);
      case BinaryOp::Divide:
        if (y == 0) fail("Division by 0", right_where);
        return fit(wide_floor_divide(x, y));
      case BinaryOp::Modulo:
        if (y == 0) fail("Division by 0", right_where);
        return fit(wide_floor_modulo(x, y));
      case BinaryOp::LeftShift:
        return shift_left(a.integer(), y, what(), where);
      case BinaryOp::RightShift:
        return shift_left(a.integer(), -y, what(), where);
      default:
        break;
    }
  }
  double x = a.number(), y = b.number();
  double result = 0;
  switch (op) {
    case BinaryOp::Plus:
      result = x + y;
      break;
    case BinaryOp::Minus:
      result = x - y;
      break;
    case BinaryOp::Multiply:
      result = x * y;
      break;
    case BinaryOp::Divide:
      result = x / y;  // 0.0 / 0.0 is NaN, which Puppet lets through
      break;
    case BinaryOp::Modulo:
      integers_only("%", a, b, left_where);
    case BinaryOp::LeftShift:
      integers_only("<<", a, b, left_where);
    case BinaryOp::RightShift:
      integers_only(">>", a, b, left_where);
    default:
      fail("Operator is not applicable to Float values", where);
  }
  if (std::isinf(result))
    fail("The result of the " + std::string(lang::ast::spelling(op)) + " expression is Infinity",
         left_where);
  return result;
}

Value array_operation(BinaryOp op, const Array& left, const Value& right) {
  Array out = left;
  if (op == BinaryOp::LeftShift) {
    out.push_back(right);
  } else if (op == BinaryOp::Plus) {
    if (right.is_array()) {
      out.insert(out.end(), right.array().begin(), right.array().end());
    } else if (right.is_hash()) {
      for (const auto& [k, v] : right.hash()) out.push_back(Array{k, v});
    } else {
      out.push_back(right);
    }
  } else if (right.is_hash()) {  // Minus: a hash's [key, value] pairs
    auto removed = [&](const Value& item) {
      return item.is_array() && item.array().size() == 2 &&
             std::any_of(right.hash().begin(), right.hash().end(), [&](const auto& entry) {
               return equals(item.array()[0], entry.first) &&
                      equals(item.array()[1], entry.second);
             });
    };
    out.erase(std::remove_if(out.begin(), out.end(), removed), out.end());
  } else {  // Minus
    auto removed = [&](const Value& item) {
      if (right.is_array())
        return std::any_of(right.array().begin(), right.array().end(),
                           [&](const Value& r) { return equals(item, r); });
      return equals(item, right);
    };
    out.erase(std::remove_if(out.begin(), out.end(), removed), out.end());
  }
  return out;
}

/// An array appended to a hash, as Ruby's Hash[]: an array of arrays holds [key, value] pairs,
/// any other array is keys and values in turn.
Hash pairs_of(const Array& items, const lang::SourceLocation& where) {
  Hash out;
  const bool nested = !items.empty() && std::all_of(items.begin(), items.end(),
                                                    [](const Value& v) { return v.is_array(); });
  if (nested) {
    for (const Value& pair : items) {
      const Array& kv = pair.array();
      if (kv.empty() || kv.size() > 2)
        fail("invalid number of elements (" + std::to_string(kv.size()) + " for 1..2)", where);
      out.emplace_back(kv[0], kv.size() == 2 ? kv[1] : Value());
    }
    return out;
  }
  if (items.size() % 2 != 0) fail("odd number of arguments for Hash", where);
  for (std::size_t i = 0; i < items.size(); i += 2) out.emplace_back(items[i], items[i + 1]);
  return out;
}

Value hash_operation(BinaryOp op, const Hash& left, const Value& right,
                     const lang::SourceLocation& where) {
  Hash out = left;
  if (op == BinaryOp::Plus) {
    if (!right.is_hash() && !right.is_array())
      fail("Can only append Array or Hash to a Hash", where);
    for (const auto& [key, value] : right.is_hash() ? right.hash() : pairs_of(right.array(), where)) {
      auto found = std::find_if(out.begin(), out.end(),
                                [&, &key = key](const auto& e) { return same_hash_key(e.first, key); });
      if (found != out.end()) {
        found->second = value;
      } else {
        out.emplace_back(key, value);
      }
    }
    return out;
  }
  auto removed = [&](const std::pair<Value, Value>& entry) {
    if (right.is_array())
      return std::any_of(right.array().begin(), right.array().end(),
                         [&](const Value& r) { return same_hash_key(entry.first, r); });
    if (right.is_hash()) return hash_find(right.hash(), entry.first) != nullptr;
    return same_hash_key(entry.first, right);
  };
  out.erase(std::remove_if(out.begin(), out.end(), removed), out.end());
  return out;
}

int compare_strings(const std::string& a, const std::string& b) {
  std::size_t n = std::min(a.size(), b.size());
  for (std::size_t i = 0; i < n; ++i) {
    int x = std::tolower(static_cast<unsigned char>(a[i]));
    int y = std::tolower(static_cast<unsigned char>(b[i]));
    if (x != y) return x < y ? -1 : 1;
  }
  return a.size() == b.size() ? 0 : a.size() < b.size() ? -1 : 1;
}

/// How Puppet's label provider names a compared value: its type's name, "Undef Value" for
/// undef, "Integer-Type" for a type.
std::string comparison_label(const Value& value) {
  if (value.is_undef()) return "Undef Value";
  if (value.is_default()) return "Object";  // Ruby's :default, a Symbol
  if (is_runtime_value(value, "SemVer")) return "Semver";
  if (value.is_type() && !is_runtime_value(value) && !is_sensitive(value))
    return type_to_string(value.type()) + "-Type";
  return type_name_of(value);
}

}  // namespace

std::string value_label(const Value& value) {
  if (value.is_undef()) return "Undef Value";
  if (value.is_default()) return "Object";  // Ruby's :default, a Symbol
  if (value.is_boolean()) return "Boolean";
  if (is_runtime_value(value, "SemVer")) return "Semver";
  if (is_runtime_value(value, "SemVerRange")) return "SemverRange";
  if (is_resource_reference(value) && !value.type().parameters.empty())
    return type_to_string(value.type()) + " Resource-Reference";
  if (value.is_type() && !is_runtime_value(value) && !is_sensitive(value))
    return type_to_string(value.type()) + "-Type";
  return type_name_of(value);
}

namespace {

/// Why Puppet's CompareOperator refused to order a value against another, by the left one.
std::string incomparable_cause(const Value& left) {
  if (left.is_number()) return "A Numeric is not comparable to non Numeric";
  if (left.is_string()) return "A String is not comparable to a non String";
  if (is_runtime_value(left, "Timespan"))
    return "Timespans are only comparable to Timespans, Integers, and Floats";
  if (is_runtime_value(left, "Timestamp"))
    return "Timestamps are only comparable to Timestamps, Integers, and Floats";
  if (is_runtime_value(left, "SemVer")) return "Versions not comparable to non Versions";
  if (left.is_default()) return "Symbol not comparable to non Symbol";
  return "Only Strings, Numbers, Timespans, Timestamps, and Versions are comparable";
}

}  // namespace

Value coerce_numeric(const Value& value, const lang::SourceLocation& where, Strict coercion) {
  return numeric(value, where, coercion);
}

int compare(const Value& left, const Value& right, const lang::SourceLocation& where,
            std::string_view op) {
  if (left.is_number() && right.is_number()) {
    if (left.is_integer() && right.is_integer())
      return left.integer() < right.integer() ? -1 : left.integer() > right.integer() ? 1 : 0;
    double a = left.number(), b = right.number();
    return a < b ? -1 : a > b ? 1 : 0;
  }
  if (left.is_string() && right.is_string()) return compare_strings(left.string(), right.string());
  if (auto order = compare_runtime_values(left, right)) return *order;
  if (auto order = compare_time_with_number(left, right)) return *order;
  if (left.is_default() && right.is_default()) return 0;
  fail("Comparison of: " + comparison_label(left) + " " + std::string(op) + " " +
           comparison_label(right) + ", is not possible. Caused by '" + incomparable_cause(left) +
           "'.",
       where);
}

bool contains(const Value& haystack, const Value& needle) {
  if (haystack.is_string()) {
    if (needle.is_regexp()) return regex_match(haystack.string(), needle.regexp()).has_value();
    if (!needle.is_string()) return false;
    std::string h = haystack.string(), n = needle.string();
    auto lower = [](std::string& s) {
      for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    };
    lower(h);
    lower(n);
    return h.find(n) != std::string::npos;
  }
  auto element_matches = [&](const Value& item) {
    if (needle.is_regexp())
      return item.is_string() && regex_match(item.string(), needle.regexp()).has_value();
    if (needle.is_type() && !is_resource_reference(needle)) return matches(item, needle.type());
    return equals(item, needle);
  };
  if (haystack.is_array())
    return std::any_of(haystack.array().begin(), haystack.array().end(), element_matches);
  if (haystack.is_hash())
    return std::any_of(haystack.hash().begin(), haystack.hash().end(),
                       [&](const auto& e) { return element_matches(e.first); });
  return false;
}

std::optional<std::vector<Value>> regex_match(const std::string& value, const Regexp& regexp) {
  auto match = rubyish::regex_search_bounded(value, *regexp.compiled);
  if (!match) return std::nullopt;
  std::vector<Value> captures;
  captures.reserve(match->groups.size());
  for (std::size_t i = 0; i < match->groups.size(); ++i)
    captures.push_back(match->groups[i] ? Value(match->group(value, i)) : Value());
  return captures;
}

Regexp make_regexp(const std::string& pattern, const lang::SourceLocation& where) {
  try {
    return Regexp{pattern,
                  std::make_shared<const std::regex>(rubyish::compile_ruby_regex(pattern))};
  } catch (const std::regex_error& e) {
    fail("Invalid regular expression /" + pattern + "/: " + e.what(), where);
  }
}

Value apply_binary(BinaryOp op, const Value& left, const Value& right,
                   const lang::SourceLocation& where, const Operands& operands) {
  switch (op) {
    case BinaryOp::Equal:
      return equals(left, right);
    case BinaryOp::NotEqual:
      return !equals(left, right);
    case BinaryOp::Less:
    case BinaryOp::LessEqual:
    case BinaryOp::Greater:
    case BinaryOp::GreaterEqual:
      if (left.is_type() && !is_runtime_value(left) && !is_sensitive(left)) {
        // Types are ordered by assignability: `A <= B` when every A is a B; a type is never
        // ordered before or after a value that is no type.
        if (!right.is_type() || is_runtime_value(right) || is_sensitive(right)) return false;
        bool same = equals(left, right);
        bool forward = op == BinaryOp::Less || op == BinaryOp::LessEqual;
        const TypeValue& from = forward ? left.type() : right.type();
        const TypeValue& to = forward ? right.type() : left.type();
        bool strict = op == BinaryOp::Less || op == BinaryOp::Greater;
        return is_assignable(from, to) && !(strict && same);
      }
      switch (op) {
        case BinaryOp::Less:
          return compare(left, right, where, "<") < 0;
        case BinaryOp::LessEqual:
          return compare(left, right, where, "<=") <= 0;
        case BinaryOp::Greater:
          return compare(left, right, where, ">") > 0;
        default:
          return compare(left, right, where, ">=") >= 0;
      }
    case BinaryOp::In:
      return contains(right, left);
    case BinaryOp::Plus:
    case BinaryOp::Minus:
    case BinaryOp::LeftShift:
      if (left.is_array()) return array_operation(op, left.array(), right);
      if (op == BinaryOp::Plus && is_runtime_value(left, "Binary") &&
          is_runtime_value(right, "Binary"))  // Binary + Binary: the bytes of both, in turn
        return make_runtime_value("Binary", {Value(to_string(left.type().parameters.at(0)) +
                                                   to_string(right.type().parameters.at(0)))});
      if (left.is_hash() && op == BinaryOp::LeftShift)
        fail("Operator '<<' is not applicable to a Hash.", operands.left ? *operands.left : where);
      if (left.is_hash() && op != BinaryOp::LeftShift)
        return hash_operation(op, left.hash(), right, where);
      return arithmetic(op, left, right, where, operands);
    case BinaryOp::Multiply:
    case BinaryOp::Divide:
    case BinaryOp::Modulo:
    case BinaryOp::RightShift:
      return arithmetic(op, left, right, where, operands);
    default:
      fail("Operator '" + std::string(lang::ast::spelling(op)) + "' is evaluated elsewhere", where);
  }
}

}  // namespace marionette::compiler
