#include <dirent.h>
#include <fcntl.h>
#include <sys/statvfs.h>
#include <unistd.h>

#include <algorithm>
#include <initializer_list>
#include <map>
#include <system_error>
#include <utility>
#include <vector>

#include "facts/native_parts.hpp"

namespace marionette::facts::native {
namespace {

namespace fs = std::filesystem;

std::vector<Mount> read_mounts() {
  std::vector<Mount> mounts;
  const std::string text = read_text("/proc/mounts");
  for (const auto line : lines_of(text)) {
    const auto fields = words_of(line);
    if (fields.size() < 4) continue;
    mounts.push_back({unescape_mount_field(fields[0]), unescape_mount_field(fields[1]),
                      std::string(fields[2]), std::string(fields[3])});
  }
  return mounts;
}

/// /dev/root names the kernel's root= device, as Facter resolves it.
std::string real_device(const std::string& device) {
  if (device != "/dev/root") return device;
  const std::string cmdline = read_text("/proc/cmdline");
  for (const auto word : words_of(cmdline)) {
    if (word.starts_with("root=") && word.find('=', 5) == std::string_view::npos) {
      return std::string(word.substr(5));
    }
  }
  return device;
}

Facts mount_fact(const Mount& mount) {
  Facts options = Facts::array();
  for (std::size_t start = 0; start <= mount.options.size();) {
    std::size_t comma = mount.options.find(',', start);
    if (comma == std::string::npos) comma = mount.options.size();
    if (comma > start || comma < mount.options.size()) {
      options.push_back(mount.options.substr(start, comma - start));
    }
    start = comma + 1;
  }
  std::uint64_t size = 0, available = 0, used = 0;
  struct statvfs stats {};
  if (::statvfs(mount.path.c_str(), &stats) == 0) {
    size = static_cast<std::uint64_t>(stats.f_blocks) * stats.f_frsize;
    available = static_cast<std::uint64_t>(stats.f_bavail) * stats.f_frsize;
    used = static_cast<std::uint64_t>(stats.f_blocks - stats.f_bfree) * stats.f_frsize;
  }
  const std::uint64_t total = used + available;
  std::string capacity = used == total ? "100%" : used > 0 ? capacity_text(used, total) : "0%";
  return {{"available", bytes_to_human_readable(available)},
          {"available_bytes", available},
          {"capacity", capacity},
          {"device", real_device(mount.device)},
          {"filesystem", mount.filesystem},
          {"options", options},
          {"size", bytes_to_human_readable(size)},
          {"size_bytes", size},
          {"used", bytes_to_human_readable(used)},
          {"used_bytes", used}};
}

/// Facter leaves out /proc and /sys (but not tmpfs mounted there) and autofs.
bool listed_mountpoint(const Mount& mount) {
  const bool kernel_tree = mount.path.starts_with("/proc") || mount.path.starts_with("/sys");
  return !(kernel_tree && mount.filesystem != "tmpfs") && mount.filesystem != "autofs";
}

Facts mountpoints_fact(const std::vector<Mount>& mounts) {
  Facts mountpoints = Facts::object();
  for (const auto& mount : mounts) {
    if (listed_mountpoint(mount)) mountpoints[mount.path] = mount_fact(mount);
  }
  return mountpoints;
}

std::vector<std::string> sorted_names(const fs::path& dir) {
  std::vector<std::string> names;
  for (auto& entry : list_directory(dir.c_str())) names.push_back(std::move(entry.name));
  std::sort(names.begin(), names.end());
  return names;
}

void set_size(Facts& fact, const std::string& sectors) {
  if (sectors.empty() || sectors.find_first_not_of("0123456789") != std::string::npos) return;
  const std::uint64_t bytes = std::stoull(sectors) * 512;
  fact["size"] = bytes_to_human_readable(bytes);
  fact["size_bytes"] = bytes;
}

/// The E:KEY=value properties of a udev database entry (/run/udev/data/b8:0).
KeyValues udev_properties(const fs::path& udev_data, const std::string& major_minor) {
  KeyValues properties;
  if (major_minor.empty()) return properties;
  const std::string text = read_text((udev_data / ("b" + major_minor)).c_str());
  for (std::size_t start = 0; start < text.size();) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    const std::string_view line(text.data() + start, end - start);
    start = end + 1;
    const std::size_t equals = line.find('=');
    if (!line.starts_with("E:") || equals == std::string_view::npos) continue;
    properties.emplace(line.substr(2, equals - 2), line.substr(equals + 1));
  }
  return properties;
}

std::string first_property(const KeyValues& properties, std::initializer_list<const char*> keys) {
  for (const char* key : keys) {
    if (auto found = properties.find(key); found != properties.end()) return found->second;
  }
  return "";
}

/// Runs of blanks made one space, none at the ends (util-linux's normalize_whitespace).
std::string normalized_whitespace(std::string_view text) {
  std::string result;
  bool blank = false;
  for (char c : text) {
    if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
      blank = !result.empty();
    } else {
      if (blank) result += ' ';
      blank = false;
      result += c;
    }
  }
  return result;
}

/// The names that udev's /dev/disk/by-* links give each device ("sda1" -> {"uuid": ...}), each
/// directory read once.
std::map<std::string, Facts> udev_link_names(const fs::path& dev_disk) {
  static const std::pair<const char*, const char*> kLinks[] = {{"by-uuid", "uuid"},
                                                               {"by-label", "label"},
                                                               {"by-partuuid", "partuuid"},
                                                               {"by-partlabel", "partlabel"}};
  std::map<std::string, Facts> names;
  for (const auto& [dir, key] : kLinks) {
    for (const auto& link : sorted_names(dev_disk / dir)) {
      std::error_code error;
      fs::path target = fs::read_symlink(dev_disk / dir / link, error);
      if (!error) names[target.filename().string()][key] = link;
    }
  }
  return names;
}

/// What Facter knows of a partition-like device: size, filesystem and names from udev, the
/// first mount point of it that `mountpoints` lists, and a loop device's backing file.
class PartitionReader {
 public:
  PartitionReader(const std::vector<Mount>& mounts, fs::path udev_data, fs::path dev_disk)
      : mounts_(mounts), udev_data_(std::move(udev_data)), dev_disk_(std::move(dev_disk)) {}

  Facts read(const std::string& device, const std::string& kernel_name, const fs::path& dir,
             const std::string& backing_file) {
    if (!links_read_) {
      link_names_ = udev_link_names(dev_disk_);
      links_read_ = true;
    }
    Facts partition = Facts::object();
    set_size(partition, trim_text(read_text((dir / "size").c_str())));
    if (!backing_file.empty()) partition["backing_file"] = backing_file;
    const auto udev = udev_properties(udev_data_, trim_text(read_text((dir / "dev").c_str())));
    if (auto type = udev.find("ID_FS_TYPE"); type != udev.end() && !type->second.empty()) {
      partition["filesystem"] = type->second;
    }
    if (auto names = link_names_.find(kernel_name); names != link_names_.end()) {
      partition.update(names->second);
    }
    for (const auto& mount : mounts_) {  // the first one, as Facter merges them in reverse
      if (listed_mountpoint(mount) && real_device(mount.device) == device) {
        partition["mount"] = mount.path;
        break;
      }
    }
    return partition;
  }

 private:
  const std::vector<Mount>& mounts_;
  fs::path udev_data_, dev_disk_;
  std::map<std::string, Facts> link_names_;
  bool links_read_ = false;
};

/// As Facter 4 lists them: for a disk (a block device with `device`), its directories named
/// after it (sda1, nvme0n1p1); a device-mapper device as /dev/mapper/NAME; an attached loop
/// device with its backing file.
}  // namespace

Facts partitions_fact(const fs::path& sys_block, const std::vector<std::string>& disks,
                      const std::vector<Mount>& mounts, const fs::path& udev_data,
                      const fs::path& dev_disk) {
  Facts partitions = Facts::object();
  PartitionReader reader(mounts, udev_data, dev_disk);
  for (const auto& disk : disks) {
    for (const auto& entry : list_directory((sys_block / disk).c_str())) {
      if (entry.type != DT_DIR || entry.name.find(disk) == std::string::npos) continue;
      const std::string device = "/dev/" + entry.name;
      partitions[device] = reader.read(device, entry.name, sys_block / disk / entry.name, "");
    }
  }
  const int dir = ::open(sys_block.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir < 0) return partitions;
  // Only dm-N devices have dm/ and only loopN devices have loop/ (when attached).
  for (const auto& name : sorted_names(sys_block)) {
    if (name.starts_with("dm-") && ::faccessat(dir, (name + "/dm").c_str(), F_OK, 0) == 0) {
      const std::string map = trim_text(read_text_at(dir, (name + "/dm/name").c_str()));
      const std::string device = map.empty() ? "/dev/" + name : "/dev/mapper/" + map;
      partitions[device] = reader.read(device, name, sys_block / name, "");
    } else if (name.starts_with("loop") &&
               ::faccessat(dir, (name + "/loop").c_str(), F_OK, 0) == 0) {
      const std::string backing =
          trim_text(read_text_at(dir, (name + "/loop/backing_file").c_str()));
      partitions["/dev/" + name] = reader.read("/dev/" + name, name, sys_block / name, backing);
    }
  }
  ::close(dir);
  return partitions;
}

std::string unescape_mount_field(std::string_view field) {
  std::string text;
  for (std::size_t i = 0; i < field.size(); ++i) {
    if (field[i] == '\\' && i + 3 < field.size() &&
        std::all_of(field.begin() + i + 1, field.begin() + i + 4,
                    [](char c) { return c >= '0' && c <= '7'; })) {
      text += static_cast<char>((field[i + 1] - '0') * 64 + (field[i + 2] - '0') * 8 +
                                (field[i + 3] - '0'));
      i += 3;
    } else {
      text += field[i];
    }
  }
  return text;
}

std::string filesystems_fact(std::string_view proc_filesystems) {
  std::vector<std::string> names;
  for (const auto line : lines_of(proc_filesystems)) {
    const auto words = words_of(line);
    if (words.size() == 1 && words[0] != "fuseblk") names.emplace_back(words[0]);
  }
  std::sort(names.begin(), names.end());
  std::string joined;
  for (const auto& name : names) joined += (joined.empty() ? "" : ",") + name;
  return joined;
}

std::vector<std::string> disk_names(const fs::path& sys_block) {
  std::vector<std::string> disks;
  const int dir = ::open(sys_block.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir < 0) return disks;
  // Virtual devices (loop, ram, zram, dm, md) have no `device`: skip them without a probe each.
  const std::vector<std::string> virtual_devices =
      sorted_names(sys_block.parent_path() / "devices/virtual/block");
  for (auto& name : sorted_names(sys_block)) {
    if (std::binary_search(virtual_devices.begin(), virtual_devices.end(), name)) continue;
    if (::faccessat(dir, (name + "/device").c_str(), R_OK, 0) == 0) disks.push_back(name);
  }
  ::close(dir);
  return disks;
}

Facts disks_fact(const fs::path& sys_block, const std::vector<std::string>& names,
                 const fs::path& udev_data) {
  Facts disks = Facts::object();
  for (const auto& name : names) {
    const fs::path dir = sys_block / name;
    auto read = [&](const char* file) { return trim_text(read_text((dir / file).c_str())); };
    Facts disk = Facts::object();
    if (auto model = read("device/model"); !model.empty()) disk["model"] = model;
    set_size(disk, read("size"));
    if (auto rotational = read("queue/rotational"); !rotational.empty()) {
      disk["type"] = rotational == "0" ? "ssd" : "hdd";
    }
    if (auto vendor = read("device/vendor"); !vendor.empty()) disk["vendor"] = vendor;
    // serial and wwn as `lsblk -dn -o serial,wwn` gives them to Facter (util-linux 2.38)
    const KeyValues udev = udev_properties(udev_data, read("dev"));
    std::string serial = normalized_whitespace(first_property(
        udev, {"SCSI_IDENT_SERIAL", "ID_SCSI_SERIAL", "ID_SERIAL_SHORT", "ID_SERIAL"}));
    if (serial.empty()) serial = read("device/serial");
    if (!serial.empty()) disk["serial"] = serial;
    const std::string wwn = trim_text(first_property(udev, {"ID_WWN_WITH_EXTENSION", "ID_WWN"}));
    if (!wwn.empty()) disk["wwn"] = wwn;
    disks[name] = std::move(disk);
  }
  return disks;
}

void add_storage_facts(Facts& facts) {
  const std::vector<Mount> mounts = read_mounts();
  facts["mountpoints"] = mountpoints_fact(mounts);
  facts["filesystems"] = filesystems_fact(read_text("/proc/filesystems"));

  const std::vector<std::string> names = disk_names("/sys/block");
  Facts disks = disks_fact("/sys/block", names, "/run/udev/data");
  if (!disks.empty()) {
    std::string names;
    for (const auto& [name, disk] : disks.items()) {
      names += (names.empty() ? "" : ",") + name;
      for (const char* key : {"model", "vendor"}) {
        if (disk.contains(key)) facts["blockdevice_" + name + "_" + key] = disk[key];
      }
      if (disk.contains("size_bytes")) facts["blockdevice_" + name + "_size"] = disk["size_bytes"];
    }
    facts["blockdevices"] = names;
    facts["disks"] = std::move(disks);
  }
  Facts partitions = partitions_fact("/sys/block", names, mounts, "/run/udev/data", "/dev/disk");
  if (!partitions.empty()) facts["partitions"] = std::move(partitions);
}

}  // namespace marionette::facts::native
