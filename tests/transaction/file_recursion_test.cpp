#include <gtest/gtest.h>

#include <filesystem>

#include "test_catalog.hpp"

// Recursion, purge, links and module sources; every expected line is what real Puppet 7.23
// printed for the same tree (puppet apply in a temp dir).
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

const std::string kASha =
    "{sha256}87428fc522803d31065e7bce3cf03fe475096631e5e07bbd7a0fde60c4cf25c7";
const std::string kBSha =
    "{sha256}0263829989b6fd954f72baaf2fc64bc2e2f01d692d4de72986ea808f6e99813f";

/// src/f1 ("a\n"), src/lnk -> f1, src/sub/f2 ("b\n"), src/sub/deep/f3.
std::string make_source_tree(const TempDir& dir) {
  const std::string src = dir / "src";
  fs::create_directories(src + "/sub/deep");
  write_text(src + "/f1", "a\n");
  write_text(src + "/sub/f2", "b\n");
  write_text(src + "/sub/deep/f3", "c\n");
  fs::create_symlink("f1", src + "/lnk");
  return src;
}

TEST(FileRecursion, CopiesASourceTreeAndManagesLinksAsLinks) {
  TempDir dir;
  const std::string src = make_source_tree(dir);
  const std::string dst = dir / "dst";
  auto run =
      run_apply(one_file(dst, {{"ensure", "directory"}, {"recurse", true}, {"source", src}}));
  EXPECT_EQ(read_text(dst + "/sub/deep/f3"), "c\n");
  EXPECT_TRUE(fs::is_symlink(dst + "/lnk"));
  EXPECT_EQ(fs::read_symlink(dst + "/lnk"), "f1");
  // Puppet's order: the parent, then its entries sorted by path.
  std::vector<std::string> expected = {
      testing::file_notice(dst, "/ensure: created"),
      testing::file_notice(dst + "/f1", "/ensure: defined content as '" + kASha + "'"),
      testing::file_notice(dst + "/lnk", "/ensure: created"),
      testing::file_notice(dst + "/sub", "/ensure: created"),
      testing::file_notice(dst + "/sub/deep", "/ensure: created"),
      testing::file_notice(
          dst + "/sub/deep/f3",
          "/ensure: defined content as "
          "'{sha256}a3a5e715f0cc574a73c3f9bebb6bc24f32ffd5b67b387244c2c909da779a1478'"),
      testing::file_notice(dst + "/sub/f2", "/ensure: defined content as '" + kBSha + "'")};
  EXPECT_EQ(run.log, expected);
  EXPECT_EQ(run.report.metrics.total, 7u);
  EXPECT_EQ(run.report.metrics.changed, 7u);
  const ResourceStatus* child = status_of(run.report, "File[" + dst + "/f1]");
  ASSERT_NE(child, nullptr);
  ASSERT_EQ(child->events.size(), 1u);
  EXPECT_EQ(child->events[0].previous_value, "absent");
  EXPECT_EQ(child->events[0].desired_value, "file");

  auto again =
      run_apply(one_file(dst, {{"ensure", "directory"}, {"recurse", true}, {"source", src}}));
  EXPECT_TRUE(again.log.empty()) << again.all_log();
  EXPECT_EQ(again.report.status, "unchanged");
}

TEST(FileRecursion, RecurselimitStopsAtItsDepth) {
  TempDir dir;
  const std::string src = make_source_tree(dir);
  const std::string dst = dir / "dst";
  run_apply(one_file(
      dst, {{"ensure", "directory"}, {"recurse", true}, {"recurselimit", 1}, {"source", src}}));
  EXPECT_TRUE(fs::is_directory(dst + "/sub"));
  EXPECT_FALSE(fs::exists(dst + "/sub/f2"));
}

TEST(FileRecursion, LinksFollowCopiesWhatALinkPointsTo) {
  TempDir dir;
  const std::string src = make_source_tree(dir);
  const std::string dst = dir / "dst";
  auto run = run_apply(one_file(
      dst, {{"ensure", "directory"}, {"recurse", true}, {"links", "follow"}, {"source", src}}));
  EXPECT_FALSE(fs::is_symlink(dst + "/lnk"));
  EXPECT_EQ(read_text(dst + "/lnk"), "a\n");
  EXPECT_TRUE(run.logged(
      testing::file_notice(dst + "/lnk", "/ensure: defined content as '" + kASha + "'")));
}

TEST(FileRecursion, PurgeRemovesWhatIsNotManagedButKeepsIgnoredAndDeclared) {
  TempDir dir;
  const std::string top = dir / "purge";
  fs::create_directories(top + "/keep");
  fs::create_directories(top + "/extra_dir");
  fs::create_directories(top + "/ignored.tmp");
  write_text(top + "/keep/x", "keep");
  write_text(top + "/junk", "junk");
  write_text(top + "/junk.tmp", "junk");
  write_text(top + "/extra_dir/y", "y");
  CatalogBuilder b;
  b.add("File", top,
        {{"ensure", "directory"}, {"recurse", true}, {"purge", true}, {"ignore", "*.tmp"}});
  b.add("File", top + "/keep", {{"ensure", "directory"}});
  auto run = run_apply(b.build());
  // Without force Puppet leaves the directory yet reports it removed, then removes its entries.
  std::vector<std::string> expected = {
      testing::file_notice(top + "/extra_dir", ": Not removing directory; use 'force' to override"),
      testing::file_notice(top + "/extra_dir", "/ensure: removed"),
      testing::file_notice(top + "/extra_dir/y", "/ensure: removed"),
      testing::file_notice(top + "/junk", "/ensure: removed")};
  EXPECT_EQ(run.log, expected);
  EXPECT_TRUE(fs::exists(top + "/keep/x"));
  EXPECT_TRUE(fs::exists(top + "/junk.tmp"));
  EXPECT_TRUE(fs::exists(top + "/ignored.tmp"));
  EXPECT_TRUE(fs::is_directory(top + "/extra_dir"));
  EXPECT_FALSE(fs::exists(top + "/junk"));
  const ResourceStatus* removed = status_of(run.report, "File[" + top + "/junk]");
  ASSERT_NE(removed, nullptr);
  EXPECT_EQ(removed->events.at(0).previous_value, "file");
  EXPECT_EQ(removed->events.at(0).desired_value, "absent");
}

TEST(FileRecursion, PurgeWithForceRemovesDirectoriesWhole) {
  TempDir dir;
  const std::string top = dir / "purge2";
  fs::create_directories(top + "/d/e");
  write_text(top + "/d/e/j", "j");
  write_text(top + "/k", "k");
  auto run = run_apply(one_file(
      top, {{"ensure", "directory"}, {"recurse", true}, {"purge", true}, {"force", true}}));
  std::vector<std::string> expected = {testing::file_notice(top + "/d", "/ensure: removed"),
                                       testing::file_notice(top + "/k", "/ensure: removed")};
  EXPECT_EQ(run.log, expected);
  EXPECT_TRUE(fs::is_empty(top));
}

TEST(FileRecursion, RemoteRecursionLeavesLocalExtrasAlone) {
  TempDir dir;
  const std::string src = make_source_tree(dir);
  const std::string dst = dir / "dst";
  fs::create_directories(dst);
  write_text(dst + "/local_only", "mine");
  auto run = run_apply(one_file(
      dst, {{"ensure", "directory"}, {"recurse", "remote"}, {"purge", false}, {"source", src}}));
  EXPECT_EQ(read_text(dst + "/local_only"), "mine");
  EXPECT_EQ(read_text(dst + "/sub/f2"), "b\n");
  EXPECT_EQ(status_of(run.report, "File[" + dst + "/local_only]"), nullptr);
}

TEST(FileRecursion, ModeReachesEveryLocalEntry) {
  TempDir dir;
  const std::string top = dir / "tree";
  fs::create_directories(top + "/inner");
  write_text(top + "/inner/file", "x");
  fs::permissions(top + "/inner/file", fs::perms(0600));
  auto run =
      run_apply(one_file(top, {{"ensure", "directory"}, {"recurse", true}, {"mode", "0644"}}));
  EXPECT_EQ(fs::status(top + "/inner/file").permissions() & fs::perms::all, fs::perms(0644));
  EXPECT_TRUE(
      run.logged(testing::file_notice(top + "/inner/file", "/mode: mode changed '0600' to '0644'")))
      << run.all_log();
}

TEST(FileRecursion, AChildsChangeRefreshesWhatSubscribesToTheDirectory) {
  TempDir dir;
  const std::string src = make_source_tree(dir);
  const std::string dst = dir / "dst";
  fs::create_directories(dst);
  const std::string marker = dir / "refreshed";
  CatalogBuilder b;
  b.add("File", dst, {{"ensure", "directory"}, {"recurse", true}, {"source", src}});
  b.add("Exec", "refresh",
        {{"command", "/usr/bin/touch " + marker},
         {"refreshonly", true},
         {"subscribe", "File[" + dst + "]"}});
  auto run = run_apply(b.build());
  EXPECT_TRUE(fs::exists(marker)) << run.all_log();
  // Puppet 7.23 says 1: the entries' events go to eval_generate's "completed" sentinel, which
  // passes a single event of its own to the directory's subscribers.
  EXPECT_TRUE(
      run.logged("notice: /Stage[main]/Main/Exec[refresh]: Triggered 'refresh' from 1 event"))
      << run.all_log();
}

TEST(FileRecursion, InNoopTheSentinelSaysItWouldRefreshUnderTheDirectorysTitle) {
  TempDir dir;
  const std::string src = make_source_tree(dir);
  const std::string dst = dir / "dst";
  fs::create_directories(dst);
  auto run = run_apply(one_file(dst, {{"ensure", "directory"}, {"recurse", true}, {"source", src}}),
                       /*noop=*/true);
  EXPECT_FALSE(fs::exists(dst + "/f1"));
  // As Puppet 7.23 prints it: the sentinel hears every entry's event and passes one on.
  EXPECT_TRUE(run.logged("notice: " + dst + ": Would have triggered 'refresh' from 6 events"))
      << run.all_log();
  EXPECT_TRUE(run.logged("notice: Class[Main]: Would have triggered 'refresh' from 1 event"))
      << run.all_log();
}

TEST(FileSource, ServesPuppetModulesUrisFromTheModuleDirs) {
  TempDir dir;
  const std::string modules = dir / "modules";
  fs::create_directories(modules + "/mymod/files/dir");
  write_text(modules + "/mymod/files/hello.txt", "modfile\n");
  write_text(modules + "/mymod/files/dir/m2", "m2\n");
  CatalogBuilder b;
  b.add("File", dir / "mod", {{"source", "puppet:///modules/mymod/hello.txt"}});
  b.add("File", dir / "moddir", {{"recurse", true}, {"source", "puppet:///modules/mymod/dir"}});
  ApplyOptions options;
  options.module_dirs = {modules};
  auto run = run_apply_with(b.build(), options);
  EXPECT_EQ(read_text(dir / "mod"), "modfile\n");
  EXPECT_EQ(read_text(dir / "moddir/m2"), "m2\n");
  EXPECT_TRUE(run.logged(
      testing::file_notice(dir / "mod",
                           "/ensure: defined content as "
                           "'{sha256}e889b635e2b121b14a4188e113563a5cd4652e167253f1ac49bbcf9ff"
                           "c391003'")))
      << run.all_log();
  EXPECT_TRUE(run.logged(
      testing::file_notice(dir / "moddir/m2",
                           "/ensure: defined content as "
                           "'{sha256}808d06b879e48e9448adccba1e4dbde8e4614988ddb263ed52b0aa786"
                           "c42a2ea'")))
      << run.all_log();
}

TEST(FileSource, AMissingModuleFileFailsWithPuppetsMessage) {
  TempDir dir;
  auto run = run_apply(one_file(dir / "x", {{"source", "puppet:///modules/nomod/x"}}));
  EXPECT_TRUE(run.logged("err: /Stage[main]/Main/File[" + (dir / "x") +
                         "]: Could not evaluate: Could not retrieve information from environment "
                         "production source(s) puppet:///modules/nomod/x"))
      << run.all_log();
  EXPECT_EQ(run.report.metrics.failed, 1u);
}

}  // namespace
}  // namespace marionette::transaction
