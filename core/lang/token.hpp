#pragma once

#include <forward_list>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "lang/source_location.hpp"

namespace marionette::lang {

/// Every kind of token the lexer produces. Double-quoted strings and heredocs that interpolate
/// become a sequence: StringStart, then StringText / InterpolatedVariable / InterpolationStart ...
/// InterpolationEnd parts, then StringEnd.
enum class TokenKind {
  End,
  Name,      ///< bare word: `file`, `app::web`, `::app`
  TypeName,  ///< capitalised word: `File`, `App::Web`
  Variable,  ///< `$x`, `$::x`, `$app::port`, `$0` (text is the name without `$`)
  Integer,
  Float,
  String,  ///< single-quoted or a string without interpolation (text is the value)
  Regex,   ///< `/.../` (text is the pattern)
  StringStart,
  StringText,
  InterpolatedVariable,  ///< `$x` inside a double-quoted string (text is the name)
  InterpolationStart,    ///< `${`
  InterpolationEnd,      ///< the `}` closing `${`
  StringEnd,
  // Keywords.
  KwAnd,
  KwCase,
  KwClass,
  KwDefault,
  KwDefine,
  KwElse,
  KwElsif,
  KwFalse,
  KwFunction,
  KwIf,
  KwIn,
  KwInherits,
  KwNode,
  KwOr,
  KwTrue,
  KwUndef,
  KwUnless,
  // Punctuation and operators.
  LBrace,
  RBrace,
  LBracket,
  RBracket,
  LParen,
  RParen,
  Comma,
  Semicolon,
  Colon,
  Question,
  Pipe,
  Dot,
  At,
  AtAt,
  FatArrow,     ///< =>
  PlusArrow,    ///< +>
  Assign,       ///< =
  PlusAssign,   ///< +=
  MinusAssign,  ///< -=
  Equal,        ///< ==
  NotEqual,     ///< !=
  Match,        ///< =~
  NotMatch,     ///< !~
  Less,
  LessEqual,
  Greater,
  GreaterEqual,
  LeftShift,
  RightShift,
  Plus,
  Minus,
  Star,
  Slash,
  Percent,
  Not,                   ///< !
  RightArrow,            ///< ->  (before)
  RightTilde,            ///< ~>  (notify)
  LeftArrow,             ///< <-  (require)
  LeftTilde,             ///< <~  (subscribe)
  CollectStart,          ///< <|
  CollectEnd,            ///< |>
  ExportedCollectStart,  ///< <<|
  ExportedCollectEnd,    ///< |>>
  // EPP templates (tokenize_epp only).
  EppText,         ///< template text between tags (text is the value, trimmed)
  EppRenderStart,  ///< `<%=`
  EppRenderEnd,    ///< the `%>` or `-%>` closing `<%=`
  EppParamsStart,  ///< `<%|`
  EppParamsEnd,    ///< `|%>`
  // tokenize_for_parser only: the text from here on could not be read (text is the message).
  LexError,
};

/// A short, readable name for a token kind ("'{'", "a name", "end of input"), for messages.
std::string_view describe(TokenKind kind);

/// A token does not own its text: it views the source file's text where the value is written
/// as is (names, numbers, most strings), else text the Tokens holding it keep (a string whose
/// escapes were processed, a heredoc's text without its margin).
struct Token {
  TokenKind kind = TokenKind::End;
  bool space_before = false;  ///< whitespace or a comment separates it from the previous token
  /// Only blanks stand before it on its line. Set for `(` only, the one token the parser asks
  /// (after a type name, a `(` first on its line starts an expression of its own).
  bool line_start = false;
  std::string_view text;  ///< names, values of strings, digits of numbers; empty for punctuation
  SourceLocation where;
};

/// The tokens of one file, with what their texts view: the file, and the texts the lexer
/// rewrote. Read like a vector.
class Tokens {
 public:
  Tokens() = default;
  Tokens(std::shared_ptr<const SourceFile> file, std::vector<Token> list,
         std::forward_list<std::string> rewritten)
      : file_(std::move(file)), list_(std::move(list)), rewritten_(std::move(rewritten)) {}

  std::size_t size() const { return list_.size(); }
  bool empty() const { return list_.empty(); }
  const Token& operator[](std::size_t at) const { return list_[at]; }
  Token& operator[](std::size_t at) { return list_[at]; }
  const Token& back() const { return list_.back(); }
  std::vector<Token>::const_iterator begin() const { return list_.begin(); }
  std::vector<Token>::const_iterator end() const { return list_.end(); }

 private:
  std::shared_ptr<const SourceFile> file_;
  std::vector<Token> list_;
  /// A list, so that a text stays where it is as more are added (short strings are kept
  /// inside the std::string itself) and when the Tokens move; nothing allocated when empty.
  std::forward_list<std::string> rewritten_;
};

}  // namespace marionette::lang
