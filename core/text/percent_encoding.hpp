#pragma once

#include <string>
#include <string_view>

namespace marionette::text {

/// Every byte but A-Z a-z 0-9 - . _ ~ as %XX (and, with `keep_slash`, '/' kept): a URL's path
/// segment or form value as Ruby's CGI.escape writes it, spaces as %20, which is also
/// ERB::Util.url_encode's output.
std::string percent_encode(std::string_view text, bool keep_slash = false);

}  // namespace marionette::text
