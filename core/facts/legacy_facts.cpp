#include "facts/legacy_facts.hpp"

#include <algorithm>
#include <cctype>
#include <iterator>

namespace marionette::facts {

namespace {

/// Facter 4.3.0's legacy facts on Linux with a fixed name.
constexpr std::string_view kLegacyNames[] = {
    "architecture",
    "augeasversion",
    "bios_release_date",
    "bios_vendor",
    "bios_version",
    "blockdevices",
    "boardassettag",
    "boardmanufacturer",
    "boardproductname",
    "boardserialnumber",
    "chassisassettag",
    "chassistype",
    "dhcp_servers",
    "domain",
    "fqdn",
    "gid",
    "hardwareisa",
    "hardwaremodel",
    "hostname",
    "id",
    "interfaces",
    "ipaddress",
    "ipaddress6",
    "lsbdistcodename",
    "lsbdistdescription",
    "lsbdistid",
    "lsbdistrelease",
    "lsbmajdistrelease",
    "lsbminordistrelease",
    "lsbrelease",
    "macaddress",
    "manufacturer",
    "memoryfree",
    "memoryfree_mb",
    "memorysize",
    "memorysize_mb",
    "netmask",
    "netmask6",
    "network",
    "network6",
    "operatingsystem",
    "operatingsystemmajrelease",
    "operatingsystemrelease",
    "osfamily",
    "physicalprocessorcount",
    "processorcount",
    "productname",
    "rubyplatform",
    "rubysitedir",
    "rubyversion",
    "scope6",
    "selinux",
    "selinux_config_mode",
    "selinux_config_policy",
    "selinux_current_mode",
    "selinux_enforced",
    "selinux_policyversion",
    "serialnumber",
    "swapfree",
    "swapfree_mb",
    "swapsize",
    "swapsize_mb",
    "uptime",
    "uptime_days",
    "uptime_hours",
    "uptime_seconds",
    "uuid",
};

/// Facter's per-interface legacy facts: NAME_<interface>.
constexpr std::string_view kPerInterfacePrefixes[] = {
    "ipaddress_", "ipaddress6_", "macaddress_", "mtu_",    "netmask_",
    "netmask6_",  "network_",    "network6_",   "scope6_",
};

bool starts_with(std::string_view text, std::string_view prefix) {
  return text.size() > prefix.size() && text.substr(0, prefix.size()) == prefix;
}

bool ends_with(std::string_view text, std::string_view suffix) {
  return text.size() > suffix.size() && text.substr(text.size() - suffix.size()) == suffix;
}

bool all_digits(std::string_view text) {
  return !text.empty() && std::all_of(text.begin(), text.end(), [](char c) {
    return std::isdigit(static_cast<unsigned char>(c)) != 0;
  });
}

}  // namespace

bool is_legacy_fact(std::string_view name) {
  if (std::find(std::begin(kLegacyNames), std::end(kLegacyNames), name) != std::end(kLegacyNames))
    return true;
  for (std::string_view prefix : kPerInterfacePrefixes)
    if (starts_with(name, prefix)) return true;
  if (starts_with(name, "processor") && all_digits(name.substr(9))) return true;  // processor0
  if (starts_with(name, "blockdevice_") &&
      (ends_with(name, "_size") || ends_with(name, "_vendor") || ends_with(name, "_model")))
    return true;
  if (starts_with(name, "sshfp_")) return true;
  // sshrsakey, sshecdsakey, sshed25519key, sshdsakey
  return starts_with(name, "ssh") && ends_with(name, "key") && name.size() > 6;
}

}  // namespace marionette::facts
