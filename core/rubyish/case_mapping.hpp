#pragma once

#include <string>
#include <string_view>

namespace marionette::rubyish {

/// Ruby's String#upcase, #downcase and #capitalize on UTF-8 text: Unicode's full case mapping
/// without a language's rules ("straße" upcases to "STRASSE", "ǆ" capitalizes to "ǅ", "İ"
/// downcases to "i̇"). Bytes that are not UTF-8 are kept as they are, ASCII letters mapped.
std::string ruby_upcase(std::string_view text);
std::string ruby_downcase(std::string_view text);
/// The first character in title case, the others in lower case.
std::string ruby_capitalize(std::string_view text);

}  // namespace marionette::rubyish
