#include "lang/diagnostic.hpp"

#include <algorithm>
#include <cctype>
#include <string_view>

#include "lang/located_error.hpp"

namespace marionette::lang {

const std::string& SourceLocation::path() const {
  static const std::string unknown = "<unknown>";
  return file ? file->path : unknown;
}

namespace {

std::string line_of(const std::string& text, std::uint32_t line) {
  std::size_t start = 0;
  for (std::uint32_t n = 1; n < line; ++n) {
    start = text.find('\n', start);
    if (start == std::string::npos) return {};
    ++start;
  }
  std::size_t end = text.find('\n', start);
  return text.substr(start, end == std::string::npos ? std::string::npos : end - start);
}

/// A `FILE:LINE: note:` line for each other place Puppet's wording names inside the message
/// (`already declared at (file: F, line: L)`), so that the user's editor can go there too.
std::string notes_for_places_named(const std::string& message, const SourceLocation& where) {
  static constexpr std::string_view kFile = "(file: ", kLine = ", line: ";
  std::string notes;
  for (std::size_t at = message.find(kFile); at != std::string::npos;
       at = message.find(kFile, at + 1)) {
    const std::size_t path_start = at + kFile.size();
    const std::size_t comma = message.find(kLine, path_start);
    if (comma == std::string::npos || message.find(')', path_start) < comma) continue;
    const std::size_t digits = comma + kLine.size();
    std::size_t end = digits;
    while (end < message.size() && std::isdigit(static_cast<unsigned char>(message[end]))) ++end;
    if (end == digits) continue;
    const std::string path = message.substr(path_start, comma - path_start);
    const std::string line = message.substr(digits, end - digits);
    if (path == where.path() && line == std::to_string(where.line)) continue;
    notes += path + ":" + line + ": note: the other place this error names\n";
  }
  return notes;
}

}  // namespace

std::string render_diagnostic(const std::string& message, const SourceLocation& where,
                              const char* severity) {
  if (where.file && where.line == 0) return where.path() + ": " + severity + ": " + message + "\n";
  if (!where.known()) return std::string(severity) + ": " + message + "\n";
  std::string out = where.path() + ":" + std::to_string(where.line) + ":" +
                    std::to_string(where.column) + ": " + severity + ": " + message + "\n";
  std::string source = line_of(where.file->text, where.line);
  if (!source.empty() && source.back() == '\r') source.pop_back();
  out += source + "\n";
  // Keep tabs in the indentation so the caret lines up under the same column.
  std::string pad;
  for (std::uint32_t i = 0; i + 1 < where.column && i < source.size(); ++i)
    pad += source[i] == '\t' ? '\t' : ' ';
  std::size_t room = where.column <= source.size() ? source.size() - where.column + 1 : 1;
  std::size_t width = std::max<std::size_t>(1, std::min<std::size_t>(where.length, room));
  out += pad + "^" + std::string(width - 1, '~') + "\n";
  out += notes_for_places_named(message, where);
  return out;
}

std::string render_error_at(const std::shared_ptr<const SourceFile>& file, std::size_t line0,
                            std::size_t column0, std::size_t length, const std::string& message) {
  SourceLocation where;
  where.file = file.get();
  where.line = static_cast<std::uint32_t>(line0 + 1);
  where.column = static_cast<std::uint32_t>(column0 + 1);
  where.length = static_cast<std::uint32_t>(std::max<std::size_t>(1, length));
  std::string rendered = render_diagnostic(message, where);
  if (!rendered.empty() && rendered.back() == '\n') rendered.pop_back();
  return rendered;
}

void throw_in_file(const std::string& path, std::string text, std::uint32_t line,
                   std::uint32_t column, std::uint32_t length, const std::string& message) {
  auto file = std::make_shared<SourceFile>(path, std::move(text));
  SourceLocation where;
  where.file = file.get();
  where.line = line;
  where.column = line == 0 ? 0 : std::max<std::uint32_t>(1, column);
  where.length = std::max<std::uint32_t>(1, length);
  throw SourceError(message, where);  // holds `file` from here on
}

void throw_at_offset(const std::string& path, std::string text, std::size_t offset,
                     const std::string& message) {
  offset = std::min(offset, text.size());
  std::uint32_t line = 1;
  std::size_t line_start = 0;
  for (std::size_t i = 0; i < offset; ++i)
    if (text[i] == '\n') ++line, line_start = i + 1;
  auto column = static_cast<std::uint32_t>(offset - line_start + 1);
  throw_in_file(path, std::move(text), line, column, 1, message);
}

std::string describe(const std::exception& error) {
  if (const auto* located = dynamic_cast<const SourceError*>(&error)) return render(*located);
  std::string text = error.what();
  if (text.empty() || text.back() != '\n') text += '\n';
  return text;
}

std::string describe_line(const std::exception& error) {
  std::string text = describe(error);
  return text.substr(0, text.find('\n'));
}

}  // namespace marionette::lang
