#include <algorithm>
#include <deque>
#include <queue>
#include <unordered_set>

#include "transaction/graph.hpp"

namespace marionette::transaction {

namespace {

constexpr std::size_t kUnvisited = static_cast<std::size_t>(-1);

/// Strongly connected components (Tarjan, iterative), in the order Tarjan completes them.
std::vector<std::vector<std::size_t>> strongly_connected(
    std::size_t count, const std::vector<std::vector<std::size_t>>& adjacent) {
  std::vector<std::size_t> index(count, kUnvisited), low(count, 0);
  std::vector<bool> on_stack(count, false);
  std::vector<std::size_t> stack;
  std::vector<std::vector<std::size_t>> components;
  std::size_t next_index = 0;
  struct Frame {
    std::size_t vertex, child;
  };
  for (std::size_t root = 0; root < count; ++root) {
    if (index[root] != kUnvisited) continue;
    std::vector<Frame> frames{{root, 0}};
    index[root] = low[root] = next_index++;
    stack.push_back(root);
    on_stack[root] = true;
    while (!frames.empty()) {
      Frame& frame = frames.back();
      std::size_t v = frame.vertex;
      if (frame.child < adjacent[v].size()) {
        std::size_t w = adjacent[v][frame.child++];
        if (index[w] == kUnvisited) {
          index[w] = low[w] = next_index++;
          stack.push_back(w);
          on_stack[w] = true;
          frames.push_back({w, 0});
        } else if (on_stack[w]) {
          low[v] = std::min(low[v], index[w]);
        }
        continue;
      }
      if (low[v] == index[v]) {
        std::vector<std::size_t> component;
        std::size_t w;
        do {
          w = stack.back();
          stack.pop_back();
          on_stack[w] = false;
          component.push_back(w);
        } while (w != v);
        components.push_back(std::move(component));
      }
      frames.pop_back();
      if (!frames.empty()) low[frames.back().vertex] = std::min(low[frames.back().vertex], low[v]);
    }
  }
  return components;
}

/// Puppet's paths_in_cycle: breadth-first from the first vertex; a path that revisits a vertex
/// is a path around the cycle, and the search stops at `max_paths` of them (in the order found).
std::vector<std::vector<std::size_t>> paths_in_cycle(
    const std::vector<std::size_t>& cycle, const std::vector<std::vector<std::size_t>>& adjacent,
    std::size_t max_paths) {
  std::unordered_set<std::size_t> members(cycle.begin(), cycle.end());
  std::vector<std::vector<std::size_t>> found;
  std::deque<std::pair<std::size_t, std::vector<std::size_t>>> queue{{cycle.front(), {}}};
  for (std::size_t steps = 0; !queue.empty() && steps < 100000; ++steps) {
    auto [vertex, path] = std::move(queue.front());
    queue.pop_front();
    if (std::find(path.begin(), path.end(), vertex) != path.end()) {
      path.push_back(vertex);
      found.push_back(std::move(path));
      if (found.size() >= max_paths) break;
      continue;
    }
    path.push_back(vertex);
    for (std::size_t next : adjacent[vertex]) {
      if (members.count(next)) queue.emplace_back(next, path);
    }
  }
  if (found.empty()) {
    found.push_back(cycle);
    found.back().push_back(cycle.front());
  }
  return found;
}

}  // namespace

void RelationshipGraph::check_cycles() const {
  std::vector<std::vector<std::size_t>> adjacent(vertices_.size());
  for (std::size_t v = 0; v < vertices_.size(); ++v) {
    for (std::size_t id : out_[v]) adjacent[v].push_back(edges_[id].to);
  }
  // Puppet sorts by ref; its anchors are Whit[admissible_Class[X]] and Whit[completed_Class[X]].
  auto sort_key = [&](std::size_t v) {
    switch (vertices_[v].kind) {
      case VertexKind::admissible:
        return "Whit[admissible_" + label(v) + "]";
      case VertexKind::completed:
        return "Whit[completed_" + label(v) + "]";
      case VertexKind::resource:
        break;
    }
    return label(v);
  };
  std::vector<std::vector<std::string>> keys;
  std::vector<std::vector<std::size_t>> cycles;
  for (auto& component : strongly_connected(vertices_.size(), adjacent)) {
    bool self_loop =
        component.size() == 1 &&
        std::count(adjacent[component[0]].begin(), adjacent[component[0]].end(), component[0]) > 0;
    if (component.size() < 2 && !self_loop) continue;
    std::sort(component.begin(), component.end(),
              [&](std::size_t a, std::size_t b) { return sort_key(a) < sort_key(b); });
    cycles.push_back(std::move(component));
  }
  if (cycles.empty()) return;
  std::sort(cycles.begin(), cycles.end(), [&](const auto& a, const auto& b) {
    return std::lexicographical_compare(
        a.begin(), a.end(), b.begin(), b.end(),
        [&](std::size_t x, std::size_t y) { return sort_key(x) < sort_key(y); });
  });
  std::string message = "Found " + std::to_string(cycles.size()) + " dependency cycle" +
                        (cycles.size() == 1 ? "" : "s") + ":";
  auto by_key = [&](const std::vector<std::size_t>& a, const std::vector<std::size_t>& b) {
    return std::lexicographical_compare(
        a.begin(), a.end(), b.begin(), b.end(),
        [&](std::size_t x, std::size_t y) { return sort_key(x) < sort_key(y); });
  };
  std::vector<std::vector<std::string>> drawn;
  for (const auto& cycle : cycles) {
    std::string text;
    const auto first = paths_in_cycle(cycle, adjacent, 1);
    for (std::size_t v : first.front()) text += (text.empty() ? "" : " => ") + label(v);
    message += "\n(" + text + ")";
    auto paths = paths_in_cycle(cycle, adjacent, 10);
    std::sort(paths.begin(), paths.end(), by_key);
    for (const auto& path : paths) {
      drawn.emplace_back();
      for (std::size_t v : path) drawn.back().push_back(label(v));
    }
  }
  throw DependencyCycleError(message, std::move(drawn));
}

void RelationshipGraph::compute_order() {
  auto rank = [&](std::size_t v) {
    switch (vertices_[v].kind) {
      case VertexKind::admissible:
        return 0;
      case VertexKind::resource:
        return 1;
      case VertexKind::completed:
        break;
    }
    return 2;
  };
  using Key = std::tuple<std::size_t, int, std::size_t>;  // catalog position, anchor rank, vertex
  std::priority_queue<Key, std::vector<Key>, std::greater<Key>> ready;
  std::vector<std::size_t> blockers(vertices_.size());
  for (std::size_t v = 0; v < vertices_.size(); ++v) {
    blockers[v] = in_[v].size();
    if (blockers[v] == 0) ready.emplace(vertices_[v].resource, rank(v), v);
  }
  order_.clear();
  order_.reserve(vertices_.size());
  while (!ready.empty()) {
    std::size_t v = std::get<2>(ready.top());
    ready.pop();
    order_.push_back(v);
    for (std::size_t id : out_[v]) {
      std::size_t w = edges_[id].to;
      if (--blockers[w] == 0) ready.emplace(vertices_[w].resource, rank(w), w);
    }
  }
}

}  // namespace marionette::transaction
