#include <grp.h>
#include <pwd.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <set>
#include <sstream>
#include <vector>

#include "facts/native_parts.hpp"
#include "marionette/version.hpp"

namespace marionette::facts::native {
namespace {

/// The Facter release whose facts we reproduce: the facter package of Debian 12 (4.3.0).
/// Manifests compare it (versioncmp($facts['facterversion'], ...)), so it names the shapes,
/// not our code; our own version is the separate `marionetteversion` fact.
constexpr const char* kFacterCompatVersion = "4.3.0";

double round2(double value) {
  return std::round(value * 100.0) / 100.0;
}

void add_memory(Facts& facts) {
  const std::string meminfo = read_text("/proc/meminfo");
  auto total = meminfo_bytes(meminfo, "MemTotal");
  if (!total) return;
  Facts system = {{"total", bytes_to_human_readable(*total)}, {"total_bytes", *total}};
  if (auto available = meminfo_bytes(meminfo, "MemAvailable")) {
    std::uint64_t used = *total - std::min(*available, *total);
    char capacity[32];
    std::snprintf(capacity, sizeof capacity, "%.2f%%",
                  *total ? 100.0 * static_cast<double>(used) / static_cast<double>(*total) : 0.0);
    system["available"] = bytes_to_human_readable(*available);
    system["available_bytes"] = *available;
    system["capacity"] = capacity;
    system["used"] = bytes_to_human_readable(used);
    system["used_bytes"] = used;
    facts["memoryfree"] = system["available"];
    facts["memoryfree_mb"] = round2(static_cast<double>(*available) / (1024.0 * 1024.0));
  }
  facts["memory"] = {{"system", system}};
  facts["memorysize"] = system["total"];
  facts["memorysize_mb"] = round2(static_cast<double>(*total) / (1024.0 * 1024.0));
}

void add_processors(Facts& facts) {
  long online = ::sysconf(_SC_NPROCESSORS_ONLN);
  Facts models = Facts::array();
  std::set<std::string> packages;
  std::istringstream cpuinfo(read_text("/proc/cpuinfo"));
  for (std::string line; std::getline(cpuinfo, line);) {
    auto colon = line.find(':');
    if (colon == std::string::npos) continue;
    std::string key = line.substr(0, line.find_last_not_of(" \t", colon - 1) + 1);
    std::string value = colon + 2 <= line.size() ? line.substr(colon + 2) : "";
    if (key == "model name") models.push_back(value);
    if (key == "physical id") packages.insert(value);
  }
  Facts processors = {{"count", online > 0 ? online : static_cast<long>(models.size())},
                      // Facter takes isa from `uname -p`, which Debian's coreutils leaves unknown.
                      {"isa", "unknown"},
                      {"models", models},
                      {"physicalcount", packages.empty() ? 1 : packages.size()}};
  facts["processors"] = processors;
  facts["processorcount"] = processors["count"];
}

void add_identity(Facts& facts) {
  const uid_t uid = ::geteuid();
  const gid_t gid = ::getegid();
  Facts identity = {{"gid", gid}, {"privileged", uid == 0}, {"uid", uid}};
  std::vector<char> buffer(16384);
  passwd user{}, *user_found = nullptr;
  if (::getpwuid_r(uid, &user, buffer.data(), buffer.size(), &user_found) == 0 && user_found) {
    identity["user"] = user.pw_name;
  }
  group group_entry{}, *group_found = nullptr;
  if (::getgrgid_r(gid, &group_entry, buffer.data(), buffer.size(), &group_found) == 0 &&
      group_found) {
    identity["group"] = group_entry.gr_name;
  }
  facts["identity"] = identity;
}

std::string timezone_abbreviation() {
  std::time_t now = std::time(nullptr);
  std::tm local{};
  char text[64] = {};
  if (!::localtime_r(&now, &local) || std::strftime(text, sizeof text, "%Z", &local) == 0) {
    return "";
  }
  return text;
}

}  // namespace

std::string bytes_to_human_readable(std::uint64_t bytes) {
  if (bytes < 1024) return std::to_string(bytes) + " bytes";
  static const char* kUnits[] = {"KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  double value = static_cast<double>(bytes);
  int unit = -1;
  while (value >= 1024.0 && unit < 5) {
    value /= 1024.0;
    ++unit;
  }
  value = round2(value);
  if (value >= 1024.0 && unit < 5) {  // 1023.999 MiB rounds to 1024.00: say 1.00 GiB
    value = 1.0;
    ++unit;
  }
  char text[32];
  std::snprintf(text, sizeof text, "%.2f %s", value, kUnits[unit]);
  return text;
}

std::optional<std::uint64_t> meminfo_bytes(std::string_view meminfo, std::string_view name) {
  std::istringstream lines{std::string(meminfo)};
  for (std::string line; std::getline(lines, line);) {
    if (!line.starts_with(name) || line.size() <= name.size() || line[name.size()] != ':') {
      continue;
    }
    std::istringstream fields(line.substr(name.size() + 1));
    std::uint64_t kib = 0;
    if (fields >> kib) return kib * 1024;
  }
  return std::nullopt;
}

void add_system_facts(Facts& facts) {
  add_memory(facts);
  add_processors(facts);
  add_identity(facts);
  const char* path = std::getenv("PATH");
  facts["path"] = path ? path : "";
  facts["timezone"] = timezone_abbreviation();
  facts["facterversion"] = kFacterCompatVersion;
  facts["puppetversion"] = kPuppetCompatVersion;
  facts["marionetteversion"] = kVersion;
}

}  // namespace marionette::facts::native
