#pragma once

#include <filesystem>
#include <memory>
#include <string>

#include "lang/ast/arena.hpp"
#include "lang/ast/control.hpp"
#include "lang/ast/epp.hpp"
#include "lang/source_location.hpp"
#include "lang/validator.hpp"

namespace marionette::lang {

/// One parsed file: its statements, whose nodes live in the arena given to parse().
struct Program {
  std::shared_ptr<const SourceFile> file;
  ast::Block* body = nullptr;
  std::vector<StrictIssue> strict_issues;  ///< what the compile reports as `strict` says
};

/// One parsed EPP template; its nodes live in the arena given to parse_epp().
struct EppProgram {
  std::shared_ptr<const SourceFile> file;
  ast::EppTemplate* root = nullptr;
};

/// A source file from text in memory (tests, `-e`), named `path` in messages.
std::shared_ptr<const SourceFile> make_source(std::string path, std::string text);

/// Reads a file; throws std::runtime_error naming it when it cannot be read.
std::shared_ptr<const SourceFile> read_source(const std::filesystem::path& path);

/// Parses a whole file into `arena`. Throws SourceError on a syntax error.
Program parse(const std::shared_ptr<const SourceFile>& file, ast::Arena& arena);

/// Parses an EPP template (the text of an .epp file, or of inline_epp()) into `arena`.
/// Throws SourceError on a syntax error.
EppProgram parse_epp(const std::shared_ptr<const SourceFile>& file, ast::Arena& arena);

}  // namespace marionette::lang
