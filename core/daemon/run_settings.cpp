#include "daemon/run_settings.hpp"

#include <unistd.h>

#include <cstdlib>

namespace marionette::daemon {

facts::Facts load_facts(const RunSettings& settings) {
  if (settings.facts_file) return facts::load_yaml_file(*settings.facts_file);
  return facts::gather_native();
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
