#pragma once

#include <cstdint>
#include <ctime>
#include <string>

namespace marionette::text {

/// `when` in UTC, written by strftime's `format` ("%Y-%m-%d %H:%M:%S UTC").
std::string utc_time_text(std::time_t when, const char* format);

/// Ruby's Time#iso8601(9) of a UTC time, as Puppet writes a report's times:
/// 2026-11-26T08:00:00.123456789+00:00, from nanoseconds since the epoch.
std::string iso8601_nanoseconds(std::int64_t nanoseconds);

}  // namespace marionette::text
