#include "cli/catalog_file.hpp"

#include <fstream>
#include <sstream>
#include <stdexcept>
#include <unordered_map>

#include "compiler/known_types.hpp"
#include "text/text.hpp"
#include "lang/located_error.hpp"

namespace marionette::cli {

namespace {

std::string declared_at(const catalog::Resource& resource) {
  if (!resource.file || !resource.line) return "";
  return "(file: " + *resource.file + ", line: " + std::to_string(*resource.line) + ")";
}

/// Puppet's catalog refuses a resource it holds already (same type and title) while it reads
/// the catalog, and each built-in type an attribute it does not have.
void check_resources(const catalog::Catalog& catalog) {
  std::unordered_map<std::string, const catalog::Resource*> seen;
  for (const catalog::Resource& resource : catalog.resources) {
    auto [first, fresh] =
        seen.emplace(text::lowercase(resource.type) + "\n" + resource.title, &resource);
    if (!fresh) {
      std::string where = declared_at(*first->second), again = declared_at(resource);
      throw std::runtime_error("Duplicate declaration: " + resource.ref() +
                               " is already declared" + (where.empty() ? "" : " at " + where) +
                               "; cannot redeclare" + (again.empty() ? "" : " " + again));
    }
    if (!resource.parameters.is_object()) continue;
    compiler::AttributeCheck check(text::lowercase(resource.type));
    for (const auto& [name, value] : resource.parameters.items())
      if (!check.accepts(name))
        throw std::runtime_error("Could not run: no parameter named '" + name + "'");
  }
}

/// A catalog file that is not JSON at all fails at its place (nlohmann counts the bytes read,
/// the offending one last): `FILE:LINE:COLUMN: error: …`, the line and a caret. Returns when
/// the text is JSON (the catalog is wrong in another way).
void locate_json_syntax_error(const std::string& path, const std::string& text) {
  try {
    [[maybe_unused]] nlohmann::json parsed = nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error& e) {
    std::string problem = e.what();
    // nlohmann's own prefix (its code, and the line and column the caret shows)
    if (std::size_t colon = problem.find(": "); colon != std::string::npos)
      problem.erase(0, colon + 2);
    lang::throw_at_offset(path, text, e.byte > 0 ? e.byte - 1 : 0,
                          "Could not read catalog: not valid JSON: " + problem);
  }
}

}  // namespace

catalog::Catalog read_catalog_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("Could not read catalog " + path + ": cannot open the file");
  std::stringstream text;
  text << in.rdbuf();
  catalog::Catalog catalog;
  try {
    catalog = catalog::from_json(text.str());
  } catch (const catalog::CatalogError& e) {
    locate_json_syntax_error(path, text.str());
    throw std::runtime_error("Could not read catalog " + path + ": " + e.what());
  }
  check_resources(catalog);
  return catalog;
}

}  // namespace marionette::cli
