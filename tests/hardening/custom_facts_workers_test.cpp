// Issue 39: custom facts resolved by several Ruby workers at once, each resolution bounded by
// its `timeout` option as Facter bounds it, facter.conf's ttls caching facts as Facter caches
// them, and a broken fact file reported once in Facter's words. Expected lines are what real
// Facter 4.3 printed for the same files (`facter --custom-dir DIR NAME...`, 2026-11-29):
//   ERROR Facter - error while resolving custom facts in DIR/broken.rb boom
//   ERROR Facter - Timed out after 1 seconds while resolving fact='slow_fact',
//   resolution='<anonymous>'

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "support/command.hpp"

namespace marionette {
namespace {

namespace fs = std::filesystem;
using namespace std::chrono_literals;
using testing::CommandResult;
using testing::run_command;

constexpr auto kTimeLimit = 45s;

std::size_t occurrences(const std::string& text, const std::string& part) {
  std::size_t count = 0;
  for (std::size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1))
    ++count;
  return count;
}

std::string read_file(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

class CustomFactWorkers : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("marionette-fact-workers-" + std::to_string(getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "facts");
    fs::create_directories(dir_ / "cache");
  }
  void TearDown() override { fs::remove_all(dir_); }

  void write(const std::string& name, const std::string& text) {
    std::ofstream(dir_ / name) << text;
  }

  /// `marionette facts --custom-dir DIR/facts NAMES...` with two workers, this test's
  /// facter.conf and cache directory.
  CommandResult facts(std::vector<std::string> names) {
    std::vector<std::string> argv = {MARIONETTE_BINARY, "facts", "--no-external-facts",
                                     "--custom-dir", (dir_ / "facts").string()};
    argv.insert(argv.end(), names.begin(), names.end());
    CommandResult result = run_command(argv, kTimeLimit,
                                       {{"PATH", "/usr/bin:/bin"},
                                        {"MARIONETTE_FACTS_D", ""},
                                        {"MARIONETTE_CUSTOM_FACTS_WORKERS", "2"},
                                        {"MARIONETTE_FACTER_CONF", (dir_ / "facter.conf").string()},
                                        {"MARIONETTE_FACTS_CACHE_DIR", (dir_ / "cache").string()}});
    EXPECT_FALSE(result.timed_out) << "the command stalled";
    return result;
  }

  fs::path dir_;
};

TEST_F(CustomFactWorkers, AFactPastItsTimeoutIsStoppedAndReportedAsFacterReportsIt) {
  write("facts/slow.rb",
        "Facter.add('slow_fact', timeout: 1) do\n"
        "  setcode do\n"
        "    sleep 600\n"
        "    'late'\n"
        "  end\n"
        "end\n"
        "Facter.add('quick_fact') do\n"
        "  setcode { 'ok' }\n"
        "end\n");
  CommandResult result = facts({"quick_fact", "slow_fact"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "quick_fact => ok\nslow_fact => \n");
  EXPECT_EQ(occurrences(result.err,
                        "Error: Facter: Timed out after 1 seconds while resolving "
                        "fact='slow_fact', resolution='<anonymous>'\n"),
            1u)
      << result.err;
}

TEST_F(CustomFactWorkers, TwoSlowFactsRunAtOnce) {
  // Each fact says it started, then waits (at most 25 s) for the other to say so: resolved one
  // after the other, the first would never see the second start.
  const std::string waits =
      "def wait_for(dir, mine, other)\n"
      "  File.write(File.join(dir, mine), '')\n"
      "  500.times do\n"
      "    return 'saw ' + other if File.exist?(File.join(dir, other))\n"
      "    sleep 0.05\n"
      "  end\n"
      "  'alone'\n"
      "end\n";
  write("facts/pair.rb", waits +
                             "Facter.add('first_slow') do\n"
                             "  setcode { wait_for('" +
                             dir_.string() +
                             "', 'first', 'second') }\n"
                             "end\n"
                             "Facter.add('second_slow') do\n"
                             "  setcode { wait_for('" +
                             dir_.string() +
                             "', 'second', 'first') }\n"
                             "end\n");
  CommandResult result = facts({"first_slow", "second_slow"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "first_slow => saw second\nsecond_slow => saw first\n") << result.err;
}

TEST_F(CustomFactWorkers, AFactWithATtlIsNotResolvedAgainWithinItsTtl) {
  // Each resolution appends a line to a file: the count is how often the fact was resolved.
  const std::string counted =
      "def counted(dir, name)\n"
      "  File.open(File.join(dir, name), 'a') { |f| f.puts('x') }\n"
      "  File.readlines(File.join(dir, name)).size\n"
      "end\n";
  write("facts/counted.rb",
        counted + "Facter.add('ttl_fact') { setcode { counted('" + dir_.string() +
            "', 'ttl') } }\n" + "Facter.add('grouped_one') { setcode { counted('" + dir_.string() +
            "', 'one') } }\n" + "Facter.add('grouped_two') { setcode { 'two' } }\n" +
            "Facter.add('fresh_fact') { setcode { counted('" + dir_.string() + "', 'fresh') } }\n");
  write("facter.conf",
        "facts : {\n"
        "  ttls : [\n"
        "    { \"ttl_fact\" : 1 hour },\n"
        "    { \"both\" : 2 days },\n"
        "  ]\n"
        "}\n"
        "fact-groups : {\n"
        "  both : [\"grouped_one\", \"grouped_two\"],\n"
        "}\n");
  const std::vector<std::string> names = {"fresh_fact", "grouped_one", "grouped_two", "ttl_fact"};
  CommandResult first = facts(names);
  ASSERT_EQ(first.exit_code, 0) << first.err;
  EXPECT_EQ(first.out, "fresh_fact => 1\ngrouped_one => 1\ngrouped_two => two\nttl_fact => 1\n")
      << first.err;
  CommandResult second = facts(names);
  EXPECT_EQ(second.out, "fresh_fact => 2\ngrouped_one => 1\ngrouped_two => two\nttl_fact => 1\n")
      << second.err;
  EXPECT_EQ(read_file(dir_ / "ttl"), "x\n") << "resolved once, then read from the cache";
  // Facter's cache files: one per group, the group's facts and the format's version.
  nlohmann::json group = nlohmann::json::parse(read_file(dir_ / "cache/both"), nullptr, false);
  EXPECT_EQ(group, nlohmann::json::parse(
                       R"({"grouped_one": 1, "grouped_two": "two", "cache_format_version": 1})"));
  nlohmann::json single = nlohmann::json::parse(read_file(dir_ / "cache/ttl_fact"), nullptr, false);
  EXPECT_EQ(single, nlohmann::json::parse(R"({"ttl_fact": 1, "cache_format_version": 1})"));
  EXPECT_FALSE(fs::exists(dir_ / "cache/fresh_fact")) << "no ttl, no cache";
}

TEST_F(CustomFactWorkers, ABrokenFactFileIsReportedOnceInFactersWords) {
  write("facts/a_broken.rb",
        "Facter.add('before_raise') { setcode { 'defined' } }\nraise 'boom'\n");
  write("facts/b_missing.rb", "require 'no_such_library_for_facts'\n");
  for (int n = 0; n < 6; ++n)
    write("facts/c_fine" + std::to_string(n) + ".rb",
          "Facter.add('fine_" + std::to_string(n) + "') { setcode { 'fine' } }\n");
  CommandResult result = facts({"before_raise", "fine_5"});
  ASSERT_EQ(result.exit_code, 0) << result.err;
  EXPECT_EQ(result.out, "before_raise => defined\nfine_5 => fine\n");
  EXPECT_EQ(occurrences(result.err, "Error: Facter: error while resolving custom facts in " +
                                        (dir_ / "facts/a_broken.rb").string() + " boom\n"),
            1u)
      << result.err;
  EXPECT_EQ(occurrences(result.err, "Error: Facter: Error loading fact " +
                                        (dir_ / "facts/b_missing.rb").string() +
                                        ": cannot load such file -- no_such_library_for_facts\n"),
            1u)
      << result.err;
  EXPECT_EQ(occurrences(result.err, "Error:"), 2u) << result.err;
}

}  // namespace
}  // namespace marionette
