#pragma once

#include <cstdint>
#include <memory>
#include <string>

namespace marionette::lang {

/// The text of one source file, shared by every token and AST node that points into it.
struct SourceFile {
  std::string path;
  std::string text;
};

/// Where a token or node starts, and how many characters it spans (1-based line and column).
struct SourceLocation {
  std::shared_ptr<const SourceFile> file;
  std::uint32_t line = 0;
  std::uint32_t column = 0;
  std::uint32_t length = 1;

  bool known() const { return file != nullptr && line > 0; }
  const std::string& path() const;
};

}  // namespace marionette::lang
