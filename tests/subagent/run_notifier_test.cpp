#include "subagent/run_notifier.hpp"

#include <gtest/gtest.h>

#include "subagent/notification_queue.hpp"

namespace marionette::subagent {
namespace {

using metrics::RunStatus;

/// A snapshot as the daemon publishes it after `statuses.size()` runs.
metrics::Snapshot after_runs(const std::vector<RunStatus>& statuses) {
  metrics::Snapshot snapshot;
  for (RunStatus status : statuses) {
    ++snapshot.runs_since_start;
    snapshot.last_run_status = status;
    snapshot.resources_failed = status == RunStatus::failed ? 2 : 0;
    snapshot.recent_runs.push_back(
        {snapshot.runs_since_start, status, snapshot.resources_failed, true});
  }
  return snapshot;
}

/// A snapshot with the last run's figures only (no recent_runs), as older code built them.
metrics::Snapshot after_run(std::uint64_t run, RunStatus status) {
  metrics::Snapshot snapshot;
  snapshot.runs_since_start = run;
  snapshot.last_run_status = status;
  return snapshot;
}

std::vector<RunNotification> kinds(const std::vector<PendingNotification>& notifications) {
  std::vector<RunNotification> out;
  for (const auto& notification : notifications) out.push_back(notification.kind);
  return out;
}

using Kinds = std::vector<RunNotification>;
constexpr RunNotification kFailed = RunNotification::run_failed;
constexpr RunNotification kRecovered = RunNotification::run_recovered;

TEST(RunNotifier, SaysNothingBeforeTheFirstRunOrForSuccesses) {
  RunNotifier notifier;
  EXPECT_TRUE(notifier.observe(metrics::Snapshot{}).empty());
  EXPECT_TRUE(notifier.observe(after_runs({RunStatus::changed})).empty());
  EXPECT_TRUE(notifier.observe(after_runs({RunStatus::changed, RunStatus::unchanged})).empty());
}

TEST(RunNotifier, TellsAFailureOnceAndTheRecoveryOnce) {
  RunNotifier notifier;
  std::vector<RunStatus> runs = {RunStatus::failed};
  EXPECT_EQ(kinds(notifier.observe(after_runs(runs))), Kinds{kFailed});
  EXPECT_TRUE(notifier.observe(after_runs(runs)).empty()) << "the same run seen again";
  runs.push_back(RunStatus::failed);
  EXPECT_TRUE(notifier.observe(after_runs(runs)).empty()) << "still failing";
  runs.push_back(RunStatus::unchanged);
  EXPECT_EQ(kinds(notifier.observe(after_runs(runs))), Kinds{kRecovered});
  runs.push_back(RunStatus::changed);
  EXPECT_TRUE(notifier.observe(after_runs(runs)).empty());
  runs.push_back(RunStatus::failed);
  EXPECT_EQ(kinds(notifier.observe(after_runs(runs))), Kinds{kFailed});
}

TEST(RunNotifier, JudgesEveryRunThatEndedBetweenTwoLooks) {
  RunNotifier notifier;
  notifier.observe(after_runs({RunStatus::unchanged}));
  // Four runs end before the SNMP thread looks again: failed, recovered, failed, recovered.
  const auto notifications =
      notifier.observe(after_runs({RunStatus::unchanged, RunStatus::failed, RunStatus::changed,
                                   RunStatus::failed, RunStatus::unchanged}));
  EXPECT_EQ(kinds(notifications), (Kinds{kFailed, kRecovered, kFailed, kRecovered}));
  ASSERT_EQ(notifications.size(), 4u);
  EXPECT_EQ(notifications[0].run.number, 2u) << "each carries its own run";
  EXPECT_EQ(notifications[0].run.resources_failed, 2u);
  EXPECT_EQ(notifications[1].run.number, 3u);
  EXPECT_EQ(notifications[1].run.status, RunStatus::changed);
  EXPECT_EQ(notifications[3].run.number, 5u);
}

TEST(RunNotifier, FallsBackToTheLastRunsFiguresWithoutRecentRuns) {
  RunNotifier notifier;
  EXPECT_EQ(kinds(notifier.observe(after_run(1, RunStatus::failed))), Kinds{kFailed});
  EXPECT_TRUE(notifier.observe(after_run(2, RunStatus::failed)).empty());
  const auto recovered = notifier.observe(after_run(3, RunStatus::unchanged));
  EXPECT_EQ(kinds(recovered), Kinds{kRecovered});
  EXPECT_EQ(recovered.at(0).run.number, 3u);
}

TEST(NotificationQueue, KeepsTheOrderAndDropsTheOldestPastItsCapacity) {
  NotificationQueue queue;
  EXPECT_TRUE(queue.empty());
  for (std::uint64_t run = 1; run <= NotificationQueue::kCapacity + 3; ++run) {
    queue.push({run % 2 ? kFailed : kRecovered, {run, RunStatus::failed, 0, true}});
  }
  EXPECT_EQ(queue.size(), NotificationQueue::kCapacity);
  EXPECT_EQ(queue.dropped(), 3u);
  const auto all = queue.take_all();
  ASSERT_EQ(all.size(), NotificationQueue::kCapacity);
  EXPECT_EQ(all.front().run.number, 4u) << "runs 1-3 were dropped";
  EXPECT_EQ(all.front().kind, kRecovered);
  EXPECT_EQ(all.back().run.number, NotificationQueue::kCapacity + 3);
  EXPECT_TRUE(queue.empty());
  EXPECT_EQ(queue.dropped(), 0u);
}

}  // namespace
}  // namespace marionette::subagent
