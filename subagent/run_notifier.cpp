#include "subagent/run_notifier.hpp"

namespace marionette::subagent {

std::optional<RunNotification> RunNotifier::observe(const metrics::Snapshot& snapshot) {
  if (snapshot.runs_since_start == runs_seen_) return std::nullopt;
  runs_seen_ = snapshot.runs_since_start;
  const bool failed = snapshot.last_run_status == metrics::RunStatus::failed;
  const bool was_failed = last_failed_;
  last_failed_ = failed;
  if (failed && !was_failed) return RunNotification::run_failed;
  if (!failed && was_failed) return RunNotification::run_recovered;
  return std::nullopt;
}

}  // namespace marionette::subagent
