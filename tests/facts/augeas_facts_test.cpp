#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>

#include "facts/native_parts.hpp"
#include "fixture_dir.hpp"

/// augeas.version: `augparse --version` as Facter reads it, run once per augparse binary.
namespace marionette::facts::native {
namespace {

using testing::FixtureDir;

TEST(AugeasVersionFromOutput, ReadsTheAugparseLine) {
  EXPECT_EQ(augeas_version_from_output("augparse 1.14.0 <http://augeas.net/>\nCopyright (C) "
                                       "2007-2016 David Lutterkort\n"),
            "1.14.0");
  EXPECT_EQ(augeas_version_from_output("warning: locale\naugparse 1.12.0\n"), "1.12.0");
  EXPECT_EQ(augeas_version_from_output("augparse 1.14\n"), "");
  EXPECT_EQ(augeas_version_from_output("sh: 1: augparse: not found\n"), "");
  EXPECT_EQ(augeas_version_from_output(" augparse 1.14.0\n"), "");
}

/// A fake augparse that counts its runs in `runs`.
void write_augparse(const FixtureDir& dir, const std::string& version) {
  dir.write("bin/augparse",
            "#!/bin/sh\necho run >> '" + (dir.path() / "runs").string() + "'\n" +
                "echo 'augparse " + version + " <http://augeas.net/>'\necho 'Copyright' >&2\n",
            true);
}

int runs(const FixtureDir& dir) {
  std::ifstream in(dir.path() / "runs");
  int count = 0;
  for (std::string line; std::getline(in, line);) ++count;
  return count;
}

TEST(AugeasVersion, RunsAugparseOncePerBinary) {
  FixtureDir dir;
  write_augparse(dir, "1.13.0");
  const std::string path = "/nonexistent:" + (dir.path() / "bin").string();
  const auto cache = dir.path() / "cache/augeas-version";
  EXPECT_EQ(augeas_version(path, cache), "1.13.0");
  EXPECT_EQ(augeas_version(path, cache), "1.13.0");
  EXPECT_EQ(runs(dir), 1) << "the second answer should come from the cache file";

  write_augparse(dir, "1.14.1");  // a new binary: a new size and mtime
  EXPECT_EQ(augeas_version(path, cache), "1.14.1");
  EXPECT_EQ(runs(dir), 2);

  EXPECT_EQ(augeas_version(path, ""), "1.14.1");  // no cache file: runs every time
  EXPECT_EQ(runs(dir), 3);
}

TEST(AugeasVersion, WithoutAugparseAsksTheLibrary) {
#ifdef MARIONETTE_AUGEAS_MODULE_PATH
  ::setenv("MARIONETTE_AUGEAS_MODULE", MARIONETTE_AUGEAS_MODULE_PATH, 0);
#endif
  FixtureDir dir;
  const std::string from_library = augeas_version("/nonexistent", dir.path() / "cache");
  if (from_library.empty()) GTEST_SKIP() << "marionette-augeas.so or libaugeas is not there";
  EXPECT_EQ(from_library.find_first_not_of("0123456789."), std::string::npos) << from_library;
  EXPECT_EQ(std::count(from_library.begin(), from_library.end(), '.'), 2) << from_library;
  EXPECT_FALSE(std::filesystem::exists(dir.path() / "cache")) << "only augparse's answer is cached";
}

}  // namespace
}  // namespace marionette::facts::native
