#include "ral/ruby_encoding.hpp"

#include <algorithm>
#include <cctype>

#include "lang/utf8.hpp"

namespace marionette::ral {

namespace {

bool is_ascii(std::string_view text) {
  return std::all_of(text.begin(), text.end(),
                     [](char c) { return static_cast<unsigned char>(c) < 0x80; });
}

std::string upper(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
  return text;
}

}  // namespace

RubyEncoding::RubyEncoding(std::string name) {
  const std::string key = upper(name);
  if (key == "UTF-8" || key == "CP65001") {
    kind_ = Kind::utf8;
    name_ = "UTF-8";
  } else if (key == "US-ASCII" || key == "ASCII" || key == "ANSI_X3.4-1968" || key == "646") {
    kind_ = Kind::ascii;
    name_ = "US-ASCII";
  } else {
    kind_ = Kind::other;
    // Ruby's canonical spelling for the common families; others as given, upper-cased.
    name_ = key.starts_with("WINDOWS-") ? "Windows-" + key.substr(8) : key;
    if (key == "BINARY") name_ = "ASCII-8BIT";
  }
}

std::optional<std::string> RubyEncoding::match_error(std::string_view line,
                                                     std::string_view pattern) const {
  if (kind_ == Kind::utf8) {
    if (lang::first_invalid_utf8(line)) return "invalid byte sequence in UTF-8";
    return std::nullopt;
  }
  if (is_ascii(line)) return std::nullopt;
  if (kind_ == Kind::ascii) return "invalid byte sequence in US-ASCII";
  if (!is_ascii(pattern)) {
    return "incompatible encoding regexp match (UTF-8 regexp with " + name_ + " string)";
  }
  return std::nullopt;
}

bool RubyEncoding::equal(std::string_view line, std::string_view utf8) const {
  if (line != utf8) return false;
  return kind_ == Kind::utf8 || is_ascii(line);
}

}  // namespace marionette::ral
