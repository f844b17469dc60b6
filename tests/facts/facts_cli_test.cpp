#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fstream>

#include "daemon/run_settings.hpp"
#include "support/command.hpp"

/// `marionette facts` as a process (facter's output format, external facts, warnings) and the
/// run pipeline's facts cache.
namespace marionette {
namespace {

namespace fs = std::filesystem;
using testing::CommandResult;
using testing::run_command;

class FactsCli : public ::testing::Test {
 protected:
  void SetUp() override {
    char name[] = "/tmp/marionette-facts-cli-XXXXXX";
    ASSERT_NE(::mkdtemp(name), nullptr);
    dir_ = name;
  }
  void TearDown() override { fs::remove_all(dir_); }
  CommandResult facts(std::vector<std::string> args) {
    args.insert(args.begin(), {MARIONETTE_BINARY, "facts"});
    return run_command(args, std::chrono::seconds(30));
  }
  fs::path dir_;
};

TEST_F(FactsCli, PrintsFactersFormatWithoutAFlag) {
  std::ofstream(dir_ / "f.yaml") << "kernel: Linux\nos: {family: Debian, release: {major: '12'}}\n"
                                    "ports: [80, 443]\n";
  const std::string file = (dir_ / "f.yaml").string();
  CommandResult all = facts({"--facts", file, "os", "kernel", "ports"});
  ASSERT_EQ(all.exit_code, 0) << all.err;
  EXPECT_EQ(all.out,
            "kernel => Linux\n"
            "os => {\n  family => \"Debian\",\n  release => {\n    major => \"12\"\n  }\n}\n"
            "ports => [\n  80,\n  443\n]\n");
  CommandResult one = facts({"--facts", file, "os.release"});
  EXPECT_EQ(one.out, "{\n  major => \"12\"\n}\n");
  CommandResult missing = facts({"--facts", file, "nosuch"});
  EXPECT_EQ(missing.out, "\n");
}

TEST_F(FactsCli, NullInsideAHashPrintsAsFacterDoes) {
  std::ofstream(dir_ / "f.yaml") << "dhcp_servers: {system: null}\n";
  CommandResult shown = facts({"--facts", (dir_ / "f.yaml").string(), "dhcp_servers"});
  ASSERT_EQ(shown.exit_code, 0) << shown.err;
  EXPECT_EQ(shown.out, "{\n  system => null\n}\n");
}

TEST_F(FactsCli, OneNamedFactHasTheValueItHasAmongAll) {
  CommandResult all = facts({"--json", "--no-external-facts"});
  CommandResult one = facts({"--json", "--no-external-facts", "os.release", "kernelrelease"});
  ASSERT_EQ(all.exit_code, 0) << all.err;
  ASSERT_EQ(one.exit_code, 0) << one.err;
  const auto every = nlohmann::json::parse(all.out);
  const auto named = nlohmann::json::parse(one.out);
  EXPECT_EQ(named["os.release"], every["os"]["release"]);
  EXPECT_EQ(named["kernelrelease"], every["kernelrelease"]);
}

TEST_F(FactsCli, ExternalFactsOverrideCoreFactsAndBadFilesOnlyWarn) {
  std::ofstream(dir_ / "site.txt") << "kernel=Plan9\nsite=par1\n";
  std::ofstream(dir_ / "broken.json") << "{oops";
  CommandResult result =
      facts({"--json", "--external-dir", dir_.string(), "kernel", "site", "os.family"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  const auto shown = nlohmann::json::parse(result.out);
  EXPECT_EQ(shown["kernel"], "Plan9");
  EXPECT_EQ(shown["site"], "par1");
  EXPECT_TRUE(shown["os.family"].is_string());
  EXPECT_NE(result.err.find("Warning: " + (dir_ / "broken.json").string()), std::string::npos)
      << result.err;

  CommandResult without =
      facts({"--json", "--no-external-facts", "--external-dir", dir_.string(), "site"});
  EXPECT_TRUE(nlohmann::json::parse(without.out)["site"].is_null());
}

TEST_F(FactsCli, RunsWriteAFactsCacheInTheStateDir) {
  daemon::RunSettings settings;
  settings.state_dir = dir_ / "state";
  const facts::Facts gathered = daemon::load_facts(settings);
  std::ifstream cache(settings.state_dir / "facts_cache.json");
  ASSERT_TRUE(cache.is_open());
  const auto cached = facts::Facts::parse(cache);
  EXPECT_EQ(cached["kernel"], gathered["kernel"]);
  EXPECT_EQ(cached["os"], gathered["os"]);
}

}  // namespace
}  // namespace marionette
