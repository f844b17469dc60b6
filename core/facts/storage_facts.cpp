#include <sys/statvfs.h>

#include <algorithm>
#include <sstream>
#include <system_error>
#include <vector>

#include "facts/native_parts.hpp"

namespace marionette::facts::native {
namespace {

namespace fs = std::filesystem;

std::string read_trimmed(const fs::path& path) {
  std::string text = read_text(path.c_str());
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
  return text;
}

struct Mount {
  std::string device, path, filesystem, options;
};

std::vector<Mount> read_mounts() {
  std::vector<Mount> mounts;
  std::istringstream lines(read_text("/proc/mounts"));
  for (std::string line; std::getline(lines, line);) {
    std::istringstream fields(line);
    Mount mount;
    if (!(fields >> mount.device >> mount.path >> mount.filesystem >> mount.options)) continue;
    mount.device = unescape_mount_field(mount.device);
    mount.path = unescape_mount_field(mount.path);
    mounts.push_back(mount);
  }
  return mounts;
}

/// /dev/root names the kernel's root= device, as Facter resolves it.
std::string real_device(const std::string& device) {
  if (device != "/dev/root") return device;
  std::istringstream words(read_text("/proc/cmdline"));
  for (std::string word; words >> word;) {
    if (word.starts_with("root=") && word.find('=', 5) == std::string::npos) return word.substr(5);
  }
  return device;
}

Facts mount_fact(const Mount& mount) {
  Facts options = Facts::array();
  std::istringstream parts(mount.options);
  for (std::string option; std::getline(parts, option, ',');) options.push_back(option);
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
Facts mountpoints_fact(const std::vector<Mount>& mounts) {
  Facts mountpoints = Facts::object();
  for (const auto& mount : mounts) {
    const bool kernel_tree = mount.path.starts_with("/proc") || mount.path.starts_with("/sys");
    if ((kernel_tree && mount.filesystem != "tmpfs") || mount.filesystem == "autofs") continue;
    mountpoints[mount.path] = mount_fact(mount);
  }
  return mountpoints;
}

std::vector<std::string> sorted_children(const fs::path& dir) {
  std::vector<std::string> names;
  std::error_code error;
  for (fs::directory_iterator it(dir, error), end; !error && it != end; it.increment(error)) {
    names.push_back(it->path().filename().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

void set_size(Facts& fact, const fs::path& sectors_file) {
  std::string sectors = read_trimmed(sectors_file);
  if (sectors.empty() || sectors.find_first_not_of("0123456789") != std::string::npos) return;
  const std::uint64_t bytes = std::stoull(sectors) * 512;
  fact["size"] = bytes_to_human_readable(bytes);
  fact["size_bytes"] = bytes;
}

/// Block devices with a device behind them (not loop, ram or zram), as Facter lists them.
Facts disks_fact() {
  Facts disks = Facts::object();
  for (const auto& name : sorted_children("/sys/block")) {
    const fs::path dir = fs::path("/sys/block") / name;
    if (!fs::exists(dir / "device")) continue;
    Facts disk = Facts::object();
    if (auto model = read_trimmed(dir / "device/model"); !model.empty()) disk["model"] = model;
    set_size(disk, dir / "size");
    if (auto rotational = read_trimmed(dir / "queue/rotational"); !rotational.empty()) {
      disk["type"] = rotational == "0" ? "ssd" : "hdd";
    }
    if (auto vendor = read_trimmed(dir / "device/vendor"); !vendor.empty()) disk["vendor"] = vendor;
    disks[name] = disk;
  }
  return disks;
}

/// The names that udev's /dev/disk/by-* links give a partition.
void add_udev_names(Facts& partition, const std::string& name) {
  static const std::pair<const char*, const char*> kLinks[] = {{"by-uuid", "uuid"},
                                                               {"by-label", "label"},
                                                               {"by-partuuid", "partuuid"},
                                                               {"by-partlabel", "partlabel"}};
  for (const auto& [dir, key] : kLinks) {
    for (const auto& link : sorted_children(fs::path("/dev/disk") / dir)) {
      std::error_code error;
      fs::path target = fs::read_symlink(fs::path("/dev/disk") / dir / link, error);
      if (!error && target.filename() == name) partition[key] = link;
    }
  }
}

Facts partitions_fact(const std::vector<Mount>& mounts) {
  Facts partitions = Facts::object();
  for (const auto& disk : sorted_children("/sys/block")) {
    for (const auto& name : sorted_children(fs::path("/sys/block") / disk)) {
      const fs::path dir = fs::path("/sys/block") / disk / name;
      if (!fs::exists(dir / "partition")) continue;
      const std::string device = "/dev/" + name;
      Facts partition = Facts::object();
      std::istringstream udev(read_text(("/run/udev/data/b" + read_trimmed(dir / "dev")).c_str()));
      for (std::string line; std::getline(udev, line);) {
        if (line.starts_with("E:ID_FS_TYPE=") && line.size() > 13) {
          partition["filesystem"] = line.substr(13);
        }
      }
      for (const auto& mount : mounts) {
        if (real_device(mount.device) == device) partition["mount"] = mount.path;
      }
      set_size(partition, dir / "size");
      add_udev_names(partition, name);
      partitions[device] = partition;
    }
  }
  return partitions;
}

}  // namespace

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
  std::istringstream lines{std::string(proc_filesystems)};
  for (std::string line; std::getline(lines, line);) {
    std::istringstream words(line);
    std::string first, second;
    words >> first >> second;
    if (!first.empty() && second.empty() && first != "fuseblk") names.push_back(first);
  }
  std::sort(names.begin(), names.end());
  std::string joined;
  for (const auto& name : names) joined += (joined.empty() ? "" : ",") + name;
  return joined;
}

void add_storage_facts(Facts& facts) {
  const std::vector<Mount> mounts = read_mounts();
  facts["mountpoints"] = mountpoints_fact(mounts);
  facts["filesystems"] = filesystems_fact(read_text("/proc/filesystems"));

  Facts disks = disks_fact();
  if (!disks.empty()) {
    facts["disks"] = disks;
    std::string names;
    for (const auto& [name, disk] : disks.items()) {
      names += (names.empty() ? "" : ",") + name;
      for (const char* key : {"model", "vendor"}) {
        if (disk.contains(key)) facts["blockdevice_" + name + "_" + key] = disk[key];
      }
      if (disk.contains("size_bytes")) facts["blockdevice_" + name + "_size"] = disk["size_bytes"];
    }
    facts["blockdevices"] = names;
  }
  Facts partitions = partitions_fact(mounts);
  if (!partitions.empty()) facts["partitions"] = partitions;
}

}  // namespace marionette::facts::native
