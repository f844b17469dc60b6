#pragma once

#include <string>
#include <string_view>

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

struct Token {
  TokenKind kind = TokenKind::End;
  std::string text;  ///< names, values of strings, digits of numbers; empty for punctuation
  SourceLocation where;
  bool space_before = false;  ///< whitespace or a comment separates it from the previous token
  bool line_start = false;    ///< only blanks stand before it on its line
};

}  // namespace marionette::lang
