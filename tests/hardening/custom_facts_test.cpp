// Issue 23: custom facts modules ship in lib/facter (Facter's DSL), resolved in
// marionette-ruby.so for `marionette facts`, apply and agent runs. The fact files are
// tests/hardening/custom_facts/modules/{cf,cfbroken}/lib/facter; every value expected here is
// what real Facter 4.3 gave for the same files (`PATH=/usr/bin:/bin facter --custom-dir
// modules/cf/lib/facter --custom-dir modules/cfbroken/lib/facter --json NAME...`) and real
// Puppet 7.23 for apply (`puppet apply --modulepath modules -e ...`); FacterAgrees runs Facter
// again when it is installed and compares fact by fact.

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "support/command.hpp"

namespace marionette {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using testing::CommandResult;
using testing::run_command;

constexpr auto kTimeLimit = 60s;

/// The custom facts the test files define, and what Facter resolves them to.
const char* const kExpected = R"({
  "cf_after_raise": "still here",
  "cf_array": "array",
  "cf_backticks": "ticks",
  "cf_block_true": "block",
  "cf_command": "hello",
  "cf_confined": "confined",
  "cf_dotted": "dotted",
  "cf_empty_block": "",
  "cf_execute": "spaced",
  "cf_failing_command": "partial",
  "cf_flag": true,
  "cf_lambda": "lambda",
  "cf_legacy_exec": "nil",
  "cf_locale": "C/C",
  "cf_mixed": "lowercased",
  "cf_nil_first": "second",
  "cf_on_flag": "flag",
  "cf_order": "first",
  "cf_reads": "Linux hello d",
  "cf_regexp": "regexp",
  "cf_structured": {"a": [1, 2.5, null, true], "b": {"c": "d"}, "sym": "bol"},
  "cf_version": "4.3.0",
  "cf_weighted": "high",
  "cf_which": "/usr/bin/sh",
  "kernelrelease": "weighted-custom"
})";

/// Facts the files define that Facter leaves without a value (confines that fail, errors) or
/// that lose to the core fact of their name (no weight, weight 0).
const std::vector<std::string> kAbsent = {"cf_block_false",   "cf_regexp_case",     "cf_unknown",
                                          "cf_raises",        "cf_missing_command", "cf_syntax",
                                          "cf_silent_command"};

class CustomFacts : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("marionette-custom-facts-" + std::to_string(getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    fs::copy(fs::path(MARIONETTE_SOURCE_DIR) / "tests/hardening/custom_facts/modules",
             dir_ / "modules", fs::copy_options::recursive);
  }
  void TearDown() override { fs::remove_all(dir_); }

  std::vector<std::pair<std::string, std::string>> environment(
      std::vector<std::pair<std::string, std::string>> extra = {}) const {
    extra.emplace_back("PATH", "/usr/bin:/bin");
    extra.emplace_back("MARIONETTE_FACTS_D", "");
    return extra;
  }

  CommandResult facts(std::vector<std::string> arguments,
                      std::vector<std::pair<std::string, std::string>> env = {}) {
    std::vector<std::string> argv = {MARIONETTE_BINARY, "facts", "--no-external-facts"};
    argv.insert(argv.end(), arguments.begin(), arguments.end());
    CommandResult result = run_command(argv, kTimeLimit, environment(std::move(env)));
    EXPECT_FALSE(result.timed_out);
    return result;
  }

  CommandResult apply(const std::string& code, const std::string& modulepath,
                      std::vector<std::pair<std::string, std::string>> env = {}) {
    CommandResult result =
        run_command({MARIONETTE_BINARY, "apply", "--statedir", (dir_ / "state").string(),
                     "--modulepath", modulepath, "-e", code},
                    kTimeLimit, environment(std::move(env)));
    EXPECT_FALSE(result.timed_out);
    return result;
  }

  std::string modules() const { return (dir_ / "modules").string(); }

  fs::path dir_;
};

nlohmann::json parsed(const std::string& text) {
  nlohmann::json json = nlohmann::json::parse(text, nullptr, false);
  EXPECT_TRUE(json.is_object()) << text;
  return json;
}

TEST_F(CustomFacts, ModulepathFactsResolveAsFacterResolvesThem) {
  CommandResult result = facts({"--modulepath", modules(), "--json"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  nlohmann::json all = parsed(result.out);
  nlohmann::json expected = nlohmann::json::parse(kExpected);
  for (const auto& [name, value] : expected.items()) EXPECT_EQ(all[name], value) << name;
  for (const std::string& name : kAbsent) EXPECT_FALSE(all.contains(name)) << name;
  // Custom facts named as core facts: a weight wins over the core fact, none or 0 does not.
  EXPECT_NE(all["kernelversion"], "weight-zero");
  EXPECT_NE(all["hostname"], "no-weight");
  EXPECT_TRUE(all["os"].is_object()) << "the native facts are all there";
}

TEST_F(CustomFacts, BrokenFactsAreFacterErrorsAndTheRestResolves) {
  CommandResult result = facts({"--modulepath", modules(), "cf_raises", "cf_after_raise"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "cf_after_raise => still here\ncf_raises => \n");
  const std::string syntax = (dir_ / "modules/cfbroken/lib/facter/cf_syntax.rb").string();
  EXPECT_NE(result.err.find("Error: Facter: Error loading fact " + syntax + ": " + syntax +
                            ":3: syntax error, unexpected `end'"),
            std::string::npos)
      << result.err;
  EXPECT_NE(result.err.find("Error: Facter: Error while resolving custom fact fact='cf_raises', "
                            "resolution='<anonymous>': boom"),
            std::string::npos)
      << result.err;
  EXPECT_NE(result.err.find("Error: Facter: Error while resolving custom fact "
                            "fact='cf_missing_command', resolution='<anonymous>': Could not "
                            "execute 'no_such_command_cf 2>&1': command not found"),
            std::string::npos)
      << result.err;
}

TEST_F(CustomFacts, CustomDirAndFacterlibAsFacterReadsThem) {
  CommandResult by_dir =
      facts({"--custom-dir", (dir_ / "modules/cf/lib/facter").string(), "cf_weighted"});
  EXPECT_EQ(by_dir.out, "high\n") << by_dir.err;
  CommandResult by_env =
      facts({"cf_command"}, {{"FACTERLIB", (dir_ / "modules/cf/lib/facter").string()}});
  EXPECT_EQ(by_env.out, "hello\n") << by_env.err;
}

TEST_F(CustomFacts, WithoutTheRubyModuleTheErrorNamesTheFileAndThePackage) {
  CommandResult result =
      facts({"--custom-dir", (dir_ / "modules/cf/lib/facter").string(), "kernel", "cf_command"},
            {{"MARIONETTE_RUBY_MODULE", (dir_ / "absent.so").string()}});
  EXPECT_EQ(result.exit_code, 0);
  EXPECT_EQ(result.out, "cf_command => \nkernel => Linux\n") << "native facts stay";
  EXPECT_NE(result.err.find("Error: Facter: Error loading fact " +
                            (dir_ / "modules/cf/lib/facter/cf_confines.rb").string()),
            std::string::npos)
      << result.err;
  EXPECT_NE(result.err.find("install the package marionette-ruby"), std::string::npos)
      << result.err;
}

TEST_F(CustomFacts, AModulepathWithoutFactFilesNeverLoadsRuby) {
  fs::create_directories(dir_ / "plain/mod/manifests");
  fs::create_directories(dir_ / "plain/other/lib/facter/util");  // only subdirectories: no facts
  std::ofstream(dir_ / "plain/other/lib/facter/util/helper.rb") << "raise 'never loaded'\n";
  const std::vector<std::pair<std::string, std::string>> absent = {
      {"MARIONETTE_RUBY_MODULE", (dir_ / "absent.so").string()}};
  CommandResult listed = facts({"--modulepath", (dir_ / "plain").string(), "kernel"}, absent);
  EXPECT_EQ(listed.out, "Linux\n");
  EXPECT_EQ(listed.err, "") << "loading the module was not even tried";
  CommandResult applied = apply("notice($facts['kernel'])", (dir_ / "plain").string(), absent);
  EXPECT_EQ(applied.exit_code, 0) << applied.err;
  EXPECT_EQ(applied.err.find("marionette-ruby"), std::string::npos) << applied.err;
}

TEST_F(CustomFacts, ApplySeesTheModulepathsCustomFacts) {
  // puppet apply --modulepath modules -e '...' printed, for these files:
  //   Notice: Scope(Class[main]): high weighted-custom {a => [1, 2.5, , true], b => {c => d},
  //   sym => bol} [] 4.3.0
  CommandResult result = apply(
      "notice(\"${facts['cf_weighted']} ${facts['kernelrelease']} ${cf_structured} "
      "[${facts['cf_raises']}] ${::cf_version}\")",
      modules());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.out.find("Notice: Scope(Class[main]): high weighted-custom {a => [1, 2.5, , "
                            "true], b => {c => d}, sym => bol} [] 4.3.0"),
            std::string::npos)
      << result.out << result.err;
  EXPECT_NE(result.err.find("Error: Facter: Error while resolving custom fact fact='cf_raises'"),
            std::string::npos)
      << result.err;
}

TEST_F(CustomFacts, StdlibsFactsAsPuppetApplyGivesThem) {
  // Debian's puppet-module-puppetlabs-stdlib as scripts/parser-corpus-fetch.sh unpacks it.
  const char* home = std::getenv("HOME");
  fs::path stdlib = fs::path(home ? home : "/root") /
                    ".cache/marionette/parser-corpus/tree/puppet-module-puppetlabs-stdlib/usr/"
                    "share/puppet/modules.available/puppetlabs-stdlib";
  if (!fs::is_directory(stdlib / "lib/facter")) GTEST_SKIP() << "no unpacked stdlib at " << stdlib;
  fs::create_directories(dir_ / "real");
  fs::create_directory_symlink(stdlib, dir_ / "real/stdlib");
  // puppet apply --modulepath real -e '...' printed (as root, on Debian 12):
  //   Notice: Scope(Class[main]): /root apt false [] []
  CommandResult result = apply(
      "notice(\"${facts['root_home']} ${facts['package_provider']} ${facts['is_pe']} "
      "[${facts['pe_version']}] [${facts['pe_major_version']}]\")",
      (dir_ / "real").string());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.out.find("Notice: Scope(Class[main]): /root apt false [] []"), std::string::npos)
      << result.out << result.err;
  EXPECT_EQ(result.err.find("Error"), std::string::npos) << result.err;
}

TEST_F(CustomFacts, TheAgentSeesThemEveryRun) {
  std::ofstream(dir_ / "site.pp") << "notify { \"custom ${facts['cf_weighted']}\": }\n";
  CommandResult result =
      run_command({MARIONETTE_BINARY, "agent", "--onetime", "--no-daemonize", "--no-snmp",
                   "--manifest", (dir_ / "site.pp").string(), "--modulepath", modules(),
                   "--statedir", (dir_ / "state").string()},
                  kTimeLimit, environment());
  EXPECT_FALSE(result.timed_out);
  EXPECT_NE((result.out + result.err).find("custom high"), std::string::npos)
      << result.out << result.err;
}

TEST_F(CustomFacts, FacterAgrees) {
  if (run_command({"sh", "-c", "command -v facter"}, 10s).exit_code != 0)
    GTEST_SKIP() << "Facter is not installed";
  nlohmann::json expected = nlohmann::json::parse(kExpected);
  std::vector<std::string> argv = {"facter",
                                   "--custom-dir",
                                   (dir_ / "modules/cf/lib/facter").string(),
                                   "--custom-dir",
                                   (dir_ / "modules/cfbroken/lib/facter").string(),
                                   "--json"};
  for (const auto& [name, _] : expected.items()) argv.push_back(name);
  for (const std::string& name : kAbsent) argv.push_back(name);
  CommandResult facter = run_command(argv, kTimeLimit, environment());
  ASSERT_FALSE(facter.timed_out);
  nlohmann::json theirs = parsed(facter.out);
  CommandResult ours = facts({"--modulepath", modules(), "--json"});
  nlohmann::json mine = parsed(ours.out);
  for (const auto& [name, value] : theirs.items()) {
    if (value.is_null())
      EXPECT_FALSE(mine.contains(name)) << name;
    else
      EXPECT_EQ(mine[name], value) << name;
  }
}

// Issue 39: `apply` resolves a custom fact when the compile first reads it, with the files that
// may define it only; enumerating $facts resolves them all. Puppet resolves every fact before
// compiling; the values and messages of the facts read are the same (the tests above).
class LazyCustomFacts : public CustomFacts {
 protected:
  void write(const std::string& module, const std::string& file, const std::string& text) {
    fs::create_directories(dir_ / "lazy" / module / "lib/facter");
    std::ofstream(dir_ / "lazy" / module / "lib/facter" / file) << text;
  }
  /// A file that writes `marker` when it is loaded, then sleeps when asked to.
  void write_marking(const std::string& file, const std::string& fact, bool sleeps) {
    write("lz", file,
          "File.write('" + (dir_ / ("loaded-" + fact)).string() + "', 'x')\n" +
              (sleeps ? "sleep 120\n" : "") + "Facter.add(:" + fact +
              ") do\n  setcode do\n    File.write('" + (dir_ / ("resolved-" + fact)).string() +
              "', 'x')\n    '" + fact + "-value'\n  end\nend\n");
  }
  std::string lazy() const { return (dir_ / "lazy").string(); }
  bool exists(const std::string& name) const { return fs::exists(dir_ / name); }
};

TEST_F(LazyCustomFacts, AManifestReadingOneFactRunsOnlyTheFilesThatDefineIt) {
  write_marking("lz_hang.rb", "lz_hang", true);
  write_marking("lz_other.rb", "lz_other", false);
  write("lz", "lz_wanted.rb",
        "Facter.add('lz_wanted') do\n  setcode { 'yes' }\nend\n"
        "Facter.add(:lz_second) do\n  setcode { \"second-#{Facter.value(:lz_dep)}\" }\nend\n");
  write("lzdep", "lz_dep.rb", "Facter.add(\"lz_dep\") do\n  setcode { 'dep' }\nend\n");
  CommandResult one = apply(
      "notice(\"${facts['lz_wanted']} ${::lz_second} ${fact('lz_dep')} [${facts['lz_no']}]\")",
      lazy());
  ASSERT_FALSE(one.timed_out) << "lz_hang.rb was loaded";
  ASSERT_EQ(one.exit_code, 0) << one.err;
  EXPECT_NE(one.out.find("Notice: Scope(Class[main]): yes second-dep dep []"), std::string::npos)
      << one.out << one.err;
  EXPECT_FALSE(exists("loaded-lz_hang"));
  EXPECT_FALSE(exists("loaded-lz_other")) << "a file defining no fact read was loaded";
  EXPECT_EQ(one.err.find("Error"), std::string::npos) << one.err;

  CommandResult nothing = apply("notice(1)", lazy());
  ASSERT_FALSE(nothing.timed_out);
  EXPECT_EQ(nothing.exit_code, 0) << nothing.err;
  EXPECT_FALSE(exists("loaded-lz_other"));

  CommandResult other = apply("notice($lz_other)", lazy());
  ASSERT_FALSE(other.timed_out);
  EXPECT_NE(other.out.find("Notice: Scope(Class[main]): lz_other-value"), std::string::npos)
      << other.out << other.err;
  EXPECT_TRUE(exists("resolved-lz_other"));
  EXPECT_FALSE(exists("loaded-lz_hang"));
}

// A top-scope variable's read or assignment asks whether a custom fact has its name: that
// question never resolves a fact nor runs a confine. apt's apt_updates.rb (top-level helper
// methods), apt_sources.rb (Dir.glob in its setcode, once taken for a file loading others, which
// resolved every fact, apt-get's runs among them, for `$y = 1`), vswitch's pci_address.rb
// (computed names) and a file whose names only loading it tells.
TEST_F(LazyCustomFacts, ANameCheckResolvesNothing) {
  const auto marker = [&](const std::string& name) { return (dir_ / name).string(); };
  write("lz", "lz_helper.rb",
        "def lz_helper_value\n  File.write('" + marker("resolved-lz_helped") +
            "', 'x')\n  'helped'\nend\n"
            "Facter.add('lz_helped') do\n  confine { File.write('" +
            marker("confined-lz_helped") + "', 'x'); true }\n  setcode { lz_helper_value }\nend\n");
  write("lz", "lz_listing.rb",
        "Facter.add(:lz_listing) do\n  setcode do\n    File.write('" +
            marker("resolved-lz_listing") +
            "', 'x')\n    Dir.glob('/nonexistent/*.list').size.to_s\n  end\nend\n");
  write("lzc", "lz_computed.rb",
        "%w[one two].each do |n|\n  Facter.add(\"lz_computed_#{n}\") do\n    setcode do\n"
        "      File.write(\"" +
            marker("resolved-lz_computed_") +
            "#{n}\", 'x')\n      \"computed-#{n}\"\n    end\n  end\nend\n");
  write("lzc", "lz_uses.rb",
        "Facter.add(:lz_uses) do\n  setcode { \"uses-#{Facter.value('lz_computed_one')}\" }\n"
        "end\n");
  write("lzo", "lz_opaque.rb",
        "name = %w[lz hidden].join('_')\nFacter.add(name) do\n  confine do\n    File.write('" +
            marker("confined-lz_hidden") +
            "', 'x')\n    true\n  end\n  setcode do\n    File.write('" +
            marker("resolved-lz_hidden") + "', 'x')\n    'hidden-value'\n  end\nend\n");
  const std::vector<std::string> markers = {"resolved-lz_helped",       "confined-lz_helped",
                                            "resolved-lz_listing",      "resolved-lz_computed_one",
                                            "resolved-lz_computed_two", "confined-lz_hidden",
                                            "resolved-lz_hidden"};
  for (const std::string code :
       {"$y = 1 notice($y)", "notice(\"[${facts['lz_computed_three']}]\")",
        "class c { $z = 2 notice($z) } include c notice(defined('$nope'))"}) {
    CommandResult result = apply(code, lazy());
    ASSERT_EQ(result.exit_code, 0) << code << "\n" << result.err;
    EXPECT_EQ(result.err.find("Error"), std::string::npos) << code << "\n" << result.err;
    for (const std::string& name : markers) EXPECT_FALSE(exists(name)) << code << ": " << name;
  }

  CommandResult read = apply(
      "notice(\"${lz_helped} ${lz_hidden} ${facts['lz_computed_two']} ${lz_uses} "
      "[${lz_listing}]\")",
      lazy());
  ASSERT_EQ(read.exit_code, 0) << read.err;
  EXPECT_NE(
      read.out.find(
          "Notice: Scope(Class[main]): helped hidden-value computed-two uses-computed-one [0]"),
      std::string::npos)
      << read.out << read.err;
  for (const std::string& name : markers) EXPECT_TRUE(exists(name)) << name;

  CommandResult reassigned = apply("$lz_hidden = 1", lazy());
  EXPECT_EQ(reassigned.exit_code, 1) << reassigned.out;
  EXPECT_NE(reassigned.err.find("Cannot reassign variable '$lz_hidden'"), std::string::npos)
      << reassigned.err;
}

TEST_F(LazyCustomFacts, EnumeratingTheFactsResolvesThemAll) {
  write_marking("lz_a.rb", "lz_a", false);
  write_marking("lz_b.rb", "lz_b", false);
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"notice($facts.keys.filter |$k| { $k =~ /^lz_/ }.sort)", "[lz_a, lz_b]"},
      {"$f = $facts\nnotice($f['lz_b'])", "lz_b-value"},
      {"notice(inline_template('<%= @facts[\"lz_a\"] %> <%= scope.to_hash[\"lz_b\"] %>'))",
       "lz_a-value lz_b-value"},
      {"notice(to_yaml($facts) =~ /lz_b: lz_b-value/)", "true"},
      {"$facts.each |$k, $v| { if $k == 'lz_b' { notice($v) } }", "lz_b-value"},
  };
  for (const auto& [code, expected] : cases) {
    fs::remove(dir_ / "resolved-lz_a");
    fs::remove(dir_ / "resolved-lz_b");
    CommandResult result = apply(code, lazy());
    ASSERT_EQ(result.exit_code, 0) << code << "\n" << result.err;
    EXPECT_NE(result.out.find("Notice: Scope(Class[main]): " + expected), std::string::npos)
        << code << "\n"
        << result.out << result.err;
    EXPECT_TRUE(exists("resolved-lz_a")) << code;
    EXPECT_TRUE(exists("resolved-lz_b")) << code;
  }
}

// A Ruby function reads variables through marionette (closure_scope[], lookupvar): each read
// resolves its fact alone, in the worker the function runs in, and the call resolves no other.
TEST_F(LazyCustomFacts, ARubyFunctionResolvesOnlyTheFactsItReads) {
  write_marking("lz_a.rb", "lz_a", false);
  write_marking("lz_b.rb", "lz_b", false);
  write_marking("lz_c.rb", "lz_c", false);
  fs::create_directories(dir_ / "lazy/lzf/lib/puppet/functions/lzf");
  fs::create_directories(dir_ / "lazy/lzf/lib/puppet/parser/functions");
  std::ofstream(dir_ / "lazy/lzf/lib/puppet/functions/lzf/read.rb")
      << "Puppet::Functions.create_function(:'lzf::read') do\n  def read(name)\n"
         "    closure_scope[name]\n  end\nend\n";
  std::ofstream(dir_ / "lazy/lzf/lib/puppet/parser/functions/lzf_read3.rb")
      << "module Puppet::Parser::Functions\n  newfunction(:lzf_read3, :type => :rvalue) do |args|\n"
         "    lookupvar(args[0])\n  end\nend\n";
  CommandResult result = apply("notice(\"${lzf::read('lz_a')} ${lzf_read3('lz_c')}\")", lazy());
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_NE(result.out.find("Notice: Scope(Class[main]): lz_a-value lz_c-value\n"),
            std::string::npos)
      << result.out << result.err;
  EXPECT_TRUE(exists("resolved-lz_a"));
  EXPECT_TRUE(exists("resolved-lz_c"));
  EXPECT_FALSE(exists("resolved-lz_b")) << "a fact no one read was resolved";
}

TEST_F(LazyCustomFacts, AFilesLoadErrorIsSaidOnceWhenItsFactIsRead) {
  write("lz", "lz_broken.rb", "Facter.add(:lz_broken) do\n  setcode { 'x' }\nend\nend\n");
  write("lz", "lz_fine.rb", "Facter.add(:lz_fine) do\n  setcode { 'fine' }\nend\n");
  CommandResult unread = apply("notice($facts['lz_fine'])", lazy());
  EXPECT_EQ(unread.exit_code, 0) << unread.err;
  EXPECT_NE(unread.out.find("Notice: Scope(Class[main]): fine"), std::string::npos) << unread.out;
  EXPECT_EQ(unread.err.find("lz_broken"), std::string::npos) << unread.err;

  CommandResult read = apply("notice(\"[${facts['lz_broken']}] [${fact('lz_broken')}]\")", lazy());
  EXPECT_EQ(read.exit_code, 0) << read.err;
  EXPECT_NE(read.out.find("Notice: Scope(Class[main]): [] []"), std::string::npos) << read.out;
  const std::string said =
      "Error: Facter: Error loading fact " + (dir_ / "lazy/lz/lib/facter/lz_broken.rb").string();
  const std::size_t first = read.err.find(said);
  EXPECT_NE(first, std::string::npos) << read.err;
  EXPECT_EQ(read.err.find(said, first + 1), std::string::npos) << "said twice:\n" << read.err;
}

TEST_F(LazyCustomFacts, FactsThatLeaveTheProcessAreAllResolved) {
  write_marking("lz_a.rb", "lz_a", false);
  CommandResult result = facts({"--modulepath", lazy(), "lz_a"});
  EXPECT_EQ(result.out, "lz_a-value\n") << result.err;
  fs::remove(dir_ / "resolved-lz_a");
  std::ofstream(dir_ / "site.pp") << "notify { 'nothing read': }\n";
  CommandResult agent =
      run_command({MARIONETTE_BINARY, "agent", "--onetime", "--no-daemonize", "--no-snmp",
                   "--manifest", (dir_ / "site.pp").string(), "--modulepath", lazy(), "--statedir",
                   (dir_ / "state").string()},
                  kTimeLimit, environment());
  EXPECT_FALSE(agent.timed_out);
  EXPECT_TRUE(exists("resolved-lz_a")) << "the agent's facts go to its server whole";
}

}  // namespace
}  // namespace marionette
