#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace marionette::puppetdb {

/// An unsigned number as the store's packed values write it (a node's row, a fact-object's
/// index): seven bits a byte, least significant first, the high bit set on all but the last.
inline void put_varint(std::string& out, std::uint64_t value) {
  while (value >= 0x80) {
    out += static_cast<char>((value & 0x7f) | 0x80);
    value >>= 7;
  }
  out += static_cast<char>(value);
}

/// Reads what put_varint wrote at `at`, moving `at` past it; nullopt when `stored` ends first
/// or the number runs past 64 bits (a damaged value: the caller names it).
inline std::optional<std::uint64_t> get_varint(std::string_view stored, std::size_t& at) {
  std::uint64_t value = 0;
  for (int shift = 0; shift < 64 && at < stored.size(); shift += 7) {
    const auto byte = static_cast<unsigned char>(stored[at++]);
    value |= static_cast<std::uint64_t>(byte & 0x7f) << shift;
    if (!(byte & 0x80)) return value;
  }
  return std::nullopt;
}

}  // namespace marionette::puppetdb
