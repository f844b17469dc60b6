// A report under voxpupuli prometheus_reporter's names and labels: the lines its README's
// sample shows (puppet_report_resources{name="Out of sync",environment=...,host=...} ...).

#include "prometheus/report_families.hpp"

#include <gtest/gtest.h>

namespace marionette::prometheus {
namespace {

metrics::ReportFigures applied_report() {
  metrics::ReportFigures r;
  r.host = "node.example.com";
  r.environment = "production";
  r.reported_at = 1477054915.347;
  r.resources = {{"total", 519},           {"skipped", 0},   {"failed", 1},
                 {"failed_to_restart", 0}, {"restarted", 0}, {"changed", 2},
                 {"out_of_sync", 3},       {"scheduled", 0}, {"corrective_change", 0}};
  r.time = {{"file", 0.25}, {"config_retrieval", 20.5}, {"concat_file", 0.125}, {"total", 38.5}};
  r.changes = {{"total", 2}};
  r.events = {{"failure", 1}, {"success", 2}, {"total", 3}};
  r.transaction_completed = true;
  r.cached_catalog_status = "not_used";
  r.status = "failed";
  return r;
}

std::string written(const metrics::ReportFigures& report) {
  Exposition e;
  add_report(e, report);
  return write(e, Format::text);
}

TEST(ReportFamilies, PuppetLabelsItsMetricKeys) {
  EXPECT_EQ(puppet_metric_label("out_of_sync"), "Out of sync");
  EXPECT_EQ(puppet_metric_label("config_retrieval"), "Config retrieval");
  EXPECT_EQ(puppet_metric_label("concat_file"), "Concat file");
  EXPECT_EQ(puppet_metric_label("total"), "Total");
}

TEST(ReportFamilies, TheReportersLinesWithTheirLabelsInOrder) {
  const std::string text = written(applied_report());
  for (const char* line :
       {"# HELP puppet_report_resources Resources broken down by their state\n"
        "# TYPE puppet_report_resources gauge\n"
        "puppet_report_resources{name=\"Changed\",environment=\"production\",host=\"node.example."
        "com\"} 2\n"
        "puppet_report_resources{name=\"Corrective change\",environment=\"production\",host="
        "\"node.example.com\"} 0\n"
        "puppet_report_resources{name=\"Failed\",environment=\"production\",host=\"node.example."
        "com\"} 1\n",
        "puppet_report_resources{name=\"Out of sync\",environment=\"production\",host=\"node."
        "example.com\"} 3\n",
        "puppet_report_resources{name=\"Total\",environment=\"production\",host=\"node.example."
        "com\"} 519\n",
        "# TYPE puppet_report_time gauge\n"
        "puppet_report_time{name=\"Concat file\",environment=\"production\",host=\"node.example."
        "com\"} 0.125\n"
        "puppet_report_time{name=\"Config retrieval\",environment=\"production\",host=\"node."
        "example.com\"} 20.5\n"
        "puppet_report_time{name=\"File\",environment=\"production\",host=\"node.example.com\"} "
        "0.25\n"
        "puppet_report_time{name=\"Total\",environment=\"production\",host=\"node.example.com\"} "
        "38.5\n",
        "# HELP puppet_report_changes Changed resources in the last puppet run\n"
        "# TYPE puppet_report_changes gauge\n"
        "puppet_report_changes{name=\"Total\",environment=\"production\",host=\"node.example."
        "com\"} 2\n",
        "# TYPE puppet_report_events gauge\n"
        "puppet_report_events{name=\"Failure\",environment=\"production\",host=\"node.example."
        "com\"} 1\n",
        "# HELP puppet_report Unix timestamp of the last puppet run\n"
        "# TYPE puppet_report gauge\n"
        "puppet_report{environment=\"production\",host=\"node.example.com\"} 1477054915.347\n",
        "# TYPE puppet_transaction_completed gauge\n"
        "puppet_transaction_completed{environment=\"production\",host=\"node.example.com\"} 1\n",
        "puppet_cache_catalog_status{state=\"not_used\",environment=\"production\",host=\"node."
        "example.com\"} 1\n"
        "puppet_cache_catalog_status{state=\"explicitly_requested\",environment=\"production\","
        "host=\"node.example.com\"} 0\n"
        "puppet_cache_catalog_status{state=\"on_failure\",environment=\"production\",host=\"node."
        "example.com\"} 0\n",
        "# HELP puppet_status the status of the client run\n"
        "# TYPE puppet_status gauge\n"
        "puppet_status{state=\"failed\",environment=\"production\",host=\"node.example.com\"} 1\n"
        "puppet_status{state=\"changed\",environment=\"production\",host=\"node.example.com\"} 0\n"
        "puppet_status{state=\"unchanged\",environment=\"production\",host=\"node.example.com\"} "
        "0\n"})
    EXPECT_NE(text.find(line), std::string::npos) << line << "\nin:\n" << text;
}

TEST(ReportFamilies, AReportWithoutMetricsHasTheRunsStatusOnly) {
  metrics::ReportFigures r = applied_report();
  r.resources.clear();
  r.time.clear();
  r.changes.clear();
  r.events.clear();
  r.transaction_completed = false;
  const std::string text = written(r);
  EXPECT_EQ(text.find("puppet_report_resources"), std::string::npos) << text;
  EXPECT_EQ(text.find("puppet_report_time"), std::string::npos) << text;
  EXPECT_NE(text.find("puppet_transaction_completed{environment=\"production\",host=\"node."
                      "example.com\"} 0\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("puppet_status{state=\"failed\""), std::string::npos) << text;
}

TEST(ReportFamilies, ManyNodesShareOneHelpAndTypePerFamily) {
  Exposition e;
  metrics::ReportFigures one = applied_report(), two = applied_report();
  two.host = "two.example.com";
  two.status = "unchanged";
  add_report(e, one);
  add_report(e, two);
  const std::string text = write(e, Format::text);
  std::size_t types = 0;
  for (auto at = text.find("# TYPE puppet_status "); at != std::string::npos;
       at = text.find("# TYPE puppet_status ", at + 1))
    ++types;
  EXPECT_EQ(types, 1u);
  EXPECT_NE(text.find("puppet_status{state=\"unchanged\",environment=\"production\",host=\"two."
                      "example.com\"} 1\n"),
            std::string::npos);
}

TEST(ReportFamilies, NoHostNoLines) {
  EXPECT_EQ(written(metrics::ReportFigures{}), "");
}

}  // namespace
}  // namespace marionette::prometheus
