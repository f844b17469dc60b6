// Puppet's heredoc syntax checkers (Puppet::SyntaxCheckers: Json, Base64, PP, EPP), each
// giving the error Puppet's checker gives.
#include "lang/heredoc_syntax.hpp"

#include <cstdint>
#include <cstring>
#include <vector>

#include "lang/ast/arena.hpp"
#include "lang/diagnostic.hpp"
#include "lang/parser.hpp"

namespace marionette::lang {

namespace {

/// Ruby's JSON.parse (json 2.6, as Debian's Puppet runs it) as far as its errors go: where it
/// stops on bad text and which of its parser's rules raises ("451: unexpected token at 'REST'":
/// 451 inside an array, 859 at the top). An object that fails is reported by what holds it,
/// at the object's start; an array reports its own failure where it happens.
class RubyJsonCheck {
 public:
  explicit RubyJsonCheck(std::string_view text) : text_(text) {}

  /// The parser's message, or nullopt when the text is JSON.
  std::optional<std::string> error() {
    try {
      skip_ignored();
      std::size_t start = pos_;
      if (!value()) return message(kTopRule, start);
      skip_ignored();
      if (pos_ < text_.size()) return message(kTopRule, pos_);
      return std::nullopt;
    } catch (const Failure& failure) {
      return message(kArrayRule, failure.at);
    }
  }

 private:
  static constexpr int kArrayRule = 451;
  static constexpr int kTopRule = 859;
  struct Failure {
    std::size_t at;
  };

  std::string message(int rule, std::size_t at) const {
    return std::to_string(rule) + ": unexpected token at '" + std::string(text_.substr(at)) + "'";
  }

  bool at(char c) const { return pos_ < text_.size() && text_[pos_] == c; }
  bool digit() const { return pos_ < text_.size() && text_[pos_] >= '0' && text_[pos_] <= '9'; }

  /// Blanks and the /* */ and // comments Ruby's parser lets through.
  void skip_ignored() {
    while (pos_ < text_.size()) {
      char c = text_[pos_];
      if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
        ++pos_;
      } else if (text_.substr(pos_, 2) == "/*") {
        std::size_t end = text_.find("*/", pos_ + 2);
        if (end == std::string_view::npos) return;
        pos_ = end + 2;
      } else if (text_.substr(pos_, 2) == "//") {
        std::size_t end = text_.find('\n', pos_);
        pos_ = end == std::string_view::npos ? text_.size() : end + 1;
      } else {
        return;
      }
    }
  }

  /// One value at pos_: true past it, false (pos_ where it started) when it is no value.
  bool value() {
    std::size_t start = pos_;
    bool ok = false;
    if (at('"'))
      ok = string();
    else if (at('{'))
      ok = object();
    else if (at('['))
      ok = array();
    else if (at('-') || digit())
      ok = number();
    else
      ok = literal("true") || literal("false") || literal("null");
    if (!ok) pos_ = start;
    return ok;
  }

  bool literal(std::string_view word) {
    if (text_.substr(pos_, word.size()) != word) return false;
    pos_ += word.size();
    return true;
  }

  bool string() {
    for (++pos_; pos_ < text_.size(); ++pos_) {
      auto c = static_cast<unsigned char>(text_[pos_]);
      if (c == '"') {
        ++pos_;
        return true;
      }
      if (c < 0x20) return false;
      if (c == '\\' && ++pos_ >= text_.size()) return false;
    }
    return false;
  }

  bool number() {
    if (at('-')) ++pos_;
    if (!digit()) return false;
    if (at('0')) {
      ++pos_;
      if (digit()) return false;
    } else {
      while (digit()) ++pos_;
    }
    if (at('.') && pos_ + 1 < text_.size() && text_[pos_ + 1] >= '0' && text_[pos_ + 1] <= '9') {
      ++pos_;
      while (digit()) ++pos_;
    }
    if (at('e') || at('E')) {
      std::size_t mark = pos_++;
      if (at('+') || at('-')) ++pos_;
      if (!digit()) {
        pos_ = mark;
        return true;
      }
      while (digit()) ++pos_;
    }
    return true;
  }

  bool array() {
    ++pos_;
    skip_ignored();
    if (at(']')) {
      ++pos_;
      return true;
    }
    while (true) {
      if (!value()) throw Failure{pos_};
      skip_ignored();
      if (at(']')) {
        ++pos_;
        return true;
      }
      if (!at(',')) throw Failure{pos_};
      ++pos_;
      skip_ignored();
    }
  }

  bool object() {
    ++pos_;
    skip_ignored();
    if (at('}')) {
      ++pos_;
      return true;
    }
    while (true) {
      if (!at('"') || !string()) return false;
      skip_ignored();
      if (!at(':')) return false;
      ++pos_;
      skip_ignored();
      if (!value()) return false;
      skip_ignored();
      if (at('}')) {
        ++pos_;
        return true;
      }
      if (!at(',')) return false;
      ++pos_;
      skip_ignored();
    }
  }

  std::string_view text_;
  std::size_t pos_ = 0;
};

/// Ruby's `message.slice(0, n).gsub(/\r?\n/, "\\n")`: n characters, line ends written as \n.
std::string clipped(std::string_view message, std::size_t characters) {
  std::string out;
  std::size_t count = 0;
  for (std::size_t i = 0; i < message.size(); ++i) {
    auto c = static_cast<unsigned char>(message[i]);
    if ((c & 0xC0) != 0x80 && count++ == characters) break;
    out += message[i];
  }
  std::string escaped;
  for (std::size_t i = 0; i < out.size(); ++i) {
    if (out[i] == '\r' && i + 1 < out.size() && out[i + 1] == '\n') continue;
    if (out[i] == '\n')
      escaped += "\\n";
    else
      escaped += out[i];
  }
  return escaped;
}

std::optional<std::string> check_json(const std::string& text) {
  std::optional<std::string> error = RubyJsonCheck(text).error();
  if (!error) return std::nullopt;
  return "JSON syntax checker: Cannot parse invalid JSON string. \"" + clipped(*error, 100) + "\"";
}

/// Ruby's Base64.strict_decode64 on the text without its line ends, blanks (and '?').
std::optional<std::string> check_base64(const std::string& text) {
  std::string cleaned;
  for (char c : text)
    if (c != '\r' && c != '?' && c != '\n' && c != ' ' && c != '\t') cleaned += c;
  auto in_alphabet = [](char c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '+' ||
           c == '/';
  };
  bool valid = cleaned.size() % 4 == 0;
  for (std::size_t i = 0; valid && i < cleaned.size(); ++i) {
    std::size_t from_end = cleaned.size() - i;
    if (cleaned[i] == '=')
      valid = from_end == 1 || (from_end == 2 && cleaned.back() == '=');
    else
      valid = in_alphabet(cleaned[i]);
  }
  if (valid) return std::nullopt;
  if ((cleaned.size() * 8) % 6 != 0)
    return "Base64 syntax checker: Cannot parse invalid Base64 string - padding is not correct";
  return "Base64 syntax checker: Cannot parse invalid Base64 string - contains letters outside "
         "strict base 64 range (or whitespace)";
}

/// Puppet's parser on the text, its error as a string parse reports it: the message and
/// "(line: L, column: C)".
template <class Parse>
std::optional<std::string> check_puppet(const std::string& text, const char* checker, Parse parse) {
  ast::Arena arena;
  try {
    parse(make_source("", text), arena);
    return std::nullopt;
  } catch (const SourceError& error) {
    std::string message = error.message();
    if (error.where().line > 0)
      message += " (line: " + std::to_string(error.where().line) +
                 ", column: " + std::to_string(error.where().column) + ")";
    return std::string(checker) + " syntax checker: \"" + clipped(message, 500) + "\"";
  }
}

std::optional<std::string> run_checker(std::string_view name, const std::string& text,
                                       bool& known) {
  known = true;
  if (name == "json") return check_json(text);
  if (name == "base64") return check_base64(text);
  if (name == "pp") return check_puppet(text, "PP", parse);
  if (name == "epp") return check_puppet(text, "EPP", parse_epp);
  known = false;
  return std::nullopt;
}

}  // namespace

std::optional<std::string> check_heredoc_syntax(std::string_view syntax, const std::string& text) {
  if (syntax.empty()) return std::nullopt;
  std::string_view name = syntax;
  while (true) {
    bool known = false;
    std::optional<std::string> error = run_checker(name, text, known);
    if (known) {
      if (!error) return std::nullopt;
      return "Invalid produced text having syntax: '" + std::string(syntax) + "'. " + *error;
    }
    std::size_t plus = name.find('+');
    if (plus == std::string_view::npos) return std::nullopt;
    name = name.substr(plus + 1);
  }
}

}  // namespace marionette::lang
