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
  settings.statedir = dir_ / "state";
  const facts::Facts gathered = daemon::load_facts(settings);
  std::ifstream cache(settings.statedir / "facts_cache.json");
  ASSERT_TRUE(cache.is_open());
  const auto cached = facts::Facts::parse(cache);
  EXPECT_EQ(cached["kernel"], gathered["kernel"]);
  EXPECT_EQ(cached["os"], gathered["os"]);
}

/// The os fact of a Debian 12 node; facter 4.3.0 printed the expectations below for it.
constexpr const char* kOsFacts =
    "os: {architecture: amd64, distro: {codename: bookworm, description: 'Debian GNU/Linux 12 "
    "(bookworm)', id: Debian, release: {full: '12.11', major: '12', minor: '11'}}, family: "
    "Debian, hardware: x86_64, name: Debian, release: {full: '12.11', major: '12', minor: '11'}, "
    "selinux: {enabled: false}}\n"
    "osfamily: Debian\nkernel: Linux\nprocessorcount: 2\nipaddress_lo: 127.0.0.1\n"
    "processors: {count: 2, isa: unknown, models: [AMD EPYC, AMD EPYC], speed: 2.60 GHz}\n";

TEST_F(FactsCli, ShortJsonFlagPrintsFactersJson) {
  std::ofstream(dir_ / "f.yaml") << kOsFacts;
  // `facter -j os.family` on that node: exit 0.
  CommandResult result = facts({"-j", "--facts", (dir_ / "f.yaml").string(), "os.family"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "{\n  \"os.family\": \"Debian\"\n}\n");
  // `facter -j kernel os.family nonexist`: sorted by query, a missing fact null.
  CommandResult several =
      facts({"--json", "--facts", (dir_ / "f.yaml").string(), "os.family", "nonexist", "kernel"});
  EXPECT_EQ(several.out,
            "{\n  \"kernel\": \"Linux\",\n  \"nonexist\": null,\n  \"os.family\": \"Debian\"\n}\n");
}

TEST_F(FactsCli, ShortYamlFlagPrintsFactersYaml) {
  std::ofstream(dir_ / "f.yaml") << kOsFacts;
  const std::string file = (dir_ / "f.yaml").string();
  // `facter -y os`: no "---", Psych's quoting with Facter's own double quotes over it.
  CommandResult os = facts({"-y", "--facts", file, "os"});
  ASSERT_EQ(os.exit_code, 0) << os.err;
  EXPECT_EQ(os.out,
            "os:\n  architecture: amd64\n  distro:\n    codename: bookworm\n"
            "    description: \"Debian GNU/Linux 12 (bookworm)\"\n    id: \"Debian\"\n"
            "    release:\n      full: '12.11'\n      major: '12'\n      minor: '11'\n"
            "  family: \"Debian\"\n  hardware: x86_64\n  name: \"Debian\"\n"
            "  release:\n    full: '12.11'\n    major: '12'\n    minor: '11'\n"
            "  selinux:\n    enabled: false\n");
  // `facter -y processors` and `facter -y os.family kernel nosuch`.
  CommandResult processors = facts({"--yaml", "--facts", file, "processors"});
  EXPECT_EQ(processors.out,
            "processors:\n  count: 2\n  isa: \"unknown\"\n  models:\n  - \"AMD EPYC\"\n"
            "  - \"AMD EPYC\"\n  speed: 2.60 GHz\n");
  CommandResult several = facts({"-y", "--facts", file, "os.family", "kernel", "nosuch"});
  EXPECT_EQ(several.out, "kernel: \"Linux\"\nnosuch: \"\"\nos.family: \"Debian\"\n");
}

TEST_F(FactsCli, LegacyFactsShowOnlyWhenAskedFor) {
  std::ofstream(dir_ / "f.yaml") << kOsFacts;
  const std::string file = (dir_ / "f.yaml").string();
  auto top_level = [](const std::string& out) {
    std::string names;
    for (const auto& [name, _] : nlohmann::json::parse(out).items()) names += name + " ";
    return names;
  };
  // Facter 4 hides osfamily, processorcount and ipaddress_lo from `facter` ...
  CommandResult plain = facts({"-j", "--facts", file});
  ASSERT_EQ(plain.exit_code, 0) << plain.err;
  EXPECT_EQ(top_level(plain.out), "kernel os processors ");
  // ... shows them with --show-legacy ...
  CommandResult legacy = facts({"-j", "--show-legacy", "--facts", file});
  EXPECT_EQ(top_level(legacy.out), "ipaddress_lo kernel os osfamily processorcount processors ");
  // ... and when one is asked for by name.
  CommandResult named = facts({"--facts", file, "osfamily"});
  EXPECT_EQ(named.out, "Debian\n");
}

TEST_F(FactsCli, GatheredFactsHideLegacyNamesAndComeSorted) {
  CommandResult plain = facts({"-j", "--no-external-facts"});
  CommandResult legacy = facts({"-j", "--show-legacy", "--no-external-facts"});
  ASSERT_EQ(plain.exit_code, 0) << plain.err;
  const auto shown = nlohmann::json::parse(plain.out);
  const auto all = nlohmann::json::parse(legacy.out);
  EXPECT_TRUE(shown.contains("os"));
  EXPECT_FALSE(shown.contains("osfamily"));
  EXPECT_FALSE(shown.contains("hostname"));
  EXPECT_TRUE(all.contains("osfamily"));
  EXPECT_TRUE(all.contains("hostname"));
  // Facter sorts every level; the printed order is the sorted one.
  std::string previous;
  std::size_t at = 0;
  while ((at = plain.out.find("\n  \"", at)) != std::string::npos) {
    at += 4;
    std::string name = plain.out.substr(at, plain.out.find('"', at) - at);
    EXPECT_LT(previous, name);
    previous = name;
  }
}

}  // namespace
}  // namespace marionette
