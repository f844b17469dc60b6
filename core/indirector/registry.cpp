#include "indirector/registry.hpp"

#include "indirector/termini.hpp"

namespace marionette::indirector {

Registry<facts::Facts>& facts_termini() {
  static Registry<facts::Facts> registry = [] {
    Registry<facts::Facts> built_in("facts");
    add_facts_termini(built_in);
    return built_in;
  }();
  return registry;
}

Registry<Node>& node_termini() {
  static Registry<Node> registry = [] {
    Registry<Node> built_in("node");
    add_node_termini(built_in);
    return built_in;
  }();
  return registry;
}

Registry<catalog::Catalog>& catalog_termini() {
  static Registry<catalog::Catalog> registry = [] {
    Registry<catalog::Catalog> built_in("catalog");
    add_catalog_termini(built_in);
    return built_in;
  }();
  return registry;
}

Registry<transaction::Report>& report_termini() {
  static Registry<transaction::Report> registry = [] {
    Registry<transaction::Report> built_in("report");
    add_report_termini(built_in);
    return built_in;
  }();
  return registry;
}

std::vector<std::string> terminus_names(const std::string& model) {
  if (model == "facts") return facts_termini().names();
  if (model == "node") return node_termini().names();
  if (model == "catalog") return catalog_termini().names();
  if (model == "report") return report_termini().names();
  return {};
}

namespace {

template <typename Model>
Indirection<Model> indirection(const Registry<Model>& registry, const Route& route,
                               const TerminusSettings& settings) {
  auto terminus = registry.make(route.terminus, settings, route);
  std::unique_ptr<Terminus<Model>> cache;
  if (route.cache) cache = registry.make(*route.cache, settings, route);
  return Indirection<Model>(std::move(terminus), std::move(cache), settings.warn);
}

}  // namespace

Indirection<facts::Facts> facts_indirection(const Routes& routes,
                                            const TerminusSettings& settings) {
  return indirection(facts_termini(), routes.facts, settings);
}

Indirection<Node> node_indirection(const Routes& routes, const TerminusSettings& settings) {
  return indirection(node_termini(), routes.node, settings);
}

Indirection<catalog::Catalog> catalog_indirection(const Routes& routes,
                                                  const TerminusSettings& settings) {
  return indirection(catalog_termini(), routes.catalog, settings);
}

Indirection<transaction::Report> report_indirection(const Routes& routes,
                                                    const TerminusSettings& settings) {
  return indirection(report_termini(), routes.report, settings);
}

}  // namespace marionette::indirector
