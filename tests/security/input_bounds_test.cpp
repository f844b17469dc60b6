// Inputs that used to stop a long-running marionette process: a line that is not UTF-8 on
// `yamlresource receive`'s pipe (it exited 1 and stopped serving; in the plain form after
// applying the line) must be answered with the protocol's error line and never applied, and
// the process must keep serving the lines after it.

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "support/piped_process.hpp"
#include "support/scratch_dir.hpp"

namespace marionette {
namespace {

namespace fs = std::filesystem;
using Json = nlohmann::json;
using namespace std::chrono_literals;

const char* const kReady =
    "Notice: ready to receive resources in YAML representation (one per line)...";
const char* const kNotUtf8Answer =
    R"({"failed":true,"changed":false,"error":true,"exception":"invalid byte sequence in UTF-8"})";

class YamlresourceInput : public ::testing::Test {
 protected:
  testing::ScratchDir scratch_{"input-bounds"};
};

TEST_F(YamlresourceInput, ALineThatIsNotUtf8IsAnsweredAndTheReceiverKeepsServing) {
  testing::PipedProcess receiver({MARIONETTE_BINARY, "yamlresource", "receive"},
                                 scratch_.path() / "stderr");
  ASSERT_EQ(receiver.read_line(), kReady);
  const std::string bad_name = (scratch_.path() / "bad\xff\xfe").string();

  // The plain form: the title is not UTF-8.
  ASSERT_TRUE(receiver.send("file " + bad_name + " { ensure: file }"));
  EXPECT_EQ(receiver.read_line(10s), kNotUtf8Answer);
  EXPECT_FALSE(fs::exists(bad_name)) << "a line that is not UTF-8 must not be applied";

  // The JSON form, and bytes in the parameters.
  ASSERT_TRUE(receiver.send(R"({"type":"file","title":")" + bad_name +
                            R"(","params":"{ ensure: file }"})"));
  EXPECT_EQ(receiver.read_line(10s), kNotUtf8Answer);
  ASSERT_TRUE(receiver.send("notify x { message: \"\xc3\x28\" }"));
  EXPECT_EQ(receiver.read_line(10s), kNotUtf8Answer);
  EXPECT_FALSE(fs::exists(bad_name));

  // Still serving.
  const std::string good = (scratch_.path() / "good").string();
  ASSERT_TRUE(receiver.send("file " + good + " { ensure: file }"));
  const std::string answer = receiver.read_line(10s);
  ASSERT_FALSE(answer.empty()) << "the receiver stopped after a line that is not UTF-8\n"
                               << testing::ScratchDir::read(scratch_.path() / "stderr");
  EXPECT_EQ(Json::parse(answer)["changed"], true) << answer;
  EXPECT_TRUE(fs::exists(good));

  EXPECT_EQ(receiver.finish(20s), 0);
  const std::string errors = testing::ScratchDir::read(scratch_.path() / "stderr");
  EXPECT_NE(
      errors.find("Error: (Applying file " + (scratch_.path() / "bad").string() +
                  "\xEF\xBF\xBD\xEF\xBF\xBD { ensure: file }) invalid byte sequence in UTF-8"),
      std::string::npos)
      << errors;
}

}  // namespace
}  // namespace marionette
