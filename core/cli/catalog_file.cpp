#include "cli/catalog_file.hpp"

#include <fstream>
#include <sstream>
#include <stdexcept>
#include <unordered_map>

#include "compiler/known_types.hpp"
#include "text/text.hpp"

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
    throw std::runtime_error("Could not read catalog " + path + ": " + e.what());
  }
  check_resources(catalog);
  return catalog;
}

}  // namespace marionette::cli
