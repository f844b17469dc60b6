#include "lang/diagnostic.hpp"

#include <algorithm>

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

}  // namespace

std::string render_diagnostic(const std::string& message, const SourceLocation& where,
                              const char* severity) {
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

}  // namespace marionette::lang
