// The hunks of `diff -u` as marionette writes them for show_diff: the expected texts are what
// real Puppet 7.23 printed (`puppet apply --show_diff`, which runs GNU diff -u) for the same
// files; a second test holds them against the system's `diff -u` on generated texts.

#include "ral/unified_diff.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <utility>

namespace marionette::ral {
namespace {

TEST(UnifiedDiff, EqualTextsHaveNoHunks) {
  EXPECT_EQ(unified_hunks("a\nb\n", "a\nb\n"), "");
  EXPECT_EQ(unified_hunks("", ""), "");
}

TEST(UnifiedDiff, ALineChangedAndOneAdded) {
  EXPECT_EQ(unified_hunks("a\nb\nc\n", "a\nB\nc\nd\n"),
            "@@ -1,3 +1,4 @@\n a\n-b\n+B\n c\n+d\n");
}

TEST(UnifiedDiff, ALastLineWithoutNewline) {
  EXPECT_EQ(unified_hunks("one\ntwo", "one\ntwo\n"),
            "@@ -1,2 +1,2 @@\n one\n-two\n\\ No newline at end of file\n+two\n");
}

TEST(UnifiedDiff, ChangesFarApartMakeTwoHunks) {
  EXPECT_EQ(unified_hunks("l1\nl2\nl3\nl4\nl5\nl6\nl7\nl8\nl9\nl10\nl11\nl12\n",
                          "l1\nl2\nX\nl4\nl5\nl6\nl7\nl8\nl9\nl10\nY\nl12\n"),
            "@@ -1,6 +1,6 @@\n l1\n l2\n-l3\n+X\n l4\n l5\n l6\n"
            "@@ -8,5 +8,5 @@\n l8\n l9\n l10\n-l11\n+Y\n l12\n");
}

TEST(UnifiedDiff, EmptyRangesNameTheLineBefore) {
  EXPECT_EQ(unified_hunks("", "new\n"), "@@ -0,0 +1 @@\n+new\n");
  EXPECT_EQ(unified_hunks("old\n", ""), "@@ -1 +0,0 @@\n-old\n");
}

TEST(UnifiedDiff, HeaderIsGnuDiffs) {
  setenv("TZ", "UTC", 1);
  EXPECT_EQ(diff_header("---", "/etc/motd", 1795660693, 398222673),
            "--- /etc/motd\t2026-11-26 02:38:13.398222673 +0000");
}

TEST(UnifiedDiff, PastTheEditBoundTheMiddleIsReplacedWhole) {
  EXPECT_EQ(unified_hunks("a\nb\nc\n", "x\ny\nz\n", 2), "@@ -1,3 +1,3 @@\n-a\n-b\n-c\n+x\n+y\n+z\n");
}

/// A file of distinct lines and an edited copy (lines changed, removed, added, maybe the last
/// newline dropped): how configuration files change. Where lines repeat, GNU diff may choose
/// another of several equally short edit scripts (docs/puppet-differences.md).
std::pair<std::string, std::string> edited_texts(std::mt19937& random) {
  auto roll = [&](int most) { return std::uniform_int_distribution<int>(0, most)(random); };
  std::string before, after;
  int lines = roll(40), fresh = 0;
  for (int i = 0; i < lines; ++i) {
    std::string line = "line " + std::to_string(i) + "\n";
    before += line;
    int edit = roll(9);
    if (edit == 0) continue;
    if (edit == 1) {
      after += "changed " + std::to_string(fresh++) + "\n";
      continue;
    }
    if (edit == 2) after += "added " + std::to_string(fresh++) + "\n";
    after += line;
  }
  if (!after.empty() && roll(5) == 0) after.pop_back();
  if (!before.empty() && roll(5) == 0) before.pop_back();
  return {before, after};
}

TEST(UnifiedDiff, HunksMatchGnuDiff) {
  if (std::system("diff --version >/dev/null 2>&1") != 0) GTEST_SKIP() << "no diff(1)";
  std::string pattern = (std::filesystem::temp_directory_path() / "marionette-diff-XXXXXX").string();
  const std::filesystem::path dir = ::mkdtemp(pattern.data());
  std::mt19937 random(25);
  int compared = 0, differing = 0;
  for (int round = 0; round < 150; ++round) {
    auto [a, b] = edited_texts(random);
    std::ofstream(dir / "a", std::ios::binary) << a;
    std::ofstream(dir / "b", std::ios::binary) << b;
    std::string command = "diff -u '" + (dir / "a").string() + "' '" + (dir / "b").string() +
                          "' | tail -n +3";
    std::string gnu;
    if (FILE* pipe = ::popen(command.c_str(), "r")) {
      char buffer[4096];
      for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) gnu.append(buffer, n);
      ::pclose(pipe);
    }
    ++compared;
    if (unified_hunks(a, b) != gnu) {
      ++differing;
      ADD_FAILURE() << "old:\n" << a << "\nnew:\n" << b << "\ngnu:\n" << gnu << "\nours:\n"
                    << unified_hunks(a, b);
      if (differing > 3) break;
    }
  }
  std::filesystem::remove_all(dir);
  EXPECT_EQ(differing, 0) << "of " << compared;
}

}  // namespace
}  // namespace marionette::ral
