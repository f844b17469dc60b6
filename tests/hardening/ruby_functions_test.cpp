// Issue 23: functions modules ship in Ruby run in marionette-ruby.so, loaded only by a compile
// that calls one, through the real `marionette compile`. The test module is the golden case
// ruby_function_values' (tests/golden/cases/ruby_function_values/modules/rt), whose catalog
// real Puppet wrote; here: what only a whole process shows (the module absent, not loaded,
// positions of errors, nesting, a call back that fails, the executable not linking Ruby).

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

class RubyFunctions : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("marionette-ruby-functions-" + std::to_string(getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "modules");
    fs::copy(fs::path(MARIONETTE_SOURCE_DIR) / "tests/golden/cases/ruby_function_values/modules",
             dir_ / "modules", fs::copy_options::recursive);
  }
  void TearDown() override { fs::remove_all(dir_); }

  void write(const std::string& relative, const std::string& text) {
    fs::create_directories((dir_ / relative).parent_path());
    std::ofstream(dir_ / relative, std::ios::binary) << text;
  }

  CommandResult compile(const std::string& manifest,
                        const std::vector<std::pair<std::string, std::string>>& env = {}) {
    write("site.pp", manifest);
    CommandResult result = run_command({MARIONETTE_BINARY, "compile", "--env-dir", dir_.string(),
                                        "--facts", MARIONETTE_FACTS_FILE},
                                       kTimeLimit, env);
    EXPECT_FALSE(result.timed_out) << manifest;
    return result;
  }

  fs::path dir_;
};

TEST_F(RubyFunctions, FourAndThreeApiFunctionsCompile) {
  CommandResult result = compile(
      "$rt_local = 'mine'\n"
      "notify { 'a': message => rt::greet('bob', 2) }\n"
      "notify { 'b': message => rt_old(undef, 'x') }\n");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.out.find("HELLO BOBHELLO BOB"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find(R"(\"\"/\"x\"/Debian/mine/[\"a\", nil])"), std::string::npos)
      << result.out;
}

TEST_F(RubyFunctions, WithoutTheModuleTheErrorNamesFunctionAndPackage) {
  CommandResult result = compile("notify { 'a': message => rt::greet('bob') }\n",
                                 {{"MARIONETTE_RUBY_MODULE", (dir_ / "absent.so").string()}});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_NE(result.err.find("site.pp:1:26: error: The function 'rt::greet' is written in Ruby"),
            std::string::npos)
      << result.err;
  EXPECT_NE(result.err.find("install the package marionette-ruby"), std::string::npos)
      << result.err;
}

TEST_F(RubyFunctions, ACompileWithoutRubyFunctionsNeverLoadsTheModule) {
  CommandResult result = compile("notify { 'a': message => join(['x', 'y'], '-') }\n",
                                 {{"MARIONETTE_RUBY_MODULE", (dir_ / "absent.so").string()}});
  EXPECT_EQ(result.exit_code, 0) << result.err;
}

TEST_F(RubyFunctions, TheExecutableDoesNotLinkRuby) {
  CommandResult ldd = run_command({"ldd", MARIONETTE_BINARY}, kTimeLimit);
  ASSERT_EQ(ldd.exit_code, 0) << ldd.err;
  EXPECT_EQ(ldd.out.find("libruby"), std::string::npos) << ldd.out;
}

TEST_F(RubyFunctions, ARaisingFunctionFailsAtTheCallWithItsMessage) {
  CommandResult result =
      compile("notify { 'before': }\n\n  notify { 'x': message => rt::fail(3) }\n");
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_NE(result.err.find("site.pp:3:28: error: bad value 3"), std::string::npos) << result.err;
}

TEST_F(RubyFunctions, MismatchedArgumentsAreWordedAsPuppetWordsThem) {
  CommandResult result = compile("notify { 'x': message => rt::echo(1, 2) }\n");
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_NE(result.err.find("site.pp:1:26: error: 'rt::echo' expects 1 argument, got 2"),
            std::string::npos)
      << result.err;
  result = compile("notify { 'x': message => rt::greet(2.5, 1) }\n");
  EXPECT_NE(result.err.find("site.pp:1:26: error: The function 'rt::greet' was called with "
                            "arguments it does not accept. It expects one of:\n"
                            "  (String name, Integer times?)\n"
                            "    rejected: parameter 'name' expects a String value, got Float\n"
                            "  (Integer n)\n"
                            "    rejected: expects 1 argument, got 2\n"),
            std::string::npos)
      << result.err;
  result = compile("notify { 'x': message => rt_old(1) }\n");
  EXPECT_NE(result.err.find("site.pp:1:26: error: rt_old(): needs 2 args, got 1"),
            std::string::npos)
      << result.err;
}

// Ruby calls a Puppet function that calls a Ruby function that calls Puppet's join.
TEST_F(RubyFunctions, CallsNestBetweenRubyAndPuppet) {
  write("modules/rt/functions/wrap.pp",
        "function rt::wrap($x) { rt::callback([$x, 'z']) |$v| { \"(${v})\" } }\n");
  write("modules/rt/lib/puppet/functions/rt/outer.rb",
        "Puppet::Functions.create_function(:'rt::outer') do\n"
        "  def outer(x)\n    call_function('rt::wrap', x).inspect\n  end\nend\n");
  CommandResult result = compile("notify { 'x': message => rt::outer('q') }\n");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.out.find(R"([\"q-z\", 8, [\"(q)\", \"(z)\"]])"), std::string::npos)
      << result.out;
}

// Endless recursion through call_function stops at the bound, as Puppet stops at Ruby's stack
// ("stack level too deep"), never by a crash.
TEST_F(RubyFunctions, RecursionThroughCallFunctionIsBounded) {
  write("modules/rt/lib/puppet/functions/rt/rec.rb",
        "Puppet::Functions.create_function(:'rt::rec') do\n"
        "  def rec(n)\n    call_function('rt::rec', n + 1)\n  end\nend\n");
  CommandResult result = compile("notify { 'x': message => rt::rec(0) }\n");
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_NE(result.err.find("site.pp:1:26: error: stack level too deep"), std::string::npos)
      << result.err;
}

// Ruby's own endless recursion, on Ruby's thread, is Ruby's SystemStackError, as in Puppet.
TEST_F(RubyFunctions, EndlessRubyRecursionIsRubysStackError) {
  write("modules/rt/lib/puppet/functions/rt/deep.rb",
        "Puppet::Functions.create_function(:'rt::deep') do\n"
        "  def deep(n)\n    down(n)\n  end\n"
        "  def down(n)\n    down(n + 1) + 1\n  end\nend\n");
  CommandResult result = compile("notify { 'x': message => rt::deep(0) }\n");
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_NE(result.err.find("site.pp:1:26: error: stack level too deep"), std::string::npos)
      << result.err;
}

// A Puppet error inside a call back keeps its own position when Ruby lets it through.
TEST_F(RubyFunctions, AFailingCallBackKeepsItsOwnPosition) {
  write("modules/rt/functions/boom.pp", "function rt::boom() {\n  fail('boom here')\n}\n");
  write("modules/rt/lib/puppet/functions/rt/calls_boom.rb",
        "Puppet::Functions.create_function(:'rt::calls_boom') do\n"
        "  def calls_boom\n    call_function('rt::boom')\n  end\nend\n");
  CommandResult result = compile("notify { 'x': message => rt::calls_boom() }\n");
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_NE(result.err.find("boom.pp:2:3: error: boom here"), std::string::npos) << result.err;
}

// Ruby code that reaches beyond the layer fails with Ruby's words naming what is missing.
TEST_F(RubyFunctions, MissingPuppetInternalsAreNamed) {
  write("modules/rt/lib/puppet/functions/rt/internal.rb",
        "Puppet::Functions.create_function(:'rt::internal') do\n"
        "  def internal\n    Puppet::Util::Nothing.go\n  end\nend\n");
  CommandResult result = compile("notify { 'x': message => rt::internal() }\n");
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_NE(result.err.find("site.pp:1:26: error: uninitialized constant Puppet::Util::Nothing "
                            "(marionette's Ruby layer does not provide it)"),
            std::string::npos)
      << result.err;
}

// Puppet[:setting] gives Debian's Puppet 7 settings (the golden case ruby_function_runtime
// cannot: the oracle runs with temporary directories); an unknown setting is nil, as Puppet's.
TEST_F(RubyFunctions, SettingsAreDebiansPuppetSettings) {
  write("modules/rt/lib/puppet/functions/rt/setting.rb",
        "Puppet::Functions.create_function(:'rt::setting') do\n"
        "  def setting(name)\n    Puppet[name.to_sym].to_s\n  end\nend\n");
  CommandResult result = compile(
      "notify { 'x': message => \"${rt::setting('vardir')} ${rt::setting('confdir')}\" }\n");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.out.find("/var/cache/puppet /etc/puppet"), std::string::npos) << result.out;
  result = compile("notify { 'x': message => \"[${rt::setting('no_such')}]\" }\n");
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.out.find("\"message\":\"[]\""), std::string::npos) << result.out;
}

// Puppet.warning and its kin go to the run's log, as `puppet apply` shows them: warnings,
// notices and errors always, info and debug only with --debug (checked against Puppet 7.23:
// "Warning: warned a", "Notice: noticed", "Error: erred"; "Info:", "Debug:" with --debug).
TEST_F(RubyFunctions, PuppetLogMethodsGoToTheRunLog) {
  write("modules/rt/lib/puppet/parser/functions/rt_log.rb",
        "Puppet::Parser::Functions.newfunction(:rt_log, :type => :rvalue) do |args|\n"
        "  Puppet.warning(\"warned #{args[0]}\")\n  Puppet.notice('noticed')\n"
        "  Puppet.err('erred')\n  Puppet.info('informed')\n  Puppet.debug('debugged')\n"
        "  'ok'\nend\n");
  write("site.pp", "notify { rt_log('a'): }\n");
  auto apply = [&](bool debug) {
    std::vector<std::string> argv = {MARIONETTE_BINARY, "apply",  "--noop",
                                     "--statedir",      (dir_ / "state").string(),
                                     "--facts",         MARIONETTE_FACTS_FILE,
                                     "--modulepath",    (dir_ / "modules").string(),
                                     (dir_ / "site.pp").string()};
    if (debug) argv.push_back("--debug");
    CommandResult result = run_command(argv, kTimeLimit);
    EXPECT_FALSE(result.timed_out);
    EXPECT_EQ(result.exit_code, 0) << result.err;
    return result.out + result.err;
  };
  std::string quiet = apply(false);
  for (const char* line : {"Warning: warned a\n", "Notice: noticed\n", "Error: erred\n"})
    EXPECT_NE(quiet.find(line), std::string::npos) << line << " in\n" << quiet;
  EXPECT_EQ(quiet.find("informed"), std::string::npos) << quiet;
  EXPECT_EQ(quiet.find("debugged"), std::string::npos) << quiet;
  std::string loud = apply(true);
  EXPECT_NE(loud.find("Info: informed\n"), std::string::npos) << loud;
  EXPECT_NE(loud.find("Debug: debugged\n"), std::string::npos) << loud;
}

}  // namespace
}  // namespace marionette
