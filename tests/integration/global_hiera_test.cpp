// The global Hiera layer (--hiera-config, or hiera-config in marionette.yaml) in compiles as in
// lookups: searched before the environment's layer, as real Puppet 7 does with hiera_config.
// fixtures/global_hiera/puppet7.json is what Puppet 7.23 compiled from the same files.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "support/command.hpp"

namespace marionette {
namespace {

namespace fs = std::filesystem;
using testing::CommandResult;
using testing::run_command;

const fs::path kFixture = fs::path(MARIONETTE_FIXTURES_DIR) / "global_hiera";

CommandResult marionette(std::vector<std::string> args) {
  args.insert(args.begin(), MARIONETTE_BINARY);
  return run_command(args, std::chrono::seconds(30));
}

/// type[title] => parameters, in catalog order.
std::vector<std::string> resources_of(const nlohmann::json& catalog) {
  std::vector<std::string> out;
  for (const nlohmann::json& resource : catalog.at("resources"))
    out.push_back(resource.at("type").get<std::string>() + "[" +
                  resource.at("title").get<std::string>() + "] " +
                  resource.value("parameters", nlohmann::json::object()).dump());
  return out;
}

std::vector<std::string> compile_args(const fs::path& hiera_config) {
  return {"compile",
          "--env-dir",
          (kFixture / "env").string(),
          "--facts",
          MARIONETTE_FACTS_FILE,
          "--hiera-config",
          hiera_config.string()};
}

TEST(GlobalHiera, CompilesAsPuppetWithTheGlobalLayerFirst) {
  CommandResult compiled = marionette(compile_args(kFixture / "global/hiera.yaml"));
  ASSERT_EQ(compiled.exit_code, 0) << compiled.err;
  std::ifstream expected_file(kFixture / "puppet7.json");
  nlohmann::json expected = nlohmann::json::parse(expected_file);
  std::vector<std::string> ours = resources_of(nlohmann::json::parse(compiled.out));
  EXPECT_EQ(ours, resources_of(expected));
  EXPECT_NE(compiled.out.find("greeting=from the global layer list=[a, b, c]"), std::string::npos);
  EXPECT_NE(compiled.out.find("node=yes-Debian"), std::string::npos);  // %{trusted.certname}
}

TEST(GlobalHiera, WithoutItTheEnvironmentLayerAnswers) {
  CommandResult compiled = marionette(
      {"compile", "--env-dir", (kFixture / "env").string(), "--facts", MARIONETTE_FACTS_FILE});
  ASSERT_EQ(compiled.exit_code, 0) << compiled.err;
  EXPECT_NE(compiled.out.find("greeting=from the environment list=[b, c]"), std::string::npos);
  EXPECT_NE(compiled.out.find("port=2 owner=env-owner"), std::string::npos);
}

TEST(GlobalHiera, LookupSeesTheSameLayer) {
  CommandResult looked_up = marionette(
      {"lookup", "greeting", "--env-dir", (kFixture / "env").string(), "--facts",
       MARIONETTE_FACTS_FILE, "--hiera-config", (kFixture / "global/hiera.yaml").string()});
  ASSERT_EQ(looked_up.exit_code, 0) << looked_up.err;
  EXPECT_EQ(looked_up.out, "--- from the global layer\n");
}

// Checked against Puppet 7.23: without `defaults`, a level that names no backend reads YAML
// (in every layer, the global one included); `defaults` that name none leave it to each level.
TEST(GlobalHiera, ALevelWithoutABackendReadsYamlUnlessDefaultsAreGiven) {
  std::string pattern = (fs::temp_directory_path() / "marionette-hiera-XXXXXX").string();
  fs::path dir = ::mkdtemp(pattern.data());
  fs::create_directories(dir / "data");
  std::ofstream(dir / "data/c.yaml") << "greeting: from a level without a backend\n";
  std::ofstream(dir / "hiera.yaml")
      << "version: 5\nhierarchy:\n  - name: common\n    path: c.yaml\n";
  CommandResult plain =
      marionette({"lookup", "greeting", "--env-dir", (kFixture / "env").string(), "--facts",
                  MARIONETTE_FACTS_FILE, "--hiera-config", (dir / "hiera.yaml").string()});
  std::ofstream(dir / "hiera.yaml")
      << "version: 5\ndefaults:\n  datadir: data\nhierarchy:\n  - name: common\n    path: c.yaml\n";
  CommandResult with_defaults = marionette(compile_args(dir / "hiera.yaml"));
  fs::remove_all(dir);
  EXPECT_EQ(plain.exit_code, 0) << plain.err;
  EXPECT_EQ(plain.out, "--- from a level without a backend\n");
  EXPECT_EQ(with_defaults.exit_code, 1);
  EXPECT_NE(with_defaults.err.find("One of data_hash, lookup_key, data_dig, or hiera3_backend "
                                   "must be defined in hierarchy 'common'"),
            std::string::npos)
      << with_defaults.err;
}

TEST(GlobalHiera, AMissingFileIsAUsageError) {
  CommandResult compiled = marionette(compile_args(kFixture / "no-such-hiera.yaml"));
  EXPECT_NE(compiled.exit_code, 0);
  EXPECT_NE(compiled.err.find("--hiera-config"), std::string::npos) << compiled.err;
}

}  // namespace
}  // namespace marionette
