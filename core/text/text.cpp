#include "text/text.hpp"

namespace marionette::text {

std::string lowercase(std::string_view text) {
  std::string out(text);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return out;
}

std::string uppercase(std::string_view text) {
  std::string out(text);
  for (char& c : out)
    if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
  return out;
}

std::string_view trimmed_start(std::string_view text, std::string_view characters) {
  std::size_t start = text.find_first_not_of(characters);
  return start == std::string_view::npos ? std::string_view() : text.substr(start);
}

std::string_view trimmed_end(std::string_view text, std::string_view characters) {
  std::size_t end = text.find_last_not_of(characters);
  return end == std::string_view::npos ? std::string_view() : text.substr(0, end + 1);
}

std::string_view trimmed(std::string_view text, std::string_view characters) {
  return trimmed_end(trimmed_start(text, characters), characters);
}

std::string without_final_newlines(std::string text) {
  while (!text.empty() && text.back() == '\n') text.pop_back();
  return text;
}

bool all_digits(std::string_view text) {
  return !text.empty() && text.find_first_not_of("0123456789") == std::string_view::npos;
}

}  // namespace marionette::text
