#include "fleet_status/fleet_tracker.hpp"

#include <gtest/gtest.h>

#include "fake_fleet_store.hpp"
#include "report_text.hpp"

namespace marionette::fleet_status {
namespace {

using metrics::FleetEventKind;

constexpr std::int64_t kStart = 1'764'417'600'000;  // ms
constexpr std::int64_t kMinute = 60'000;

TrackerSettings settings_named(const std::string& owner) {
  TrackerSettings settings;
  settings.stale_after = std::chrono::seconds(600);
  settings.owner = owner;
  return settings;
}

class FleetTrackerTest : public ::testing::Test {
 protected:
  /// A report of `certname` received at `at_ms`.
  void report(const std::string& certname, const std::string& status, std::int64_t at_ms,
              int failed = 0) {
    data_.summaries[certname] = *summarize_report(report_text(status, 0, failed), at_ms);
    ++data_.reports;
  }
  metrics::FleetSnapshot refresh(FleetTracker& tracker, std::int64_t now_ms,
                                 const SignedCertnames& signed_certnames = std::nullopt) {
    return tracker.refresh(store_, signed_certnames, now_ms);
  }

  FakeFleetData data_;
  FakeFleetStore store_{data_};
};

TEST_F(FleetTrackerTest, RowsInSnmpIndexOrderWithTheFleetFigures) {
  report("web10.example", "changed", kStart);
  report("db.example", "failed", kStart, 2);
  report("web9.example", "unchanged", kStart);
  report("old.example", "unchanged", kStart - 11 * kMinute);
  FleetTracker tracker(settings_named("a"));
  metrics::FleetSnapshot snapshot = refresh(tracker, kStart + 1000);
  ASSERT_TRUE(snapshot.store_ok);
  std::vector<std::string> names;
  for (const auto& node : snapshot.nodes) names.push_back(node.certname);
  // Length first, then the bytes: SNMP's order of string indexes.
  EXPECT_EQ(names, (std::vector<std::string>{"db.example", "old.example", "web9.example",
                                             "web10.example"}));
  EXPECT_EQ(snapshot.figures.nodes, 4u);
  EXPECT_EQ(snapshot.figures.failed, 1u);
  EXPECT_EQ(snapshot.figures.changed, 1u);
  EXPECT_EQ(snapshot.figures.unchanged, 2u);
  EXPECT_EQ(snapshot.figures.stale, 1u);
  EXPECT_EQ(snapshot.figures.reports_total, 4u);
  EXPECT_EQ(snapshot.stale_after_s, 600);
  EXPECT_EQ(snapshot.refreshed_at, (kStart + 1000) / 1000);
  ASSERT_NE(snapshot.find("old.example"), nullptr);
  EXPECT_TRUE(snapshot.find("old.example")->stale);
  EXPECT_FALSE(snapshot.find("db.example")->stale);
  EXPECT_EQ(snapshot.find("db.example")->resources_failed, 2u);
  EXPECT_EQ(snapshot.find("nowhere.example"), nullptr);
  EXPECT_TRUE(snapshot.events.empty()) << "the first refresh is the baseline";
}

TEST_F(FleetTrackerTest, ReportsPerMinuteCountTheLastSixtySeconds) {
  FleetTracker tracker(settings_named("a"));
  report("a.example", "unchanged", kStart);
  EXPECT_EQ(refresh(tracker, kStart).figures.reports_last_minute, 0u);
  report("a.example", "unchanged", kStart + 10'000);
  report("b.example", "unchanged", kStart + 20'000);
  EXPECT_EQ(refresh(tracker, kStart + 30'000).figures.reports_last_minute, 2u);
  EXPECT_EQ(refresh(tracker, kStart + 61'000).figures.reports_last_minute, 2u);
  EXPECT_EQ(refresh(tracker, kStart + 95'000).figures.reports_last_minute, 0u);
}

TEST_F(FleetTrackerTest, EachChangeIsOneEventAndRepeatsAreNot) {
  FleetTracker tracker(settings_named("a"));
  report("n.example", "unchanged", kStart);
  refresh(tracker, kStart);
  report("n.example", "failed", kStart + kMinute, 3);
  metrics::FleetSnapshot failed = refresh(tracker, kStart + kMinute);
  ASSERT_EQ(failed.events.size(), 1u);
  EXPECT_EQ(failed.events[0].kind, FleetEventKind::run_failed);
  EXPECT_EQ(failed.events[0].certname, "n.example");
  EXPECT_EQ(failed.events[0].resources_failed, 3u);
  EXPECT_EQ(failed.events[0].sequence, 1u);
  // Failing again, and looked at again: no new event.
  report("n.example", "failed", kStart + 2 * kMinute, 3);
  EXPECT_EQ(refresh(tracker, kStart + 2 * kMinute).events.size(), 1u);
  EXPECT_EQ(refresh(tracker, kStart + 2 * kMinute + 5000).events.size(), 1u);
  report("n.example", "changed", kStart + 3 * kMinute);
  metrics::FleetSnapshot recovered = refresh(tracker, kStart + 3 * kMinute);
  ASSERT_EQ(recovered.events.size(), 2u);
  EXPECT_EQ(recovered.events[1].kind, FleetEventKind::recovered);
  EXPECT_EQ(recovered.events[1].sequence, 2u);
  // No report for longer than stale_after: stale, once; reporting again: recovered.
  metrics::FleetSnapshot stale = refresh(tracker, kStart + 14 * kMinute);
  ASSERT_EQ(stale.events.size(), 3u);
  EXPECT_EQ(stale.events[2].kind, FleetEventKind::became_stale);
  EXPECT_EQ(refresh(tracker, kStart + 15 * kMinute).events.size(), 3u);
  report("n.example", "unchanged", kStart + 16 * kMinute);
  metrics::FleetSnapshot back = refresh(tracker, kStart + 16 * kMinute);
  ASSERT_EQ(back.events.size(), 4u);
  EXPECT_EQ(back.events[3].kind, FleetEventKind::recovered);
}

TEST_F(FleetTrackerTest, ANewNodeThatFailsIsNewsAndOneThatSucceedsIsNot) {
  FleetTracker tracker(settings_named("a"));
  refresh(tracker, kStart);
  report("ok.example", "changed", kStart + 1000);
  report("bad.example", "failed", kStart + 1000);
  metrics::FleetSnapshot snapshot = refresh(tracker, kStart + 2000);
  ASSERT_EQ(snapshot.events.size(), 1u);
  EXPECT_EQ(snapshot.events[0].certname, "bad.example");
}

TEST_F(FleetTrackerTest, TwoServersSharingTheStoreSendEachChangeOnce) {
  FleetTracker a(settings_named("server-a"));
  FleetTracker b(settings_named("server-b"));
  report("n.example", "unchanged", kStart);
  refresh(a, kStart);
  refresh(b, kStart + 500);
  report("n.example", "failed", kStart + kMinute);
  const std::size_t from_a = refresh(a, kStart + kMinute + 100).events.size();
  const std::size_t from_b = refresh(b, kStart + kMinute + 200).events.size();
  EXPECT_EQ(from_a + from_b, 1u);
  ASSERT_EQ(data_.claims.size(), 1u);
  EXPECT_EQ(data_.claims.begin()->first, "failed:n.example:" + std::to_string(kStart + kMinute));
  // Stale, seen by both: still one.
  const std::size_t stale_a = refresh(a, kStart + 12 * kMinute).events.size();
  const std::size_t stale_b = refresh(b, kStart + 12 * kMinute + 300).events.size();
  EXPECT_EQ(stale_a + stale_b, 2u);
  EXPECT_EQ(data_.claims.size(), 2u);
}

TEST_F(FleetTrackerTest, ADeactivatedNodeLeavesTheRowsAndComesBackWithACertificate) {
  FleetTracker tracker(settings_named("a"));
  report("gone.example", "failed", kStart);
  report("here.example", "unchanged", kStart);
  metrics::FleetSnapshot snapshot =
      refresh(tracker, kStart, std::unordered_set<std::string>{"here.example"});
  ASSERT_EQ(snapshot.nodes.size(), 1u);
  EXPECT_EQ(snapshot.nodes[0].certname, "here.example");
  EXPECT_EQ(snapshot.figures.deactivated, 1u);
  EXPECT_EQ(snapshot.figures.failed, 0u);
  snapshot = refresh(tracker, kStart + 1000,
                     std::unordered_set<std::string>{"here.example", "gone.example"});
  EXPECT_EQ(snapshot.nodes.size(), 2u);
  EXPECT_EQ(snapshot.figures.deactivated, 0u);
}

TEST_F(FleetTrackerTest, AStoreThatFailsKeepsTheLastRowsAndSaysWhy) {
  FleetTracker tracker(settings_named("a"));
  report("n.example", "unchanged", kStart);
  refresh(tracker, kStart);
  data_.down = true;
  report("n.example", "failed", kStart + 1000);
  metrics::FleetSnapshot snapshot = refresh(tracker, kStart + 2000);
  EXPECT_FALSE(snapshot.store_ok);
  EXPECT_EQ(snapshot.store_error, "Redis is down");
  ASSERT_EQ(snapshot.nodes.size(), 1u);
  EXPECT_EQ(snapshot.nodes[0].status, metrics::RunStatus::unchanged);
  EXPECT_TRUE(snapshot.events.empty());
  data_.down = false;
  snapshot = refresh(tracker, kStart + 3000);
  EXPECT_TRUE(snapshot.store_ok);
  ASSERT_EQ(snapshot.events.size(), 1u) << "the change is judged once the store is back";
}

TEST_F(FleetTrackerTest, AnUnreadableSummaryIsLeftOut) {
  FleetTracker tracker(settings_named("a"));
  data_.summaries["broken.example"] = "{";
  report("n.example", "unchanged", kStart);
  metrics::FleetSnapshot snapshot = refresh(tracker, kStart);
  ASSERT_EQ(snapshot.nodes.size(), 1u);
  EXPECT_EQ(snapshot.nodes[0].certname, "n.example");
}

TEST_F(FleetTrackerTest, OnlyTheLastEventsAreKept) {
  FleetTracker tracker(settings_named("a"));
  refresh(tracker, kStart);
  for (int i = 0; i < 70; ++i) {
    report("n.example", i % 2 == 0 ? "failed" : "unchanged", kStart + (i + 1) * 1000);
    refresh(tracker, kStart + (i + 1) * 1000);
  }
  metrics::FleetSnapshot snapshot = refresh(tracker, kStart + 71'000);
  ASSERT_EQ(snapshot.events.size(), metrics::kFleetEvents);
  EXPECT_EQ(snapshot.events.front().sequence, 70u - metrics::kFleetEvents + 1);
  EXPECT_EQ(snapshot.events.back().sequence, 70u);
}

}  // namespace
}  // namespace marionette::fleet_status
