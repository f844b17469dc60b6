#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace marionette::testing {

/// A directory of the running test's own, $TMPDIR/marionette-NAME-PID-TEST, empty when made and
/// removed with everything in it when the ScratchDir goes. A test fixture holds one as a
/// member: gtest names the running test before it makes the fixture.
class ScratchDir {
 public:
  explicit ScratchDir(std::string_view name);
  ~ScratchDir();
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;

  const std::filesystem::path& path() const { return path_; }

  /// Writes `text` to path()/relative, making the directories on the way; its full path.
  std::filesystem::path write(const std::filesystem::path& relative, std::string_view text) const;

  /// The whole text of a file ("" when it cannot be read).
  static std::string read(const std::filesystem::path& file);

 private:
  std::filesystem::path path_;
};

}  // namespace marionette::testing
