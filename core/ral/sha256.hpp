#pragma once

#include <string>
#include <string_view>

namespace marionette::ral {

/// Lower-case hex SHA-256 of `data`.
std::string sha256_hex(std::string_view data);

/// Puppet's checksum notation: "{sha256}<hex>".
inline std::string sha256_checksum(std::string_view data) {
  return "{sha256}" + sha256_hex(data);
}

}  // namespace marionette::ral
