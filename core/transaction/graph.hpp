#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "catalog/catalog.hpp"

namespace marionette::transaction {

/// The catalog cannot be ordered: a relationship names a missing resource, or the
/// relationships form a cycle. The message is Puppet's ("Found 1 dependency cycle: …").
class GraphError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// The relationships form at least one cycle; the message names the resources of each.
class DependencyCycleError : public GraphError {
 public:
  DependencyCycleError(const std::string& message, std::vector<std::vector<std::string>> paths)
      : GraphError(message), paths_(std::move(paths)) {}
  /// Up to ten paths around each cycle, as Puppet draws them in cycles.dot with --graph.
  const std::vector<std::vector<std::string>>& paths() const { return paths_; }

 private:
  std::vector<std::vector<std::string>> paths_;
};

/// "apache::vhost" -> "Apache::Vhost": a resource type name as Puppet prints it.
std::string canonical_type(std::string_view type);

/// Splits "Type[title]" into its canonical type and title; nothing when it is not a reference.
std::optional<std::pair<std::string, std::string>> parse_reference(std::string_view text);

/// "Notify[a]", "Class[App]" (a class's title capitalised): a resource as Puppet names it in
/// the graph and in logs.
std::string reference_label(const catalog::Resource& resource);

/// Class, Stage, Node, defined types, and anything that contains resources: not managed itself.
bool is_container_type(const catalog::Resource& resource);

/// Puppet's relationship graph, built as Puppet builds it: every container (class, stage,
/// defined-type instance) becomes a pair of anchors, admissible_X before its contents and
/// completed_X after them; before/require/notify/subscribe (and autorequire) join
/// completed_<source> to admissible_<target>. Evaluation order is a topological order that
/// breaks ties by catalog (manifest) order.
class RelationshipGraph {
 public:
  enum class VertexKind { resource, admissible, completed };
  struct Vertex {
    VertexKind kind;
    std::size_t resource;  ///< index into catalog.resources
  };
  struct Edge {
    std::size_t from, to;  ///< vertex ids
    bool refresh;          ///< notify/subscribe and containment: events travel along it
  };

  /// Throws GraphError for a missing relationship target or a dependency cycle.
  explicit RelationshipGraph(const catalog::Catalog& catalog);
  /// The graph refers to the catalog's resources: never build it from a temporary (found by
  /// the sanitizer run: a test read a destroyed catalog).
  explicit RelationshipGraph(catalog::Catalog&&) = delete;
  RelationshipGraph(catalog::Catalog&&, struct Unordered) = delete;
  /// The graph of a catalog whose relationships may form cycles: vertices and edges only, no
  /// order (for drawing it). Throws GraphError for a missing relationship target.
  struct Unordered {};
  RelationshipGraph(const catalog::Catalog& catalog, Unordered);

  const std::vector<Vertex>& vertices() const { return vertices_; }
  const std::vector<Edge>& edges() const { return edges_; }
  /// Edge ids leaving / entering a vertex.
  const std::vector<std::size_t>& out_edges(std::size_t vertex) const { return out_[vertex]; }
  const std::vector<std::size_t>& in_edges(std::size_t vertex) const { return in_[vertex]; }
  /// Vertex ids in the order the transaction evaluates them.
  const std::vector<std::size_t>& order() const { return order_; }
  bool is_container(std::size_t resource) const { return container_[resource]; }
  /// The catalog resources that contain `resource`, outermost first.
  std::vector<std::size_t> containers_of(std::size_t resource) const;
  /// "Notify[a]" for a resource, "Class[App]" for either anchor of a container.
  std::string label(std::size_t vertex) const;
  /// Every relationship between catalog resources (source, target) as Puppet adds its edges:
  /// each resource's require, subscribe, before and notify in catalog order, then the
  /// autorequires; a relationship declared twice is here twice.
  const std::vector<std::pair<std::size_t, std::size_t>>& declared_relationships() const {
    return declared_;
  }
  /// The resources a container directly contains, in catalog edge order.
  const std::vector<std::size_t>& contents(std::size_t resource) const {
    return contents_[resource];
  }
  /// The managed resources' refs ("File[/x]") in evaluation order.
  std::vector<std::string> evaluation_order() const;

 private:
  void index_resources();
  std::size_t resolve(std::string_view reference, std::size_t from) const;
  void add_relationships();
  void add_autorequires();
  void add_vertices_and_edges();
  void add_edge(std::size_t from, std::size_t to, bool refresh);
  void check_cycles() const;
  void compute_order();

  const catalog::Catalog& catalog_;
  std::unordered_map<std::string, std::size_t> by_ref_;
  std::vector<std::size_t> parent_;                 ///< containing resource, or npos
  std::vector<std::vector<std::size_t>> contents_;  ///< contained resources
  std::vector<bool> container_;
  struct Relationship {
    std::size_t source, target;
    bool refresh;
  };
  std::vector<Relationship> relationships_;  ///< between catalog resources, before anchoring
  std::vector<std::pair<std::size_t, std::size_t>> declared_;
  std::vector<Vertex> vertices_;
  std::vector<std::size_t> admissible_, completed_;  ///< resource index -> vertex id
  std::vector<Edge> edges_;
  std::unordered_map<std::uint64_t, std::size_t> edge_ids_;  ///< (from << 32 | to) -> edge id
  std::vector<std::vector<std::size_t>> out_, in_;
  std::vector<std::size_t> order_;
};

}  // namespace marionette::transaction
