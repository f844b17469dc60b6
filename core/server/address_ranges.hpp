#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace marionette::server {

/// Client addresses a setting names: IPv4 and IPv6 addresses and CIDR ranges, comma- or
/// space-separated ("127.0.0.1, 10.1.0.0/16, ::1"). An IPv4 client seen as ::ffff:a.b.c.d is
/// matched as a.b.c.d.
class AddressRanges {
 public:
  AddressRanges() = default;
  /// Throws std::invalid_argument naming the item it cannot read.
  explicit AddressRanges(std::string_view text);

  bool contains(const std::string& address) const;
  bool empty() const { return ranges_.empty(); }

 private:
  struct Range {
    std::array<std::uint8_t, 16> bytes{};  ///< an IPv4 address as ::ffff:a.b.c.d
    int prefix_bits = 128;
  };
  std::vector<Range> ranges_;
};

}  // namespace marionette::server
