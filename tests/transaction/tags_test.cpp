#include <gtest/gtest.h>

#include <filesystem>

#include "test_catalog.hpp"

namespace marionette::transaction {
namespace {

using testing::CatalogBuilder;
using testing::status_of;
using testing::TempDir;

TEST(Tags, OnlyTaggedResourcesAreAppliedTheOthersSkipped) {
  TempDir dir;
  CatalogBuilder b;
  b.add("File", dir / "web", {{"ensure", "file"}});
  b.add("File", dir / "db", {{"ensure", "file"}});
  catalog::Catalog catalog = b.build();
  for (auto& resource : catalog.resources) {
    if (resource.title == dir / "web") resource.tags = {"file", "class", "Web"};
    if (resource.title == dir / "db") resource.tags = {"file", "class", "db"};
  }
  ApplyOptions options;
  options.tags = {"web"};
  Report report = apply(catalog, options);
  EXPECT_TRUE(std::filesystem::exists(dir / "web"));
  EXPECT_FALSE(std::filesystem::exists(dir / "db"));
  const ResourceStatus* db = status_of(report, "File[" + (dir / "db") + "]");
  ASSERT_NE(db, nullptr);
  EXPECT_TRUE(db->skipped);
  EXPECT_EQ(report.metrics.skipped, 1u);
  EXPECT_EQ(report.metrics.changed, 1u);
}

TEST(Tags, NoTagsAppliesEverything) {
  TempDir dir;
  CatalogBuilder b;
  b.add("File", dir / "a", {{"ensure", "file"}});
  Report report = apply(b.build(), ApplyOptions{});
  EXPECT_TRUE(std::filesystem::exists(dir / "a"));
  EXPECT_EQ(report.metrics.skipped, 0u);
}

}  // namespace
}  // namespace marionette::transaction
