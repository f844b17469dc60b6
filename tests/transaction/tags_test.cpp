#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

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

/// Puppet 7.23 with notify a (t1), b (t1, t2), c (t2), d and class k's e: `--skip_tags t1`
/// applied c, d, e; `--skip_tags T2,k` applied a, d; `--skip_tags t1 --tags t2,k` applied c
/// and e (a skip tag wins over --tags).
class SkipTags : public ::testing::Test {
 protected:
  std::vector<std::string> applied(std::vector<std::string> skip, std::vector<std::string> tags) {
    CatalogBuilder b;
    for (const char* name : {"a", "b", "c", "d", "e"}) b.add("File", dir_ / name, {{"ensure", "file"}});
    catalog::Catalog catalog = b.build();
    for (auto& resource : catalog.resources) {
      std::string name = std::filesystem::path(resource.title).filename();
      if (name == "a") resource.tags = {"file", "class", "t1"};
      if (name == "b") resource.tags = {"file", "class", "t1", "t2"};
      if (name == "c") resource.tags = {"file", "class", "t2"};
      if (name == "d") resource.tags = {"file", "class"};
      if (name == "e") resource.tags = {"file", "class", "k"};
    }
    ApplyOptions options;
    options.skip_tags = std::move(skip);
    options.tags = std::move(tags);
    options.log = [this](const std::string& level, const std::string& message) {
      if (level == "debug") debug_.push_back(message);
    };
    Report report = apply(catalog, options);
    std::vector<std::string> made;
    for (const char* name : {"a", "b", "c", "d", "e"}) {
      if (std::filesystem::exists(dir_ / name)) made.push_back(name);
      const ResourceStatus* status = status_of(report, "File[" + (dir_ / name) + "]");
      EXPECT_NE(status, nullptr);
      if (status) {
        EXPECT_EQ(status->skipped, !std::filesystem::exists(dir_ / name)) << name;
      }
    }
    return made;
  }
  TempDir dir_;
  std::vector<std::string> debug_;
};

TEST_F(SkipTags, ResourcesWithASkipTagAreSkipped) {
  EXPECT_EQ(applied({"t1"}, {}), (std::vector<std::string>{"c", "d", "e"}));
  // Puppet's debug lines for a skipped resource.
  std::string a = "/Stage[main]/Main/File[" + (dir_ / "a") + "]";
  EXPECT_NE(std::find(debug_.begin(), debug_.end(), a + ": Skipping with skip tags t1"),
            debug_.end());
  EXPECT_NE(std::find(debug_.begin(), debug_.end(),
                      a + ": Resource is being skipped, unscheduling all events"),
            debug_.end());
}

TEST_F(SkipTags, SeveralSkipTags) {
  EXPECT_EQ(applied({"t2", "k"}, {}), (std::vector<std::string>{"a", "d"}));
}

TEST_F(SkipTags, ASkipTagWinsOverTags) {
  EXPECT_EQ(applied({"t1"}, {"t2", "k"}), (std::vector<std::string>{"c", "e"}));
  std::string d = "/Stage[main]/Main/File[" + (dir_ / "d") + "]";
  EXPECT_NE(std::find(debug_.begin(), debug_.end(), d + ": Not tagged with t2, k"), debug_.end());
}

}  // namespace
}  // namespace marionette::transaction
