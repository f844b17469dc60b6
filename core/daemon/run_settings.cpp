#include "daemon/run_settings.hpp"

#include <unistd.h>

#include <cstdlib>
#include <fstream>

#include "compiler/compile_log.hpp"
#include "facts/custom_facts.hpp"
#include "facts/legacy_facts.hpp"
#include "indirector/registry.hpp"
#include "marionette/version.hpp"

namespace marionette::daemon {

namespace {

/// The last gathered facts, kept in the state dir for inspection and as the fallback when
/// gathering fails.
std::filesystem::path facts_cache_path(const RunSettings& settings) {
  return settings.statedir / "facts_cache.json";
}

void write_facts_cache(const RunSettings& settings, const facts::Facts& gathered) {
  std::error_code error;
  std::filesystem::create_directories(settings.statedir, error);
  const auto path = facts_cache_path(settings);
  const auto temporary = path.string() + ".tmp";
  {
    std::ofstream out(temporary, std::ios::trunc);
    out << gathered.dump(2) << "\n";
    if (!out) return;
  }
  std::filesystem::rename(temporary, path, error);
}

/// Through the run's log when a run is under way (--logdest, the level filter), else stderr.
void warn(const std::string& warning) {
  compiler::compile_log("warning", warning);
}

}  // namespace

void resolve_environment(RunSettings& settings, compiler::EnvironmentSettings where) {
  where.env_dir = settings.env_dir;
  where.environment = settings.environment;
  compiler::ResolvedEnvironment resolved = compiler::resolve_environment(where);
  settings.env_dir = resolved.env_dir;
  if (!settings.manifest) settings.manifest = resolved.manifest;
  settings.modulepath = std::move(resolved.modulepath);
}

indirector::Routes routes_for(const RunSettings& settings) {
  if (settings.route_file)
    return indirector::load_routes(*settings.route_file, settings.application,
                                   settings.facts.has_value());
  return indirector::default_routes(settings.facts.has_value(), settings.application);
}

indirector::TerminusSettings terminus_settings_for(const RunSettings& settings) {
  indirector::TerminusSettings out;
  static_cast<config::AgentConfig&>(out) = settings;
  out.warn = warn;
  out.custom_dirs = settings.synced_custom_fact_dirs;
  if (!settings.synced_external_fact_dirs.empty()) {
    out.external_dirs = facts::default_external_dirs();
    if (settings.external_dir) out.external_dirs.push_back(*settings.external_dir);
    out.external_dirs.insert(out.external_dirs.end(), settings.synced_external_fact_dirs.begin(),
                             settings.synced_external_fact_dirs.end());
  }
  return out;
}

namespace {

/// What Puppet's facter terminus adds to the facts it gathers (Facts#add_local_facts), over
/// any fact of those names: the node's certname, Puppet's version and whether the run is noop.
/// Facts read from a file (--facts) stand in for Facter's: its puppetversion stays as written.
void add_local_facts(const RunSettings& settings, facts::Facts& facts, bool gathered) {
  if (!facts.is_object()) return;
  facts["clientcert"] = node_name_for(settings, facts);
  facts["clientversion"] = puppet_version_of(settings.compat);
  if (gathered) facts["puppetversion"] = puppet_version_of(settings.compat);
  facts["clientnoop"] = settings.noop;
}

/// Puppet 8's facter terminus without include_legacy_facts: Facter's structured facts only.
void drop_legacy_facts(facts::Facts& facts) {
  if (!facts.is_object()) return;
  std::vector<std::string> legacy;
  for (const auto& [name, value] : facts.items())
    if (facts::is_legacy_fact(name)) legacy.push_back(name);
  for (const std::string& name : legacy) facts.erase(name);
}

}  // namespace

namespace {

facts::Facts load_facts(const RunSettings& settings,
                        std::shared_ptr<facts::LazyCustomFacts>* lazy) {
  const indirector::Routes routes = routes_for(settings);
  indirector::TerminusSettings termini = terminus_settings_for(settings);
  const bool native = routes.facts.terminus == "native";
  if (lazy && settings.application == "apply" && native && !routes.facts.cache &&
      routes.catalog.terminus == "compiler" && routes.node.terminus == "plain")
    termini.defer_custom_facts = lazy;
  auto facts = indirector::facts_indirection(routes, termini);
  const std::string key = node_name_for(settings, facts::Facts::object());
  try {
    std::optional<facts::Facts> found = facts.find({key});
    if (!found)
      throw indirector::Error("facts", routes.facts.terminus, key, "cannot find", "no facts");
    auto finish = [settings, native](facts::Facts& gathered) {
      if (native && !settings.include_legacy_facts) drop_legacy_facts(gathered);
      if (native || settings.facts) add_local_facts(settings, gathered, native);
    };
    finish(*found);
    if (lazy && *lazy) (*lazy)->finish = finish;
    if (native && !settings.statedir.empty()) write_facts_cache(settings, *found);
    return *found;
  } catch (const indirector::Error& failure) {
    if (!native || settings.statedir.empty()) throw;
    std::ifstream cached(facts_cache_path(settings));
    facts::Facts facts =
        cached.is_open() ? facts::Facts::parse(cached, nullptr, false) : facts::Facts();
    if (!facts.is_object()) throw;
    warn(std::string("could not gather facts (") + failure.what() + "); using " +
         facts_cache_path(settings).string());
    if (lazy) lazy->reset();
    return facts;
  }
}

}  // namespace

facts::Facts load_facts(const RunSettings& settings) {
  return load_facts(settings, nullptr);
}

facts::Facts load_facts(const RunSettings& settings,
                        std::shared_ptr<facts::LazyCustomFacts>& lazy) {
  return load_facts(settings, &lazy);
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
  if (settings.certname && !settings.certname->empty()) return *settings.certname;
  if (auto fqdn = string_at(facts, "networking", "fqdn")) return *fqdn;
  if (auto fqdn = string_of(facts, "fqdn")) return *fqdn;
  if (auto host = string_of(facts, "hostname")) return *host;
  char name[256] = {};
  if (gethostname(name, sizeof name - 1) == 0 && name[0]) return name;
  return "localhost";
}

std::optional<std::filesystem::path> default_hiera_config() {
  const std::filesystem::path global = "/etc/marionette/hiera.yaml";
  std::error_code error;
  if (std::filesystem::is_regular_file(global, error)) return global;
  return std::nullopt;
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
