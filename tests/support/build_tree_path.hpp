#pragma once
// Included into every test target by cmake/TestPaths.cmake: the paths a test's definitions name
// (MARIONETTE_BINARY, MARIONETTE_GOLDEN_DIR, …) are compiled in relative to the build tree and
// made absolute here, at run time, so that the compile is the same text in every clone and
// ccache hits it from another one.

#include <filesystem>
#include <mutex>
#include <set>
#include <string>

namespace marionette::testing {

/// `relative` (to the build tree) as an absolute path; the build tree is the nearest folder
/// above the running executable that holds CMakeCache.txt. The text lives as long as the
/// process.
inline const char* build_tree_path(const char* relative) {
  static const std::filesystem::path root = [] {
    std::error_code error;
    const std::filesystem::path executable = std::filesystem::read_symlink("/proc/self/exe", error);
    for (std::filesystem::path dir = executable.parent_path(); !dir.empty();
         dir = dir.parent_path()) {
      if (std::filesystem::exists(dir / "CMakeCache.txt", error)) return dir;
      if (dir == dir.parent_path()) break;
    }
    return std::filesystem::current_path(error);
  }();
  static std::mutex mutex;
  static std::set<std::string> paths;
  std::lock_guard lock(mutex);
  return paths.insert((root / relative).lexically_normal().string()).first->c_str();
}

}  // namespace marionette::testing
