#include "facts/yaml_number_syntax.hpp"

namespace marionette::facts {

namespace {

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

/// Skips one leading + or -.
std::string_view unsigned_part(std::string_view text) {
  if (!text.empty() && (text[0] == '+' || text[0] == '-')) text.remove_prefix(1);
  return text;
}

/// How many characters from `at` satisfy `accepts`.
template <typename Accepts>
std::size_t run_of(std::string_view text, std::size_t at, Accepts accepts) {
  std::size_t end = at;
  while (end < text.size() && accepts(text[end])) ++end;
  return end - at;
}

/// `prefix` followed by one or more characters that `accepts`.
template <typename Accepts>
bool prefixed_digits(std::string_view text, std::string_view prefix, Accepts accepts) {
  if (!text.starts_with(prefix) || text.size() == prefix.size()) return false;
  return run_of(text, prefix.size(), accepts) == text.size() - prefix.size();
}

}  // namespace

bool is_yaml_decimal(std::string_view text) {
  text = unsigned_part(text);
  return !text.empty() && run_of(text, 0, is_digit) == text.size();
}

bool is_yaml_octal(std::string_view text) {
  return prefixed_digits(text, "0o", [](char c) { return c >= '0' && c <= '7'; });
}

bool is_yaml_hex(std::string_view text) {
  return prefixed_digits(text, "0x", [](char c) {
    return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
  });
}

bool is_yaml_float(std::string_view text) {
  text = unsigned_part(text);
  std::size_t at = 0;
  if (!text.empty() && text[0] == '.') {  // \.[0-9]+
    std::size_t fraction = run_of(text, 1, is_digit);
    if (fraction == 0) return false;
    at = 1 + fraction;
  } else {  // [0-9]+(\.[0-9]*)?
    std::size_t whole = run_of(text, 0, is_digit);
    if (whole == 0) return false;
    at = whole;
    if (at < text.size() && text[at] == '.') at += 1 + run_of(text, at + 1, is_digit);
  }
  if (at < text.size() && (text[at] == 'e' || text[at] == 'E')) {
    ++at;
    if (at < text.size() && (text[at] == '+' || text[at] == '-')) ++at;
    std::size_t exponent = run_of(text, at, is_digit);
    if (exponent == 0) return false;
    at += exponent;
  }
  return at == text.size();
}

bool is_yaml_infinity(std::string_view text) {
  text = unsigned_part(text);
  return text == ".inf" || text == ".Inf" || text == ".INF";
}

bool is_yaml_nan(std::string_view text) {
  return text == ".nan" || text == ".NaN" || text == ".NAN";
}

}  // namespace marionette::facts
