#pragma once

#include <memory>
#include <stdexcept>
#include <string>

#include "lang/source_location.hpp"

namespace marionette::lang {

/// A located error, in a manifest or a data file (lang/located_error.hpp), with its place.
/// what() is the message alone: the CLI's dispatch renders it once, through render().
class SourceError : public std::runtime_error {
 public:
  SourceError(std::string message, SourceLocation where)
      : std::runtime_error(message),
        message_(std::move(message)),
        where_(where),
        file_(where.file ? where.file->weak_from_this().lock() : nullptr) {}

  const std::string& message() const { return message_; }
  const SourceLocation& where() const { return where_; }

 private:
  std::string message_;
  SourceLocation where_;
  std::shared_ptr<const SourceFile> file_;  ///< keeps where_'s file, for rendering it later
};

/// `file:line:column: error: message`, then the source line and a `^~~~` underline.
/// A file without a line: `file: error: message`; no file: `error: message`.
std::string render_diagnostic(const std::string& message, const SourceLocation& where,
                              const char* severity = "error");

/// The same for a place found by another parser (YAML marks count from 0): an error in a
/// configuration file, without the final newline.
std::string render_error_at(const std::shared_ptr<const SourceFile>& file, std::size_t line0,
                            std::size_t column0, std::size_t length, const std::string& message);

inline std::string render(const SourceError& e) {
  return render_diagnostic(e.message(), e.where());
}

}  // namespace marionette::lang
