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
  EXPECT_EQ(next.node.runs, 7u);
  EXPECT_EQ(next.node.resources_changed, 30u);
  EXPECT_EQ(next.node.failures, 2u);
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
  EXPECT_EQ(next.node.failures, 1u);
  EXPECT_TRUE(failed.failed());
}

TEST(SnapshotAfter, TheCompileWindowKeepsTheLastCompiles) {
  metrics::Snapshot snapshot;
  RunOutcome run = applied_run();
  for (int ms : {30, 10, 20}) {
    run.compile_seconds = ms / 1000.0;
    snapshot = snapshot_after(snapshot, run, {}, 1);
  }
  EXPECT_EQ(snapshot.compile_min_ms, 10u);
  EXPECT_EQ(snapshot.compile_avg_ms, 20u);
  EXPECT_EQ(snapshot.compile_max_ms, 30u);
  EXPECT_EQ(snapshot.compile_window.size(), 3u);
  EXPECT_EQ(snapshot.compile_window_failures, 0u);

  RunOutcome failed;
  failed.compile_seconds = 0.001;
  snapshot = snapshot_after(snapshot, failed, {}, 2);
  EXPECT_EQ(snapshot.compile_window_failures, 1u);
  EXPECT_EQ(snapshot.compile_min_ms, 1u);

  run.compile_seconds = 0.005;
  for (std::size_t i = 0; i < metrics::kCompileWindow; ++i) {
    snapshot = snapshot_after(snapshot, run, {}, 3);
  }
  EXPECT_EQ(snapshot.compile_window.size(), metrics::kCompileWindow);
  EXPECT_EQ(snapshot.compile_max_ms, 5u) << "the 30 ms compile slid out of the window";
  EXPECT_EQ(snapshot.compile_window_failures, 0u);
}

TEST(SnapshotAfter, CarriesStatusEventsAndTheTableByType) {
  RunOutcome run = applied_run();
  run.report->status = "failed";
  run.report->catalog_version = 1795000000;
  run.report->metrics.scheduled = 2;
  run.report->metrics.corrective_change = 1;
  run.report->events.success = 5;
  run.report->events.failure = 1;
  auto resource = [](std::string type, bool changed, bool failed, double seconds) {
    transaction::ResourceStatus status;
    status.type = std::move(type);
    status.changed = changed;
    status.failed = failed;
    status.out_of_sync = changed || failed;
    status.seconds = seconds;
    return status;
  };
  run.report->resources = {resource("File", true, false, 0.25), resource("Exec", false, true, 1.5),
                           resource("File", false, false, 0.5)};
  metrics::Snapshot next = snapshot_after({}, run, {}, 9);
  EXPECT_EQ(next.last_run_status, metrics::RunStatus::failed);
  EXPECT_EQ(next.config_version, "1795000000");
  EXPECT_EQ(next.resources_scheduled, 2u);
  EXPECT_EQ(next.resources_corrective_change, 1u);
  EXPECT_EQ(next.events_success, 5u);
  EXPECT_EQ(next.events_failure, 1u);
  ASSERT_EQ(next.types.size(), 2u);
  EXPECT_EQ(next.types[0].type, "Exec");
  EXPECT_EQ(next.types[0].resources, 1u);
  EXPECT_EQ(next.types[0].failed, 1u);
  EXPECT_EQ(next.types[0].apply_ms, 1500u);
  EXPECT_EQ(next.types[1].type, "File");
  EXPECT_EQ(next.types[1].resources, 2u);
  EXPECT_EQ(next.types[1].changed, 1u);
  EXPECT_EQ(next.types[1].out_of_sync, 1u);
  EXPECT_EQ(next.types[1].apply_ms, 750u);
  EXPECT_EQ(next.runs_since_start, 1u);
}

TEST(SnapshotAfter, CarriesTheParseTimeAsPartOfTheCompileTime) {
  RunOutcome run = applied_run();
  run.parse_seconds = 0.0042;
  metrics::Snapshot next = snapshot_after({}, run, {}, 1);
  EXPECT_EQ(next.last_parse_ms, 4u);
  EXPECT_EQ(next.last_compile_ms, 12u);

  RunOutcome failed;  // a syntax error: parsing was all the compile did
  failed.compile_seconds = 0.003;
  failed.parse_seconds = 0.003;
  next = snapshot_after(next, failed, {}, 2);
  EXPECT_EQ(next.last_parse_ms, 3u);
  EXPECT_LE(next.last_parse_ms, next.last_compile_ms);
}

TEST(SnapshotAfter, ACachedCatalogAppliedAfterAFailedCompileIsReportedAsCached) {
  metrics::Snapshot previous = snapshot_after({}, applied_run(), {1, 4, 0}, 1);
  ASSERT_EQ(previous.catalog_source, metrics::CatalogSource::compiled);

  RunOutcome cached = applied_run();
  cached.compiled = false;
  cached.catalog_from_cache = true;
  cached.catalog_resources = 20;
  cached.report->metrics.failed = 0;
  metrics::Snapshot next = snapshot_after(previous, cached, {2, 8, 1}, 2);
  EXPECT_EQ(next.catalog_source, metrics::CatalogSource::cached);
  EXPECT_FALSE(next.last_compile_ok);
  EXPECT_EQ(next.catalog_resources, 20u) << "the cached catalog's figures";
  EXPECT_EQ(next.resources_total, 9u) << "the cached catalog was applied";
  EXPECT_EQ(next.compile_window_failures, 1u);

  RunOutcome nothing_to_apply;  // no cache either: the source stays what it was
  next = snapshot_after(next, nothing_to_apply, {3, 8, 2}, 3);
  EXPECT_EQ(next.catalog_source, metrics::CatalogSource::cached);
  EXPECT_EQ(next.catalog_resources, 20u);

  next = snapshot_after(next, applied_run(), {4, 12, 2}, 4);
  EXPECT_EQ(next.catalog_source, metrics::CatalogSource::compiled);
}

TEST(SnapshotAfter, RemembersEveryRecentRunForTheNotifications) {
  metrics::Snapshot snapshot;
  RunOutcome failed;
  snapshot = snapshot_after(snapshot, applied_run(), {}, 1);
  snapshot = snapshot_after(snapshot, failed, {}, 2);
  RunOutcome run = applied_run();
  run.report->status = "changed";
  run.report->metrics.failed = 0;
  snapshot = snapshot_after(snapshot, run, {}, 3);
  ASSERT_EQ(snapshot.recent_runs.size(), 3u);
  EXPECT_EQ(snapshot.recent_runs[0].number, 1u);
  EXPECT_EQ(snapshot.recent_runs[0].status, metrics::RunStatus::unchanged);
  EXPECT_EQ(snapshot.recent_runs[0].resources_failed, 1u);
  EXPECT_EQ(snapshot.recent_runs[1].number, 2u);
  EXPECT_EQ(snapshot.recent_runs[1].status, metrics::RunStatus::failed);
  EXPECT_FALSE(snapshot.recent_runs[1].compile_ok);
  EXPECT_EQ(snapshot.recent_runs[2].number, 3u);
  EXPECT_EQ(snapshot.recent_runs[2].status, metrics::RunStatus::changed);
  EXPECT_TRUE(snapshot.recent_runs[2].compile_ok);

  for (std::size_t i = 0; i < metrics::kRecentRuns; ++i) {
    snapshot = snapshot_after(snapshot, run, {}, 4);
  }
  ASSERT_EQ(snapshot.recent_runs.size(), metrics::kRecentRuns);
  EXPECT_EQ(snapshot.recent_runs.front().number, 4u);
  EXPECT_EQ(snapshot.recent_runs.back().number, 3u + metrics::kRecentRuns);
}

TEST(DeltaOf, CountsTheRunsCompileApplyAndFigures) {
  RunOutcome run = applied_run();
  run.report->events.total = 6;
  counters::RunDelta delta = delta_of(run, "web01/abc");
  EXPECT_EQ(delta.run_id, "web01/abc");
  EXPECT_EQ(delta.counts.runs, 1u);
  EXPECT_EQ(delta.counts.compiles, 1u);
  EXPECT_EQ(delta.counts.compile_failures, 0u);
  EXPECT_EQ(delta.counts.resources_changed, 4u);
  EXPECT_EQ(delta.counts.resources_failed, 1u);
  EXPECT_EQ(delta.counts.events, 6u);
  EXPECT_EQ(delta.counts.compile_us, 12300u);
  EXPECT_EQ(delta.counts.apply_us, 500000u);

  RunOutcome failed;
  failed.compile_seconds = 0.002;
  delta = delta_of(failed, "web01/def");
  EXPECT_EQ(delta.counts.failures, 1u);
  EXPECT_EQ(delta.counts.compile_failures, 1u);
  EXPECT_EQ(delta.counts.apply_us, 0u);
}

TEST(DeltaOf, ARunThatCouldNotRunIsAFailedRunWithoutACompile) {
  RunOutcome stuck;
  stuck.could_not_run = "Could not run: cannot write the run lock /s/lock: No space left on device";
  counters::RunDelta delta = delta_of(stuck, "web01/ghi");
  EXPECT_EQ(delta.counts.runs, 1u);
  EXPECT_EQ(delta.counts.failures, 1u);
  EXPECT_EQ(delta.counts.compiles, 0u);
  EXPECT_EQ(delta.counts.compile_failures, 0u);

  metrics::Snapshot before = snapshot_after({}, applied_run(), {}, 1);
  metrics::Snapshot after = snapshot_after(before, stuck, {}, 2);
  EXPECT_EQ(after.last_run_status, metrics::RunStatus::failed);
  EXPECT_EQ(after.recent_runs.back().status, metrics::RunStatus::failed);
  EXPECT_EQ(after.runs_since_start, 2u);
  EXPECT_EQ(after.compile_window.size(), before.compile_window.size()) << "no compile happened";
}

}  // namespace
}  // namespace marionette::daemon
