#include <arpa/inet.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netdb.h>
#include <netpacket/packet.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <sstream>
#include <vector>

#include "facts/native_parts.hpp"

namespace marionette::facts::native {
namespace {

struct HostNames {
  std::string hostname, domain, fqdn;
};

/// The domain from /etc/resolv.conf: its `domain` line, else the first `search` domain.
std::string resolv_conf_domain() {
  std::istringstream lines(read_text("/etc/resolv.conf"));
  std::string search_domain;
  for (std::string line; std::getline(lines, line);) {
    std::istringstream words(line);
    std::string keyword, value;
    words >> keyword >> value;
    if (keyword == "domain" && !value.empty()) return value;
    if (keyword == "search" && search_domain.empty()) search_domain = value;
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

bool is_link_local(const Facts& address) {
  return address.get<std::string>().starts_with("fe80:");
}

/// networking.interfaces: per interface its bindings, bindings6, mac and mtu, and (as Facter
/// does) the first binding's address, netmask and network beside them; a global IPv6 address
/// is preferred over a link-local one.
Facts interfaces_fact() {
  Facts interfaces = Facts::object();
  ifaddrs* list = nullptr;
  if (::getifaddrs(&list) != 0) return interfaces;
  for (ifaddrs* entry = list; entry; entry = entry->ifa_next) {
    if (!entry->ifa_addr) continue;
    Facts& interface = interfaces[entry->ifa_name];
    int family = entry->ifa_addr->sa_family;
    if (family == AF_PACKET) {
      if (std::string mac = mac_of(entry->ifa_addr); !mac.empty()) interface["mac"] = mac;
      continue;
    }
    if ((family != AF_INET && family != AF_INET6) || !entry->ifa_netmask) continue;
    Facts binding = {{"address", address_of(entry->ifa_addr)},
                     {"netmask", address_of(entry->ifa_netmask)},
                     {"network", network_of(family, entry->ifa_addr, entry->ifa_netmask)}};
    const bool v6 = family == AF_INET6;
    interface[v6 ? "bindings6" : "bindings"].push_back(binding);
    const char* ip_key = v6 ? "ip6" : "ip";
    if (!interface.contains(ip_key) ||
        (is_link_local(interface[ip_key]) && !is_link_local(binding["address"]))) {
      interface[v6 ? "ip6" : "ip"] = binding["address"];
      interface[v6 ? "netmask6" : "netmask"] = binding["netmask"];
      interface[v6 ? "network6" : "network"] = binding["network"];
    }
  }
  ::freeifaddrs(list);
  for (auto& [name, interface] : interfaces.items()) {
    std::string mtu = read_text(("/sys/class/net/" + name + "/mtu").c_str());
    if (!mtu.empty()) interface["mtu"] = std::stoll(mtu);
  }
  return interfaces;
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
  std::istringstream lines{std::string(proc_net_route)};
  std::string line;
  std::getline(lines, line);  // the header
  while (std::getline(lines, line)) {
    std::istringstream fields(line);
    std::string name, destination, gateway, flags, refcnt, use, metric, mask;
    fields >> name >> destination >> gateway >> flags >> refcnt >> use >> metric >> mask;
    if (destination == "00000000" && mask == "00000000") return name;
  }
  return "";
}

void add_networking_facts(Facts& facts) {
  const HostNames names = host_names();
  Facts networking = {{"hostname", names.hostname}, {"fqdn", names.fqdn}};
  if (!names.domain.empty()) networking["domain"] = names.domain;

  Facts interfaces = interfaces_fact();
  std::string primary = primary_interface(interfaces);
  if (!primary.empty()) {
    networking["primary"] = primary;
    for (const char* key :
         {"ip", "ip6", "mac", "mtu", "netmask", "netmask6", "network", "network6"}) {
      if (interfaces[primary].contains(key)) networking[key] = interfaces[primary][key];
    }
  }
  networking["interfaces"] = interfaces;

  facts["networking"] = networking;
  facts["hostname"] = names.hostname;
  facts["fqdn"] = names.fqdn;
  if (!names.domain.empty()) facts["domain"] = names.domain;
  static const std::pair<const char*, const char*> kLegacy[] = {{"ipaddress", "ip"},
                                                                {"ipaddress6", "ip6"},
                                                                {"macaddress", "mac"},
                                                                {"netmask", "netmask"},
                                                                {"network", "network"}};
  for (const auto& [legacy, key] : kLegacy) {
    if (networking.contains(key)) facts[legacy] = networking[key];
  }
  std::vector<std::string> names_list;
  for (const auto& [name, _] : interfaces.items()) names_list.push_back(name);
  std::sort(names_list.begin(), names_list.end());
  std::string joined;
  for (const auto& name : names_list) joined += (joined.empty() ? "" : ",") + name;
  facts["interfaces"] = joined;
}

}  // namespace marionette::facts::native
