#pragma once

#include <filesystem>
#include <string>

#include "catalog/catalog.hpp"
#include "transaction/graph.hpp"

namespace marionette::transaction {

/// Puppet's --graph files, as `puppet apply --graph` writes them in graphdir: resources.dot (the
/// catalog's containment), relationships.dot (the relationship edges between resources, before
/// containers become anchors) and expanded_relationships.dot (after: containers replaced by
/// Whit[Admissible_…] and Whit[Completed_…] anchors). The same vertices, edges, labels and order
/// as Puppet 7's, with the default resources Puppet adds to every catalog it applies
/// (Schedule[puppet|hourly|daily|weekly|monthly|never], Filebucket[puppet]).
struct DotGraphs {
  std::string resources;
  std::string relationships;
  std::string expanded_relationships;
};

DotGraphs dot_graphs(const catalog::Catalog& catalog, const RelationshipGraph& graph);

/// Puppet's relationship graph once containers are anchors (what expanded_relationships.dot
/// draws and what puppet-mgmtgraph translated), in Puppet's order: catalog resources, the
/// default resources when asked for, then an admissible and a completed whit per container.
struct ExpandedGraph {
  enum class Kind { resource, default_resource, admissible, completed };
  struct Vertex {
    Kind kind;
    std::size_t resource;  ///< catalog index of the resource, or of a whit's container
    std::string label;     ///< "Notify[a]", "Schedule[daily]", "Whit[Admissible_class[Main]]"
  };
  std::vector<Vertex> vertices;
  std::vector<std::pair<std::size_t, std::size_t>> edges;  ///< (from, to) into vertices
};

ExpandedGraph expanded_graph(const catalog::Catalog& catalog, const RelationshipGraph& graph,
                             bool default_resources);

/// Writes the three files into graphdir (created when missing). Throws std::runtime_error
/// naming the file that cannot be written.
void write_dot_graphs(const catalog::Catalog& catalog, const RelationshipGraph& graph,
                      const std::filesystem::path& graphdir);

/// Puppet's cycles.dot (Resource Cycles): each path around a cycle on one line. Returns the
/// file's path; throws std::runtime_error naming it when it cannot be written.
std::filesystem::path write_cycles_dot(const std::vector<std::vector<std::string>>& paths,
                                       const std::filesystem::path& graphdir);

}  // namespace marionette::transaction
