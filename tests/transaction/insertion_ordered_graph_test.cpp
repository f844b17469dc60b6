// The order Puppet's SimpleGraph keeps (Ruby hashes: insertion order, a deleted key re-added at
// the end), which the --graph files are written in.

#include "transaction/insertion_ordered_graph.hpp"

#include <gtest/gtest.h>

#include <utility>
#include <vector>

namespace marionette::transaction {
namespace {

using Edges = std::vector<std::pair<std::size_t, std::size_t>>;

Edges edges_of(const InsertionOrderedGraph& graph) {
  Edges edges;
  graph.for_each_edge([&](std::size_t from, std::size_t to) { edges.emplace_back(from, to); });
  return edges;
}

TEST(InsertionOrderedGraph, EdgesGroupByTargetInVertexOrderThenBySourceAsAdded) {
  InsertionOrderedGraph graph;
  for (std::size_t v : {0, 1, 2, 3}) graph.add_vertex(v);
  graph.add_edge(3, 2);
  graph.add_edge(0, 1);
  graph.add_edge(2, 1);
  graph.add_edge(1, 2);
  EXPECT_EQ(edges_of(graph), (Edges{{0, 1}, {2, 1}, {3, 2}, {1, 2}}));
}

TEST(InsertionOrderedGraph, AnEdgeAddedTwiceIsThereTwice) {
  InsertionOrderedGraph graph;
  graph.add_edge(0, 1);
  graph.add_edge(2, 1);
  graph.add_edge(0, 1);
  EXPECT_EQ(edges_of(graph), (Edges{{0, 1}, {0, 1}, {2, 1}}));
  ASSERT_EQ(graph.sources_of(1).size(), 2u);
  EXPECT_EQ(graph.sources_of(1)[0].edges, 2u);
}

TEST(InsertionOrderedGraph, ASourceWhoseEdgesWereRemovedComesBackLast) {
  InsertionOrderedGraph graph;
  graph.add_edge(0, 5);
  graph.add_edge(1, 5);
  graph.remove_edges(0, 5);
  graph.add_edge(0, 5);
  EXPECT_EQ(edges_of(graph), (Edges{{1, 5}, {0, 5}}));
}

TEST(InsertionOrderedGraph, RemovingAVertexTakesItsEdgesAndAReAddedOneGoesLast) {
  InsertionOrderedGraph graph;
  graph.add_edge(0, 1);
  graph.add_edge(1, 2);
  graph.add_vertex(3);
  graph.remove_vertex(1);
  EXPECT_EQ(graph.vertices(), (std::vector<std::size_t>{0, 2, 3}));
  EXPECT_TRUE(edges_of(graph).empty());
  EXPECT_TRUE(graph.targets_of(0).empty());
  graph.add_vertex(1);
  EXPECT_EQ(graph.vertices(), (std::vector<std::size_t>{0, 2, 3, 1}));
}

}  // namespace
}  // namespace marionette::transaction
