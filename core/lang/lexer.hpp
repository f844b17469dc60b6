#pragma once

#include <memory>
#include <vector>

#include "lang/source_location.hpp"
#include "lang/token.hpp"

namespace marionette::lang {

/// Turns a whole source file into tokens (ending with TokenKind::End). Throws SourceError.
std::vector<Token> tokenize(const std::shared_ptr<const SourceFile>& file);

/// Turns an EPP template into tokens: EppText for the text, ordinary tokens for the code in
/// `<% %>`, EppRenderStart ... EppRenderEnd around `<%= %>`, EppParamsStart ... EppParamsEnd
/// around the `<%| |%>` header. Throws SourceError.
std::vector<Token> tokenize_epp(const std::shared_ptr<const SourceFile>& file);

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
