#include "lang/utf8.hpp"

#include <cstdint>
#include <cstring>

namespace marionette::lang {

std::optional<std::size_t> first_invalid_utf8(std::string_view text) {
  auto byte = [&](std::size_t at) { return static_cast<unsigned char>(text[at]); };
  std::size_t at = 0;
  while (at < text.size()) {
    // Eight ASCII bytes at a time: manifests are mostly ASCII.
    while (at + 8 <= text.size()) {
      std::uint64_t word;
      std::memcpy(&word, text.data() + at, 8);
      if (word & 0x8080808080808080ULL) break;
      at += 8;
    }
    if (at >= text.size()) break;
    unsigned char lead = byte(at);
    if (lead < 0x80) {
      ++at;
      continue;
    }
    // The range of the second byte depends on the lead (RFC 3629's table): it rules out
    // overlong forms, surrogates (ED A0..BF) and code points beyond U+10FFFF (F4 90..).
    std::size_t length = 0;
    unsigned char low = 0x80, high = 0xBF;
    if (lead >= 0xC2 && lead <= 0xDF) {
      length = 2;
    } else if (lead >= 0xE0 && lead <= 0xEF) {
      length = 3;
      if (lead == 0xE0) low = 0xA0;
      if (lead == 0xED) high = 0x9F;
    } else if (lead >= 0xF0 && lead <= 0xF4) {
      length = 4;
      if (lead == 0xF0) low = 0x90;
      if (lead == 0xF4) high = 0x8F;
    } else {
      return at;
    }
    if (at + length > text.size()) return at;
    if (byte(at + 1) < low || byte(at + 1) > high) return at;
    for (std::size_t i = 2; i < length; ++i)
      if (byte(at + i) < 0x80 || byte(at + i) > 0xBF) return at;
    at += length;
  }
  return std::nullopt;
}

void append_utf8(std::uint32_t code, std::string& out) {
  if (code < 0x80) {
    out += static_cast<char>(code);
  } else if (code < 0x800) {
    out += static_cast<char>(0xC0 | (code >> 6));
    out += static_cast<char>(0x80 | (code & 0x3F));
  } else if (code < 0x10000) {
    out += static_cast<char>(0xE0 | (code >> 12));
    out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (code & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (code >> 18));
    out += static_cast<char>(0x80 | ((code >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((code >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (code & 0x3F));
  }
}

std::size_t unicode_blank_length(std::string_view text, std::size_t at) {
  auto byte = [&](std::size_t i) -> unsigned {
    return at + i < text.size() ? static_cast<unsigned char>(text[at + i]) : 0u;
  };
  if (byte(0) == 0xC2 && byte(1) == 0xA0) return 2;                     // U+00A0
  if (byte(0) == 0xE1 && byte(1) == 0x9A && byte(2) == 0x80) return 3;  // U+1680
  if (byte(0) == 0xE2 && byte(1) == 0x80 &&
      ((byte(2) >= 0x80 && byte(2) <= 0x8A) || byte(2) == 0xAF))
    return 3;                                                           // U+2000..U+200A, U+202F
  if (byte(0) == 0xE2 && byte(1) == 0x81 && byte(2) == 0x9F) return 3;  // U+205F
  if (byte(0) == 0xE3 && byte(1) == 0x80 && byte(2) == 0x80) return 3;  // U+3000
  return 0;
}

std::pair<char32_t, std::size_t> lenient_code_point(std::string_view text, std::size_t at) {
  const unsigned char lead = static_cast<unsigned char>(text[at]);
  std::size_t length = lead < 0x80 ? 1 : lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1;
  if (at + length > text.size()) length = 1;
  char32_t c = length == 1 ? lead : lead & (0xFF >> (length + 1));
  for (std::size_t k = 1; k < length; ++k)
    c = (c << 6) | (static_cast<unsigned char>(text[at + k]) & 0x3F);
  return {c, length};
}

locale_t unicode_ctype_locale() {
  static const locale_t locale = newlocale(LC_CTYPE_MASK, "C.UTF-8", static_cast<locale_t>(0));
  return locale;
}

}  // namespace marionette::lang
