#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fstream>

#include "facts/facts.hpp"

namespace marionette::facts {
namespace {

namespace fs = std::filesystem;

class ExternalFacts : public ::testing::Test {
 protected:
  void SetUp() override {
    char name[] = "/tmp/marionette-facts-d-XXXXXX";
    ASSERT_NE(::mkdtemp(name), nullptr);
    dir_ = name;
  }
  void TearDown() override { fs::remove_all(dir_); }

  void write(const std::string& name, const std::string& text, bool executable = false) {
    std::ofstream(dir_ / name) << text;
    if (executable) ::chmod((dir_ / name).c_str(), 0755);
  }
  Facts load() {
    return load_external_facts({dir_},
                               [this](const std::string& line) { warnings_.push_back(line); });
  }

  fs::path dir_;
  std::vector<std::string> warnings_;
};

TEST_F(ExternalFacts, ReadsYamlJsonAndKeyValueFiles) {
  write("a.yaml", "role: web\nports: [80, 443]\n");
  write("b.json", R"({"datacenter": {"name": "par1", "rack": 7}})");
  write("c.txt", "# a comment\nOwner=ops team\n\nempty=\n");
  const Facts facts = load();
  EXPECT_EQ(facts["role"], "web");
  EXPECT_EQ(facts["ports"], Facts::parse("[80, 443]"));
  EXPECT_EQ(facts["datacenter"]["rack"], 7);
  EXPECT_EQ(facts["owner"], "ops team");  // names are lower-cased, as Facter does
  EXPECT_EQ(facts["empty"], "");
  EXPECT_TRUE(warnings_.empty());
}

TEST_F(ExternalFacts, RunsExecutablesPrintingKeyValuesYamlOrJson) {
  write("kv.sh", "#!/bin/sh\necho color=blue\necho size=3\n", true);
  write("yaml.sh", "#!/bin/sh\necho 'tier: gold'\n", true);
  write("json.sh", "#!/bin/sh\necho '{\"zone\": \"b\"}'\n", true);
  write("notes", "not executable, not a known extension: ignored\n");
  const Facts facts = load();
  EXPECT_EQ(facts["color"], "blue");
  EXPECT_EQ(facts["size"], "3");
  EXPECT_EQ(facts["tier"], "gold");
  EXPECT_EQ(facts["zone"], "b");
  EXPECT_FALSE(facts.contains("notes"));
  EXPECT_TRUE(warnings_.empty());
}

TEST_F(ExternalFacts, BadFilesWarnNamingTheFileAndTheRestStillLoads) {
  write("bad.yaml", "role: [unclosed\n");
  write("bad.json", "{not json");
  write("list.json", "[1, 2]");
  write("bad.txt", "no equals sign here\ngood=yes\n");
  write("fails.sh", "#!/bin/sh\nexit 3\n", true);
  write("ok.yaml", "fine: true\n");
  const Facts facts = load();
  EXPECT_EQ(facts["fine"], true);
  EXPECT_EQ(facts["good"], "yes");
  ASSERT_EQ(warnings_.size(), 5u);
  for (const char* file : {"bad.yaml", "bad.json", "list.json", "bad.txt:1", "fails.sh"}) {
    bool named = false;
    for (const auto& line : warnings_) named |= line.find(file) != std::string::npos;
    EXPECT_TRUE(named) << file << " is named in no warning";
  }
}

TEST_F(ExternalFacts, OverrideCoreFactsAndLaterFilesWin) {
  write("10-first.txt", "operatingsystem=FirstOS\nsite=one\n");
  write("20-second.yaml", "site: two\n");
  const Facts facts = gather({dir_, dir_ / "missing"}, [](const std::string&) {});
  EXPECT_EQ(facts["operatingsystem"], "FirstOS");
  EXPECT_EQ(facts["site"], "two");
  EXPECT_TRUE(facts.contains("kernel"));  // the core facts are still there
}

TEST(DefaultExternalDirs, AsRootFactersDirectoriesThenOursThenTheEnvironmentVariable) {
  ::setenv("MARIONETTE_FACTS_D", "/one:/two", 1);
  auto dirs = default_external_dirs(true, "/root");
  ::unsetenv("MARIONETTE_FACTS_D");
  const std::vector<std::filesystem::path> expected = {
      "/etc/puppetlabs/facter/facts.d", "/etc/facter/facts.d", "/opt/puppetlabs/facter/facts.d",
      "/etc/marionette/facts.d",        "/one",                "/two"};
  EXPECT_EQ(dirs, expected);
}

TEST(DefaultExternalDirs, AsAUserTheHomeFactsDirAsFacterHasIt) {
  ::unsetenv("MARIONETTE_FACTS_D");
  const std::vector<std::filesystem::path> expected = {"/home/ops/.facter/facts.d",
                                                       "/etc/marionette/facts.d"};
  EXPECT_EQ(default_external_dirs(false, "/home/ops"), expected);
  EXPECT_EQ(default_external_dirs(false, nullptr),
            std::vector<std::filesystem::path>{"/etc/marionette/facts.d"});
}

}  // namespace
}  // namespace marionette::facts
