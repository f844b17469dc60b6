#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace marionette::rubyish {

enum class TokenKind {
  Integer,
  Float,
  String,
  Symbol,
  Regexp,
  Words,
  Ident,
  Const,
  InstanceVar,
  GlobalVar,
  Keyword,
  Operator,
  Label,
  Newline,
  Text,    ///< ERB's literal text (the index of the text in ErbScript::texts)
  Output,  ///< ERB's `<%= %>`: the parenthesised expression that follows is printed
  End
};

/// A piece of a double-quoted string: text, or the code of an `#{...}`.
struct StringPart {
  bool code = false;
  std::string text;
  int line = 0;
};

struct Token {
  TokenKind kind = TokenKind::End;
  std::string text;  ///< the name, operator, keyword, number, or (Symbol) the symbol's name
  int line = 0;
  bool space_before = false;
  /// Strings, symbols written with quotes and regexps: the pieces; Words: one per word.
  std::vector<StringPart> parts;
  std::string flags;  ///< a regexp's options (`i`, `m`, `x`)
};

/// What the native engine does not take: the construct and its line. The template then goes
/// whole to another engine, or fails naming the construct.
struct Unsupported {
  int line;
  std::string construct;
};

/// Ruby's tokens for the subset templates use. Newlines are kept where Ruby ends a statement
/// with them (not after an operator or a comma, nor before a `.method` on the next line).
/// `\x01N\x02` stands for ERB text number N and `\x03` for an ERB output tag (erb_script.hpp).
/// Throws Unsupported for what it cannot read (heredocs, `=begin`, unknown characters).
std::vector<Token> tokenize_ruby(std::string_view source, int first_line = 1);

}  // namespace marionette::rubyish
