#include "puppet_spec_case.hpp"

#include <algorithm>
#include <fstream>
#include <optional>
#include <set>
#include <sstream>
#include <stdexcept>

#include "catalog/catalog.hpp"
#include "compiler/compile_log.hpp"
#include "compiler/compiler.hpp"
#include "lang/diagnostic.hpp"
#include "puppet_error.hpp"

namespace marionette::testing {

namespace fs = std::filesystem;
using nlohmann::json;

std::vector<PuppetSpecCase> load_puppet_spec_cases(const fs::path& dir) {
  std::vector<fs::path> files;
  for (const auto& entry : fs::recursive_directory_iterator(dir))
    if (entry.is_regular_file() && entry.path().extension() == ".json")
      files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  std::vector<PuppetSpecCase> cases;
  std::set<std::string> ids;
  for (const fs::path& file : files) {
    std::ifstream in(file);
    const json doc = json::parse(in);
    const json file_settings = doc.value("settings", json::object());
    for (const json& row : doc.at("cases")) {
      PuppetSpecCase c;
      c.id = row.at("id").get<std::string>();
      c.origin = row.at("origin").get<std::string>();
      c.group = doc.at("group").get<std::string>();
      c.kind = row.at("kind").get<std::string>();
      c.manifest = row.value("manifest", row.at("source").get<std::string>());
      c.node = row.value("node", std::string("testnode"));
      json settings = file_settings;
      settings.update(row.value("settings", json::object()));
      if (settings.contains("strict")) c.strict = settings.at("strict").get<std::string>();
      if (settings.contains("strict_variables"))
        c.strict_variables = settings.at("strict_variables").get<bool>();
      c.expected = row.at("expected");
      if (row.contains("expected-8")) c.expected8 = row.at("expected-8");
      if (!ids.insert(c.id).second)
        throw std::runtime_error(file.string() + ": a second case " + c.id +
                                 " (the known-differences lists name cases by id)");
      cases.push_back(std::move(c));
    }
  }
  return cases;
}

std::map<std::string, std::string> load_known_puppet_spec_differences(const fs::path& file) {
  std::map<std::string, std::string> known;
  std::ifstream in(file);
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream words(line);
    std::string id, kind;
    words >> id >> kind;
    if (!id.empty()) known[id] = kind;
  }
  return known;
}

namespace {

/// The catalog's resources as the recorder keeps them: type, title, exported, parameters.
json resources_of(const catalog::Catalog& catalog) {
  json resources = json::array();
  const json whole = json::parse(catalog::to_json(catalog));
  for (const json& r : whole.at("resources")) {
    json row = {{"type", r.at("type")}, {"title", r.at("title")}};
    if (r.value("exported", false)) row["exported"] = true;
    row["parameters"] = r.value("parameters", json::object());
    resources.push_back(std::move(row));
  }
  return resources;
}

json error_json(const std::string& message, const std::optional<std::string>& file, int line,
                int column) {
  json error = {{"message", message}};
  if (file) {
    error["file"] = *file;
    error["line"] = line;
    error["column"] = column;
  }
  return {{"error", error}};
}

/// Our answer in the recorder's shape: {"error": {...}} or {"notices": [...], "resources": [...]}.
json our_answer(const PuppetSpecCase& c, PuppetCompat compat, const fs::path& scratch) {
  const fs::path manifest = scratch / "site.pp";
  {
    std::ofstream out(manifest, std::ios::trunc);
    out << c.manifest;
  }
  compiler::CompileRequest request;
  request.env_dir = scratch;
  request.manifest = manifest;
  request.compat = compat;
  if (compat == PuppetCompat::puppet8) request.strictness = {compiler::Strict::Error, true};
  if (c.strict) {
    const std::optional<compiler::Strict> level = compiler::parse_strict(*c.strict);
    if (!level) throw std::runtime_error(c.id + ": strict = " + *c.strict);
    request.strictness.strict = *level;
  }
  if (c.strict_variables) request.strictness.strict_variables = *c.strict_variables;
  request.node_name = c.node;
  request.facts = facts::Facts::object();
  std::vector<std::string> notices;
  compiler::ScopedCompileLog log([&](const std::string& level, const std::string& message) {
    if (level == "notice") notices.push_back(message);
  });
  try {
    catalog::Catalog catalog = compiler::compile(request);
    json answer = {{"notices", notices}};
    if (c.kind == "catalog") answer["resources"] = resources_of(catalog);
    return answer;
  } catch (const lang::SourceError& e) {
    std::string message = without_case_dir(e.message(), scratch);
    // A place with a file and no line is the file alone (Puppet's "logged N errors").
    if (!e.where().file) return error_json(without_node_suffix(message), std::nullopt, 0, 0);
    return error_json(message, fs::path(e.where().path()).lexically_relative(scratch).string(),
                      static_cast<int>(e.where().line), static_cast<int>(e.where().column));
  } catch (const std::exception& e) {
    return error_json(without_node_suffix(without_case_dir(e.what(), scratch)), std::nullopt, 0, 0);
  }
}

/// Puppet's error as the golden harness reads it: its framing (stage prefixes) taken off by
/// parse_puppet_error, the place apart.
PuppetError puppet_error_of(const json& error) {
  std::string text = error.at("message").get<std::string>();
  if (error.contains("file")) {
    text += " (file: " + error.at("file").get<std::string>();
    if (error.contains("line")) text += ", line: " + std::to_string(error.at("line").get<int>());
    if (error.contains("column"))
      text += ", column: " + std::to_string(error.at("column").get<int>());
    text += ")";
  }
  PuppetError parsed = parse_puppet_error(text);
  if (!error.contains("file") && error.contains("line")) parsed.line = error.at("line").get<int>();
  return parsed;
}

std::string compare(const json& expected, const json& ours) {
  const bool puppet_refuses = expected.contains("error");
  const bool we_refuse = ours.contains("error");
  if (puppet_refuses && !we_refuse) return "accepts";
  if (!puppet_refuses && we_refuse) return "refuses";
  if (!puppet_refuses) return expected == ours ? "agree" : "value";
  const PuppetError puppet = puppet_error_of(expected.at("error"));
  const json& mine = ours.at("error");
  OurError our{mine.at("message").get<std::string>(), std::nullopt, 0, 0};
  if (mine.contains("file")) {
    our.file = mine.at("file").get<std::string>();
    our.line = mine.at("line").get<int>();
    our.column = mine.at("column").get<int>();
  }
  if (puppet.message != our.message) return "message";
  return error_mismatches(puppet, our).empty() ? "agree" : "location";
}

}  // namespace

PuppetSpecOutcome run_puppet_spec_case(const PuppetSpecCase& c, PuppetCompat compat,
                                       const fs::path& scratch) {
  const json& expected =
      compat == PuppetCompat::puppet8 && !c.expected8.is_null() ? c.expected8 : c.expected;
  json ours = our_answer(c, compat, scratch);
  return {compare(expected, ours), std::move(ours)};
}

}  // namespace marionette::testing
