#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "catalog/catalog.hpp"
#include "facts/facts.hpp"
#include "indirector/indirection.hpp"
#include "indirector/node.hpp"
#include "indirector/routes.hpp"
#include "indirector/settings.hpp"
#include "transaction/report.hpp"

namespace marionette::indirector {

/// Makes a terminus from the agent's settings and its route.
template <typename Model>
using TerminusFactory =
    std::function<std::unique_ptr<Terminus<Model>>(const TerminusSettings&, const Route&)>;

/// The termini of one model, by name.
template <typename Model>
class Registry {
 public:
  explicit Registry(std::string model) : model_(std::move(model)) {}

  void add(const std::string& name, TerminusFactory<Model> factory) {
    factories_[name] = std::move(factory);
  }
  bool has(const std::string& name) const { return factories_.count(name) > 0; }
  std::vector<std::string> names() const {
    std::vector<std::string> all;
    for (const auto& entry : factories_) all.push_back(entry.first);
    return all;
  }
  /// Throws Error when no terminus has that name.
  std::unique_ptr<Terminus<Model>> make(const std::string& name, const TerminusSettings& settings,
                                        const Route& route) const {
    auto found = factories_.find(name);
    if (found == factories_.end()) throw Error(model_ + ": no terminus named '" + name + "'");
    return found->second(settings, route);
  }

 private:
  std::string model_;
  std::map<std::string, TerminusFactory<Model>> factories_;
};

/// The registries, with the built-in termini: facts native, yaml, json, redis; node plain, exec;
/// catalog compiler, json, redis; report yaml, json, redis, none.
Registry<facts::Facts>& facts_termini();
Registry<Node>& node_termini();
Registry<catalog::Catalog>& catalog_termini();
Registry<transaction::Report>& report_termini();

/// The terminus names of a model ("facts", "node", "catalog", "report"); empty for another name.
std::vector<std::string> terminus_names(const std::string& model);

/// The indirections for a set of routes.
Indirection<facts::Facts> facts_indirection(const Routes& routes, const TerminusSettings& settings);
Indirection<Node> node_indirection(const Routes& routes, const TerminusSettings& settings);
Indirection<catalog::Catalog> catalog_indirection(const Routes& routes,
                                                  const TerminusSettings& settings);
Indirection<transaction::Report> report_indirection(const Routes& routes,
                                                    const TerminusSettings& settings);

}  // namespace marionette::indirector
