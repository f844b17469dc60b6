#include <gtest/gtest.h>
#include <sys/stat.h>
#include <utime.h>

#include <filesystem>

#include "test_catalog.hpp"

// checksum, replace and backup; expected lines are what real Puppet 7.23 printed for the same
// files (its digest_algorithm is sha256; backup defaults to false).
namespace marionette::transaction {
namespace {

using testing::CatalogBuilder;
using testing::one_file;
using testing::read_text;
using testing::run_apply;
using testing::run_apply_with;
using testing::status_of;
using testing::TempDir;
using testing::write_text;
namespace fs = std::filesystem;

const std::string kOldSha = "01d09d19c2139a46aebfb577780d123d7396e97201bc7ead210a2ebff8239dee";
const std::string kNewSha = "7aa7a5359173d05b63cfd682e3c38487f3cb4f7f1d60659fe59fab1505977d4c";

TEST(FileChecksum, Md5ChecksumsAppearInMessages) {
  TempDir dir;
  write_text(dir / "b", "old\n");
  CatalogBuilder b;
  b.add("File", dir / "b", {{"content", "new\n"}, {"checksum", "md5"}});
  b.add("File", dir / "f", {{"content", "new\n"}, {"checksum", "md5"}});
  auto run = run_apply(b.build());
  EXPECT_TRUE(run.logged(
      testing::file_notice(dir / "b",
                           "/content: content changed '{md5}814fa5ca98406a903e22b43d9b610105' "
                           "to '{md5}9cd599a3523898e6a12e13ec787da50a'")))
      << run.all_log();
  EXPECT_TRUE(run.logged(testing::file_notice(
      dir / "f", "/ensure: defined content as '{md5}9cd599a3523898e6a12e13ec787da50a'")))
      << run.all_log();
  const ResourceStatus* changed = status_of(run.report, "File[" + (dir / "b") + "]");
  ASSERT_NE(changed, nullptr);
  EXPECT_EQ(changed->events.at(0).previous_value, "{md5}814fa5ca98406a903e22b43d9b610105");
  EXPECT_EQ(changed->events.at(0).desired_value, "{md5}9cd599a3523898e6a12e13ec787da50a");
}

TEST(FileChecksum, MtimeCopiesOnlyWhenTheSourceIsNewer) {
  TempDir dir;
  write_text(dir / "src", "a\n");
  write_text(dir / "copy", "old\n");
  catalog::Catalog catalog =
      one_file(dir / "copy", {{"source", dir / "src"}, {"checksum", "mtime"}});
  auto fresh = run_apply(catalog);
  EXPECT_TRUE(fresh.log.empty()) << fresh.all_log();  // the copy is not older than its source
  EXPECT_EQ(read_text(dir / "copy"), "old\n");

  struct utimbuf noon_2020 {
    1577880000, 1577880000
  };  // 2020-01-01 12:00:00 UTC
  ASSERT_EQ(::utime((dir / "copy").c_str(), &noon_2020), 0);
  auto run = run_apply(catalog);
  EXPECT_EQ(read_text(dir / "copy"), "a\n");
  ASSERT_EQ(run.log.size(), 1u) << run.all_log();
  EXPECT_EQ(
      run.log[0].rfind(
          testing::file_notice(dir / "copy", "/content: content changed '{mtime}2020-01-01 "), 0),
      0u)
      << run.log[0];
}

TEST(FileChecksum, TimeChecksumsRefuseContent) {
  TempDir dir;
  auto run = run_apply(one_file(dir / "x", {{"content", "x"}, {"checksum", "mtime"}}));
  EXPECT_FALSE(run.report.transaction_completed);
  EXPECT_TRUE(run.logged("err: Validation of File[" + (dir / "x") +
                         "] failed: You cannot specify content when using checksum 'mtime'"))
      << run.all_log();
  auto none = run_apply(one_file(dir / "y", {{"source", dir / "x"}, {"checksum", "none"}}));
  EXPECT_TRUE(none.logged("err: Validation of File[" + (dir / "y") +
                          "] failed: You cannot specify source when using checksum 'none'"))
      << none.all_log();
}

TEST(FileReplace, FalseLeavesAnExistingFileAlone) {
  TempDir dir;
  write_text(dir / "d", "old\n");
  auto run = run_apply(one_file(dir / "d", {{"content", "new\n"}, {"replace", false}}));
  EXPECT_EQ(read_text(dir / "d"), "old\n");
  EXPECT_TRUE(run.log.empty()) << run.all_log();
  run_apply(one_file(dir / "e", {{"content", "new\n"}, {"replace", false}}));
  EXPECT_EQ(read_text(dir / "e"), "new\n");  // a missing file is still created
}

TEST(FileBackup, ASuffixKeepsTheOldContentBeside) {
  TempDir dir;
  write_text(dir / "h", "old\n");
  run_apply(one_file(dir / "h", {{"content", "new\n"}, {"backup", ".bak"}}));
  EXPECT_EQ(read_text(dir / "h"), "new\n");
  EXPECT_EQ(read_text(dir / "h.bak"), "old\n");
}

TEST(FileBackup, TheFilebucketKeepsContentsAndPathsBySha256) {
  TempDir dir;
  write_text(dir / "g", "old\n");
  write_text(dir / "gone", "old\n");
  CatalogBuilder b;
  b.add("File", dir / "g", {{"content", "new\n"}, {"backup", "puppet"}});
  b.add("File", dir / "gone", {{"ensure", "absent"}, {"backup", "puppet"}});
  ApplyOptions options;
  options.clientbucket_dir = dir.path() / "clientbucket";
  auto run = run_apply_with(b.build(), options);
  const std::string entry = (dir / "clientbucket/0/1/d/0/9/d/1/9/") + kOldSha;
  EXPECT_EQ(read_text(entry + "/contents"), "old\n");
  EXPECT_EQ(read_text(entry + "/paths"), (dir / "g") + "\n" + (dir / "gone") + "\n");
  EXPECT_EQ(fs::status(entry + "/contents").permissions() & fs::perms::all, fs::perms(0440));
  EXPECT_TRUE(run.logged("info: /Stage[main]/Main/File[" + (dir / "g") + "]: Filebucketed " +
                         (dir / "g") + " to puppet with sum " + kOldSha))
      << run.all_log();
  EXPECT_TRUE(
      run.logged(testing::file_notice(dir / "g", "/content: content changed '{sha256}" + kOldSha +
                                                     "' to '{sha256}" + kNewSha + "'")));
  EXPECT_FALSE(fs::exists(dir / "gone"));
}

TEST(FileBackup, NoBackupByDefault) {
  TempDir dir;
  write_text(dir / "a", "old\n");
  ApplyOptions options;
  options.clientbucket_dir = dir.path() / "clientbucket";
  run_apply_with(one_file(dir / "a", {{"content", "new\n"}}), options);
  EXPECT_FALSE(fs::exists(dir / "clientbucket"));
}

TEST(FileEvents, CreatedAndRemovedNameTheirValues) {
  TempDir dir;
  fs::create_directories(dir / "keepdir");
  CatalogBuilder b;
  b.add("File", dir / "newdir", {{"ensure", "directory"}});
  b.add("File", dir / "keepdir", {{"ensure", "absent"}});
  auto run = run_apply(b.build());
  const ResourceStatus* made = status_of(run.report, "File[" + (dir / "newdir") + "]");
  ASSERT_NE(made, nullptr);
  EXPECT_EQ(made->events.at(0).previous_value, "absent");
  EXPECT_EQ(made->events.at(0).desired_value, "directory");
  // Puppet keeps a directory without force, yet reports it removed.
  const ResourceStatus* kept = status_of(run.report, "File[" + (dir / "keepdir") + "]");
  ASSERT_NE(kept, nullptr);
  EXPECT_TRUE(fs::is_directory(dir / "keepdir"));
  EXPECT_EQ(kept->events.at(0).message, "removed");
  EXPECT_EQ(kept->events.at(0).previous_value, "directory");
  EXPECT_EQ(kept->events.at(0).desired_value, "absent");
}

}  // namespace
}  // namespace marionette::transaction
