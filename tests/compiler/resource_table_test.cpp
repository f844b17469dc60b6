// ResourceTable's containment edges: kept in the order added, each pair once.
#include "compiler/resource_table.hpp"

#include <gtest/gtest.h>

namespace marionette::compiler {
namespace {

std::size_t add(ResourceTable& table, const std::string& title) {
  CompiledResource resource;
  resource.type = "Notify";
  resource.title = title;
  return table.add(std::move(resource));
}

TEST(ResourceTableEdges, EachPairIsKeptOnceInTheOrderAdded) {
  ResourceTable table;
  std::size_t main = add(table, "main"), app = add(table, "app"), db = add(table, "db");
  table.add_edge(main, app);
  table.add_edge(main, app);  // `include` then `contain` from the same class
  table.add_edge(app, db);
  table.add_edge(main, db);  // a second container
  table.add_edge(main, db);
  table.add_edge(app, db);
  using Edges = std::vector<std::pair<std::size_t, std::size_t>>;
  EXPECT_EQ(table.edges(), (Edges{{main, app}, {app, db}, {main, db}}));
}

TEST(ResourceTableEdges, ManyResourcesEachWithOneContainer) {
  ResourceTable table;
  std::size_t main = add(table, "main");
  std::vector<std::size_t> added;
  for (int i = 0; i < 1000; ++i) added.push_back(add(table, "r" + std::to_string(i)));
  for (std::size_t index : added) table.add_edge(main, index);
  for (std::size_t index : added) table.add_edge(main, index);
  ASSERT_EQ(table.edges().size(), 1000u);
  EXPECT_EQ(table.edges().back(), std::make_pair(main, added.back()));
}

}  // namespace
}  // namespace marionette::compiler
