#include "compiler/functions/ruby_format.hpp"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <optional>
#include <string_view>
#include <unordered_map>

#include "compiler/runtime_values.hpp"
#include "compiler/types.hpp"
#include "lang/utf8.hpp"
#include "text/hex_digit.hpp"

namespace marionette::compiler {

namespace {

bool has_flag(const FormatDirective& d, char flag) {
  return d.flags.find(flag) != std::string::npos;
}

std::string first_chars(const std::string& text, std::size_t n) {
  std::size_t count = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80 && count++ == n)
      return text.substr(0, i);
  }
  return text;
}

std::string pad(const FormatDirective& d, std::string text) {
  std::size_t length = char_count(text);
  if (d.width < 0 || length >= static_cast<std::size_t>(d.width)) return text;
  std::string fill(static_cast<std::size_t>(d.width) - length, ' ');
  return has_flag(d, '-') ? text + fill : fill + text;
}

std::string ruby_class_name(const Value& value) {
  if (value.is_boolean()) return value.boolean() ? "true" : "false";
  if (value.is_array()) return "Array";
  if (value.is_hash()) return "Hash";
  if (value.is_default()) return "Symbol";
  if (value.is_regexp()) return "Regexp";
  return "Object";
}

/// Ruby's Integer(string): optional sign, a 0x/0b/0o/0d/0 prefix, underscores between digits.
std::optional<std::int64_t> parse_ruby_integer(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front())))
    text.remove_prefix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
    text.remove_suffix(1);
  bool negative = false;
  if (!text.empty() && (text[0] == '-' || text[0] == '+')) {
    negative = text[0] == '-';
    text.remove_prefix(1);
  }
  int base = 10;
  if (text.size() > 1 && text[0] == '0') {
    char p = static_cast<char>(std::tolower(static_cast<unsigned char>(text[1])));
    if (p == 'x' || p == 'b' || p == 'o' || p == 'd') {
      base = p == 'x' ? 16 : p == 'b' ? 2 : p == 'o' ? 8 : 10;
      text.remove_prefix(2);
    } else {
      base = 8;
      text.remove_prefix(1);
    }
  }
  if (text.empty() || text.front() == '_' || text.back() == '_') return std::nullopt;
  std::int64_t out = 0;
  char previous = 0;
  for (char c : text) {
    if (c == '_') {
      if (previous == '_') return std::nullopt;
      previous = c;
      continue;
    }
    previous = c;
    int digit = text::digit_value(c);
    if (digit < 0 || digit >= base) return std::nullopt;
    out = out * base + digit;
  }
  return negative ? -out : out;
}

std::int64_t to_ruby_integer(const Value& value) {
  if (value.is_integer()) return value.integer();
  if (value.is_float()) {
    double d = value.number();
    if (std::isnan(d)) throw FormatError("NaN");
    if (std::isinf(d)) throw FormatError(d < 0 ? "-Infinity" : "Infinity");
    // Ruby would print the Bignum; marionette's integers are Puppet's 64 bits.
    if (std::fabs(d) >= 0x1p63) throw FormatError("float out of range of integer");
    return static_cast<std::int64_t>(std::trunc(d));
  }
  if (value.is_string() || value.is_undef()) {
    std::string text = value.is_string() ? value.string() : "";
    if (auto parsed = parse_ruby_integer(text)) return *parsed;
    std::string quoted;
    rubyish::append_inspected_string(text, quoted);
    throw FormatError("invalid value for Integer(): " + quoted);
  }
  throw FormatError("can't convert " + ruby_class_name(value) + " into Integer");
}

double to_ruby_float(const Value& value) {
  if (value.is_number()) return value.number();
  if (value.is_string() || value.is_undef()) {
    std::string text = value.is_string() ? value.string() : "";
    std::size_t used = 0;
    try {
      double d = std::stod(text, &used);
      if (used == text.size() && !text.empty()) return d;
    } catch (const std::exception&) {
    }
    std::string quoted;
    rubyish::append_inspected_string(text, quoted);
    throw FormatError("invalid value for Float(): " + quoted);
  }
  throw FormatError("can't convert " + ruby_class_name(value) + " into Float");
}

std::string c_format(const FormatDirective& d, const char* length, char conversion, auto value) {
  std::string spec = "%" + d.flags;
  if (d.width >= 0) spec += std::to_string(d.width);
  if (d.precision >= 0) spec += "." + std::to_string(d.precision);
  spec += length;
  spec += conversion;
  int size = std::snprintf(nullptr, 0, spec.c_str(), value);
  if (size < 0) throw FormatError("width too big");  // longer than an int can count
  std::string out(static_cast<std::size_t>(size) + 1, '\0');
  std::snprintf(out.data(), out.size(), spec.c_str(), value);
  out.resize(static_cast<std::size_t>(size));
  return out;
}

/// %x, %X, %o, %b, %B. Without a `+` or ` ` flag Ruby writes a negative number as its two's
/// complement with the repeated leading digit folded into "..": -255 is `..f01`.
std::string radix(const FormatDirective& d, std::int64_t value) {
  char conversion = d.conversion;
  int bits = conversion == 'o' ? 3 : (conversion == 'b' || conversion == 'B') ? 1 : 4;
  bool upper = conversion == 'X' || conversion == 'B';
  const char* digit_chars = upper ? "0123456789ABCDEF" : "0123456789abcdef";
  std::int64_t mask = (1 << bits) - 1;
  bool folded = value < 0 && !has_flag(d, '+') && !has_flag(d, ' ');
  std::string digits;
  if (folded) {
    std::int64_t rest = value;
    while (rest != -1) {
      digits.insert(digits.begin(), digit_chars[rest & mask]);
      rest >>= bits;  // arithmetic: the sign fills in
    }
    digits.insert(digits.begin(), digit_chars[mask]);
  } else {
    std::uint64_t magnitude =
        value < 0 ? 0 - static_cast<std::uint64_t>(value) : static_cast<std::uint64_t>(value);
    do {
      digits.insert(digits.begin(), digit_chars[magnitude & static_cast<std::uint64_t>(mask)]);
      magnitude >>= bits;
    } while (magnitude);
  }
  std::string sign = value < 0 && !folded ? "-"
                     : has_flag(d, '+')   ? "+"
                     : has_flag(d, ' ')   ? " "
                                          : "";
  std::string prefix;
  if (has_flag(d, '#') && value != 0) {
    if (conversion == 'o') {
      if (!folded) prefix = "0";
    } else {
      prefix = std::string("0") + (bits == 1 ? conversion : conversion == 'X' ? 'X' : 'x');
    }
  }
  std::string dots = folded ? ".." : "";
  char fill = folded ? digit_chars[mask] : '0';
  std::size_t used = dots.size() + digits.size();
  if (d.precision >= 0) {
    if (used < static_cast<std::size_t>(d.precision))
      digits.insert(digits.begin(), static_cast<std::size_t>(d.precision) - used, fill);
  } else if (has_flag(d, '0') && !has_flag(d, '-') && d.width >= 0) {
    used += sign.size() + prefix.size();
    if (used < static_cast<std::size_t>(d.width))
      digits.insert(digits.begin(), static_cast<std::size_t>(d.width) - used, fill);
  }
  return pad(d, sign + prefix + dots + digits);
}

std::string floating(const FormatDirective& d, double value) {
  if (!std::isfinite(value)) {
    std::string text = std::isnan(value) ? "NaN" : "Inf";
    if (value < 0) {
      text = "-" + text;
    } else if (has_flag(d, '+')) {
      text = "+" + text;
    } else if (has_flag(d, ' ')) {
      text = " " + text;
    }
    return pad(d, text);
  }
  return c_format(d, "", d.conversion, value);
}

std::string character(const FormatDirective& d, const Value& value) {
  if (value.is_string()) {
    if (value.string().empty() || char_count(value.string()) != 1)
      throw FormatError("%c requires a character");
    return pad(d, value.string());
  }
  std::int64_t number = to_ruby_integer(value);
  if (number < 0 || number > 0x10FFFF) throw FormatError("invalid character");
  auto code = static_cast<std::uint32_t>(number);
  std::string text;
  lang::append_utf8(code, text);
  return pad(d, text);
}

}  // namespace

std::size_t char_count(std::string_view text) {
  std::size_t count = 0;
  for (char c : text)
    if ((static_cast<unsigned char>(c) & 0xC0) != 0x80) ++count;
  return count;
}

namespace {

using SameObjects = std::unordered_map<const void*, rubyish::RubyValue>;

/// ruby_view, made once for each array or hash held in several places when `same` is given.
rubyish::RubyValue ruby_view(const Value& value, SameObjects* same) {
  if (value.is_array() || value.is_hash()) {
    const void* id = value.is_array() ? static_cast<const void*>(&value.array())
                                      : static_cast<const void*>(&value.hash());
    if (same) {
      auto made = same->find(id);
      if (made != same->end()) return made->second;
    }
    rubyish::RubyValue view;
    if (value.is_array()) {
      rubyish::RubyArray items;
      items.reserve(value.array().size());
      for (const Value& item : value.array()) items.push_back(ruby_view(item, same));
      view = std::move(items);
    } else {
      rubyish::RubyHash pairs;
      pairs.reserve(value.hash().size());
      for (const auto& [key, item] : value.hash())
        pairs.emplace_back(ruby_view(key, same), ruby_view(item, same));
      view = std::move(pairs);
    }
    if (same) same->emplace(id, view);
    return view;
  }
  return ruby_view(value);
}

}  // namespace

rubyish::RubyValue ruby_view_keeping_identity(const Value& value) {
  SameObjects same;
  return ruby_view(value, &same);
}

rubyish::RubyValue ruby_view(const Value& value) {
  if (value.is_undef()) return {};
  if (value.is_default()) return rubyish::RubySymbol{"default"};
  if (value.is_boolean()) return value.boolean();
  if (value.is_integer()) return value.integer();
  if (value.is_float()) return value.number();
  if (value.is_string()) return value.string();
  if (value.is_array() || value.is_hash()) return ruby_view(value, nullptr);
  if (value.is_regexp()) return rubyish::RubyObject{"Regexp", to_string(value), to_string(value)};
  if (is_sensitive(value))
    return rubyish::RubyObject{"Puppet::Pops::Types::PSensitiveType::Sensitive",
                               "Sensitive [value redacted]", "#<Sensitive [value redacted]>"};
  if (is_resource_reference(value)) {
    std::string reference = reference_string(value.type());
    return rubyish::RubyObject{"Puppet::Resource", reference, reference};
  }
  std::string class_name = is_runtime_value(value)
                               ? "Puppet::Pops::Types::P" + runtime_type_name(value.type())
                               : "Puppet::Pops::Types::P" + value.type().name + "Type";
  return rubyish::RubyObject{std::move(class_name), to_string(value), to_string(value)};
}

std::string ruby_class(const Value& value) {
  if (value.is_array()) return "Array";
  if (value.is_hash()) return "Hash";
  return rubyish::class_name(ruby_view(value));
}

std::string ruby_to_s(const Value& value) {
  if (value.is_string()) return value.string();
  return rubyish::to_s(ruby_view(value));
}

std::string ruby_inspect(const Value& value) {
  return rubyish::inspect(ruby_view(value));
}

std::string ruby_format(const FormatDirective& d, const Value& value) {
  switch (d.conversion) {
    case 'd':
    case 'i':
    case 'u':
      return c_format(d, "ll", 'd', static_cast<long long>(to_ruby_integer(value)));
    case 'x':
    case 'X':
    case 'o':
    case 'b':
    case 'B':
      return radix(d, to_ruby_integer(value));
    case 'f':
    case 'e':
    case 'E':
    case 'g':
    case 'G':
    case 'a':
    case 'A':
      return floating(d, to_ruby_float(value));
    case 'c':
      return character(d, value);
    case 's':
    case 'p': {
      std::string text = d.conversion == 's' ? ruby_to_s(value)
                         : value.is_undef()  ? std::string("\"\"")
                                             : ruby_inspect(value);
      if (d.precision >= 0) text = first_chars(text, static_cast<std::size_t>(d.precision));
      return pad(d, text);
    }
    default:
      throw FormatError(std::string("malformed format string - %") + d.conversion);
  }
}

}  // namespace marionette::compiler
