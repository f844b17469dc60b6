#include "puppetdb/node_row.hpp"

#include <algorithm>
#include <array>
#include <climits>
#include <cstdint>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

#include "puppetdb/json_scan.hpp"
#include "puppetdb/store.hpp"
#include "puppetdb/timestamp.hpp"
#include "puppetdb/varint.hpp"

// Its own namespace: a unity build puts this file beside others with anonymous namespaces.
namespace marionette::puppetdb::node_row_packing {

namespace {

/// The first byte of a packed row: a row's text starts with '{', a deflated value with 0x78.
constexpr char kPacked = '\x01';

/// The fields a packed row names by number (the nodes entity's answer fields). Only ever
/// appended to: a stored row names its fields by these numbers (at most 32).
constexpr std::array<std::string_view, 16> kNames = {"cached_catalog_status",
                                                     "catalog_environment",
                                                     "catalog_timestamp",
                                                     "certname",
                                                     "deactivated",
                                                     "expired",
                                                     "facts_environment",
                                                     "facts_timestamp",
                                                     "latest_report_corrective_change",
                                                     "latest_report_hash",
                                                     "latest_report_job_id",
                                                     "latest_report_noop",
                                                     "latest_report_noop_pending",
                                                     "latest_report_status",
                                                     "report_environment",
                                                     "report_timestamp"};

/// What follows a field's byte (its low 3 bits; the field's number is the rest).
enum Kind : unsigned char {
  null_value = 0,
  true_value = 1,
  false_value = 2,
  time_value = 3,    ///< milliseconds from the row's previous time (zigzag varint)
  hex_value = 4,     ///< 40 lowercase hex digits as 20 bytes
  string_value = 5,  ///< varint length, then the string's text between its quotes
  same_value = 6,    ///< one byte: the place in the row of an earlier field of the same text
  token_value = 7,   ///< varint length, then the value's text (a number)
};

constexpr std::size_t kHexDigits = 40;

std::optional<std::size_t> name_number(std::string_view name) {
  for (std::size_t i = 0; i < kNames.size(); ++i)
    if (kNames[i] == name) return i;
  return std::nullopt;
}

int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

bool lowercase_hex(std::string_view text) {
  if (text.size() != kHexDigits) return false;
  for (char c : text)
    if (hex_digit(c) < 0) return false;
  return true;
}

/// The row's fields as packed_node_row reads its text: a flat object of scalars, as nlohmann
/// writes it (no spaces). nullopt for any other text.
struct Member {
  std::string_view name;
  std::string_view value;  ///< its text, a string's with its quotes
};

std::optional<std::vector<Member>> flat_members(std::string_view text) {
  std::vector<Member> members;
  std::size_t at = 0;
  if (text.size() < 2 || text[at++] != '{') return std::nullopt;
  while (true) {
    if (at >= text.size() || text[at++] != '"') return std::nullopt;
    const std::size_t name_end = text.find('"', at);
    if (name_end == std::string_view::npos) return std::nullopt;
    const std::string_view name = text.substr(at, name_end - at);
    if (name.find('\\') != std::string_view::npos) return std::nullopt;
    at = name_end + 1;
    if (at >= text.size() || text[at++] != ':' || at >= text.size()) return std::nullopt;
    const std::size_t start = at;
    const char first = text[at];
    if (first == '"') {
      for (++at; at < text.size() && text[at] != '"'; ++at)
        if (text[at] == '\\') ++at;
      if (at >= text.size()) return std::nullopt;
      ++at;
    } else if (first == '-' || (first >= '0' && first <= '9')) {
      while (at < text.size() &&
             std::string_view("0123456789+-.eE").find(text[at]) != std::string_view::npos)
        ++at;
    } else {
      for (std::string_view word : {"null", "true", "false"})
        if (text.compare(at, word.size(), word) == 0) {
          at += word.size();
          break;
        }
      if (at == start) return std::nullopt;
    }
    members.push_back({name, text.substr(start, at - start)});
    if (at >= text.size()) return std::nullopt;
    const char next = text[at++];
    if (next == '}') return at == text.size() ? std::optional(std::move(members)) : std::nullopt;
    if (next != ',') return std::nullopt;
  }
}

/// Writes times in PuppetDB's form (format_timestamp's, 2026-11-29T13:00:00.123Z) without
/// gmtime and printf, the date of the last one kept: the query for every node writes four a
/// row, 40,000 at 10,000 nodes, most of a row's on one day.
class TimeWriter {
 public:
  void append(std::string& out, std::int64_t millis) {
    constexpr std::int64_t kDay = 86'400'000;
    std::int64_t days = millis / kDay, rest = millis % kDay;
    if (rest < 0) {
      rest += kDay;
      --days;
    }
    if (days != days_) date(days);
    char text[24];
    std::copy(date_, date_ + 10, text);
    text[10] = 'T';
    put(text + 11, rest / 3'600'000, 2);
    text[13] = ':';
    put(text + 14, rest / 60'000 % 60, 2);
    text[16] = ':';
    put(text + 17, rest / 1000 % 60, 2);
    text[19] = '.';
    put(text + 20, rest % 1000, 3);
    text[23] = 'Z';
    out.append(text, sizeof text);
  }

 private:
  static void put(char* at, std::int64_t value, int width) {
    for (int i = width - 1; i >= 0; --i, value /= 10) at[i] = static_cast<char>('0' + value % 10);
  }
  /// The civil date of a day count from 1970-01-01 (March-based years of 400-year eras).
  void date(std::int64_t days) {
    days_ = days;
    const std::int64_t z = days + 719'468;
    const std::int64_t era = (z >= 0 ? z : z - 146'096) / 146'097;
    const std::int64_t day_of_era = z - era * 146'097;
    const std::int64_t year_of_era =
        (day_of_era - day_of_era / 1460 + day_of_era / 36'524 - day_of_era / 146'096) / 365;
    const std::int64_t day_of_year =
        day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    const std::int64_t month_index = (5 * day_of_year + 2) / 153;
    const std::int64_t day = day_of_year - (153 * month_index + 2) / 5 + 1;
    const std::int64_t month = month_index < 10 ? month_index + 3 : month_index - 9;
    put(date_, year_of_era + era * 400 + (month <= 2 ? 1 : 0), 4);
    date_[4] = '-';
    put(date_ + 5, month, 2);
    date_[7] = '-';
    put(date_ + 8, day, 2);
  }
  std::int64_t days_ = INT64_MIN;
  char date_[10] = {};
};

std::optional<std::string> packed(std::string_view text) {
  const std::optional<std::vector<Member>> members = flat_members(text);
  if (!members || members->size() > 255) return std::nullopt;
  std::string out(1, kPacked);
  std::int64_t previous_time = 0;
  for (std::size_t place = 0; place < members->size(); ++place) {
    const auto& [name, value] = (*members)[place];
    const std::optional<std::size_t> number = name_number(name);
    if (!number) return std::nullopt;
    auto field = [&](Kind kind) { out += static_cast<char>((*number << 3) | kind); };
    if (value == "null") {
      field(null_value);
    } else if (value == "true") {
      field(true_value);
    } else if (value == "false") {
      field(false_value);
    } else if (value[0] != '"') {
      field(token_value);
      put_varint(out, value.size());
      out += value;
    } else {
      std::size_t earlier = 0;
      while (earlier < place && (*members)[earlier].value != value) ++earlier;
      const std::string_view inside = value.substr(1, value.size() - 2);
      std::int64_t time = 0;
      bool is_time = false;
      if (earlier == place && inside.size() == 24 && inside.back() == 'Z') {
        const std::string whole(inside);
        if (std::optional<std::int64_t> millis = parse_timestamp(whole)) {
          std::string again;
          TimeWriter().append(again, *millis);
          is_time = again == whole;
          time = *millis;
        }
      }
      if (earlier < place) {
        field(same_value);
        out += static_cast<char>(earlier);
      } else if (is_time) {
        field(time_value);
        const std::int64_t delta = time - previous_time;
        put_varint(out, (static_cast<std::uint64_t>(delta) << 1) ^
                            static_cast<std::uint64_t>(delta >> 63));
        previous_time += delta;
      } else if (lowercase_hex(inside)) {
        field(hex_value);
        for (std::size_t i = 0; i < kHexDigits; i += 2)
          out += static_cast<char>(hex_digit(inside[i]) << 4 | hex_digit(inside[i + 1]));
      } else {
        field(string_value);
        put_varint(out, inside.size());
        out += inside;
      }
    }
  }
  return out;
}

[[noreturn]] void damaged() {
  throw StoreError("a node's kept row (node-row) is damaged");
}

/// Reads what put_varint wrote; a row that ends first is damaged.
std::uint64_t row_varint(std::string_view stored, std::size_t& at) {
  const std::optional<std::uint64_t> value = get_varint(stored, at);
  if (!value) damaged();
  return *value;
}

}  // namespace

void unpack_into(std::string_view stored, std::string& out);
std::optional<std::pair<std::size_t, std::size_t>> unpack_until(std::string_view stored,
                                                                std::string& out,
                                                                std::optional<std::size_t> wanted);

std::string pack(const std::string& text) {
  try {
    // kept packed only when it writes out as the very same text
    if (std::optional<std::string> row = packed(text); row && node_row_text(*row) == text)
      return *row;
  } catch (const StoreError&) {
  }
  return text;
}

void unpack_into(std::string_view stored, std::string& out) {
  if (stored.empty() || stored[0] != kPacked) {
    out += stored;
    return;
  }
  unpack_until(stored, out, std::nullopt);
}

/// Writes the packed row's text into `out`, or, given the number of a `wanted` field, only up
/// to that field: then where its value's text is in `out` (nullopt when the row has none).
std::optional<std::pair<std::size_t, std::size_t>> unpack_until(std::string_view stored,
                                                                std::string& out,
                                                                std::optional<std::size_t> wanted) {
  static constexpr char kHex[] = "0123456789abcdef";
  const std::size_t row_start = out.size();
  out += '{';
  // each field's value in `out` (a row names each of kNames' fields at most once)
  std::array<std::pair<std::size_t, std::size_t>, 2 * kNames.size()> values;
  std::size_t fields = 0;
  std::int64_t previous_time = 0;
  TimeWriter times;
  for (std::size_t at = 1; at < stored.size();) {
    const auto byte = static_cast<unsigned char>(stored[at++]);
    const std::size_t number = byte >> 3;
    if (number >= kNames.size() || fields == values.size()) damaged();
    // ,"name":
    static const std::array<std::string, kNames.size()> kPrefixes = [] {
      std::array<std::string, kNames.size()> prefixes;
      for (std::size_t i = 0; i < kNames.size(); ++i)
        prefixes[i] = ",\"" + std::string(kNames[i]) + "\":";
      return prefixes;
    }();
    out.append(kPrefixes[number], fields == 0 ? 1 : 0);
    const std::size_t start = out.size();
    switch (static_cast<Kind>(byte & 7)) {
      case null_value:
        out += "null";
        break;
      case true_value:
        out += "true";
        break;
      case false_value:
        out += "false";
        break;
      case time_value: {
        const std::uint64_t zigzag = row_varint(stored, at);
        previous_time +=
            static_cast<std::int64_t>(zigzag >> 1) ^ -static_cast<std::int64_t>(zigzag & 1);
        out += '"';
        times.append(out, previous_time);
        out += '"';
        break;
      }
      case hex_value: {
        if (stored.size() - at < kHexDigits / 2) damaged();
        char text[kHexDigits + 2];
        text[0] = text[kHexDigits + 1] = '"';
        for (std::size_t i = 0; i < kHexDigits / 2; ++i) {
          const auto b = static_cast<unsigned char>(stored[at++]);
          text[1 + 2 * i] = kHex[b >> 4];
          text[2 + 2 * i] = kHex[b & 15];
        }
        out.append(text, sizeof text);
        break;
      }
      case same_value: {
        if (at >= stored.size()) damaged();
        const auto place = static_cast<unsigned char>(stored[at++]);
        if (place >= fields) damaged();
        const auto [from, length] = values[place];
        const std::string same = out.substr(row_start + from, length);
        out += same;
        break;
      }
      case string_value:
      case token_value: {
        const std::uint64_t length = row_varint(stored, at);
        if (length > stored.size() - at) damaged();
        const bool quoted = (byte & 7) == string_value;
        if (quoted) out += '"';
        out.append(stored, at, length);
        if (quoted) out += '"';
        at += length;
        break;
      }
    }
    values[fields++] = {start - row_start, out.size() - start};
    if (wanted && number == *wanted) return std::make_pair(start, out.size() - start);
    if (wanted && number > *wanted) return std::nullopt;  // the fields come in kNames' order
  }
  out += '}';
  return std::nullopt;
}

std::optional<std::string> field_text(std::string_view stored, std::string_view name) {
  const std::optional<std::size_t> number = name_number(name);
  if (!number) return std::nullopt;
  thread_local std::string out;
  out.clear();
  const std::optional<std::pair<std::size_t, std::size_t>> value =
      unpack_until(stored, out, number);
  if (!value) return std::nullopt;
  return out.substr(value->first, value->second);
}

}  // namespace marionette::puppetdb::node_row_packing

namespace marionette::puppetdb {

std::string packed_node_row(const std::string& text) {
  return node_row_packing::pack(text);
}

std::string node_row_text(std::string stored) {
  if (stored.empty() || stored[0] != node_row_packing::kPacked) return stored;  // its text
  std::string out;
  out.reserve(640);
  node_row_packing::unpack_into(stored, out);
  return out;
}

void append_node_row_text(std::string_view stored, std::string& out) {
  node_row_packing::unpack_into(stored, out);
}

std::optional<std::string> node_row_field(std::string_view stored, std::string_view name) {
  if (!stored.empty() && stored[0] == node_row_packing::kPacked)
    return node_row_packing::field_text(stored, name);
  std::optional<std::string> value;  // an earlier layout's text
  for_each_json_member(stored, [&](std::string_view written, std::string_view text) {
    if (!value && written.size() == name.size() + 2 && written.substr(1, name.size()) == name)
      value = std::string(text);
  });
  return value;
}

}  // namespace marionette::puppetdb
