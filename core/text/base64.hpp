#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace marionette::text {

/// Strict Base64 (RFC 4648, padded), as Binary values print.
std::string base64_encode(std::string_view bytes);

/// The bytes of Base64 text (padding optional); nullopt when it is not Base64.
std::optional<std::string> base64_decode(std::string_view text);

}  // namespace marionette::text
