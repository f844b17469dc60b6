#include "ral/ruby_lines.hpp"

#include "rubyish/regex.hpp"

namespace marionette::ral {

std::vector<std::string> readlines(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t at = 0;
  while (at < text.size()) {
    std::size_t end = text.find('\n', at);
    end = end == std::string::npos ? text.size() : end + 1;
    lines.push_back(text.substr(at, end - at));
    at = end;
  }
  return lines;
}

std::string_view chomped(std::string_view line) {
  if (!line.empty() && line.back() == '\n') line.remove_suffix(1);
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  return line;
}

std::string stripped(const std::string& text) {
  const char* blanks = " \t\r\n\f\v";
  std::size_t first = text.find_first_not_of(blanks);
  if (first == std::string::npos) return {};
  return text.substr(first, text.find_last_not_of(blanks) - first + 1);
}

void put_line(std::string& out, const std::string& text) {
  out += text;
  if (text.empty() || text.back() != '\n') out += '\n';
}

LinePattern::LinePattern(const std::string& ruby_pattern)
    : regex_(rubyish::compile_ruby_regex(ruby_pattern,
                                         std::regex::ECMAScript | std::regex::multiline)) {}

bool LinePattern::matches(const std::string& line) const {
  std::vector<std::string> groups;
  return match(line, groups);
}

bool LinePattern::match(const std::string& line, std::vector<std::string>& groups) const {
  std::optional<rubyish::RegexMatch> found = rubyish::regex_search_bounded(line, regex_);
  if (!found) return false;
  // ECMAScript's multiline `^` also matches after a final "\n"; Ruby's does not, and nothing
  // else in a line-at-a-time pattern can match only there.
  if (found->begin() == line.size() && !line.empty() && line.back() == '\n') return false;
  groups.clear();
  for (std::size_t i = 0; i < found->groups.size(); ++i) groups.push_back(found->group(line, i));
  return true;
}

}  // namespace marionette::ral
