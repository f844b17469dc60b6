#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>

namespace marionette::lang {

/// The text of one source file. Owned through shared_ptr by what parsed it (a Program) and by
/// the errors that point into it; tokens and AST nodes point at it without owning it.
struct SourceFile : std::enable_shared_from_this<SourceFile> {
  SourceFile(std::string path, std::string text) : path(std::move(path)), text(std::move(text)) {}
  std::string path;
  std::string text;
};

/// Where a token or node starts, and how many characters it spans (1-based line and column).
/// The file is not owned: copying a location costs no reference count (a shared_ptr here cost
/// an atomic increment and decrement for every token and node of every file parsed).
struct SourceLocation {
  const SourceFile* file = nullptr;
  std::uint32_t line = 0;
  std::uint32_t column = 0;
  std::uint32_t length = 1;

  bool known() const { return file != nullptr && line > 0; }
  const std::string& path() const;
};

}  // namespace marionette::lang
