#include "daemon/run_settings.hpp"

#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <iostream>

namespace marionette::daemon {

namespace {

/// The last gathered facts, kept in the state dir for inspection and as the fallback when
/// gathering fails.
std::filesystem::path facts_cache_path(const RunSettings& settings) {
  return settings.state_dir / "facts_cache.json";
}

void write_facts_cache(const RunSettings& settings, const facts::Facts& gathered) {
  std::error_code error;
  std::filesystem::create_directories(settings.state_dir, error);
  const auto path = facts_cache_path(settings);
  const auto temporary = path.string() + ".tmp";
  {
    std::ofstream out(temporary, std::ios::trunc);
    out << gathered.dump(2) << "\n";
    if (!out) return;
  }
  std::filesystem::rename(temporary, path, error);
}

}  // namespace

facts::Facts load_facts(const RunSettings& settings) {
  if (settings.facts_file) return facts::load_yaml_file(*settings.facts_file);
  auto warn = [](const std::string& warning) { std::cerr << "Warning: " << warning << "\n"; };
  if (settings.state_dir.empty()) return facts::gather(facts::default_external_dirs(), warn);
  try {
    facts::Facts gathered = facts::gather(facts::default_external_dirs(), warn);
    write_facts_cache(settings, gathered);
    return gathered;
  } catch (const std::exception& failure) {
    std::ifstream cached(facts_cache_path(settings));
    facts::Facts facts =
        cached.is_open() ? facts::Facts::parse(cached, nullptr, false) : facts::Facts();
    if (!facts.is_object()) throw;
    warn(std::string("could not gather facts (") + failure.what() + "); using " +
         facts_cache_path(settings).string());
    return facts;
  }
}

namespace {

std::optional<std::string> string_at(const facts::Facts& facts, const char* group,
                                     const char* key) {
  auto g = facts.find(group);
  if (g == facts.end() || !g->is_object()) return std::nullopt;
  auto v = g->find(key);
  if (v == g->end() || !v->is_string()) return std::nullopt;
  return v->get<std::string>();
}

std::optional<std::string> string_of(const facts::Facts& facts, const char* key) {
  auto v = facts.find(key);
  if (v == facts.end() || !v->is_string()) return std::nullopt;
  return v->get<std::string>();
}

}  // namespace

std::string node_name_for(const RunSettings& settings, const facts::Facts& facts) {
  if (settings.node_name && !settings.node_name->empty()) return *settings.node_name;
  if (auto fqdn = string_at(facts, "networking", "fqdn")) return *fqdn;
  if (auto fqdn = string_of(facts, "fqdn")) return *fqdn;
  if (auto host = string_of(facts, "hostname")) return *host;
  char name[256] = {};
  if (gethostname(name, sizeof name - 1) == 0 && name[0]) return name;
  return "localhost";
}

std::filesystem::path default_state_dir() {
  if (geteuid() == 0) return "/var/lib/marionette";
  if (const char* state = std::getenv("XDG_STATE_HOME"); state && *state)
    return std::filesystem::path(state) / "marionette";
  if (const char* home = std::getenv("HOME"); home && *home)
    return std::filesystem::path(home) / ".local/state/marionette";
  return std::filesystem::temp_directory_path() / "marionette";
}

}  // namespace marionette::daemon
