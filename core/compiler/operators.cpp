#include "compiler/operators.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>

#include "compiler/ruby_regex.hpp"
#include "compiler/runtime_values.hpp"
#include "compiler/types.hpp"
#include "lang/diagnostic.hpp"

namespace marionette::compiler {

using lang::ast::BinaryOp;

namespace {

[[noreturn]] void fail(const std::string& message, const lang::SourceLocation& where) {
  throw lang::SourceError(message, where);
}

/// Numbers, or strings that spell a number ('1' + 1 is 2 in Puppet).
Value numeric(const Value& value, const lang::SourceLocation& where) {
  if (value.is_number()) return value;
  if (value.is_string()) {
    const std::string& text = value.string();
    std::int64_t integer = 0;
    auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), integer);
    if (error == std::errc() && end == text.data() + text.size() && !text.empty()) return integer;
    double number = 0;
    auto [fend, ferror] = std::from_chars(text.data(), text.data() + text.size(), number);
    if (ferror == std::errc() && fend == text.data() + text.size() && !text.empty()) return number;
    fail("The value '" + text + "' cannot be converted to Numeric.", where);
  }
  fail("Operator is not applicable to " + type_name_of(value), where);
}

std::int64_t floor_divide(std::int64_t a, std::int64_t b) {
  std::int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) --q;
  return q;
}

std::int64_t floor_modulo(std::int64_t a, std::int64_t b) {
  std::int64_t r = a % b;
  if (r != 0 && ((r < 0) != (b < 0))) r += b;
  return r;
}

Value arithmetic(BinaryOp op, const Value& l, const Value& r, const lang::SourceLocation& where) {
  if (op == BinaryOp::Plus || op == BinaryOp::Minus)
    if (auto time = add_times(l, r, op == BinaryOp::Minus)) return *time;
  Value a = numeric(l, where);
  Value b = numeric(r, where);
  if (a.is_integer() && b.is_integer()) {
    std::int64_t x = a.integer(), y = b.integer();
    switch (op) {
      case BinaryOp::Plus:
        return x + y;
      case BinaryOp::Minus:
        return x - y;
      case BinaryOp::Multiply:
        return x * y;
      case BinaryOp::Divide:
        if (y == 0) fail("The divisor cannot be zero", where);
        return floor_divide(x, y);
      case BinaryOp::Modulo:
        if (y == 0) fail("The divisor cannot be zero", where);
        return floor_modulo(x, y);
      case BinaryOp::LeftShift:
        return y >= 0 ? x << y : x >> -y;
      case BinaryOp::RightShift:
        return y >= 0 ? x >> y : x << -y;
      default:
        break;
    }
  }
  double x = a.number(), y = b.number();
  switch (op) {
    case BinaryOp::Plus:
      return x + y;
    case BinaryOp::Minus:
      return x - y;
    case BinaryOp::Multiply:
      return x * y;
    case BinaryOp::Divide:
      if (y == 0) fail("The divisor cannot be zero", where);
      return x / y;
    case BinaryOp::Modulo:
      fail("Operator '%' is not applicable to Float values", where);
    default:
      fail("Operator is not applicable to Float values", where);
  }
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

Value hash_operation(BinaryOp op, const Hash& left, const Value& right,
                     const lang::SourceLocation& where) {
  Hash out = left;
  if (op == BinaryOp::Plus) {
    if (!right.is_hash())
      fail("Operator '+' is not applicable to a Hash and " + type_name_of(right), where);
    for (const auto& [key, value] : right.hash()) {
      auto found =
          std::find_if(out.begin(), out.end(), [&](const auto& e) { return equals(e.first, key); });
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
                         [&](const Value& r) { return equals(entry.first, r); });
    if (right.is_hash()) return hash_find(right.hash(), entry.first) != nullptr;
    return equals(entry.first, right);
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

}  // namespace

int compare(const Value& left, const Value& right, const lang::SourceLocation& where) {
  if (left.is_number() && right.is_number()) {
    if (left.is_integer() && right.is_integer())
      return left.integer() < right.integer() ? -1 : left.integer() > right.integer() ? 1 : 0;
    double a = left.number(), b = right.number();
    return a < b ? -1 : a > b ? 1 : 0;
  }
  if (left.is_string() && right.is_string()) return compare_strings(left.string(), right.string());
  if (auto order = compare_runtime_values(left, right)) return *order;
  fail("Comparison of: " + type_name_of(left) + " < " + type_name_of(right) + ", is not possible",
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

std::optional<std::vector<std::string>> regex_match(const std::string& value,
                                                    const Regexp& regexp) {
  std::smatch match;
  if (!std::regex_search(value, match, *regexp.compiled)) return std::nullopt;
  std::vector<std::string> captures;
  captures.reserve(match.size());
  for (const auto& group : match) captures.push_back(group.str());
  return captures;
}

Regexp make_regexp(const std::string& pattern, const lang::SourceLocation& where) {
  try {
    return Regexp{pattern, std::make_shared<const std::regex>(compile_ruby_regex(pattern))};
  } catch (const std::regex_error& e) {
    fail("Invalid regular expression /" + pattern + "/: " + e.what(), where);
  }
}

Value apply_binary(BinaryOp op, const Value& left, const Value& right,
                   const lang::SourceLocation& where) {
  switch (op) {
    case BinaryOp::Equal:
      return equals(left, right);
    case BinaryOp::NotEqual:
      return !equals(left, right);
    case BinaryOp::Less:
    case BinaryOp::LessEqual:
    case BinaryOp::Greater:
    case BinaryOp::GreaterEqual:
      if (left.is_type() && right.is_type() && !is_resource_reference(left) &&
          !is_resource_reference(right) && !is_runtime_value(left) && !is_runtime_value(right)) {
        // Types are ordered by assignability: `A <= B` when every A is a B.
        bool same = equals(left, right);
        bool forward = op == BinaryOp::Less || op == BinaryOp::LessEqual;
        const TypeValue& from = forward ? left.type() : right.type();
        const TypeValue& to = forward ? right.type() : left.type();
        bool strict = op == BinaryOp::Less || op == BinaryOp::Greater;
        return is_assignable(from, to) && !(strict && same);
      }
      switch (op) {
        case BinaryOp::Less:
          return compare(left, right, where) < 0;
        case BinaryOp::LessEqual:
          return compare(left, right, where) <= 0;
        case BinaryOp::Greater:
          return compare(left, right, where) > 0;
        default:
          return compare(left, right, where) >= 0;
      }
    case BinaryOp::In:
      return contains(right, left);
    case BinaryOp::Plus:
    case BinaryOp::Minus:
    case BinaryOp::LeftShift:
      if (left.is_array()) return array_operation(op, left.array(), right);
      if (left.is_hash() && op != BinaryOp::LeftShift)
        return hash_operation(op, left.hash(), right, where);
      return arithmetic(op, left, right, where);
    case BinaryOp::Multiply:
    case BinaryOp::Divide:
    case BinaryOp::Modulo:
    case BinaryOp::RightShift:
      return arithmetic(op, left, right, where);
    default:
      fail("Operator '" + std::string(lang::ast::spelling(op)) + "' is evaluated elsewhere", where);
  }
}

}  // namespace marionette::compiler
