// `apply --trace` and the errors of code given with -e or on stdin, beside real Puppet 7.23.
//
// puppet apply --trace site.pp (a define declared in a class fails):
//   Error: Evaluation Error: Error while evaluating a Resource Statement, Evaluation Error: Error
//   while evaluating a Function Call, deep a (file: …/site.pp, line: 2, column: 3) (file:
//   …/site.pp, line: 5) on node vm
//   …/puppet/parser/functions/fail.rb:10:in `block in get_binding'   (Ruby frames, and Puppet's
//   …                                                                   own `file:line` frames)
// marionette has no Ruby frames to show; --trace adds the Puppet-language stack instead, one
// `file:line` a line, innermost first: the call that failed, then each function call, class
// inclusion and defined-type declaration it was reached through.
//
// puppet apply -e 'fail(x'        : "Error: Could not parse for environment production: Syntax
//                                    error at end of input on node vm" (no file named)
// puppet apply -e 'fail("x")'     : "… x (line: 1, column: 1) on node vm"
// echo 'notice($y)' | puppet apply: "Warning: Unknown variable: 'y'. (line: 1, column: 8)"

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "support/command.hpp"
#include "support/scratch_dir.hpp"

namespace marionette {
namespace {

namespace fs = std::filesystem;
using testing::CommandResult;
using testing::run_command;

class TraceCli : public ::testing::Test {
 protected:
  fs::path write(const std::string& name, const std::string& text) {
    return scratch_.write(name, text);
  }

  CommandResult marionette(std::vector<std::string> args) {
    std::vector<std::string> argv = {MARIONETTE_BINARY};
    argv.insert(argv.end(), args.begin(), args.end());
    for (const char* extra : {"--puppet-compat", "7", "--facts", MARIONETTE_FACTS_FILE})
      argv.push_back(extra);
    return run_command(argv, std::chrono::seconds(30));
  }

  CommandResult apply(std::vector<std::string> args) {
    args.insert(args.begin(), {"apply", "--statedir", (dir_ / "state").string()});
    return marionette(std::move(args));
  }

  marionette::testing::ScratchDir scratch_{"trace"};
  const fs::path& dir_ = scratch_.path();
};

TEST_F(TraceCli, TraceAddsThePuppetStackAfterTheError) {
  fs::path site = write("site.pp",
                        "define inner::thing() {\n"
                        "  fail(\"deep ${title}\")\n"
                        "}\n"
                        "class outer {\n"
                        "  inner::thing { 'a': }\n"
                        "}\n"
                        "include outer\n");
  // Raised in the defined type's body, the error is reported at the declaration with its own
  // place after the message, as Puppet 7 and 8 wrap it in that Resource Statement.
  const std::string error = site.string() + ":5:3: error: deep a (file: " + site.string() +
                            ", line: 2, column: 3)\n"
                            "  inner::thing { 'a': }\n"
                            "  ^~~~~~~~~~~~\n" +
                            site.string() + ":2: note: the other place this error names\n";
  CommandResult plain = apply({site.string()});
  EXPECT_EQ(plain.exit_code, 1);
  EXPECT_EQ(plain.err, error) << "without --trace, only the error";

  CommandResult traced = apply({"--trace", site.string()});
  EXPECT_EQ(traced.exit_code, 1);
  EXPECT_EQ(traced.err, error + site.string() + ":2\n" + site.string() + ":5\n");
}

TEST_F(TraceCli, TraceFollowsClassesAndFunctionsInTheLanguage) {
  fs::path site = write("site.pp",
                        "function outer::check(String $x) {\n"
                        "  fail(\"bad ${x}\")\n"
                        "}\n"
                        "class outer {\n"
                        "  outer::check('y')\n"
                        "}\n"
                        "include outer\n");
  CommandResult traced = apply({"--trace", site.string()});
  EXPECT_EQ(traced.exit_code, 1);
  // fail() at 2, outer::check() at 5, `include outer` at 7 (the call and the class: one frame).
  const std::string stack =
      site.string() + ":2\n" + site.string() + ":5\n" + site.string() + ":7\n";
  ASSERT_GE(traced.err.size(), stack.size()) << traced.err;
  EXPECT_EQ(traced.err.substr(traced.err.size() - stack.size()), stack) << traced.err;
}

TEST_F(TraceCli, CodeGivenWithDashENamesNoFile) {
  CommandResult syntax = apply({"-e", "fail(x"});
  EXPECT_EQ(syntax.exit_code, 1);
  EXPECT_EQ(syntax.err.find("/tmp"), std::string::npos) << syntax.err;
  EXPECT_EQ(syntax.err.rfind("1:", 0), 0u) << syntax.err;

  CommandResult failed = apply({"-e", "fail('x')"});
  EXPECT_EQ(failed.exit_code, 1);
  EXPECT_EQ(failed.err, "1:1: error: x\nfail('x')\n^~~~\n");

  CommandResult warned = apply({"-e", "notice($y)"});
  EXPECT_EQ(warned.exit_code, 0) << warned.err;
  EXPECT_EQ(warned.err, "Warning: Unknown variable: 'y'. (line: 1, column: 8)\n");
}

TEST_F(TraceCli, CodeOnStandardInputNamesNoFile) {
  fs::path code = write("code.pp", "notice($y)\nfail('x')\n");
  CommandResult run =
      run_command({"/bin/sh", "-c",
                   std::string(MARIONETTE_BINARY) + " apply --puppet-compat 7 --facts " + MARIONETTE_FACTS_FILE +
                       " --statedir " + (dir_ / "state").string() + " < " + code.string()},
                  std::chrono::seconds(30));
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(run.err,
            "Warning: Unknown variable: 'y'. (line: 1, column: 8)\n"
            "2:1: error: x\nfail('x')\n^~~~\n");
}

// puppet apply has --strict and --strict_variables; marionette compile takes them too.
TEST_F(TraceCli, CompileTakesTheStrictFlags) {
  fs::path site = write("site.pp", "notice($nosuch)\n");
  CommandResult warned = marionette({"compile", "--manifest", site.string()});
  EXPECT_EQ(warned.exit_code, 0) << warned.err;
  EXPECT_NE(warned.err.find("Warning: Unknown variable: 'nosuch'."), std::string::npos)
      << warned.err;
  for (std::vector<std::string> flags : {std::vector<std::string>{"--strict_variables"},
                                         std::vector<std::string>{"--strict-variables"},
                                         std::vector<std::string>{"--strict", "error"}}) {
    std::vector<std::string> args = {"compile", "--manifest", site.string()};
    args.insert(args.end(), flags.begin(), flags.end());
    CommandResult strict = marionette(args);
    EXPECT_EQ(strict.exit_code, 1) << flags[0] << strict.err;
    EXPECT_NE(strict.err.find("Unknown variable: 'nosuch'"), std::string::npos) << strict.err;
  }
  CommandResult off = marionette({"compile", "--manifest", site.string(), "--strict", "off"});
  EXPECT_EQ(off.exit_code, 0) << off.err;
  EXPECT_EQ(off.err.find("Unknown variable"), std::string::npos) << off.err;
}

}  // namespace
}  // namespace marionette
