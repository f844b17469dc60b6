#include <chrono>
#include <cmath>

#include "compiler/functions/function.hpp"
#include "compiler/integer_range.hpp"
#include "compiler/runtime_values.hpp"
#include "compiler/time_format.hpp"
#include "compiler/types.hpp"

namespace marionette::compiler {

namespace {

constexpr std::string_view kTimespanFormats[] = {
    "%D-%H:%M:%S.%-N", "%H:%M:%S.%-N", "%M:%S.%-N", "%S.%-N",
    "%D-%H:%M:%S",     "%H:%M:%S",     "%D-%H:%M",  "%S"};

Value timestamp(std::int64_t seconds, std::int64_t nanoseconds) {
  return make_runtime_value("Timestamp", {Value(seconds), Value(nanoseconds)});
}

/// As Puppet: the nanoseconds are the float seconds * 10**9 truncated to an Integer (so
/// Timestamp(1e17) ends in .764729344, as the float has it); beyond a double that product is
/// "Infinity".
Value timestamp_from_seconds(double seconds, const lang::SourceLocation& where) {
  double product = seconds * 1e9;
  if (std::isinf(product)) integer_from_float(product, "Timestamp()", where);  // "Infinity"
  if (std::fabs(product) >= 0x1p126)  // seconds far beyond 64 bits: fails
    return timestamp(integer_from_float(std::trunc(seconds), "Timestamp()", where), 0);
  __int128 nanoseconds = 0;
  if (std::fabs(product) < 0x1p63) {
    nanoseconds = static_cast<std::int64_t>(product);  // truncated toward zero, as Ruby's to_i
  } else {  // a whole number: its 53-bit mantissa, shifted
    int exponent = 0;
    double fraction = std::frexp(std::fabs(product), &exponent);
    nanoseconds = static_cast<__int128>(std::ldexp(fraction, 53)) << (exponent - 53);
    if (product < 0) nanoseconds = -nanoseconds;
  }
  __int128 whole = nanoseconds / kNanosPerSecond, rest = nanoseconds % kNanosPerSecond;
  if (rest < 0) rest += kNanosPerSecond, whole -= 1;
  return timestamp(integer_in_range(whole, "Timestamp()", where), static_cast<std::int64_t>(rest));
}

/// Timestamp(), Timestamp(seconds), Timestamp('2024-02-29T12:34:56.5 UTC'[, format(s)]).
Value new_timestamp(CallContext& call) {
  call.expect_arguments(0, 3);
  if (call.arguments.empty()) {
    auto now = std::chrono::system_clock::now().time_since_epoch();
    auto nanos = std::chrono::duration_cast<std::chrono::nanoseconds>(now).count();
    return timestamp(nanos / kNanosPerSecond, nanos % kNanosPerSecond);
  }
  const Value& value = call.arguments[0];
  if (is_runtime_value(value, "Timestamp")) return value;
  if (value.is_integer()) return timestamp(value.integer(), 0);  // exact, as Puppet's Integer
  if (value.is_number()) return timestamp_from_seconds(value.number(), call.where);
  if (!value.is_string()) call.fail("expects a String or a Number, got " + type_name_of(value));
  std::vector<std::string> formats;
  if (call.arguments.size() > 1) {
    const Value& given = call.arguments[1];
    if (given.is_array()) {
      for (const Value& f : given.array()) formats.push_back(to_string(f));
    } else {
      formats.push_back(to_string(given));
    }
  } else {
    for (std::string_view format : default_timestamp_formats()) formats.emplace_back(format);
  }
  for (const std::string& format : formats)
    if (auto parsed = parse_timestamp(value.string(), format))
      return timestamp(parsed->seconds, parsed->nanoseconds);
  call.fail("Unable to parse '" + value.string() + "' using any of the formats " + [&] {
    std::string list;
    for (const std::string& f : formats) list += (list.empty() ? "" : ", ") + f;
    return list;
  }());
}

Value timespan(std::int64_t nanoseconds) {
  return make_runtime_value("Timespan", {Value(nanoseconds)});
}

/// Timespan(seconds), Timespan('1-02:03:04'[, format]), Timespan({hours => 1}),
/// Timespan(days, hours, minutes, seconds[, milliseconds, microseconds, nanoseconds]).
Value new_timespan(CallContext& call) {
  call.expect_arguments(1, 7);
  const Value& value = call.arguments[0];
  if (is_runtime_value(value, "Timespan")) return value;
  if (value.is_integer() && call.arguments.size() >= 3) {
    const std::int64_t units[] = {86400 * kNanosPerSecond,
                                  3600 * kNanosPerSecond,
                                  60 * kNanosPerSecond,
                                  kNanosPerSecond,
                                  1000000,
                                  1000,
                                  1};
    __int128 total = 0;  // 7 products of 64 bits each stay far within 128
    for (std::size_t i = 0; i < call.arguments.size(); ++i) {
      if (!call.arguments[i].is_integer()) call.fail("expects Integer arguments");
      total += static_cast<__int128>(call.arguments[i].integer()) * units[i];
    }
    return timespan(integer_in_range(total, "Timespan()", call.where));
  }
  if (value.is_number())
    return timespan(integer_from_float(std::round(value.number() * 1e9), "Timespan()", call.where));
  if (value.is_hash()) {
    std::int64_t total = 0;
    bool negative = false;
    for (const auto& [key, amount] : value.hash()) {
      std::string k = to_string(key);
      if (k == "negative") {
        negative = truthy(amount);
        continue;
      }
      double unit = k == "days"           ? 86400e9
                    : k == "hours"        ? 3600e9
                    : k == "minutes"      ? 60e9
                    : k == "seconds"      ? 1e9
                    : k == "milliseconds" ? 1e6
                    : k == "microseconds" ? 1e3
                    : k == "nanoseconds"  ? 1
                                          : -1;
      if (unit < 0 || !amount.is_number()) call.fail("unexpected key '" + k + "'");
      total = integer_in_range(
          static_cast<__int128>(total) +
              integer_from_float(std::round(amount.number() * unit), "Timespan()", call.where),
          "Timespan()", call.where);
    }
    return timespan(negative ? -total : total);
  }
  if (!value.is_string()) call.fail("expects a String, a Number or a Hash");
  std::vector<std::string> formats;
  if (call.arguments.size() > 1)
    formats.push_back(to_string(call.arguments[1]));
  else
    formats.assign(std::begin(kTimespanFormats), std::end(kTimespanFormats));
  for (const std::string& format : formats)
    if (auto parsed = parse_timespan(value.string(), format)) return timespan(*parsed);
  call.fail("Unable to parse '" + value.string() + "' as a Timespan");
}

}  // namespace

void register_time_functions(FunctionTable& table) {
  table.emplace_back("Timestamp", new_timestamp);
  table.emplace_back("Timespan", new_timespan);
}

}  // namespace marionette::compiler
