#include "rubyish/ruby_scanner.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <deque>

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

/// The keywords the native engine does not run.
bool is_refused_keyword(std::string_view word) {
  return word == "__FILE__" || word == "yield" || word == "class" || word == "module" ||
         word == "alias" || word == "redo" || word == "retry" || word == "super" || word == "for";
}

bool ident_start(char c) {
  return std::isalpha(static_cast<unsigned char>(c)) || c == '_' ||
         static_cast<unsigned char>(c) >= 0x80;
}
bool ident_char(char c) {
  return ident_start(c) || std::isdigit(static_cast<unsigned char>(c));
}
bool decimal_digit(char c) {
  return std::isdigit(static_cast<unsigned char>(c));
}
bool is_inline_space(char c) {
  return c == ' ' || c == '\t' || c == '\r';
}

/// The closing delimiter of a %-literal (`%w(`, `%r{`, `%q<`), or the same character for the
/// unbracketed ones (`%q|…|`).
char closing_delimiter(char open) {
  switch (open) {
    case '(':
      return ')';
    case '[':
      return ']';
    case '{':
      return '}';
    case '<':
      return '>';
    default:
      return open;
  }
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
    case TokenKind::ClassVar:
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

class Scanner {
 public:
  Scanner(std::string_view source, Reading reading, int line)
      : s_(source),
        tolerant_(reading == Reading::Tolerant),
        function_(reading == Reading::Function),
        line_(line) {}

  std::vector<Token> run() {
    while (true) {
      bool space = skip_space();
      if (pos_ >= s_.size()) break;
      char c = s_[pos_];
      Token t;
      t.line = line_;
      t.column = static_cast<int>(pos_ - line_start_ + 1);
      t.space_before = space;
      if (c == '\n') {
        next_line(++pos_);
        if (tolerant_ || function_) skip_heredoc_bodies();
        if (out_.empty() || out_.back().kind == TokenKind::Newline || continues_line(out_.back()))
          continue;
        if (next_line_starts_with_dot()) continue;
        t.kind = TokenKind::Newline;
        out_.push_back(std::move(t));
        continue;
      }
      if (c == '\x01' && !tolerant_) {
        std::size_t end = s_.find('\x02', pos_);
        if (end == std::string_view::npos) fail("control character");
        t.kind = TokenKind::Text;
        t.text = std::string(s_.substr(pos_ + 1, end - pos_ - 1));
        pos_ = end + 1;
      } else if (c == '\x03' && !tolerant_) {
        t.kind = TokenKind::Output;
        ++pos_;
      } else if (decimal_digit(c)) {
        number(t);
      } else if (ident_start(c)) {
        identifier(t);
      } else if (c == '@') {
        variable(t);
      } else if (c == '$') {
        global_variable(t);
      } else if (c == '"' || c == '\'' || c == '`') {
        if (c == '`') fail("command substitution");
        ++pos_;
        t.kind = TokenKind::String;
        quoted(t, c, c, c != '\'');
      } else if (c == ':' && peek(1) != ':' &&
                 (ident_start(peek(1)) || peek(1) == '"' || peek(1) == '\'' ||
                  (peek(1) == '@' &&
                   (ident_start(peek(2)) || (peek(2) == '@' && ident_start(peek(3)))))) &&
                 !(out_.size() && ends_value(out_.back()) && !space)) {
        symbol(t);
      } else if (c == '%' && percent_literal(t, space)) {
      } else if (c == '/' && regexp_allowed(space)) {
        ++pos_;
        t.kind = TokenKind::Regexp;
        quoted(t, '/', '/', true);
        regexp_flags(t);
      } else if (c == '<' && (tolerant_ || function_) && heredoc(t)) {
      } else {
        operator_token(t);
      }
      out_.push_back(std::move(t));
    }
    Token end;
    end.line = line_;
    end.column = static_cast<int>(pos_ - line_start_ + 1);
    out_.push_back(std::move(end));
    return std::move(out_);
  }

 private:
  /// What the native engine cannot run: refused when reading a template, read on otherwise.
  void fail(const std::string& what) {
    if (!tolerant_) throw Unsupported{line_, what};
  }

  char peek(std::size_t ahead) const { return pos_ + ahead < s_.size() ? s_[pos_ + ahead] : '\0'; }

  /// A line starts at `at`.
  void next_line(std::size_t at) {
    ++line_;
    line_start_ = at;
  }

  bool at_line_start() const { return pos_ == 0 || s_[pos_ - 1] == '\n'; }

  bool skip_space() {
    bool any = false;
    while (pos_ < s_.size()) {
      char c = s_[pos_];
      if (is_inline_space(c)) {
        ++pos_;
      } else if (c == '\\' && peek(1) == '\n') {
        pos_ += 2;
        next_line(pos_);
      } else if (c == '#') {
        while (pos_ < s_.size() && s_[pos_] != '\n') ++pos_;
      } else if (c == '=' && at_line_start() && s_.substr(pos_, 6) == "=begin") {
        fail("=begin comment");
        skip_block_comment();
      } else if (tolerant_ && at_line_start() && s_.substr(pos_, 7) == "__END__") {
        pos_ = s_.size();
      } else {
        break;
      }
      any = true;
    }
    return any;
  }

  /// `=begin` … `=end`: up to the end of the `=end` line.
  void skip_block_comment() {
    while (pos_ < s_.size() && !s_.substr(pos_).starts_with("=end")) {
      std::size_t end = s_.find('\n', pos_);
      if (end == std::string_view::npos) {
        pos_ = s_.size();
        return;
      }
      pos_ = end + 1;
      next_line(pos_);
    }
    std::size_t end = s_.find('\n', pos_);
    pos_ = end == std::string_view::npos ? s_.size() : end;
  }

  /// `<<-EOS`, `<<~EOS`, `<<EOS`, `<<-'EOS'`: a String token; the body, from the next line on,
  /// is skipped (skip_heredoc_bodies).
  bool heredoc(Token& t) {
    std::size_t probe = pos_ + 2;
    if (peek(1) != '<' || probe >= s_.size()) return false;
    bool indented = s_[probe] == '-' || s_[probe] == '~';
    if (indented) ++probe;
    char quote = probe < s_.size() ? s_[probe] : '\0';
    bool quoted = quote == '\'' || quote == '"';
    if (quoted) ++probe;
    std::size_t word = probe;
    while (probe < s_.size() && ident_char(s_[probe])) ++probe;
    bool upper = word < probe && std::isupper(static_cast<unsigned char>(s_[word]));
    if (!upper || (quoted && (probe >= s_.size() || s_[probe] != quote))) return false;
    // `x <<CONST` appends a constant when a value ends before it (a function file's reading).
    if (function_ && s_[pos_ + 2] != '-' && s_[pos_ + 2] != '~' && !out_.empty() &&
        ends_value(out_.back()))
      return false;
    heredocs_.push_back({std::string(s_.substr(word, probe - word)), indented, s_[pos_ + 2] == '~',
                         !(quoted && quote == '\''), out_.size()});
    pos_ = quoted ? probe + 1 : probe;
    t.kind = TokenKind::String;
    t.parts.push_back({false, "", line_});
    return true;
  }

  struct Heredoc {
    std::string terminator;
    bool indented;      ///< <<- and <<~: the terminator may be indented
    bool squiggly;      ///< <<~: the body's common indentation is taken off
    bool interpolated;  ///< not <<-'EOS': escapes and `#{}` as in "..."
    std::size_t token;  ///< its String token in out_
  };

  void skip_heredoc_bodies() {
    while (!heredocs_.empty()) {
      Heredoc heredoc = heredocs_.front();
      heredocs_.pop_front();
      std::size_t body_start = pos_, body_end = s_.size();
      int body_line = line_;
      bool terminated = false;
      while (pos_ < s_.size()) {
        body_end = pos_;
        std::size_t end = s_.find('\n', pos_);
        std::string_view line =
            s_.substr(pos_, end == std::string_view::npos ? s_.npos : end - pos_);
        if (heredoc.indented)
          while (!line.empty() && is_inline_space(line.front())) line.remove_prefix(1);
        while (!line.empty() && is_inline_space(line.back())) line.remove_suffix(1);
        pos_ = end == std::string_view::npos ? s_.size() : end + 1;
        next_line(pos_);
        if (line == heredoc.terminator) {
          terminated = true;
          break;
        }
      }
      if (!function_) continue;
      if (!terminated) fail("unterminated heredoc");
      heredoc_body(heredoc, s_.substr(body_start, terminated ? body_end - body_start : 0),
                   body_line);
    }
  }

  /// A function file's heredoc: its body becomes its String token's text (or parts).
  void heredoc_body(const Heredoc& heredoc, std::string_view body, int first_line) {
    std::string text(body);
    if (heredoc.squiggly) {
      // The least indentation of the lines with anything but blanks, taken off every line.
      std::size_t least = std::string::npos;
      for (std::size_t at = 0; at < text.size();) {
        std::size_t end = text.find('\n', at);
        if (end == std::string::npos) end = text.size();
        std::size_t blank = at;
        while (blank < end && (text[blank] == ' ' || text[blank] == '\t')) ++blank;
        if (text.find('\t', at) < blank) fail("a tab in a <<~ heredoc's indentation");
        if (blank < end && !(blank + 1 == end && text[blank] == '\r'))
          least = std::min(least, blank - at);
        at = end + 1;
      }
      std::string dedented;
      for (std::size_t at = 0; at < text.size();) {
        std::size_t end = text.find('\n', at);
        if (end == std::string::npos) end = text.size();
        std::size_t skip = 0;
        while (skip < least && at + skip < end && text[at + skip] == ' ') ++skip;
        dedented += text.substr(at + skip, end - at - skip);
        if (end < text.size()) dedented += '\n';
        at = end + 1;
      }
      text = std::move(dedented);
    }
    Token& token = out_[heredoc.token];
    token.parts.clear();
    token.raw = text;
    if (!heredoc.interpolated) {
      token.parts.push_back({false, text, first_line});
      return;
    }
    // As a double-quoted string's body: scanned by a scanner of its own up to a delimiter the
    // body does not hold.
    if (text.find('\x04') != std::string::npos) fail("control character");
    std::string framed = text + '\x04';
    Scanner inner(framed, Reading::Function, first_line);
    Token read;
    read.kind = TokenKind::String;
    inner.quoted(read, '\x04', '\x04', true);
    token.parts = std::move(read.parts);
  }

  bool next_line_starts_with_dot() const {
    std::size_t p = pos_;
    while (p < s_.size() && (is_inline_space(s_[p]) || s_[p] == '\n')) ++p;
    return p + 1 < s_.size() && ((s_[p] == '.' && s_[p + 1] != '.') || s_.substr(p, 2) == "&.");
  }

  bool regexp_allowed(bool space) const {
    if (out_.empty()) return true;
    const Token& last = out_.back();
    if (!ends_value(last)) return true;
    // `foo /x/`: a method called with a regexp argument.
    return last.kind == TokenKind::Ident && space && pos_ + 1 < s_.size() && s_[pos_ + 1] != ' ';
  }

  void regexp_flags(Token& t) {
    while (pos_ < s_.size() && std::isalpha(static_cast<unsigned char>(s_[pos_])))
      t.flags += s_[pos_++];
  }

  std::string word() {
    std::size_t start = pos_;
    while (pos_ < s_.size() && ident_char(s_[pos_])) ++pos_;
    return std::string(s_.substr(start, pos_ - start));
  }

  void number(Token& t) {
    std::size_t start = pos_;
    t.kind = TokenKind::Integer;
    if (s_[pos_] == '0' && std::isalpha(static_cast<unsigned char>(peek(1))) && peek(1) != 'e' &&
        peek(1) != 'E') {
      fail("number with a radix prefix");
      t.text = word();  // 0x1f, 0b101, 0o17 as written
      return;
    }
    auto digits = [&] {
      while (pos_ < s_.size() && (decimal_digit(s_[pos_]) || s_[pos_] == '_')) ++pos_;
    };
    digits();
    if (peek(0) == '.' && decimal_digit(peek(1))) {
      t.kind = TokenKind::Float;
      ++pos_;
      digits();
    }
    if (peek(0) == 'e' || peek(0) == 'E') {
      t.kind = TokenKind::Float;
      ++pos_;
      if (peek(0) == '+' || peek(0) == '-') ++pos_;
      digits();
    }
    for (char c : s_.substr(start, pos_ - start))
      if (c != '_') t.text += c;
    if (t.kind == TokenKind::Integer && s_[start] == '0' && t.text.size() > 1) fail("octal number");
  }

  void identifier(Token& t) {
    t.text = word();
    if ((peek(0) == '?' || peek(0) == '!') && peek(1) != '=' && peek(1) != '~')
      t.text += s_[pos_++];
    if (t.text == "defined" && peek(0) == '?') t.text += s_[pos_++];
    if (peek(0) == ':' && pos_ + 1 < s_.size() && peek(1) != ':' &&
        !(out_.size() && out_.back().text == "?")) {
      ++pos_;
      t.kind = TokenKind::Label;
      return;
    }
    bool after_dot = out_.size() && out_.back().kind == TokenKind::Operator &&
                     (out_.back().text == "." || out_.back().text == "&.");
    if (!after_dot && is_keyword(t.text)) {
      t.kind = TokenKind::Keyword;
      if (is_refused_keyword(t.text) && !(function_ && t.text == "module"))
        fail("'" + t.text + "'");
    } else if (std::isupper(static_cast<unsigned char>(t.text[0]))) {
      t.kind = TokenKind::Const;
    } else {
      t.kind = TokenKind::Ident;
    }
  }

  /// `@name`, and when reading tolerantly `@@name`; a lone `@` is an Operator.
  void variable(Token& t) {
    bool class_variable = peek(1) == '@';
    if (class_variable) fail("class variable");
    pos_ += class_variable ? 2 : 1;
    t.kind = class_variable ? TokenKind::ClassVar : TokenKind::InstanceVar;
    t.text = word();
    if (!t.text.empty()) return;
    fail("'@'");
    t.kind = TokenKind::Operator;
    t.text = class_variable ? "@@" : "@";
  }

  /// `$1`, and when reading tolerantly `$name`; a lone `$` is an Operator.
  void global_variable(Token& t) {
    ++pos_;
    t.kind = TokenKind::GlobalVar;
    if (decimal_digit(peek(0))) {
      while (pos_ < s_.size() && decimal_digit(s_[pos_])) t.text += s_[pos_++];
      return;
    }
    fail("global variable");
    if (ident_start(peek(0))) {
      t.text = word();
      return;
    }
    t.kind = TokenKind::Operator;
    t.text = "$";
  }

  void symbol(Token& t) {
    ++pos_;
    t.kind = TokenKind::Symbol;
    if (s_[pos_] == '"' || s_[pos_] == '\'') {
      char q = s_[pos_++];
      quoted(t, q, q, q == '"');
      if (t.parts.size() != 1 || t.parts[0].code) {
        fail("interpolated symbol");
        t.text = t.raw;
        return;
      }
      t.text = t.parts[0].text;
      t.parts.clear();
      return;
    }
    if (s_[pos_] == '@') {  // `:@name`, `:@@name`: an instance (class) variable's name
      t.text = s_[pos_ + 1] == '@' ? "@@" : "@";
      pos_ += t.text.size();
      t.text += word();
      return;
    }
    t.text = word();
    if ((peek(0) == '?' || peek(0) == '!' || peek(0) == '=') && peek(1) != '=' && peek(1) != '>')
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
    bool words = kind == 'w' || kind == 'i' || (tolerant_ && (kind == 'W' || kind == 'I'));
    if (kind != 'q' && kind != 'Q' && kind != 'r' && !words) {
      fail(std::string("%") + kind + " literal");
      return false;
    }
    pos_ = open_at + 1;
    char close = closing_delimiter(open);
    if (kind == 'r') {
      t.kind = TokenKind::Regexp;
      quoted(t, open, close, true);
      regexp_flags(t);
    } else if (!words) {
      t.kind = TokenKind::String;
      quoted(t, open, close, kind == 'Q');
    } else {
      t.kind = TokenKind::Words;
      t.text = kind == 'i' || kind == 'I' ? "i" : "w";
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
    }
    return true;
  }

  /// The body of a quoted literal up to `close`, with escapes and `#{}` when `interpolate`;
  /// t.raw keeps it as written.
  void quoted(Token& t, char open, char close, bool interpolate) {
    bool regexp = t.kind == TokenKind::Regexp;
    std::string text;
    int depth = 0;
    std::size_t body_start = pos_;
    std::size_t body_end = pos_;
    auto flush = [&] {
      if (!text.empty() || t.parts.empty()) t.parts.push_back({false, std::move(text), line_});
      text.clear();
    };
    while (true) {
      if (pos_ >= s_.size()) {
        fail("unterminated literal");
        body_end = pos_;
        break;
      }
      char c = s_[pos_++];
      if (c == '\n') next_line(pos_);
      if (c == close && depth == 0) {
        body_end = pos_ - 1;
        break;
      }
      if (open != close && c == open) ++depth;
      if (open != close && c == close) --depth;
      if (c == '\\' && pos_ < s_.size()) {
        char e = s_[pos_++];
        if (e == '\n') {
          next_line(pos_);
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
        interpolation(t);
      } else if (c == '#' && interpolate && pos_ < s_.size() &&
                 (s_[pos_] == '@' || s_[pos_] == '$')) {
        fail("interpolation without braces");
        text += c;
      } else {
        text += c;
      }
    }
    t.raw = std::string(s_.substr(body_start, body_end - body_start));
    flush();
  }

  /// At `{` of `#{`: the code up to its `}`, as a part.
  void interpolation(Token& t) {
    ++pos_;
    int start_line = line_;
    std::size_t start = pos_;
    int braces = 0;
    while (pos_ < s_.size() && !(s_[pos_] == '}' && braces == 0)) {
      if (s_[pos_] == '{') ++braces;
      if (s_[pos_] == '}') --braces;
      if (s_[pos_] == '\n') next_line(pos_ + 1);
      if (s_[pos_] == '"' || s_[pos_] == '\'') {
        char q = s_[pos_++];
        while (pos_ < s_.size() && s_[pos_] != q) pos_ += s_[pos_] == '\\' ? 2 : 1;
      }
      ++pos_;
    }
    if (pos_ >= s_.size()) {
      fail("unterminated interpolation");
      pos_ = s_.size();
      t.parts.push_back({true, std::string(s_.substr(start)), start_line});
      return;
    }
    t.parts.push_back({true, std::string(s_.substr(start, pos_ - start)), start_line});
    ++pos_;
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
        text += e;
        break;
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
    t.kind = TokenKind::Operator;
    for (const char* op : kOperators) {
      std::string_view o(op);
      if (s_.substr(pos_, o.size()) == o) {
        t.text = o;
        pos_ += o.size();
        if (t.text == ";") t.kind = TokenKind::Newline;
        return;
      }
    }
    fail(std::string("character '") + s_[pos_] + "'");
    t.text = std::string(1, s_[pos_++]);
  }

  std::string_view s_;
  bool tolerant_;
  bool function_;  ///< Reading::Function
  std::size_t pos_ = 0;
  std::size_t line_start_ = 0;
  int line_;
  std::deque<Heredoc> heredocs_;
  std::vector<Token> out_;
};

}  // namespace

std::vector<Token> scan_ruby(std::string_view source, Reading reading, int first_line) {
  return Scanner(source, reading, first_line).run();
}

std::vector<Token> tokenize_ruby(std::string_view source, int first_line) {
  return scan_ruby(source, Reading::Template, first_line);
}

}  // namespace marionette::rubyish
