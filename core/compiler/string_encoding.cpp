#include "compiler/string_encoding.hpp"

#include <algorithm>

namespace marionette::compiler {

bool all_ascii(std::string_view text) {
  return std::all_of(text.begin(), text.end(), [](char c) { return (c & 0x80) == 0; });
}

namespace {

bool continues(char c) {
  return (static_cast<unsigned char>(c) & 0xC0) == 0x80;
}

/// How many bytes the UTF-8 character starting at `at` takes: its lead byte and the continuation
/// bytes it announces, as far as they are there; 1 for a byte that leads nothing.
std::size_t character_size(std::string_view text, std::size_t at) {
  const auto lead = static_cast<unsigned char>(text[at]);
  std::size_t wanted = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1;
  std::size_t size = 1;
  while (size < wanted && at + size < text.size() && continues(text[at + size])) ++size;
  return size;
}

/// The byte offset of character `index` (the text's size when it has fewer).
std::size_t character_offset(std::string_view text, std::size_t index) {
  std::size_t at = 0;
  for (; index > 0 && at < text.size(); --index) at += character_size(text, at);
  return at;
}

}  // namespace

std::vector<std::string_view> ruby_characters(std::string_view text, bool ascii_8bit) {
  std::vector<std::string_view> out;
  out.reserve(text.size());
  for (std::size_t at = 0; at < text.size();) {
    std::size_t size = ascii_8bit ? 1 : character_size(text, at);
    out.push_back(text.substr(at, size));
    at += size;
  }
  return out;
}

std::size_t ruby_length(std::string_view text, bool ascii_8bit) {
  if (ascii_8bit || all_ascii(text)) return text.size();
  std::size_t count = 0;
  for (std::size_t at = 0; at < text.size(); ++count) at += character_size(text, at);
  return count;
}

std::string_view ruby_substring(std::string_view text, std::size_t start, std::size_t count,
                                bool ascii_8bit) {
  if (ascii_8bit || all_ascii(text)) return text.substr(start, count);
  std::size_t from = character_offset(text, start);
  std::size_t to = from + character_offset(text.substr(from), count);
  return text.substr(from, to - from);
}

void JoinedEncoding::add(const std::string& joined, std::size_t piece_start, bool piece_ascii_8bit,
                         bool first) {
  if (first) {
    ascii_8bit_ = piece_ascii_8bit;
    return;
  }
  if (piece_ascii_8bit == ascii_8bit_) return;
  const std::string_view text = joined;
  if (all_ascii(text.substr(0, piece_start)) && !all_ascii(text.substr(piece_start)))
    ascii_8bit_ = piece_ascii_8bit;
}

Value JoinedEncoding::value(std::string joined) const {
  if (ascii_8bit_) return RubyString{std::move(joined)};
  return Value(std::move(joined));
}

}  // namespace marionette::compiler
