#pragma once

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace marionette::testing {

/// A directory of its own under the temp dir, removed with everything in it at the end.
class TempDir {
 public:
  TempDir() {
    std::string pattern = (std::filesystem::temp_directory_path() / "indirector-XXXXXX").string();
    path_ = ::mkdtemp(pattern.data());
  }
  ~TempDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::filesystem::path& path() const { return path_; }

  /// Writes `text` to `name` in this dir (creating parent dirs) and returns its path.
  std::filesystem::path write(const std::string& name, const std::string& text,
                              bool executable = false) const {
    std::filesystem::path file = path_ / name;
    std::filesystem::create_directories(file.parent_path());
    std::ofstream(file, std::ios::trunc) << text;
    if (executable)
      std::filesystem::permissions(file, std::filesystem::perms::owner_all,
                                   std::filesystem::perm_options::replace);
    return file;
  }

 private:
  std::filesystem::path path_;
};

}  // namespace marionette::testing
