#include "subagent/mib_objects.hpp"

#include <gtest/gtest.h>

#include <map>
#include <set>

#include "fixed_snapshot.hpp"

namespace marionette::subagent {
namespace {

using fixture::fixed_snapshot;
using fixture::kNowSeconds;

const Instant kNow{std::chrono::seconds(kNowSeconds)};

const MibObject& object_named(std::string_view name) {
  for (const MibObject& object : mib_objects()) {
    if (object.name == name) return object;
  }
  throw std::out_of_range(std::string(name));
}

TEST(MibObjects, AnswerEveryObjectFromAFixedSnapshot) {
  const std::map<std::string_view, Value> expected = {
      {"mrnVersion", OctetString{"0.1.0-test"}},
      {"mrnUptime", TimeTicks{360'000}},
      {"mrnState", Integer32{3}},
      {"mrnRunInterval", Gauge32{1800}},
      {"mrnLastRunTime", Gauge32{static_cast<std::uint32_t>(kNowSeconds - 90)}},
      {"mrnLastRunAge", Gauge32{90}},
      {"mrnCompileLastTime", Gauge32{1234}},
      {"mrnConfigVersion", OctetString{"1704067110"}},
      {"mrnCatalogSource", Integer32{2}},
      {"mrnCompileLastOk", Integer32{2}},
      {"mrnCompileMinTime", Gauge32{1000}},
      {"mrnCompileAvgTime", Gauge32{1245}},
      {"mrnCompileMaxTime", Gauge32{1500}},
      {"mrnCompileWinCount", Gauge32{3}},
      {"mrnCompileWinFails", Gauge32{1}},
      {"mrnCompileParseTime", Gauge32{56}},
      {"mrnCatalogResources", Gauge32{321}},
      {"mrnCatalogEdges", Gauge32{400}},
      {"mrnCatalogClasses", Gauge32{42}},
      {"mrnCatalogBytes", Gauge32{98765}},
      {"mrnCatalogVersion", OctetString{"1704067110"}},
      {"mrnLastRunScheduled", Gauge32{13}},
      {"mrnLastRunCorrected", Gauge32{4}},
      {"mrnLastRunEventsOk", Gauge32{8}},
      {"mrnLastRunEventFail", Gauge32{3}},
      {"mrnLastRunStatus", Integer32{3}},
      {"mrnCompilesTotal", Counter64{5'000'000'001ULL}},
      {"mrnCompileFailTotal", Counter64{17}},
      {"mrnResFailedTotal", Counter64{18}},
      {"mrnEventsTotal", Counter64{19}},
      {"mrnCompileUsTotal", Counter64{20'000'000'000ULL}},
      {"mrnApplyUsTotal", Counter64{21'000'000'000ULL}},
      {"mrnFleetRuns", Counter64{6'000'000'001ULL}},
      {"mrnFleetChanged", Counter64{31}},
      {"mrnFleetFailures", Counter64{32}},
      {"mrnFleetCompiles", Counter64{33}},
      {"mrnFleetCompileFail", Counter64{34}},
      {"mrnFleetResFailed", Counter64{35}},
      {"mrnFleetEvents", Counter64{36}},
      {"mrnFleetCompileUs", Counter64{37}},
      {"mrnFleetApplyUs", Counter64{38}},
      {"mrnStoreBackend", Integer32{3}},
      {"mrnStorePending", Gauge32{2}},
      {"mrnStoreLastFlush", Gauge32{static_cast<std::uint32_t>(kNowSeconds - 30)}},
      {"mrnLastRunResources", Gauge32{320}},
      {"mrnLastRunChanged", Gauge32{7}},
      {"mrnLastRunFailed", Gauge32{2}},
      {"mrnLastRunSkipped", Gauge32{3}},
      {"mrnLastRunOutOfSync", Gauge32{9}},
      {"mrnLastRunRestarted", Gauge32{1}},
      {"mrnLastRunEvents", Gauge32{11}},
      {"mrnLastRunApplyTime", Gauge32{5678}},
      {"mrnRunsTotal", Counter64{5'000'000'000ULL}},
      {"mrnChangedTotal", Counter64{0x1'0000'0001ULL}},
      {"mrnFailuresTotal", Counter64{0xffff'ffff'ffff'fffeULL}},
      {"mrnSrvUptime", TimeTicks{360'000}},
      {"mrnSrvWorkers", Gauge32{8}},
      {"mrnSrvWorkersBusy", Gauge32{3}},
      {"mrnSrvQueueLength", Gauge32{5}},
      {"mrnSrvQueueLimit", Gauge32{256}},
      {"mrnSrvQueueDrops", Counter64{5'000'000'000ULL}},
      {"mrnSrvRequests", Counter64{7'000'000'000ULL}},
      {"mrnSrvReqOk", Counter64{101}},
      {"mrnSrvReqClientErr", Counter64{102}},
      {"mrnSrvReqServerErr", Counter64{103}},
      {"mrnSrvReqRefused", Counter64{104}},
      {"mrnSrvReqCa", Counter64{105}},
      {"mrnSrvReqCatalog", Counter64{106}},
      {"mrnSrvReqNode", Counter64{107}},
      {"mrnSrvReqFile", Counter64{108}},
      {"mrnSrvReqReport", Counter64{109}},
      {"mrnSrvReqOther", Counter64{110}},
      {"mrnSrvTlsFailures", Counter64{111}},
      {"mrnSrvReqLastMin", Gauge32{112}},
      {"mrnSrvReports", Counter64{113}},
      {"mrnSrvCompiles", Counter64{8'000'000'000ULL}},
      {"mrnSrvCompileFails", Counter64{114}},
      {"mrnSrvCompileUs", Counter64{9'000'000'000ULL}},
      {"mrnSrvCompLastMin", Gauge32{115}},
      {"mrnSrvCompWinMin", Gauge32{116}},
      {"mrnSrvCompWinAvg", Gauge32{117}},
      {"mrnSrvCompWinMax", Gauge32{118}},
      {"mrnSrvCompMin", Gauge32{119}},
      {"mrnSrvCompAvg", Gauge32{120}},
      {"mrnSrvCompMax", Gauge32{121}},
      {"mrnSrvCertsPending", Gauge32{122}},
      {"mrnSrvCertsSigned", Gauge32{123}},
      {"mrnSrvCertsRevoked", Gauge32{124}},
      {"mrnNodesTotal", Gauge32{125}},
      {"mrnNodesFailed", Gauge32{126}},
      {"mrnNodesChanged", Gauge32{127}},
      {"mrnNodesUnchanged", Gauge32{128}},
      {"mrnNodesStale", Gauge32{129}},
      {"mrnNodesDeactivated", Gauge32{130}},
      {"mrnNodesReportsMin", Gauge32{131}},
      {"mrnNodesReports", Counter64{10'000'000'000ULL}},
      {"mrnNodesStaleAfter", Gauge32{3600}},
      {"mrnNodesRefreshed", Gauge32{static_cast<std::uint32_t>(kNowSeconds - 2)}},
      {"mrnNodesStoreOk", Integer32{1}},
  };
  const metrics::Snapshot snapshot = fixed_snapshot();
  ASSERT_EQ(mib_objects().size(), expected.size());
  for (const MibObject& object : mib_objects()) {
    SCOPED_TRACE(object.name);
    ASSERT_TRUE(expected.contains(object.name));
    EXPECT_EQ(object.get(snapshot, kNow), expected.at(object.name));
  }
}

TEST(MibObjects, AnAgentServesAllButTheServerSubtreeAndAServerOnlyThat) {
  const auto agent = served_objects(Role::agent);
  const auto server = served_objects(Role::server);
  EXPECT_EQ(agent.size() + server.size(), mib_objects().size());
  ASSERT_FALSE(server.empty());
  EXPECT_EQ(server.front().name, "mrnSrvUptime");
  for (const MibObject& object : agent) EXPECT_FALSE(starts_with(object.suffix, kServerSuffix));
  for (const MibObject& object : server) EXPECT_TRUE(starts_with(object.suffix, kServerSuffix));
}

TEST(MibObjects, EveryGetterReturnsItsDeclaredSyntax) {
  const metrics::Snapshot snapshot = fixed_snapshot();
  for (const MibObject& object : mib_objects()) {
    SCOPED_TRACE(object.name);
    EXPECT_EQ(syntax_of(object.get(snapshot, kNow)), object.syntax);
    EXPECT_EQ(syntax_of(object.get(metrics::Snapshot{}, kNow)), object.syntax);
  }
}

TEST(MibObjects, AreSortedByOidWithUniqueNames) {
  std::set<std::string_view> names;
  const Oid* previous = nullptr;
  for (const MibObject& object : mib_objects()) {
    SCOPED_TRACE(object.name);
    EXPECT_TRUE(names.insert(object.name).second);
    if (previous) {
      EXPECT_LT(*previous, object.suffix);
    }
    previous = &object.suffix;
  }
}

TEST(MibObjects, AnEmptySnapshotReadsAsZeroes) {
  const metrics::Snapshot empty;
  EXPECT_EQ(object_named("mrnUptime").get(empty, kNow), Value(TimeTicks{0}));
  EXPECT_EQ(object_named("mrnLastRunAge").get(empty, kNow), Value(Gauge32{0}));
  EXPECT_EQ(object_named("mrnState").get(empty, kNow), Value(Integer32{1}));
  EXPECT_EQ(object_named("mrnCompileLastOk").get(empty, kNow), Value(Integer32{1}));
  EXPECT_EQ(object_named("mrnVersion").get(empty, kNow), Value(OctetString{""}));
}

TEST(MibObjects, ClampValuesThatDoNotFitUnsigned32) {
  metrics::Snapshot snapshot;
  snapshot.run_interval_s = -5;
  EXPECT_EQ(object_named("mrnRunInterval").get(snapshot, kNow), Value(Gauge32{0}));
  snapshot.run_interval_s = std::int64_t{1} << 40;
  EXPECT_EQ(object_named("mrnRunInterval").get(snapshot, kNow), Value(Gauge32{0xffff'ffffu}));
  snapshot.last_run_at = kNowSeconds + 60;  // a clock that stepped back
  EXPECT_EQ(object_named("mrnLastRunAge").get(snapshot, kNow), Value(Gauge32{0}));
}

TEST(MibObjects, UptimeWrapsLikeSysUpTime) {
  metrics::Snapshot snapshot;
  const std::int64_t wrap_seconds = (std::int64_t{1} << 32) / 100;  // 497 days
  snapshot.started_at = kNowSeconds - wrap_seconds - 10;
  Value uptime = object_named("mrnUptime").get(snapshot, kNow);
  EXPECT_EQ(uptime, Value(TimeTicks{static_cast<std::uint32_t>((wrap_seconds + 10) * 100)}));
}

}  // namespace
}  // namespace marionette::subagent
