// Issue 39: a Ruby worker of a one-run command (`marionette compile`, apply) starts Ruby with
// Ruby's own memory settings, through the real `marionette compile`: Ruby 3.1 disables
// transparent huge pages for its process (prctl) and its 32 MiB transient heap is on small
// pages. The worker once advised that heap onto huge pages; measured, its start-up was slower
// (the kernel zeroes 32 MiB instead of the 4 MiB Ruby touches; docs/performance.md, "The first
// Ruby call: small pages"), so nothing in the worker may bring them back unnoticed.

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "support/command.hpp"

namespace marionette {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using testing::CommandResult;
using testing::run_command;

constexpr auto kTimeLimit = 60s;

class RubyWorkerMemory : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("marionette-ruby-worker-memory-" + std::to_string(getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "modules");
  }
  void TearDown() override { fs::remove_all(dir_); }

  void write(const std::string& relative, const std::string& text) {
    fs::create_directories((dir_ / relative).parent_path());
    std::ofstream(dir_ / relative, std::ios::binary) << text;
  }

  /// A 4.x function rt::NAME (module rt) whose body is `body`, returning a String.
  void function(const std::string& name, const std::string& body) {
    write("modules/rt/lib/puppet/functions/rt/" + name + ".rb",
          "Puppet::Functions.create_function(:'rt::" + name + "') do\n  def " + name + "\n    " +
              body + "\n  end\nend\n");
  }

  /// The message of notify 'x' after compiling a manifest that sets it to rt::NAME().
  std::string message_of(const std::string& name) {
    write("site.pp", "notify { 'x': message => rt::" + name + "() }\n");
    CommandResult result = run_command({MARIONETTE_BINARY, "compile", "--env-dir", dir_.string(),
                                        "--facts", MARIONETTE_FACTS_FILE},
                                       kTimeLimit);
    EXPECT_FALSE(result.timed_out);
    EXPECT_EQ(result.exit_code, 0) << result.err;
    const std::string key = "\"message\":\"";
    std::size_t at = result.out.find(key);
    if (at == std::string::npos) return "(no message) " + result.err;
    at += key.size();
    return result.out.substr(at, result.out.find('"', at) - at);
  }

  fs::path dir_;
};

/// Whether the kernel gives transparent huge pages to a mapping that asks (`madvise` or
/// `always`): where it does not, no worker could have them and the test proves nothing.
bool kernel_gives_huge_pages() {
  std::ifstream setting("/sys/kernel/mm/transparent_hugepage/enabled");
  std::string text((std::istreambuf_iterator<char>(setting)), std::istreambuf_iterator<char>());
  return text.find("[madvise]") != std::string::npos || text.find("[always]") != std::string::npos;
}

TEST_F(RubyWorkerMemory, AWorkerACompileWaitsForKeepsRubysSmallPages) {
  if (!kernel_gives_huge_pages()) GTEST_SKIP() << "transparent huge pages are off on this machine";
  function(
      "thp",
      "File.read('/proc/self/status')[/^THP_enabled:\\s*(\\d)/, 1] + ' ' +\n"
      "      (File.read('/proc/self/smaps_rollup')[/^AnonHugePages:\\s*(\\d+)/, 1].to_i > 0).to_s");
  EXPECT_EQ(message_of("thp"), "0 false");
}

}  // namespace
}  // namespace marionette
