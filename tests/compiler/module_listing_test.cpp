// modules_on_path: the module path's modules, first-wins, each entry read once while its mtime
// holds (the agent's and the server's repeated compiles list it once).
#include "compiler/module_listing.hpp"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <random>

namespace marionette::compiler {
namespace {

namespace fs = std::filesystem;

class ModuleListingTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("marionette-listing-" + std::to_string(std::random_device{}()));
    fs::create_directories(dir_ / "one/m");
    fs::create_directories(dir_ / "one/Not_a_module");
    fs::create_directories(dir_ / "two/m");
    fs::create_directories(dir_ / "two/b");
    fs::create_directories(dir_ / "elsewhere/linked");
    fs::create_directory_symlink(dir_ / "elsewhere/linked", dir_ / "two/a");
    std::ofstream(dir_ / "two/file") << "a file is no module\n";
  }
  void TearDown() override { fs::remove_all(dir_); }

  /// The directory's mtime set a minute back: a listing of it can be kept.
  void age(const fs::path& dir) {
    timespec times[2] = {{time(nullptr) - 60, 0}, {time(nullptr) - 60, 0}};
    ASSERT_EQ(utimensat(AT_FDCWD, dir.c_str(), times, 0), 0);
  }

  std::vector<std::string> listing() {
    std::vector<std::string> found;
    for (const ModuleOnPath& module : modules_on_path({dir_ / "one", dir_ / "two"}))
      found.push_back(module.name + " " + module.dir.lexically_relative(dir_).string());
    return found;
  }

  fs::path dir_;
};

TEST_F(ModuleListingTest, ListsEachEntrysModulesByNameTheFirstEntryWinning) {
  EXPECT_EQ(listing(), (std::vector<std::string>{"m one/m", "a two/a", "b two/b"}));
}

TEST_F(ModuleListingTest, AnEntryIsReadAgainOnlyWhenItChanged) {
  age(dir_ / "one");
  age(dir_ / "two");
  listing();
  std::size_t reads = module_path_entry_reads();
  EXPECT_EQ(listing(), (std::vector<std::string>{"m one/m", "a two/a", "b two/b"}));
  EXPECT_EQ(module_path_entry_reads(), reads) << "both entries came from the cache";

  fs::create_directory(dir_ / "two/c");  // two's mtime moves
  EXPECT_EQ(listing(), (std::vector<std::string>{"m one/m", "a two/a", "b two/b", "c two/c"}));
  EXPECT_EQ(module_path_entry_reads(), reads + 1) << "two alone was read again";
}

TEST_F(ModuleListingTest, AnEntryChangedJustNowIsNotKept) {
  // Its mtime may not move for a change within the same clock tick: read it every time.
  listing();
  std::size_t reads = module_path_entry_reads();
  listing();
  EXPECT_EQ(module_path_entry_reads(), reads + 2);
}

}  // namespace
}  // namespace marionette::compiler
