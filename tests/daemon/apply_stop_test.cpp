// The stop flag the agent sets on SIGTERM: the resource being synced finishes, the rest are
// skipped as Puppet's canceled_resource_handler skips them.

#include <gtest/gtest.h>

#include <filesystem>

#include "test_catalog.hpp"
#include "transaction/apply.hpp"

namespace marionette::transaction {
namespace {

using testing::CatalogBuilder;
using testing::status_of;
using testing::TempDir;

TEST(ApplyStop, ResourcesAfterTheStopAreSkippedNotApplied) {
  TempDir dir;
  CatalogBuilder b;
  b.add("File", dir / "first", {{"ensure", "file"}});
  b.add("File", dir / "second", {{"ensure", "file"}, {"require", "File[" + (dir / "first") + "]"}});
  b.add("File", dir / "third", {{"ensure", "file"}, {"require", "File[" + (dir / "second") + "]"}});
  int asked = 0;
  std::vector<std::string> debug;
  ApplyOptions options;
  options.stop_requested = [&] {
    // The stop arrives while the first file is being synced.
    return ++asked > 1 && std::filesystem::exists(dir / "first");
  };
  options.log = [&](const std::string& level, const std::string& message) {
    if (level == "debug" && message.find("Transaction canceled") != std::string::npos)
      debug.push_back(message);
  };
  Report report = apply(b.build(), options);
  EXPECT_TRUE(std::filesystem::exists(dir / "first"));
  EXPECT_FALSE(std::filesystem::exists(dir / "second"));
  EXPECT_FALSE(std::filesystem::exists(dir / "third"));
  EXPECT_TRUE(status_of(report, "File[" + (dir / "first") + "]")->changed);
  EXPECT_TRUE(status_of(report, "File[" + (dir / "second") + "]")->skipped);
  EXPECT_TRUE(status_of(report, "File[" + (dir / "third") + "]")->skipped);
  EXPECT_EQ(report.metrics.skipped, 2u);
  EXPECT_EQ(report.metrics.changed, 1u);
  EXPECT_EQ(report.status, "changed");
  ASSERT_EQ(debug.size(), 2u);
  EXPECT_EQ(debug[0],
            "/Stage[main]/Main/File[" + (dir / "second") + "]: Transaction canceled, skipping");
}

TEST(ApplyStop, WithoutAStopEverythingIsApplied) {
  TempDir dir;
  CatalogBuilder b;
  b.add("File", dir / "a", {{"ensure", "file"}});
  b.add("File", dir / "b", {{"ensure", "file"}});
  ApplyOptions options;
  options.stop_requested = [] { return false; };
  Report report = apply(b.build(), options);
  EXPECT_EQ(report.metrics.changed, 2u);
  EXPECT_EQ(report.metrics.skipped, 0u);
}

}  // namespace
}  // namespace marionette::transaction
