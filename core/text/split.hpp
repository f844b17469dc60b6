#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace marionette::text {

/// The pieces of `text` between `separator`s, the empty ones left out: "a,,b," → {"a", "b"}
/// (a list setting or option: certnames, PATH's directories).
std::vector<std::string> split_nonempty(std::string_view text, char separator);

/// Ruby's String#split(separator) for a one-character separator: empty pieces between separators
/// kept, those at the end left out: "a::b::" → {"a", "", "b"} (a module path, an IPv6 address).
std::vector<std::string> split_as_ruby(std::string_view text, char separator);

}  // namespace marionette::text
