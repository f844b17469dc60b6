#include "compiler/string_encoding.hpp"

#include <algorithm>

namespace marionette::compiler {

namespace {

bool all_ascii(std::string::const_iterator begin, std::string::const_iterator end) {
  return std::all_of(begin, end, [](char c) { return (c & 0x80) == 0; });
}

}  // namespace

void JoinedEncoding::add(const std::string& joined, std::size_t piece_start, bool piece_ascii_8bit,
                         bool first) {
  if (first) {
    ascii_8bit_ = piece_ascii_8bit;
    return;
  }
  if (piece_ascii_8bit == ascii_8bit_) return;
  const auto start = joined.begin() + static_cast<std::ptrdiff_t>(piece_start);
  if (all_ascii(joined.begin(), start) && !all_ascii(start, joined.end()))
    ascii_8bit_ = piece_ascii_8bit;
}

Value JoinedEncoding::value(std::string joined) const {
  if (ascii_8bit_) return RubyString{std::move(joined)};
  return Value(std::move(joined));
}

}  // namespace marionette::compiler
