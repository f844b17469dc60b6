#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>

namespace marionette::compiler {

/// The formats Timestamp.new and Timespan.new try, in order, when none is given.
inline constexpr std::string_view kDefaultTimestampFormats[] = {
    "%FT%T.%N %Z", "%FT%T %Z",    "%F %T.%N %Z", "%F %T %Z",    "%F %Z",    "%FT%T.%N%Z",
    "%FT%T%Z",     "%FT%T.%N %z", "%FT%T %z",    "%F %T.%N %z", "%F %T %z", "%FT%T.%N%z",
    "%FT%T%z",     "%FT%T.%N",    "%FT%T",       "%F %T.%N",    "%F %T",    "%F"};

inline constexpr std::string_view kDefaultTimespanFormats[] = {
    "%D-%H:%M:%S.%-N", "%H:%M:%S.%-N", "%M:%S.%-N", "%S.%-N",
    "%D-%H:%M:%S",     "%H:%M:%S",     "%D-%H:%M",  "%S"};

/// A format that Ruby refuses: "Numerical result out of range - FORMAT" (a Timestamp padded
/// beyond Ruby's buffer limit), "width too big" (a Timespan width beyond an int).
struct TimeFormatError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// A Timestamp (seconds and nanoseconds since the epoch, UTC) formatted with Ruby's strftime
/// directives as Puppet extends them (%N, %3N, %L, %s, flags -, 0, ^, _ and widths).
std::string format_timestamp(std::int64_t seconds, std::int64_t nanoseconds,
                             std::string_view format);

/// A Timespan (nanoseconds) with Puppet's Timespan directives: %D days, %H, %M, %S, %L, %N
/// (the most significant one given is not wrapped: 90 seconds as '%M:%S' is "01:30").
std::string format_timespan(std::int64_t nanoseconds, std::string_view format);

/// Parses a timestamp with one strftime format (%Y %m %d %H %M %S %L %N %z %Z %T %F %s);
/// nullopt when the text does not fit.
struct ParsedTime {
  std::int64_t seconds = 0;
  std::int64_t nanoseconds = 0;
};
std::optional<ParsedTime> parse_timestamp(std::string_view text, std::string_view format);

/// The formats Puppet's Timestamp tries, in order, when it is given none.
std::span<const std::string_view> default_timestamp_formats();

/// A timestamp as Timestamp types hold it ("2014-12-12T12:14:15.000000000 UTC") from any text
/// of the default formats; nullopt when none fits.
std::optional<std::string> canonical_timestamp_text(std::string_view text);

/// Parses a timespan with one format of Timespan directives ("%D-%H:%M:%S").
std::optional<std::int64_t> parse_timespan(std::string_view text, std::string_view format);

}  // namespace marionette::compiler
