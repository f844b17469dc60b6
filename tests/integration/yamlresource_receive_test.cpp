// `marionette yamlresource receive` over a pipe, as mgmt's pippet resource drove
// `puppet yamlresource receive`: one line in, one JSON line out, answered before the next line
// is written (a pipe protocol that buffered its answers would hang its client), bad lines
// answered with an error line while the process keeps serving, and a clean exit at end of input.
// The expected lines are those the puppet-yamlresource face (0.2.2) gave under Puppet 7.23.

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "support/piped_process.hpp"
#include "support/scratch_dir.hpp"

namespace marionette {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;

using Receiver = testing::PipedProcess;

std::string read_text(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

void send(Receiver& receiver, const std::string& line) {
  ASSERT_TRUE(receiver.send(line)) << "the receiver stopped reading";
}

class YamlresourceReceive : public ::testing::Test {
 protected:
  marionette::testing::ScratchDir scratch_{"yamlresource"};
  const fs::path& dir_ = scratch_.path();
};

const char* const kReady =
    "Notice: ready to receive resources in YAML representation (one per line)...";

TEST_F(YamlresourceReceive, AnswersEachLineBeforeTheNextAndKeepsServingAfterBadOnes) {
  Receiver receiver({MARIONETTE_BINARY, "yamlresource", "receive"}, dir_ / "stderr");
  EXPECT_EQ(receiver.read_line(), kReady);
  const std::string file = (dir_ / "x").string();

  send(receiver, "file " + file + " { ensure: file, content: \"hi\\n\" }");
  EXPECT_EQ(receiver.read_line(), "{\"resource\":\"File[" + file +
                                      "]\",\"failed\":false,\"changed\":true,\"noop\":false,"
                                      "\"error\":false,\"exception\":null}");
  EXPECT_EQ(read_text(file), "hi\n");

  send(receiver, "file " + file + " { parameters: many }");
  EXPECT_EQ(
      receiver.read_line(),
      R"({"failed":true,"changed":false,"error":true,"exception":"no parameter named 'parameters'"})");

  send(receiver, "file /a { this: will: not: parse }");
  EXPECT_EQ(
      receiver.read_line(),
      R"({"failed":true,"changed":false,"error":true,"exception":"There was an error parsing )"
      R"(the parameter YAML document: (<unknown>): did not find expected ',' or '}' while )"
      R"(parsing a flow mapping at line 1 column 1"})");

  send(receiver, "{bad json");
  EXPECT_EQ(
      receiver.read_line(),
      R"({"failed":true,"changed":false,"error":true,"exception":"unexpected token at '{bad json\n'"})");

  // Still serving: the same file again is in sync, and the JSON shape of a line works too.
  send(receiver, "file " + file + " { ensure: file, content: \"hi\\n\" }");
  Json again = Json::parse(receiver.read_line());
  EXPECT_EQ(again["changed"], false);
  EXPECT_EQ(again["failed"], false);
  const std::string other = (dir_ / "z").string();
  send(receiver, R"({"type":"file", "title":")" + other + R"(", "params":"{ ensure: file }"})");
  Json json_line = Json::parse(receiver.read_line());
  EXPECT_EQ(json_line["resource"], "File[" + other + "]");
  EXPECT_EQ(json_line["changed"], true);
  EXPECT_TRUE(fs::exists(other));

  send(receiver, "exec /bin/false {}");
  Json failed = Json::parse(receiver.read_line());
  EXPECT_EQ(failed["resource"], "Exec[/bin/false]");
  EXPECT_EQ(failed["failed"], true);
  EXPECT_EQ(failed["error"], false);

  EXPECT_EQ(receiver.finish(std::chrono::seconds(20)), 0);
  std::string errors = read_text(dir_ / "stderr");
  EXPECT_NE(errors.find("Error: (Applying File[" + file + "]) no parameter named 'parameters'"),
            std::string::npos)
      << errors;
}

TEST_F(YamlresourceReceive, NoopChangesNothingAndSaysSo) {
  Receiver receiver({MARIONETTE_BINARY, "yamlresource", "receive", "--noop"}, dir_ / "stderr");
  EXPECT_EQ(receiver.read_line(), kReady);
  const std::string file = (dir_ / "never").string();
  send(receiver, "file " + file + " { ensure: file }");
  Json answer = Json::parse(receiver.read_line());
  EXPECT_EQ(answer["noop"], true);
  EXPECT_EQ(answer["changed"], false);
  EXPECT_FALSE(fs::exists(file));
  EXPECT_EQ(receiver.finish(std::chrono::seconds(20)), 0);
}

}  // namespace
}  // namespace marionette
