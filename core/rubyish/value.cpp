#include "rubyish/value.hpp"

#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>

namespace marionette::rubyish {

namespace {

bool is_identifier_symbol(const std::string& name) {
  // A variable's name is one too: `:@x`, `:@@x`, `:$x` (without a trailing ?, ! or =).
  std::size_t start = name.starts_with("@@") ? 2 : name.starts_with('@') || name.starts_with('$');
  if (name.size() <= start || (std::isdigit(static_cast<unsigned char>(name[start])))) return false;
  for (std::size_t i = start; i < name.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(name[i]);
    bool last = i + 1 == name.size();
    if (std::isalnum(c) || c == '_' || c >= 0x80) continue;
    if (last && start == 0 && (c == '?' || c == '!' || c == '=')) continue;
    return false;
  }
  return true;
}

void append_array(const RubyArray& array, std::string& out) {
  out += '[';
  for (std::size_t i = 0; i < array.size(); ++i) {
    if (i) out += ", ";
    append_inspect(array[i], out);
  }
  out += ']';
}

int type_rank(const RubyValue& value) {
  if (value.is_number()) return 1;
  if (value.is_string()) return 2;
  if (value.is_array()) return 3;
  return 0;
}

}  // namespace

void append_inspect(const RubyValue& value, std::string& out) {
  if (value.is_nil()) {
    out += "nil";
  } else if (value.is_string()) {
    append_inspected_string(value.string(), out);
  } else if (value.is_symbol()) {
    out += ':';
    if (is_identifier_symbol(value.symbol()))
      out += value.symbol();
    else
      append_inspected_string(value.symbol(), out);
  } else if (value.is_array()) {
    append_array(value.array(), out);
  } else if (value.is_hash()) {
    out += '{';
    bool first = true;
    for (const auto& [key, item] : value.hash()) {
      if (!first) out += ", ";
      first = false;
      append_inspect(key, out);
      out += "=>";
      append_inspect(item, out);
    }
    out += '}';
  } else if (value.is_regexp()) {
    out += '/' + value.regexp().source + '/' + (value.regexp().ignore_case ? "i" : "");
  } else if (value.is_object()) {
    out += value.object().inspect;
  } else {
    append_to_s(value, out);
  }
}

void append_inspected_string(std::string_view text, std::string& out) {
  out += '"';
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    const char next = i + 1 < text.size() ? text[i + 1] : '\0';
    switch (c) {
      case '"':
        out += "\\\"";
        break;
      case '\\':
        out += "\\\\";
        break;
      case '\n':
        out += "\\n";
        break;
      case '\t':
        out += "\\t";
        break;
      case '\r':
        out += "\\r";
        break;
      case '\f':
        out += "\\f";
        break;
      case '\v':
        out += "\\v";
        break;
      case '\b':
        out += "\\b";
        break;
      case '\a':
        out += "\\a";
        break;
      case '\x1b':
        out += "\\e";
        break;
      case '#':
        if (next == '{' || next == '$' || next == '@') out += '\\';
        out += c;
        break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char code[8];
          std::snprintf(code, sizeof code, "\\u%04X", static_cast<unsigned>(c));
          out += code;
        } else if (c == '\x7f') {
          out += "\\x7F";
        } else {
          out += c;
        }
    }
  }
  out += '"';
}

std::string float_to_s(double value) {
  if (std::isnan(value)) return "NaN";
  if (std::isinf(value)) return value < 0 ? "-Infinity" : "Infinity";
  char buffer[64];
  auto [end, error] =
      std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::scientific);
  std::string text(buffer, error == std::errc() ? end : buffer);
  std::string sign = text.starts_with('-') ? "-" : "";
  std::size_t e = text.find('e');
  std::string digits;
  for (char c : text.substr(sign.size(), e - sign.size()))
    if (c != '.') digits += c;
  int exponent = std::stoi(text.substr(e + 1));
  int point = exponent + 1;  // digits before the decimal point
  if (point > -4 && point <= 15) {
    if (point <= 0) return sign + "0." + std::string(-point, '0') + digits;
    if (static_cast<int>(digits.size()) <= point)
      return sign + digits + std::string(point - digits.size(), '0') + ".0";
    return sign + digits.substr(0, point) + "." + digits.substr(point);
  }
  std::string mantissa = digits.substr(0, 1) + "." + (digits.size() > 1 ? digits.substr(1) : "0");
  std::string power = std::to_string(std::abs(exponent));
  if (power.size() < 2) power = "0" + power;
  return sign + mantissa + "e" + (exponent < 0 ? "-" : "+") + power;
}

std::string class_name(const RubyValue& value) {
  switch (value.v.index()) {
    case 0:
      return "NilClass";
    case 1:
      return value.boolean() ? "TrueClass" : "FalseClass";
    case 2:
      return "Integer";
    case 3:
      return "Float";
    case 4:
      return "String";
    case 5:
      return "Symbol";
    case 6:
      return "Array";
    case 7:
      return "Hash";
    case 8:
      return "Range";
    case 9:
      return "Regexp";
    default:
      return value.object().class_name;
  }
}

void append_to_s(const RubyValue& value, std::string& out) {
  if (value.is_nil()) return;
  if (value.is_string()) {
    out += value.string();
  } else if (value.is_bool()) {
    out += value.boolean() ? "true" : "false";
  } else if (value.is_integer()) {
    out += std::to_string(value.integer());
  } else if (value.is_float()) {
    double d = value.number();
    out += std::isnan(d)   ? "NaN"
           : std::isinf(d) ? (d < 0 ? "-Infinity" : "Infinity")
                           : float_to_s(d);
  } else if (value.is_symbol()) {
    out += value.symbol();
  } else if (value.is_range()) {
    const RubyRange& range = value.range();
    out +=
        std::to_string(range.first) + (range.exclusive ? "..." : "..") + std::to_string(range.last);
  } else if (value.is_regexp()) {
    out += std::string("(?") + (value.regexp().ignore_case ? "i-mx:" : "-mix:") +
           value.regexp().source + ')';
  } else if (value.is_object()) {
    out += value.object().text;
  } else {
    append_inspect(value, out);
  }
}

std::string to_s(const RubyValue& value) {
  std::string out;
  append_to_s(value, out);
  return out;
}

std::string inspect(const RubyValue& value) {
  std::string out;
  append_inspect(value, out);
  return out;
}

bool equal(const RubyValue& a, const RubyValue& b) {
  if (a.is_number() && b.is_number()) return a.number() == b.number();
  if (a.v.index() != b.v.index()) return false;
  if (a.is_array()) {
    const RubyArray &x = a.array(), &y = b.array();
    if (x.size() != y.size()) return false;
    for (std::size_t i = 0; i < x.size(); ++i)
      if (!equal(x[i], y[i])) return false;
    return true;
  }
  if (a.is_hash()) {
    if (a.hash().size() != b.hash().size()) return false;
    for (const auto& [key, item] : a.hash()) {
      const RubyValue* other = hash_lookup(b.hash(), key);
      if (!other || !equal(item, *other)) return false;
    }
    return true;
  }
  if (a.is_nil()) return true;
  if (a.is_bool()) return a.boolean() == b.boolean();
  if (a.is_string()) return a.string() == b.string();
  if (a.is_symbol()) return a.symbol() == b.symbol();
  if (a.is_range())
    return a.range().first == b.range().first && a.range().last == b.range().last &&
           a.range().exclusive == b.range().exclusive;
  if (a.is_regexp())
    return a.regexp().source == b.regexp().source &&
           a.regexp().ignore_case == b.regexp().ignore_case;
  return a.object().inspect == b.object().inspect;
}

bool eql(const RubyValue& a, const RubyValue& b) {
  if (a.v.index() != b.v.index()) return false;
  return equal(a, b);
}

int compare(const RubyValue& a, const RubyValue& b) {
  // Object#<=> is 0 for the same object: nil with nil, true with true (sort_by on nil keys).
  if ((a.is_nil() && b.is_nil()) || (a.is_bool() && b.is_bool() && a.boolean() == b.boolean()))
    return 0;
  int rank = type_rank(a);
  if (rank == 0 || rank != type_rank(b)) {
    std::string right = b.is_nil() || b.is_number() ? inspect(b) : class_name(b);
    throw RubyError("comparison of " + class_name(a) + " with " + right + " failed");
  }
  if (rank == 1) {
    double x = a.number(), y = b.number();
    return x < y ? -1 : x > y ? 1 : 0;
  }
  if (rank == 2) {
    int c = a.string().compare(b.string());
    return c < 0 ? -1 : c > 0 ? 1 : 0;
  }
  const RubyArray &x = a.array(), &y = b.array();
  for (std::size_t i = 0; i < x.size() && i < y.size(); ++i)
    if (int c = compare(x[i], y[i])) return c;
  return x.size() < y.size() ? -1 : x.size() > y.size() ? 1 : 0;
}

RubyValue* hash_lookup(RubyHash& hash, const RubyValue& key) {
  for (auto& [k, item] : hash)
    if (eql(k, key)) return &item;
  return nullptr;
}

void hash_store(RubyHash& hash, RubyValue key, RubyValue value) {
  if (RubyValue* found = hash_lookup(hash, key)) {
    *found = std::move(value);
    return;
  }
  // Hash#[]= keeps a frozen copy of a String key that is not frozen yet.
  if (key.is_string() && key.string_object().owner != RubyString::Owner::Frozen)
    key = RubyValue(key.string(), RubyString::Owner::Frozen);
  hash.emplace_back(std::move(key), std::move(value));
}

std::string no_method_message(const std::string& name, const RubyValue& receiver) {
  std::string shown;
  if (receiver.is_nil())
    shown = "nil";
  else if (receiver.is_bool())
    shown = receiver.boolean() ? "true" : "false";
  else if (receiver.is_object())
    shown = receiver.object().text;
  else
    shown = inspect(receiver);
  if (shown.size() > 65) shown = "#<" + class_name(receiver) + ">";
  return "undefined method `" + name + "' for " + shown + ":" + class_name(receiver);
}

}  // namespace marionette::rubyish
