// `marionette apply --graph` against what real Puppet 7.23's `puppet apply --graph` wrote for the
// same manifests (fixtures/graphs/CASE/puppet/, recorded by fixtures/graphs/record-puppet-graphs
// with --noop, so the recorded files hold nothing of the machine that made them): the same three
// files, byte for byte, and each one rendered by Graphviz's `dot` when it is installed.

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "support/command.hpp"
#include "support/scratch_dir.hpp"

namespace marionette {
namespace {

namespace fs = std::filesystem;
using testing::CommandResult;
using testing::run_command;

const char* const kGraphFiles[] = {"resources.dot", "relationships.dot",
                                   "expanded_relationships.dot"};

std::string read_text(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

class GraphFiles : public ::testing::Test {
 protected:
  CommandResult apply(const fs::path& manifest, std::vector<std::string> extra) {
    std::vector<std::string> argv = {
        MARIONETTE_BINARY,        "apply", "--noop", "--facts", MARIONETTE_FACTS_FILE, "--statedir",
        (dir_ / "state").string()};
    argv.insert(argv.end(), extra.begin(), extra.end());
    argv.push_back(manifest.string());
    return run_command(argv, std::chrono::seconds(60));
  }

  void expect_as_puppet(const std::string& name) {
    fs::path fixture = fs::path(MARIONETTE_FIXTURES_DIR) / "graphs" / name;
    fs::path graphdir = dir_ / "graphs";
    CommandResult run = apply(fixture / "site.pp", {"--graph", "--graphdir", graphdir.string()});
    ASSERT_EQ(run.exit_code, 0) << run.err;
    for (const char* file : kGraphFiles) {
      std::string expected = read_text(fixture / "puppet" / file);
      ASSERT_FALSE(expected.empty()) << fixture / "puppet" / file;
      EXPECT_EQ(read_text(graphdir / file), expected) << name << "/" << file;
      expect_dot_renders(graphdir / file);
    }
  }

  /// Graphviz reads the file: `dot -Tsvg` succeeds and writes an SVG.
  void expect_dot_renders(const fs::path& file) {
    fs::path dot = testing::find_executable("dot");
    if (dot.empty()) return;  // Graphviz is optional; the byte comparison above still ran
    CommandResult svg =
        run_command({dot.string(), "-Tsvg", file.string()}, std::chrono::seconds(30));
    EXPECT_EQ(svg.exit_code, 0) << file << ": " << svg.err;
    EXPECT_NE(svg.out.find("<svg"), std::string::npos) << file;
  }

  marionette::testing::ScratchDir scratch_{"graphs"};
  const fs::path& dir_ = scratch_.path();
};

// Classes, a define, before/require/subscribe and a file's autorequire of its directory.
TEST_F(GraphFiles, ContainersAndRelationshipsAsPuppet) {
  expect_as_puppet("containers");
}

// A second stage, an empty class, namespaced classes and nested defines, relationships between
// containers (-> and ~> on classes and defines), a relationship declared three times (Puppet
// draws three edges), a quote in a title, and autorequires of a file's owner and group and of
// an exec's cwd.
TEST_F(GraphFiles, StagesNestedDefinesAndDuplicateEdgesAsPuppet) {
  expect_as_puppet("stages");
}

// Two cycles, one through a class's anchors: Puppet still writes the three graphs, adds
// cycles.dot (up to ten paths around each cycle, whits by their container's name) and says where
// it is instead of suggesting --graph.
TEST_F(GraphFiles, ACycleIsDrawnInCyclesDotAsPuppet) {
  fs::path fixture = fs::path(MARIONETTE_FIXTURES_DIR) / "graphs" / "cycles";
  fs::path graphdir = dir_ / "graphs";
  CommandResult run = apply(fixture / "site.pp", {"--graph", "--graphdir", graphdir.string()});
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_NE(run.err.find("\\nCycle graph written to " + (graphdir / "cycles.dot").string() + "."),
            std::string::npos)
      << run.err;
  EXPECT_EQ(run.err.find("Try the '--graph' option"), std::string::npos) << run.err;
  for (const char* file :
       {"resources.dot", "relationships.dot", "expanded_relationships.dot", "cycles.dot"}) {
    EXPECT_EQ(read_text(graphdir / file), read_text(fixture / "puppet" / file)) << file;
    expect_dot_renders(graphdir / file);
  }
}

TEST_F(GraphFiles, GraphdirDefaultsToStatedirGraphs) {
  fs::path manifest = dir_ / "site.pp";
  std::ofstream(manifest) << "notify { 'x': }\n";
  CommandResult run = apply(manifest, {"--graph"});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  for (const char* file : kGraphFiles) EXPECT_TRUE(fs::exists(dir_ / "state" / "graphs" / file));
}

// Puppet's settings make graphdir whenever apply starts; the files come with --graph only.
TEST_F(GraphFiles, GraphdirIsMadeWithoutGraphButStaysEmpty) {
  fs::path manifest = dir_ / "site.pp";
  std::ofstream(manifest) << "notify { 'x': }\n";
  CommandResult run = apply(manifest, {"--graphdir", (dir_ / "graphs").string()});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  EXPECT_TRUE(fs::is_directory(dir_ / "graphs"));
  EXPECT_TRUE(fs::is_empty(dir_ / "graphs"));
}

// A graphdir whose parent is missing stops apply before it compiles, with Puppet's lines.
TEST_F(GraphFiles, AGraphdirThatCannotBeMadeStopsTheRunAsPuppet) {
  fs::path manifest = dir_ / "site.pp";
  std::ofstream(manifest) << "notify { 'x': }\n";
  const std::string graphdir = (dir_ / "missing" / "graphs").string();
  const std::string parent = (dir_ / "missing").string();
  CommandResult run = apply(manifest, {"--graph", "--graphdir", graphdir});
  EXPECT_EQ(run.exit_code, 1);
  const std::string why =
      "Cannot create " + graphdir + "; parent directory " + parent + " does not exist";
  EXPECT_EQ(run.err, "Error: " + why + "\nError: /File[" + graphdir +
                         "]/ensure: change from 'absent' to 'directory' failed: " + why +
                         "\nError: Could not prepare for execution: Got 1 failure(s) while "
                         "initializing: File[" +
                         graphdir + "]: change from 'absent' to 'directory' failed: " + why + "\n");
  EXPECT_EQ(run.out.find("Compiled catalog"), std::string::npos) << run.out;
}

}  // namespace
}  // namespace marionette
