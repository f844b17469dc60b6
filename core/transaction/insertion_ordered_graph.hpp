#pragma once

#include <cstddef>
#include <functional>
#include <unordered_map>
#include <vector>

namespace marionette::transaction {

/// A directed multigraph that remembers the order things were added in, the way Puppet's
/// SimpleGraph (Ruby hashes) does, so that the graphs Puppet writes with --graph can be written
/// in its order: vertices in the order they were added (a removed and re-added one goes last),
/// edges grouped by target in vertex order, and into one target by source in the order the
/// first edge from that source was added (again, one whose edges were all removed goes last).
/// An edge added twice is there twice, as two Puppet::Relationship objects are.
class InsertionOrderedGraph {
 public:
  using Vertex = std::size_t;

  void add_vertex(Vertex vertex);
  /// Adds the vertices first when they are not there yet.
  void add_edge(Vertex from, Vertex to);
  /// Removes every edge from `from` to `to`.
  void remove_edges(Vertex from, Vertex to);
  /// Removes the vertex and all its edges.
  void remove_vertex(Vertex vertex);

  struct Neighbour {
    Vertex vertex;
    std::size_t edges;  ///< how many edges to or from it
  };
  /// The sources of edges into `vertex` / the targets of edges out of it, in Puppet's order.
  std::vector<Neighbour> sources_of(Vertex vertex) const;
  std::vector<Neighbour> targets_of(Vertex vertex) const;

  /// The vertices in Puppet's order.
  std::vector<Vertex> vertices() const;
  /// Calls `visit(from, to)` for every edge in Puppet's order (SimpleGraph#edges).
  void for_each_edge(const std::function<void(Vertex from, Vertex to)>& visit) const;

 private:
  /// Neighbours keyed by vertex in first-insertion order; removal leaves a hole.
  struct OrderedNeighbours {
    std::vector<Neighbour> entries;  ///< edges == 0: removed
    std::unordered_map<Vertex, std::size_t> at;
    void add(Vertex vertex);
    void remove(Vertex vertex);
    std::vector<Neighbour> live() const;
  };
  struct Entry {
    OrderedNeighbours in, out;
    std::size_t position;  ///< in order_
  };

  std::vector<Vertex> order_;                ///< removed ones are skipped through alive_
  std::unordered_map<Vertex, Entry> alive_;  ///< the vertices present now
};

}  // namespace marionette::transaction
