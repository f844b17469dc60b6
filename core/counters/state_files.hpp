#pragma once

#include <filesystem>

/// The counters' files in the state dir, named in one place.
namespace marionette::counters::state_files {

inline std::filesystem::path journal(const std::filesystem::path& dir) {
  return dir / "counters.journal";
}
inline std::filesystem::path lock(const std::filesystem::path& dir) {
  return dir / "counters.lock";
}
/// The file store's totals and the run ids it applied last.
inline std::filesystem::path file_totals(const std::filesystem::path& dir) {
  return dir / "counters.json";
}
/// The Redis store's last known node and fleet totals, served while Redis is unreachable.
inline std::filesystem::path redis_cache(const std::filesystem::path& dir) {
  return dir / "counters.redis-cache.json";
}

}  // namespace marionette::counters::state_files
