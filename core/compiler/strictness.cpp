#include "compiler/strictness.hpp"

#include "compiler/compile_log.hpp"

#include "lang/diagnostic.hpp"

namespace marionette::compiler {

std::optional<Strict> parse_strict(std::string_view text) {
  if (text == "off") return Strict::Off;
  if (text == "warning") return Strict::Warning;
  if (text == "error") return Strict::Error;
  return std::nullopt;
}

void warn_at(const std::string& message, const lang::SourceLocation& where) {
  std::string line = message;
  if (where.known())
    line += " (file: " + where.path() + ", line: " + std::to_string(where.line) +
            ", column: " + std::to_string(where.column) + ")";
  compile_log("warning", line);  // the run's log: --logdest and the level filter apply
}

void strict_issue(Strict level, const std::string& message, const lang::SourceLocation& where) {
  switch (level) {
    case Strict::Off:
      return;
    case Strict::Warning:
      warn_at(message, where);
      return;
    case Strict::Error:
      throw lang::SourceError(message, where);
  }
}

}  // namespace marionette::compiler
