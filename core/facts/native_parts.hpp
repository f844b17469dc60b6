#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "facts/facts.hpp"

/// The pieces of gather_native(), one per group of facts, and the pure parsers beneath them
/// (kept apart from the system calls so tests can feed them fixed text).
namespace marionette::facts::native {

using KeyValues = std::map<std::string, std::string>;

/// The whole file, or "" when it cannot be read.
std::string read_text(const char* path);

// kernel_facts.cpp: kernel, kernelrelease, kernelversion, kernelmajversion, hardwaremodel.
void add_kernel_facts(Facts& facts);
/// "6.1.0-27-amd64" -> "6.1.0"
std::string kernel_version(std::string_view release);
/// "6.1.0" -> "6.1"
std::string kernel_major_version(std::string_view version);

// os_facts.cpp: os{...}, architecture, and the legacy os*/lsb* facts.
void add_os_facts(Facts& facts);
/// KEY=value lines of /etc/os-release, quotes removed.
KeyValues parse_os_release(std::string_view text);
/// The `os` hash from os-release, /etc/debian_version and uname's machine.
Facts os_fact(const KeyValues& os_release, std::string_view debian_version,
              std::string_view machine);
/// {"full": "12.8", "major": "12", "minor": "8"}; minor only when there is one.
Facts release_fact(std::string_view full);

// networking_facts.cpp: networking{...}, hostname, domain, fqdn and the legacy ip facts.
void add_networking_facts(Facts& facts);
/// The interface of the IPv4 default route in /proc/net/route, or "".
std::string default_route_interface(std::string_view proc_net_route);

// system_facts.cpp: memory, processors, identity, path, timezone, versions.
void add_system_facts(Facts& facts);
/// Facter's format: "812 bytes", "1.50 KiB", "7.77 GiB" (two decimals, powers of 1024).
std::string bytes_to_human_readable(std::uint64_t bytes);
/// A "Name:   123 kB" line of /proc/meminfo, in bytes.
std::optional<std::uint64_t> meminfo_bytes(std::string_view meminfo, std::string_view name);

}  // namespace marionette::facts::native
