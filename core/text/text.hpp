#pragma once
// The one home of small text helpers (case, trimming, joining) that every stage uses. ASCII
// only: the names, keywords and file formats they serve are ASCII; Ruby's and Puppet's
// Unicode-aware string functions live with the functions that need them.

#include <string>
#include <string_view>

namespace marionette::text {

/// Space, tab, CR, LF, form feed, vertical tab: what C's isspace and Ruby's strip remove.
inline constexpr std::string_view kWhitespace = " \t\r\n\f\v";

std::string lowercase(std::string_view text);
std::string uppercase(std::string_view text);

/// `text` without any of `characters` at its start and end.
std::string_view trimmed(std::string_view text, std::string_view characters = kWhitespace);
std::string_view trimmed_start(std::string_view text, std::string_view characters = kWhitespace);
std::string_view trimmed_end(std::string_view text, std::string_view characters = kWhitespace);

/// `text` without the newlines at its end.
std::string without_final_newlines(std::string text);

/// Does `text` hold any of kWhitespace?
inline bool has_whitespace(std::string_view text) {
  return text.find_first_of(kWhitespace) != std::string_view::npos;
}

/// Is `text` one or more of 0-9?
bool all_digits(std::string_view text);

/// A letter, a digit or `_`: what Puppet's names and Ruby's \w are made of.
inline bool is_word_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

/// The items one after another with `separator` between them: joined({"a","b"}, ", ") is
/// "a, b". Items are anything a std::string can be appended with (strings, string_views,
/// C strings, std::filesystem::path).
template <typename Items>
std::string joined(const Items& items, std::string_view separator) {
  std::string text;
  bool first = true;
  for (const auto& item : items) {
    if (!first) text += separator;
    first = false;
    if constexpr (requires { item.native(); })
      text += item.native();
    else
      text += item;
  }
  return text;
}

}  // namespace marionette::text
