#include <grp.h>
#include <pwd.h>
#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <set>
#include <vector>

#include "facts/native_parts.hpp"
#include "marionette/version.hpp"

namespace marionette::facts::native {
namespace {

/// The Facter release whose facts we reproduce: the facter package of Debian 12 (4.3.0).
/// Manifests compare it (versioncmp($facts['facterversion'], ...)), so it names the shapes,
/// not our code; our own version is the separate `marionetteversion` fact.
constexpr const char* kFacterCompatVersion = "4.3.0";

/// Ruby's Float#round(2) (float.c's round_half_up): a half rounds up as its decimal reads, so
/// 2.445, held as 2.44499…, is 2.45 as Facter prints it.
double round2(double value) {
  double rounded = std::round(value * 100.0);
  if (value > 0 && (rounded + 0.5) / 100.0 <= value) rounded += 1;
  if (value < 0 && (rounded - 0.5) / 100.0 >= value) rounded -= 1;
  return rounded / 100.0;
}

double mebibytes(std::uint64_t bytes) {
  return static_cast<double>(bytes) / (1024.0 * 1024.0);
}

/// total, available and used, in bytes and in Facter's words, and the used share.
Facts memory_block(std::uint64_t total, std::uint64_t available) {
  const std::uint64_t used = total - std::min(available, total);
  return {{"available", bytes_to_human_readable(available)},
          {"available_bytes", available},
          {"capacity", capacity_text(used, total)},
          {"total", bytes_to_human_readable(total)},
          {"total_bytes", total},
          {"used", bytes_to_human_readable(used)},
          {"used_bytes", used}};
}

/// memory.system and (when there is swap) memory.swap, as Facter reads /proc/meminfo: available
/// is MemAvailable, else MemFree + Buffers + Cached.
void add_memory(Facts& facts) {
  const std::string meminfo = read_text("/proc/meminfo");
  auto total = meminfo_bytes(meminfo, "MemTotal");
  if (!total) return;
  auto available = meminfo_bytes(meminfo, "MemAvailable");
  if (!available) {
    available = meminfo_bytes(meminfo, "MemFree").value_or(0) +
                meminfo_bytes(meminfo, "Buffers").value_or(0) +
                meminfo_bytes(meminfo, "Cached").value_or(0);
  }
  Facts memory = {{"system", memory_block(*total, *available)}};
  facts["memoryfree"] = memory["system"]["available"];
  facts["memoryfree_mb"] = mebibytes(*available);
  facts["memorysize"] = memory["system"]["total"];
  facts["memorysize_mb"] = mebibytes(*total);
  auto swap_total = meminfo_bytes(meminfo, "SwapTotal");
  if (swap_total && *swap_total > 0) {
    const std::uint64_t swap_free = meminfo_bytes(meminfo, "SwapFree").value_or(0);
    memory["swap"] = memory_block(*swap_total, swap_free);
    facts["swapfree"] = memory["swap"]["available"];
    facts["swapfree_mb"] = mebibytes(swap_free);
    facts["swapsize"] = memory["swap"]["total"];
    facts["swapsize_mb"] = mebibytes(*swap_total);
  }
  facts["memory"] = std::move(memory);
}

/// processors from /proc/cpuinfo: count, models, physical packages, cores per package and
/// threads per core, and the last "cpu MHz" as speed.
void add_processors(Facts& facts) {
  long online = ::sysconf(_SC_NPROCESSORS_ONLN);
  Facts models = Facts::array();
  std::set<std::string> packages;
  long cores = 0, siblings = 0;
  std::uint64_t megahertz = 0;
  const std::string cpuinfo = read_text("/proc/cpuinfo");
  for (const auto line : lines_of(cpuinfo)) {
    auto colon = line.find(':');
    if (colon == std::string_view::npos || colon == 0) continue;
    const std::string_view key = line.substr(0, line.find_last_not_of(" \t", colon - 1) + 1);
    const std::string value(colon + 2 <= line.size() ? line.substr(colon + 2) : "");
    if (key == "model name") models.push_back(value);
    if (key == "physical id") packages.insert(value);
    if (key == "cpu cores") cores = std::atol(value.c_str());
    if (key == "siblings") siblings = std::atol(value.c_str());
    if (key == "cpu MHz") megahertz = std::strtoull(value.c_str(), nullptr, 10);
  }
  Facts processors = {{"count", online > 0 ? online : static_cast<long>(models.size())},
                      // Facter takes isa from `uname -p`, which Debian's coreutils leaves unknown.
                      {"isa", "unknown"},
                      {"models", models},
                      {"physicalcount", packages.empty() ? 1 : packages.size()}};
  if (cores > 0) processors["cores"] = cores;
  if (cores > 0 && siblings > 0) processors["threads"] = siblings / cores;
  if (megahertz > 0) processors["speed"] = hertz_to_human_readable(megahertz * 1000000);
  facts["processorcount"] = processors["count"];
  facts["physicalprocessorcount"] = processors["physicalcount"];
  facts["hardwareisa"] = processors["isa"];
  for (std::size_t i = 0; i < models.size(); ++i) {
    facts["processor" + std::to_string(i)] = models[i];
  }
  facts["processors"] = std::move(processors);
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
  if (identity.contains("user")) facts["id"] = identity["user"];
  if (identity.contains("group")) facts["gid"] = identity["group"];
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

std::string capacity_text(std::uint64_t used, std::uint64_t total) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f%%",
                total ? 100.0 * static_cast<double>(used) / static_cast<double>(total) : 0.0);
  return text;
}

std::string hertz_to_human_readable(std::uint64_t hertz) {
  if (hertz == 0) return "";
  static const char* kPrefixes[] = {"", "k", "M", "G", "T"};
  int group = 0;
  double value = static_cast<double>(hertz);
  while (value >= 1000.0 && group < 4) {
    value /= 1000.0;
    ++group;
  }
  char text[32];
  std::snprintf(text, sizeof text, "%.2f %sHz", round2(value), kPrefixes[group]);
  return text;
}

std::optional<std::uint64_t> meminfo_bytes(std::string_view meminfo, std::string_view name) {
  for (const auto line : lines_of(meminfo)) {
    if (!line.starts_with(name) || line.size() <= name.size() || line[name.size()] != ':') {
      continue;
    }
    const auto words = words_of(line.substr(name.size() + 1));
    if (words.empty() || words[0].find_first_not_of("0123456789") != std::string_view::npos) {
      return std::nullopt;
    }
    return std::strtoull(std::string(words[0]).c_str(), nullptr, 10) * 1024;
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
