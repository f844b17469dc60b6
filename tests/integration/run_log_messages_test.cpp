// The compiler's own messages go through the run's log, as Puppet's all go through its log, so
// --logdest, -v/-d and the level filter apply to them: the unknown-variable warning, stdlib's
// deprecation warnings, validate_legacy's notice, ERB's undefined-variable warning, Hiera's
// warning about a data file that is no hash. They used to be printed on stderr whatever the
// destination. puppet apply --logdest FILE writes, e.g.,
//   2026-11-26 06:17:32 +0000 Puppet (warning): Unknown variable: 'nosuch'. (file: /tmp/m.pp,
//   line: 1, column: 8)
// and nothing on the console.

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "support/command.hpp"
#include "support/scratch_dir.hpp"

namespace marionette {
namespace {

namespace fs = std::filesystem;
using testing::CommandResult;
using testing::run_command;

class RunLogMessages : public ::testing::Test {
 protected:
  fs::path write(const std::string& name, const std::string& text) {
    return scratch_.write(name, text);
  }

  std::string read(const fs::path& path) { return marionette::testing::ScratchDir::read(path); }

  CommandResult apply(std::vector<std::string> args) {
    std::vector<std::string> argv = {MARIONETTE_BINARY, "apply", "--puppet-compat", "7", "--facts",
                                     MARIONETTE_FACTS_FILE, "--statedir", (dir_ / "state").string()};
    argv.insert(argv.end(), args.begin(), args.end());
    return run_command(argv, std::chrono::seconds(30));
  }

  marionette::testing::ScratchDir scratch_{"run-log"};
  const fs::path& dir_ = scratch_.path();
};

constexpr const char* kCode =
    "notice($nosuch)\n"
    "$a = is_string('x')\n"
    "validate_legacy(Integer, 'validate_string', 5)\n"
    "$t = inline_template(\"<%= scope['nosuch::x'] %>\")\n";

TEST_F(RunLogMessages, CompilerMessagesGoToTheLogdestFileOnly) {
  fs::path site = write("site.pp", kCode);
  fs::path log = dir_ / "run.log";
  CommandResult run = apply({site.string(), "--logdest", log.string()});
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.out, "");
  EXPECT_EQ(run.err, "") << "a message went around the run's log";
  const std::string text = read(log);
  for (const std::string& line :
       {"Puppet (warning): Unknown variable: 'nosuch'. (file: " + site.string() +
            ", line: 1, column: 8)\n",
        std::string("Puppet (warning): This method is deprecated, please use match expressions "
                    "with Stdlib::Compat::String instead."),
        std::string("Puppet (notice): Accepting previously invalid value for target type "
                    "'Integer'\n"),
        std::string("Puppet (warning): Undefined variable 'nosuch::x'; class nosuch could not be "
                    "found\n   (file & line not available)\n")})
    EXPECT_NE(text.find(line), std::string::npos) << line << "\nin\n" << text;
}

TEST_F(RunLogMessages, OnTheConsoleNoticesGoToStdoutWarningsToStderr) {
  fs::path site = write("site.pp", kCode);
  CommandResult run = apply({site.string()});
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_NE(run.out.find("Notice: Accepting previously invalid value for target type 'Integer'\n"),
            std::string::npos)
      << run.out;
  EXPECT_EQ(run.err.find("Notice:"), std::string::npos) << run.err;
  EXPECT_NE(run.err.find("Warning: This method is deprecated"), std::string::npos) << run.err;
  EXPECT_NE(run.err.find("Warning: Undefined variable 'nosuch::x'"), std::string::npos) << run.err;
}

TEST_F(RunLogMessages, HierasWarningGoesThroughTheLog) {
  write("env/hiera.yaml",
        "---\nversion: 5\ndefaults:\n  datadir: data\n  data_hash: yaml_data\n"
        "hierarchy:\n  - name: common\n    path: common.yaml\n");
  fs::path data = write("env/data/common.yaml", "- just\n- a list\n");
  write("env/manifests/site.pp", "notice(lookup('k', undef, undef, 'fallback'))\n");
  fs::path log = dir_ / "run.log";
  CommandResult run =
      apply({"--env-dir", (dir_ / "env").string(), "--logdest", log.string()});
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.err, "");
  EXPECT_NE(read(log).find("Puppet (warning): " + data.string() +
                           ": file does not contain a valid yaml hash\n"),
            std::string::npos)
      << read(log);
}

}  // namespace
}  // namespace marionette
