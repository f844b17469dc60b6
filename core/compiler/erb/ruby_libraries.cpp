// The few classes of Ruby's standard library that modules' templates and functions use and the
// subset has natively: IPAddr (parsing as ipaddr 1.2 parses), ERB::Util.url_encode and
// URI::Generic.build(...).to_s. Whatever of them the engine cannot tell for sure is
// BeyondTheEngine: the template or function is then Ruby's.

#include <algorithm>
#include <array>
#include <cctype>
#include <cstdint>
#include <cstdio>
#include <regex>

#include "compiler/erb/ruby_kernel.hpp"
#include "compiler/erb/ruby_methods.hpp"
#include "text/percent_encoding.hpp"
#include "text/split.hpp"

namespace marionette::compiler::erb {

namespace {

/// IPAddr's errors, each with its ancestors (`rescue ArgumentError` rescues them).
[[noreturn]] void invalid_address(const std::string& text) {
  throw ClassedRubyError(
      "invalid address: " + text,
      {"IPAddr::InvalidAddressError", "IPAddr::Error", "ArgumentError", "StandardError"});
}

[[noreturn]] void beyond(const std::string& what) {
  throw BeyondTheEngine{what};
}

/// in_addr's check of dotted octets: each below 256, none zero-filled ("01").
std::uint32_t ipv4_octets(const std::smatch& m, std::size_t first, const std::string& text) {
  std::uint32_t address = 0;
  for (std::size_t i = first; i < first + 4; ++i) {
    const std::string octet = m[i].str();
    if (octet.size() > 3 || std::stoi(octet) > 255) invalid_address(text);
    if (octet.size() > 1 && octet[0] == '0') invalid_address(text);
    address = address << 8 | static_cast<std::uint32_t>(std::stoi(octet));
  }
  return address;
}

using Groups = std::array<std::uint16_t, 8>;

/// in6_addr: the eight groups of an IPv6 address as IPAddr reads it, or InvalidAddressError.
Groups ipv6_groups(const std::string& left_text, const std::string& text) {
  static const std::regex full(
      R"(^(?:(?:[0-9a-f]{1,4}:){7}[0-9a-f]{1,4}|((?:[0-9a-f]{1,4}:){6})(\d+)\.(\d+)\.(\d+)\.(\d+))$)",
      std::regex::icase);
  static const std::regex compressed(
      R"(^((?:(?:[0-9a-f]{1,4}:)*[0-9a-f]{1,4})?)::((?:((?:[0-9a-f]{1,4}:)*)(?:[0-9a-f]{1,4}|(\d+)\.(\d+)\.(\d+)\.(\d+)))?)$)",
      std::regex::icase);
  std::smatch m;
  std::string left, right;
  std::uint32_t tail = 0;
  bool has_tail = false;
  auto colons = static_cast<std::size_t>(std::count(left_text.begin(), left_text.end(), ':'));
  if (std::regex_match(left_text, m, full)) {
    if (m[2].matched) {
      tail = ipv4_octets(m, 2, text);
      has_tail = true;
      left = m[1].str() + ":";
    } else {
      left = left_text;
    }
  } else if (std::regex_match(left_text, m, compressed)) {
    if (m[4].matched) {
      if (colons > 6) invalid_address(text);
      tail = ipv4_octets(m, 4, text);
      has_tail = true;
      left = m[1].str();
      right = m[3].str() + "0:0";
    } else {
      if (colons > (m[1].str().empty() || m[2].str().empty() ? 8u : 7u)) invalid_address(text);
      left = m[1].str();
      right = m[2].str();
    }
  } else {
    invalid_address(text);
  }
  std::vector<std::string> l = text::split_as_ruby(left, ':'), r = text::split_as_ruby(right, ':');
  if (l.size() + r.size() > 8) beyond("IPAddr.new of an address of this form");  // Ruby: no addr
  std::vector<std::string> all = l;
  all.resize(8 - r.size(), "0");
  all.insert(all.end(), r.begin(), r.end());
  Groups groups{};
  for (std::size_t i = 0; i < 8; ++i)
    groups[i] = static_cast<std::uint16_t>(all[i].empty() ? 0 : std::stoul(all[i], nullptr, 16));
  if (has_tail) {
    groups[6] |= static_cast<std::uint16_t>(tail >> 16);
    groups[7] |= static_cast<std::uint16_t>(tail & 0xffff);
  }
  return groups;
}

/// IPAddr#to_s of an IPv6 address: groups without leading zeros, the leftmost longest run of
/// two or more zero groups as "::", "::a.b.c.d" for IPv4-compatible and -mapped addresses.
std::string ipv6_text(const Groups& groups) {
  std::size_t best = 0, best_length = 0;
  for (std::size_t i = 0; i < 8;) {
    std::size_t j = i;
    while (j < 8 && groups[j] == 0) ++j;
    if (j - i > best_length) best = i, best_length = j - i;
    i = j == i ? i + 1 : j;
  }
  auto hex = [](std::uint16_t group) {
    char buffer[8];
    std::snprintf(buffer, sizeof buffer, "%x", group);
    return std::string(buffer);
  };
  std::string text;
  if (best_length < 2) {
    for (std::size_t i = 0; i < 8; ++i) text += (i ? ":" : "") + hex(groups[i]);
    return text;
  }
  for (std::size_t i = 0; i < best; ++i) text += (i ? ":" : "") + hex(groups[i]);
  text += "::";
  for (std::size_t i = best + best_length; i < 8; ++i)
    text += (i > best + best_length ? ":" : "") + hex(groups[i]);
  // "::X:Y" and "::ffff:X:Y" (X, Y one to four hex digits) are written with a dotted tail.
  bool compatible = best == 0 && best_length == 6;
  bool mapped = best == 0 && best_length == 5 && groups[5] == 0xffff;
  if (compatible || mapped) {
    char buffer[40];
    std::snprintf(buffer, sizeof buffer, "::%s%u.%u.%u.%u", mapped ? "ffff:" : "", groups[6] >> 8,
                  groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff);
    return buffer;
  }
  return text;
}

std::string full_ipv6(const Groups& groups) {  // IPAddr's _to_string: "%.32x" in groups
  std::string text;
  char buffer[8];
  for (std::size_t i = 0; i < 8; ++i) {
    std::snprintf(buffer, sizeof buffer, "%04x", groups[i]);
    text += (i ? ":" : "") + std::string(buffer);
  }
  return text;
}

bool all_of(const std::string& text, bool (*allowed)(unsigned char)) {
  for (char c : text)
    if (!allowed(static_cast<unsigned char>(c))) return false;
  return true;
}

bool alnum(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

/// RFC 2396's unreserved characters, then what its userinfo and path add (URI::Generic's
/// default parser): a percent sign only before two hex digits.
bool escaped_or(const std::string& text, std::string_view extra) {
  static const std::string_view mark = "-_.!~*'()";
  for (std::size_t i = 0; i < text.size(); ++i) {
    auto c = static_cast<unsigned char>(text[i]);
    if (alnum(c) || mark.find(static_cast<char>(c)) != std::string_view::npos ||
        extra.find(static_cast<char>(c)) != std::string_view::npos)
      continue;
    if (c == '%' && i + 2 < text.size() + 0 &&
        std::isxdigit(static_cast<unsigned char>(text[i + 1])) &&
        std::isxdigit(static_cast<unsigned char>(text[i + 2]))) {
      i += 2;
      continue;
    }
    return false;
  }
  return true;
}

/// URI::Generic's host check (RFC 2396 parser's HOST): a host name or IPv4 address of
/// [A-Za-z0-9.-] and %XX, or an IPv6 reference in brackets.
bool uri_host(const std::string& host) {
  static const std::string hex4 = "[0-9a-fA-F]{1,4}", ipv4 = R"(\d+\.\d+\.\d+\.\d+)";
  static const std::string last = "(?:" + hex4 + "|" + ipv4 + ")";
  static const std::string seq1 = "(?:" + hex4 + ":)*" + hex4, seq2 = "(?:" + hex4 + ":)*" + last;
  static const std::regex pattern("^(?:(?:[a-zA-Z0-9\\-.]|%[0-9a-fA-F]{2})+|\\[(?:" + seq2 +
                                  "|(?:" + seq1 + ")?::(?:" + seq2 + ")?)\\])$");
  return !host.empty() && host.size() < 300 && std::regex_match(host, pattern);
}

const std::string* string_component(const RubyHash& parts, const char* name) {
  const RubyValue* value = hash_lookup(const_cast<RubyHash&>(parts), RubySymbol{name});
  if (!value || value->is_nil()) return nullptr;
  if (!value->is_string()) beyond(std::string("URI::Generic.build of a non-String :") + name);
  return &value->string();
}

}  // namespace

RubyValue ipaddr_new(const RubyArray& args) {
  if (args.size() != 1) beyond("IPAddr.new of this argument");
  if (!args[0].is_string())
    throw ClassedRubyError(
        "address family must be specified",
        {"IPAddr::AddressFamilyError", "IPAddr::Error", "ArgumentError", "StandardError"});
  const std::string& text = args[0].string();
  // A prefix length or mask, a zone id, a line break, non-ASCII bytes: Ruby's to tell.
  for (char c : text)
    if (c == '/' || c == '%' || c == '\n' || static_cast<unsigned char>(c) >= 0x80)
      beyond("IPAddr.new of an address of this form");
  if (text.size() > 100) invalid_address(text);  // no form IPAddr takes is this long
  std::string prefix = text;
  bool bracketed = prefix.size() >= 2 && prefix.front() == '[' && prefix.back() == ']';
  if (bracketed) prefix = prefix.substr(1, prefix.size() - 2);
  static const std::regex dotted(R"(^(\d+)\.(\d+)\.(\d+)\.(\d+)$)");
  std::smatch m;
  if (!bracketed && std::regex_match(prefix, m, dotted)) {
    ipv4_octets(m, 1, text);
    return RubyObject{"IPAddr", prefix, "#<IPAddr: IPv4:" + prefix + "/255.255.255.255>"};
  }
  Groups groups = ipv6_groups(prefix, text);
  return RubyObject{
      "IPAddr", ipv6_text(groups),
      "#<IPAddr: IPv6:" + full_ipv6(groups) + "/ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff>"};
}

RubyValue ipaddr_method(const RubyObject& address, const std::string& name) {
  if (name == "ipv6?") return address.inspect.starts_with("#<IPAddr: IPv6");
  if (name == "ipv4?") return address.inspect.starts_with("#<IPAddr: IPv4");
  beyond("IPAddr#" + name);
}

bool ipaddr_const_defined(const RubyArray& args) {
  if (args.size() != 1 || !(args[0].is_string() || args[0].is_symbol()))
    beyond("IPAddr.const_defined? of this argument");
  std::string name = args[0].is_string() ? args[0].string() : args[0].symbol();
  if (name == "Error" || name == "InvalidAddressError" || name == "AddressFamilyError" ||
      name == "InvalidPrefixError")
    return true;
  beyond("IPAddr.const_defined?(" + inspect(args[0]) + ")");
}

RubyValue url_encode(const RubyArray& args) {
  if (args.size() != 1) beyond("ERB::Util.url_encode of this argument");
  const RubyValue& value = args[0];
  if (!(value.is_string() || value.is_symbol() || value.is_number() || value.is_nil() ||
        value.is_bool()))
    beyond("ERB::Util.url_encode of a " + class_name(value));
  return text::percent_encode(to_s(value));
}

RubyValue uri_generic_build(const RubyArray& args) {
  if (args.size() != 1 || !args[0].is_hash()) beyond("URI::Generic.build of this argument");
  const RubyHash& parts = args[0].hash();
  for (const char* unusual : {"registry", "opaque", "fragment"})
    if (const RubyValue* value = hash_lookup(const_cast<RubyHash&>(parts), RubySymbol{unusual});
        value && !value->is_nil())
      beyond(std::string("URI::Generic.build with :") + unusual);
  const std::string* scheme = string_component(parts, "scheme");
  if (!scheme || scheme->empty() || !std::isalpha(static_cast<unsigned char>((*scheme)[0])) ||
      !all_of(*scheme,
              [](unsigned char c) { return alnum(c) || c == '+' || c == '-' || c == '.'; }))
    beyond("URI::Generic.build of this scheme");
  std::string text;
  for (char c : *scheme) text += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (text == "ftp") beyond("URI::Generic.build of an ftp URI");
  bool file_like = text == "file" || text == "postgres";
  text += ':';
  const std::string* userinfo = string_component(parts, "userinfo");
  if (userinfo && (userinfo->empty() || !escaped_or(*userinfo, ";:&=+$,")))
    beyond("URI::Generic.build of this userinfo");
  std::string host;
  if (const std::string* given = string_component(parts, "host")) {
    host = *given;
    bool in_brackets = host.starts_with('[') && host.ends_with(']');
    if (!in_brackets && host.find(':') != std::string::npos) host = "[" + host + "]";
    if (!uri_host(host)) beyond("URI::Generic.build of this host");
  }
  bool has_host = string_component(parts, "host") != nullptr;
  std::string port;
  if (const RubyValue* value = hash_lookup(const_cast<RubyHash&>(parts), RubySymbol{"port"});
      value && !value->is_nil()) {
    if (value->is_integer())
      port = std::to_string(value->integer());
    else if (value->is_string() && !value->string().empty() && value->string().size() < 10 &&
             all_of(value->string(), [](unsigned char c) { return c >= '0' && c <= '9'; }))
      port = std::to_string(std::stoll(value->string()));
    else if (!(value->is_string() && value->string().empty()))
      beyond("URI::Generic.build of this port");
  }
  const std::string* path = string_component(parts, "path");
  if (path && !path->empty() && !(path->starts_with('/') && escaped_or(*path, ":@&=+$,;/")))
    beyond("URI::Generic.build of this path");
  const std::string* query = string_component(parts, "query");
  // Kept as given when every character is one URI::Generic#query= leaves alone (no '%').
  if (query && !all_of(*query, [](unsigned char c) {
        return c > ' ' && c < 0x7f && c != '"' && c != '#' && c != '\'' && c != '<' && c != '>' &&
               c != '`' && c != '%';
      }))
    beyond("URI::Generic.build of this query");
  if (has_host || file_like) text += "//";
  if (userinfo) text += *userinfo + "@";
  text += host;
  if (!port.empty()) text += ":" + port;
  if (path) text += *path;
  if (query) text += "?" + *query;
  return RubyObject{"URI::Generic", text, "#<URI::Generic " + text + ">"};
}

}  // namespace marionette::compiler::erb
