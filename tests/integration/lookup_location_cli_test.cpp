// `marionette lookup` names where an error is: a manifest's (with --compile), a Hiera data
// file's and a facts file's errors come out through the one renderer (file:line:column, the
// source line, a caret), at the place real `puppet lookup` (Puppet 7.23) names, exit 1 as it.

#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "support/command.hpp"
#include "support/scratch_dir.hpp"

namespace marionette {
namespace {

using testing::CommandResult;
using testing::run_command;
using testing::ScratchDir;

class LookupLocation : public ::testing::Test {
 protected:
  void SetUp() override {
    scratch_.write("envs/production/hiera.yaml",
                   "version: 5\nhierarchy:\n  - name: common\n    path: common.yaml\n");
    scratch_.write("envs/production/data/common.yaml", "a: 1\n");
    scratch_.write("envs/production/manifests/site.pp", "$x = 1\n");
    facts_ = scratch_.write("facts.yaml", "fqdn: web01.example.com\n");
    // An empty global layer, so that the machine's /etc/marionette/hiera.yaml plays no part.
    scratch_.write("global.yaml", "version: 5\nhierarchy: []\n");
  }

  CommandResult lookup(std::vector<std::string> args) {
    args.insert(args.begin(), {MARIONETTE_BINARY, "lookup", "--facts", facts_.string(),
                               "--environmentpath", (scratch_.path() / "envs").string(),
                               "--hiera-config", (scratch_.path() / "global.yaml").string()});
    return run_command(args, std::chrono::seconds(30));
  }

  ScratchDir scratch_{"lookup-location"};
  std::filesystem::path facts_;
};

// puppet lookup --compile a: "Error: Could not run: Evaluation Error: Cannot reassign variable
// '$x' (file: …/manifests/site.pp, line: 2, column: 4)", exit 1.
TEST_F(LookupLocation, AManifestsErrorIsRenderedAtItsPlace) {
  auto site = scratch_.write("envs/production/manifests/site.pp", "$x = 1\n$x = 2\n");
  CommandResult result = lookup({"--compile", "a"});
  EXPECT_EQ(result.exit_code, 1) << result.err;
  EXPECT_EQ(result.out, "");
  EXPECT_EQ(
      result.err.rfind(
          site.string() + ":2:4: error: Cannot reassign variable '$x'\n" + "$x = 2\n" + "   ^", 0),
      0u)
      << result.err;
}

// puppet lookup a prints nothing for this file and exits 1; with --explain it says "Unable to
// parse (…/data/common.yaml): did not find expected ',' or ']' while parsing a flow sequence at
// line 2 column 4". marionette says that, at that place.
TEST_F(LookupLocation, ABrokenDataFileIsRenderedAtItsPlace) {
  auto data = scratch_.write("envs/production/data/common.yaml", "a: 1\nb: [1, 2\nc: 3\n");
  CommandResult result = lookup({"a"});
  EXPECT_EQ(result.exit_code, 1) << result.err;
  EXPECT_EQ(result.out, "");
  EXPECT_EQ(result.err, data.string() + ":2:4: error: Unable to parse (" + data.string() +
                            "): did not find expected ',' or ']' while parsing a flow sequence "
                            "at line 2 column 4\n" +
                            "b: [1, 2\n" + "   ^\n");
}

TEST_F(LookupLocation, ABrokenFactsFileIsRenderedAtItsPlace) {
  scratch_.write("facts.yaml", "fqdn: web01.example.com\nos:\n  family: Debian\n   name: x\n");
  CommandResult result = lookup({"a"});
  EXPECT_EQ(result.exit_code, 1) << result.err;
  EXPECT_EQ(result.err, facts_.string() +
                            ":4:8: error: mapping values are not allowed in this context\n" +
                            "   name: x\n" + "       ^\n");
}

}  // namespace
}  // namespace marionette
