// `marionette lookup KEY --explain` against what `puppet lookup KEY --explain` (Puppet 7.23)
// printed for the same files: fixtures/lookup_explain (see its README).

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "support/command.hpp"

namespace marionette {
namespace {

namespace fs = std::filesystem;
using testing::CommandResult;
using testing::run_command;

const fs::path kFixture = fs::path(MARIONETTE_FIXTURES_DIR) / "lookup_explain";

/// Puppet's output with {ENV} and {GLOBAL} standing for the fixture's paths put back.
std::string puppet_said(const std::string& name) {
  std::ifstream in(kFixture / name);
  std::stringstream text;
  text << in.rdbuf();
  std::string out = text.str();
  for (const auto& [placeholder, path] :
       {std::pair<std::string, std::string>{"{ENV}", (kFixture / "env").string()},
        {"{GLOBAL}", (kFixture / "global/hiera.yaml").string()}})
    for (std::size_t at = out.find(placeholder); at != std::string::npos;
         at = out.find(placeholder, at + path.size()))
      out.replace(at, placeholder.size(), path);
  return out;
}

CommandResult explain(std::vector<std::string> key_and_options) {
  std::vector<std::string> args = {MARIONETTE_BINARY, "lookup"};
  args.insert(args.end(), key_and_options.begin(), key_and_options.end());
  for (const std::string& option :
       {std::string("--explain"), std::string("--env-dir"), (kFixture / "env").string(),
        std::string("--facts"), std::string(MARIONETTE_FACTS_FILE), std::string("--node"),
        std::string("web01.example.com"), std::string("--hiera-config"),
        (kFixture / "global/hiera.yaml").string()})
    args.push_back(option);
  return run_command(args, std::chrono::seconds(30));
}

TEST(LookupExplain, LookupOptionsOfTheEnvironmentAndTheModuleMergedAsPuppetShowsThem) {
  CommandResult x = explain({"app::x"});
  EXPECT_EQ(x.exit_code, 0) << x.err;
  EXPECT_EQ(x.out, puppet_said("puppet7_app_x.txt"));
  CommandResult z = explain({"app::z"});
  EXPECT_EQ(z.exit_code, 0) << z.err;
  EXPECT_EQ(z.out, puppet_said("puppet7_app_z.txt"));
}

TEST(LookupExplain, AModuleWithoutHieraYamlAndAMissingModuleAreNamed) {
  CommandResult no_provider = explain({"app2::k"});
  EXPECT_EQ(no_provider.exit_code, 1);
  EXPECT_EQ(no_provider.out, puppet_said("puppet7_app2_k.txt"));
  CommandResult no_module = explain({"nope::k", "--merge", "unique"});
  EXPECT_EQ(no_module.exit_code, 1);
  EXPECT_EQ(no_module.out, puppet_said("puppet7_nope_k_merge_unique.txt"));
}

TEST(LookupExplain, ADottedKeyDigsIntoTheRootsValueOnceFoundOrMerged) {
  CommandResult first = explain({"app::h.inner"});
  EXPECT_EQ(first.exit_code, 0) << first.err;
  EXPECT_EQ(first.out, puppet_said("puppet7_app_h_inner.txt"));
  CommandResult deep = explain({"app::h.inner.w", "--merge", "deep"});
  EXPECT_EQ(deep.exit_code, 0) << deep.err;
  EXPECT_EQ(deep.out, puppet_said("puppet7_app_h_inner_w_merge_deep.txt"));
}

TEST(LookupExplain, InterpolationsShowWhatTheyRead) {
  CommandResult greet = explain({"app::greet"});
  EXPECT_EQ(greet.exit_code, 0) << greet.err;
  EXPECT_EQ(greet.out, puppet_said("puppet7_app_greet.txt"));
  CommandResult copy = explain({"app::copy"});
  EXPECT_EQ(copy.exit_code, 0) << copy.err;
  EXPECT_EQ(copy.out, puppet_said("puppet7_app_copy.txt"));
}

TEST(LookupExplain, AnUndefinedVariableAndTheReservedKey) {
  CommandResult miss = explain({"app::miss"});
  EXPECT_EQ(miss.exit_code, 0) << miss.err;
  EXPECT_EQ(miss.out, puppet_said("puppet7_app_miss.txt"));
  CommandResult reserved = explain({"lookup_options"});
  EXPECT_EQ(reserved.exit_code, 1);
  EXPECT_EQ(reserved.out, puppet_said("puppet7_lookup_options.txt"));
}

}  // namespace
}  // namespace marionette
