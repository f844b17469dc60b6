#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace marionette::text {

/// The pieces of `text` between `separator`s, the empty ones left out: "a,,b," → {"a", "b"}
/// (a list setting or option: certnames, PATH's directories).
std::vector<std::string> split_nonempty(std::string_view text, char separator);

}  // namespace marionette::text
