#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>

#include "compiler/hiera/hiera.hpp"

namespace marionette::compiler {
namespace {

namespace fs = std::filesystem;

void write(const fs::path& path, const std::string& text, std::chrono::minutes age) {
  fs::create_directories(path.parent_path());
  std::ofstream(path) << text;
  // Older than the cache's racy window: a parse of it is kept.
  fs::last_write_time(path, fs::file_time_type::clock::now() - age);
}

/// Hiera's data files and hierarchy paths are kept between lookups and compiles: a file is
/// parsed again only when it changed, a level's paths follow the values of its variables.
class HieraCache : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() / ("hiera-cache-" + std::to_string(::getpid()));
    write(root_ / "env/hiera.yaml",
          "---\nversion: 5\nhierarchy:\n"
          "  - name: Nodes\n    paths:\n      - \"nodes/%{ node }.yaml\"\n"
          "      - \"roles/%{::role}/%{facts.os.family}.yaml\"\n"
          "  - name: Common\n    path: common.yaml\n",
          std::chrono::minutes(60));
    write(root_ / "env/data/common.yaml", "---\ngreeting: one\nwho: common\n",
          std::chrono::minutes(60));
    write(root_ / "env/data/nodes/a.yaml", "---\nwho: node a\n", std::chrono::minutes(60));
    write(root_ / "env/data/nodes/b.yaml", "---\nwho: node b\n", std::chrono::minutes(60));
    write(root_ / "env/data/roles/web/Debian.yaml", "---\nwho: web on Debian\n",
          std::chrono::minutes(60));
  }
  void TearDown() override { fs::remove_all(root_); }

  hiera::Hiera make() {
    return hiera::Hiera(root_ / "env", {}, [this](const std::string& name) -> Value {
      if (name == "node") return node_;
      if (name == "::role") return role_;
      if (name == "facts")
        return Value(Hash{{Value("os"), Value(Hash{{Value("family"), Value("Debian")}})}});
      return Value();
    });
  }

  fs::path root_;
  Value node_ = Value("a");
  Value role_;
};

TEST_F(HieraCache, AnUnchangedDataFileIsParsedOnceAcrossCompiles) {
  EXPECT_EQ(to_string(*make().lookup("greeting", std::nullopt)), "one");
  const std::size_t parsed = hiera::data_file_parses();
  // A second compile (a new Hiera) reads the same files: none is parsed again.
  EXPECT_EQ(to_string(*make().lookup("greeting", std::nullopt)), "one");
  EXPECT_EQ(hiera::data_file_parses(), parsed);
}

TEST_F(HieraCache, AChangedDataFileIsSeen) {
  EXPECT_EQ(to_string(*make().lookup("greeting", std::nullopt)), "one");
  // The same size, another mtime: the new content is read.
  write(root_ / "env/data/common.yaml", "---\ngreeting: two\nwho: common\n",
        std::chrono::minutes(30));
  const std::size_t parsed = hiera::data_file_parses();
  EXPECT_EQ(to_string(*make().lookup("greeting", std::nullopt)), "two");
  EXPECT_GT(hiera::data_file_parses(), parsed);
  // A file written just now (within the mtime tick) is read again until it is older.
  write(root_ / "env/data/common.yaml", "---\ngreeting: six\nwho: common\n",
        std::chrono::minutes(0));
  EXPECT_EQ(to_string(*make().lookup("greeting", std::nullopt)), "six");
  write(root_ / "env/data/common.yaml", "---\ngreeting: ten\nwho: common\n",
        std::chrono::minutes(0));
  EXPECT_EQ(to_string(*make().lookup("greeting", std::nullopt)), "ten");
}

TEST_F(HieraCache, AChangedHieraYamlIsSeen) {
  EXPECT_EQ(to_string(*make().lookup("who", std::nullopt)), "node a");
  write(root_ / "env/hiera.yaml",
        "---\nversion: 5\nhierarchy:\n  - name: Common\n    path: common.yaml\n",
        std::chrono::minutes(30));
  EXPECT_EQ(to_string(*make().lookup("who", std::nullopt)), "common");
}

TEST_F(HieraCache, PathsFollowTheirVariablesWithinACompile) {
  hiera::Hiera hiera = make();
  EXPECT_EQ(to_string(*hiera.lookup("who", std::nullopt)), "node a");
  node_ = Value("b");  // another scope's $node, or a variable set since
  EXPECT_EQ(to_string(*hiera.lookup("who", std::nullopt)), "node b");
  node_ = Value();  // unset: "nodes/.yaml", no such file
  EXPECT_EQ(to_string(*hiera.lookup("who", std::nullopt)), "common");
  role_ = Value("web");  // `::role` and a dotted fact in one path
  EXPECT_EQ(to_string(*hiera.lookup("who", std::nullopt)), "web on Debian");
  node_ = Value("a");
  EXPECT_EQ(to_string(*hiera.lookup("who", std::nullopt)), "node a");
  // A unique merge sees every level's file for the current values.
  EXPECT_EQ(to_string(*hiera.lookup("who", hiera::MergeStrategy::Unique)),
            "[node a, web on Debian, common]");
}

}  // namespace
}  // namespace marionette::compiler
