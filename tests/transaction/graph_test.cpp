#include "transaction/graph.hpp"

#include <gtest/gtest.h>

#include "test_catalog.hpp"

namespace marionette::transaction {
namespace {

using testing::CatalogBuilder;
using Strings = std::vector<std::string>;

Strings order_of(const catalog::Catalog& catalog) {
  return RelationshipGraph(catalog).evaluation_order();
}

std::string graph_error(const catalog::Catalog& catalog) {
  try {
    RelationshipGraph graph(catalog);
  } catch (const GraphError& error) {
    return error.what();
  }
  return "(no error)";
}

TEST(RelationshipGraph, UnrelatedResourcesKeepCatalogOrder) {
  CatalogBuilder b;
  b.add("Notify", "c", {}).add("Notify", "a", {}).add("Notify", "b", {});
  EXPECT_EQ(order_of(b.build()), (Strings{"Notify[c]", "Notify[a]", "Notify[b]"}));
}

TEST(RelationshipGraph, MetaparametersOrderResourcesAndTiesFollowCatalogOrder) {
  CatalogBuilder b;
  b.add("Notify", "a", {{"require", "Notify[c]"}})
      .add("Notify", "b", {{"before", catalog::Data::array({"Notify[a]"})}})
      .add("Notify", "c", {});
  EXPECT_EQ(order_of(b.build()), (Strings{"Notify[b]", "Notify[c]", "Notify[a]"}));
}

TEST(RelationshipGraph, SubscribeAndNotifyOrderToo) {
  CatalogBuilder b;
  b.add("Exec", "/bin/true", {{"subscribe", "File[/x]"}})
      .add("File", "/x", {})
      .add("Notify", "last", {})
      .add("Notify", "first",
           {{"notify", catalog::Data::array({catalog::Data::array({"Notify[last]"})})}});
  EXPECT_EQ(order_of(b.build()),
            (Strings{"File[/x]", "Exec[/bin/true]", "Notify[first]", "Notify[last]"}));
}

TEST(RelationshipGraph, ReferencesMayUseAnyCaseInTheType) {
  CatalogBuilder b;
  b.add("Notify", "a", {{"require", "notify[b]"}}).add("Notify", "b", {});
  b.add("Apache::Vhost", "site", {}).add("Notify", "c", {{"before", "apache::vhost[site]"}});
  auto catalog = b.build();
  catalog.resources.back().kind = "compilable_type";
  catalog.resources[catalog.resources.size() - 2].kind = "defined_type";
  EXPECT_EQ(order_of(catalog), (Strings{"Notify[b]", "Notify[a]", "Notify[c]"}));
}

TEST(RelationshipGraph, RelationshipToAClassAppliesToEverythingItContains) {
  CatalogBuilder b;
  b.add("Notify", "first", {{"require", "Class[app]"}})
      .add_class("App")
      .add("Notify", "x", {}, "Class[App]")
      .add("Notify", "y", {}, "Class[App]");
  EXPECT_EQ(order_of(b.build()), (Strings{"Notify[x]", "Notify[y]", "Notify[first]"}));
}

TEST(RelationshipGraph, ClassRelationshipReachesNestedDefinedTypes) {
  CatalogBuilder b;
  b.add_class("App", {{"require", "Notify[z]"}})
      .add("Site::Vhost", "www", {}, "Class[App]")
      .add("Notify", "inside", {}, "Site::Vhost[www]")
      .add("Notify", "z", {});
  auto catalog = b.build();
  catalog.resources[3].kind = "defined_type";
  EXPECT_EQ(order_of(catalog), (Strings{"Notify[z]", "Notify[inside]"}));
}

TEST(RelationshipGraph, FilesAutorequireTheirManagedParentDirectory) {
  CatalogBuilder b;
  b.add("File", "/srv/app/conf", {}).add("File", "/srv", {{"ensure", "directory"}});
  EXPECT_EQ(order_of(b.build()), (Strings{"File[/srv]", "File[/srv/app/conf]"}));
}

TEST(RelationshipGraph, ExplicitRelationshipWinsOverAutorequire) {
  CatalogBuilder b;
  b.add("File", "/srv", {{"ensure", "directory"}, {"require", "File[/srv/x]"}})
      .add("File", "/srv/x", {});
  EXPECT_EQ(order_of(b.build()), (Strings{"File[/srv/x]", "File[/srv]"}));
}

TEST(RelationshipGraph, CycleIsAnErrorNamingItsResources) {
  CatalogBuilder b;
  b.add("Notify", "a", {{"require", "Notify[b]"}})
      .add("Notify", "b", {{"require", "Notify[c]"}})
      .add("Notify", "c", {{"require", "Notify[a]"}})
      .add("Notify", "d", {});
  // Puppet 7 prints the same path: (Notify[a] => Notify[c] => Notify[b] => Notify[a]).
  EXPECT_EQ(graph_error(b.build()),
            "Found 1 dependency cycle:\n(Notify[a] => Notify[c] => Notify[b] => Notify[a])");
}

TEST(RelationshipGraph, CycleThroughClassesNamesTheClasses) {
  CatalogBuilder b;
  b.add_class("A", {{"before", "Class[B]"}})
      .add_class("B")
      .add("Notify", "x", {}, "Class[A]")
      .add("Notify", "y", {{"before", "Class[A]"}}, "Class[B]");
  std::string error = graph_error(b.build());
  EXPECT_EQ(error.rfind("Found 1 dependency cycle:\n(", 0), 0u) << error;
  EXPECT_NE(error.find("Class[A]"), std::string::npos) << error;
  EXPECT_NE(error.find("Class[B]"), std::string::npos) << error;
  EXPECT_NE(error.find("Notify[y]"), std::string::npos) << error;
}

TEST(RelationshipGraph, MissingRelationshipTargetIsAnError) {
  CatalogBuilder b;
  b.add("Notify", "a", {{"require", "notify[nothere]"}});
  EXPECT_EQ(graph_error(b.build()), "Could not retrieve dependency 'Notify[nothere]' of Notify[a]");
}

TEST(RelationshipGraph, ContainersAreNotManaged) {
  CatalogBuilder b;
  b.add("Notify", "n", {});
  const catalog::Catalog catalog = b.build();
  RelationshipGraph graph(catalog);
  EXPECT_TRUE(graph.is_container(0));   // Stage[main]
  EXPECT_TRUE(graph.is_container(1));   // Class[main]
  EXPECT_FALSE(graph.is_container(2));  // Notify[n]
  EXPECT_EQ(graph.evaluation_order(), (Strings{"Notify[n]"}));
}

TEST(ResourceReferences, ParseAndCanonicalise) {
  auto parsed = parse_reference("apache::vhost[www]");
  ASSERT_TRUE(parsed);
  EXPECT_EQ(parsed->first, "Apache::Vhost");
  EXPECT_EQ(parsed->second, "www");
  EXPECT_FALSE(parse_reference("no brackets"));
  EXPECT_EQ(canonical_type("FILE"), "File");
}

}  // namespace
}  // namespace marionette::transaction
