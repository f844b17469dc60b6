#pragma once
// What a file was when it was read (size, modification time, device, inode): a cached reading
// of it stands while the file is the same. Hiera's data files and hiera.yaml share it.

#include <sys/stat.h>

#include <cstdint>
#include <ctime>

namespace marionette::compiler::hiera {

struct FileStamp {
  std::int64_t size = 0;
  std::int64_t modified_ns = 0;
  dev_t device = 0;
  ino_t inode = 0;
  bool operator==(const FileStamp&) const = default;

  static FileStamp of(const struct stat& info) {
    return {static_cast<std::int64_t>(info.st_size),
            static_cast<std::int64_t>(info.st_mtim.tv_sec) * 1'000'000'000 + info.st_mtim.tv_nsec,
            info.st_dev, info.st_ino};
  }

  /// Whether a reading may be kept: a file changed within the last 2 s may change again within
  /// the same mtime tick (file systems keep coarse clocks).
  bool settled() const {
    timespec now{};
    ::clock_gettime(CLOCK_REALTIME, &now);
    return static_cast<std::int64_t>(now.tv_sec) * 1'000'000'000 + now.tv_nsec - modified_ns >=
           kRacyNs;
  }

  static constexpr std::int64_t kRacyNs = 2'000'000'000;
};

}  // namespace marionette::compiler::hiera
