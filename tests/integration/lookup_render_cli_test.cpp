// `marionette lookup --render-as FORMAT` and `--default`, beside what `puppet lookup` (Puppet
// 7.23) printed for the same data: the same bytes on stdout, the same errors, exit codes.

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "support/command.hpp"

namespace marionette {
namespace {

namespace fs = std::filesystem;
using testing::CommandResult;
using testing::run_command;

class LookupRender : public ::testing::Test {
 protected:
  void SetUp() override {
    char name[] = "/tmp/marionette-lookup-render-XXXXXX";
    ASSERT_NE(::mkdtemp(name), nullptr);
    dir_ = name;
    fs::create_directories(dir_ / "envs/production/data");
    std::ofstream(dir_ / "envs/production/hiera.yaml")
        << "version: 5\nhierarchy:\n  - name: common\n    path: common.yaml\n";
    std::ofstream(dir_ / "envs/production/data/common.yaml")
        << "str: hello\nnum: 42\narr: [a, 1, true]\nh: {x: 1, y: [a, b], z: {q: 'yes'}}\n"
           "nul: ~\n";
    std::ofstream(dir_ / "facts.yaml") << "kernel: Linux\n";
    // An empty global layer, so that the machine's /etc/marionette/hiera.yaml plays no part.
    std::ofstream(dir_ / "global.yaml") << "version: 5\nhierarchy: []\n";
  }
  void TearDown() override { fs::remove_all(dir_); }

  CommandResult lookup(std::vector<std::string> args) {
    args.insert(args.begin(),
                {MARIONETTE_BINARY, "lookup", "--facts", (dir_ / "facts.yaml").string(),
                 "--environmentpath", (dir_ / "envs").string(), "--hiera-config",
                 (dir_ / "global.yaml").string()});
    return run_command(args, std::chrono::seconds(30));
  }
  std::string out(const std::string& format, const std::string& key) {
    CommandResult result = lookup({"--render-as", format, key});
    EXPECT_EQ(result.exit_code, 0) << format << " " << key << ": " << result.err;
    return result.out;
  }
  fs::path dir_;
};

TEST_F(LookupRender, JsonIsRubysCompactJson) {
  EXPECT_EQ(out("json", "str"), "\"hello\"\n");
  EXPECT_EQ(out("json", "num"), "42\n");
  EXPECT_EQ(out("json", "arr"), "[\"a\",1,true]\n");
  EXPECT_EQ(out("json", "h"), "{\"x\":1,\"y\":[\"a\",\"b\"],\"z\":{\"q\":\"yes\"}}\n");
  EXPECT_EQ(out("json", "nul"), "null\n");
  EXPECT_EQ(out("pson", "h"), "{\"x\":1,\"y\":[\"a\",\"b\"],\"z\":{\"q\":\"yes\"}}\n");
}

TEST_F(LookupRender, YamlIsPsychsToYaml) {
  EXPECT_EQ(out("yaml", "str"), "--- hello\n");
  EXPECT_EQ(out("yaml", "num"), "--- 42\n");
  EXPECT_EQ(out("yaml", "arr"), "---\n- a\n- 1\n- true\n");
  EXPECT_EQ(out("yaml", "h"), "---\nx: 1\n\"y\":\n- a\n- b\nz:\n  q: 'yes'\n");
  EXPECT_EQ(out("yaml", "nul"), "---\n");
  EXPECT_EQ(out("YAML", "num"), "--- 42\n");  // Puppet downcases the format
}

TEST_F(LookupRender, SIsRubysToS) {
  EXPECT_EQ(out("s", "str"), "hello\n");
  EXPECT_EQ(out("s", "num"), "42\n");
  EXPECT_EQ(out("s", "arr"), "[\"a\", 1, true]\n");
  EXPECT_EQ(out("s", "h"), "{\"x\"=>1, \"y\"=>[\"a\", \"b\"], \"z\"=>{\"q\"=>\"yes\"}}\n");
  EXPECT_EQ(out("s", "nul"), "\n");
}

TEST_F(LookupRender, FormatsThatCannotRenderDataFailAsPuppets) {
  CommandResult binary = lookup({"--render-as", "binary", "str"});
  EXPECT_EQ(binary.exit_code, 1);
  EXPECT_EQ(binary.out, "");
  EXPECT_EQ(binary.err,
            "Error: Could not run: String does not respond to to_binary; can not render "
            "instances to application/octet-stream\n");
  CommandResult msgpack = lookup({"--render-as", "msgpack", "h"});
  EXPECT_EQ(msgpack.exit_code, 1);
  EXPECT_EQ(msgpack.err,
            "Error: Could not run: Hash does not respond to to_msgpack; can not render "
            "instances to application/x-msgpack\n");
  CommandResult unknown = lookup({"--render-as", "p", "str"});
  EXPECT_EQ(unknown.exit_code, 1);
  EXPECT_EQ(unknown.out, "");
  EXPECT_EQ(unknown.err, "Error: Could not run: Unknown rendering format 'p'\n");
}

TEST_F(LookupRender, DefaultIsAStringUsedOnlyWhenNothingIsFound) {
  CommandResult missing = lookup({"--default", "5", "missing"});
  EXPECT_EQ(missing.exit_code, 0) << missing.err;
  EXPECT_EQ(missing.out, "--- '5'\n");
  CommandResult as_json = lookup({"--render-as", "json", "--default", "5", "missing"});
  EXPECT_EQ(as_json.out, "\"5\"\n");
  CommandResult found = lookup({"--default", "x", "str"});
  EXPECT_EQ(found.out, "--- hello\n");
  CommandResult none = lookup({"missing"});
  EXPECT_EQ(none.exit_code, 1);
  EXPECT_EQ(none.out, "");
}

TEST_F(LookupRender, TypeChecksTheFoundOrDefaultValueAsPuppet) {
  CommandResult ok = lookup({"--type", "Integer", "num"});
  EXPECT_EQ(ok.exit_code, 0) << ok.err;
  EXPECT_EQ(ok.out, "--- 42\n");
  // Puppet 7.23's errors for the same lookups, exit 1:
  CommandResult wrong = lookup({"--type", "String", "num"});
  EXPECT_EQ(wrong.exit_code, 1);
  EXPECT_EQ(wrong.err,
            "Error: Could not run: Found value has wrong type, expects a String value, got "
            "Integer\n");
  CommandResult range = lookup({"--type", "Integer[50]", "num"});
  EXPECT_EQ(range.err,
            "Error: Could not run: Found value has wrong type, expects an Integer[50] value, "
            "got Integer[42, 42]\n");
  CommandResult bad_default = lookup({"--type", "Integer", "--default", "5", "missing"});
  EXPECT_EQ(bad_default.exit_code, 1);
  EXPECT_EQ(bad_default.err,
            "Error: Could not run: Default value has wrong type, expects an Integer value, got "
            "String\n");
  CommandResult none = lookup({"--type", "Integer", "missing"});
  EXPECT_EQ(none.exit_code, 1);
  EXPECT_EQ(none.out + none.err, "");
}

TEST_F(LookupRender, CompileLetsHieraSeeTheMainManifestsVariables) {
  fs::create_directories(dir_ / "envs/production/manifests");
  fs::create_directories(dir_ / "envs/production/data/roles");
  std::ofstream(dir_ / "envs/production/manifests/site.pp") << "$role = 'web'\n";
  std::ofstream(dir_ / "envs/production/hiera.yaml")
      << "version: 5\nhierarchy:\n  - name: role\n    path: \"roles/%{role}.yaml\"\n"
         "  - name: common\n    path: common.yaml\n";
  std::ofstream(dir_ / "envs/production/data/roles/web.yaml") << "greeting: from web\n";
  // puppet lookup --compile greeting: "--- from web"; without --compile: nothing, exit 1.
  CommandResult compiled = lookup({"--compile", "greeting"});
  EXPECT_EQ(compiled.exit_code, 0) << compiled.err;
  EXPECT_EQ(compiled.out, "--- from web\n");
  CommandResult short_flag = lookup({"-c", "--render-as", "s", "greeting"});
  EXPECT_EQ(short_flag.out, "from web\n");
  CommandResult plain = lookup({"greeting"});
  EXPECT_EQ(plain.exit_code, 1);
  EXPECT_EQ(plain.out, "");
}

}  // namespace
}  // namespace marionette
