#pragma once

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "facts/facts.hpp"

/// The pieces of gather_native(), one per group of facts, and the pure parsers beneath them
/// (kept apart from the system calls so tests can feed them fixed text).
namespace marionette::facts::native {

using KeyValues = std::map<std::string, std::string>;

/// The same facts with keys sorted at every level, as Facter prints them.
Facts sorted_facts(const Facts& value);

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

// host_facts.cpp: load_averages, system_uptime, fips_enabled, virtual, is_virtual,
// hypervisors, dmi and their legacy names.
void add_host_facts(Facts& facts);
/// {"days", "hours", "seconds", "uptime"} as Facter builds them: "0:42 hours", "1 day", "9 days".
Facts uptime_fact(std::uint64_t seconds);
/// The dmi hash from a /sys/class/dmi/id-shaped directory: only the files that can be read.
Facts dmi_fact(const std::filesystem::path& dmi_dir);

// storage_facts.cpp: mountpoints, filesystems, disks, partitions and their legacy names.
void add_storage_facts(Facts& facts);
/// /proc/filesystems -> "btrfs,ext4,xfs": the ones that need a device, sorted, fuseblk left out.
std::string filesystems_fact(std::string_view proc_filesystems);
/// A /proc/mounts field with its octal escapes (\040 for a space) decoded.
std::string unescape_mount_field(std::string_view field);

/// Facter's percentage: "5.07%" (two decimals).
std::string capacity_text(std::uint64_t used, std::uint64_t total);
/// Facter's hertz format: 2600000000 -> "2.60 GHz".
std::string hertz_to_human_readable(std::uint64_t hertz);

}  // namespace marionette::facts::native
