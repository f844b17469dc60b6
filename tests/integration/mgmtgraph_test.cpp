// `marionette mgmtgraph print`: the relationship graph in mgmt's YAML graph format, against what
// ffrank's puppet-mgmtgraph face printed under real Puppet 7.23 for the same manifest
// (fixtures/mgmtgraph/puppet.yaml, recorded by record-puppet-mgmtgraph), and against the rules
// of the format mgmt's yamlgraph reads.

#include <gtest/gtest.h>
#include <unistd.h>
#include <yaml-cpp/yaml.h>

#include <cstdlib>
#include <filesystem>
#include <set>
#include <string>

#include "support/command.hpp"

namespace marionette {
namespace {

namespace fs = std::filesystem;
using testing::CommandResult;
using testing::run_command;

const fs::path kFixture = fs::path(MARIONETTE_FIXTURES_DIR) / "mgmtgraph";

CommandResult print_graph(std::vector<std::string> source) {
  std::vector<std::string> argv = {MARIONETTE_BINARY,     "mgmtgraph", "print", "--facts",
                                   MARIONETTE_FACTS_FILE, "--node",    "vm"};
  argv.insert(argv.end(), source.begin(), source.end());
  return run_command(argv, std::chrono::seconds(60));
}

std::string dump(const YAML::Node& node) {
  return YAML::Dump(node);
}

/// The rules mgmt's yamlgraph holds a graph to: the four keys, each resource a mapping with a
/// name unique in its kind, each edge naming two resources that are there.
void expect_yamlgraph_rules(const YAML::Node& graph) {
  ASSERT_TRUE(graph.IsMap());
  std::vector<std::string> keys;
  for (const auto& entry : graph) keys.push_back(entry.first.as<std::string>());
  EXPECT_EQ(keys, (std::vector<std::string>{"graph", "comment", "resources", "edges"}));
  std::set<std::pair<std::string, std::string>> present;
  for (const auto& kind : graph["resources"]) {
    ASSERT_TRUE(kind.second.IsSequence()) << kind.first.as<std::string>();
    for (const auto& resource : kind.second) {
      ASSERT_TRUE(resource.IsMap());
      ASSERT_TRUE(resource["name"] && resource["name"].IsScalar()) << dump(resource);
      EXPECT_TRUE(
          present.emplace(kind.first.as<std::string>(), resource["name"].as<std::string>()).second)
          << "two " << kind.first.as<std::string>() << " named "
          << resource["name"].as<std::string>();
      if (kind.first.as<std::string>() == "pippet") {
        for (const char* field : {"title", "type", "params", "pollint"})
          EXPECT_TRUE(resource[field]) << field << " in " << dump(resource);
        EXPECT_TRUE(YAML::Load(resource["params"].as<std::string>()).IsMap()) << dump(resource);
      }
    }
  }
  ASSERT_TRUE(graph["edges"].IsSequence());
  for (const auto& edge : graph["edges"]) {
    ASSERT_TRUE(edge["name"] && edge["from"] && edge["to"]) << dump(edge);
    for (const char* end : {"from", "to"}) {
      auto key =
          std::make_pair(edge[end]["kind"].as<std::string>(), edge[end]["name"].as<std::string>());
      EXPECT_TRUE(present.count(key)) << dump(edge) << " names no resource";
    }
  }
}

TEST(MgmtGraph, TranslatesTheGraphAsPuppetMgmtgraphDid) {
  CommandResult run = print_graph({"--manifest", (kFixture / "site.pp").string()});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  YAML::Node ours = YAML::Load(run.out);
  YAML::Node puppet = YAML::LoadFile((kFixture / "puppet.yaml").string());
  EXPECT_EQ(ours["graph"].as<std::string>(), puppet["graph"].as<std::string>());
  EXPECT_EQ(ours["comment"].as<std::string>(), puppet["comment"].as<std::string>());
  std::vector<std::string> our_kinds, puppet_kinds;
  for (const auto& kind : ours["resources"]) our_kinds.push_back(kind.first.as<std::string>());
  for (const auto& kind : puppet["resources"]) puppet_kinds.push_back(kind.first.as<std::string>());
  ASSERT_EQ(our_kinds, puppet_kinds);
  for (const auto& kind : puppet_kinds) {
    const YAML::Node expected = puppet["resources"][kind];
    const YAML::Node got = ours["resources"][kind];
    ASSERT_EQ(got.size(), expected.size()) << kind;
    for (std::size_t i = 0; i < expected.size(); ++i) {
      YAML::Node want = YAML::Clone(expected[i]);
      YAML::Node have = YAML::Clone(got[i]);
      if (kind == "pippet") {
        // Puppet's params hold the RAL's defaults too (docs/puppet-differences.md).
        want.remove("params");
        have.remove("params");
      }
      EXPECT_EQ(dump(have), dump(want)) << kind << " #" << i;
    }
  }
  EXPECT_EQ(dump(ours["edges"]), dump(puppet["edges"]));
  expect_yamlgraph_rules(ours);
  expect_yamlgraph_rules(puppet);
  EXPECT_NE(run.err.find("Schedule[maint] cannot be translated natively, falling back to pippet"),
            std::string::npos)
      << run.err;
}

TEST(MgmtGraph, CodeFromTheCommandLineAsMgmtPassesIt) {
  CommandResult run =
      print_graph({"--code", "notify { 'x': } -> exec { 'y': command => '/bin/true' }",
                   "--config=/nonexistent/puppet.conf"});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  YAML::Node graph = YAML::Load(run.out);
  expect_yamlgraph_rules(graph);
  EXPECT_EQ(graph["resources"]["msg"][0]["name"].as<std::string>(), "x");
  EXPECT_EQ(graph["resources"]["exec"][0]["cmd"].as<std::string>(), "/bin/true");
  bool ordered = false;
  for (const auto& edge : graph["edges"])
    ordered |= edge["name"].as<std::string>() == "Notify[x] -> Exec[y]";
  EXPECT_TRUE(ordered) << run.out;
}

// Psych's to_yaml is the face's writer: Ruby reads the graph back and writes it again byte for
// byte, line breaks YAML readers refuse raw (U+2028, U+2029, U+0085) escaped as Psych does.
TEST(MgmtGraph, WritesWhatPsychWritesForUnicodeLineBreaks) {
  const fs::path ruby = testing::find_executable("ruby");
  if (ruby.empty()) GTEST_SKIP() << "no ruby (Debian package ruby) to read the graph back";
  CommandResult run = print_graph({"--code",
                                   "notify { \"ls \\u2028 ps \\u2029\": } -> "
                                   "notify { \"nel \\u0085 x\": } -> "
                                   "exec { \"/bin/echo \\u2028\": }"});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("\\N"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("\\L"), std::string::npos) << run.out;

  char pattern[] = "/tmp/marionette-mgmtgraph-XXXXXX";
  const int fd = mkstemp(pattern);
  ASSERT_GE(fd, 0);
  ASSERT_EQ(write(fd, run.out.data(), run.out.size()), static_cast<ssize_t>(run.out.size()));
  close(fd);
  CommandResult psych = run_command(
      {ruby.string(), "-ryaml", "-e", "print YAML.load_file(ARGV[0]).to_yaml", pattern});
  fs::remove(pattern);
  ASSERT_EQ(psych.exit_code, 0) << "Psych cannot read the graph:\n" << psych.err << run.out;
  EXPECT_EQ(run.out, psych.out);
  YAML::Node graph = YAML::Load(run.out);
  EXPECT_EQ(graph["resources"]["msg"][0]["body"].as<std::string>(), "ls \u2028 ps \u2029")
      << run.out;
}

TEST(MgmtGraph, ACompileErrorIsReportedAndExitsOne) {
  CommandResult run = print_graph({"--code", "notify { 'x': "});
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_NE(run.err.find("error"), std::string::npos) << run.err;
  EXPECT_TRUE(run.out.empty()) << run.out;
}

}  // namespace
}  // namespace marionette
