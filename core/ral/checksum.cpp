#include "ral/checksum.hpp"

#include <array>
#include <ctime>
#include <utility>

#include "digest/digest.hpp"
#include "ral/sha256.hpp"

namespace marionette::ral {

namespace {

constexpr std::array<std::pair<ChecksumType, const char*>, 10> kNames = {{
    {ChecksumType::md5, "md5"},
    {ChecksumType::md5lite, "md5lite"},
    {ChecksumType::sha224, "sha224"},
    {ChecksumType::sha256, "sha256"},
    {ChecksumType::sha256lite, "sha256lite"},
    {ChecksumType::sha384, "sha384"},
    {ChecksumType::sha512, "sha512"},
    {ChecksumType::mtime, "mtime"},
    {ChecksumType::ctime, "ctime"},
    {ChecksumType::none, "none"},
}};

constexpr std::size_t kLiteBytes = 512;

}  // namespace

std::optional<ChecksumType> parse_checksum_type(const std::string& text) {
  for (const auto& [type, name] : kNames) {
    if (text == name) return type;
  }
  return std::nullopt;
}

std::string checksum_type_name(ChecksumType type) {
  for (const auto& [candidate, name] : kNames) {
    if (candidate == type) return name;
  }
  return "";
}

bool is_time_checksum(ChecksumType type) {
  return type == ChecksumType::mtime || type == ChecksumType::ctime;
}

std::string digest_hex(const char* algorithm, std::string_view data) {
  const auto known = digest::algorithm_named(algorithm);
  return known ? digest::hex(*known, data) : "";
}

std::string content_checksum(ChecksumType type, std::string_view data) {
  const std::string label = "{" + checksum_type_name(type) + "}";
  switch (type) {
    case ChecksumType::md5:
      return label + digest_hex("md5", data);
    case ChecksumType::md5lite:
      return label + digest_hex("md5", data.substr(0, kLiteBytes));
    case ChecksumType::sha224:
      return label + digest_hex("sha224", data);
    case ChecksumType::sha256:
      return label + sha256_hex(data);
    case ChecksumType::sha256lite:
      return label + sha256_hex(data.substr(0, kLiteBytes));
    case ChecksumType::sha384:
      return label + digest_hex("sha384", data);
    case ChecksumType::sha512:
      return label + digest_hex("sha512", data);
    case ChecksumType::mtime:
    case ChecksumType::ctime:
    case ChecksumType::none:
      break;
  }
  return "{none}";
}

std::string time_checksum(ChecksumType type, std::int64_t seconds) {
  std::time_t when = static_cast<std::time_t>(seconds);
  std::tm local{};
  ::localtime_r(&when, &local);
  char text[64];
  std::strftime(text, sizeof text, "%Y-%m-%d %H:%M:%S %z", &local);
  return "{" + checksum_type_name(type) + "}" + text;
}

}  // namespace marionette::ral
