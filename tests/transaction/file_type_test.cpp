#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>

#include "test_catalog.hpp"

namespace marionette::transaction {
namespace {

using testing::CatalogBuilder;
using testing::mode_of;
using testing::one_file;
using testing::read_text;
using testing::run_apply;
using testing::TempDir;
using testing::write_text;

// Checksums as real Puppet 7 prints them for these contents.
const std::string kHelloSha =
    "{sha256}5891b5b522d5df086d0ff0b110fbd9d21bb4fc7163af34d08286a2e846f6be03";
const std::string kV1Sha =
    "{sha256}2d27fbdf4e8ca207afbfa388ca9172fbcc6c70e534af2476b3b704f87debadcf";
const std::string kV2Sha =
    "{sha256}81db67b6a5702b9b68f0016f061c409bf3fb16d062fc854d1b424bb4e9c28c56";

TEST(FileType, CreatesAFileWithContentAndMode) {
  TempDir dir;
  std::string path = dir / "motd";
  auto run =
      run_apply(one_file(path, {{"ensure", "file"}, {"content", "hello\n"}, {"mode", "0640"}}));
  EXPECT_EQ(read_text(path), "hello\n");
  EXPECT_EQ(mode_of(path), 0640u);
  EXPECT_TRUE(run.logged("notice: /Stage[main]/Main/File[" + path +
                         "]/ensure: defined content as '" + kHelloSha + "'"))
      << run.all_log();
  EXPECT_EQ(run.report.metrics.changed, 1u);
  EXPECT_EQ(run.report.status, "changed");
  EXPECT_EQ(run.report.detailed_exit_code(), 2);
}

TEST(FileType, ContentWithoutEnsureCreatesTheFile) {
  TempDir dir;
  std::string path = dir / "plain";
  run_apply(one_file(path, {{"content", "abc"}}));
  EXPECT_EQ(read_text(path), "abc");
}

TEST(FileType, SecondApplyChangesNothing) {
  TempDir dir;
  auto catalog = one_file(dir / "a", {{"ensure", "file"}, {"content", "x"}, {"mode", "0600"}});
  CatalogBuilder b;
  run_apply(catalog);
  auto second = run_apply(catalog);
  EXPECT_EQ(second.report.status, "unchanged");
  EXPECT_EQ(second.report.changes, 0u);
  EXPECT_EQ(second.report.events.total, 0u);
  EXPECT_EQ(second.report.metrics.out_of_sync, 0u);
  EXPECT_EQ(second.report.detailed_exit_code(), 0);
  EXPECT_TRUE(second.log.empty()) << second.all_log();
}

TEST(FileType, ChangesContentWithPuppetsMessage) {
  TempDir dir;
  std::string path = dir / "conf";
  write_text(path, "v1\n");
  auto run = run_apply(one_file(path, {{"ensure", "file"}, {"content", "v2\n"}}));
  EXPECT_EQ(read_text(path), "v2\n");
  EXPECT_TRUE(run.logged("notice: /Stage[main]/Main/File[" + path + "]/content: content changed '" +
                         kV1Sha + "' to '" + kV2Sha + "'"))
      << run.all_log();
}

TEST(FileType, ContentIsWrittenAtomicallyByRename) {
  TempDir dir;
  std::string path = dir / "conf";
  write_text(path, "v1\n");
  std::filesystem::create_hard_link(path, dir / "old-inode");
  run_apply(one_file(path, {{"content", "v2\n"}}));
  EXPECT_EQ(read_text(path), "v2\n");
  // Rewriting in place would have changed the other link too; a rename leaves it alone.
  EXPECT_EQ(read_text(dir / "old-inode"), "v1\n");
  int entries = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir.path())) {
    (void)entry;
    ++entries;
  }
  EXPECT_EQ(entries, 2) << "a temp file was left behind";
}

TEST(FileType, ChangesModeOfAnExistingFile) {
  TempDir dir;
  std::string path = dir / "m";
  write_text(path, "a");
  ::chmod(path.c_str(), 0600);
  auto run = run_apply(one_file(path, {{"mode", "0644"}}));
  EXPECT_EQ(mode_of(path), 0644u);
  EXPECT_TRUE(run.logged("notice: /Stage[main]/Main/File[" + path +
                         "]/mode: mode changed '0600' to '0644'"))
      << run.all_log();
}

TEST(FileType, CreatesADirectoryAddingSearchBitsToItsMode) {
  TempDir dir;
  std::string path = dir / "d";
  auto run = run_apply(one_file(path, {{"ensure", "directory"}, {"mode", "0644"}}));
  EXPECT_TRUE(std::filesystem::is_directory(path));
  EXPECT_EQ(mode_of(path), 0755u);
  EXPECT_TRUE(run.logged("notice: /Stage[main]/Main/File[" + path + "]/ensure: created"));
  EXPECT_EQ(run_apply(one_file(path, {{"ensure", "directory"}, {"mode", "0644"}})).report.changes,
            0u);
}

TEST(FileType, RemovesAFileWhenAbsent) {
  TempDir dir;
  std::string path = dir / "gone";
  write_text(path, "x");
  auto run = run_apply(one_file(path, {{"ensure", "absent"}}));
  EXPECT_FALSE(std::filesystem::exists(path));
  EXPECT_TRUE(run.logged("notice: /Stage[main]/Main/File[" + path + "]/ensure: removed"));
  EXPECT_EQ(run_apply(one_file(path, {{"ensure", "absent"}})).report.changes, 0u);
}

TEST(FileType, RemovesADirectoryOnlyWithForce) {
  TempDir dir;
  std::string path = dir / "d";
  std::filesystem::create_directories(path + "/inner");
  auto kept = run_apply(one_file(path, {{"ensure", "absent"}}));
  EXPECT_TRUE(std::filesystem::exists(path));
  EXPECT_TRUE(kept.logged("notice: /Stage[main]/Main/File[" + path +
                          "]: Not removing directory; use 'force' to override"));
  run_apply(one_file(path, {{"ensure", "absent"}, {"force", true}}));
  EXPECT_FALSE(std::filesystem::exists(path));
}

TEST(FileType, NoopLeavesTheDiskUnchanged) {
  TempDir dir;
  std::string created = dir / "new";
  std::string changed = dir / "old";
  write_text(changed, "v1\n");
  CatalogBuilder b;
  b.add("File", created, {{"ensure", "file"}, {"content", "x"}});
  b.add("File", changed, {{"content", "v2\n"}, {"mode", "0600"}});
  ::chmod(changed.c_str(), 0644);
  auto run = run_apply(b.build(), /*noop=*/true);
  EXPECT_FALSE(std::filesystem::exists(created));
  EXPECT_EQ(read_text(changed), "v1\n");
  EXPECT_EQ(mode_of(changed), 0644u);
  EXPECT_TRUE(run.logged("notice: /Stage[main]/Main/File[" + created +
                         "]/ensure: current_value 'absent', should be 'file' (noop)"))
      << run.all_log();
  EXPECT_TRUE(run.logged("notice: /Stage[main]/Main/File[" + changed +
                         "]/content: current_value '" + kV1Sha + "', should be '" + kV2Sha +
                         "' (noop)"))
      << run.all_log();
  EXPECT_EQ(run.report.metrics.out_of_sync, 2u);
  EXPECT_EQ(run.report.metrics.changed, 0u);
  EXPECT_EQ(run.report.events.noop, 3u);
  EXPECT_EQ(run.report.status, "unchanged");
  EXPECT_EQ(run.report.detailed_exit_code(), 0);
}

TEST(FileType, NoopMetaparameterAppliesToOneResource) {
  TempDir dir;
  CatalogBuilder b;
  b.add("File", dir / "skipped", {{"content", "x"}, {"noop", true}});
  b.add("File", dir / "written", {{"content", "y"}});
  auto run = run_apply(b.build());
  EXPECT_FALSE(std::filesystem::exists(dir / "skipped"));
  EXPECT_EQ(read_text(dir / "written"), "y");
  EXPECT_EQ(run.report.metrics.out_of_sync, 2u);
  EXPECT_EQ(run.report.metrics.changed, 1u);
}

TEST(FileType, FileWhereADirectoryStandsFails) {
  TempDir dir;
  std::string path = dir / "isdir";
  std::filesystem::create_directory(path);
  auto run = run_apply(one_file(path, {{"ensure", "file"}, {"content", "x"}}));
  EXPECT_TRUE(std::filesystem::is_directory(path));
  EXPECT_EQ(run.report.metrics.failed, 1u);
  EXPECT_TRUE(run.logged("err: /Stage[main]/Main/File[" + path +
                         "]/ensure: change from 'directory' to 'file' failed: Could not set 'file' "
                         "on ensure: Is a directory - Is a directory: " +
                         path))
      << run.all_log();
  EXPECT_EQ(run.report.detailed_exit_code(), 4);
}

TEST(FileType, OwnerAndGroupByNameOrNumber) {
  if (::geteuid() != 0) GTEST_SKIP() << "changing owners needs root";
  TempDir dir;
  std::string path = dir / "owned";
  write_text(path, "x");
  auto run = run_apply(one_file(path, {{"owner", "daemon"}, {"group", "1"}}));
  struct stat st {};
  ASSERT_EQ(::stat(path.c_str(), &st), 0);
  EXPECT_EQ(st.st_uid, 1u);  // daemon on Debian
  EXPECT_EQ(st.st_gid, 1u);
  EXPECT_TRUE(run.logged("notice: /Stage[main]/Main/File[" + path +
                         "]/owner: owner changed 'root' to 'daemon'"))
      << run.all_log();
  EXPECT_TRUE(run.logged("notice: /Stage[main]/Main/File[" + path +
                         "]/group: group changed 'root' to 'daemon'"))
      << run.all_log();
}

TEST(FileType, UnknownOwnerFailsWithoutCreatingTheFile) {
  TempDir dir;
  std::string path = dir / "f";
  auto run = run_apply(one_file(path, {{"ensure", "file"}, {"owner", "no-such-user-xyz"}}));
  EXPECT_FALSE(std::filesystem::exists(path));
  EXPECT_EQ(run.report.metrics.failed, 1u);
  EXPECT_NE(run.all_log().find("Could not find user no-such-user-xyz"), std::string::npos);
}

TEST(FileType, RelativePathFailsTheWholeRun) {
  auto run = run_apply(one_file("relative", {{"ensure", "file"}}));
  EXPECT_FALSE(run.report.transaction_completed);
  EXPECT_EQ(run.report.status, "failed");
  EXPECT_EQ(run.report.detailed_exit_code(), 1);
  EXPECT_TRUE(
      run.logged("err: Parameter path failed on File[relative]: File paths must be fully "
                 "qualified, not 'relative'"))
      << run.all_log();
}

}  // namespace
}  // namespace marionette::transaction
