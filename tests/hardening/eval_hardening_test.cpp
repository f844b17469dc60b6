// Issue 21, the compiler's items: manifests that hung, crashed or printed wrong numbers now fail
// with Puppet's text and exit 1 (or compile as Puppet does), each within a time limit, through
// the real `marionette compile` and `marionette resource`.

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "support/command.hpp"
#include "support/scratch_dir.hpp"

namespace marionette {
namespace {

namespace fs = std::filesystem;
using testing::CommandResult;
using testing::run_command;

/// What every case must stay under; the slowest (a define declaring itself 1000 times) takes
/// well under a second.
constexpr auto kTimeLimit = std::chrono::seconds(20);

class EvalHardening : public ::testing::Test {
 protected:
  /// `marionette compile` of the manifest text with the example facts.
  CommandResult compile(const std::string& manifest) {
    fs::path file = dir_ / "site.pp";
    std::ofstream(file, std::ios::binary) << manifest;
    CommandResult result = run_command({MARIONETTE_BINARY, "compile", "--manifest", file.string(),
                                        "--facts", MARIONETTE_FACTS_FILE},
                                       kTimeLimit);
    EXPECT_FALSE(result.timed_out) << manifest;
    return result;
  }

  /// The manifest fails with exit 1 and an error naming site.pp that contains `message`.
  void expect_failure(const std::string& manifest, const std::string& message) {
    CommandResult result = compile(manifest);
    EXPECT_EQ(result.exit_code, 1) << manifest << "\n" << result.err;
    EXPECT_NE(result.err.find(message), std::string::npos)
        << manifest << "\nexpected: " << message << "\ngot: " << result.err;
    EXPECT_NE(result.err.find("site.pp:"), std::string::npos) << result.err;
  }

  /// The manifest compiles, and the catalog holds `text`.
  void expect_catalog_with(const std::string& manifest, const std::string& text) {
    CommandResult result = compile(manifest);
    EXPECT_EQ(result.exit_code, 0) << manifest << "\n" << result.err;
    EXPECT_NE(result.out.find(text), std::string::npos)
        << manifest << "\nexpected in the catalog: " << text;
  }

  marionette::testing::ScratchDir scratch_{"eval-hardening"};
  const fs::path& dir_ = scratch_.path();
};

// Item 2: a width or precision beyond an int is Ruby's "width too big" (it wrapped to 32 bits
// and built a 1.2 GB string); strftime pads within Ruby's buffer limit or fails as Ruby does.
TEST_F(EvalHardening, FormatWidthsBeyondAnIntFailAsRuby) {
  expect_failure("notify { String(1, '%99999999999d'): }", "width too big");
  expect_failure("notify { sprintf('%-99999999999999999999d', 1): }", "width too big");
  expect_failure("notify { sprintf('%.99999999999d', 1): }", "precision too big");
  expect_failure("notify { sprintf('%*d', 99999999999, 1): }",
                 "integer 99999999999 too big to convert to `int'");
  expect_failure("notify { strftime(Timespan(3600), '%99999999999H'): }", "width too big");
}

TEST_F(EvalHardening, StrftimeHugeWidthsAreBoundedAsRuby) {
  const std::string at = "$t = Timestamp('2024-01-02T03:04:05 UTC')\n";
  // Beyond an int, Ruby copies the directive as written; it took forever (quadratic padding).
  expect_catalog_with(at + "notify { strftime($t, '%99999999999d'): }", "Notify[%99999999999d]");
  // Within Ruby's limit (1 MiB per character of the format) the padding is made...
  expect_catalog_with(at + "notify { \"w${strftime($t, 'ab%5500000d').length}\": }",
                      "Notify[w5500002]");
  // ... and beyond it Ruby's ERANGE.
  expect_failure(at + "notify { strftime($t, '%5500000d'): }",
                 "Numerical result out of range - %5500000d");
}

// Item 3: Puppet gives up after 1000 generator passes; we grew to 4 GB and died.
TEST_F(EvalHardening, DefineDeclaringItselfStopsAfterAThousandPasses) {
  expect_failure("define r($n) { r { \"x${n}\": n => $n + 1 } }\nr { 'a': n => 1 }",
                 "Somehow looped more than 1000 times while evaluating host catalog");
}

// Item 6: Puppet's Integer is 64 bits; results beyond fail as Puppet's NUMERIC_OVERFLOW (the
// division crashed with SIGFPE, the others wrapped around).
TEST_F(EvalHardening, IntegerOverflowFailsWithPuppetsText) {
  const std::string min = "$min = -9223372036854775807 - 1\n";
  expect_failure(min + "notify { \"${$min / -1}\": }",
                 "A '/' expression resulted in a value outside of Puppet Integer max range, got "
                 "'+0x8000000000000000'");
  expect_failure("notify { \"${9223372036854775807 + 1}\": }",
                 "A '+' expression resulted in a value outside of Puppet Integer max range, got "
                 "'+0x8000000000000000'");
  expect_failure(min + "notify { \"${$min - 1}\": }",
                 "A '-' expression resulted in a value outside of Puppet Integer min range, got "
                 "'-0x8000000000000001'");
  expect_failure("notify { \"${4611686018427387904 * 4}\": }",
                 "A '*' expression resulted in a value outside of Puppet Integer max range, got "
                 "'+0x10000000000000000'");
  expect_failure("notify { \"${1 << 100}\": }",
                 "A '<<' expression resulted in a value outside of Puppet Integer max range, got "
                 "'+0x10000000000000000000000000'");
  expect_failure("notify { \"${1 >> -64}\": }",
                 "A '>>' expression resulted in a value outside of Puppet Integer max range, got "
                 "'+0x10000000000000000'");
  expect_failure("$zero = 0\nnotify { \"${1 % $zero}\": }", "Division by 0");
  expect_failure("$big = 1e308\nnotify { \"${$big * 10}\": }",
                 "The result of the * expression is Infinity");
  // Ruby makes a Bignum here, which Puppet cannot hold either (it fails where it is used).
  expect_failure(min + "notify { \"${abs($min)}\": }",
                 "outside of Puppet Integer max range, got '+0x8000000000000000'");
  expect_failure(min + "notify { \"${-$min}\": }",
                 "outside of Puppet Integer max range, got '+0x8000000000000000'");
  expect_failure("notify { \"${Integer.new(1e300)}\": }", "outside of Puppet Integer max range");
  expect_catalog_with(min + "notify { \"${$min % -1} ${1 << -100} ${-1 >> 100}\": }",
                      "Notify[0 0 -1]");
}

// Item 13: Puppet reads manifests as UTF-8; we replaced the bytes with U+FFFD.
TEST_F(EvalHardening, ManifestThatIsNotUtf8Fails) {
  CommandResult result = compile("notify { 'ok': }\nnotify { \"\xff\xfe\": }\n");
  EXPECT_EQ(result.exit_code, 1);
  EXPECT_NE(result.err.find("site.pp:2:"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("invalid byte sequence in UTF-8"), std::string::npos) << result.err;
}

// Item 15.
TEST_F(EvalHardening, IllegalRadixAndInfiniteTimesFailAsPuppet) {
  expect_failure("notify { \"${Integer.new('12', 99)}\": }",
                 "Illegal radix: 99, expected 2, 8, 10, 16, or default");
  expect_failure("notify { \"${Timestamp(1e300)}\": }", "Infinity");
  expect_failure("notify { \"${Timespan(1e300)}\": }", "Infinity");
}

TEST_F(EvalHardening, ReduceTakesWhatPuppetIterates) {
  expect_catalog_with("$x = 3.reduce |$m, $v| { $m + $v }\nnotify { \"r${x}\": }", "Notify[r3]");
  expect_catalog_with("$x = Integer[1, 3].reduce |$m, $v| { $m + $v }\nnotify { \"r${x}\": }",
                      "Notify[r6]");
}

TEST_F(EvalHardening, ResourceWithAnUnknownAttributeFailsAndChangesNothing) {
  fs::path target = dir_ / "X";
  CommandResult result = run_command(
      {MARIONETTE_BINARY, "resource", "file", target.string(), "ensure=file", "nosuchattr=1"},
      kTimeLimit);
  EXPECT_EQ(result.exit_code, 1) << result.out << result.err;
  EXPECT_NE(result.err.find("Could not run: no parameter named 'nosuchattr'"), std::string::npos)
      << result.err;
  EXPECT_FALSE(fs::exists(target));
}

// Item 19: catastrophic backtracking hangs Ruby (and Puppet); we give up with a located error.
TEST_F(EvalHardening, CatastrophicBacktrackingFailsAtTheMatch) {
  const std::string subject = "'" + std::string(40, 'a') + "!'";
  auto started = std::chrono::steady_clock::now();
  CommandResult result = compile("$x = 1\nif " + subject + " =~ /(a+)+$/ { notify { 'y': } }\n");
  EXPECT_EQ(result.exit_code, 1) << result.err;
  EXPECT_NE(result.err.find("site.pp:2:"), std::string::npos) << result.err;
  EXPECT_NE(result.err.find("backtracks catastrophically"), std::string::npos) << result.err;
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(10));
  // The same through functions and types.
  expect_failure("notify { regsubst(" + subject + ", /(a+)+$/, 'b'): }",
                 "backtracks catastrophically");
  expect_failure("notify { \"${" + subject + " =~ Pattern[/(a+)+$/]}\": }",
                 "backtracks catastrophically");
  expect_failure("notify { \"${split(" + subject + ", /(a+)+$/)}\": }",
                 "backtracks catastrophically");
}

// std::regex recurses once per repetition: a long text crashed the compile (SIGSEGV) at 10,000
// characters. A long text is now matched on a deep stack (100,000 repetitions pass) and the
// match gives up before that stack runs out.
TEST_F(EvalHardening, RegexRecursionOnALongTextFailsInsteadOfCrashing) {
  expect_catalog_with(
      "$s = Integer[1, 100000].map |$i| { 'a' }.join('')\n"
      "if $s =~ /^(a|b)*$/ { notify { 'long': } }\n",
      "Notify[long]");
  expect_failure(
      "$s = Integer[1, 400000].map |$i| { 'a' }.join('')\n"
      "if $s =~ /^(a|b)*$/ { notify { 'y': } }\n",
      "repeats too deeply on this text");
}

}  // namespace
}  // namespace marionette
