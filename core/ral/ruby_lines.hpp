#pragma once

#include <regex>
#include <string>
#include <string_view>
#include <vector>

/// A text file handled a line at a time as the module providers' Ruby does it.
namespace marionette::ral {

/// Ruby's readlines: the lines: each with its "\n", the last one maybe without.
std::vector<std::string> readlines(const std::string& text);
/// Ruby's chomp: the line without its "\n", "\r\n" or "\r".
std::string_view chomped(std::string_view line);
/// Ruby's String#strip: without leading and trailing blanks.
std::string stripped(const std::string& text);
/// Ruby's IO#puts of one string: the text, and a newline unless it ends with one.
void put_line(std::string& out, const std::string& text);

/// A Ruby (Onigmo) pattern matched against one line of a file, with its "\n", as the module
/// providers' `line.match(regex)` does: anywhere in the line, `^`/`$` at the line's start and
/// end (also before its "\n"), and — unlike ECMAScript's multiline mode — never a `^` after the
/// final "\n". Throws std::regex_error for a bad pattern and compiler::RegexTooComplex for a
/// match that backtracks without bound.
class LinePattern {
 public:
  explicit LinePattern(const std::string& ruby_pattern);
  bool matches(const std::string& line) const;
  /// The groups of the first match (0: the whole match); false when it does not match.
  bool match(const std::string& line, std::vector<std::string>& groups) const;

 private:
  std::regex regex_;
};

}  // namespace marionette::ral
