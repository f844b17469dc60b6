// resources.txt lists a resource when it sets a property of its type (the type's descriptor,
// core/resource_types): Puppet's Type#managed?.
#include "daemon/catalog_summary.hpp"

#include <gtest/gtest.h>

#include "support/scratch_dir.hpp"

namespace marionette::daemon {
namespace {

catalog::Resource resource(std::string type, std::string title, catalog::Data parameters) {
  catalog::Resource made;
  made.type = std::move(type);
  made.title = std::move(title);
  made.parameters = std::move(parameters);
  return made;
}

TEST(CatalogSummary, AResourceCountsWhenItSetsAPropertyOfItsType) {
  testing::ScratchDir dir("catalog-summary");
  catalog::Catalog catalog;
  catalog.classes = {"settings", "main"};
  using Data = catalog::Data;
  catalog.resources = {
      resource("File", "/Only-Backup", Data{{"backup", false}}),  // a parameter, no property
      resource("File", "/Owned", Data{{"owner", "root"}}),
      resource("Service", "status-only", Data{{"hasstatus", true}}),
      resource("Service", "running", Data{{"ensure", "running"}}),
      resource("Exec", "/bin/true", Data::object()),   // its properties have defaults
      resource("Mount", "/mnt", Data::object()),       // described with no properties
      resource("Anchor", "a", Data::object()),         // a module's type
      resource("Widget", "w", Data::object()),         // no descriptor: counted
      resource("Apache::Vhost", "v", Data::object()),  // a defined type's name
      resource("Stage", "main", Data::object()),
  };
  std::vector<std::string> logged;
  write_catalog_summary(catalog, dir.path(), [&](const std::string& level, const std::string&) {
    logged.push_back(level);
  });
  EXPECT_TRUE(logged.empty());
  EXPECT_EQ(testing::ScratchDir::read(dir.path() / "classes.txt"), "settings\nmain\n");
  EXPECT_EQ(testing::ScratchDir::read(dir.path() / "resources.txt"),
            "file[/owned]\nservice[running]\nexec[/bin/true]\nmount[/mnt]\nanchor[a]\nwidget[w]\n");
}

}  // namespace
}  // namespace marionette::daemon
