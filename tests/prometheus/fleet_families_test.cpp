// The fleet a server read from the shared store, per node under prometheus_reporter's names
// and as the fleet's figures.

#include "prometheus/fleet_families.hpp"

#include <gtest/gtest.h>

namespace marionette::prometheus {
namespace {

metrics::FleetSnapshot two_nodes() {
  metrics::FleetSnapshot fleet;
  fleet.refreshed_at = 1800000000;
  fleet.store_ok = true;
  fleet.figures.failed = 1;
  fleet.figures.changed = 1;
  fleet.figures.stale = 1;
  fleet.figures.reports_total = 7;
  metrics::FleetNode web;
  web.certname = "web.test";
  web.environment = "production";
  web.last_report_at = 1799999990;
  web.status = metrics::RunStatus::changed;
  web.transaction_completed = true;
  web.cached_catalog_status = "not_used";
  web.metrics = {{"resources", "out_of_sync", "Out of sync", 2},
                 {"time", "config_retrieval", "Config retrieval", 0.5},
                 {"changes", "total", "Total", 2},
                 {"events", "total", "Total", 2}};
  metrics::FleetNode db = web;
  db.certname = "db.test";
  db.status = metrics::RunStatus::failed;
  db.stale = true;
  fleet.nodes = {db, web};
  return fleet;
}

TEST(FleetFamilies, EveryNodeUnderTheReportersNamesAndTheFleetsFigures) {
  Exposition e;
  add_fleet(e, two_nodes());
  const std::string text = write(e, Format::text);
  for (const char* line :
       {"marionette_fleet_nodes{status=\"failed\"} 1\n",
        "marionette_fleet_nodes{status=\"unchanged\"} 0\n", "marionette_fleet_nodes_stale 1\n",
        "# TYPE marionette_fleet_reports_total counter\nmarionette_fleet_reports_total 7\n",
        "marionette_fleet_store_up 1\n",
        "puppet_report_resources{name=\"Out of sync\",environment=\"production\",host=\"web."
        "test\"} 2\n",
        "puppet_report_time{name=\"Config retrieval\",environment=\"production\",host=\"db.test\"} "
        "0.5\n",
        "puppet_report_changes{name=\"Total\",environment=\"production\",host=\"web.test\"} 2\n",
        "puppet_report{environment=\"production\",host=\"web.test\"} 1799999990\n",
        "puppet_status{state=\"failed\",environment=\"production\",host=\"db.test\"} 1\n",
        "puppet_status{state=\"changed\",environment=\"production\",host=\"web.test\"} 1\n",
        "marionette_node_stale{environment=\"production\",host=\"db.test\"} 1\n",
        "marionette_node_stale{environment=\"production\",host=\"web.test\"} 0\n"})
    EXPECT_NE(text.find(line), std::string::npos) << line << "\nin:\n" << text;
}

TEST(FleetFamilies, NothingBeforeTheStoreWasRead) {
  Exposition e;
  add_fleet(e, metrics::FleetSnapshot{});
  EXPECT_EQ(write(e, Format::text), "");
}

}  // namespace
}  // namespace marionette::prometheus
