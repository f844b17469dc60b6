#include "ral/augeas_commands.hpp"

#include <map>
#include <optional>

#include "ral/ruby_lines.hpp"
#include "rubyish/value.hpp"

namespace marionette::ral::augeas {

namespace {

enum class Formal { path, string, comparator, integer, glob };

/// The commands and the arguments each takes, as the provider's COMMANDS table has them.
const std::map<std::string, std::vector<Formal>>& formals() {
  using enum Formal;
  static const std::map<std::string, std::vector<Formal>> table = {
      {"set", {path, string}},
      {"setm", {path, string, string}},
      {"rm", {path}},
      {"remove", {path}},
      {"clear", {path}},
      {"clearm", {path, string}},
      {"touch", {path}},
      {"mv", {path, path}},
      {"move", {path, path}},
      {"rename", {path, string}},
      {"insert", {string, string, path}},
      {"ins", {string, string, path}},
      {"get", {path, comparator, string}},
      {"values", {path, glob}},
      {"defvar", {string, path}},
      {"defnode", {string, path, string}},
      {"match", {path, glob}},
      {"size", {comparator, integer}},
      {"include", {string}},
      {"not_include", {string}},
      {"==", {glob}},
      {"!=", {glob}},
  };
  return table;
}

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r';
}

bool is_word(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

/// A cursor over one line, as Ruby's StringScanner is used by parse_commands.
class Scanner {
 public:
  explicit Scanner(const std::string& text) : text_(text) {}

  bool at_end() const { return pos_ >= text_.size(); }
  std::size_t pos() const { return pos_; }
  std::string rest() const { return at_end() ? "" : text_.substr(pos_); }
  char peek() const { return at_end() ? '\0' : text_[pos_]; }
  const std::string& text() const { return text_; }

  void skip_spaces() {
    while (!at_end() && is_space(text_[pos_])) ++pos_;
  }

  /// /\w+|==|!=/ at the cursor; empty when neither is there.
  std::string command_name() {
    const std::size_t start = pos_;
    while (!at_end() && is_word(text_[pos_])) ++pos_;
    if (pos_ == start && (text_.compare(pos_, 2, "==") == 0 || text_.compare(pos_, 2, "!=") == 0))
      pos_ += 2;
    return text_.substr(start, pos_ - start);
  }

  /// The provider's path scan: up to a blank outside brackets and quotes, or the end.
  std::string path() {
    const std::size_t start = pos_;
    int brackets = 0;
    bool in_single = false;
    bool in_double = false;
    for (;;) {
      // /([^\]\[\s\\'"]|\\.)+/
      while (!at_end()) {
        const char c = text_[pos_];
        if (c == '\\' && pos_ + 1 < text_.size() && text_[pos_ + 1] != '\n') {
          pos_ += 2;
        } else if (c != '[' && c != ']' && !is_space(c) && c != '\\' && c != '\'' && c != '"') {
          ++pos_;
        } else {
          break;
        }
      }
      const bool got = !at_end();
      const char c = got ? text_[pos_++] : '\0';
      if (c == '[') ++brackets;
      if (c == ']') --brackets;
      if (c == '\'') in_single = !in_single;
      if (c == '"') in_double = !in_double;
      if (brackets < 0) throw CommandError("unmatched [");
      if ((brackets == 0 && !in_single && !in_double && got && is_space(c)) || at_end()) break;
    }
    std::size_t length = pos_ - start;
    if (!at_end()) --length;
    return text_.substr(start, length);
  }

  /// A quoted string (only its own quote unescaped) or a run of non-blanks; nothing when none.
  std::optional<std::string> string() {
    const char delimiter = peek();
    if (delimiter == '\'' || delimiter == '"') {
      ++pos_;
      std::string value;
      while (!at_end() && text_[pos_] != delimiter) {
        if (text_[pos_] == '\\') {
          if (pos_ + 1 >= text_.size() || text_[pos_ + 1] == '\n') break;
          if (text_[pos_ + 1] != delimiter) value += '\\';
          value += text_[pos_ + 1];
          pos_ += 2;
        } else {
          value += text_[pos_++];
        }
      }
      if (!at_end()) ++pos_;  // the closing quote, or whatever stopped the scan
      return value;
    }
    const std::size_t start = pos_;
    while (!at_end() && !is_space(text_[pos_])) ++pos_;
    if (pos_ == start) return std::nullopt;
    return text_.substr(start, pos_ - start);
  }

  /// /(==|!=|=~|<=|>=|<|>)/ at the cursor; empty when none.
  std::string comparator() {
    for (const char* candidate : {"==", "!=", "=~", "<=", ">=", "<", ">"}) {
      const std::string_view text(candidate);
      if (text_.compare(pos_, text.size(), text) == 0) {
        pos_ += text.size();
        return std::string(text);
      }
    }
    return {};
  }

  /// /\d+/ then Ruby's to_i (0 when there are no digits).
  std::string integer() {
    const std::size_t start = pos_;
    while (!at_end() && text_[pos_] >= '0' && text_[pos_] <= '9') ++pos_;
    std::string digits = text_.substr(start, pos_ - start);
    const std::size_t first = digits.find_first_not_of('0');
    return first == std::string::npos ? "0" : digits.substr(first);
  }

  void to_end() { pos_ = text_.size(); }

 private:
  const std::string& text_;
  std::size_t pos_ = 0;
};

std::string with_context(std::string path, const std::string& context) {
  if (!path.empty() && (path.front() == '\'' || path.front() == '"')) {
    path = path.size() >= 2 ? path.substr(1, path.size() - 2) : "";
  }
  if (!path.empty() && path.back() == '/') path.pop_back();
  if (path.starts_with('$') || path.starts_with('/')) return path;
  return context + path;
}

Command parse_line(const std::string& line, const std::string& context) {
  Scanner scanner(line);
  Command command;
  const std::string name = scanner.command_name();
  auto found = formals().find(name);
  if (found == formals().end()) throw CommandError("Unknown command " + name);
  command.push_back(name);
  int argument = 0;
  for (Formal formal : found->second) {
    scanner.skip_spaces();
    ++argument;
    switch (formal) {
      case Formal::path:
        command.push_back(with_context(scanner.path(), context));
        break;
      case Formal::string: {
        std::optional<std::string> value = scanner.string();
        if (!value) {
          throw CommandError("missing string argument " + std::to_string(argument) + " for " +
                             name);
        }
        command.push_back(*value);
        break;
      }
      case Formal::comparator: {
        std::string comparator = scanner.comparator();
        if (comparator.empty()) throw CommandError("invalid comparator for command " + name);
        command.push_back(comparator);
        break;
      }
      case Formal::integer:
        command.push_back(scanner.integer());
        break;
      case Formal::glob:
        command.push_back(scanner.rest());
        scanner.to_end();
        break;
    }
  }
  return command;
}

}  // namespace

std::vector<Command> parse_commands(const std::vector<std::string>& lines,
                                    const std::string& given_context) {
  std::string context = given_context;
  if (!context.empty() && context.back() != '/') context += '/';
  std::vector<Command> commands;
  for (const auto& line : lines) {
    const std::string text = stripped(line);
    if (text.empty()) continue;
    commands.push_back(parse_line(text, context));
  }
  return commands;
}

namespace {

/// The array parser's cursor: `[`, quoted strings separated by commas, `]`.
class ArrayScanner {
 public:
  explicit ArrayScanner(const std::string& text) : text_(text) {}

  std::vector<std::string> array() {
    if (!punctuation('[')) fail();
    std::vector<std::string> values;
    // As the provider's array_values: a separator may end the list ("['a',]").
    for (std::optional<std::string> value = quoted(); value; value = quoted()) {
      values.push_back(*value);
      if (!punctuation(',')) break;
    }
    if (!punctuation(']') || pos_ != text_.size()) fail();
    return values;
  }

 private:
  [[noreturn]] void fail() const {
    throw CommandError("Unexpected character in array at: " + text_.substr(pos_));
  }

  /// /\s*C\s*/
  bool punctuation(char c) {
    std::size_t at = pos_;
    while (at < text_.size() && is_space(text_[at])) ++at;
    if (at >= text_.size() || text_[at] != c) return false;
    ++at;
    while (at < text_.size() && is_space(text_[at])) ++at;
    pos_ = at;
    return true;
  }

  std::optional<std::string> quoted() {
    if (pos_ >= text_.size()) return std::nullopt;
    const char quote = text_[pos_];
    if (quote != '\'' && quote != '"') return std::nullopt;
    std::size_t at = pos_ + 1;
    std::string value;
    while (at < text_.size() && text_[at] != quote) {
      if (text_[at] != '\\') {
        value += text_[at++];
        continue;
      }
      if (at + 1 >= text_.size()) return std::nullopt;
      const char escaped = text_[at + 1];
      if (quote == '\'') {
        if (escaped != '\'' && escaped != '\\') return std::nullopt;
        value += escaped;
        at += 2;
        continue;
      }
      std::optional<char> meaning = double_quote_escape(escaped);
      if (!meaning) return std::nullopt;
      value += *meaning;
      at += 2;
    }
    if (at >= text_.size()) return std::nullopt;
    pos_ = at + 1;
    return value;
  }

  /// The one-character escapes of a double-quoted string (\x, \u and octal are not kept).
  static std::optional<char> double_quote_escape(char c) {
    switch (c) {
      case '\\':
        return '\\';
      case '"':
        return '"';
      case 'a':
        return '\a';
      case 'b':
        return '\b';
      case 't':
        return '\t';
      case 'n':
        return '\n';
      case 'v':
        return '\v';
      case 'f':
        return '\f';
      case 'r':
        return '\r';
      case 'e':
        return '\x1b';
      case 's':
        return ' ';
      default:
        return std::nullopt;
    }
  }

  const std::string& text_;
  std::size_t pos_ = 0;
};

}  // namespace

std::vector<std::string> parse_string_array(const std::string& text) {
  return ArrayScanner(text).array();
}

std::string inspect(const std::vector<std::string>& strings) {
  rubyish::RubyArray array;
  for (const auto& text : strings) array.emplace_back(text);
  return rubyish::inspect(rubyish::RubyValue(std::move(array)));
}

}  // namespace marionette::ral::augeas
