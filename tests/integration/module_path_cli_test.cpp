// --modulepath, --basemodulepath, --environmentpath and --environment on compile and lookup,
// each against what real Puppet 7.23 does with the same directories (`puppet apply
// --modulepath`, `puppet config print modulepath --environment x`, `puppet lookup`).
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "support/command.hpp"
#include "support/scratch_dir.hpp"

namespace marionette {
namespace {

namespace fs = std::filesystem;
using testing::CommandResult;
using testing::run_command;

CommandResult marionette(std::vector<std::string> args) {
  args.insert(args.begin(), MARIONETTE_BINARY);
  return run_command(args, std::chrono::seconds(30));
}

class ModulePathCli : public ::testing::Test {
 protected:
  void SetUp() override {
    // Module m in both one/ and two/ (one's wins, whole), n only in two/.
    write("one/m/manifests/init.pp", "class m { notify { 'm from one': } }\n");
    write("one/m/hiera.yaml", "---\nversion: 5\n");
    write("two/m/manifests/init.pp", "class m { notify { 'm from two': } }\n");
    write("two/m/manifests/sub.pp", "class m::sub { notify { 'sub from two': } }\n");
    write("two/m/hiera.yaml", kModuleHiera);
    write("two/m/data/common.yaml", "---\nm::key: shadowed\n");
    write("two/n/manifests/init.pp", "class n { notify { 'n from two': } }\n");
    write("two/n/hiera.yaml", kModuleHiera);
    write("two/n/data/common.yaml", "---\nn::key: from-two\n");
  }

  static constexpr const char* kModuleHiera =
      "---\nversion: 5\nhierarchy:\n  - name: common\n    path: common.yaml\n";

  fs::path write(const std::string& name, const std::string& text) {
    return scratch_.write(name, text);
  }

  CommandResult compile(std::vector<std::string> extra) {
    std::vector<std::string> args = {"compile", "--facts", MARIONETTE_FACTS_FILE, "--node",
                                     "web01.example.com"};
    args.insert(args.end(), extra.begin(), extra.end());
    return marionette(args);
  }

  std::string path(const char* name) const { return (dir_ / name).string(); }

  marionette::testing::ScratchDir scratch_{"modpath"};
  const fs::path& dir_ = scratch_.path();
};

TEST_F(ModulePathCli, TheFirstDirectoryWithAModuleWinsTheWholeModule) {
  fs::path site = write("site.pp", "include m, n\n");
  CommandResult both = compile({"--manifest", site.string(), "--modulepath",
                                path("one") + ":" + path("two") + ":" + path("nonexistent")});
  ASSERT_EQ(both.exit_code, 0) << both.err;
  EXPECT_NE(both.out.find("\"m from one\""), std::string::npos) << both.out;
  EXPECT_EQ(both.out.find("\"m from two\""), std::string::npos) << both.out;
  EXPECT_NE(both.out.find("\"n from two\""), std::string::npos) << both.out;

  // m::sub exists only in the shadowed copy of m: Puppet does not find it either.
  fs::path sub = write("sub.pp", "include m::sub\n");
  CommandResult shadowed =
      compile({"--manifest", sub.string(), "--modulepath", path("one") + ":" + path("two")});
  EXPECT_EQ(shadowed.exit_code, 1);
  EXPECT_NE(shadowed.err.find("Could not find class ::m::sub"), std::string::npos)
      << shadowed.err;
}

TEST_F(ModulePathCli, ARelativeModulepathIsTakenFromTheCurrentDirectory) {
  fs::path site = write("site.pp", "include n\n");
  std::vector<std::string> args = {"/bin/sh", "-c",
                                   "cd '" + dir_.string() + "' && exec '" + MARIONETTE_BINARY +
                                       "' compile --facts '" + MARIONETTE_FACTS_FILE +
                                       "' --manifest site.pp --modulepath one:two"};
  CommandResult relative = run_command(args, std::chrono::seconds(30));
  ASSERT_EQ(relative.exit_code, 0) << relative.err;
  EXPECT_NE(relative.out.find("\"n from two\""), std::string::npos);
}

TEST_F(ModulePathCli, AnEnvironmentComesFromEnvironmentpathWithItsEnvironmentConf) {
  write("envs/staging/environment.conf",
        "modulepath = site:modules:$basemodulepath\nmanifest = main/init.pp\n");
  write("envs/staging/main/init.pp", "include role, n\n");
  write("envs/staging/site/role/manifests/init.pp", "class role { notify { 'role': } }\n");
  CommandResult found = compile({"--environmentpath", path("nowhere") + ":" + path("envs"),
                                 "--environment", "staging", "--basemodulepath", path("two")});
  ASSERT_EQ(found.exit_code, 0) << found.err;
  EXPECT_NE(found.out.find("\"role\""), std::string::npos) << found.out;
  EXPECT_NE(found.out.find("\"n from two\""), std::string::npos) << found.out;
  EXPECT_NE(found.out.find("\"environment\":\"staging\""), std::string::npos) << found.out;
}

TEST_F(ModulePathCli, WithoutEnvironmentConfTheModulesAreTheEnvironmentsThenTheBase) {
  write("envs/production/manifests/site.pp", "include m, n\n");
  write("envs/production/modules/m/manifests/init.pp", "class m { notify { 'm from env': } }\n");
  CommandResult env = compile({"--environmentpath", path("envs"), "--basemodulepath",
                               path("one") + ":" + path("two")});
  ASSERT_EQ(env.exit_code, 0) << env.err;
  EXPECT_NE(env.out.find("\"m from env\""), std::string::npos) << env.out;
  EXPECT_NE(env.out.find("\"n from two\""), std::string::npos) << env.out;
  EXPECT_EQ(env.out.find("\"m from one\""), std::string::npos) << env.out;
}

TEST_F(ModulePathCli, AMissingEnvironmentIsPuppetsError) {
  fs::create_directories(dir_ / "envs");
  CommandResult missing = compile({"--environmentpath", path("envs"), "--environment", "nope"});
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_EQ(missing.err, "Error: Could not find a directory environment named 'nope' anywhere "
                         "in the path: " + path("envs") + ". Does the directory exist?\n");
}

TEST_F(ModulePathCli, LookupsModuleLayerFollowsTheModulePath) {
  std::string modulepath = path("one") + ":" + path("two");
  CommandResult found = marionette({"lookup", "n::key", "--facts", MARIONETTE_FACTS_FILE,
                                    "--modulepath", modulepath});
  EXPECT_EQ(found.exit_code, 0) << found.err;
  EXPECT_EQ(found.out, "--- from-two\n");
  // m's data is in the copy of m that one/m shadows: puppet lookup finds nothing (exit 1).
  CommandResult shadowed = marionette({"lookup", "m::key", "--facts", MARIONETTE_FACTS_FILE,
                                       "--modulepath", modulepath});
  EXPECT_EQ(shadowed.exit_code, 1);
  EXPECT_EQ(shadowed.out, "");
}

TEST_F(ModulePathCli, ApplyAndTheAgentsConfigFileTakeTheModulePathToo) {
  fs::path site = write("site.pp", "include m, n\n");
  std::string modulepath = path("one") + ":" + path("two");
  CommandResult apply = marionette({"apply", site.string(), "--facts", MARIONETTE_FACTS_FILE,
                                    "--statedir", path("state-apply"), "--modulepath",
                                    modulepath});
  EXPECT_EQ(apply.exit_code, 0) << apply.err;
  EXPECT_NE(apply.out.find("m from one"), std::string::npos) << apply.out;
  EXPECT_NE(apply.out.find("n from two"), std::string::npos) << apply.out;
  EXPECT_EQ(apply.out.find("m from two"), std::string::npos) << apply.out;

  fs::path config = write("marionette.yaml", "modulepath: " + modulepath + "\n");
  CommandResult agent = marionette({"agent", "--no-daemonize", "--onetime", "--no-snmp",
                                    "--config", config.string(), "--manifest", site.string(),
                                    "--facts", MARIONETTE_FACTS_FILE, "--statedir",
                                    path("state-agent")});
  EXPECT_EQ(agent.exit_code, 0) << agent.err;
  EXPECT_NE(agent.out.find("m from one"), std::string::npos) << agent.out << agent.err;
  EXPECT_NE(agent.out.find("n from two"), std::string::npos) << agent.out;
  EXPECT_EQ(agent.out.find("m from two"), std::string::npos) << agent.out;
}

}  // namespace
}  // namespace marionette
