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

}  // namespace marionette::ral
