// ResourceTable's containment edges (kept in the order added, each pair once) and tags (the
// JSON writer's lazily finished tags are finish_tags()' own).
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

std::vector<std::string> lazily_finished(const ResourceTable& table, std::size_t index) {
  std::vector<std::string> tags;
  table.for_each_finished_tag(index, [&](const std::string& tag) { tags.push_back(tag); });
  return tags;
}

TEST(ResourceTableTags, FinishedLazilyAsFinishTagsFinishesThem) {
  ResourceTable table;
  std::size_t top = add(table, "top"), app = add(table, "app"), file = add(table, "file");
  std::size_t early = add(table, "early"), late = add(table, "late");
  table[top].tags = {"class", "node"};
  table[app].tags = {"app", "class"};
  table[app].tag_source = top;
  table[file].tags = {"file", "app"};
  table[file].tag_source = app;  // its container's container's tags come through too
  table[early].tags = {"early"};
  table[early].tag_source = late;  // a container later in the table: only its own tags then
  table[late].tags = {"late"};
  table[late].tag_source = top;

  std::vector<std::vector<std::string>> lazy;
  for (std::size_t i = 0; i < table.size(); ++i) lazy.push_back(lazily_finished(table, i));
  EXPECT_EQ(lazy[file], (std::vector<std::string>{"file", "app", "class", "node"}));
  EXPECT_EQ(lazy[early], (std::vector<std::string>{"early", "late"}));
  table.finish_tags();
  for (std::size_t i = 0; i < table.size(); ++i) {
    EXPECT_EQ(lazy[i], table[i].tags) << i;
    EXPECT_EQ(lazily_finished(table, i), table[i].tags) << "once finished: " << i;
  }
}

TEST(ResourceTableTags, TheJsonWriterWritesTheLazilyFinishedTags) {
  ResourceTable table;
  std::size_t top = add(table, "top"), app = add(table, "app"), file = add(table, "file");
  std::size_t early = add(table, "early"), late = add(table, "late"), bare = add(table, "bare");
  std::size_t shared = add(table, "shared"), sibling = add(table, "sibling");
  table[top].tags = {"class", "node"};
  table[app].tags = {"app", "class"};
  table[app].tag_source = top;
  table[file].tags = {"file", "app"};  // shares "app" with its container: written one by one
  table[file].tag_source = app;
  table[early].tags = {"early"};
  table[early].tag_source = late;
  table[late].tags = {"late"};
  table[late].tag_source = top;
  table[bare].tag_source = app;  // no tags of its own: the container's list copied whole
  table[shared].tags = {"shared"};
  table[shared].tag_source = app;
  table[sibling].tags = {"sibling"};
  table[sibling].tag_source = app;  // the container's tags as written for `shared`, copied

  std::string out;
  {
    catalog::JsonWriter json(out);
    json.raw('[');
    table.write_resources_json(json);
    json.raw(']');
  }
  catalog::Data written = catalog::Data::parse(out);
  ASSERT_EQ(written.size(), table.size());
  for (std::size_t i = 0; i < table.size(); ++i)
    EXPECT_EQ(written[i]["tags"].get<std::vector<std::string>>(), lazily_finished(table, i)) << i;
  EXPECT_EQ(written[bare]["tags"].get<std::vector<std::string>>(),
            (std::vector<std::string>{"app", "class", "node"}));
  EXPECT_EQ(written[sibling]["tags"].get<std::vector<std::string>>(),
            (std::vector<std::string>{"sibling", "app", "class", "node"}));
}

}  // namespace
}  // namespace marionette::compiler
