#include "ral/parsed_file_text.hpp"

#include <ctime>

namespace marionette::ral {

std::string without_puppet_header(const std::string& text) {
  static const std::string kMark = "# HEADER";
  std::string out;
  std::size_t at = 0;
  while (at < text.size()) {
    std::size_t mark = text.find(kMark, at);
    if (mark == std::string::npos) break;
    std::size_t newline = text.find('\n', mark);
    if (newline == std::string::npos) break;  // Ruby's /# HEADER.*\n/ needs the newline
    out.append(text, at, mark - at);
    at = newline + 1;
  }
  out.append(text, at, std::string::npos);
  return out;
}

std::string ruby_time_now() {
  std::time_t now = std::time(nullptr);
  std::tm local{};
  ::localtime_r(&now, &local);
  char text[64];
  std::size_t length = std::strftime(text, sizeof text, "%Y-%m-%d %H:%M:%S %z", &local);
  return std::string(text, length);
}

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::size_t at = 0;
  while (at < text.size()) {
    std::size_t newline = text.find('\n', at);
    if (newline == std::string::npos) newline = text.size();
    lines.push_back(text.substr(at, newline - at));
    at = newline + 1;
  }
  while (!lines.empty() && lines.back().empty()) lines.pop_back();
  return lines;
}

std::vector<std::string> split_whitespace(const std::string& text) {
  static constexpr const char* kSpace = " \t\r\n\f\v";
  std::vector<std::string> fields;
  std::size_t at = 0;
  while (at < text.size()) {
    std::size_t end = text.find_first_of(kSpace, at);
    if (end == std::string::npos) end = text.size();
    fields.push_back(text.substr(at, end - at));
    at = text.find_first_not_of(kSpace, end);
    if (at == std::string::npos) break;
  }
  while (!fields.empty() && fields.back().empty()) fields.pop_back();
  return fields;
}

std::vector<std::string> record_fields(const std::string& text, std::size_t count,
                                       const std::string& joiner) {
  std::vector<std::string> fields = split_whitespace(text);
  if (count == 0 || fields.size() <= count) return fields;
  for (std::size_t i = count; i < fields.size(); ++i) fields[count - 1] += joiner + fields[i];
  fields.resize(count);
  return fields;
}

bool is_comment(const std::string& line) {
  std::size_t first = line.find_first_not_of(" \t\r\n\f\v");
  return first != std::string::npos && line[first] == '#';
}

std::string joined_fields(const std::vector<std::string>& items, const char* separator) {
  std::string text;
  for (const auto& item : items) text += (text.empty() ? "" : separator) + item;
  return text;
}

const std::regex& whitespace_runs() {
  static const std::regex compiled(R"(\s+)");
  return compiled;
}

}  // namespace marionette::ral
