#include "transaction/graph_dot.hpp"

#include <cctype>
#include <fstream>
#include <set>
#include <stdexcept>
#include <unordered_map>

#include "transaction/insertion_ordered_graph.hpp"

namespace marionette::transaction {

namespace {

using Vertex = InsertionOrderedGraph::Vertex;

/// The resources Puppet adds to the catalog it applies (Catalog#make_default_resources), each
/// unless the catalog already has one by that reference.
const char* const kDefaultResources[] = {
    "Schedule[puppet]",  "Schedule[hourly]", "Schedule[daily]",    "Schedule[weekly]",
    "Schedule[monthly]", "Schedule[never]",  "Filebucket[puppet]",
};

/// Puppet's DOT quoting (SimpleGraph#stringify): double quotes, a quote escaped, nothing else.
std::string quoted(const std::string& text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '"') out += '\\';
    out += c;
  }
  return out + "\"";
}

/// "admissible_" + "Class" -> "Admissible_class": the whit's name read back as a resource
/// reference, whose type Puppet capitalises segment by segment.
std::string whit_type(const std::string& prefix, const std::string& type) {
  std::string text = prefix + "_" + type;
  bool segment_start = true;
  for (std::size_t i = 0; i < text.size(); ++i) {
    char& c = text[i];
    if (c == ':') {
      segment_start = true;
      continue;
    }
    c = static_cast<char>(segment_start ? std::toupper(static_cast<unsigned char>(c))
                                        : std::tolower(static_cast<unsigned char>(c)));
    segment_start = false;
  }
  return text;
}

/// The vertices of Puppet's graphs: catalog resources (0..n-1), then the default resources the
/// catalog lacks, then two whits per container.
class GraphVertices {
 public:
  GraphVertices(const catalog::Catalog& catalog, bool default_resources) : catalog_(catalog) {
    if (!default_resources) return;
    std::set<std::string> refs;
    for (const auto& resource : catalog.resources) refs.insert(reference_label(resource));
    for (const char* ref : kDefaultResources) {
      if (!refs.count(ref)) defaults_.push_back(ref);
    }
  }

  std::size_t resource_count() const { return catalog_.resources.size(); }
  std::size_t default_count() const { return defaults_.size(); }
  Vertex default_vertex(std::size_t index) const { return resource_count() + index; }
  Vertex admissible(std::size_t container) const { return whit_base() + 2 * container; }
  Vertex completed(std::size_t container) const { return whit_base() + 2 * container + 1; }

  ExpandedGraph::Kind kind(Vertex vertex) const {
    if (vertex < resource_count()) return ExpandedGraph::Kind::resource;
    if (vertex < whit_base()) return ExpandedGraph::Kind::default_resource;
    return (vertex - whit_base()) % 2 == 0 ? ExpandedGraph::Kind::admissible
                                           : ExpandedGraph::Kind::completed;
  }
  /// The catalog resource, or the whit's container; npos for a default resource.
  std::size_t resource(Vertex vertex) const {
    if (vertex < resource_count()) return vertex;
    if (vertex < whit_base()) return static_cast<std::size_t>(-1);
    return (vertex - whit_base()) / 2;
  }

  std::string label(Vertex vertex) const {
    if (vertex < resource_count()) return reference_label(catalog_.resources[vertex]);
    if (vertex < whit_base()) return defaults_[vertex - resource_count()];
    const auto& resource = catalog_.resources[(vertex - whit_base()) / 2];
    std::string type = canonical_type(resource.type);
    std::string title = type == "Class" ? canonical_type(resource.title) : resource.title;
    const char* prefix = (vertex - whit_base()) % 2 == 0 ? "admissible" : "completed";
    return "Whit[" + whit_type(prefix, type) + "[" + title + "]]";
  }

 private:
  Vertex whit_base() const { return resource_count() + defaults_.size(); }

  const catalog::Catalog& catalog_;
  std::vector<std::string> defaults_;
};

/// One graph as Puppet's DOT library prints it (puppet/external/dot.rb): the graph's label, each
/// node with fontsize and label, each edge with fontsize, blank lines between them. The
/// attribute order is the library's fixed option order, not a hash's.
std::string to_dot(const std::string& name, const InsertionOrderedGraph& graph,
                   const GraphVertices& labels) {
  std::string out = "digraph " + name + " {\n    label = \"" + name + "\"\n";
  bool first = true;
  auto separate = [&] {
    if (!first) out += "\n";
    first = false;
  };
  for (Vertex vertex : graph.vertices()) {
    separate();
    std::string label = quoted(labels.label(vertex));
    out += "    " + label + " [\n        fontsize = 8,\n        label = " + label + "\n    ]\n";
  }
  graph.for_each_edge([&](Vertex from, Vertex to) {
    separate();
    out += "    " + quoted(labels.label(from)) + " -> " + quoted(labels.label(to)) +
           " [\n        fontsize = 8\n    ]\n";
  });
  return out + "\n}\n";
}

/// The catalog's resources and the default ones, as vertices in Puppet's order.
void add_resource_vertices(InsertionOrderedGraph& graph, const GraphVertices& vertices) {
  for (std::size_t i = 0; i < vertices.resource_count(); ++i) graph.add_vertex(i);
  for (std::size_t i = 0; i < vertices.default_count(); ++i)
    graph.add_vertex(vertices.default_vertex(i));
}

/// Puppet's RelationshipGraph#replace_containers_with_anchors, step by step, so that the edges
/// come out in its order.
void replace_containers_with_anchors(InsertionOrderedGraph& graph, const RelationshipGraph& rel,
                                     const GraphVertices& vertices, std::size_t count) {
  std::vector<std::size_t> containers;
  for (std::size_t i = 0; i < count; ++i) {
    if (rel.is_container(i)) containers.push_back(i);
  }
  auto admissible = [&](std::size_t r) { return rel.is_container(r) ? vertices.admissible(r) : r; };
  auto completed = [&](std::size_t r) { return rel.is_container(r) ? vertices.completed(r) : r; };
  for (std::size_t x : containers) {
    graph.add_vertex(vertices.admissible(x));
    graph.add_vertex(vertices.completed(x));
  }
  for (std::size_t x : containers) {
    const auto& contents = rel.contents(x);
    if (contents.empty()) graph.add_edge(admissible(x), completed(x));
    for (std::size_t child : contents) {
      graph.add_edge(admissible(x), admissible(child));
      graph.add_edge(completed(child), completed(x));
    }
    for (const auto& source : graph.sources_of(x)) {
      for (std::size_t i = 0; i < source.edges; ++i)
        graph.add_edge(completed(source.vertex), admissible(x));
      graph.remove_edges(source.vertex, x);
    }
    for (const auto& target : graph.targets_of(x)) {
      for (std::size_t i = 0; i < target.edges; ++i)
        graph.add_edge(completed(x), admissible(target.vertex));
      graph.remove_edges(x, target.vertex);
    }
  }
  for (std::size_t x : containers) graph.remove_vertex(x);
}

std::string resources_dot(const catalog::Catalog& catalog, const GraphVertices& vertices,
                          const RelationshipGraph& graph) {
  InsertionOrderedGraph containment;
  add_resource_vertices(containment, vertices);
  for (std::size_t x = 0; x < catalog.resources.size(); ++x) {
    for (std::size_t child : graph.contents(x)) containment.add_edge(x, child);
  }
  return to_dot("Resources", containment, vertices);
}

void write_file(const std::filesystem::path& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  out.flush();
  if (!out) throw std::runtime_error("Could not write " + path.string());
}

/// The relationship graph before (relationships.dot) and after anchoring, in Puppet's order.
InsertionOrderedGraph relationship_graph(const RelationshipGraph& graph,
                                         const GraphVertices& vertices) {
  InsertionOrderedGraph relationships;
  add_resource_vertices(relationships, vertices);
  for (const auto& [source, target] : graph.declared_relationships())
    relationships.add_edge(source, target);
  return relationships;
}

}  // namespace

DotGraphs dot_graphs(const catalog::Catalog& catalog, const RelationshipGraph& graph) {
  GraphVertices vertices(catalog, true);
  DotGraphs out;
  out.resources = resources_dot(catalog, vertices, graph);
  InsertionOrderedGraph relationships = relationship_graph(graph, vertices);
  out.relationships = to_dot("Relationships", relationships, vertices);
  replace_containers_with_anchors(relationships, graph, vertices, catalog.resources.size());
  out.expanded_relationships = to_dot("Expanded_relationships", relationships, vertices);
  return out;
}

ExpandedGraph expanded_graph(const catalog::Catalog& catalog, const RelationshipGraph& graph,
                             bool default_resources) {
  GraphVertices vertices(catalog, default_resources);
  InsertionOrderedGraph relationships = relationship_graph(graph, vertices);
  replace_containers_with_anchors(relationships, graph, vertices, catalog.resources.size());
  ExpandedGraph out;
  std::unordered_map<Vertex, std::size_t> index;
  for (Vertex vertex : relationships.vertices()) {
    index.emplace(vertex, out.vertices.size());
    out.vertices.push_back(
        {vertices.kind(vertex), vertices.resource(vertex), vertices.label(vertex)});
  }
  relationships.for_each_edge(
      [&](Vertex from, Vertex to) { out.edges.emplace_back(index.at(from), index.at(to)); });
  return out;
}

void write_dot_graphs(const catalog::Catalog& catalog, const RelationshipGraph& graph,
                      const std::filesystem::path& graphdir) {
  std::error_code ignored;
  std::filesystem::create_directories(graphdir, ignored);
  DotGraphs graphs = dot_graphs(catalog, graph);
  write_file(graphdir / "resources.dot", graphs.resources);
  write_file(graphdir / "relationships.dot", graphs.relationships);
  write_file(graphdir / "expanded_relationships.dot", graphs.expanded_relationships);
}

std::filesystem::path write_cycles_dot(const std::vector<std::vector<std::string>>& paths,
                                       const std::filesystem::path& graphdir) {
  // Puppet writes this one by hand rather than through its DOT library: no blank lines.
  std::string text = "digraph Resource_Cycles {\n  label = \"Resource Cycles\"\n";
  for (const auto& path : paths) {
    std::string line;
    for (const auto& vertex : path) line += (line.empty() ? "" : " -> ") + quoted(vertex);
    text += line + "\n";
  }
  text += "}\n";
  std::error_code ignored;
  std::filesystem::create_directories(graphdir, ignored);
  std::filesystem::path file = graphdir / "cycles.dot";
  write_file(file, text);
  return file;
}

}  // namespace marionette::transaction
