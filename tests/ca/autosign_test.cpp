#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>

#include "ca/autosign.hpp"

namespace marionette::ca {
namespace {

namespace fs = std::filesystem;

class AutosignTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("marionette-autosign-" + std::to_string(::getpid()));
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path write(const std::string& name, const std::string& text, bool executable) {
    fs::path path = dir_ / name;
    std::ofstream(path) << text;
    if (executable) fs::permissions(path, fs::perms::owner_all);
    return path;
  }
  fs::path dir_;
};

TEST_F(AutosignTest, TrueAndFalse) {
  EXPECT_TRUE(AutosignPolicy("true").allows("a.example", ""));
  EXPECT_FALSE(AutosignPolicy("false").allows("a.example", ""));
  EXPECT_FALSE(AutosignPolicy((dir_ / "missing.conf").string()).allows("a.example", ""));
}

TEST_F(AutosignTest, AFileOfNamesAndGlobs) {
  fs::path conf = write("autosign.conf", "# fleet\nexact.example\n*.web.example  # web\n", false);
  AutosignPolicy policy(conf.string());
  EXPECT_TRUE(policy.allows("exact.example", ""));
  EXPECT_TRUE(policy.allows("a.web.example", ""));
  EXPECT_TRUE(policy.allows("a.b.web.example", ""));
  EXPECT_FALSE(policy.allows("web.example", ""));
  EXPECT_FALSE(policy.allows("other.example", ""));
  EXPECT_TRUE(autosign_line_matches("*", "anything"));
}

TEST_F(AutosignTest, AnExecutablePolicyGetsTheNameAndTheCsr) {
  fs::path seen = dir_ / "seen";
  fs::path policy = write("policy.sh",
                          "#!/bin/sh\ncat > " + seen.string() +
                              "\n[ \"$1\" = good.example ]\n",
                          true);
  EXPECT_TRUE(AutosignPolicy(policy.string()).allows("good.example", "CSR TEXT"));
  std::ifstream in(seen);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_EQ(text, "CSR TEXT");
  EXPECT_FALSE(AutosignPolicy(policy.string()).allows("bad.example", "CSR TEXT"));
}

TEST_F(AutosignTest, APolicyPastItsTimeoutSaysNo) {
  fs::path policy = write("slow.sh", "#!/bin/sh\nsleep 30\n", true);
  auto start = std::chrono::steady_clock::now();
  EXPECT_FALSE(
      AutosignPolicy(policy.string(), std::chrono::milliseconds(300)).allows("a.example", "x"));
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(5));
}

}  // namespace
}  // namespace marionette::ca
