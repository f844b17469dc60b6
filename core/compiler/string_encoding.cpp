#include "compiler/string_encoding.hpp"

#include <algorithm>

namespace marionette::compiler {

bool all_ascii(std::string_view text) {
  return std::all_of(text.begin(), text.end(), [](char c) { return (c & 0x80) == 0; });
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
