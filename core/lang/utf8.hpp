#pragma once

#include <locale.h>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace marionette::lang {

/// Where the first byte that is not part of a well-formed UTF-8 sequence is (an overlong form,
/// a surrogate or a code point beyond U+10FFFF counts as ill-formed, as in Ruby); nullopt when
/// the whole text is valid UTF-8.
std::optional<std::size_t> first_invalid_utf8(std::string_view text);

/// The code point that starts at `at` (< text.size()) and its length in bytes, read leniently
/// as Java's readers turn bytes into chars: a lead byte takes the continuation bytes its form
/// says without checking them, and a sequence cut off by the end, or a stray continuation byte,
/// is that one byte's value.
std::pair<char32_t, std::size_t> lenient_code_point(std::string_view text, std::size_t at);

/// Appends the code point (at most U+10FFFF) encoded in UTF-8: one to four bytes.
void append_utf8(std::uint32_t code, std::string& out);

/// The length in bytes of the Unicode space separator (category Zs) beyond ASCII that starts at
/// `at` (U+00A0, U+1680, U+2000..U+200A, U+202F, U+205F, U+3000), as Ruby's [[:blank:]] takes
/// it; 0 when none starts there.
std::size_t unicode_blank_length(std::string_view text, std::size_t at);

/// glibc's C.UTF-8 locale (LC_CTYPE only), made once, for the `_l` character classes and case
/// mappings beyond ASCII (iswalpha_l, towupper_l); null on a system without it.
locale_t unicode_ctype_locale();

}  // namespace marionette::lang
