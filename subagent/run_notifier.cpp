#include "subagent/run_notifier.hpp"

namespace marionette::subagent {
namespace {

/// The last run as the snapshot's own figures tell it, for a snapshot without recent_runs.
metrics::RunRecord last_run_of(const metrics::Snapshot& snapshot) {
  return {snapshot.runs_since_start, snapshot.last_run_status, snapshot.resources_failed,
          snapshot.last_compile_ok};
}

}  // namespace

std::vector<PendingNotification> RunNotifier::observe(const metrics::Snapshot& snapshot) {
  std::vector<PendingNotification> notifications;
  if (snapshot.runs_since_start == runs_seen_) return notifications;
  if (snapshot.recent_runs.empty() ||
      snapshot.recent_runs.back().number != snapshot.runs_since_start) {
    judge(last_run_of(snapshot), notifications);
  } else {
    for (const metrics::RunRecord& run : snapshot.recent_runs) {
      if (run.number > runs_seen_) judge(run, notifications);
    }
  }
  runs_seen_ = snapshot.runs_since_start;
  return notifications;
}

void RunNotifier::judge(const metrics::RunRecord& run, std::vector<PendingNotification>& out) {
  const bool failed = run.status == metrics::RunStatus::failed;
  if (failed && !last_failed_) out.push_back({RunNotification::run_failed, run});
  if (!failed && last_failed_) out.push_back({RunNotification::run_recovered, run});
  last_failed_ = failed;
}

}  // namespace marionette::subagent
