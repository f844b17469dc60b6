#include "compiler/time_format.hpp"

#include <algorithm>
#include <cctype>
#include <ctime>
#include <limits>

namespace marionette::compiler {

namespace {

constexpr const char* kDays[] = {"Sunday",   "Monday", "Tuesday", "Wednesday",
                                 "Thursday", "Friday", "Saturday"};
constexpr const char* kMonths[] = {"January",   "February", "March",    "April",
                                   "May",       "June",     "July",     "August",
                                   "September", "October",  "November", "December"};

/// One directive: `%-3N` is {flag '-', width 3, conversion 'N'}.
struct Directive {
  char flag = 0;
  int width = -1;
  char conversion = 0;
  std::size_t first_digit = 0;  ///< where the width is written
  bool too_wide = false;        ///< a width beyond an int
};

/// Reads the directive after a '%' at `i`; leaves `i` on its conversion character.
Directive read_directive(std::string_view format, std::size_t& i) {
  Directive d;
  while (i < format.size() && std::string_view("-0^_#").find(format[i]) != std::string_view::npos)
    d.flag = format[i++];
  d.first_digit = i;
  std::int64_t width = -1;
  while (i < format.size() && std::isdigit(static_cast<unsigned char>(format[i]))) {
    width = (width < 0 ? 0 : width * 10) + (format[i++] - '0');
    if (width > std::numeric_limits<int>::max()) d.too_wide = true, width = 0;
  }
  if (!d.too_wide) d.width = static_cast<int>(width);
  if (i < format.size()) d.conversion = format[i];
  return d;
}

/// Ruby's strftime grows its buffer to at most 1 MiB per character of the format; a directive
/// whose padding needs more fails with ERANGE. This follows the buffer's capacity as Ruby
/// does (an empty string's 23 bytes, then `length + 2 * needed` at each growth).
class RubyBufferLimit {
 public:
  explicit RubyBufferLimit(std::string_view format)
      : format_(format), most_(format.size() * 1024 * 1024) {}

  /// Before a directive that writes `needed` bytes behind the `length` already written.
  void need(std::size_t length, std::size_t needed) {
    if (length < capacity_ && needed < capacity_ - length - 1) return;
    std::size_t grown = length + needed * 2;
    if (grown > most_)
      throw TimeFormatError("Numerical result out of range - " + std::string(format_));
    capacity_ = grown;
  }
  void wrote(std::size_t length) { capacity_ = std::max(capacity_, length); }

 private:
  std::string_view format_;
  std::size_t most_;
  std::size_t capacity_ = 23;
};

std::string number(std::int64_t value, const Directive& d, int width, char pad) {
  std::uint64_t magnitude =
      value < 0 ? 0 - static_cast<std::uint64_t>(value) : static_cast<std::uint64_t>(value);
  std::string digits = std::to_string(magnitude);
  if (d.flag == '_') pad = ' ';
  if (d.flag == '0') pad = '0';
  if (d.width >= 0) width = d.width;
  if (d.flag == '-') width = 0;  // as Ruby: no padding at all, whatever the width
  std::size_t wanted = static_cast<std::size_t>(std::max(0, width - (value < 0 ? 1 : 0)));
  if (digits.size() < wanted) digits.insert(digits.begin(), wanted - digits.size(), pad);
  return (value < 0 ? "-" : "") + digits;
}

std::string text(std::string value, const Directive& d) {
  if (d.flag == '^' || d.flag == '#')
    for (char& c : value) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (d.width > 0 && value.size() < static_cast<std::size_t>(d.width))
    value.insert(value.begin(), static_cast<std::size_t>(d.width) - value.size(), ' ');
  return value;
}

/// The first `digits` digits of the nanoseconds (%L is 3, %N is 9 unless a width is given).
std::string fraction(std::int64_t nanoseconds, int digits) {
  std::string nine = std::to_string(nanoseconds);
  nine.insert(nine.begin(), 9 - std::min<std::size_t>(9, nine.size()), '0');
  if (digits <= 9) return nine.substr(0, static_cast<std::size_t>(digits));
  return nine + std::string(static_cast<std::size_t>(digits - 9), '0');
}

std::int64_t days_from_civil(std::int64_t y, unsigned m, unsigned d) {
  y -= m <= 2;
  const std::int64_t era = (y >= 0 ? y : y - 399) / 400;
  const unsigned yoe = static_cast<unsigned>(y - era * 400);
  const unsigned doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + static_cast<std::int64_t>(doe) - 719468;
}

std::int64_t floor_divide(std::int64_t a, std::int64_t b) {
  return a / b - ((a % b != 0) && ((a < 0) != (b < 0)) ? 1 : 0);
}

std::int64_t floor_modulo(std::int64_t a, std::int64_t b) {
  return a - floor_divide(a, b) * b;
}

/// A moment in UTC, with the year in 64 bits: gmtime_r's int year overflows past the year
/// 2**31 (Timestamp(1e17) printed a year of -1126091476), where Ruby's Time goes on.
struct UtcTime {
  std::int64_t year = 1970;
  std::int64_t month = 1, day = 1, yday = 0, hour = 0, minute = 0, second = 0, wday = 4;
};

/// Seconds since the epoch as a civil date and time (the proleptic Gregorian calendar, as
/// Ruby's Time; the days-to-civil arithmetic is the inverse of days_from_civil).
UtcTime utc_time(std::int64_t seconds) {
  UtcTime out;
  std::int64_t days = floor_divide(seconds, 86400), of_day = floor_modulo(seconds, 86400);
  out.hour = of_day / 3600, out.minute = of_day / 60 % 60, out.second = of_day % 60;
  out.wday = floor_modulo(days + 4, 7);  // 1970-01-01 was a Thursday
  const std::int64_t z = days + 719468;
  const std::int64_t era = floor_divide(z, 146097);
  const std::int64_t doe = z - era * 146097;
  const std::int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
  const std::int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
  const std::int64_t mp = (5 * doy + 2) / 153;
  out.day = doy - (153 * mp + 2) / 5 + 1;
  out.month = mp < 10 ? mp + 3 : mp - 9;
  out.year = yoe + era * 400 + (out.month <= 2 ? 1 : 0);
  out.yday = days - days_from_civil(out.year, 1, 1);
  return out;
}

}  // namespace

std::string format_timestamp(std::int64_t seconds, std::int64_t nanoseconds,
                             std::string_view format) {
  UtcTime utc = utc_time(seconds);
  std::string out;
  RubyBufferLimit limit(format);
  for (std::size_t i = 0; i < format.size(); ++i) {
    if (format[i] != '%' || i + 1 == format.size()) {
      out += format[i];
      continue;
    }
    std::size_t percent = i++;
    Directive d = read_directive(format, i);
    if (d.too_wide) {  // Ruby copies the directive up to its first digit and reads on
      out.append(format.substr(percent, d.first_digit + 1 - percent));
      i = d.first_digit;
      continue;
    }
    limit.need(out.size(), static_cast<std::size_t>(std::max(d.width, 1)));
    int hour12 = utc.hour % 12 == 0 ? 12 : utc.hour % 12;
    switch (d.conversion) {
      case 'Y':
        out += number(utc.year, d, 4, '0');
        break;
      case 'C':
        out += number(floor_divide(utc.year, 100), d, 2, '0');
        break;
      case 'y':
        out += number(floor_modulo(utc.year, 100), d, 2, '0');
        break;
      case 'm':
        out += number(utc.month, d, 2, '0');
        break;
      case 'd':
        out += number(utc.day, d, 2, '0');
        break;
      case 'e':
        out += number(utc.day, d, 2, ' ');
        break;
      case 'j':
        out += number(utc.yday + 1, d, 3, '0');
        break;
      case 'H':
        out += number(utc.hour, d, 2, '0');
        break;
      case 'k':
        out += number(utc.hour, d, 2, ' ');
        break;
      case 'I':
        out += number(hour12, d, 2, '0');
        break;
      case 'l':
        out += number(hour12, d, 2, ' ');
        break;
      case 'M':
        out += number(utc.minute, d, 2, '0');
        break;
      case 'S':
        out += number(utc.second, d, 2, '0');
        break;
      case 'L':
        out += fraction(nanoseconds, d.width > 0 ? d.width : 3);
        break;
      case 'N':
        out += fraction(nanoseconds, d.width > 0 ? d.width : 9);
        break;
      case 'z':
        out += "+0000";
        break;
      case 'Z':
        out += text("UTC", d);
        break;
      case 'A':
        out += text(kDays[utc.wday], d);
        break;
      case 'a':
        out += text(std::string(kDays[utc.wday]).substr(0, 3), d);
        break;
      case 'B':
        out += text(kMonths[utc.month - 1], d);
        break;
      case 'b':
      case 'h':
        out += text(std::string(kMonths[utc.month - 1]).substr(0, 3), d);
        break;
      case 'p':
        out += text(utc.hour < 12 ? "AM" : "PM", d);
        break;
      case 'P':
        out += text(utc.hour < 12 ? "am" : "pm", d);
        break;
      case 'u':
        out += number(utc.wday == 0 ? 7 : utc.wday, d, 1, '0');
        break;
      case 'w':
        out += number(utc.wday, d, 1, '0');
        break;
      case 's':
        out += number(seconds, d, 1, '0');
        break;
      case 'F':
        out += format_timestamp(seconds, nanoseconds, "%Y-%m-%d");
        break;
      case 'T':
      case 'X':
        out += format_timestamp(seconds, nanoseconds, "%H:%M:%S");
        break;
      case 'D':
      case 'x':
        out += format_timestamp(seconds, nanoseconds, "%m/%d/%y");
        break;
      case 'R':
        out += format_timestamp(seconds, nanoseconds, "%H:%M");
        break;
      case 'r':
        out += format_timestamp(seconds, nanoseconds, "%I:%M:%S %p");
        break;
      case 'c':
        out += format_timestamp(seconds, nanoseconds, "%a %b %e %H:%M:%S %Y");
        break;
      case 'n':
        out += '\n';
        break;
      case 't':
        out += '\t';
        break;
      case '%':
        out += '%';
        break;
      default:  // Ruby copies what it does not know as written
        out.append(format.substr(percent, i + 1 - percent));
    }
    limit.wrote(out.size());
  }
  return out;
}

std::string format_timespan(std::int64_t nanoseconds, std::string_view format) {
  bool negative = nanoseconds < 0;
  std::uint64_t total =
      negative ? static_cast<std::uint64_t>(-nanoseconds) : static_cast<std::uint64_t>(nanoseconds);
  // The most significant field the format names takes everything above it.
  const std::string_view order = "DHMSLN";
  std::size_t most = order.size();
  for (std::size_t i = 0; i + 1 < format.size(); ++i) {
    if (format[i] != '%') continue;
    std::size_t j = i + 1;
    Directive d = read_directive(format, j);
    std::size_t at = order.find(d.conversion);
    if (at != std::string_view::npos) most = std::min(most, at);
    i = j;
  }
  const std::uint64_t unit[] = {86400000000000ULL, 3600000000000ULL, 60000000000ULL,
                                1000000000ULL,     1000000ULL,       1ULL};
  const std::uint64_t wrap[] = {0, 24, 60, 60, 1000, 1000000000ULL};
  auto field = [&](std::size_t at) -> std::int64_t {
    std::uint64_t value = total / unit[at];
    if (at > most && wrap[at]) value %= wrap[at];
    if (at == 5) value = total % 1000000000ULL;
    return static_cast<std::int64_t>(value);
  };
  std::string out = negative ? "-" : "";
  for (std::size_t i = 0; i < format.size(); ++i) {
    if (format[i] != '%' || i + 1 == format.size()) {
      out += format[i];
      continue;
    }
    ++i;
    Directive d = read_directive(format, i);
    if (d.too_wide) throw TimeFormatError("width too big");  // Puppet pads with Ruby's format
    switch (d.conversion) {
      case 'D':
        out += number(field(0), d, 1, '0');
        break;
      case 'H':
        out += number(field(1), d, 2, '0');
        break;
      case 'M':
        out += number(field(2), d, 2, '0');
        break;
      case 'S':
        out += number(field(3), d, 2, '0');
        break;
      case 'L':
        out += number(field(4) % 1000, d, 3, '0');
        break;
      case 'N': {
        std::string digits =
            fraction(static_cast<std::int64_t>(total % 1000000000ULL), d.width > 0 ? d.width : 9);
        if (d.flag == '-') {
          while (digits.size() > 1 && digits.back() == '0') digits.pop_back();
        }
        out += digits;
        break;
      }
      case '%':
        out += '%';
        break;
      default:
        out += '%';
        out += d.conversion;
    }
  }
  return out;
}

namespace {

/// The offset from UTC, in seconds, of a zone named as Ruby's Date._strptime knows the common
/// abbreviations (its zone table), whatever their case; nullopt for a name it does not know.
std::optional<std::int64_t> named_zone_offset(std::string_view name) {
  struct Zone {
    std::string_view name;
    int minutes;
  };
  static constexpr Zone kZones[] = {{"utc", 0},
                                    {"ut", 0},
                                    {"gmt", 0},
                                    {"z", 0},
                                    {"est", -5 * 60},
                                    {"edt", -4 * 60},
                                    {"cst", -6 * 60},
                                    {"cdt", -5 * 60},
                                    {"mst", -7 * 60},
                                    {"mdt", -6 * 60},
                                    {"pst", -8 * 60},
                                    {"pdt", -7 * 60},
                                    {"akst", -9 * 60},
                                    {"akdt", -8 * 60},
                                    {"hst", -10 * 60},
                                    {"ast", -4 * 60},
                                    {"adt", -3 * 60},
                                    {"nst", -(3 * 60 + 30)},
                                    {"ndt", -(2 * 60 + 30)},
                                    {"wet", 0},
                                    {"west", 60},
                                    {"bst", 60},
                                    {"cet", 60},
                                    {"cest", 2 * 60},
                                    {"met", 60},
                                    {"mest", 2 * 60},
                                    {"mewt", 60},
                                    {"mesz", 2 * 60},
                                    {"eet", 2 * 60},
                                    {"eest", 3 * 60},
                                    {"msk", 3 * 60},
                                    {"ist", 5 * 60 + 30},
                                    {"jst", 9 * 60},
                                    {"kst", 9 * 60},
                                    {"hkt", 8 * 60},
                                    {"sgt", 8 * 60},
                                    {"awst", 8 * 60},
                                    {"acst", 9 * 60 + 30},
                                    {"aest", 10 * 60},
                                    {"nzst", 12 * 60},
                                    {"nzdt", 13 * 60}};
  std::string lower;
  for (char c : name) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (const Zone& zone : kZones)
    if (zone.name == lower) return std::int64_t{zone.minutes} * 60;
  return std::nullopt;
}

}  // namespace

std::optional<ParsedTime> parse_timestamp(std::string_view input, std::string_view format) {
  std::int64_t year = 1970, month = 1, day = 1, hour = 0, minute = 0, second = 0, nanos = 0;
  std::int64_t offset = 0;
  std::optional<std::int64_t> epoch;
  std::size_t at = 0;
  auto read_number = [&](std::size_t max_digits, std::int64_t& out) {
    std::size_t start = at;
    bool negative = at < input.size() && input[at] == '-';
    if (negative) ++at;
    out = 0;
    while (at < input.size() && at - start < max_digits &&
           std::isdigit(static_cast<unsigned char>(input[at])))
      out = out * 10 + (input[at++] - '0');
    if (negative) out = -out;
    return at > start + (negative ? 1 : 0);
  };
  for (std::size_t i = 0; i < format.size(); ++i) {
    if (format[i] != '%') {
      if (at >= input.size() || input[at] != format[i]) return std::nullopt;
      ++at;
      continue;
    }
    ++i;
    Directive d = read_directive(format, i);
    bool ok = true;
    switch (d.conversion) {
      case 'Y':
        ok = read_number(5, year);
        break;
      case 'm':
        ok = read_number(2, month);
        break;
      case 'd':
      case 'e':
        ok = read_number(2, day);
        break;
      case 'H':
        ok = read_number(2, hour);
        break;
      case 'M':
        ok = read_number(2, minute);
        break;
      case 'S':
        ok = read_number(2, second);
        break;
      case 's': {
        std::int64_t s = 0;
        ok = read_number(20, s);
        epoch = s;
        break;
      }
      case 'L':
      case 'N': {
        std::size_t start = at;
        ok = read_number(9, nanos);
        for (std::size_t n = at - start; n < 9; ++n) nanos *= 10;
        break;
      }
      case 'z': {
        if (at >= input.size() || (input[at] != '+' && input[at] != '-')) return std::nullopt;
        int sign = input[at++] == '-' ? -1 : 1;
        std::int64_t hh = 0, mm = 0;
        ok = read_number(2, hh);
        if (at < input.size() && input[at] == ':') ++at;
        read_number(2, mm);
        offset = sign * (hh * 3600 + mm * 60);
        break;
      }
      case 'Z': {
        std::size_t start = at;
        while (at < input.size() && std::isalpha(static_cast<unsigned char>(input[at]))) ++at;
        std::optional<std::int64_t> zone_offset =
            named_zone_offset(input.substr(start, at - start));
        ok = zone_offset.has_value();
        if (ok) offset = *zone_offset;
        break;
      }
      case 'F': {
        auto inner = parse_timestamp(input.substr(at, 10), "%Y-%m-%d");
        if (!inner) return std::nullopt;
        std::time_t t = static_cast<std::time_t>(inner->seconds);
        std::tm tm{};
        gmtime_r(&t, &tm);
        year = tm.tm_year + 1900, month = tm.tm_mon + 1, day = tm.tm_mday;
        at += 10;
        break;
      }
      case 'T':
        ok = read_number(2, hour) && at < input.size() && input[at++] == ':' &&
             read_number(2, minute) && at < input.size() && input[at++] == ':' &&
             read_number(2, second);
        break;
      case '%':
        ok = at < input.size() && input[at++] == '%';
        break;
      default:
        return std::nullopt;
    }
    if (!ok) return std::nullopt;
  }
  if (at != input.size()) return std::nullopt;
  if (epoch) return ParsedTime{*epoch, nanos};
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 60)
    return std::nullopt;
  std::int64_t days =
      days_from_civil(year, static_cast<unsigned>(month), static_cast<unsigned>(day));
  return ParsedTime{days * 86400 + hour * 3600 + minute * 60 + second - offset, nanos};
}

std::optional<std::int64_t> parse_timespan(std::string_view input, std::string_view format) {
  std::int64_t total = 0;
  std::size_t at = 0;
  bool negative = !input.empty() && input[0] == '-';
  if (negative) ++at;
  for (std::size_t i = 0; i < format.size(); ++i) {
    if (format[i] != '%') {
      if (at >= input.size() || input[at] != format[i]) return std::nullopt;
      ++at;
      continue;
    }
    ++i;
    Directive d = read_directive(format, i);
    std::size_t start = at;
    std::int64_t value = 0;
    while (at < input.size() && std::isdigit(static_cast<unsigned char>(input[at])))
      value = value * 10 + (input[at++] - '0');
    std::size_t digits = at - start;
    if (digits == 0) return std::nullopt;
    switch (d.conversion) {
      case 'D':
        total += value * 86400000000000LL;
        break;
      case 'H':
        total += value * 3600000000000LL;
        break;
      case 'M':
        total += value * 60000000000LL;
        break;
      case 'S':
        total += value * 1000000000LL;
        break;
      case 'L':
        for (std::size_t n = digits; n < 3; ++n) value *= 10;
        total += value * 1000000LL;
        break;
      case 'N':
        for (std::size_t n = digits; n < 9; ++n) value *= 10;
        total += value;
        break;
      default:
        return std::nullopt;
    }
  }
  if (at != input.size()) return std::nullopt;
  return negative ? -total : total;
}

std::span<const std::string_view> default_timestamp_formats() {
  return kDefaultTimestampFormats;
}

std::optional<std::string> canonical_timestamp_text(std::string_view text) {
  for (std::string_view format : default_timestamp_formats())
    if (auto parsed = parse_timestamp(text, format))
      return format_timestamp(parsed->seconds, parsed->nanoseconds, "%Y-%m-%dT%H:%M:%S.%N %Z");
  return std::nullopt;
}

}  // namespace marionette::compiler
