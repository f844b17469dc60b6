// `marionette parser validate` on directories, missing files, stdin and the environment's main
// manifest, beside what `puppet parser validate` (Puppet 7.23) did with the same files: which
// file it stops at, what it says, its exit code.

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

class ParserValidate : public ::testing::Test {
 protected:
  void SetUp() override {
    char name[] = "/tmp/marionette-parser-validate-XXXXXX";
    ASSERT_NE(::mkdtemp(name), nullptr);
    dir_ = name;
  }
  void TearDown() override { fs::remove_all(dir_); }

  void write(const std::string& relative, const std::string& text) {
    fs::create_directories((dir_ / relative).parent_path());
    std::ofstream(dir_ / relative) << text;
  }
  CommandResult validate(std::vector<std::string> args) {
    args.insert(args.begin(), {MARIONETTE_BINARY, "parser", "validate"});
    return run_command(args, std::chrono::seconds(30));
  }
  /// The command run through `sh -c`, for stdin redirections.
  CommandResult shell(const std::string& line) {
    return run_command({"/bin/sh", "-c", line}, std::chrono::seconds(30));
  }
  fs::path dir_;
};

TEST_F(ParserValidate, ADirectoryIsEveryManifestBelowItUpToTheFirstError) {
  // Puppet 7.23, `puppet parser validate pv` on this tree: exit 1 and one error, for
  // a/b/bad.pp ("Syntax error at end of input"), not for a/b/bad2.pp after it.
  write("pv/a/good.pp", "class a { notify { 'x': } }\n");
  write("pv/a/b/bad.pp", "class b {\n");
  write("pv/a/b/bad2.pp", "notice(\n");
  write("pv/a/readme.txt", "not puppet {\n");
  CommandResult result = validate({(dir_ / "pv").string()});
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_NE(result.err.find("a/b/bad.pp:2:1: error: Syntax error at end of input"),
            std::string::npos)
      << result.err;
  EXPECT_EQ(result.err.find("bad2.pp"), std::string::npos) << result.err;

  fs::remove(dir_ / "pv/a/b/bad.pp");
  fs::remove(dir_ / "pv/a/b/bad2.pp");
  CommandResult good = validate({(dir_ / "pv").string()});
  EXPECT_EQ(good.exit_code, 0) << good.err;
  EXPECT_EQ(good.out + good.err, "");
}

TEST_F(ParserValidate, FilesAreEachValidatedAndMissingOnesNamedAfter) {
  // `puppet parser validate bad2.pp bad.pp good.pp`: both errors, exit 1; with missing files,
  // "Error: One or more file(s) specified did not exist:" naming them, exit 1.
  write("bad.pp", "class b {\n");
  write("bad2.pp", "notice(\n");
  write("good.pp", "notice(1)\n");
  CommandResult both = validate(
      {(dir_ / "bad2.pp").string(), (dir_ / "bad.pp").string(), (dir_ / "good.pp").string()});
  EXPECT_EQ(both.exit_code, 1);
  EXPECT_NE(both.err.find("bad2.pp:2:1: error"), std::string::npos) << both.err;
  EXPECT_NE(both.err.find("bad.pp:2:1: error"), std::string::npos) << both.err;

  CommandResult missing = validate({(dir_ / "good.pp").string(), "nope.pp", "other.pp"});
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_EQ(missing.err,
            "Error: One or more file(s) specified did not exist:\n   nope.pp\n"
            "   other.pp\n");
}

TEST_F(ParserValidate, WithoutAFileCodeOnStdinIsValidated) {
  // `echo 'notice(' | puppet parser validate`: exit 1; `echo 'notice(1)' | ...`: exit 0.
  const std::string binary = MARIONETTE_BINARY;
  CommandResult bad = shell("echo 'notice(' | '" + binary + "' parser validate");
  EXPECT_EQ(bad.exit_code, 1);
  EXPECT_NE(bad.err.find("Syntax error at end of input"), std::string::npos) << bad.err;
  CommandResult good = shell("echo 'notice(1)' | '" + binary + "' parser validate");
  EXPECT_EQ(good.exit_code, 0) << good.err;
}

TEST_F(ParserValidate, WithoutAFileOnATerminalTheEnvironmentsManifestsAreValidated) {
  // On a terminal, `puppet parser validate --environmentpath ENVS` printed
  // "Notice: No manifest specified. Validating the default manifest ENVS/production/manifests"
  // and the error of manifests/site.pp. `script` gives the command a terminal.
  const fs::path script = testing::find_executable("script");
  if (script.empty()) GTEST_SKIP() << "script (util-linux) is not installed";
  write("envs/production/manifests/site.pp", "notice(\n");
  const std::string command = std::string(MARIONETTE_BINARY) +
                              " parser validate --environmentpath " + (dir_ / "envs").string();
  CommandResult bad =
      run_command({script.string(), "-qec", command, "/dev/null"}, std::chrono::seconds(30));
  EXPECT_EQ(bad.exit_code, 1);
  EXPECT_NE(bad.out.find("Notice: No manifest specified. Validating the default manifest " +
                         (dir_ / "envs/production/manifests").string()),
            std::string::npos)
      << bad.out;
  EXPECT_NE(bad.out.find("site.pp:2:1: error: Syntax error at end of input"), std::string::npos)
      << bad.out;

  write("envs/production/manifests/site.pp", "notice(1)\n");
  CommandResult good =
      run_command({script.string(), "-qec", command, "/dev/null"}, std::chrono::seconds(30));
  EXPECT_EQ(good.exit_code, 0) << good.out;
}

}  // namespace
}  // namespace marionette
