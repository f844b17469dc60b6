// Puppet's own specification as a conformance suite: every case of tests/puppet-spec/cases (Puppet
// code from Puppet 7.23's evaluator, compiler-integration and function specs, with what real
// Puppet 7 and OpenVox 8 gave for it) compiled in-process and held against the reference.
// known-differences (Puppet 7) and known-differences-8 (OpenVox 8) list the cases that differ
// today with the kind of difference; the test fails on a case that differs and is not listed, or
// is listed with another kind, and on a listed case that agrees now: the lists only shrink.
// It prints agreement by group and by kind of difference.
//
// MARIONETTE_PUPPET_SPEC_DIFFERENCES=FILE writes today's differences in the lists' form (to
// rewrite a list after a fix); MARIONETTE_PUPPET_SPEC_DETAILS=FILE writes each difference with
// Puppet's answer and ours (JSON lines).
#include <gtest/gtest.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <iomanip>
#include <iostream>
#include <map>
#include <sstream>

#include "puppet_spec_case.hpp"

namespace marionette {
namespace {

namespace fs = std::filesystem;

const fs::path kSpecDir = MARIONETTE_PUPPET_SPEC_DIR;

const std::vector<testing::PuppetSpecCase>& all_cases() {
  static const std::vector<testing::PuppetSpecCase> cases =
      testing::load_puppet_spec_cases(kSpecDir / "cases");
  return cases;
}

struct Tally {
  int total = 0;
  int agree = 0;
};

std::string percent(const Tally& t) {
  std::ostringstream out;
  out << std::fixed << std::setprecision(1) << (t.total ? 100.0 * t.agree / t.total : 0.0) << "% ("
      << t.agree << "/" << t.total << ")";
  return out.str();
}

void write_lines(const char* variable, const std::vector<std::string>& lines) {
  const char* file = std::getenv(variable);
  if (!file) return;
  std::ofstream out(file);
  for (const std::string& line : lines) out << line << "\n";
}

void run_all(PuppetCompat compat, const std::string& known_list, const std::string& reference) {
  const auto started = std::chrono::steady_clock::now();
  const std::map<std::string, std::string> known =
      testing::load_known_puppet_spec_differences(kSpecDir / known_list);
  const fs::path scratch =
      fs::temp_directory_path() / ("marionette-puppet-spec-" + std::to_string(getpid()));
  fs::create_directories(scratch);
  std::map<std::string, Tally> by_group;
  std::map<std::string, int> by_kind;
  std::map<std::string, std::map<std::string, int>> kinds_by_group;
  std::vector<std::string> unlisted, now_agree, differences, details;
  for (const testing::PuppetSpecCase& c : all_cases()) {
    const testing::PuppetSpecOutcome outcome = testing::run_puppet_spec_case(c, compat, scratch);
    Tally& tally = by_group[c.group];
    ++tally.total;
    ++by_kind[outcome.kind];
    ++kinds_by_group[c.group][outcome.kind];
    auto listed = known.find(c.id);
    if (outcome.kind == "agree") {
      ++tally.agree;
      if (listed != known.end())
        now_agree.push_back(c.id + " (listed as " + listed->second + ", " + c.origin + ")");
      continue;
    }
    differences.push_back(c.id + " " + outcome.kind);
    const nlohmann::json& expected =
        compat == PuppetCompat::puppet8 && !c.expected8.is_null() ? c.expected8 : c.expected;
    details.push_back(nlohmann::json{
        {"id", c.id},
        {"origin", c.origin},
        {"group", c.group},
        {"kind", outcome.kind},
        {"manifest", c.manifest},
        {"puppet", expected},
        {"ours",
         outcome.ours}}.dump());
    if (listed == known.end() || listed->second != outcome.kind)
      unlisted.push_back(c.id + " " + outcome.kind + "   # " + c.origin +
                         (listed == known.end() ? "" : " (listed as " + listed->second + ")") +
                         "\n    manifest: " + c.manifest.substr(0, 300) +
                         "\n    Puppet: " + expected.dump().substr(0, 600) +
                         "\n    ours:   " + outcome.ours.dump().substr(0, 600));
  }
  fs::remove_all(scratch);
  write_lines("MARIONETTE_PUPPET_SPEC_DIFFERENCES", differences);
  write_lines("MARIONETTE_PUPPET_SPEC_DETAILS", details);

  Tally all;
  std::cout << "Agreement with " << reference << ", by group:\n";
  for (const auto& [group, tally] : by_group) {
    std::cout << "  " << std::left << std::setw(18) << group << std::setw(20) << percent(tally);
    for (const auto& [kind, count] : kinds_by_group[group])
      if (kind != "agree") std::cout << " " << kind << " " << count;
    std::cout << "\n";
    all.total += tally.total;
    all.agree += tally.agree;
  }
  std::cout << "  " << std::left << std::setw(18) << "all" << percent(all) << "\nBy kind:\n";
  for (const auto& [kind, count] : by_kind) std::cout << "  " << kind << " " << count << "\n";
  std::cout << "("
            << std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count()
            << " s)\n";

  EXPECT_GT(all.total, 0) << "no cases under " << kSpecDir / "cases";
  std::string unlisted_text, agree_text;
  for (const std::string& line : unlisted) unlisted_text += line + "\n";
  for (const std::string& line : now_agree) agree_text += line + "\n";
  EXPECT_TRUE(unlisted.empty()) << unlisted.size() << " cases differ from " << reference
                                << " and are not in tests/puppet-spec/" << known_list
                                << " with that kind:\n"
                                << unlisted_text;
  EXPECT_TRUE(now_agree.empty()) << now_agree.size() << " cases in tests/puppet-spec/" << known_list
                                 << " agree with " << reference
                                 << " now: remove them from the list\n"
                                 << agree_text;
}

TEST(PuppetSpecConformance, AsPuppet7) {
  run_all(PuppetCompat::puppet7, "known-differences", "Puppet 7.23");
}

TEST(PuppetSpecConformance, AsOpenVox8) {
  run_all(PuppetCompat::puppet8, "known-differences-8", "OpenVox 8");
}

}  // namespace
}  // namespace marionette
