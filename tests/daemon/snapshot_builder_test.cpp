#include "daemon/snapshot_builder.hpp"

#include <gtest/gtest.h>

namespace marionette::daemon {
namespace {

RunOutcome applied_run() {
  RunOutcome outcome;
  outcome.compiled = true;
  outcome.compile_seconds = 0.0123;
  outcome.catalog_resources = 12;
  outcome.catalog_edges = 11;
  outcome.catalog_classes = 3;
  transaction::Report report;
  report.metrics.total = 9;
  report.metrics.changed = 4;
  report.metrics.failed = 1;
  report.metrics.skipped = 2;
  report.metrics.out_of_sync = 5;
  report.metrics.restarted = 1;
  report.events.total = 6;
  outcome.report = report;
  outcome.apply_seconds = 0.5;
  return outcome;
}

TEST(SnapshotAfter, CarriesTheRunsFiguresAndTheTotals) {
  metrics::Snapshot previous;
  previous.version = "0.1.0";
  previous.state = metrics::AgentState::applying;
  counters::Totals totals{7, 30, 2};
  metrics::Snapshot next = snapshot_after(previous, applied_run(), totals, 1795000000);
  EXPECT_EQ(next.version, "0.1.0");
  EXPECT_EQ(next.state, metrics::AgentState::idle);
  EXPECT_EQ(next.last_run_at, 1795000000);
  EXPECT_EQ(next.last_compile_ms, 12u);
  EXPECT_TRUE(next.last_compile_ok);
  EXPECT_EQ(next.catalog_resources, 12u);
  EXPECT_EQ(next.catalog_edges, 11u);
  EXPECT_EQ(next.catalog_classes, 3u);
  EXPECT_EQ(next.resources_total, 9u);
  EXPECT_EQ(next.resources_changed, 4u);
  EXPECT_EQ(next.resources_failed, 1u);
  EXPECT_EQ(next.resources_skipped, 2u);
  EXPECT_EQ(next.resources_out_of_sync, 5u);
  EXPECT_EQ(next.resources_restarted, 1u);
  EXPECT_EQ(next.events_total, 6u);
  EXPECT_EQ(next.last_apply_ms, 500u);
  EXPECT_EQ(next.runs_total, 7u);
  EXPECT_EQ(next.resources_changed_total, 30u);
  EXPECT_EQ(next.failures_total, 2u);
}

TEST(SnapshotAfter, AFailedCompileKeepsTheLastCatalogAndZeroesTheRun) {
  metrics::Snapshot previous = snapshot_after({}, applied_run(), {1, 4, 0}, 1);
  RunOutcome failed;
  failed.compile_seconds = 0.002;
  metrics::Snapshot next = snapshot_after(previous, failed, {2, 4, 1}, 2);
  EXPECT_FALSE(next.last_compile_ok);
  EXPECT_EQ(next.catalog_resources, 12u);
  EXPECT_EQ(next.resources_total, 0u);
  EXPECT_EQ(next.resources_changed, 0u);
  EXPECT_EQ(next.events_total, 0u);
  EXPECT_EQ(next.failures_total, 1u);
  EXPECT_TRUE(failed.failed());
}

}  // namespace
}  // namespace marionette::daemon
