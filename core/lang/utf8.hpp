#pragma once

#include <cstddef>
#include <optional>
#include <string_view>

namespace marionette::lang {

/// Where the first byte that is not part of a well-formed UTF-8 sequence is (an overlong form,
/// a surrogate or a code point beyond U+10FFFF counts as ill-formed, as in Ruby); nullopt when
/// the whole text is valid UTF-8.
std::optional<std::size_t> first_invalid_utf8(std::string_view text);

}  // namespace marionette::lang
