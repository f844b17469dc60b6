#include "subagent/fleet_table.hpp"

#include <gtest/gtest.h>

#include "subagent/fleet_notifier.hpp"

namespace marionette::subagent {
namespace {

const Oid kFleetRoot = {1, 3, 6, 1, 4, 1, 8072, 9999, 9999, 4242};
constexpr std::int64_t kFleetNow = 1'764'417'700;

Oid fleet_cell(std::uint32_t column, std::string_view certname) {
  Oid oid = join(kFleetRoot, {1, 9, 6, 1, column, static_cast<std::uint32_t>(certname.size())});
  for (char c : certname) oid.push_back(static_cast<unsigned char>(c));
  return oid;
}

metrics::FleetNode node(std::string certname, metrics::RunStatus status, std::uint32_t failed) {
  metrics::FleetNode row;
  row.certname = std::move(certname);
  row.environment = "production";
  row.status = status;
  row.resources_failed = failed;
  row.last_report_at = kFleetNow - 30;
  return row;
}

/// Rows in SNMP index order, as the refresher publishes them.
metrics::FleetSnapshot fleet() {
  metrics::FleetSnapshot snapshot;
  snapshot.nodes = {node("b.x", metrics::RunStatus::failed, 2),
                    node("c.x", metrics::RunStatus::changed, 0),
                    node("aa.x", metrics::RunStatus::unchanged, 0)};
  return snapshot;
}

TEST(FleetTable, AnswersGetByCertname) {
  const metrics::FleetSnapshot snapshot = fleet();
  FleetTable table(kFleetRoot);
  auto found = table.find(fleet_cell(9, "b.x"), &snapshot, kFleetNow);
  ASSERT_TRUE(found);
  ASSERT_TRUE(std::holds_alternative<FleetTable::Cell>(*found));
  EXPECT_EQ(std::get<FleetTable::Cell>(*found).value, Value{Gauge32{2}});
  auto age = table.find(fleet_cell(5, "aa.x"), &snapshot, kFleetNow);
  EXPECT_EQ(std::get<FleetTable::Cell>(*age).value, Value{Gauge32{30}});
  auto name = table.find(fleet_cell(2, "c.x"), &snapshot, kFleetNow);
  EXPECT_EQ(std::get<FleetTable::Cell>(*name).value, Value{OctetString{"c.x"}});
  EXPECT_EQ(std::get<Miss>(*table.find(fleet_cell(9, "zz.x"), &snapshot, kFleetNow)),
            Miss::no_such_instance);
  EXPECT_EQ(std::get<Miss>(*table.find(fleet_cell(1, "b.x"), &snapshot, kFleetNow)),
            Miss::no_such_object)
      << "the index column is not readable";
  EXPECT_FALSE(table.find(join(kFleetRoot, {1, 9, 5, 1, 0}), &snapshot, kFleetNow))
      << "outside the table";
  EXPECT_FALSE(table.find(fleet_cell(9, "b.x"), nullptr, kFleetNow)) << "no fleet (an agent)";
}

TEST(FleetTable, WalksColumnByColumnInIndexOrder) {
  const metrics::FleetSnapshot snapshot = fleet();
  FleetTable table(kFleetRoot);
  std::vector<Oid> walked;
  Oid at = join(kFleetRoot, {1, 9, 5, 11, 0});  // the last fleet scalar
  while (auto next = table.find_next(at, &snapshot, kFleetNow)) {
    walked.push_back(next->instance);
    at = next->instance;
  }
  ASSERT_EQ(walked.size(), fleet_columns().size() * 3);
  EXPECT_EQ(walked[0], fleet_cell(2, "b.x"));
  EXPECT_EQ(walked[1], fleet_cell(2, "c.x"));
  EXPECT_EQ(walked[2], fleet_cell(2, "aa.x"));
  EXPECT_EQ(walked[3], fleet_cell(3, "b.x"));
  EXPECT_EQ(walked.back(), fleet_cell(16, "aa.x"));
  // From inside a row index, from the not-accessible column, past the table.
  EXPECT_EQ(
      table.find_next(join(kFleetRoot, {1, 9, 6, 1, 9, 3, 'b'}), &snapshot, kFleetNow)->instance,
      fleet_cell(9, "b.x"));
  EXPECT_EQ(table.find_next(join(kFleetRoot, {1, 9, 6, 1, 1, 9}), &snapshot, kFleetNow)->instance,
            fleet_cell(2, "b.x"));
  EXPECT_FALSE(table.find_next(join(kFleetRoot, {1, 9, 7}), &snapshot, kFleetNow));
  EXPECT_FALSE(table.find_next(fleet_cell(16, "aa.x"), &snapshot, kFleetNow));
}

TEST(FleetTable, StaysFastForTenThousandNodes) {
  metrics::FleetSnapshot snapshot;
  for (int i = 0; i < 10'000; ++i)
    snapshot.nodes.push_back(node("node" + std::to_string(100'000 + i) + ".example.com",
                                  metrics::RunStatus::unchanged, 0));
  FleetTable table(kFleetRoot);
  const auto started = std::chrono::steady_clock::now();
  std::size_t cells = 0;
  Oid at = join(kFleetRoot, {1, 9, 6});
  while (auto next = table.find_next(at, &snapshot, kFleetNow)) {
    at = std::move(next->instance);
    ++cells;
  }
  const auto took = std::chrono::steady_clock::now() - started;
  EXPECT_EQ(cells, fleet_columns().size() * 10'000);
  // 150,000 GETNEXTs; each O(log n). Generous for a loaded 2-core machine.
  EXPECT_LT(took, std::chrono::seconds(5));
}

TEST(FleetNotifier, SendsEachNewEventOnceAndNotThoseBeforeItStarted) {
  auto fleet_snapshot = std::make_shared<metrics::FleetSnapshot>();
  fleet_snapshot->events.push_back({1, metrics::FleetEventKind::run_failed, "old.x"});
  metrics::Snapshot snapshot;
  snapshot.fleet_nodes = fleet_snapshot;
  FleetNotifier notifier;
  EXPECT_TRUE(notifier.observe(snapshot).empty());
  auto next = std::make_shared<metrics::FleetSnapshot>(*fleet_snapshot);
  next->events.push_back({2, metrics::FleetEventKind::became_stale, "a.x"});
  next->events.push_back({3, metrics::FleetEventKind::recovered, "b.x"});
  snapshot.fleet_nodes = next;
  std::vector<metrics::FleetEvent> events = notifier.observe(snapshot);
  ASSERT_EQ(events.size(), 2u);
  EXPECT_EQ(events[0].certname, "a.x");
  EXPECT_EQ(events[1].kind, metrics::FleetEventKind::recovered);
  EXPECT_TRUE(notifier.observe(snapshot).empty());
}

}  // namespace
}  // namespace marionette::subagent
