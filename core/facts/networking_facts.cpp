#include <arpa/inet.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netdb.h>
#include <netpacket/packet.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <set>
#include <vector>

#include "facts/native_parts.hpp"

namespace marionette::facts::native {
namespace {

struct HostNames {
  std::string hostname, domain, fqdn;
};

/// The domain from /etc/resolv.conf: its `domain` line, else the first `search` domain.
std::string resolv_conf_domain() {
  const std::string text = read_text("/etc/resolv.conf");
  std::string search_domain;
  for (const auto line : lines_of(text)) {
    const auto words = words_of(line);
    if (words.size() < 2) continue;
    if (words[0] == "domain") return std::string(words[1]);
    if (words[0] == "search" && search_domain.empty()) search_domain = words[1];
  }
  return search_domain;
}

/// As Facter does: the host name, split at its first dot; else the canonical name that the
/// resolver gives for it; else the domain in /etc/resolv.conf.
HostNames host_names() {
  char buffer[256] = {};
  if (::gethostname(buffer, sizeof buffer - 1) != 0) return {};
  HostNames names;
  std::string full = buffer;
  auto dot = full.find('.');
  names.hostname = full.substr(0, dot);
  if (dot != std::string::npos) names.domain = full.substr(dot + 1);
  if (names.domain.empty() && !names.hostname.empty()) {
    addrinfo hints{};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_CANONNAME;
    addrinfo* info = nullptr;
    if (::getaddrinfo(names.hostname.c_str(), nullptr, &hints, &info) == 0) {
      std::string canonical = info && info->ai_canonname ? info->ai_canonname : "";
      if (canonical.starts_with(names.hostname + ".")) {
        names.domain = canonical.substr(names.hostname.size() + 1);
      }
      ::freeaddrinfo(info);
    }
  }
  if (names.domain.empty()) names.domain = resolv_conf_domain();
  names.fqdn = names.domain.empty() ? names.hostname : names.hostname + "." + names.domain;
  return names;
}

std::string to_text(int family, const void* address) {
  char text[INET6_ADDRSTRLEN] = {};
  return ::inet_ntop(family, address, text, sizeof text) ? text : "";
}

/// address & mask, as text, for IPv4 or IPv6.
std::string network_of(int family, const sockaddr* address, const sockaddr* mask) {
  if (family == AF_INET) {
    in_addr network{};
    network.s_addr = reinterpret_cast<const sockaddr_in*>(address)->sin_addr.s_addr &
                     reinterpret_cast<const sockaddr_in*>(mask)->sin_addr.s_addr;
    return to_text(AF_INET, &network);
  }
  in6_addr network = reinterpret_cast<const sockaddr_in6*>(address)->sin6_addr;
  const in6_addr& bits = reinterpret_cast<const sockaddr_in6*>(mask)->sin6_addr;
  for (int i = 0; i < 16; ++i) network.s6_addr[i] &= bits.s6_addr[i];
  return to_text(AF_INET6, &network);
}

std::string address_of(const sockaddr* address) {
  if (address->sa_family == AF_INET) {
    return to_text(AF_INET, &reinterpret_cast<const sockaddr_in*>(address)->sin_addr);
  }
  return to_text(AF_INET6, &reinterpret_cast<const sockaddr_in6*>(address)->sin6_addr);
}

std::string mac_of(const sockaddr* address) {
  const auto* link = reinterpret_cast<const sockaddr_ll*>(address);
  if (link->sll_halen != 6) return "";
  char text[18];
  std::snprintf(text, sizeof text, "%02x:%02x:%02x:%02x:%02x:%02x", link->sll_addr[0],
                link->sll_addr[1], link->sll_addr[2], link->sll_addr[3], link->sll_addr[4],
                link->sll_addr[5]);
  return std::string(text) == "00:00:00:00:00:00" ? "" : text;
}

/// Facter's scope6: link, site, host (loopback) or global; "compat," before an IPv4-compatible one.
std::string scope6_of(const in6_addr& address) {
  std::string scope;
  const bool compat = IN6_IS_ADDR_V4COMPAT(&address);
  if (compat) scope = "compat,";
  if (IN6_IS_ADDR_LINKLOCAL(&address)) return scope + "link";
  if (IN6_IS_ADDR_SITELOCAL(&address)) return scope + "site";
  if (IN6_IS_ADDR_LOOPBACK(&address)) return scope + "host";
  return scope + "global";
}

/// The addresses Facter passes over when it picks an interface's ip/ip6: loopback, IPv4
/// link-local (169.254/16), IPv6 link-local (fe80::/10) and unique local (fc00::/7).
bool ignored_address(const sockaddr* address) {
  if (address->sa_family == AF_INET) {
    const auto ip = ntohl(reinterpret_cast<const sockaddr_in*>(address)->sin_addr.s_addr);
    return (ip >> 24) == 127 || (ip >> 16) == 0xa9fe;
  }
  const in6_addr& ip = reinterpret_cast<const sockaddr_in6*>(address)->sin6_addr;
  return IN6_IS_ADDR_LOOPBACK(&ip) || IN6_IS_ADDR_LINKLOCAL(&ip) || (ip.s6_addr[0] & 0xfe) == 0xfc;
}

/// The IFA flags of every IPv6 address in /proc/net/if_inet6, by interface and address text.
std::map<std::string, Facts> inet6_flags() {
  static const std::pair<unsigned, const char*> kFlags[] = {
      {0x01, "temporary"},   {0x02, "noad"},       {0x04, "optimistic"}, {0x08, "dadfailed"},
      {0x10, "homeaddress"}, {0x20, "deprecated"}, {0x40, "tentative"},  {0x80, "permanent"}};
  std::map<std::string, Facts> flags;
  const std::string text = read_text("/proc/net/if_inet6");
  for (const auto line : lines_of(text)) {
    const auto fields = words_of(line);
    if (fields.size() < 6 || fields[0].size() != 32) continue;
    const std::string hex(fields[0]), name(fields[5]);
    in6_addr address{};
    for (int i = 0; i < 16; ++i) {
      address.s6_addr[i] =
          static_cast<unsigned char>(std::strtoul(hex.substr(i * 2, 2).c_str(), nullptr, 16));
    }
    const unsigned bits = std::strtoul(std::string(fields[4]).c_str(), nullptr, 16);
    Facts names = Facts::array();
    for (const auto& [bit, flag_name] : kFlags) {
      if (bits & bit) names.push_back(flag_name);
    }
    flags[name + " " + to_text(AF_INET6, &address)] = names;
  }
  return flags;
}

/// networking.interfaces: per interface its bindings, bindings6 (with scope6 and flags), mac and
/// mtu, and, as Facter does, the first binding that is not loopback or link-local (else the first)
/// as ip, netmask and network beside them.
Facts interfaces_fact(std::map<std::string, int>& indexes) {
  Facts interfaces = Facts::object();
  ifaddrs* list = nullptr;
  if (::getifaddrs(&list) != 0) return interfaces;
  const auto flags = inet6_flags();
  std::set<std::string> chosen;  // "eth0 6": ip6 found among the addresses Facter prefers
  for (ifaddrs* entry = list; entry; entry = entry->ifa_next) {
    if (!entry->ifa_addr) continue;
    Facts& interface = interfaces[entry->ifa_name];
    int family = entry->ifa_addr->sa_family;
    if (family == AF_PACKET) {
      indexes[entry->ifa_name] = reinterpret_cast<const sockaddr_ll*>(entry->ifa_addr)->sll_ifindex;
      if (std::string mac = mac_of(entry->ifa_addr); !mac.empty()) interface["mac"] = mac;
      continue;
    }
    if ((family != AF_INET && family != AF_INET6) || !entry->ifa_netmask) continue;
    const bool v6 = family == AF_INET6;
    Facts binding = {{"address", address_of(entry->ifa_addr)},
                     {"netmask", address_of(entry->ifa_netmask)},
                     {"network", network_of(family, entry->ifa_addr, entry->ifa_netmask)}};
    if (v6) {
      binding["scope6"] =
          scope6_of(reinterpret_cast<const sockaddr_in6*>(entry->ifa_addr)->sin6_addr);
      auto found =
          flags.find(std::string(entry->ifa_name) + " " + binding["address"].get<std::string>());
      if (found != flags.end()) binding["flags"] = found->second;
    }
    interface[v6 ? "bindings6" : "bindings"].push_back(binding);
    const std::string choice = std::string(entry->ifa_name) + (v6 ? " 6" : " 4");
    const bool preferred = !ignored_address(entry->ifa_addr);
    if (!interface.contains(v6 ? "ip6" : "ip") || (preferred && !chosen.count(choice))) {
      interface[v6 ? "ip6" : "ip"] = binding["address"];
      interface[v6 ? "netmask6" : "netmask"] = binding["netmask"];
      interface[v6 ? "network6" : "network"] = binding["network"];
      if (v6) interface["scope6"] = binding["scope6"];
      if (preferred) chosen.insert(choice);
    }
  }
  ::freeifaddrs(list);
  for (auto& [name, interface] : interfaces.items()) {
    std::string mtu = read_text(("/sys/class/net/" + name + "/mtu").c_str());
    if (!mtu.empty()) interface["mtu"] = std::stoll(mtu);
  }
  return interfaces;
}

/// Each interface's DHCP server (interfaces.NAME.dhcp) where a lease names one.
void add_dhcp_servers(Facts& interfaces, const std::map<std::string, int>& indexes) {
  const char* path = std::getenv("PATH");
  DhcpLeases leases(
      "/", [](const std::vector<std::string>& argv) { return command_output(argv); },
      path ? path : "");
  for (auto& [name, interface] : interfaces.items()) {
    auto index = indexes.find(name);
    std::string server = leases.server_for(name, index == indexes.end() ? 0 : index->second);
    if (!server.empty()) interface["dhcp"] = server;
  }
}

/// The interface Facter calls primary: the default route's, else the first with an IPv4
/// address that is not loopback.
std::string primary_interface(const Facts& interfaces) {
  std::string primary = default_route_interface(read_text("/proc/net/route"));
  if (!primary.empty() && interfaces.contains(primary)) return primary;
  for (const auto& [name, interface] : interfaces.items()) {
    if (name != "lo" && interface.contains("ip")) return name;
  }
  return "";
}

}  // namespace

std::string default_route_interface(std::string_view proc_net_route) {
  const auto lines = lines_of(proc_net_route);
  for (std::size_t i = 1; i < lines.size(); ++i) {  // after the header
    const auto fields = words_of(lines[i]);
    if (fields.size() >= 8 && fields[1] == "00000000" && fields[7] == "00000000") {
      return std::string(fields[0]);
    }
  }
  return "";
}

void add_networking_facts(Facts& facts) {
  const HostNames names = host_names();
  Facts networking = {{"hostname", names.hostname}, {"fqdn", names.fqdn}};
  if (!names.domain.empty()) networking["domain"] = names.domain;

  std::map<std::string, int> indexes;
  Facts interfaces = interfaces_fact(indexes);
  add_dhcp_servers(interfaces, indexes);
  std::string primary = primary_interface(interfaces);
  if (!primary.empty()) {
    networking["primary"] = primary;
    for (const char* key : {"dhcp", "ip", "ip6", "mac", "mtu", "netmask", "netmask6", "network",
                            "network6", "scope6"}) {
      if (interfaces[primary].contains(key)) networking[key] = interfaces[primary][key];
    }
  }
  // Facter's legacy dhcp_servers: the primary interface's server as "system" (null when there
  // is none), then every interface that has one.
  Facts dhcp_servers = {{"system", networking.contains("dhcp") ? networking["dhcp"] : Facts()}};
  for (const auto& [name, interface] : interfaces.items()) {
    if (interface.contains("dhcp")) dhcp_servers[name] = interface["dhcp"];
  }
  facts["dhcp_servers"] = std::move(dhcp_servers);

  facts["hostname"] = names.hostname;
  facts["fqdn"] = names.fqdn;
  if (!names.domain.empty()) facts["domain"] = names.domain;
  static const std::pair<const char*, const char*> kLegacy[] = {
      {"ipaddress", "ip"},      {"ipaddress6", "ip6"},    {"macaddress", "mac"},
      {"netmask", "netmask"},   {"netmask6", "netmask6"}, {"network", "network"},
      {"network6", "network6"}, {"scope6", "scope6"}};
  for (const auto& [legacy, key] : kLegacy) {
    if (networking.contains(key)) facts[legacy] = networking[key];
  }
  static const std::pair<const char*, const char*> kPerInterface[] = {
      {"ipaddress_", "ip"},    {"ipaddress6_", "ip6"},    {"macaddress_", "mac"},
      {"mtu_", "mtu"},         {"netmask_", "netmask"},   {"netmask6_", "netmask6"},
      {"network_", "network"}, {"network6_", "network6"}, {"scope6_", "scope6"}};
  for (const auto& [name, interface] : interfaces.items()) {
    for (const auto& [prefix, key] : kPerInterface) {
      if (interface.contains(key)) facts[prefix + name] = interface[key];
    }
  }
  std::vector<std::string> names_list;
  for (const auto& [name, _] : interfaces.items()) names_list.push_back(name);
  std::sort(names_list.begin(), names_list.end());
  std::string joined;
  for (const auto& name : names_list) joined += (joined.empty() ? "" : ",") + name;
  facts["interfaces"] = joined;

  networking["interfaces"] = std::move(interfaces);
  facts["networking"] = std::move(networking);
}

}  // namespace marionette::facts::native
