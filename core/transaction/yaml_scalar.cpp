#include "transaction/yaml_scalar.hpp"

#include <array>
#include <cmath>
#include <cstdio>

namespace marionette::transaction {

namespace {

bool is_letter(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

bool is_safe_inside(char c, bool in_flow) {
  if (is_letter(c) || is_digit(c)) return true;
  switch (c) {
    case ' ':
    case '_':
    case '.':
    case '/':
    case '-':
    case '(':
    case ')':
    case '@':
    case '=':
    case '+':
    case '$':
    case '\'':
    case ';':
    case '~':
    case '^':
      return true;
    case '[':
    case ']':
      return !in_flow;
    default:
      return false;  // ':' '#' ',' '{' '}' '"' '\\' '!' '&' '*' '|' '>' '%' '`' '?', controls,
                     // UTF-8
  }
}

/// YAML 1.1 reads these (in any case) as booleans or null.
bool is_reserved_word(std::string_view text) {
  static constexpr std::array<std::string_view, 11> kWords = {
      "true", "false", "yes", "no", "on", "off", "null", "y", "n", "nil", "none"};
  if (text.size() > 5) return false;
  std::array<char, 8> lower{};
  for (std::size_t i = 0; i < text.size(); ++i)
    lower[i] = (text[i] >= 'A' && text[i] <= 'Z') ? static_cast<char>(text[i] + 32) : text[i];
  const std::string_view word(lower.data(), text.size());
  for (std::string_view reserved : kWords)
    if (word == reserved) return true;
  return false;
}

bool can_be_plain(std::string_view text, bool in_flow) {
  if (text.empty() || !(is_letter(text.front()) || text.front() == '/' || text.front() == '_'))
    return false;
  if (text.back() == ' ') return false;
  for (char c : text)
    if (!is_safe_inside(c, in_flow)) return false;
  return !is_reserved_word(text);
}

void append_escaped(std::string& out, unsigned char c) {
  switch (c) {
    case '"':
      out += "\\\"";
      return;
    case '\\':
      out += "\\\\";
      return;
    case '\n':
      out += "\\n";
      return;
    case '\t':
      out += "\\t";
      return;
    case '\r':
      out += "\\r";
      return;
    default:
      break;
  }
  if (c < 0x20 || c == 0x7f) {
    static constexpr char kHex[] = "0123456789abcdef";
    out += "\\x";
    out += kHex[c >> 4];
    out += kHex[c & 0xf];
    return;
  }
  out += static_cast<char>(c);  // printable ASCII and UTF-8 bytes stay as they are
}

}  // namespace

std::string yaml_scalar(std::string_view text, bool in_flow) {
  if (can_be_plain(text, in_flow)) return std::string(text);
  std::string out;
  out.reserve(text.size() + 2);
  out += '"';
  for (char c : text) append_escaped(out, static_cast<unsigned char>(c));
  out += '"';
  return out;
}

std::string yaml_number(double value) {
  if (std::isnan(value)) return ".nan";
  if (std::isinf(value)) return value > 0 ? ".inf" : "-.inf";
  char text[32];
  std::snprintf(text, sizeof text, "%.9g", value);
  return text;
}

}  // namespace marionette::transaction
