#include "rubyish/template_lexer.hpp"

#include <array>
#include <cctype>

#include "rubyish/tokens.hpp"

namespace marionette::rubyish {

namespace {

constexpr std::array kKeywords = {
    "if",    "unless", "elsif",  "else",  "end",   "case",   "when",   "then",  "do",
    "while", "until",  "and",    "or",    "not",   "nil",    "true",   "false", "self",
    "def",   "return", "next",   "break", "begin", "rescue", "ensure", "in",    "yield",
    "for",   "class",  "module", "undef", "alias", "redo",   "retry",  "super", "__FILE__"};

bool is_keyword(std::string_view word) {
  for (const char* keyword : kKeywords)
    if (word == keyword) return true;
  return false;
}

bool ident_start(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) || c == '_' ||
         static_cast<unsigned char>(c) >= 0x80;
}
bool ident_char(char c) {
  return ident_start(c) || std::isdigit(static_cast<unsigned char>(c));
}

/// After these a newline continues the statement.
bool continues_line(const Token& t) {
  if (t.kind == TokenKind::Operator) return t.text != ")" && t.text != "]" && t.text != "}";
  if (t.kind == TokenKind::Keyword) return t.text == "and" || t.text == "or" || t.text == "not";
  return t.kind == TokenKind::Output;
}

/// A value ends with this token, so that `/` after it divides and `[` after it indexes.
bool ends_value(const Token& t) {
  switch (t.kind) {
    case TokenKind::Integer:
    case TokenKind::Float:
    case TokenKind::String:
    case TokenKind::Symbol:
    case TokenKind::Regexp:
    case TokenKind::Words:
    case TokenKind::Ident:
    case TokenKind::Const:
    case TokenKind::InstanceVar:
    case TokenKind::GlobalVar:
      return true;
    case TokenKind::Keyword:
      return t.text == "end" || t.text == "nil" || t.text == "true" || t.text == "false" ||
             t.text == "self";
    case TokenKind::Operator:
      return t.text == ")" || t.text == "]" || t.text == "}";
    default:
      return false;
  }
}

class Lexer {
 public:
  Lexer(std::string_view source, int line) : s_(source), line_(line) {}

  std::vector<Token> run() {
    while (true) {
      bool space = skip_space();
      if (pos_ >= s_.size()) break;
      char c = s_[pos_];
      Token t;
      t.line = line_;
      t.space_before = space;
      if (c == '\n') {
        ++line_;
        ++pos_;
        if (out_.empty() || out_.back().kind == TokenKind::Newline || continues_line(out_.back()))
          continue;
        if (next_line_starts_with_dot()) continue;
        t.kind = TokenKind::Newline;
        out_.push_back(std::move(t));
        continue;
      }
      if (c == '\x01') {
        std::size_t end = s_.find('\x02', pos_);
        if (end == std::string_view::npos) fail("control character");
        t.kind = TokenKind::Text;
        t.text = std::string(s_.substr(pos_ + 1, end - pos_ - 1));
        pos_ = end + 1;
      } else if (c == '\x03') {
        t.kind = TokenKind::Output;
        ++pos_;
      } else if (std::isdigit(static_cast<unsigned char>(c))) {
        number(t);
      } else if (ident_start(c)) {
        identifier(t);
      } else if (c == '@') {
        if (pos_ + 1 < s_.size() && s_[pos_ + 1] == '@') fail("class variable");
        ++pos_;
        t.kind = TokenKind::InstanceVar;
        t.text = word();
        if (t.text.empty()) fail("'@'");
      } else if (c == '$') {
        ++pos_;
        t.kind = TokenKind::GlobalVar;
        if (pos_ < s_.size() && std::isdigit(static_cast<unsigned char>(s_[pos_])))
          while (pos_ < s_.size() && std::isdigit(static_cast<unsigned char>(s_[pos_])))
            t.text += s_[pos_++];
        else
          fail("global variable");
      } else if (c == '"' || c == '\'' || c == '`') {
        if (c == '`') fail("command substitution");
        ++pos_;
        t.kind = TokenKind::String;
        quoted(t, c, c, c == '"');
      } else if (c == ':' && pos_ + 1 < s_.size() && s_[pos_ + 1] != ':' &&
                 (ident_start(s_[pos_ + 1]) || s_[pos_ + 1] == '"' || s_[pos_ + 1] == '\'') &&
                 !(out_.size() && ends_value(out_.back()) && !space)) {
        symbol(t);
      } else if (c == '%' && percent_literal(t, space)) {
      } else if (c == '/' && regexp_allowed(space)) {
        ++pos_;
        t.kind = TokenKind::Regexp;
        quoted(t, '/', '/', true);
        while (pos_ < s_.size() && std::isalpha(static_cast<unsigned char>(s_[pos_])))
          t.flags += s_[pos_++];
      } else {
        operator_token(t);
      }
      out_.push_back(std::move(t));
    }
    Token end;
    end.line = line_;
    out_.push_back(std::move(end));
    return std::move(out_);
  }

 private:
  [[noreturn]] void fail(const std::string& what) { throw Unsupported{line_, what}; }

  bool skip_space() {
    bool any = false;
    while (pos_ < s_.size()) {
      char c = s_[pos_];
      if (c == ' ' || c == '\t' || c == '\r') {
        ++pos_;
      } else if (c == '\\' && pos_ + 1 < s_.size() && s_[pos_ + 1] == '\n') {
        pos_ += 2;
        ++line_;
      } else if (c == '#') {
        while (pos_ < s_.size() && s_[pos_] != '\n') ++pos_;
      } else if (c == '=' && (pos_ == 0 || s_[pos_ - 1] == '\n') &&
                 s_.substr(pos_, 6) == "=begin") {
        fail("=begin comment");
      } else {
        break;
      }
      any = true;
    }
    return any;
  }

  bool next_line_starts_with_dot() const {
    std::size_t p = pos_;
    while (p < s_.size() && (s_[p] == ' ' || s_[p] == '\t' || s_[p] == '\r' || s_[p] == '\n')) ++p;
    return p + 1 < s_.size() && ((s_[p] == '.' && s_[p + 1] != '.') || s_.substr(p, 2) == "&.");
  }

  bool regexp_allowed(bool space) const {
    if (out_.empty()) return true;
    const Token& last = out_.back();
    if (!ends_value(last)) return true;
    // `foo /x/`: a method called with a regexp argument.
    return last.kind == TokenKind::Ident && space && pos_ + 1 < s_.size() && s_[pos_ + 1] != ' ';
  }

  std::string word() {
    std::size_t start = pos_;
    while (pos_ < s_.size() && ident_char(s_[pos_])) ++pos_;
    return std::string(s_.substr(start, pos_ - start));
  }

  void number(Token& t) {
    std::size_t start = pos_;
    if (s_[pos_] == '0' && pos_ + 1 < s_.size() &&
        std::isalpha(static_cast<unsigned char>(s_[pos_ + 1])) && s_[pos_ + 1] != 'e' &&
        s_[pos_ + 1] != 'E')
      fail("number with a radix prefix");
    t.kind = TokenKind::Integer;
    auto digits = [&] {
      while (pos_ < s_.size() &&
             (std::isdigit(static_cast<unsigned char>(s_[pos_])) || s_[pos_] == '_'))
        ++pos_;
    };
    digits();
    if (pos_ + 1 < s_.size() && s_[pos_] == '.' &&
        std::isdigit(static_cast<unsigned char>(s_[pos_ + 1]))) {
      t.kind = TokenKind::Float;
      ++pos_;
      digits();
    }
    if (pos_ < s_.size() && (s_[pos_] == 'e' || s_[pos_] == 'E')) {
      t.kind = TokenKind::Float;
      ++pos_;
      if (pos_ < s_.size() && (s_[pos_] == '+' || s_[pos_] == '-')) ++pos_;
      digits();
    }
    for (char c : s_.substr(start, pos_ - start))
      if (c != '_') t.text += c;
    if (t.kind == TokenKind::Integer && s_[start] == '0' && t.text.size() > 1) fail("octal number");
  }

  void identifier(Token& t) {
    t.text = word();
    if (pos_ < s_.size() && (s_[pos_] == '?' || s_[pos_] == '!') &&
        !(pos_ + 1 < s_.size() && (s_[pos_ + 1] == '=' || s_[pos_ + 1] == '~')))
      t.text += s_[pos_++];
    if (t.text == "defined" && pos_ < s_.size() && s_[pos_] == '?') t.text += s_[pos_++];
    if (pos_ + 1 < s_.size() && s_[pos_] == ':' && s_[pos_ + 1] != ':' &&
        !(out_.size() && out_.back().text == "?")) {
      ++pos_;
      t.kind = TokenKind::Label;
      return;
    }
    bool after_dot = out_.size() && out_.back().kind == TokenKind::Operator &&
                     (out_.back().text == "." || out_.back().text == "&.");
    if (!after_dot && is_keyword(t.text)) {
      t.kind = TokenKind::Keyword;
      if (t.text == "__FILE__" || t.text == "yield" || t.text == "class" || t.text == "module" ||
          t.text == "alias" || t.text == "redo" || t.text == "retry" || t.text == "super" ||
          t.text == "for")
        fail("'" + t.text + "'");
    } else if (std::isupper(static_cast<unsigned char>(t.text[0]))) {
      t.kind = TokenKind::Const;
    } else {
      t.kind = TokenKind::Ident;
    }
  }

  void symbol(Token& t) {
    ++pos_;
    t.kind = TokenKind::Symbol;
    if (s_[pos_] == '"' || s_[pos_] == '\'') {
      char q = s_[pos_++];
      quoted(t, q, q, q == '"');
      if (t.parts.size() != 1 || t.parts[0].code) fail("interpolated symbol");
      t.text = t.parts[0].text;
      t.parts.clear();
      return;
    }
    t.text = word();
    if (pos_ < s_.size() && (s_[pos_] == '?' || s_[pos_] == '!' || s_[pos_] == '=') &&
        !(pos_ + 1 < s_.size() && (s_[pos_ + 1] == '=' || s_[pos_ + 1] == '>')))
      t.text += s_[pos_++];
  }

  bool percent_literal(Token& t, bool space) {
    if (pos_ + 1 >= s_.size()) return false;
    if (!out_.empty() && ends_value(out_.back()) &&
        !(space && s_[pos_ + 1] != ' ' && out_.back().kind == TokenKind::Ident))
      return false;
    char kind = s_[pos_ + 1];
    std::size_t open_at = pos_ + 2;
    if (!std::isalpha(static_cast<unsigned char>(kind))) {
      kind = 'Q';
      open_at = pos_ + 1;
    }
    if (open_at >= s_.size()) return false;
    char open = s_[open_at];
    if (std::isalnum(static_cast<unsigned char>(open)) || open == ' ' || open == '\n') return false;
    pos_ = open_at + 1;
    char close = closing_delimiter(open);
    switch (kind) {
      case 'q':
        t.kind = TokenKind::String;
        quoted(t, open, close, false);
        break;
      case 'Q':
        t.kind = TokenKind::String;
        quoted(t, open, close, true);
        break;
      case 'w':
      case 'i': {
        t.kind = TokenKind::Words;
        t.text = kind == 'i' ? "i" : "w";
        quoted(t, open, close, false);
        std::string body = t.parts.empty() ? "" : t.parts[0].text;
        t.parts.clear();
        std::size_t i = 0;
        while (i < body.size()) {
          while (i < body.size() && std::isspace(static_cast<unsigned char>(body[i]))) ++i;
          std::size_t start = i;
          while (i < body.size() && !std::isspace(static_cast<unsigned char>(body[i]))) ++i;
          if (i > start) t.parts.push_back({false, body.substr(start, i - start), t.line});
        }
        break;
      }
      case 'r':
        t.kind = TokenKind::Regexp;
        quoted(t, open, close, true);
        while (pos_ < s_.size() && std::isalpha(static_cast<unsigned char>(s_[pos_])))
          t.flags += s_[pos_++];
        break;
      default:
        fail(std::string("%") + kind + " literal");
    }
    return true;
  }

  /// The body of a quoted literal up to `close`, with escapes and `#{}` when `interpolate`.
  void quoted(Token& t, char open, char close, bool interpolate) {
    bool regexp = t.kind == TokenKind::Regexp;
    std::string text;
    int depth = 0;
    auto flush = [&] {
      if (!text.empty() || t.parts.empty()) t.parts.push_back({false, std::move(text), line_});
      text.clear();
    };
    while (true) {
      if (pos_ >= s_.size()) fail("unterminated literal");
      char c = s_[pos_++];
      if (c == '\n') ++line_;
      if (c == close && depth == 0) break;
      if (open != close && c == open) ++depth;
      if (open != close && c == close) --depth;
      if (c == '\\' && pos_ < s_.size()) {
        char e = s_[pos_++];
        if (e == '\n') {
          ++line_;
          if (interpolate) continue;
        }
        if (regexp) {
          if (e == close)
            text += e;
          else {
            text += '\\';
            text += e;
          }
        } else if (!interpolate) {
          if (e == close || e == '\\' || e == open)
            text += e;
          else {
            text += '\\';
            text += e;
          }
        } else {
          escape(e, text);
        }
      } else if (c == '#' && interpolate && pos_ < s_.size() && s_[pos_] == '{') {
        flush();
        ++pos_;
        int start_line = line_;
        std::size_t start = pos_;
        int braces = 0;
        while (pos_ < s_.size() && !(s_[pos_] == '}' && braces == 0)) {
          if (s_[pos_] == '{') ++braces;
          if (s_[pos_] == '}') --braces;
          if (s_[pos_] == '\n') ++line_;
          if (s_[pos_] == '"' || s_[pos_] == '\'') {
            char q = s_[pos_++];
            while (pos_ < s_.size() && s_[pos_] != q) pos_ += s_[pos_] == '\\' ? 2 : 1;
          }
          ++pos_;
        }
        if (pos_ >= s_.size()) fail("unterminated interpolation");
        t.parts.push_back({true, std::string(s_.substr(start, pos_ - start)), start_line});
        ++pos_;
      } else if (c == '#' && interpolate && pos_ < s_.size() &&
                 (s_[pos_] == '@' || s_[pos_] == '$')) {
        fail("interpolation without braces");
      } else {
        text += c;
      }
    }
    flush();
  }

  void escape(char e, std::string& text) {
    switch (e) {
      case 'n':
        text += '\n';
        break;
      case 't':
        text += '\t';
        break;
      case 'r':
        text += '\r';
        break;
      case 's':
        text += ' ';
        break;
      case '0':
        text += '\0';
        break;
      case 'e':
        text += '\x1b';
        break;
      case 'a':
        text += '\a';
        break;
      case 'b':
        text += '\b';
        break;
      case 'f':
        text += '\f';
        break;
      case 'v':
        text += '\v';
        break;
      case 'u':
      case 'x':
      case 'c':
      case 'C':
      case 'M':
        fail(std::string("escape \\") + e);
      default:
        if (e >= '1' && e <= '7') fail("octal escape");
        text += e;
    }
  }

  void operator_token(Token& t) {
    static constexpr std::array kOperators = {
        "**=", "<=>", "===", "...", "<<=", ">>=", "&&=", "||=", "==", "!=", ">=", "<=", "&&", "||",
        "<<",  ">>",  "**",  "=~",  "!~",  "..",  "::",  "+=",  "-=", "*=", "/=", "|=", "&=", "=>",
        "->",  "&.",  "+",   "-",   "*",   "/",   "%",   "=",   "<",  ">",  "!",  "&",  "|",  "^",
        "~",   "?",   ":",   ",",   ".",   ";",   "(",   ")",   "[",  "]",  "{",  "}"};
    for (const char* op : kOperators) {
      std::string_view o(op);
      if (s_.substr(pos_, o.size()) == o) {
        t.kind = TokenKind::Operator;
        t.text = o;
        pos_ += o.size();
        if (t.text == ";") t.kind = TokenKind::Newline;
        return;
      }
    }
    fail(std::string("character '") + s_[pos_] + "'");
  }

  std::string_view s_;
  std::size_t pos_ = 0;
  int line_;
  std::vector<Token> out_;
};

}  // namespace

std::vector<Token> tokenize_ruby(std::string_view source, int first_line) {
  return Lexer(source, first_line).run();
}

}  // namespace marionette::rubyish
