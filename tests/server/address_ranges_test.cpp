// The addresses metrics_anonymous_from names: IPv4 and IPv6 addresses and CIDR ranges.

#include "server/address_ranges.hpp"

#include <gtest/gtest.h>

#include <stdexcept>

namespace marionette::server {
namespace {

TEST(AddressRanges, AddressesAndRangesOfBothFamilies) {
  AddressRanges ranges("127.0.0.1, 10.1.0.0/16 fd00::/8,::1");
  EXPECT_TRUE(ranges.contains("127.0.0.1"));
  EXPECT_FALSE(ranges.contains("127.0.0.2"));
  EXPECT_TRUE(ranges.contains("10.1.255.3"));
  EXPECT_FALSE(ranges.contains("10.2.0.1"));
  EXPECT_TRUE(ranges.contains("fd12:3456::1"));
  EXPECT_TRUE(ranges.contains("::1"));
  EXPECT_FALSE(ranges.contains("::2"));
  EXPECT_FALSE(ranges.contains("not an address"));
}

TEST(AddressRanges, AnIpv4ClientSeenAsMappedIpv6Matches) {
  AddressRanges ranges("192.168.0.0/24");
  EXPECT_TRUE(ranges.contains("::ffff:192.168.0.9"));
  EXPECT_FALSE(ranges.contains("::ffff:192.168.1.9"));
}

TEST(AddressRanges, PrefixesOfEveryLength) {
  EXPECT_TRUE(AddressRanges("0.0.0.0/0").contains("203.0.113.7"));
  EXPECT_TRUE(AddressRanges("203.0.113.0/25").contains("203.0.113.127"));
  EXPECT_FALSE(AddressRanges("203.0.113.0/25").contains("203.0.113.128"));
  EXPECT_FALSE(AddressRanges("0.0.0.0/0").contains("::1")) << "an IPv4 range is IPv4 only";
}

TEST(AddressRanges, NothingNamedNothingAllowed) {
  EXPECT_TRUE(AddressRanges("").empty());
  EXPECT_FALSE(AddressRanges("").contains("127.0.0.1"));
}

TEST(AddressRanges, WhatIsNotAnAddressIsRefused) {
  for (const char* text : {"localhost", "127.0.0.1/33", "::1/129", "10.0.0.0/", "1.2.3.4/x"})
    EXPECT_THROW(AddressRanges{text}, std::invalid_argument) << text;
}

}  // namespace
}  // namespace marionette::server
