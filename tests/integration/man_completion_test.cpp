// The man page and the bash completion are written from the binary's --help texts
// (scripts/generate-man-and-completion.sh, run by the build): every subcommand has its section,
// its link, every option of its --help, and completes in bash.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include "support/command.hpp"

namespace marionette {
namespace {

namespace fs = std::filesystem;
using testing::CommandResult;
using testing::run_command;

std::string read(const fs::path& path) {
  std::ifstream in(path);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

/// The subcommands `marionette --help` lists.
std::vector<std::string> subcommands() {
  CommandResult help = run_command({MARIONETTE_BINARY, "--help"});
  std::vector<std::string> names;
  std::istringstream lines(help.out.substr(help.out.find("Subcommands:\n") + 13));
  for (std::string line; std::getline(lines, line) && !line.empty();)
    names.push_back(line.substr(2, line.find(' ', 2) - 2));
  return names;
}

std::set<std::string> options_in(const std::string& text) {
  std::set<std::string> options;
  std::regex option("--[a-z][a-z0-9_-]*");
  for (std::sregex_iterator it(text.begin(), text.end(), option), end; it != end; ++it)
    options.insert(it->str());
  return options;
}

class ManAndCompletion : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("marionette-man-" + std::to_string(getpid()));
    fs::remove_all(dir_);
    CommandResult generated = run_command(
        {"sh", std::string(MARIONETTE_SOURCE_DIR) + "/scripts/generate-man-and-completion.sh",
         MARIONETTE_BINARY, dir_.string(),
         std::string(MARIONETTE_SOURCE_DIR) + "/docs/man/files.roff"},
        std::chrono::seconds(60));
    ASSERT_EQ(generated.exit_code, 0) << generated.err;
  }
  void TearDown() override { fs::remove_all(dir_); }

  fs::path dir_;
};

TEST_F(ManAndCompletion, TheManPageHasASectionPerSubcommandWithEveryOption) {
  std::vector<std::string> names = subcommands();
  ASSERT_GE(names.size(), 9u);
  std::string page = read(dir_ / "man1/marionette.1");
  for (const std::string& name : names) {
    std::string upper = name;
    for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    EXPECT_NE(page.find(".SH MARIONETTE " + upper + "\n"), std::string::npos) << name;
    EXPECT_TRUE(fs::is_symlink(dir_ / ("man1/marionette-" + name + ".1"))) << name;
    EXPECT_EQ(fs::read_symlink(dir_ / ("man1/marionette-" + name + ".1")), "marionette.1");
  }
  EXPECT_NE(page.find(".SH FILES"), std::string::npos);
  EXPECT_NE(page.find("/etc/marionette/puppet.conf"), std::string::npos);

  fs::path man = testing::find_executable("man");
  if (man.empty()) GTEST_SKIP() << "man is not installed";
  CommandResult rendered =
      run_command({man.string(), "--warnings", "-l", (dir_ / "man1/marionette.1").string()},
                  std::chrono::seconds(60), {{"MANWIDTH", "200"}, {"MAN_KEEP_FORMATTING", ""}});
  ASSERT_EQ(rendered.exit_code, 0) << rendered.err;
  EXPECT_EQ(rendered.err, "") << "groff warnings";
  for (const std::string& name : names) {
    std::string help = run_command({MARIONETTE_BINARY, name, "--help"}).out;
    for (const std::string& option : options_in(help))
      EXPECT_NE(rendered.out.find(option), std::string::npos) << name << " " << option;
  }
}

TEST_F(ManAndCompletion, BashCompletesSubcommandsAndTheirOptions) {
  fs::path completion = dir_ / "marionette.bash";
  std::string script = read(completion);
  for (const std::string& name : subcommands())
    EXPECT_NE(script.find("    " + name + ") words="), std::string::npos) << name;
  auto complete = [&](const std::string& words, int index) {
    return run_command({"bash", "-c",
                        "source '" + completion.string() + "'; COMP_WORDS=(" + words +
                            "); COMP_CWORD=" + std::to_string(index) +
                            "; _marionette; echo \"${COMPREPLY[*]}\""})
        .out;
  };
  EXPECT_EQ(complete("marionette con", 1), "config\n");
  EXPECT_EQ(complete("marionette apply --detailed", 2), "--detailed-exitcodes\n");
  EXPECT_EQ(complete("marionette config --sec", 2), "--section\n");
  EXPECT_EQ(complete("marionette agent --no-d", 2), "--no-daemonize\n");
  EXPECT_EQ(complete("marionette apply --show-d", 2), "--show-diff\n") << "every setting";
  EXPECT_EQ(complete("marionette config print strict_v", 3), "strict_variables\n");
  EXPECT_EQ(complete("marionette parser --h", 2), "--help\n");
  EXPECT_EQ(system(("bash -n '" + completion.string() + "'").c_str()), 0);
}

}  // namespace
}  // namespace marionette
