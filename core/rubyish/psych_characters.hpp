#pragma once
// libyaml's view of the characters of a UTF-8 scalar, at a byte offset: what it prints, what it
// takes for a line break, a blank or the end. Past the end reads as NUL, as libyaml's
// NUL-terminated strings do.

#include <cstddef>
#include <string_view>

namespace marionette::rubyish::psych {

inline unsigned char byte_at(std::string_view text, std::size_t at) {
  return at < text.size() ? static_cast<unsigned char>(text[at]) : 0;
}

/// The bytes of the character starting at `at` (1 for a stray continuation byte).
inline std::size_t char_width(std::string_view text, std::size_t at) {
  const unsigned char lead = byte_at(text, at);
  const std::size_t width = (lead & 0x80) == 0x00   ? 1
                            : (lead & 0xE0) == 0xC0 ? 2
                            : (lead & 0xF0) == 0xE0 ? 3
                            : (lead & 0xF8) == 0xF0 ? 4
                                                    : 1;
  return width;
}

/// libyaml's IS_PRINTABLE: LF, ASCII 0x20-0x7E, U+00A0-U+D7FF, U+E000-U+FFFD but U+FEFF.
inline bool is_printable(std::string_view text, std::size_t at) {
  const unsigned char c = byte_at(text, at), next = byte_at(text, at + 1);
  const unsigned char third = byte_at(text, at + 2);
  return c == 0x0A || (c >= 0x20 && c <= 0x7E) || (c == 0xC2 && next >= 0xA0) ||
         (c > 0xC2 && c < 0xED) || (c == 0xED && next < 0xA0) || c == 0xEE ||
         (c == 0xEF && !(next == 0xBB && third == 0xBF) &&
          !(next == 0xBF && (third == 0xBE || third == 0xBF)));
}

/// CR, LF, NEL (U+0085), LS (U+2028), PS (U+2029).
inline bool is_break(std::string_view text, std::size_t at) {
  const unsigned char c = byte_at(text, at), next = byte_at(text, at + 1);
  const unsigned char third = byte_at(text, at + 2);
  return c == '\r' || c == '\n' || (c == 0xC2 && next == 0x85) ||
         (c == 0xE2 && next == 0x80 && (third == 0xA8 || third == 0xA9));
}

inline bool is_space(std::string_view text, std::size_t at) {
  return byte_at(text, at) == ' ';
}

/// A blank, a break, or the end (NUL).
inline bool is_blankz(std::string_view text, std::size_t at) {
  const unsigned char c = byte_at(text, at);
  return c == ' ' || c == '\t' || c == 0 || is_break(text, at);
}

inline bool is_bom(std::string_view text, std::size_t at) {
  return byte_at(text, at) == 0xEF && byte_at(text, at + 1) == 0xBB &&
         byte_at(text, at + 2) == 0xBF;
}

/// The code point of the character at `at` (its bits as the lead byte announces them).
inline unsigned code_point(std::string_view text, std::size_t at) {
  const std::size_t width = char_width(text, at);
  const unsigned char lead = byte_at(text, at);
  unsigned value = width == 1   ? lead
                   : width == 2 ? lead & 0x1F
                   : width == 3 ? lead & 0x0F
                                : lead & 0x07;
  for (std::size_t k = 1; k < width; ++k) value = (value << 6) + (byte_at(text, at + k) & 0x3F);
  return value;
}

}  // namespace marionette::rubyish::psych
