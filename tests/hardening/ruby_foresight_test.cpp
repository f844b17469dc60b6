// Issue 39: a compile that is about to need the embedded Ruby starts its Ruby worker as soon as
// the code it loads shows it (compiler/ruby_foresight.hpp), so that Ruby's start-up overlaps the
// compile instead of holding up the first call; one that names no Ruby starts none.
//
// Which came first is told by process ids, which Linux hands out in increasing order: the
// manifests run a shell (generate()) before their first Ruby call, and the Ruby code compares
// its worker's pid with the shell's. Without the foresight the worker is spawned by the first
// call, after the shell.

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

/// The pid of a shell that generate() runs, as a Puppet expression.
constexpr const char* kShellPid = "generate('/bin/sh', '-c', 'printf %s $$')";

class RubyForesight : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("marionette-ruby-foresight-" + std::to_string(getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "modules");
    // rt::worker_pid(): the pid of the Ruby worker that runs it.
    write("modules/rt/lib/puppet/functions/rt/worker_pid.rb",
          "Puppet::Functions.create_function(:'rt::worker_pid') do\n"
          "  def worker_pid\n    Process.pid.to_s\n  end\nend\n");
  }
  void TearDown() override { fs::remove_all(dir_); }

  void write(const std::string& relative, const std::string& text) {
    fs::create_directories((dir_ / relative).parent_path());
    std::ofstream(dir_ / relative, std::ios::binary) << text;
  }

  /// The message of notify 'x' in the catalog of site.pp.
  std::string message(const std::string& site) {
    write("site.pp", site);
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

TEST_F(RubyForesight, ARubyFunctionTheMainManifestCallsStartsRubyFirst) {
  EXPECT_EQ(message(std::string("$shell = Integer(") + kShellPid +
                    ")\n"
                    "notify { 'x': message => String(Integer(rt::worker_pid()) < $shell) }\n"),
            "true");
}

TEST_F(RubyForesight, ATemplateBeyondTheNativeEngineNamedByADefaultStartsRubyFirst) {
  write("modules/rt/templates/pid.erb", "<%= Process.pid %>");
  write("modules/rt/manifests/init.pp",
        std::string("class rt(String $source = 'rt/pid.erb') {\n  $shell = Integer(") + kShellPid +
            ")\n"
            "  notify { 'x': message => String(Integer(template($source)) < $shell) }\n}\n");
  EXPECT_EQ(message("include rt\n"), "true");
}

TEST_F(RubyForesight, ATemplateThatCallsARubyFunctionStartsRubyFirst) {
  write("modules/rt/templates/calls.erb", "<%= scope.call_function('rt::worker_pid', []) %>");
  write("modules/rt/manifests/init.pp",
        std::string("class rt {\n  $shell = Integer(") + kShellPid +
            ")\n"
            "  notify { 'x': message => String(Integer(template('rt/calls.erb')) < $shell) }\n}\n");
  EXPECT_EQ(message("include rt\n"), "true");
}

TEST_F(RubyForesight, ACompileThatNamesNoRubyStartsNoWorker) {
  // The module ships a Ruby function and a template beyond the native engine, unused.
  write("modules/rt/templates/pid.erb", "<%= Process.pid %>");
  write("modules/rt/manifests/init.pp",
        "class rt {\n  notify { 'x': message => generate('/bin/sh', '-c',\n"
        "    'printf \"%s:\" $$; cat /proc/$PPID/task/*/children') }\n}\n");
  std::string got = message("include rt\n");
  std::size_t colon = got.find(':');
  ASSERT_NE(colon, std::string::npos) << got;
  // marionette's only child is the shell itself.
  EXPECT_EQ(got.substr(colon + 1), got.substr(0, colon) + " ");
}

}  // namespace
}  // namespace marionette
