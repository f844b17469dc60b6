#pragma once

#include <memory>
#include <string>
#include <vector>

#include "lang/source_location.hpp"
#include "lang/token.hpp"

namespace marionette::lang {

/// Turns a whole source file into tokens (ending with TokenKind::End). Throws SourceError.
Tokens tokenize(const std::shared_ptr<const SourceFile>& file);

/// Turns an EPP template into tokens: EppText for the text, ordinary tokens for the code in
/// `<% %>`, EppRenderStart ... EppRenderEnd around `<%= %>`, EppParamsStart ... EppParamsEnd
/// around the `<%| |%>` header. Throws SourceError.
Tokens tokenize_epp(const std::shared_ptr<const SourceFile>& file);

/// tokenize and tokenize_epp as the parser takes the tokens. Puppet's lexer reads on only as
/// its parser asks for the next token, so a syntax error before text the lexer cannot read (an
/// unclosed quote further on) is the error Puppet reports: here a lexical error ends the tokens
/// read before it with a LexError token (its message as text, at its place), which the parser
/// raises when it reaches it. A file that is not UTF-8 still throws at once, as in Puppet.
Tokens tokenize_for_parser(const std::shared_ptr<const SourceFile>& file);
Tokens tokenize_epp_for_parser(const std::shared_ptr<const SourceFile>& file);

/// Line and column (1-based) of a byte offset, found from a table of line starts. Remembers the
/// last line found, so one index is for one thread.
class LineIndex {
 public:
  explicit LineIndex(const std::string& text);
  SourceLocation locate(const std::shared_ptr<const SourceFile>& file, std::size_t offset,
                        std::size_t length) const;

 private:
  std::vector<std::size_t> starts_;
  mutable std::size_t last_line_ = 1;  ///< 1-based
};

}  // namespace marionette::lang
