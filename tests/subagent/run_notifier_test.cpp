#include "subagent/run_notifier.hpp"

#include <gtest/gtest.h>

namespace marionette::subagent {
namespace {

metrics::Snapshot after_run(std::uint64_t run, metrics::RunStatus status) {
  metrics::Snapshot snapshot;
  snapshot.runs_since_start = run;
  snapshot.last_run_status = status;
  return snapshot;
}

TEST(RunNotifier, SaysNothingBeforeTheFirstRunOrForSuccesses) {
  RunNotifier notifier;
  EXPECT_EQ(notifier.observe(metrics::Snapshot{}), std::nullopt);
  EXPECT_EQ(notifier.observe(after_run(1, metrics::RunStatus::changed)), std::nullopt);
  EXPECT_EQ(notifier.observe(after_run(2, metrics::RunStatus::unchanged)), std::nullopt);
}

TEST(RunNotifier, TellsAFailureOnceAndTheRecoveryOnce) {
  RunNotifier notifier;
  EXPECT_EQ(notifier.observe(after_run(1, metrics::RunStatus::failed)),
            RunNotification::run_failed);
  EXPECT_EQ(notifier.observe(after_run(1, metrics::RunStatus::failed)), std::nullopt)
      << "the same run seen again";
  EXPECT_EQ(notifier.observe(after_run(2, metrics::RunStatus::failed)), std::nullopt)
      << "still failing: no new notification";
  EXPECT_EQ(notifier.observe(after_run(3, metrics::RunStatus::unchanged)),
            RunNotification::run_recovered);
  EXPECT_EQ(notifier.observe(after_run(4, metrics::RunStatus::changed)), std::nullopt);
  EXPECT_EQ(notifier.observe(after_run(5, metrics::RunStatus::failed)),
            RunNotification::run_failed);
}

}  // namespace
}  // namespace marionette::subagent
