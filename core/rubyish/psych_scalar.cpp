// Psych::ScalarScanner#tokenize, rule by rule and in its order, without regular expressions.
// Ruby's anchors match at line starts and ends; a plain scalar with a line break always takes
// the first rule's branch, so the later rules only ever see one line.
#include "rubyish/psych_scalar.hpp"

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "text/hex_digit.hpp"
namespace marionette::rubyish {

using Data = nlohmann::ordered_json;

namespace {

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}
bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\f' || c == '\v';
}
char lower(char c) {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}
bool equals_ignoring_case(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (lower(a[i]) != lower(b[i])) return false;
  return true;
}

/// [[:alpha:]_\s!@#$%\^&*(){}<>|/\\~;=] (a byte of a multibyte character counts as a letter)
bool is_wordish(char c) {
  auto byte = static_cast<unsigned char>(c);
  if (byte >= 0x80 || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || is_space(c)) return true;
  return std::string_view("_!@#$%^&*(){}<>|/\\~;=").find(c) != std::string_view::npos;
}

/// ^[^\d.:-]?[[:alpha:]_\s!@#$%\^&*(){}<>|/\\~;=]+ at the start.
bool starts_like_a_word(std::string_view text) {
  if (is_wordish(text[0])) return true;
  bool skippable = !is_digit(text[0]) && text[0] != '.' && text[0] != ':' && text[0] != '-';
  return skippable && text.size() > 1 && is_wordish(text[1]);
}

std::size_t characters(std::string_view text) {
  std::size_t count = 0;
  for (char c : text) count += (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  return count;
}

/// Whether any line of `text` is one of `words`, in any case (Ruby's /^(a|b)$/i).
bool some_line_is(std::string_view text, std::initializer_list<std::string_view> words) {
  std::size_t start = 0;
  while (start <= text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    for (std::string_view word : words)
      if (equals_ignoring_case(text.substr(start, end - start), word)) return true;
    start = end + 1;
  }
  return false;
}

/// Reads a run of digits of at least `min` and at most `max`; the position moves past them.
bool digits(std::string_view text, std::size_t& at, std::size_t min, std::size_t max) {
  std::size_t start = at;
  while (at < text.size() && at - start < max && is_digit(text[at])) ++at;
  return at - start >= min;
}

/// [-+]\d{1,2}:?(?:\d\d)? : all of `zone`.
bool is_zone_offset(std::string_view zone) {
  if (zone.empty() || (zone[0] != '-' && zone[0] != '+')) return false;
  for (std::size_t hours = 1; hours <= 2; ++hours) {
    if (zone.size() < 1 + hours) break;
    std::string_view rest = zone.substr(1);
    if (!is_digit(rest[0]) || (hours == 2 && !is_digit(rest[1]))) continue;
    rest.remove_prefix(hours);
    if (!rest.empty() && rest[0] == ':') rest.remove_prefix(1);
    if (rest.empty() || (rest.size() == 2 && is_digit(rest[0]) && is_digit(rest[1]))) return true;
  }
  return false;
}

/// ^-?\d{4}-\d{1,2}-\d{1,2}(?:[Tt]|\s+)\d{1,2}:\d\d:\d\d(?:\.\d*)?(?:\s*(?:Z|[-+]\d{1,2}:?(?:\d\d)?))?$
bool is_time(std::string_view text) {
  std::size_t at = 0;
  if (at < text.size() && text[at] == '-') ++at;
  auto expect = [&](char c) { return at < text.size() && text[at++] == c; };
  if (!digits(text, at, 4, 4) || !expect('-') || !digits(text, at, 1, 2) || !expect('-') ||
      !digits(text, at, 1, 2))
    return false;
  if (at < text.size() && (text[at] == 'T' || text[at] == 't')) {
    ++at;
  } else {
    std::size_t spaces = at;
    while (at < text.size() && is_space(text[at])) ++at;
    if (at == spaces) return false;
  }
  if (!digits(text, at, 1, 2) || !expect(':') || !digits(text, at, 2, 2) || !expect(':') ||
      !digits(text, at, 2, 2))
    return false;
  if (at < text.size() && text[at] == '.') {
    ++at;
    digits(text, at, 0, std::string_view::npos);
  }
  while (at < text.size() && is_space(text[at])) ++at;
  std::string_view zone = text.substr(at);
  return zone.empty() || zone == "Z" || is_zone_offset(zone);
}

/// ^\d{4}-(?:1[012]|0\d|\d)-(?:[12]\d|3[01]|0\d|\d)$
bool is_date(std::string_view text) {
  if (text.size() < 8 || text.size() > 10) return false;
  std::size_t at = 0;
  if (!digits(text, at, 4, 4) || text[at++] != '-') return false;
  std::size_t dash = text.find('-', at);
  if (dash == std::string_view::npos) return false;
  std::string_view month = text.substr(at, dash - at);
  std::string_view day = text.substr(dash + 1);
  auto two_digits = [](std::string_view s) {
    return s.size() == 2 && is_digit(s[0]) && is_digit(s[1]);
  };
  bool month_ok = (month.size() == 1 && is_digit(month[0])) ||
                  (two_digits(month) && (month[0] == '0' || (month[0] == '1' && month[1] <= '2')));
  bool day_ok = (day.size() == 1 && is_digit(day[0])) ||
                (two_digits(day) && (day[0] <= '2' || (day[0] == '3' && day[1] <= '1')));
  return month_ok && day_ok;
}

/// [-+]?[0-9][0-9_]*(:[0-5]?[0-9]){1,2}, then for a float \.[0-9_]*; the parts split at ':'.
std::optional<std::vector<std::string_view>> base_60_parts(std::string_view text, bool fraction) {
  std::vector<std::string_view> parts;
  std::size_t start = 0;
  while (true) {
    std::size_t colon = text.find(':', start);
    parts.push_back(text.substr(start, colon == std::string_view::npos ? colon : colon - start));
    if (colon == std::string_view::npos) break;
    start = colon + 1;
  }
  if (parts.size() < 2 || parts.size() > 3) return std::nullopt;
  std::string_view first = parts[0];
  if (!first.empty() && (first[0] == '-' || first[0] == '+')) first.remove_prefix(1);
  if (first.empty() || !is_digit(first[0])) return std::nullopt;
  for (char c : first)
    if (!is_digit(c) && c != '_') return std::nullopt;
  for (std::size_t i = 1; i < parts.size(); ++i) {
    std::string_view part = parts[i];
    if (fraction && i + 1 == parts.size()) {
      std::size_t dot = part.find('.');
      if (dot == std::string_view::npos) return std::nullopt;
      for (char c : part.substr(dot + 1))
        if (!is_digit(c) && c != '_') return std::nullopt;
      part = part.substr(0, dot);
    }
    bool sixty = (part.size() == 1 && is_digit(part[0])) ||
                 (part.size() == 2 && part[0] >= '0' && part[0] <= '5' && is_digit(part[1]));
    if (!sixty) return std::nullopt;
  }
  return parts;
}

/// Ruby's String#to_f (and to_i, as a double): the leading number, single underscores between
/// digits allowed.
double ruby_leading_number(std::string_view text) {
  std::string plain;
  for (std::size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    bool between_digits =
        c == '_' && i > 0 && is_digit(text[i - 1]) && i + 1 < text.size() && is_digit(text[i + 1]);
    if (between_digits) continue;
    if (c == '_') break;
    plain += c;
  }
  return std::strtod(plain.c_str(), nullptr);
}

/// Psych's sum for base 60: each part times 60 to the power of |index - 2|.
double base_60_sum(const std::vector<std::string_view>& parts, bool integers) {
  double sum = 0;
  for (std::size_t e = 0; e < parts.size(); ++e) {
    double part = ruby_leading_number(parts[e]);
    if (integers) part = std::trunc(part);
    sum += part * std::pow(60.0, std::abs(static_cast<int>(e) - 2));
  }
  return sum;
}

/// ^[-+]?([0-9][0-9_,]*)?\.[0-9]*([eE][-+][0-9]+)?$
bool is_float(std::string_view text) {
  std::size_t at = 0;
  if (at < text.size() && (text[at] == '-' || text[at] == '+')) ++at;
  if (at < text.size() && is_digit(text[at]))
    while (at < text.size() && (is_digit(text[at]) || text[at] == '_' || text[at] == ',')) ++at;
  if (at == text.size() || text[at] != '.') return false;
  ++at;
  while (at < text.size() && is_digit(text[at])) ++at;
  if (at < text.size() && (text[at] == 'e' || text[at] == 'E')) {
    ++at;
    if (at == text.size() || (text[at] != '-' && text[at] != '+')) return false;
    ++at;
    if (!digits(text, at, 1, std::string_view::npos)) return false;
  }
  return at == text.size();
}

/// The INTEGER pattern: binary 0b, octal 0 (Ruby's Integer() reads a leading 0 as octal),
/// decimal with single , or _ between digits, hexadecimal 0x.
std::optional<int> integer_base(std::string_view text) {
  if (!text.empty() && (text[0] == '-' || text[0] == '+')) text.remove_prefix(1);
  if (text.empty() || !is_digit(text[0])) return std::nullopt;
  auto all = [](std::string_view s, auto allowed) {
    if (s.empty()) return false;
    for (char c : s)
      if (!allowed(c) && c != '_' && c != ',') return false;
    return true;
  };
  if (text.starts_with("0b")) {
    if (all(text.substr(2), [](char c) { return c == '0' || c == '1'; })) return 2;
    return std::nullopt;
  }
  if (text.starts_with("0x")) {
    auto hex = [](char c) { return is_digit(c) || (lower(c) >= 'a' && lower(c) <= 'f'); };
    if (all(text.substr(2), hex)) return 16;
    return std::nullopt;
  }
  if (text == "0") return 10;
  if (text[0] == '0') {
    if (all(text.substr(1), [](char c) { return c >= '0' && c <= '7'; })) return 8;
    return std::nullopt;
  }
  for (std::size_t i = 1; i < text.size(); ++i) {
    if (is_digit(text[i])) continue;
    bool separator =
        (text[i] == ',' || text[i] == '_') && i + 1 < text.size() && is_digit(text[i + 1]);
    if (!separator) return std::nullopt;
    ++i;
  }
  return 10;
}

/// Integer(text with , and _ removed) in `base`; nullopt where Ruby would raise.
std::optional<Data> integer_value(std::string_view text, int base) {
  bool negative = !text.empty() && text[0] == '-';
  if (!text.empty() && (text[0] == '-' || text[0] == '+')) text.remove_prefix(1);
  if (base == 2 || base == 16) text.remove_prefix(2);
  std::string digits_only;
  for (char c : text)
    if (c != '_' && c != ',') digits_only += c;
  if (digits_only.empty()) return std::nullopt;  // `0b_`: Integer("0b") raises
  std::uint64_t magnitude = 0;
  bool overflow = false;
  for (char c : digits_only) {
    auto digit = static_cast<std::uint64_t>(text::digit_value(c));
    if (magnitude > (std::numeric_limits<std::uint64_t>::max() - digit) / base) overflow = true;
    magnitude = magnitude * base + digit;
  }
  if (overflow) {
    double value = 0;
    for (char c : digits_only) value = value * base + text::digit_value(c);
    return Data(negative ? -value : value);
  }
  if (!negative) {
    if (magnitude <= static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
      return Data(static_cast<std::int64_t>(magnitude));
    return Data(magnitude);
  }
  if (magnitude <= static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()) + 1)
    return Data(static_cast<std::int64_t>(0 - magnitude));
  return Data(-static_cast<double>(magnitude));
}

/// Float(text with , and _ removed, and a dot before the exponent or at the end dropped).
std::optional<double> float_value(std::string_view text) {
  std::string plain;
  for (std::size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == ',' || c == '_') continue;
    if (c == '.' && (i + 1 == text.size() || lower(text[i + 1]) == 'e')) continue;
    plain += c;
  }
  if (plain.empty() || plain == "-" || plain == "+" || lower(plain.back()) == 'e')
    return std::nullopt;
  char* end = nullptr;
  double value = std::strtod(plain.c_str(), &end);
  if (end != plain.c_str() + plain.size() ||
      lower(plain[plain[0] == '-' || plain[0] == '+']) == 'e')
    return std::nullopt;  // `.e+3` leaves "e+3", which Float() refuses
  return value;
}

PsychScalar value(Data facts) {
  return {PsychScalarKind::Value, std::move(facts)};
}

}  // namespace

const char* refused_ruby_class(PsychScalarKind kind) {
  if (kind == PsychScalarKind::Date) return "Date";
  if (kind == PsychScalarKind::Time) return "Time";
  return nullptr;
}

PsychScalar psych_scalar(std::string_view text) {
  if (text.empty()) return value(nullptr);
  const std::string string(text);
  if (text.find('\n') != std::string_view::npos || starts_like_a_word(text)) {
    if (characters(text) > 5) return value(string);
    if (std::string_view("ytonf~").find(lower(text[0])) == std::string_view::npos)
      return value(string);
    if (text == "~" || some_line_is(text, {"null"})) return value(nullptr);
    if (some_line_is(text, {"yes", "true", "on"})) return value(true);
    if (some_line_is(text, {"no", "false", "off"})) return value(false);
    return value(string);
  }
  if (is_time(text)) return {PsychScalarKind::Time, string};
  if (is_date(text)) return {PsychScalarKind::Date, string};
  if (equals_ignoring_case(text, ".inf") || equals_ignoring_case(text, "+.inf"))
    return value(std::numeric_limits<double>::infinity());
  if (equals_ignoring_case(text, "-.inf")) return value(-std::numeric_limits<double>::infinity());
  if (equals_ignoring_case(text, ".nan")) return value(std::numeric_limits<double>::quiet_NaN());
  if (text.size() > 1 && text[0] == ':') return {PsychScalarKind::Symbol, string};
  if (auto parts = base_60_parts(text, false)) {
    double sum = base_60_sum(*parts, true);
    if (std::abs(sum) < 9.2e18) return value(static_cast<std::int64_t>(sum));
    return value(sum);
  }
  if (auto parts = base_60_parts(text, true)) return value(base_60_sum(*parts, false));
  if (is_float(text)) {
    if (text == "." || text == "-." || text == "+.") return value(string);
    if (auto number = float_value(text)) return value(*number);
    return value(string);
  }
  if (auto base = integer_base(text)) {
    if (auto number = integer_value(text, *base)) return value(std::move(*number));
  }
  return value(string);
}

}  // namespace marionette::rubyish
