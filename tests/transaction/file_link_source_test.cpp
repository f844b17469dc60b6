#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>

#include "ral/resource_type.hpp"
#include "test_catalog.hpp"

namespace marionette::transaction {

// Real Puppet 7's checksum of "src\n" (puppet resource prints it the same way).
const std::string kSrcShaForDescribe =
    "{sha256}ef8aed55fba64258003f3479ff60a060ddb8301d170110a0d2dfa0ce4ea04eb3";

namespace {

using testing::CatalogBuilder;
using testing::mode_of;
using testing::one_file;
using testing::read_text;
using testing::run_apply;
using testing::TempDir;
using testing::write_text;

const std::string kSrcSha = kSrcShaForDescribe;

std::string prefix(const std::string& path) {
  return "notice: /Stage[main]/Main/File[" + path + "]";
}

TEST(FileLink, CreatesThenRetargetsWithPuppetsMessages) {
  TempDir dir;
  write_text(dir / "a", "a");
  write_text(dir / "b", "b");
  const std::string link = dir / "l";
  auto first = run_apply(one_file(link, {{"ensure", "link"}, {"target", dir / "a"}}));
  EXPECT_EQ(std::filesystem::read_symlink(link), dir / "a");
  EXPECT_TRUE(first.logged(prefix(link) + "/ensure: created")) << first.all_log();

  auto same = run_apply(one_file(link, {{"ensure", "link"}, {"target", dir / "a"}}));
  EXPECT_EQ(same.report.changes, 0u) << same.all_log();

  auto moved = run_apply(one_file(link, {{"ensure", "link"}, {"target", dir / "b"}}));
  EXPECT_EQ(std::filesystem::read_symlink(link), dir / "b");
  EXPECT_TRUE(moved.logged(prefix(link) + "/target: target changed '" + (dir / "a") + "' to '" +
                           (dir / "b") + "'"))
      << moved.all_log();
}

TEST(FileLink, EnsureAsAPathIsALink) {
  TempDir dir;
  const std::string link = dir / "l";
  run_apply(one_file(link, {{"ensure", dir / "x"}}));
  EXPECT_EQ(std::filesystem::read_symlink(link), dir / "x");
}

TEST(FileLink, NoopLeavesTheLinkAlone) {
  TempDir dir;
  const std::string link = dir / "l";
  auto run = run_apply(one_file(link, {{"ensure", "link"}, {"target", "/x"}}), true);
  EXPECT_FALSE(std::filesystem::is_symlink(link));
  EXPECT_EQ(run.report.events.total, 1u);
}

TEST(FileSource, CopiesALocalSourceAndFileUri) {
  TempDir dir;
  write_text(dir / "src", "src\n");
  auto run = run_apply(one_file(dir / "c", {{"source", "file://" + (dir / "src")}}));
  EXPECT_EQ(read_text(dir / "c"), "src\n");
  EXPECT_TRUE(run.logged(prefix(dir / "c") + "/ensure: defined content as '" + kSrcSha + "'"))
      << run.all_log();
  run_apply(one_file(dir / "d", {{"ensure", "file"}, {"source", dir / "src"}}));
  EXPECT_EQ(read_text(dir / "d"), "src\n");

  write_text(dir / "src", "changed\n");
  auto again = run_apply(one_file(dir / "d", {{"ensure", "file"}, {"source", dir / "src"}}));
  EXPECT_EQ(read_text(dir / "d"), "changed\n");
  EXPECT_EQ(again.report.changes, 1u);
}

TEST(FileSource, FirstExistingSourceWins) {
  TempDir dir;
  write_text(dir / "second", "2");
  run_apply(one_file(dir / "t", {{"source", {dir / "first", dir / "second"}}}));
  EXPECT_EQ(read_text(dir / "t"), "2");
}

TEST(FileSource, MissingSourceFailsThatResourceWithPuppetsMessage) {
  TempDir dir;
  auto run = run_apply(one_file(dir / "m", {{"source", dir / "missing"}}));
  EXPECT_FALSE(std::filesystem::exists(dir / "m"));
  EXPECT_TRUE(run.logged("err: /Stage[main]/Main/File[" + (dir / "m") +
                         "]: Could not evaluate: Could not retrieve information from environment "
                         "production source(s) file://" +
                         (dir / "missing")))
      << run.all_log();
  EXPECT_EQ(run.report.metrics.failed, 1u);
}

TEST(FileSource, ContentAndSourceTogetherAreInvalid) {
  TempDir dir;
  auto run = run_apply(one_file(dir / "x", {{"source", dir / "a"}, {"content", "x"}}));
  EXPECT_FALSE(run.report.transaction_completed);
}

TEST(FileMode, SymbolicModeOnNewAndExistingFiles) {
  TempDir dir;
  run_apply(one_file(dir / "e", {{"ensure", "file"}, {"content", "x"}, {"mode", "a=rwx,o-w"}}));
  EXPECT_EQ(mode_of(dir / "e"), 0775u);
  auto run = run_apply(one_file(dir / "e", {{"ensure", "file"}, {"mode", "o-rx"}}));
  EXPECT_EQ(mode_of(dir / "e"), 0770u);
  EXPECT_TRUE(run.logged(prefix(dir / "e") + "/mode: mode changed '0775' to '0770'"))
      << run.all_log();
  auto again = run_apply(one_file(dir / "e", {{"ensure", "file"}, {"mode", "o-rx"}}));
  EXPECT_EQ(again.report.changes, 0u);
}

TEST(FilePath, MungedPathIsManaged) {
  TempDir dir;
  std::string messy = dir.path().string() + "//sub/";
  run_apply(one_file(messy, {{"ensure", "directory"}}));
  EXPECT_TRUE(std::filesystem::is_directory(dir / "sub"));
}

TEST(FilePath, SamePathAfterMungingIsADuplicateDeclaration) {
  TempDir dir;
  CatalogBuilder b;
  b.add("File", dir.path().string() + "//dup", {{"ensure", "file"}});
  b.add("File", dir / "dup", {{"ensure", "file"}});
  auto run = run_apply(b.build());
  EXPECT_FALSE(run.report.transaction_completed);
  EXPECT_FALSE(std::filesystem::exists(dir / "dup"));
  EXPECT_TRUE(run.logged("err: Duplicate declaration: File[" + (dir / "dup") +
                         "] is already declared; cannot redeclare"))
      << run.all_log();
}

}  // namespace
}  // namespace marionette::transaction

namespace marionette::ral {
namespace {

TEST(FileDescribe, StateAsPuppetResourcePrintsIt) {
  transaction::testing::TempDir dir;
  transaction::testing::write_text(dir / "f", "src\n");
  ::chmod((dir / "f").c_str(), 0640);
  catalog::Resource resource;
  resource.type = "File";
  resource.title = dir / "f";
  resource.parameters = catalog::Data::object();
  std::string error;
  auto file = find_type("file")->make(resource, real_host(), error);
  ASSERT_TRUE(file) << error;
  auto state = file->describe();
  ASSERT_GE(state.size(), 4u);
  EXPECT_EQ(state[0], (std::pair<std::string, std::string>{"ensure", "'file'"}));
  EXPECT_EQ(state[1].second, "'" + transaction::kSrcShaForDescribe + "'");
  EXPECT_NE(
      std::find(state.begin(), state.end(), std::pair<std::string, std::string>{"mode", "'0640'"}),
      state.end());
  EXPECT_EQ(state.back(), (std::pair<std::string, std::string>{"type", "'file'"}));

  resource.title = dir / "missing";
  auto missing = find_type("file")->make(resource, real_host(), error);
  EXPECT_EQ(missing->describe(),
            (std::vector<std::pair<std::string, std::string>>{{"ensure", "'absent'"}}));
}

}  // namespace
}  // namespace marionette::ral
