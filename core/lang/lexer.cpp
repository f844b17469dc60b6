#include "lang/lexer.hpp"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <forward_list>
#include <iterator>
#include <string_view>
#include <utility>

#include "lang/diagnostic.hpp"
#include "lang/heredoc_syntax.hpp"
#include "lang/utf8.hpp"
#include "text/hex_digit.hpp"
#include "text/text.hpp"

namespace marionette::lang {

LineIndex::LineIndex(const std::string& text) {
  starts_.reserve(text.size() / 24 + 2);
  starts_.push_back(0);
  const char* begin = text.data();
  const char* end = begin + text.size();
  for (const char* at = begin;
       (at = static_cast<const char*>(std::memchr(at, '\n', static_cast<std::size_t>(end - at))));)
    starts_.push_back(static_cast<std::size_t>(++at - begin));
}

SourceLocation LineIndex::locate(const std::shared_ptr<const SourceFile>& file, std::size_t offset,
                                 std::size_t length) const {
  // Tokens come mostly in order: the line of the previous one, or one a little after it.
  std::size_t line = last_line_;
  std::size_t steps = 0;
  if (offset >= starts_[line - 1])
    while (line < starts_.size() && starts_[line] <= offset && ++steps < 8) ++line;
  if (offset < starts_[line - 1] || steps == 8)
    line = static_cast<std::size_t>(std::upper_bound(starts_.begin(), starts_.end(), offset) -
                                    starts_.begin());
  last_line_ = line;
  SourceLocation where;
  where.file = file.get();
  where.line = static_cast<std::uint32_t>(line);
  where.column = static_cast<std::uint32_t>(offset - starts_[line - 1] + 1);
  where.length = static_cast<std::uint32_t>(std::max<std::size_t>(1, length));
  return where;
}

namespace {

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}
using text::hex_digit_value;

bool is_hex_digit(char c) {
  return hex_digit_value(c) >= 0;
}

constexpr std::pair<std::string_view, TokenKind> kKeywords[] = {
    {"and", TokenKind::KwAnd},
    {"case", TokenKind::KwCase},
    {"class", TokenKind::KwClass},
    {"default", TokenKind::KwDefault},
    {"define", TokenKind::KwDefine},
    {"else", TokenKind::KwElse},
    {"elsif", TokenKind::KwElsif},
    {"false", TokenKind::KwFalse},
    {"function", TokenKind::KwFunction},
    {"if", TokenKind::KwIf},
    {"in", TokenKind::KwIn},
    {"inherits", TokenKind::KwInherits},
    {"node", TokenKind::KwNode},
    {"or", TokenKind::KwOr},
    {"true", TokenKind::KwTrue},
    {"undef", TokenKind::KwUndef},
    {"unless", TokenKind::KwUnless},
};

/// Operators and punctuation, longest first so that `<<|` wins over `<<` and `<`.
constexpr std::pair<std::string_view, TokenKind> kPunctuation[] = {
    {"<<|", TokenKind::ExportedCollectStart},
    {"|>>", TokenKind::ExportedCollectEnd},
    {"=>", TokenKind::FatArrow},
    {"+>", TokenKind::PlusArrow},
    {"+=", TokenKind::PlusAssign},
    {"-=", TokenKind::MinusAssign},
    {"==", TokenKind::Equal},
    {"!=", TokenKind::NotEqual},
    {"=~", TokenKind::Match},
    {"!~", TokenKind::NotMatch},
    {"<=", TokenKind::LessEqual},
    {">=", TokenKind::GreaterEqual},
    {"<<", TokenKind::LeftShift},
    {">>", TokenKind::RightShift},
    {"->", TokenKind::RightArrow},
    {"~>", TokenKind::RightTilde},
    {"<-", TokenKind::LeftArrow},
    {"<~", TokenKind::LeftTilde},
    {"<|", TokenKind::CollectStart},
    {"|>", TokenKind::CollectEnd},
    {"@@", TokenKind::AtAt},
    {"{", TokenKind::LBrace},
    {"}", TokenKind::RBrace},
    {"[", TokenKind::LBracket},
    {"]", TokenKind::RBracket},
    {"(", TokenKind::LParen},
    {")", TokenKind::RParen},
    {",", TokenKind::Comma},
    {";", TokenKind::Semicolon},
    {":", TokenKind::Colon},
    {"?", TokenKind::Question},
    {"|", TokenKind::Pipe},
    {".", TokenKind::Dot},
    {"@", TokenKind::At},
    {"=", TokenKind::Assign},
    {"<", TokenKind::Less},
    {">", TokenKind::Greater},
    {"+", TokenKind::Plus},
    {"-", TokenKind::Minus},
    {"*", TokenKind::Star},
    {"/", TokenKind::Slash},
    {"%", TokenKind::Percent},
    {"!", TokenKind::Not},
};

/// For each first character, the entries of kPunctuation that start with it (index + 1, in
/// the table's order, so still longest first; 0 ends the list).
constexpr auto kPunctuationByFirst = [] {
  std::array<std::array<std::uint8_t, 8>, 128> table{};
  for (std::size_t i = 0; i < std::size(kPunctuation); ++i) {
    auto& candidates = table[static_cast<unsigned char>(kPunctuation[i].first[0])];
    std::size_t n = 0;
    while (candidates[n] != 0) ++n;
    candidates[n] = static_cast<std::uint8_t>(i + 1);
  }
  return table;
}();

/// The operator or punctuation `rest` starts with, the longest that matches; length 0 if none.
std::pair<TokenKind, std::size_t> match_punctuation(std::string_view rest) {
  auto first = static_cast<unsigned char>(rest[0]);
  if (first >= kPunctuationByFirst.size()) return {TokenKind::End, 0};
  for (std::uint8_t index : kPunctuationByFirst[first]) {
    if (index == 0) break;
    const auto& [spelling, kind] = kPunctuation[index - 1];
    if (spelling.size() > rest.size()) continue;
    std::size_t at = 1;
    while (at < spelling.size() && spelling[at] == rest[at]) ++at;
    if (at == spelling.size()) return {kind, spelling.size()};
  }
  return {TokenKind::End, 0};
}

/// The text of a string, or of one part of it between interpolations, as it is read: a range
/// of the source while it is the source's text as written, a copy of its own from the first
/// character that differs (an escape processed, a heredoc's margin left out).
class PartText {
 public:
  /// Appends the source's characters [from, from + n).
  void append_source(const std::string& source, std::size_t from, std::size_t n) {
    if (n == 0) return;
    if (!owned_ && (length_ == 0 || start_ + length_ == from)) {
      if (length_ == 0) start_ = from;
      length_ += n;
      return;
    }
    own(source);
    copy_.append(source, from, n);
  }
  /// The copy, to append what the source does not have at this place.
  std::string& rewritten(const std::string& source) {
    own(source);
    return copy_;
  }
  bool empty() const { return owned_ ? copy_.empty() : length_ == 0; }
  bool owned() const { return owned_; }
  char back(const std::string& source) const {
    return owned_ ? copy_.back() : source[start_ + length_ - 1];
  }
  void pop_back() {
    if (owned_)
      copy_.pop_back();
    else
      --length_;
  }
  std::string_view view(const std::string& source) const {
    return owned_ ? std::string_view(copy_) : std::string_view(source).substr(start_, length_);
  }
  std::string take() {
    std::string copy = std::move(copy_);
    clear();
    return copy;
  }
  void clear() {
    owned_ = false;
    length_ = 0;
    copy_.clear();
  }

 private:
  void own(const std::string& source) {
    if (owned_) return;
    copy_.assign(source, start_, length_);
    owned_ = true;
  }

  std::size_t start_ = 0;
  std::size_t length_ = 0;
  bool owned_ = false;
  std::string copy_;
};

/// How the text of a double-quoted string or a heredoc is read.
struct BodySpec {
  std::size_t end = std::string::npos;  ///< heredoc: where the text stops; dq: at the quote
  bool double_quoted = true;
  bool interpolate = true;
  std::size_t margin = 0;                    ///< heredoc: indentation removed from every line
  bool join_lines = false;                   ///< heredoc /L: backslash-newline joins lines
  std::string_view escapes = "\\\"'nrts$u";  ///< the escapes that are processed
};

class Lexer {
 public:
  Lexer(const std::shared_ptr<const SourceFile>& file, bool epp, bool error_as_token = false)
      : file_(file),
        text_(file->text),
        lines_(file->text),
        epp_(epp),
        error_as_token_(error_as_token) {
    out_.reserve(text_.size() / 6 + 16);  // about one token per six characters of Puppet code
  }

  Tokens run() {
    // As Puppet (Ruby reading the file as UTF-8), a manifest or template must be UTF-8.
    if (auto bad = first_invalid_utf8(text_)) fail("invalid byte sequence in UTF-8", *bad);
    while (true) {
      const std::size_t read = out_.size();
      try {
        if (!lex_next()) break;
      } catch (const SourceError& e) {
        if (!error_as_token_) throw;
        out_.resize(read);  // the tokens of what could not be read to its end are not given
        Token error;
        error.kind = TokenKind::LexError;
        error.text = keep(e.message());
        error.where = e.where();
        out_.push_back(std::move(error));
        break;
      }
    }
    emit(TokenKind::End, {}, text_.size(), 0);
    return Tokens(file_, std::move(out_), std::move(rewritten_));
  }

 private:
  /// Reads the next token (or template text); false at the end of the text.
  bool lex_next() {
    if (epp_ && epp_tag_ == EppTag::None) {
      if (pos_ >= text_.size()) return false;
      lex_epp_text();
      return true;
    }
    skip_space();
    if (pos_ >= text_.size()) {
      if (epp_) fail("Unbalanced epp tag, reached <eof> without closing tag.", epp_tag_start_, 2);
      return false;
    }
    if (epp_ && lex_epp_close()) return true;
    lex_one();
    return true;
  }

  [[noreturn]] void fail(const std::string& message, std::size_t at, std::size_t length = 1) {
    throw SourceError(message, lines_.locate(file_, at, length));
  }

  /// Keeps a text the lexer made (not a range of the source) for the tokens' life.
  std::string_view keep(std::string text) { return rewritten_.emplace_front(std::move(text)); }

  /// What a token made of `part` views: the source, or the part's copy, kept.
  std::string_view text_of(PartText& part) {
    return part.owned() ? keep(part.take()) : part.view(text_);
  }

  void emit(TokenKind kind, std::string_view text, std::size_t start, std::size_t length) {
    Token token;
    token.kind = kind;
    token.text = text;
    token.where = lines_.locate(file_, std::min(start, text_.size()), length);
    token.space_before = space_;
    if (space_ && kind == TokenKind::LParen) {
      std::size_t before = std::min(start, text_.size());
      while (before > 0 &&
             (text_[before - 1] == ' ' || text_[before - 1] == '\t' || text_[before - 1] == '\r'))
        --before;
      token.line_start = before == 0 || text_[before - 1] == '\n';
    }
    space_ = false;
    out_.push_back(token);
  }

  char peek(std::size_t ahead = 0) const {
    return pos_ + ahead < text_.size() ? text_[pos_ + ahead] : '\0';
  }

  void skip_space() {
    while (pos_ < text_.size()) {
      char c = text_[pos_];
      std::size_t blank = 0;
      if (c == ' ' || c == '\t' || c == '\r') {
        ++pos_;
      } else if (c == '\n') {
        // The body of a heredoc follows the line that opened it: skip over it.
        if (heredoc_resume_ != std::string::npos) {
          pos_ = heredoc_resume_;
          heredoc_resume_ = std::string::npos;
        } else {
          ++pos_;
        }
      } else if (c == '#') {
        const void* newline = std::memchr(text_.data() + pos_, '\n', text_.size() - pos_);
        pos_ = newline ? static_cast<std::size_t>(static_cast<const char*>(newline) - text_.data())
                       : text_.size();
      } else if (c == '/' && peek(1) == '*') {
        std::size_t close = text_.find("*/", pos_ + 2);
        if (close == std::string::npos) fail("Unclosed multiline comment", pos_, 2);
        pos_ = close + 2;
      } else if (static_cast<unsigned char>(c) >= 0xC2 &&
                 (blank = unicode_blank_length(text_, pos_)) != 0) {
        pos_ += blank;  // Puppet's lexer skips [[:blank:]]: U+00A0 and the other space separators
      } else {
        return;
      }
      space_ = true;
    }
  }

  void lex_one() {
    char c = text_[pos_];
    if (c == '$') return lex_variable();
    if (is_digit(c)) return lex_number();
    if (text::is_word_char(c) || (c == ':' && peek(1) == ':' && text::is_word_char(peek(2))))
      return lex_word();
    // `::` starts a qualified name and nothing else (`$foo::::bar`): Puppet's lexer refuses it
    // after the colons.
    if (c == ':' && peek(1) == ':') fail("Illegal fully qualified name", pos_ + 2);
    if (c == '\'') return lex_single_quoted();
    if (c == '"') return lex_double_quoted();
    if (c == '@' && peek(1) == '(') return lex_heredoc();
    if (c == '/' && regex_allowed() && lex_regex()) return;
    if (auto [kind, length] = match_punctuation(std::string_view(text_).substr(pos_)); length) {
      emit(kind, {}, pos_, length);
      pos_ += length;
      return;
    }
    // Puppet names no text for a character it has no token for. Its lexer gives such a character
    // as a token of its own (OTHER) and reads on: its parser refuses that token when it reaches
    // it, but what cannot be read further on fails first when it is in the same string (an
    // interpolation is read to its end before the parser sees any of it).
    if (!error_as_token_) fail("Syntax error at ''", pos_);
    Token other;
    other.kind = TokenKind::LexError;
    other.text = "Syntax error at ''";
    other.where = lines_.locate(file_, pos_, 1);
    out_.push_back(std::move(other));
    ++pos_;
    while (pos_ < text_.size() && (static_cast<unsigned char>(text_[pos_]) & 0xC0) == 0x80) ++pos_;
  }

  /// Reads `(::)?\w+(::\w+)*` from pos_ and returns its end.
  std::size_t scan_qualified(std::size_t from) const {
    auto colons = [&](std::size_t at) {  // "::" at `at`, without a call to compare()
      return at + 1 < text_.size() && text_[at] == ':' && text_[at + 1] == ':';
    };
    std::size_t p = from;
    if (colons(p)) p += 2;
    while (true) {
      std::size_t segment = p;
      while (p < text_.size() && text::is_word_char(text_[p])) ++p;
      if (p == segment) return segment == from ? from : segment - 2;
      if (!colons(p) || p + 2 >= text_.size() || !text::is_word_char(text_[p + 2])) return p;
      p += 2;
    }
  }

  /// Reads Puppet's bare word `((::)?[a-z_]([\w-]*\w)?)+` from `from` and returns its end: a word
  /// that starts lowercase may hold hyphens (`display-name`, `x-1`), which a variable's name
  /// cannot (`$a-b` is a minus).
  std::size_t scan_bare_word(std::size_t from) const {
    std::size_t end = from;
    for (std::size_t p = from;;) {
      std::size_t segment =
          p + 1 < text_.size() && text_[p] == ':' && text_[p + 1] == ':' ? p + 2 : p;
      if (segment >= text_.size() ||
          !((text_[segment] >= 'a' && text_[segment] <= 'z') || text_[segment] == '_'))
        return end;
      std::size_t q = segment + 1;
      end = q;
      for (; q < text_.size() && (text::is_word_char(text_[q]) || text_[q] == '-'); ++q)
        if (text_[q] != '-') end = q + 1;
      p = end;
    }
  }

  void lex_variable() {
    std::size_t start = pos_;
    std::size_t end = scan_qualified(pos_ + 1);
    // A `$` without a name is a variable named '' for Puppet's lexer: the parser may refuse it
    // where it stands (a syntax error at ''), else the validator refuses the name.
    emit(TokenKind::Variable, source(pos_ + 1, end - pos_ - 1), start, end - start);
    pos_ = end;
  }

  void lex_word() {
    std::size_t start = pos_;
    std::size_t end = std::max(scan_qualified(pos_), scan_bare_word(pos_));
    std::string_view word = source(start, end - start);
    pos_ = end;
    std::size_t first = word.rfind(':') == std::string_view::npos ? 0 : word.find_first_not_of(':');
    if (word[first] >= 'A' && word[first] <= 'Z') {
      emit(TokenKind::TypeName, word, start, end - start);
      return;
    }
    for (const auto& [spelling, kind] : kKeywords) {
      if (word == spelling) {
        emit(kind, word, start, end - start);
        return;
      }
    }
    emit(TokenKind::Name, word, start, end - start);
  }

  void lex_number() {
    std::size_t start = pos_;
    bool is_float = false;
    if (peek() == '0' && (peek(1) == 'x' || peek(1) == 'X')) {
      pos_ += 2;
      while (is_hex_digit(peek())) ++pos_;
    } else {
      while (is_digit(peek())) ++pos_;
      if (peek() == '.' && is_digit(peek(1))) {
        is_float = true;
        ++pos_;
        while (is_digit(peek())) ++pos_;
      }
      if ((peek() == 'e' || peek() == 'E') &&
          (is_digit(peek(1)) || ((peek(1) == '-' || peek(1) == '+') && is_digit(peek(2))))) {
        is_float = true;
        pos_ += 2;
        while (is_digit(peek())) ++pos_;
      }
    }
    if (text::is_word_char(peek())) {
      while (text::is_word_char(peek())) ++pos_;
      check_number(source(start, pos_ - start), start);
      fail("Illegal number '" + text_.substr(start, pos_ - start) + "'", start, pos_ - start);
    }
    check_number(source(start, pos_ - start), start);
    emit(is_float ? TokenKind::Float : TokenKind::Integer, source(start, pos_ - start), start,
         pos_ - start);
  }

  /// Puppet's checks of a number's digits (`0x` hex, `0` octal), with its messages.
  void check_number(std::string_view number, std::size_t start) {
    auto all_of = [&](std::size_t from, std::string_view allowed) {
      return number.size() > from &&
             number.find_first_not_of(allowed, from) == std::string_view::npos;
    };
    if (number.size() > 1 && (number[1] == 'x' || number[1] == 'X') && number[0] == '0') {
      if (!all_of(2, "0123456789abcdefABCDEF"))
        fail("Not a valid hex number " + std::string(number), start, number.size());
    } else if (number.size() > 1 && number[0] == '0' && number[1] != '.') {
      if (!all_of(1, "01234567"))
        fail("Not a valid octal number " + std::string(number), start, number.size());
    }
  }

  /// Up to five characters from `at`, then "...", as Puppet shows what follows an error.
  std::string followed_by(std::size_t at) const {
    if (at >= text_.size()) return "<eof>";
    std::string shown;
    for (char c : text_.substr(at, 5)) {
      if (c == '\t')
        shown += "\\t";
      else if (c == '\n')
        shown += "\\n";
      else if (c == '\r')
        shown += "\\r";
      else
        shown += c;
    }
    return shown + "...";
  }

  void lex_single_quoted() {
    std::size_t start = pos_++;
    PartText value;
    while (true) {
      if (pos_ >= text_.size())
        fail("Unclosed quote after \"'\" followed by '" + followed_by(start + 1) + "'", start + 1);
      char c = text_[pos_];
      if (c == '\'') break;
      if (c == '\\' && (peek(1) == '\\' || peek(1) == '\'')) {
        value.rewritten(text_) += peek(1);
        pos_ += 2;
        continue;
      }
      // The characters up to the next quote or backslash, at once.
      std::size_t run = pos_ + 1;
      while (run < text_.size() && text_[run] != '\'' && text_[run] != '\\') ++run;
      value.append_source(text_, pos_, run - pos_);
      pos_ = run;
    }
    ++pos_;
    emit(TokenKind::String, text_of(value), start, pos_ - start);
  }

  void lex_double_quoted() {
    std::size_t start = pos_++;
    std::size_t first = out_.size();
    emit(TokenKind::StringStart, {}, start, 1);
    lex_body(BodySpec{}, start);
    emit(TokenKind::StringEnd, {}, pos_ - 1, 1);
    collapse_plain_string(first, start);
  }

  /// A string without interpolation becomes one String token, simpler for the parser.
  void collapse_plain_string(std::size_t first, std::size_t start) {
    std::size_t count = out_.size() - first;
    if (count > 3 || (count == 3 && out_[first + 1].kind != TokenKind::StringText)) return;
    Token token = std::move(out_[first]);
    token.kind = TokenKind::String;
    token.text = count == 3 ? out_[first + 1].text : std::string_view();
    token.where.length = static_cast<std::uint32_t>(pos_ - start);
    out_.resize(first);
    out_.push_back(std::move(token));
  }

  void flush_text(PartText& text, std::size_t start) {
    if (text.empty()) return;
    bool space = space_;
    emit(TokenKind::StringText, text_of(text), start, pos_ - start);
    space_ = space;
    text.clear();
  }

  /// Reads the text of a double-quoted string (up to and past its quote) or of a heredoc
  /// (up to spec.end), emitting text parts and interpolations.
  void lex_body(const BodySpec& spec, std::size_t opening) {
    PartText text;
    std::size_t text_start = pos_;
    bool line_start = !spec.double_quoted;
    // An unclosed string is reported after what Puppet's lexer read last of it: the opening
    // quote, the name of an interpolated $variable, or the last word of a `${...}` (placed
    // after its `}`).
    std::string_view last_read = "\"";
    std::size_t after_last = opening + 1;
    while (true) {
      std::size_t limit = spec.double_quoted ? text_.size() : spec.end;
      if (pos_ >= limit) {
        if (spec.double_quoted)
          fail("Unclosed quote after '" + std::string(last_read) + "' followed by '" +
                   followed_by(after_last) + "'",
               after_last);
        break;
      }
      if (line_start) {
        line_start = false;
        for (std::size_t n = 0;
             n < spec.margin && pos_ < limit && (text_[pos_] == ' ' || text_[pos_] == '\t'); ++n)
          ++pos_;
        continue;
      }
      char c = text_[pos_];
      if (spec.double_quoted && c == '"') {
        flush_text(text, text_start);
        ++pos_;
        return;
      }
      if (c == '\\' && pos_ + 1 < limit) {
        char next = text_[pos_ + 1];
        // Puppet drops a backslash-newline (or -CRLF) in double-quoted strings and /L heredocs.
        bool crlf = next == '\r' && pos_ + 2 < limit && text_[pos_ + 2] == '\n';
        if ((spec.double_quoted || spec.join_lines) && (next == '\n' || crlf)) {
          pos_ += crlf ? 3 : 2;
          line_start = true;
          continue;
        }
        if (spec.escapes.find(next) != std::string_view::npos) {
          pos_ += 2;
          append_escape(next, text.rewritten(text_));
          continue;
        }
      }
      if (c == '$' && spec.interpolate) {
        if (pos_ + 1 < limit && text_[pos_ + 1] == '{') {
          flush_text(text, text_start);
          std::size_t inside = out_.size();
          lex_interpolation();
          text_start = pos_;
          // Puppet's scanner last matched the last word, number or variable inside `${...}`.
          for (std::size_t i = out_.size(); i-- > inside;)
            if (!out_[i].text.empty()) {
              last_read = out_[i].text;
              break;
            }
          after_last = pos_;
          continue;
        }
        std::size_t end = scan_qualified(pos_ + 1);
        if (end > pos_ + 1 && end <= limit) {
          flush_text(text, text_start);
          emit(TokenKind::InterpolatedVariable, source(pos_ + 1, end - pos_ - 1), pos_, end - pos_);
          last_read = out_.back().text;
          pos_ = end;
          text_start = pos_;
          after_last = pos_;
          continue;
        }
      }
      if (c == '\n') {
        line_start = true;
        text.append_source(text_, pos_, 1);
        ++pos_;
        continue;
      }
      // The characters up to the next one with a meaning here, appended at once.
      std::size_t run = pos_ + 1;
      while (run < limit && text_[run] != '"' && text_[run] != '\\' && text_[run] != '$' &&
             text_[run] != '\n')
        ++run;
      text.append_source(text_, pos_, run - pos_);
      pos_ = run;
    }
    flush_text(text, text_start);
  }

  void append_escape(char escape, std::string& text) {
    switch (escape) {
      case 'n':
        text += '\n';
        return;
      case 'r':
        text += '\r';
        return;
      case 't':
        text += '\t';
        return;
      case 's':
        text += ' ';
        return;
      case 'u':
        return append_unicode(text);
      default:
        text += escape;
        return;
    }
  }

  /// Puppet only warns about a malformed `\u` escape and keeps it as written.
  void keep_bad_unicode(std::size_t start, std::string& text) {
    pos_ = start + 2;
    text += "\\u";
  }

  void append_unicode(std::string& text) {
    std::size_t start = pos_ - 2;
    std::uint32_t code = 0;
    if (peek() == '{') {
      ++pos_;
      std::size_t digits = 0;
      while (is_hex_digit(peek()) && digits < 6)
        code = code * 16 + static_cast<std::uint32_t>(hex_digit_value(text_[pos_++])), ++digits;
      if (peek() != '}' || digits == 0 || code > 0x10FFFF) return keep_bad_unicode(start, text);
      ++pos_;
    } else {
      for (int n = 0; n < 4; ++n) {
        if (!is_hex_digit(peek())) return keep_bad_unicode(start, text);
        code = code * 16 + static_cast<std::uint32_t>(hex_digit_value(text_[pos_++]));
      }
    }
    append_utf8(code, text);
  }

  /// `${ expression }`: ordinary tokens up to the brace that closes the interpolation.
  void lex_interpolation() {
    std::size_t start = pos_;
    struct DepthGuard {
      int& depth;
      ~DepthGuard() { --depth; }
    } guard{++interpolation_depth_};
    if (interpolation_depth_ > 100) fail("Interpolations nested too deeply", start, 2);
    emit(TokenKind::InterpolationStart, {}, pos_, 2);
    pos_ += 2;
    int depth = 0;
    while (true) {
      skip_space();
      if (pos_ >= text_.size()) fail("Unclosed interpolation: '${' without '}'", start, 2);
      if (text_[pos_] == '}' && depth == 0) {
        emit(TokenKind::InterpolationEnd, {}, pos_, 1);
        ++pos_;
        return;
      }
      lex_one();
      if (out_.back().kind == TokenKind::LBrace) ++depth;
      if (out_.back().kind == TokenKind::RBrace) --depth;
    }
  }

  bool regex_allowed() const {
    if (out_.empty()) return true;
    switch (out_.back().kind) {
      case TokenKind::Name:
      case TokenKind::TypeName:
      case TokenKind::Variable:
      case TokenKind::Integer:
      case TokenKind::Float:
      case TokenKind::String:
      case TokenKind::StringEnd:
      case TokenKind::RParen:
      case TokenKind::RBracket:
      case TokenKind::KwTrue:
      case TokenKind::KwFalse:
      case TokenKind::KwUndef:
        return false;
      default:
        return true;
    }
  }

  /// `/pattern/`, over several lines if need be, as Puppet's lexer reads it: up to the next `/`
  /// that an odd run of backslashes does not escape, `\/` becoming `/`; false when no `/`
  /// closes it (then it is a division after all).
  bool lex_regex() {
    std::size_t close = pos_;
    for (;;) {
      close = text_.find('/', close + 1);
      if (close == std::string::npos) return false;
      std::size_t backslashes = 0;
      while (close - backslashes - 1 > pos_ && text_[close - backslashes - 1] == '\\')
        ++backslashes;
      if (backslashes % 2 == 0) break;
    }
    PartText pattern;
    for (std::size_t p = pos_ + 1; p < close;) {
      std::size_t escaped = std::string_view(text_.data(), close).find("\\/", p);  // `\/` is `/`
      if (escaped == std::string_view::npos) escaped = close;
      pattern.append_source(text_, p, escaped - p);
      p = escaped + 1;
    }
    emit(TokenKind::Regex, text_of(pattern), pos_, close + 1 - pos_);
    pos_ = close + 1;
    return true;
  }

  void lex_heredoc();
  void lex_epp_text();
  bool lex_epp_close();
  void skip_epp_trim();

  enum class EppTag { None, Code, Render, Parameters };

  std::string_view source(std::size_t at, std::size_t length) const {
    return std::string_view(text_).substr(at, length);
  }

  std::shared_ptr<const SourceFile> file_;
  const std::string& text_;
  LineIndex lines_;
  std::size_t pos_ = 0;
  bool space_ = false;
  std::size_t heredoc_resume_ = std::string::npos;
  std::vector<Token> out_;
  std::forward_list<std::string>
      rewritten_;  ///< texts of tokens that are not the source's as written
  bool epp_ = false;
  /// A lexical error ends the tokens with a LexError token; a character with no token is one.
  bool error_as_token_ = false;
  int interpolation_depth_ = 0;
  /// Bytes of heredoc text read so far: heredocs in interpolations in heredocs read the same
  /// lines again, so nesting is bounded by this budget instead of taking exponential time.
  std::size_t heredoc_bytes_read_ = 0;
  EppTag epp_tag_ = EppTag::None;  ///< inside which kind of `<% %>` tag, in an EPP template
  std::size_t epp_tag_start_ = 0;
};

/// EPP template text up to the next tag (`<%`, `<%=`, `<%|`, `<%-`, `<%#` comments skipped),
/// with `<%%` and `%%>` standing for `<%` and `%>`.
void Lexer::lex_epp_text() {
  std::size_t start = pos_;
  PartText text;
  while (pos_ < text_.size()) {
    if (text_.compare(pos_, 3, "<%%") == 0 || text_.compare(pos_, 3, "%%>") == 0) {
      text.rewritten(text_) += text_[pos_] == '<' ? "<%" : "%>";
      pos_ += 3;
      continue;
    }
    if (text_.compare(pos_, 2, "<%") != 0) {
      // Up to the next character that may start a tag or `%%>`, at once.
      std::size_t run = pos_ + 1;
      while (run < text_.size() && text_[run] != '<' && text_[run] != '%') ++run;
      text.append_source(text_, pos_, run - pos_);
      pos_ = run;
      continue;
    }
    std::size_t tag = pos_;
    pos_ += 2;
    if (peek() == '-') {
      ++pos_;
      while (!text.empty() && (text.back(text_) == ' ' || text.back(text_) == '\t'))
        text.pop_back();
    }
    if (peek() == '#') {
      std::size_t close = text_.find("%>", pos_);
      if (close == std::string::npos)
        fail("Unbalanced epp comment, reached <eof> without closing tag.", tag, 3);
      pos_ = close + 2;
      if (text_[close - 1] == '-') skip_epp_trim();
      continue;
    }
    if (!text.empty()) emit(TokenKind::EppText, text_of(text), start, tag - start);
    epp_tag_start_ = tag;
    if (peek() == '=') {
      ++pos_;
      epp_tag_ = EppTag::Render;
      emit(TokenKind::EppRenderStart, {}, tag, pos_ - tag);
    } else if (std::size_t bar = text_.find_first_not_of(" \t", pos_);
               bar != std::string::npos && text_[bar] == '|') {
      pos_ = bar + 1;
      epp_tag_ = EppTag::Parameters;
      emit(TokenKind::EppParamsStart, {}, tag, pos_ - tag);
    } else {
      epp_tag_ = EppTag::Code;
    }
    space_ = true;
    return;
  }
  if (!text.empty()) emit(TokenKind::EppText, text_of(text), start, pos_ - start);
}

/// `%>`, `-%>` (which also eats the spaces and the line break after it) or `|%>`.
bool Lexer::lex_epp_close() {
  std::size_t start = pos_;
  bool parameters = epp_tag_ == EppTag::Parameters && peek() == '|';
  std::size_t p = pos_;
  if (parameters) {
    ++p;
    while (p < text_.size() && (text_[p] == ' ' || text_[p] == '\t')) ++p;
  }
  bool trim = text_.compare(p, 1, "-") == 0 && text_.compare(p + 1, 2, "%>") == 0;
  if (!trim && text_.compare(p, 2, "%>") != 0) return false;
  if (epp_tag_ == EppTag::Parameters && !parameters) return false;
  pos_ = p + (trim ? 3 : 2);
  if (epp_tag_ == EppTag::Render) emit(TokenKind::EppRenderEnd, {}, start, pos_ - start);
  if (epp_tag_ == EppTag::Parameters) emit(TokenKind::EppParamsEnd, {}, start, pos_ - start);
  epp_tag_ = EppTag::None;
  if (trim) skip_epp_trim();
  return true;
}

/// After `-%>`: spaces and tabs, then one line break.
void Lexer::skip_epp_trim() {
  while (peek() == ' ' || peek() == '\t') ++pos_;
  if (peek() == '\r' && peek(1) == '\n') ++pos_;
  if (peek() == '\n') ++pos_;
}

/// `@("TAG":syntax/flags)`: the text is on the lines after this one, up to `| TAG` or `TAG`.
void Lexer::lex_heredoc() {
  std::size_t start = pos_;
  std::size_t close = text_.find(')', pos_);
  std::size_t newline = text_.find('\n', pos_);
  if (close == std::string::npos)
    fail("Unclosed parenthesis after '@(' followed by '" + followed_by(start) + "'", start, 2);
  if (newline != std::string::npos && close > newline)
    fail("Invalid syntax in heredoc expected @(endtag[:syntax][/escapes])", close + 1);
  std::string_view spec(text_.data() + pos_ + 2, close - pos_ - 2);
  std::string_view flags;
  if (auto slash = spec.find('/'); slash != std::string_view::npos) {
    flags = spec.substr(slash + 1);
    spec = spec.substr(0, slash);
  }
  std::string_view syntax;
  if (auto colon = spec.find(':'); colon != std::string_view::npos) {
    syntax = spec.substr(colon + 1);
    spec = spec.substr(0, colon);
  }
  while (!spec.empty() && spec.back() == ' ') spec.remove_suffix(1);
  while (!spec.empty() && spec.front() == ' ') spec.remove_prefix(1);
  bool interpolate = spec.size() >= 2 && spec.front() == '"' && spec.back() == '"';
  std::string tag(interpolate ? spec.substr(1, spec.size() - 2) : spec);
  if (tag.empty()) fail("Heredoc with an empty endtag", close + 1);
  pos_ = close + 1;
  if (newline == std::string::npos && heredoc_resume_ == std::string::npos)
    fail("Heredoc without any following lines of text", pos_);

  std::size_t body = heredoc_resume_ != std::string::npos ? heredoc_resume_
                     : newline == std::string::npos       ? text_.size()
                                                          : newline + 1;
  // Find the line that ends the heredoc.
  std::size_t line = body, margin = 0, body_end = std::string::npos, resume = text_.size();
  bool trim_newline = false;
  while (line < text_.size()) {
    std::size_t eol = text_.find('\n', line);
    if (eol == std::string::npos) eol = text_.size();
    std::size_t p = line;
    while (p < eol && (text_[p] == ' ' || text_[p] == '\t')) ++p;
    std::size_t indent = p - line;
    bool has_margin = p < eol && text_[p] == '|';
    if (has_margin) {
      ++p;
      while (p < eol && text_[p] == ' ') ++p;
    }
    bool minus = p < eol && text_[p] == '-';
    if (minus) {
      ++p;
      while (p < eol && text_[p] == ' ') ++p;
    }
    std::size_t q = eol;
    while (q > p && (text_[q - 1] == ' ' || text_[q - 1] == '\t' || text_[q - 1] == '\r')) --q;
    if (std::string_view(text_.data() + p, q - p) == tag) {
      margin = has_margin ? indent : 0;
      trim_newline = minus;
      body_end = line;
      resume = eol < text_.size() ? eol + 1 : eol;
      break;
    }
    line = eol + 1;
  }
  if (body_end == std::string::npos) fail("Heredoc without end-tagged line", body);
  if (trim_newline && body_end > body) --body_end;

  BodySpec body_spec;
  body_spec.end = body_end;
  body_spec.double_quoted = false;
  body_spec.interpolate = interpolate;
  body_spec.margin = margin;
  body_spec.join_lines = flags.find('L') != std::string_view::npos;
  std::string escapes;
  for (char f : flags)
    if (f != 'L') escapes += f;
  if (!escapes.empty()) escapes += '\\';
  body_spec.escapes = escapes;

  std::size_t after_spec = pos_;
  std::size_t first = out_.size();
  emit(TokenKind::StringStart, {}, start, close + 1 - start);
  heredoc_bytes_read_ += body_end - body;
  if (heredoc_bytes_read_ > 16 * text_.size() + 65536)
    fail("Heredocs nested too deeply", start, close + 1 - start);
  pos_ = body;
  lex_body(body_spec, start);
  emit(TokenKind::StringEnd, {}, start, close + 1 - start);
  std::size_t count = out_.size() - first;
  if (count <= 3 && (count == 2 || out_[first + 1].kind == TokenKind::StringText)) {
    Token token = std::move(out_[first]);
    token.kind = TokenKind::String;
    token.text = count == 3 ? out_[first + 1].text : std::string_view();
    out_.resize(first);
    out_.push_back(std::move(token));
    // Puppet's validator checks static text against the syntax it names (the evaluator checks
    // interpolated text), and reports it where the text starts.
    if (!syntax.empty())
      if (auto error = check_heredoc_syntax(syntax, std::string(out_.back().text)))
        fail(*error, body);
  }
  pos_ = after_spec;
  heredoc_resume_ = resume;
}

}  // namespace

Tokens tokenize(const std::shared_ptr<const SourceFile>& file) {
  return Lexer(file, false).run();
}

Tokens tokenize_epp(const std::shared_ptr<const SourceFile>& file) {
  return Lexer(file, true).run();
}

Tokens tokenize_for_parser(const std::shared_ptr<const SourceFile>& file) {
  return Lexer(file, false, true).run();
}

Tokens tokenize_epp_for_parser(const std::shared_ptr<const SourceFile>& file) {
  return Lexer(file, true, true).run();
}

}  // namespace marionette::lang
