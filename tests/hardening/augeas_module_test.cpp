// Issue 24: the augeas type runs in marionette-augeas.so, the only code linking libaugeas,
// loaded when an augeas resource is evaluated. Through the real `marionette apply` and
// `marionette resource`: the module absent (the resource fails naming the package, its
// dependents are skipped, the rest applies), noop with show_diff, show_diff => false, the
// listing Puppet refuses, the executable not linking libaugeas. What the files end up as,
// against real Puppet, is tests/integration/fixtures/module_types/augeas_*.

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "support/command.hpp"

namespace marionette {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using testing::CommandResult;
using testing::run_command;

constexpr auto kTimeLimit = 60s;

class AugeasModule : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("marionette-augeas-" + std::to_string(getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "root");
    write("root/hosts", "127.0.0.1 localhost\n192.168.0.1 foo\n");
  }
  void TearDown() override { fs::remove_all(dir_); }

  void write(const std::string& relative, const std::string& text) {
    std::ofstream(dir_ / relative, std::ios::binary) << text;
  }
  std::string read(const std::string& relative) {
    std::ifstream in(dir_ / relative, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
  }

  /// An augeas resource adding an alias to root/hosts, then `extra`.
  CommandResult apply(const std::string& extra, std::vector<std::string> flags = {},
                      const std::vector<std::pair<std::string, std::string>>& env = {}) {
    const std::string root = (dir_ / "root").string();
    write("site.pp", "augeas { 'alias':\n  incl => '" + root +
                         "/hosts',\n  lens => 'Hosts.lns',\n  changes => 'set 2/alias bar',\n" +
                         extra + "}\n");
    std::vector<std::string> args = {
        MARIONETTE_BINARY,     "apply",      (dir_ / "site.pp").string(), "--facts",
        MARIONETTE_FACTS_FILE, "--statedir", (dir_ / "state").string(),   "--detailed-exitcodes"};
    args.insert(args.end(), flags.begin(), flags.end());
    CommandResult result = run_command(args, kTimeLimit, env);
    EXPECT_FALSE(result.timed_out);
    return result;
  }

  fs::path dir_;
};

TEST_F(AugeasModule, WithoutTheModuleTheResourceFailsNamingThePackageAndTheRestApplies) {
  fs::create_directories(dir_ / "empty");
  const std::string root = (dir_ / "root").string();
  CommandResult result =
      apply("}\nfile { '" + root + "/after': content => 'x', require => Augeas['alias'] }\n" +
                "file { '" + root + "/independent': content => 'y' ",
            {}, {{"MARIONETTE_AUGEAS_MODULE", (dir_ / "empty/marionette-augeas.so").string()}});
  EXPECT_EQ(result.exit_code, 6) << result.out << result.err;
  const std::string all = result.out + result.err;
  EXPECT_NE(all.find("Augeas[alias]: Could not evaluate: the augeas type needs "
                     "marionette-augeas.so, which cannot be loaded ("),
            std::string::npos)
      << all;
  EXPECT_NE(all.find("install the marionette-augeas package"), std::string::npos) << all;
  EXPECT_NE(all.find("File[" + root + "/after]: Skipping because of failed dependencies"),
            std::string::npos)
      << all;
  EXPECT_FALSE(fs::exists(dir_ / "root/after"));
  EXPECT_EQ(read("root/independent"), "y");
  EXPECT_EQ(read("root/hosts"), "127.0.0.1 localhost\n192.168.0.1 foo\n");
}

TEST_F(AugeasModule, NoopShowsTheDiffOfTheNewFileAndLeavesEverythingAsItWas) {
  CommandResult result = apply("", {"--noop", "--show_diff"});
  EXPECT_EQ(result.exit_code, 0) << result.out << result.err;
  const std::string hosts = (dir_ / "root/hosts").string();
  EXPECT_NE(result.out.find("Notice: Augeas[alias](provider=augeas): \n--- " + hosts + "\t"),
            std::string::npos)
      << result.out;
  EXPECT_NE(result.out.find("\n+++ " + hosts + ".augnew\t"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("\n-192.168.0.1 foo\n+192.168.0.1 foo bar\n"), std::string::npos)
      << result.out;
  EXPECT_NE(result.out.find("/Augeas[alias]/returns: current_value 'need_to_run', should be 0 "
                            "(noop)"),
            std::string::npos)
      << result.out;
  EXPECT_EQ(read("root/hosts"), "127.0.0.1 localhost\n192.168.0.1 foo\n");
  EXPECT_FALSE(fs::exists(dir_ / "root/hosts.augnew"));
}

TEST_F(AugeasModule, AppliesThenChangesNothingAndShowDiffFalseHidesTheDiff) {
  CommandResult first = apply("  show_diff => false,\n", {"--show_diff"});
  EXPECT_EQ(first.exit_code, 2) << first.out << first.err;
  EXPECT_EQ(first.out.find("+++ "), std::string::npos) << first.out;
  EXPECT_NE(first.out.find("/Augeas[alias]/returns: executed successfully"), std::string::npos)
      << first.out;
  EXPECT_EQ(read("root/hosts"), "127.0.0.1 localhost\n192.168.0.1 foo bar\n");
  EXPECT_FALSE(fs::exists(dir_ / "root/hosts.augnew"));
  CommandResult second = apply("  show_diff => false,\n", {"--show_diff"});
  EXPECT_EQ(second.exit_code, 0) << second.out << second.err;
}

// A tree is kept between resources with incl (augeas_tree_pool.hpp): what one resource left in
// it (changes not saved in noop or after a failed save, its variables) must not reach the next.
TEST_F(AugeasModule, NothingOfOneResourceReachesTheNext) {
  const std::string common =
      "  incl => '" + (dir_ / "root/hosts").string() + "',\n  lens => 'Hosts.lns',\n";
  CommandResult result = apply(
      "  noop => true,\n}\n"
      "augeas { 'fails':\n" +
      common +
      "  changes => ['defvar first 1', 'set 1/canonical changed', 'set 1/bogus x'],\n}\n"
      "augeas { 'applies':\n" +
      common + "  changes => ['set 1/alias lo', 'set $first/canonical undefined'],\n");
  EXPECT_EQ(result.exit_code, 6) << result.out << result.err;
  EXPECT_NE(result.out.find("/Augeas[alias]/returns: current_value 'need_to_run', should be 0 "
                            "(noop)"),
            std::string::npos)
      << result.out;
  EXPECT_NE(result.err.find("/Augeas[fails]: Could not evaluate: Save failed"), std::string::npos)
      << result.err;
  EXPECT_NE(result.out.find("/Augeas[applies]/returns: executed successfully"), std::string::npos)
      << result.out;
  EXPECT_EQ(read("root/hosts"), "127.0.0.1 localhost lo\n192.168.0.1 foo\n");
}

// Another resource rewrites the file between two augeas resources, within the same second:
// the second must see what is on disk, not the tree the first (its onlyif false) parsed
// (libaugeas's own check is the mtime in whole seconds).
TEST_F(AugeasModule, AFileChangedBetweenTwoResourcesIsReadAgain) {
  write("root/hosts", "127.0.0.1 localhost\n192.168.0.1 foo bar\n");
  const std::string hosts = (dir_ / "root/hosts").string();
  CommandResult result = apply(
      "  onlyif => 'match 1 size == 0',\n}\nexec { 'append': command => \"/bin/sh -c 'echo "
      "10.0.0.9 extra >> " +
      hosts +
      "'\", require => Augeas['alias'] }\n"
      "augeas { 'after': incl => '" +
      hosts +
      "', lens => 'Hosts.lns', changes => 'set 1/alias lo',"
      "\n  require => Exec['append'],\n");
  EXPECT_EQ(result.exit_code, 2) << result.out << result.err;
  EXPECT_EQ(read("root/hosts"), "127.0.0.1 localhost lo\n192.168.0.1 foo bar\n10.0.0.9 extra\n");
}

// A lens found through load_path, and one a module ships in lib/augeas/lenses (Puppet adds the
// modules' to the load path); real Puppet left the same two files.
TEST_F(AugeasModule, LensesComeFromLoadPathAndFromTheModules) {
  const std::string lens =
      "module Mine =\n"
      "  let entry = [ key /[a-z]+/ . del /=/ \"=\" . store /[^=\\n]*/ . del /\\n/ \"\\n\" ]\n"
      "  let lns = entry*\n";
  fs::create_directories(dir_ / "lenses");
  fs::create_directories(dir_ / "modules/mine/lib/augeas/lenses");
  write("lenses/mine.aug", lens);
  write("modules/mine/lib/augeas/lenses/mine.aug", lens);
  write("root/one", "a=1\nb=2\n");
  write("root/two", "a=1\nb=2\n");
  const std::string root = (dir_ / "root").string();
  CommandResult result =
      apply("}\naugeas { 'by load_path': incl => '" + root +
                "/one', lens => 'Mine.lns', changes => 'set b 3',\n  load_path => '" +
                (dir_ / "lenses").string() + "',\n}\naugeas { 'by module': incl => '" + root +
                "/two', lens => 'Mine.lns', changes => ['set c 4', 'rm a'],\n",
            {"--modulepath", (dir_ / "modules").string()});
  EXPECT_EQ(result.exit_code, 2) << result.out << result.err;
  EXPECT_EQ(read("root/one"), "a=1\nb=3\n");
  EXPECT_EQ(read("root/two"), "b=2\nc=4\n");
}

TEST_F(AugeasModule, InvalidParametersAreRefusedInPuppetsWords) {
  const std::pair<std::string, std::string> cases[] = {
      {"  show_diff => 'maybe',\n",
       "Parameter show_diff failed on Augeas[alias]: Invalid value \"maybe\". Valid values are "
       "true, false, yes, no. (file: "},
      {"  type_check => 'maybe',\n",
       "Parameter type_check failed on Augeas[alias]: Invalid value \"maybe\". Valid values are "
       "true, false. (file: "},
  };
  for (const auto& [attribute, message] : cases) {
    CommandResult result = apply(attribute);
    EXPECT_EQ(result.exit_code, 1) << attribute;
    EXPECT_NE(result.err.find("Error: " + message), std::string::npos) << result.err;
  }
}

TEST_F(AugeasModule, ListingInstancesIsRefusedInPuppetsWords) {
  // puppet resource augeas, and augeas TITLE, which Puppet looks for among the instances.
  for (std::vector<std::string> words : {std::vector<std::string>{"augeas"}, {"augeas", "x"}}) {
    std::vector<std::string> args = {MARIONETTE_BINARY, "resource"};
    args.insert(args.end(), words.begin(), words.end());
    CommandResult result = run_command(args, kTimeLimit);
    EXPECT_EQ(result.exit_code, 1);
    EXPECT_NE(result.err.find("Could not run: To support listing resources of this type the "
                              "'augeas' provider needs to implement an 'instances' class method"),
              std::string::npos)
        << result.err;
  }
}

// `marionette resource augeas TITLE changes=…` as `puppet resource` prints it (checked against
// Puppet 7.23 with augeas_core): the provider and the returns property, 'need_to_run' in noop
// while the change is pending, 0 once applied or in sync.
TEST_F(AugeasModule, TheResourceCommandShowsTheProviderAndReturnsAsPuppetDoes) {
  const std::string hosts = (dir_ / "root/hosts").string();
  auto resource = [&](const std::vector<std::string>& extra) {
    std::vector<std::string> args = {MARIONETTE_BINARY, "resource",     "augeas",
                                     "alias",           "incl=" + hosts, "lens=Hosts.lns",
                                     "changes=set 2/alias bar"};
    args.insert(args.end(), extra.begin(), extra.end());
    CommandResult result = run_command(args, kTimeLimit);
    EXPECT_EQ(result.exit_code, 0) << result.err;
    return result.out;
  };
  const std::string pending =
      "augeas { 'alias':\n  provider => 'augeas',\n  returns  => 'need_to_run',\n}\n";
  const std::string done = "augeas { 'alias':\n  provider => 'augeas',\n  returns  => 0,\n}\n";
  std::string noop = resource({"--noop"});
  EXPECT_NE(noop.find("Notice: /Augeas[alias]/returns: current_value 'need_to_run', should be 0 "
                      "(noop)\n" + pending),
            std::string::npos)
      << noop;
  EXPECT_EQ(read("root/hosts"), "127.0.0.1 localhost\n192.168.0.1 foo\n");
  std::string applied = resource({});
  EXPECT_NE(applied.find("Notice: /Augeas[alias]/returns: executed successfully\n" + done),
            std::string::npos)
      << applied;
  EXPECT_EQ(read("root/hosts"), "127.0.0.1 localhost\n192.168.0.1 foo bar\n");
  EXPECT_EQ(resource({}), done);
}

TEST_F(AugeasModule, TheExecutableDoesNotLinkLibaugeas) {
  CommandResult ldd = run_command({"ldd", MARIONETTE_BINARY}, kTimeLimit);
  ASSERT_EQ(ldd.exit_code, 0) << ldd.err;
  EXPECT_EQ(ldd.out.find("libaugeas"), std::string::npos) << ldd.out;
}

// Without augparse on PATH the augeas fact is libaugeas's /augeas/version, asked through
// marionette-augeas.so: without the module there is no augeas fact, as on a node without
// libaugeas, and the executable never loads libaugeas on its own.
TEST_F(AugeasModule, TheAugeasFactGoesThroughTheModule) {
  fs::create_directories(dir_ / "bin");
  auto fact = [&](const std::vector<std::pair<std::string, std::string>>& module) {
    std::vector<std::pair<std::string, std::string>> env = {{"PATH", (dir_ / "bin").string()},
                                                            {"HOME", dir_.string()},
                                                            {"XDG_CACHE_HOME", dir_.string()}};
    env.insert(env.end(), module.begin(), module.end());
    CommandResult result =
        run_command({MARIONETTE_BINARY, "facts", "augeas.version"}, kTimeLimit, env);
    EXPECT_FALSE(result.timed_out);
    return result.out;
  };
  const std::string version = fact({});
  EXPECT_NE(version.find_first_of("0123456789"), std::string::npos) << version;
  const std::string without =
      fact({{"MARIONETTE_AUGEAS_MODULE", (dir_ / "none/marionette-augeas.so").string()}});
  EXPECT_EQ(without.find_first_of("0123456789"), std::string::npos) << without;
}

}  // namespace
}  // namespace marionette
