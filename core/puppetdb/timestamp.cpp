#include "puppetdb/timestamp.hpp"

#include <chrono>
#include <cstdio>
#include <ctime>

namespace marionette::puppetdb {

namespace {

bool digits(const std::string& text, std::size_t at, std::size_t count, int* out) {
  if (at + count > text.size()) return false;
  int value = 0;
  for (std::size_t i = at; i < at + count; ++i) {
    if (text[i] < '0' || text[i] > '9') return false;
    value = value * 10 + (text[i] - '0');
  }
  *out = value;
  return true;
}

// Days since 1970-01-01 of a civil date (Howard Hinnant's algorithm).
std::int64_t days_from_civil(int year, unsigned month, unsigned day) {
  year -= month <= 2;
  const int era = (year >= 0 ? year : year - 399) / 400;
  const unsigned yoe = static_cast<unsigned>(year - era * 400);
  const unsigned doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1;
  const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return static_cast<std::int64_t>(era) * 146097 + static_cast<std::int64_t>(doe) - 719468;
}

}  // namespace

std::optional<std::int64_t> parse_timestamp(const std::string& text) {
  int year, month, day, hour = 0, minute = 0, second = 0;
  if (!digits(text, 0, 4, &year) || text.size() < 10 || text[4] != '-' ||
      !digits(text, 5, 2, &month) || text[7] != '-' || !digits(text, 8, 2, &day))
    return std::nullopt;
  if (month < 1 || month > 12 || day < 1 || day > 31) return std::nullopt;
  std::size_t at = 10;
  std::int64_t millis = 0;
  if (at < text.size() && (text[at] == 'T' || text[at] == ' ')) {
    if (!digits(text, at + 1, 2, &hour) || text.size() < at + 6 || text[at + 3] != ':' ||
        !digits(text, at + 4, 2, &minute))
      return std::nullopt;
    at += 6;
    if (at < text.size() && text[at] == ':') {
      if (!digits(text, at + 1, 2, &second)) return std::nullopt;
      at += 3;
      if (at < text.size() && (text[at] == '.' || text[at] == ',')) {
        ++at;
        int scale = 100;
        std::size_t start = at;
        while (at < text.size() && text[at] >= '0' && text[at] <= '9') {
          millis += (text[at] - '0') * scale;
          scale /= 10;
          ++at;
        }
        if (at == start) return std::nullopt;
      }
    }
  }
  std::int64_t offset_minutes = 0;
  if (at < text.size()) {
    if (text[at] == 'Z' || text[at] == 'z') {
      ++at;
    } else if (text[at] == '+' || text[at] == '-') {
      int oh, om = 0;
      if (!digits(text, at + 1, 2, &oh)) return std::nullopt;
      std::size_t next = at + 3;
      if (next < text.size() && text[next] == ':') ++next;
      if (next < text.size()) {
        if (!digits(text, next, 2, &om)) return std::nullopt;
        next += 2;
      }
      offset_minutes = (oh * 60 + om) * (text[at] == '-' ? -1 : 1);
      at = next;
    }
  }
  if (at != text.size() || hour > 23 || minute > 59 || second > 60) return std::nullopt;
  std::int64_t seconds = days_from_civil(year, month, day) * 86400 + hour * 3600 + minute * 60 +
                         second - offset_minutes * 60;
  return seconds * 1000 + millis;
}

std::string format_timestamp(std::int64_t millis) {
  std::int64_t seconds = millis / 1000;
  int rest = static_cast<int>(millis % 1000);
  if (rest < 0) {
    rest += 1000;
    --seconds;
  }
  std::time_t when = static_cast<std::time_t>(seconds);
  std::tm parts{};
  gmtime_r(&when, &parts);
  char buffer[96];  // room for any int in each field, as GCC checks
  std::snprintf(buffer, sizeof buffer, "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", parts.tm_year + 1900,
                parts.tm_mon + 1, parts.tm_mday, parts.tm_hour, parts.tm_min, parts.tm_sec, rest);
  return buffer;
}

std::string offset_timestamp(const std::string& text) {
  std::optional<std::int64_t> millis = parse_timestamp(text);
  if (!millis) return text;
  std::string full = format_timestamp(*millis);  // …T13:00:00.123Z
  std::string fraction = full.substr(19, 4);
  return full.substr(0, 19) + (fraction == ".000" ? "" : fraction) + "+00:00";
}

std::string normalized_timestamp(const std::string& text) {
  std::optional<std::int64_t> millis = parse_timestamp(text);
  return millis ? format_timestamp(*millis) : text;
}

std::string now_timestamp() {
  auto now = std::chrono::system_clock::now().time_since_epoch();
  return format_timestamp(std::chrono::duration_cast<std::chrono::milliseconds>(now).count());
}

}  // namespace marionette::puppetdb
