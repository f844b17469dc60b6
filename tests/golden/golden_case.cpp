#include "golden_case.hpp"

#include <algorithm>
#include <cstdlib>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>
#include <stdexcept>

#include "catalog_compare.hpp"
#include "compiler/compiler.hpp"
#include "compiler/exported_resources.hpp"
#include "compiler/module_path.hpp"
#include "config/setting_values.hpp"
#include "config/settings_table.hpp"
#include "lang/diagnostic.hpp"
#include "puppet_error.hpp"

namespace marionette::testing {

namespace fs = std::filesystem;

std::string read_text(const fs::path& path) {
  std::ifstream in(path);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::string join_lines(const std::vector<std::string>& lines) {
  std::string text;
  for (const std::string& line : lines) text += line + "\n";
  return text;
}

std::vector<std::string> golden_case_names(const fs::path& dir) {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(dir))
    if (entry.is_directory()) names.push_back(entry.path().filename().string());
  std::sort(names.begin(), names.end());
  return names;
}

namespace {

#ifdef MARIONETTE_BUILT_RUBY_MODULE
// The cases whose modules ship Ruby functions run them in the module built beside the tests.
[[maybe_unused]] const bool ruby_module_given =
    setenv("MARIONETTE_RUBY_MODULE", MARIONETTE_BUILT_RUBY_MODULE, 0) == 0;
#endif

#ifdef MARIONETTE_BUILT_AUGEAS_MODULE
// validate_augeas runs Augeas in the module built beside the tests.
[[maybe_unused]] const bool augeas_module_given =
    setenv("MARIONETTE_AUGEAS_MODULE", MARIONETTE_BUILT_AUGEAS_MODULE, 0) == 0;
#endif

/// Other nodes' exported resources, for a case compiled with storeconfigs: its
/// exported-resources.json, a list of {certname, type, title, tags, parameters}.
std::unique_ptr<compiler::MemoryExportedResourceStore> stored_exports(const fs::path& dir,
                                                                      const std::string& env) {
  auto store = std::make_unique<compiler::MemoryExportedResourceStore>();
  if (!fs::exists(dir / "exported-resources.json")) return store;
  nlohmann::ordered_json rows =
      nlohmann::ordered_json::parse(read_text(dir / "exported-resources.json"));
  std::map<std::string, nlohmann::ordered_json> by_node;
  for (const auto& row : rows) {
    auto& list = by_node[row.at("certname").get<std::string>()];
    if (list.is_null()) list = nlohmann::ordered_json::array();
    list.push_back(row);
  }
  for (const auto& [node, list] : by_node)
    store->replace(env, node, compiler::exported_resources_from_json(list.dump()));
  return store;
}

compiler::CompileRequest request_for(
    const fs::path& dir, const facts::Facts& facts, const std::string& basemodulepath,
    PuppetCompat compat, std::unique_ptr<compiler::MemoryExportedResourceStore>& store) {
  compiler::CompileRequest request;
  request.env_dir = dir;
  request.compat = compat;
  // Puppet 8's defaults (strict=error, strict_variables=true), under the case's own settings.
  if (compat == PuppetCompat::puppet8) request.strictness = {compiler::Strict::Error, true};
  // The case's environment.conf counts, as it does for Puppet.
  compiler::EnvironmentSettings where;
  where.env_dir = dir;
  where.basemodulepath = basemodulepath;
  compiler::ResolvedEnvironment resolved = compiler::resolve_environment(where);
  request.manifest = resolved.manifest;
  request.modulepath = resolved.modulepath;
  request.facts = facts;
  // The case's extra-facts.yaml is laid over the shared facts (puppet-expected does the same).
  if (fs::exists(dir / "extra-facts.yaml")) {
    const facts::Facts extra = facts::load_yaml_file(dir / "extra-facts.yaml");
    for (const auto& [name, value] : extra.items()) request.facts[name] = value;
  }
  request.node_name = facts.value("fqdn", std::string("node1.example.com"));
  // The case's Puppet settings (puppet-expected gives them to Puppet the same way). Those the
  // settings table knows reach the manifests ($settings::NAME) as the command line's do.
  config::SettingValues table;
  if (compat == PuppetCompat::puppet7) table.write("puppet_compat", "7", {});
  std::ifstream settings(dir / "puppet-settings");
  for (std::string setting; std::getline(settings, setting);) {
    const std::size_t equals = setting.find('=');
    const std::string name = setting.substr(0, equals).substr(setting.starts_with("--") ? 2 : 0);
    if (const config::SettingDefinition* known = config::find_setting(name);
        known && config::is_puppet_setting(known->name))
      table.write(name, equals == std::string::npos ? "true" : setting.substr(equals + 1), {});
    if (setting == "--strict_variables") {
      request.strictness.strict_variables = true;
    } else if (setting.starts_with("--strict=")) {
      auto level = compiler::parse_strict(setting.substr(9));
      if (!level) throw std::runtime_error((dir / "puppet-settings").string() + ": " + setting);
      request.strictness.strict = *level;
    } else if (setting == "--storeconfigs") {
      store = stored_exports(dir, request.environment);
      request.storeconfigs = store.get();
    } else if (setting == "--storeconfigs_backend=golden_store") {
    } else if (!setting.empty() && !config::find_setting(name)) {
      throw std::runtime_error((dir / "puppet-settings").string() +
                               ": the golden test does not know " + setting);
    }
  }
  request.manifest_settings = table.manifest_settings();
  return request;
}

/// The node's exported resources as the store kept them, against those of the catalog Puppet
/// handed to storeconfigs: type, title, tags, line and parameters, in order.
std::vector<std::string> stored_differences(const nlohmann::json& puppet_catalog,
                                            const std::vector<catalog::Resource>& ours) {
  auto row = [](const std::string& type, const std::string& title, const nlohmann::json& tags,
                const nlohmann::json& line, const nlohmann::json& parameters) {
    return nlohmann::json{type, title, tags, line, parameters}.dump();
  };
  std::vector<std::string> expected, actual, diffs;
  for (const auto& r : puppet_catalog.at("resources"))
    if (r.value("exported", false))
      expected.push_back(row(r.at("type"), r.at("title"), r.at("tags"),
                             r.value("line", nlohmann::json()),
                             r.value("parameters", nlohmann::json::object())));
  for (const catalog::Resource& r : ours)
    actual.push_back(row(r.type, r.title, r.tags,
                         r.line ? nlohmann::json(*r.line) : nlohmann::json(),
                         nlohmann::json::parse(r.parameters.dump())));
  if (expected != actual)
    diffs.push_back("stored exported resources differ:\n  Puppet: " + join_lines(expected) +
                    "  ours:   " + join_lines(actual));
  return diffs;
}

/// Where our error points, relative to the case as Puppet's paths are (puppet-expected reduces
/// only the case's own directory).
OurError our_error(const std::string& message, const lang::SourceLocation& where,
                   const fs::path& dir) {
  OurError ours{without_case_dir(message, dir), std::nullopt, 0, 0};
  // An error of no place names its node as Puppet's does: compared without it, as Puppet's is.
  if (!where.known()) ours.message = without_node_suffix(std::move(ours.message));
  if (where.known()) {
    // A file outside the case (a module of /usr/share/puppet/modules) is named whole, as
    // Puppet names it.
    const fs::path relative = fs::path(where.path()).lexically_relative(dir);
    const bool inside = !relative.empty() && *relative.begin() != "..";
    ours.file = inside ? relative.string() : where.path();
    ours.line = static_cast<int>(where.line);
    ours.column = static_cast<int>(where.column);
  }
  return ours;
}

// Puppet refuses the case: we must too, with Puppet's message at Puppet's place. A case in
// known-differences must still fail, and is reported when it no longer differs.
std::vector<std::string> error_differences(const fs::path& dir,
                                           const compiler::CompileRequest& request,
                                           const std::string& puppet_text,
                                           const std::string& known_list) {
  OurError ours;
  try {
    compiler::compile(request);
    return {"compiled, but Puppet fails: " + puppet_text};
  } catch (const lang::SourceError& e) {
    ours = our_error(e.message(), e.where(), dir);
  } catch (const std::exception& e) {
    ours = our_error(e.what(), lang::SourceLocation{}, dir);
  }
  std::vector<std::string> mismatches = error_mismatches(parse_puppet_error(puppet_text), ours);
  const std::map<std::string, std::string> known =
      known_differences(fs::path(MARIONETTE_GOLDEN_DIR) / known_list);
  if (!known.contains(dir.filename().string())) return mismatches;
  if (mismatches.empty())
    return {"listed in known-differences, but the error is Puppet's now: remove it from the list"};
  return {};
}

/// The stem of the reference's files: "expected" (Puppet 7's), or "expected-8" where OpenVox 8
/// gave another result than Puppet 7 (puppet-expected --openvox8 writes them only then).
std::string expectation_stem(const fs::path& dir, PuppetCompat compat) {
  if (compat == PuppetCompat::puppet8 &&
      (fs::exists(dir / "expected-8.json") || fs::exists(dir / "expected-8.error")))
    return "expected-8";
  return "expected";
}

}  // namespace

bool checked_under_openvox8(const fs::path& dir) {
  if (expectation_stem(dir, PuppetCompat::puppet8) == "expected-8") return true;
  static const std::string listed =
      "\n" + read_text(fs::path(MARIONETTE_GOLDEN_DIR) / "openvox8-checked");
  const std::string name = dir.parent_path().filename().string() + "/" + dir.filename().string();
  return listed.find("\n" + name + "\n") != std::string::npos;
}

std::string pending_under_openvox8(const fs::path& dir) {
  static const std::map<std::string, std::string> pending =
      known_differences(fs::path(MARIONETTE_GOLDEN_DIR) / "openvox8-pending");
  auto found = pending.find(dir.parent_path().filename().string() + "/" + dir.filename().string());
  return found == pending.end() ? "" : found->second;
}

std::vector<std::string> golden_differences(const fs::path& dir, const facts::Facts& facts,
                                            const std::string& basemodulepath,
                                            PuppetCompat compat) {
  std::unique_ptr<compiler::MemoryExportedResourceStore> store;
  compiler::CompileRequest request = request_for(dir, facts, basemodulepath, compat, store);
  const std::string stem = expectation_stem(dir, compat);
  if (fs::exists(dir / (stem + ".error")))
    return error_differences(
        dir, request, read_text(dir / (stem + ".error")),
        compat == PuppetCompat::puppet7 ? "known-differences" : "known-differences-8");
  nlohmann::json actual;
  try {
    actual = nlohmann::json::parse(catalog::to_json(compiler::compile(request)));
  } catch (const std::exception& e) {
    return {std::string("fails, but Puppet compiles it: ") + e.what()};
  }
  std::vector<std::string> stored;
  if (store && fs::exists(dir / (stem + "-stored.json")))
    stored = stored_differences(nlohmann::json::parse(read_text(dir / (stem + "-stored.json"))),
                                store->resources_of(request.environment, request.node_name));
  nlohmann::json expected = nlohmann::json::parse(read_text(dir / (stem + ".json")));
  std::vector<std::string> diffs = compare_catalogs(expected, actual);
  diffs.insert(diffs.end(), stored.begin(), stored.end());
  return diffs;
}

}  // namespace marionette::testing
