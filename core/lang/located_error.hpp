#pragma once

#include <cstddef>
#include <cstdint>
#include <exception>
#include <string>

#include "lang/diagnostic.hpp"

namespace marionette::lang {

/// Throws a SourceError placed in a file that `text` holds (a YAML or JSON document, not a
/// manifest): the error keeps its own copy of the file, for rendering with the line and a caret.
/// Lines and columns count from 1; line 0 places the error in the file without a line.
[[noreturn]] void throw_in_file(const std::string& path, std::string text, std::uint32_t line,
                                std::uint32_t column, std::uint32_t length,
                                const std::string& message);

/// The same at a byte offset of `text` (from 0), for parsers that count bytes (JSON's).
[[noreturn]] void throw_at_offset(const std::string& path, std::string text, std::size_t offset,
                                  const std::string& message);

/// The text the user sees for any error: a SourceError rendered (its place, line and caret),
/// else what(); with a final newline. For the places that must keep an error as text (a log
/// line, a report, an HTTP body).
std::string describe(const std::exception& error);

/// describe()'s first line alone (`file:line:column: error: message` for a located error), for
/// a one-line log or warning.
std::string describe_line(const std::exception& error);

}  // namespace marionette::lang
