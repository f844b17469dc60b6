#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "facts/facts.hpp"

/// The pieces of gather_native(), one per group of facts, and the pure parsers beneath them
/// (kept apart from the system calls so tests can feed them fixed text).
namespace marionette::facts::native {

using KeyValues = std::map<std::string, std::string>;

/// The same facts with keys sorted at every level, as Facter prints them.
Facts sorted_facts(const Facts& value);
Facts sorted_facts(Facts&& value);

// file_reading.cpp: open(2) and read(2) through a stack buffer; no iostreams.
/// The whole file, or "" when it cannot be read.
std::string read_text(const char* path);
/// The whole file, or nullopt when it cannot be opened or read (an empty file is "").
std::optional<std::string> read_file(const char* path);
/// The same for a path relative to an open directory (O_DIRECTORY descriptor).
std::string read_text_at(int dir_fd, const char* relative_path);
/// The text without leading and trailing blanks and newlines.
std::string trim_text(std::string_view text);
/// The lines of a text (without their newlines), views into it.
std::vector<std::string_view> lines_of(std::string_view text);
/// The blank-separated words of a line, views into it.
std::vector<std::string_view> words_of(std::string_view line);
struct DirectoryEntry {
  std::string name;
  unsigned char type;  ///< readdir's d_type: DT_DIR, DT_LNK, DT_REG, or DT_UNKNOWN
};
/// A directory's entries (not . and ..) in readdir's order; empty when it cannot be read.
std::vector<DirectoryEntry> list_directory(const char* path);

// external_facts.cpp
/// The directories an environment variable lists, colon-separated (empty entries skipped).
std::vector<std::filesystem::path> directories_from_environment(const char* variable);

// command_output.cpp
/// What a command prints on stdout (and stderr too when `join_stderr`, like `2>&1`); argv[0] is
/// looked up in PATH. Stdin is /dev/null; killed after 10 s. "" when it cannot be started.
std::string command_output(const std::vector<std::string>& argv, bool join_stderr = false);

// native_facts.cpp: the groups gather_native() runs, each adding the top-level facts it names.
struct FactGroup {
  const char* name;
  void (*add)(Facts& facts);
  /// Top-level fact names this group adds; a trailing '*' matches any name with that prefix.
  std::vector<std::string_view> provides;
};
const std::vector<FactGroup>& fact_groups();
/// Whether `group` adds the top-level fact `name` (the part of a dotted path before the dot).
bool group_provides(const FactGroup& group, std::string_view name);

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

// augeas_facts.cpp: augeas.version and augeasversion, as Facter resolves them.
void add_augeas_facts(Facts& facts);
/// The version in `augparse --version` output (a line "augparse 1.14.0 ..."), or "".
std::string augeas_version_from_output(std::string_view output);
/// augparse found through `path_env` (cached in `cache_file`, keyed by the binary's identity;
/// empty path: no cache), else libaugeas.so.0's own; "" when neither is there.
std::string augeas_version(const std::string& path_env, const std::filesystem::path& cache_file);

// dhcp_leases.cpp: the DHCP server of each interface, found where Facter 4 looks.
/// Runs a command (argv[0] looked up in PATH) and gives its standard output.
using RunCommand = std::function<std::string(const std::vector<std::string>& argv)>;
class DhcpLeases {
 public:
  /// `root` stands for "/" (tests give a fixture directory); `run` runs dhcpcd.
  DhcpLeases(std::filesystem::path root, RunCommand run, std::string path_env);
  /// As Facter: systemd-networkd's lease for the interface index, else a dhclient lease file
  /// naming the interface, else NetworkManager's internal lease, else `dhcpcd -U NAME`; "" if none.
  std::string server_for(const std::string& interface, int index);

 private:
  struct LeaseFile {
    std::string name, text;
  };
  void load_lease_files();
  std::string from_dhclient(const std::string& interface);
  std::string from_network_manager(const std::string& interface);
  std::string from_dhcpcd(const std::string& interface);

  std::filesystem::path root_;
  RunCommand run_;
  std::string path_env_;
  bool loaded_ = false;
  std::set<std::string> networkd_leases_;  // file names in /run/systemd/netif/leases
  std::vector<LeaseFile> dhclient_files_;  // read once, in readdir order per directory
  std::vector<std::string> network_manager_names_;
  std::optional<std::string> dhcpcd_;  // its path once looked up; "" when absent
};
/// The value of the first "KEY=value" in a lease file (value: the rest of the line), or "".
std::string lease_value(std::string_view text, std::string_view key);

// ssh_facts.cpp: ssh, ssh<name>key, sshfp_<name>.
void add_ssh_facts(Facts& facts);
/// The ssh hash from the ssh_host_{rsa,dsa,ecdsa,ed25519}_key.pub files in `dirs` (a later
/// directory's key of the same name replaces an earlier one, as in Facter); empty when none.
Facts ssh_fact(const std::vector<std::filesystem::path>& dirs);

// storage_facts.cpp: mountpoints, filesystems, disks, partitions and their legacy names.
void add_storage_facts(Facts& facts);
/// The block devices under a /sys/block-shaped directory that have a readable `device`, sorted.
std::vector<std::string> disk_names(const std::filesystem::path& sys_block);
/// disks.NAME: model, size, size_bytes, type, vendor from sysfs, and serial and wwn as
/// `lsblk -dn -o serial|wwn` finds them for Facter: the udev database entry (`udev_data`/bMAJ:MIN:
/// SCSI_IDENT_SERIAL, ID_SCSI_SERIAL, ID_SERIAL_SHORT, ID_SERIAL; ID_WWN_WITH_EXTENSION,
/// ID_WWN), else the serial in sysfs (device/serial).
Facts disks_fact(const std::filesystem::path& sys_block, const std::vector<std::string>& names,
                 const std::filesystem::path& udev_data);
/// One line of /proc/mounts.
struct Mount {
  std::string device, path, filesystem, options;
};
/// partitions as Facter 4 lists them: each disk's directories named after it (sda1, nvme0n1p1),
/// device-mapper devices as /dev/mapper/NAME, attached loop devices with their backing_file;
/// size from sysfs, filesystem from the udev database, uuid/label/partuuid/partlabel from the
/// /dev/disk/by-* links, mount: the first listed mount point of the device.
Facts partitions_fact(const std::filesystem::path& sys_block, const std::vector<std::string>& disks,
                      const std::vector<Mount>& mounts, const std::filesystem::path& udev_data,
                      const std::filesystem::path& dev_disk);
/// /proc/filesystems -> "btrfs,ext4,xfs": the ones that need a device, sorted, fuseblk left out.
std::string filesystems_fact(std::string_view proc_filesystems);
/// A /proc/mounts field with its octal escapes (\040 for a space) decoded.
std::string unescape_mount_field(std::string_view field);

/// Facter's percentage: "5.07%" (two decimals).
std::string capacity_text(std::uint64_t used, std::uint64_t total);
/// Facter's hertz format: 2600000000 -> "2.60 GHz".
std::string hertz_to_human_readable(std::uint64_t hertz);

}  // namespace marionette::facts::native
