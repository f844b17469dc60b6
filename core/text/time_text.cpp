#include "text/time_text.hpp"

#include <cstdio>

namespace marionette::text {

std::string utc_time_text(std::time_t when, const char* format) {
  std::tm utc{};
  gmtime_r(&when, &utc);
  char text[96];
  std::size_t length = std::strftime(text, sizeof text, format, &utc);
  return std::string(text, length);
}

std::string iso8601_nanoseconds(std::int64_t nanoseconds) {
  const std::time_t seconds = static_cast<std::time_t>(nanoseconds / 1'000'000'000);
  char fraction[16];
  std::snprintf(fraction, sizeof fraction, ".%09lld",
                static_cast<long long>(nanoseconds % 1'000'000'000));
  return utc_time_text(seconds, "%Y-%m-%dT%H:%M:%S") + fraction + "+00:00";
}

}  // namespace marionette::text
