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
  ClassVar,  ///< `@@name` (only when reading tolerantly: templates refuse it)
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
  int column = 0;
  bool space_before = false;
  /// Strings, symbols written with quotes and regexps: the pieces; Words: one per word.
  std::vector<StringPart> parts;
  std::string raw;    ///< a literal's body as written (escapes and `#{}` untouched)
  std::string flags;  ///< a regexp's options (`i`, `m`, `x`)

  bool interpolated() const {
    for (const StringPart& part : parts)
      if (part.code) return true;
    return false;
  }
};

/// What the native engine does not take: the construct and its line. The template then goes
/// whole to another engine, or fails naming the construct.
struct Unsupported {
  int line;
  std::string construct;
};

/// How the scanner meets what the native ERB engine cannot run.
enum class Reading {
  /// A template's Ruby: `\x01N\x02` stands for ERB text number N and `\x03` for an ERB output
  /// tag (erb_script.hpp); throws Unsupported for what the engine cannot read (`=begin`,
  /// backquotes, class variables, escapes it does not know, unknown characters...).
  Template,
  /// A Ruby file read for its shape (the type readers): never throws; heredoc bodies, `=begin`
  /// blocks and what follows `__END__` are skipped; an unknown character is an Operator.
  Tolerant,
  /// A module's Ruby function file (compiler/erb/ruby_function.hpp): as Template, and also the
  /// `module` keyword and heredocs (`<<-EOS`, `<<~EOS`, `<<EOS`, `<<-'EOS'`), whose bodies are
  /// the String token's text (escapes and `#{}` read as in a double-quoted string, none in a
  /// single-quoted heredoc; `<<~` takes off the lines' common indentation).
  Function,
};

/// The one Ruby scanner. Newlines are kept where Ruby ends a statement with them (not after an
/// operator or a comma, nor before a `.method` on the next line); `/` is a regexp where no value
/// ends before it; the list ends with an End token.
std::vector<Token> scan_ruby(std::string_view source, Reading reading, int first_line = 1);

/// A template's tokens: scan_ruby(source, Reading::Template, first_line).
std::vector<Token> tokenize_ruby(std::string_view source, int first_line = 1);

}  // namespace marionette::rubyish
