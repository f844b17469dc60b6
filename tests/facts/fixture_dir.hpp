#pragma once

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>

namespace marionette::facts::testing {

/// A temporary directory standing for "/" or /sys, removed with the object.
class FixtureDir {
 public:
  FixtureDir() {
    char name[] = "/tmp/marionette-facts-fixture-XXXXXX";
    if (!::mkdtemp(name)) throw std::runtime_error("mkdtemp failed");
    path_ = name;
  }
  ~FixtureDir() { std::filesystem::remove_all(path_); }
  FixtureDir(const FixtureDir&) = delete;
  FixtureDir& operator=(const FixtureDir&) = delete;

  const std::filesystem::path& path() const { return path_; }

  /// Writes `text` to `relative` (parents created); `executable` makes it mode 0755.
  std::filesystem::path write(const std::string& relative, const std::string& text,
                              bool executable = false) const {
    const std::filesystem::path file = path_ / relative;
    std::filesystem::create_directories(file.parent_path());
    std::ofstream(file) << text;
    if (executable) ::chmod(file.c_str(), 0755);
    return file;
  }

 private:
  std::filesystem::path path_;
};

}  // namespace marionette::facts::testing
