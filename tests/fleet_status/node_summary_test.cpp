#include "fleet_status/node_summary.hpp"

#include <gtest/gtest.h>

#include "report_text.hpp"

namespace marionette::fleet_status {
namespace {

TEST(NodeSummary, KeepsWhatARowShowsAndDropsTheRest) {
  std::optional<std::string> summary =
      summarize_report(report_text("failed", 2, 1, "staging"), 1'764'417'600'123);
  ASSERT_TRUE(summary);
  EXPECT_EQ(summary->find("resource_statuses"), std::string::npos);
  EXPECT_EQ(summary->find("Applied catalog"), std::string::npos);
  std::optional<NodeRecord> record = read_summary(*summary);
  ASSERT_TRUE(record);
  EXPECT_EQ(record->received_at_ms, 1'764'417'600'123);
  const metrics::FleetNode& node = record->node;
  EXPECT_EQ(node.last_report_at, 1'764'417'600);
  EXPECT_EQ(node.environment, "staging");
  EXPECT_EQ(node.status, metrics::RunStatus::failed);
  EXPECT_EQ(node.resources_total, 7u);
  EXPECT_EQ(node.resources_changed, 2u);
  EXPECT_EQ(node.resources_failed, 1u);
  EXPECT_EQ(node.resources_out_of_sync, 3u);
  EXPECT_EQ(node.events, 3u);
  EXPECT_EQ(node.catalog_version, "1764417600");
  EXPECT_EQ(node.compile_ms, 250u);
  EXPECT_EQ(node.run_ms, 1500u);
  EXPECT_FALSE(node.noop);
  EXPECT_TRUE(node.transaction_completed);
  EXPECT_EQ(node.cached_catalog_status, "not_used");
  EXPECT_EQ(node.puppet_version, "7.23.0");
  // Every metric value stays, for exporters of them all.
  ASSERT_EQ(node.metrics.size(), 5u + 3u + 1u + 2u);
  bool file_time = false;
  for (const metrics::ReportMetric& metric : node.metrics) {
    if (metric.category == "time" && metric.name == "file") {
      file_time = true;
      EXPECT_EQ(metric.label, "File");
      EXPECT_DOUBLE_EQ(metric.value, 0.0123);
    }
  }
  EXPECT_TRUE(file_time);
}

TEST(NodeSummary, RefusesWhatIsNotAReport) {
  EXPECT_FALSE(summarize_report("[1,2]", 1));
  EXPECT_FALSE(summarize_report("not json", 1));
  EXPECT_FALSE(read_summary("{\"status\":\"failed\"}"));  // no received_at_ms
  EXPECT_FALSE(read_summary("{"));
}

TEST(NodeSummary, AReportWithoutMetricsIsARowOfZeros) {
  std::optional<std::string> summary = summarize_report(R"({"status":"failed"})", 5000);
  ASSERT_TRUE(summary);
  std::optional<NodeRecord> record = read_summary(*summary);
  ASSERT_TRUE(record);
  EXPECT_EQ(record->node.status, metrics::RunStatus::failed);
  EXPECT_EQ(record->node.resources_total, 0u);
  EXPECT_TRUE(record->node.metrics.empty());
}

}  // namespace
}  // namespace marionette::fleet_status
