#include "cli/mgmt_graph.hpp"

#include <map>

#include "cli/mgmt_translation.hpp"
#include "compiler/functions/ruby_serialization.hpp"
#include "transaction/graph.hpp"
#include "transaction/graph_dot.hpp"

namespace marionette::cli {

namespace {

using compiler::Value;
using Fields = compiler::Hash;
using Log = std::function<void(const std::string&, const std::string&)>;
using mgmt::Translated;

}  // namespace

std::string mgmt_yaml(const catalog::Catalog& catalog, const Log& log) {
  transaction::RelationshipGraph graph(catalog);
  transaction::ExpandedGraph expanded = transaction::expanded_graph(catalog, graph, false);
  std::vector<std::string> kinds;
  std::map<std::string, compiler::Array> by_kind;
  std::vector<std::pair<std::string, std::string>> identity;  // per vertex: kind, name
  for (const auto& vertex : expanded.vertices) {
    Translated out;
    if (vertex.kind == transaction::ExpandedGraph::Kind::resource) {
      out = mgmt::translate(catalog.resources[vertex.resource], vertex.label, log);
    } else {
      const char* prefix = vertex.kind == transaction::ExpandedGraph::Kind::admissible
                               ? "admissible_"
                               : "completed_";
      out.kind = "noop";
      out.name = prefix + transaction::reference_label(catalog.resources[vertex.resource]);
      out.fields = {{"name", out.name}};
    }
    if (!by_kind.count(out.kind)) kinds.push_back(out.kind);
    by_kind[out.kind].push_back(std::move(out.fields));
    identity.emplace_back(out.kind, out.name);
  }
  Fields resources;
  for (const auto& kind : kinds) resources.emplace_back(kind, std::move(by_kind[kind]));
  compiler::Array edges;
  for (const auto& [from, to] : expanded.edges) {
    auto end = [&](std::size_t v) {
      return Value(Fields{{"kind", identity[v].first}, {"name", identity[v].second}});
    };
    edges.push_back(
        Fields{{"name", expanded.vertices[from].label + " -> " + expanded.vertices[to].label},
               {"from", end(from)},
               {"to", end(to)}});
  }
  Fields document = {{"graph", catalog.name},
                     {"comment", "generated from puppet catalog for " + catalog.name},
                     {"resources", std::move(resources)},
                     {"edges", std::move(edges)}};
  return compiler::psych_yaml(Value(std::move(document)));
}

}  // namespace marionette::cli
