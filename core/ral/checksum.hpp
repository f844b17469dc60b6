#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace marionette::ral {

/// A file's `checksum` parameter: how content is compared and printed. Puppet 7 defaults to its
/// digest_algorithm, sha256.
enum class ChecksumType {
  md5,
  md5lite,
  sha224,
  sha256,
  sha256lite,
  sha384,
  sha512,
  mtime,
  ctime,
  none
};

std::optional<ChecksumType> parse_checksum_type(const std::string& text);
std::string checksum_type_name(ChecksumType type);
/// mtime and ctime compare times, not content.
bool is_time_checksum(ChecksumType type);

/// Lower-case hex digest of `data` with a digest name ("md5", "sha256", …).
std::string digest_hex(const char* algorithm, std::string_view data);

/// Puppet's notation for content: "{md5}<hex>", "{sha256}<hex>"; the lite forms digest only the
/// first 512 bytes. For the time types and none: "{none}".
std::string content_checksum(ChecksumType type, std::string_view data);

/// Puppet's notation for a time: "{mtime}2020-01-01 00:00:00 +0000" (local time).
std::string time_checksum(ChecksumType type, std::int64_t seconds);

}  // namespace marionette::ral
