#include "rubyish/tokens.hpp"

#include <deque>

namespace marionette::rubyish {

namespace {

bool is_word_start(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
         static_cast<unsigned char>(c) >= 0x80;
}
bool is_word(char c) {
  return is_word_start(c) || (c >= '0' && c <= '9');
}
bool is_inline_space(char c) {
  return c == ' ' || c == '\t' || c == '\r';
}

class Scanner {
 public:
  explicit Scanner(std::string_view text) : text_(text) {}

  std::vector<RubyToken> run() {
    while (at_ < text_.size()) step();
    return std::move(tokens_);
  }

 private:
  char peek(std::size_t ahead = 0) const {
    return at_ + ahead < text_.size() ? text_[at_ + ahead] : '\0';
  }

  void newline() {
    ++at_;
    ++line_;
    line_start_ = at_;
    line_has_token_ = false;
    // Heredoc bodies start on the line after their opener.
    while (!heredocs_.empty()) {
      Heredoc heredoc = heredocs_.front();
      heredocs_.pop_front();
      skip_heredoc_body(heredoc);
    }
    // =begin … =end, at the start of a line.
    if (text_.substr(at_).starts_with("=begin")) {
      while (at_ < text_.size() && !text_.substr(at_).starts_with("=end")) {
        std::size_t end = text_.find('\n', at_);
        if (end == std::string_view::npos) {
          at_ = text_.size();
          return;
        }
        at_ = end + 1;
        ++line_;
        line_start_ = at_;
      }
      std::size_t end = text_.find('\n', at_);
      at_ = end == std::string_view::npos ? text_.size() : end;
    }
  }

  struct Heredoc {
    std::string terminator;
    bool indented;  ///< <<- and <<~: the terminator may be indented
  };

  void skip_heredoc_body(const Heredoc& heredoc) {
    while (at_ < text_.size()) {
      std::size_t end = text_.find('\n', at_);
      std::string_view line =
          text_.substr(at_, end == std::string_view::npos ? text_.npos : end - at_);
      if (heredoc.indented)
        while (!line.empty() && is_inline_space(line.front())) line.remove_prefix(1);
      while (!line.empty() && is_inline_space(line.back())) line.remove_suffix(1);
      at_ = end == std::string_view::npos ? text_.size() : end + 1;
      ++line_;
      line_start_ = at_;
      if (line == heredoc.terminator) return;
    }
  }

  RubyToken& push(RubyToken::Kind kind, std::string text, std::size_t start) {
    RubyToken token;
    token.kind = kind;
    token.text = std::move(text);
    token.line = line_;
    token.column = static_cast<std::uint32_t>(start - line_start_ + 1);
    token.first_on_line = !line_has_token_;
    line_has_token_ = true;
    tokens_.push_back(std::move(token));
    return tokens_.back();
  }

  /// Whether a `/` here starts a regex rather than a division: after an operator or an opening
  /// bracket, or after a name when written `name /x` (space before, none after), as Ruby reads it.
  bool slash_starts_regex() const {
    if (tokens_.empty() || !line_has_token_) return true;
    const RubyToken& last = tokens_.back();
    switch (last.kind) {
      case RubyToken::Kind::Punct:
        return !(last.text == ")" || last.text == "]" || last.text == "}");
      case RubyToken::Kind::Identifier:
        return last.text == "if" || last.text == "unless" || last.text == "when" ||
               last.text == "and" || last.text == "or" || last.text == "not" ||
               last.text == "return" ||
               (at_ > 0 && is_inline_space(text_[at_ - 1]) && !is_inline_space(peek(1)));
      case RubyToken::Kind::Label:
        return true;
      default:
        return false;
    }
  }

  /// Reads a delimited body from `at_` (just past the opener) up to `close`, nesting `open`.
  /// Returns the raw body; sets `interpolated` when it holds #{…}.
  std::string delimited(char open, char close, bool* interpolated) {
    std::string body;
    int depth = 0;
    while (at_ < text_.size()) {
      char c = text_[at_];
      if (c == '\\' && at_ + 1 < text_.size()) {
        body += c;
        body += text_[at_ + 1];
        if (text_[at_ + 1] == '\n') ++line_, line_start_ = at_ + 2;
        at_ += 2;
        continue;
      }
      if (c == '\n') {
        ++line_;
        line_start_ = at_ + 1;
      }
      if (c == '#' && peek(1) == '{' && interpolated) *interpolated = true;
      if (c == close && depth == 0) {
        ++at_;
        return body;
      }
      if (open != close && c == open) ++depth;
      if (open != close && c == close) --depth;
      body += c;
      ++at_;
    }
    return body;
  }

  std::string regex_flags() {
    std::string flags;
    while (at_ < text_.size() && (peek() == 'i' || peek() == 'm' || peek() == 'x' ||
                                  peek() == 'o' || peek() == 'u' || peek() == 'n'))
      flags += text_[at_++];
    return flags;
  }

  void step() {
    char c = peek();
    std::size_t start = at_;
    if (c == '\n') return newline();
    if (is_inline_space(c)) {
      ++at_;
      return;
    }
    if (c == '\\' && peek(1) == '\n') {  // a continued line
      ++at_;
      return newline();
    }
    if (c == '#') {
      while (at_ < text_.size() && peek() != '\n') ++at_;
      return;
    }
    if (text_.substr(at_).starts_with("__END__") && !line_has_token_) {
      at_ = text_.size();
      return;
    }
    if (is_word_start(c) || ((c == '@' || c == '$') && is_word_start(peek(1))) ||
        (c == '@' && peek(1) == '@')) {
      while (at_ < text_.size() && (peek() == '@' || peek() == '$')) ++at_;
      std::size_t word = at_;
      while (at_ < text_.size() && is_word(peek())) ++at_;
      bool constant = text_[word] >= 'A' && text_[word] <= 'Z' && word == start;
      if (constant) {
        while (peek() == ':' && peek(1) == ':' && is_word_start(peek(2))) {
          at_ += 2;
          while (at_ < text_.size() && is_word(peek())) ++at_;
        }
        push(RubyToken::Kind::Constant, std::string(text_.substr(start, at_ - start)), start);
        return;
      }
      if ((peek() == '?' || peek() == '!') && peek(1) != '=') ++at_;
      std::string name(text_.substr(start, at_ - start));
      if (peek() == ':' && peek(1) != ':' && word == start) {
        ++at_;
        push(RubyToken::Kind::Label, std::move(name), start);
        return;
      }
      push(RubyToken::Kind::Identifier, std::move(name), start);
      return;
    }
    if (c >= '0' && c <= '9') {
      while (at_ < text_.size() &&
             (is_word(peek()) || (peek() == '.' && peek(1) >= '0' && peek(1) <= '9')))
        ++at_;
      push(RubyToken::Kind::Number, std::string(text_.substr(start, at_ - start)), start);
      return;
    }
    if (c == ':' && peek(1) == '"') {
      at_ += 2;
      bool interpolated = false;
      std::string body = delimited('"', '"', &interpolated);
      push(RubyToken::Kind::Symbol, std::move(body), start).interpolated = interpolated;
      return;
    }
    if (c == ':' && is_word_start(peek(1))) {
      ++at_;
      std::size_t word = at_;
      while (at_ < text_.size() && is_word(peek())) ++at_;
      if (peek() == '?' || peek() == '!' || peek() == '=') ++at_;
      push(RubyToken::Kind::Symbol, std::string(text_.substr(word, at_ - word)), start);
      return;
    }
    if (c == '\'' || c == '"' || c == '`') {
      ++at_;
      bool interpolated = false;
      std::string body = delimited(c, c, c == '\'' ? nullptr : &interpolated);
      push(RubyToken::Kind::String, std::move(body), start).interpolated = interpolated;
      return;
    }
    if (c == '<' && peek(1) == '<' &&
        (peek(2) == '-' || peek(2) == '~' || is_word_start(peek(2)) || peek(2) == '\'' ||
         peek(2) == '"')) {  // a heredoc's opener: <<-EOS, <<~EOS, <<EOS, <<-'EOS'
      std::size_t probe = at_ + 2;
      bool indented = probe < text_.size() && (text_[probe] == '-' || text_[probe] == '~');
      if (indented) ++probe;
      char quote = probe < text_.size() ? text_[probe] : '\0';
      if (quote == '\'' || quote == '"') ++probe;
      std::size_t word = probe;
      while (probe < text_.size() && is_word(text_[probe])) ++probe;
      bool upper = word < probe && text_[word] >= 'A' && text_[word] <= 'Z';
      bool quoted = quote == '\'' || quote == '"';
      if (upper && (!quoted || (probe < text_.size() && text_[probe] == quote))) {
        std::string terminator(text_.substr(word, probe - word));
        if (quoted) ++probe;
        at_ = probe;
        heredocs_.push_back({terminator, indented});
        push(RubyToken::Kind::String, "", start);
        return;
      }
    }
    if (c == '%' &&
        (peek(1) == 'r' || peek(1) == 'q' || peek(1) == 'Q' || peek(1) == 'w' || peek(1) == 'W' ||
         peek(1) == 'i' || peek(1) == 'I') &&
        !is_word(peek(2)) && !is_inline_space(peek(2)) && peek(2) != '\0' && peek(2) != '\n') {
      char kind = peek(1);
      char open = peek(2);
      at_ += 3;
      bool interpolated = false;
      std::string body = delimited(open, closing_delimiter(open), &interpolated);
      if (kind == 'r') {
        RubyToken& token = push(RubyToken::Kind::Regex, std::move(body), start);
        token.interpolated = interpolated;
        token.flags = regex_flags();
      } else {
        push(RubyToken::Kind::String, std::move(body), start).interpolated =
            interpolated && kind != 'q' && kind != 'w' && kind != 'i';
      }
      return;
    }
    if (c == '%' && (peek(1) == '(' || peek(1) == '[' || peek(1) == '{') && slash_starts_regex()) {
      char open = peek(1);
      at_ += 2;
      bool interpolated = false;
      std::string body = delimited(open, closing_delimiter(open), &interpolated);
      push(RubyToken::Kind::String, std::move(body), start).interpolated = interpolated;
      return;
    }
    if (c == '/' && slash_starts_regex()) {
      ++at_;
      bool interpolated = false;
      std::string body = delimited('/', '/', &interpolated);
      RubyToken& token = push(RubyToken::Kind::Regex, std::move(body), start);
      token.interpolated = interpolated;
      token.flags = regex_flags();
      return;
    }
    static constexpr std::string_view kTwoCharacter[] = {"=>", "::", "==", "=~", "!=", "!~",
                                                         "||", "&&", "<=", ">=", "<<", "**",
                                                         "->", "..", "+=", "-=", "|=", "&="};
    for (std::string_view two : kTwoCharacter)
      if (text_.substr(at_, 2) == two) {
        at_ += 2;
        push(RubyToken::Kind::Punct, std::string(two), start);
        return;
      }
    ++at_;
    push(RubyToken::Kind::Punct, std::string(1, c), start);
  }

  std::string_view text_;
  std::size_t at_ = 0;
  std::uint32_t line_ = 1;
  std::size_t line_start_ = 0;
  bool line_has_token_ = false;
  std::deque<Heredoc> heredocs_;
  std::vector<RubyToken> tokens_;
};

}  // namespace

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

std::vector<RubyToken> ruby_tokens(std::string_view text) {
  return Scanner(text).run();
}

}  // namespace marionette::rubyish
