// Cron and host resources inside a transaction: autorequire, events and the report.

#include <gtest/gtest.h>

#include "ral/parsed_file_text.hpp"
#include "ral_fakes.hpp"
#include "test_catalog.hpp"
#include "transaction/graph.hpp"

namespace marionette::transaction {
namespace {

using testing::CatalogBuilder;
using Strings = std::vector<std::string>;

TEST(CronTransaction, ACronJobAutorequiresItsUser) {
  CatalogBuilder b;
  b.add("Cron", "report", {{"command", "/bin/report"}, {"user", "deploy"}})
      .add("User", "deploy", {});
  const catalog::Catalog catalog = b.build();
  EXPECT_EQ(RelationshipGraph(catalog).evaluation_order(),
            (Strings{"User[deploy]", "Cron[report]"}));
}

TEST(CronTransaction, ChangesAreEventsInTheReport) {
  ral::testing::FakeNode node;
  const std::string hosts = "/etc/hosts.fake";
  CatalogBuilder b;
  b.add("Cron", "tick", {{"command", "/bin/tick"}, {"minute", "*/5"}})
      .add("Host", "db", {{"ip", "10.1.1.1"}, {"target", hosts}});
  ApplyOptions options;
  options.host = &node.host;
  Report report = apply(b.build(), options);
  EXPECT_EQ(report.status, "changed");
  EXPECT_EQ(report.changes, 2u);
  EXPECT_EQ(ral::without_puppet_header(node.crontab.tabs["alice"]),
            "# Puppet Name: tick\n*/5 * * * * /bin/tick\n");
  EXPECT_EQ(ral::without_puppet_header(node.files.files[hosts]), "10.1.1.1\tdb\n");
  Report again = apply(b.build(), options);
  EXPECT_EQ(again.changes, 0u);
  EXPECT_EQ(again.status, "unchanged");
}

}  // namespace
}  // namespace marionette::transaction
