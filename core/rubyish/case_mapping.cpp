#include "rubyish/case_mapping.hpp"

#include <locale.h>
#include <wctype.h>

#include <algorithm>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <vector>

#include "lang/utf8.hpp"

namespace marionette::rubyish {

namespace {

/// One character's mapping to several (Unicode's SpecialCasing.txt, unconditional entries).
struct Special {
  char32_t from;
  std::u32string_view upper;
  std::u32string_view title;
};

constexpr Special kSpecials[] = {
    {U'\u00DF', U"SS", U"Ss"},
    {U'\u0149', U"\u02BCN", U"\u02BCN"},
    {U'\u01F0', U"J\u030C", U"J\u030C"},
    {U'\u0390', U"\u0399\u0308\u0301", U"\u0399\u0308\u0301"},
    {U'\u03B0', U"\u03A5\u0308\u0301", U"\u03A5\u0308\u0301"},
    {U'\u0587', U"\u0535\u0552", U"\u0535\u0582"},
    {U'\u1E96', U"H\u0331", U"H\u0331"},
    {U'\u1E97', U"T\u0308", U"T\u0308"},
    {U'\u1E98', U"W\u030A", U"W\u030A"},
    {U'\u1E99', U"Y\u030A", U"Y\u030A"},
    {U'\u1E9A', U"A\u02BE", U"A\u02BE"},
    {U'\u1F50', U"\u03A5\u0313", U"\u03A5\u0313"},
    {U'\u1F52', U"\u03A5\u0313\u0300", U"\u03A5\u0313\u0300"},
    {U'\u1F54', U"\u03A5\u0313\u0301", U"\u03A5\u0313\u0301"},
    {U'\u1F56', U"\u03A5\u0313\u0342", U"\u03A5\u0313\u0342"},
    {U'\u1FB2', U"\u1FBA\u0399", U"\u1FBA\u0345"},
    {U'\u1FB3', U"\u0391\u0399", U"\u1FBC"},
    {U'\u1FB4', U"\u0386\u0399", U"\u0386\u0345"},
    {U'\u1FB6', U"\u0391\u0342", U"\u0391\u0342"},
    {U'\u1FB7', U"\u0391\u0342\u0399", U"\u0391\u0342\u0345"},
    {U'\u1FBC', U"\u0391\u0399", U"\u1FBC"},
    {U'\u1FC2', U"\u1FCA\u0399", U"\u1FCA\u0345"},
    {U'\u1FC3', U"\u0397\u0399", U"\u1FCC"},
    {U'\u1FC4', U"\u0389\u0399", U"\u0389\u0345"},
    {U'\u1FC6', U"\u0397\u0342", U"\u0397\u0342"},
    {U'\u1FC7', U"\u0397\u0342\u0399", U"\u0397\u0342\u0345"},
    {U'\u1FCC', U"\u0397\u0399", U"\u1FCC"},
    {U'\u1FD2', U"\u0399\u0308\u0300", U"\u0399\u0308\u0300"},
    {U'\u1FD3', U"\u0399\u0308\u0301", U"\u0399\u0308\u0301"},
    {U'\u1FD6', U"\u0399\u0342", U"\u0399\u0342"},
    {U'\u1FD7', U"\u0399\u0308\u0342", U"\u0399\u0308\u0342"},
    {U'\u1FE2', U"\u03A5\u0308\u0300", U"\u03A5\u0308\u0300"},
    {U'\u1FE3', U"\u03A5\u0308\u0301", U"\u03A5\u0308\u0301"},
    {U'\u1FE4', U"\u03A1\u0313", U"\u03A1\u0313"},
    {U'\u1FE6', U"\u03A5\u0342", U"\u03A5\u0342"},
    {U'\u1FE7', U"\u03A5\u0308\u0342", U"\u03A5\u0308\u0342"},
    {U'\u1FF2', U"\u1FFA\u0399", U"\u1FFA\u0345"},
    {U'\u1FF3', U"\u03A9\u0399", U"\u1FFC"},
    {U'\u1FF4', U"\u038F\u0399", U"\u038F\u0345"},
    {U'\u1FF6', U"\u03A9\u0342", U"\u03A9\u0342"},
    {U'\u1FF7', U"\u03A9\u0342\u0399", U"\u03A9\u0342\u0345"},
    {U'\u1FFC', U"\u03A9\u0399", U"\u1FFC"},
    {U'\uFB00', U"FF", U"Ff"},
    {U'\uFB01', U"FI", U"Fi"},
    {U'\uFB02', U"FL", U"Fl"},
    {U'\uFB03', U"FFI", U"Ffi"},
    {U'\uFB04', U"FFL", U"Ffl"},
    {U'\uFB05', U"ST", U"St"},
    {U'\uFB06', U"ST", U"St"},
    {U'\uFB13', U"\u0544\u0546", U"\u0544\u0576"},
    {U'\uFB14', U"\u0544\u0535", U"\u0544\u0565"},
    {U'\uFB15', U"\u0544\u053B", U"\u0544\u056B"},
    {U'\uFB16', U"\u054E\u0546", U"\u054E\u0576"},
    {U'\uFB17', U"\u0544\u053D", U"\u0544\u056D"},
};

const Special* special(char32_t c) {
  for (const Special& s : kSpecials)
    if (s.from == c) return &s;
  return nullptr;
}

/// Greek letters with ypogegrammeni (U+1F80..U+1FAF): upper case is the capital and an iota,
/// title case the prosgegrammeni form.
std::optional<std::u32string> greek_iota(char32_t c, bool title) {
  if (c < 0x1F80 || c > 0x1FAF) return std::nullopt;
  char32_t block = (c - 0x1F80) >> 4, letter = c & 7;
  if (title) return std::u32string(1, 0x1F88 + (block << 4) + letter);
  constexpr char32_t kCapitals[] = {0x1F08, 0x1F28, 0x1F68};  // Α, Η, Ω with their breathings
  char32_t capital = kCapitals[block] + letter;
  return std::u32string{capital, U'\u0399'};
}

char32_t simple_upper(char32_t c) {
  if (c < 0x80) return c >= 'a' && c <= 'z' ? c - 32 : c;
  locale_t locale = lang::unicode_ctype_locale();  // glibc's simple mappings
  return locale ? static_cast<char32_t>(towupper_l(static_cast<wint_t>(c), locale)) : c;
}

char32_t simple_lower(char32_t c) {
  if (c < 0x80) return c >= 'A' && c <= 'Z' ? c + 32 : c;
  locale_t locale = lang::unicode_ctype_locale();  // glibc's simple mappings
  return locale ? static_cast<char32_t>(towlower_l(static_cast<wint_t>(c), locale)) : c;
}

/// The digraphs whose title case is neither their upper nor their lower case (Ǆ ǅ ǆ -> ǅ).
char32_t simple_title(char32_t c) {
  for (char32_t first : {0x01C4, 0x01C7, 0x01CA, 0x01F1})
    if (c >= first && c < first + 3) return first + 1;
  return simple_upper(c);
}

/// The UTF-8 character at `at` and its length; nullopt for a byte that starts none.
std::optional<std::pair<char32_t, std::size_t>> next_character(std::string_view text,
                                                               std::size_t at) {
  auto byte = [&](std::size_t i) { return static_cast<unsigned char>(text[i]); };
  unsigned char lead = byte(at);
  std::size_t length = lead < 0x80         ? 1
                       : (lead >> 5) == 6  ? 2
                       : (lead >> 4) == 14 ? 3
                       : (lead >> 3) == 30 ? 4
                                           : 0;
  if (length == 0 || at + length > text.size()) return std::nullopt;
  char32_t c = length == 1 ? lead : lead & (0x7F >> length);
  for (std::size_t i = 1; i < length; ++i) {
    if ((byte(at + i) & 0xC0) != 0x80) return std::nullopt;
    c = (c << 6) | (byte(at + i) & 0x3F);
  }
  return std::make_pair(c, length);
}

enum class Case { upper, lower, title };

void append_mapped(char32_t c, Case to, std::string& out) {
  if (to == Case::lower) {
    if (c == U'\u0130') {  // İ: i and a combining dot above
      lang::append_utf8(U'i', out);
      lang::append_utf8(U'\u0307', out);
      return;
    }
    lang::append_utf8(simple_lower(c), out);
    return;
  }
  if (auto greek = greek_iota(c, to == Case::title)) {
    for (char32_t m : *greek) lang::append_utf8(m, out);
    return;
  }
  if (const Special* s = special(c)) {
    for (char32_t m : to == Case::title ? s->title : s->upper) lang::append_utf8(m, out);
    return;
  }
  lang::append_utf8(to == Case::title ? simple_title(c) : simple_upper(c), out);
}

std::string mapped(std::string_view text, Case first, Case rest) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t at = 0; at < text.size();) {
    Case to = at == 0 ? first : rest;
    auto byte = static_cast<unsigned char>(text[at]);
    if (byte < 0x80) {  // ASCII, most of what manifests case-map: no table to look in
      bool flip = to == Case::lower ? byte >= 'A' && byte <= 'Z' : byte >= 'a' && byte <= 'z';
      out += static_cast<char>(flip ? byte ^ 0x20 : byte);
      ++at;
      continue;
    }
    auto character = next_character(text, at);
    if (!character) {  // not UTF-8: the byte as it is
      out += text[at++];
      continue;
    }
    append_mapped(character->first, to, out);
    at += character->second;
  }
  return out;
}

}  // namespace

std::string ruby_upcase(std::string_view text) {
  return mapped(text, Case::upper, Case::upper);
}

std::string ruby_downcase(std::string_view text) {
  return mapped(text, Case::lower, Case::lower);
}

std::string ruby_capitalize(std::string_view text) {
  return mapped(text, Case::title, Case::lower);
}

}  // namespace marionette::rubyish
