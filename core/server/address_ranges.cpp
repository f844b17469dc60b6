#include "server/address_ranges.hpp"

#include <arpa/inet.h>

#include <cstring>
#include <optional>
#include <stdexcept>

#include "text/text.hpp"

namespace marionette::server {

namespace {

/// The address as 16 bytes (IPv4 mapped into IPv6) and whether it was IPv4.
std::optional<std::pair<std::array<std::uint8_t, 16>, bool>> address_bytes(
    const std::string& text) {
  std::array<std::uint8_t, 16> bytes{};
  in_addr v4{};
  if (inet_pton(AF_INET, text.c_str(), &v4) == 1) {
    bytes[10] = bytes[11] = 0xff;
    std::memcpy(bytes.data() + 12, &v4, 4);
    return std::pair{bytes, true};
  }
  in6_addr v6{};
  if (inet_pton(AF_INET6, text.c_str(), &v6) == 1) {
    std::memcpy(bytes.data(), &v6, 16);
    return std::pair{bytes, false};
  }
  return std::nullopt;
}

}  // namespace

AddressRanges::AddressRanges(std::string_view text) {
  std::string item;
  auto take = [&] {
    if (item.empty()) return;
    std::size_t slash = item.find('/');
    auto parsed = address_bytes(item.substr(0, slash));
    Range range;
    bool ok = parsed.has_value();
    if (ok) {
      range.bytes = parsed->first;
      const int width = parsed->second ? 32 : 128;
      int bits = width;
      if (slash != std::string::npos) {
        const std::string digits = item.substr(slash + 1);
        ok = !digits.empty() && digits.size() <= 3 && text::all_digits(digits) &&
             std::stoi(digits) <= width;
        if (ok) bits = std::stoi(digits);
      }
      range.prefix_bits = bits + (128 - width);
    }
    if (!ok) throw std::invalid_argument("'" + item + "' is not an IP address or a CIDR range");
    ranges_.push_back(range);
    item.clear();
  };
  for (char c : text) {
    if (c == ',' || c == ' ' || c == '\t')
      take();
    else
      item += c;
  }
  take();
}

bool AddressRanges::contains(const std::string& address) const {
  auto parsed = address_bytes(address);
  if (!parsed) return false;
  const auto& bytes = parsed->first;
  for (const Range& range : ranges_) {
    int bits = range.prefix_bits;
    bool match = true;
    for (int i = 0; i < 16 && bits > 0 && match; ++i, bits -= 8) {
      const std::uint8_t mask = bits >= 8 ? 0xff : static_cast<std::uint8_t>(0xff << (8 - bits));
      match = (bytes[i] & mask) == (range.bytes[i] & mask);
    }
    if (match) return true;
  }
  return false;
}

}  // namespace marionette::server
