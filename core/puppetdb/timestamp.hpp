#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace marionette::puppetdb {

/// Milliseconds since the epoch of an ISO 8601 time as Puppet and PuppetDB write them
/// (2026-11-29T13:00:00Z, …T13:00:00.123456+01:00, a date alone); nullopt otherwise.
std::optional<std::int64_t> parse_timestamp(const std::string& text);

/// PuppetDB's form: 2026-11-29T13:00:00.123Z.
std::string format_timestamp(std::int64_t millis);

/// The form PuppetDB gives the event times inside a report: 2026-11-29T13:00:00+00:00
/// (milliseconds only when there are some).
std::string offset_timestamp(const std::string& text);

/// `text` in PuppetDB's form when it is a time, else unchanged.
std::string normalized_timestamp(const std::string& text);

/// Now, in PuppetDB's form.
std::string now_timestamp();

}  // namespace marionette::puppetdb
