// The standard library classes the Ruby subset has natively (compiler/erb/ruby_libraries.cpp):
// each expectation is what `ruby -ripaddr -ruri -rerb` (Ruby 3.1, ipaddr 1.2.4, uri 0.11) gives;
// what the subset cannot tell for sure is BeyondTheEngine (the code is then Ruby's).

#include <gtest/gtest.h>

#include "compiler/erb/ruby_kernel.hpp"
#include "compiler/erb/ruby_methods.hpp"

namespace marionette::compiler::erb {
namespace {

RubyValue ip(const RubyValue& address) {
  return ipaddr_new(RubyArray{address});
}

/// The class of IPAddr's error, "beyond" when the subset hands it to Ruby, "" when none.
std::string ip_error(const RubyValue& address) {
  try {
    ip(address);
    return "";
  } catch (const ClassedRubyError& e) {
    return e.classes.front();
  } catch (const BeyondTheEngine&) {
    return "beyond";
  }
}

TEST(RubyLibraries, IpaddrReadsAddressesAsIpaddrDoes) {
  struct Case {
    const char *given, *to_s, *full;
  };
  for (const Case& c : std::vector<Case>{
           {"2001:0db8::1", "2001:db8::1", "2001:0db8:0000:0000:0000:0000:0000:0001"},
           {"::ffff:c000:0201", "::ffff:192.0.2.1", "0000:0000:0000:0000:0000:ffff:c000:0201"},
           {"::a:b", "::0.10.0.11", "0000:0000:0000:0000:0000:0000:000a:000b"},
           {"1:0:0:2:0:0:0:3", "1:0:0:2::3", "0001:0000:0000:0002:0000:0000:0000:0003"},
           {"0:0:0:0:0:0:0:0", "::", "0000:0000:0000:0000:0000:0000:0000:0000"},
           {"1:0:0:0:2:0:0:0", "1::2:0:0:0", "0001:0000:0000:0000:0002:0000:0000:0000"},
           {"[fe80::1]", "fe80::1", "fe80:0000:0000:0000:0000:0000:0000:0001"},
           {"1:2:3:4:5:6:1.2.3.4", "1:2:3:4:5:6:102:304",
            "0001:0002:0003:0004:0005:0006:0102:0304"},
           {"::1.2.3.4", "::1.2.3.4", "0000:0000:0000:0000:0000:0000:0102:0304"},
           {"1::", "1::", "0001:0000:0000:0000:0000:0000:0000:0000"}}) {
    RubyValue value = ip(RubyValue(std::string(c.given)));
    EXPECT_EQ(value.object().text, c.to_s) << c.given;
    EXPECT_EQ(value.object().inspect,
              std::string("#<IPAddr: IPv6:") + c.full + "/ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff>")
        << c.given;
    EXPECT_TRUE(ipaddr_method(value.object(), "ipv6?").boolean());
    EXPECT_FALSE(ipaddr_method(value.object(), "ipv4?").boolean());
  }
  RubyValue v4 = ip(RubyValue(std::string("10.1.2.3")));
  EXPECT_EQ(v4.object().inspect, "#<IPAddr: IPv4:10.1.2.3/255.255.255.255>");
  EXPECT_TRUE(ipaddr_method(v4.object(), "ipv4?").boolean());
  for (const char* invalid : {"1.2.3.04", "1::2::3", "1.2.3.256", "[1.2.3.4]", "x", "",
                              "::1:2:3:4:5:6:7:8", "1:2:3:4:5:6:7::8", "1:2:3:4:5:6:7:8:9"})
    EXPECT_EQ(ip_error(RubyValue(std::string(invalid))), "IPAddr::InvalidAddressError") << invalid;
  EXPECT_EQ(ip_error(RubyValue(std::int64_t{5})), "IPAddr::AddressFamilyError");
  EXPECT_EQ(ip_error(RubyValue()), "IPAddr::AddressFamilyError");
  for (const char* unsure : {"10.0.0.0/8", "fe80::1%eth0", "é"})
    EXPECT_EQ(ip_error(RubyValue(std::string(unsure))), "beyond") << unsure;
}

TEST(RubyLibraries, UrlEncodeKeepsOnlyTheUnreservedCharacters) {
  EXPECT_EQ(url_encode({RubyValue(std::string("a b/\xc3\xa9~._-*") + '\0')}).string(),
            "a%20b%2F%C3%A9~._-%2A%00");
  EXPECT_EQ(url_encode({RubyValue(std::int64_t{42})}).string(), "42");
  EXPECT_EQ(url_encode({RubyValue()}).string(), "");
  EXPECT_THROW(url_encode({RubyValue(RubyArray{})}), BeyondTheEngine);
}

RubyValue build(std::vector<std::pair<const char*, RubyValue>> parts) {
  RubyHash hash;
  for (auto& [key, value] : parts) hash_store(hash, RubySymbol{key}, value);
  return uri_generic_build({RubyValue(std::move(hash))});
}

TEST(RubyLibraries, UriGenericBuildWritesWhatUriWrites) {
  auto s = [](const char* text) { return RubyValue(std::string(text)); };
  EXPECT_EQ(build({{"scheme", s("MySQL")},
                   {"userinfo", s("u%20x:p")},
                   {"host", s("::1")},
                   {"port", s("0080")},
                   {"path", s("/db")},
                   {"query", s("a=b&c=[d]")}})
                .object()
                .text,
            "mysql://u%20x:p@[::1]:80/db?a=b&c=[d]");
  EXPECT_EQ(
      build({{"scheme", s("x")}, {"host", s("h")}, {"port", s("")}, {"path", s("")}}).object().text,
      "x://h");
  EXPECT_EQ(build({{"scheme", s("postgres")}, {"path", s("/db")}}).object().text, "postgres:///db");
  EXPECT_EQ(build({{"scheme", s("file")}, {"userinfo", s("u")}, {"path", s("/db")}}).object().text,
            "file://u@/db");
  EXPECT_EQ(build({{"scheme", s("mysql")},
                   {"host", s("db")},
                   {"port", RubyValue(std::int64_t{3306})},
                   {"path", s("///x")}})
                .object()
                .inspect,
            "#<URI::Generic mysql://db:3306///x>");
  // What URI would refuse or escape: Ruby's.
  for (auto parts : std::vector<std::vector<std::pair<const char*, RubyValue>>>{
           {{"host", s("h")}},
           {{"scheme", s("1x")}},
           {{"scheme", s("x")}, {"userinfo", s("a b")}},
           {{"scheme", s("x")}, {"host", s("a b")}},
           {{"scheme", s("x")}, {"port", s("8o")}},
           {{"scheme", s("x")}, {"path", s("db")}},
           {{"scheme", s("x")}, {"query", s("a b")}},
           {{"scheme", s("x")}, {"query", s("a=%41")}},
           {{"scheme", s("x")}, {"fragment", s("f")}}})
    EXPECT_THROW(build(parts), BeyondTheEngine);
}

}  // namespace
}  // namespace marionette::compiler::erb
