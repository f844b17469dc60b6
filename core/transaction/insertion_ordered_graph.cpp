#include "transaction/insertion_ordered_graph.hpp"

namespace marionette::transaction {

void InsertionOrderedGraph::OrderedNeighbours::add(Vertex vertex) {
  auto found = at.find(vertex);
  if (found != at.end()) {
    ++entries[found->second].edges;
    return;
  }
  at.emplace(vertex, entries.size());
  entries.push_back({vertex, 1});
}

void InsertionOrderedGraph::OrderedNeighbours::remove(Vertex vertex) {
  auto found = at.find(vertex);
  if (found == at.end()) return;
  entries[found->second].edges = 0;
  at.erase(found);
}

std::vector<InsertionOrderedGraph::Neighbour> InsertionOrderedGraph::OrderedNeighbours::live()
    const {
  std::vector<Neighbour> out;
  for (const auto& entry : entries) {
    if (entry.edges > 0) out.push_back(entry);
  }
  return out;
}

void InsertionOrderedGraph::add_vertex(Vertex vertex) {
  if (alive_.count(vertex)) return;
  alive_.emplace(vertex, Entry{{}, {}, order_.size()});
  order_.push_back(vertex);
}

void InsertionOrderedGraph::add_edge(Vertex from, Vertex to) {
  add_vertex(from);
  add_vertex(to);
  alive_.at(to).in.add(from);
  alive_.at(from).out.add(to);
}

void InsertionOrderedGraph::remove_edges(Vertex from, Vertex to) {
  auto source = alive_.find(from);
  auto target = alive_.find(to);
  if (source == alive_.end() || target == alive_.end()) return;
  target->second.in.remove(from);
  source->second.out.remove(to);
}

void InsertionOrderedGraph::remove_vertex(Vertex vertex) {
  auto found = alive_.find(vertex);
  if (found == alive_.end()) return;
  for (const auto& source : found->second.in.live()) {
    if (source.vertex != vertex) alive_.at(source.vertex).out.remove(vertex);
  }
  for (const auto& target : found->second.out.live()) {
    if (target.vertex != vertex) alive_.at(target.vertex).in.remove(vertex);
  }
  alive_.erase(found);
}

std::vector<InsertionOrderedGraph::Neighbour> InsertionOrderedGraph::sources_of(
    Vertex vertex) const {
  auto found = alive_.find(vertex);
  return found == alive_.end() ? std::vector<Neighbour>{} : found->second.in.live();
}

std::vector<InsertionOrderedGraph::Neighbour> InsertionOrderedGraph::targets_of(
    Vertex vertex) const {
  auto found = alive_.find(vertex);
  return found == alive_.end() ? std::vector<Neighbour>{} : found->second.out.live();
}

std::vector<InsertionOrderedGraph::Vertex> InsertionOrderedGraph::vertices() const {
  std::vector<Vertex> out;
  for (std::size_t position = 0; position < order_.size(); ++position) {
    auto found = alive_.find(order_[position]);
    if (found != alive_.end() && found->second.position == position)
      out.push_back(order_[position]);
  }
  return out;
}

void InsertionOrderedGraph::for_each_edge(
    const std::function<void(Vertex from, Vertex to)>& visit) const {
  for (Vertex target : vertices()) {
    for (const auto& source : alive_.at(target).in.live()) {
      for (std::size_t i = 0; i < source.edges; ++i) visit(source.vertex, target);
    }
  }
}

}  // namespace marionette::transaction
