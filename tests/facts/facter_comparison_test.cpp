#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <map>
#include <regex>
#include <string>
#include <vector>

#include "facts/facts.hpp"

/// Compares every fact gather_native() produces with `facter -j --show-legacy` on this machine.
/// A fact is a leaf value (os.release.major, mountpoints./.size_bytes); arrays compare whole.
namespace marionette::facts {
namespace {

bool facter_installed() {
  const char* path = std::getenv("PATH");
  if (!path) return false;
  std::string dirs = path;
  for (std::size_t start = 0; start <= dirs.size();) {
    std::size_t colon = dirs.find(':', start);
    if (colon == std::string::npos) colon = dirs.size();
    if (std::filesystem::exists(std::filesystem::path(dirs.substr(start, colon - start)) /
                                "facter")) {
      return true;
    }
    start = colon + 1;
  }
  return false;
}

Facts run_facter() {
  FILE* pipe = ::popen("facter -j --show-legacy 2>/dev/null", "r");
  if (!pipe) return nullptr;
  std::string text;
  char buffer[8192];
  for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, pipe)) > 0;) text.append(buffer, n);
  ::pclose(pipe);
  return Facts::parse(text, nullptr, false);
}

void flatten(const Facts& value, const std::string& path, std::map<std::string, Facts>& out) {
  if (value.is_object() && !value.empty()) {
    for (const auto& [key, item] : value.items()) {
      flatten(item, path.empty() ? key : path + "." + key, out);
    }
  } else {
    out[path] = value;
  }
}

/// Facts whose value Facter reads at its own instant, so they differ between two runs of
/// Facter itself: uptime, load, free memory and disk space, and the legacy names of those.
bool depends_on_the_instant(const std::string& path) {
  static const std::regex kInstant(
      R"(^(system_uptime\..*|uptime.*|load_averages\..*|memoryfree.*|swapfree.*)"
      R"(|memory\.(system|swap)\.(available|available_bytes|used|used_bytes|capacity))"
      R"(|mountpoints\..*\.(available|available_bytes|used|used_bytes|capacity))$)");
  return std::regex_match(path, kInstant);
}

TEST(FacterComparison, EveryImplementedFactAgreesWithFacter) {
  if (!facter_installed()) GTEST_SKIP() << "facter is not installed: nothing to compare with";
  const Facts facter = run_facter();
  ASSERT_TRUE(facter.is_object()) << "facter -j printed no JSON object";
  std::map<std::string, Facts> theirs, ours;
  flatten(facter, "", theirs);
  flatten(gather_native(), "", ours);

  int compared = 0, agreeing = 0, instant = 0;
  std::vector<std::string> disagreeing, not_in_facter, not_in_ours;
  for (const auto& [path, value] : ours) {
    auto found = theirs.find(path);
    if (found == theirs.end()) {
      not_in_facter.push_back(path);
      continue;
    }
    ++compared;
    if (found->second == value) {
      ++agreeing;
    } else if (depends_on_the_instant(path)) {
      ++instant;
    } else {
      disagreeing.push_back(path + ": ours " + value.dump() + ", facter " + found->second.dump());
    }
  }
  for (const auto& [path, value] : theirs) {
    if (!ours.count(path)) not_in_ours.push_back(path);
  }

  std::cout << "facts agreeing / facts compared: " << agreeing << " / " << compared << " ("
            << instant << " differ only by the instant)\n";
  std::cout << "facter has, marionette has not (" << not_in_ours.size() << "):";
  for (const auto& path : not_in_ours) std::cout << " " << path;
  std::cout << "\nmarionette has, facter here has not (" << not_in_facter.size() << "):";
  for (const auto& path : not_in_facter) std::cout << " " << path;
  std::cout << "\n";
  for (const auto& line : disagreeing) ADD_FAILURE() << line;
  EXPECT_GT(compared, 50) << "too few facts in common to say anything";
  EXPECT_EQ(agreeing + instant, compared);
}

}  // namespace
}  // namespace marionette::facts
