#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "compiler/hiera/hiera.hpp"

namespace marionette::compiler {
namespace {

namespace fs = std::filesystem;

void write(const fs::path& path, const std::string& text) {
  fs::create_directories(path.parent_path());
  std::ofstream(path) << text;
}

class HieraGlobalLayer : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() / ("hiera-global-" + std::to_string(::getpid()));
    write(root_ / "global/hiera.yaml",
          "---\nversion: 5\nhierarchy:\n  - name: Global common\n    path: global.yaml\n"
          "    datadir: data\n    data_hash: yaml_data\n");
    write(root_ / "global/data/global.yaml", "---\ngreeting: from global\nopts:\n  g: 1\n");
    write(root_ / "env/hiera.yaml",
          "---\nversion: 5\nhierarchy:\n  - name: OS\n    path: \"os/%{facts.os}.yaml\"\n"
          "  - name: Common\n    path: common.yaml\n");
    write(root_ / "env/data/os/Debian.yaml", "---\nopts:\n  nested: {q: 2}\n");
    write(root_ / "env/data/common.yaml",
          "---\ngreeting: from env\nonly_env: e\nopts:\n  nested: {p: 1}\n");
  }
  void TearDown() override { fs::remove_all(root_); }

  hiera::Hiera make() {
    hiera::Hiera hiera(root_ / "env", {root_ / "env/modules"}, [](const std::string& name) {
      return name == "facts" ? Value(Hash{{Value("os"), Value("Debian")}}) : Value();
    });
    hiera.set_global_config(root_ / "global/hiera.yaml");
    return hiera;
  }

  fs::path root_;
};

TEST_F(HieraGlobalLayer, GlobalLayerWinsOverTheEnvironment) {
  hiera::Hiera hiera = make();
  EXPECT_EQ(to_string(*hiera.lookup("greeting", std::nullopt)), "from global");
  EXPECT_EQ(to_string(*hiera.lookup("only_env", std::nullopt)), "e");
  // Deep merges keep the order Puppet gives: the lowest layer's keys first.
  Value merged = *hiera.lookup("opts", hiera::MergeStrategy::Deep);
  EXPECT_EQ(to_string(merged), "{nested => {p => 1, q => 2}, g => 1}");
}

TEST_F(HieraGlobalLayer, ExplainHasPuppetsShape) {
  hiera::Hiera hiera = make();
  std::vector<std::string> all;
  hiera.lookup("opts", hiera::MergeStrategy::Deep, &all);
  ASSERT_FALSE(all.empty());
  // Puppet searches the lookup_options first, whether or not a merge was given.
  EXPECT_EQ(all[0], "Searching for \"lookup_options\"");
  EXPECT_EQ(all[1], "  Global Data Provider (hiera configuration version 5)");
  auto search = std::find(all.begin(), all.end(), "Searching for \"opts\"");
  ASSERT_NE(search, all.end());
  std::vector<std::string> lines(search, all.end());
  ASSERT_GE(lines.size(), 8u);
  EXPECT_EQ(lines[0], "Searching for \"opts\"");
  EXPECT_EQ(lines[1], "  Merge strategy deep");
  EXPECT_EQ(lines[2], "    Global Data Provider (hiera configuration version 5)");
  EXPECT_EQ(lines[3],
            "      Using configuration \"" + (root_ / "global/hiera.yaml").string() + "\"");
  EXPECT_EQ(lines[4], "      Hierarchy entry \"Global common\"");
  EXPECT_EQ(lines[6], "          Original path: \"global.yaml\"");
  EXPECT_EQ(lines[7],
            "          Found key: \"opts\" value: {\n            \"g\" => 1\n          }");
  EXPECT_NE(std::find(lines.begin(), lines.end(), "      Merge strategy deep"), lines.end());
  EXPECT_NE(
      std::find(lines.begin(), lines.end(), "            Original path: \"os/%{facts.os}.yaml\""),
      lines.end());
  EXPECT_TRUE(lines.back().starts_with("    Merged result: {")) << lines.back();
}

TEST_F(HieraGlobalLayer, MissingGlobalConfigIsAnError) {
  hiera::Hiera hiera(root_ / "env", {}, [](const std::string&) { return Value(); });
  EXPECT_THROW(hiera.set_global_config(root_ / "nope/hiera.yaml"), std::runtime_error);
}

}  // namespace
}  // namespace marionette::compiler
