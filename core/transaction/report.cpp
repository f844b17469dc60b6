#include "transaction/report.hpp"

namespace marionette::transaction {

bool Report::lists(const ResourceStatus& status) const {
  // Puppet 8's STATES_FOR_EXCLUSION_FROM_REPORT: a status is unchanged unless one of them holds.
  return !exclude_unchanged_resources || status.failed || status.failed_to_restart ||
         status.out_of_sync || status.skipped;
}

void Report::finalize() {
  metrics = ResourceMetrics{};
  events = EventMetrics{};
  changes = 0;
  metrics.total = resources.size();
  for (auto& resource : resources) {
    resource.events_success = resource.events_failure = resource.events_noop = 0;
    resource.messages.clear();
    for (const auto& event : resource.events) {
      if (event.status == "success") ++resource.events_success;
      if (event.status == "failure") ++resource.events_failure;
      if (event.status == "noop") ++resource.events_noop;
      resource.messages.push_back(event.message);
    }
    resource.change_count = resource.events_success;
    resource.changed = resource.events_success > 0;
    resource.failed = resource.failed || resource.events_failure > 0;
    resource.out_of_sync = !resource.events.empty();

    metrics.changed += resource.changed;
    metrics.failed += resource.failed;
    metrics.skipped += resource.skipped;
    metrics.out_of_sync += resource.out_of_sync;
    metrics.restarted += resource.restarted;
    metrics.failed_to_restart += resource.failed_to_restart;
    metrics.corrective_change += resource.corrective_change;
    events.total += resource.events.size();
    events.success += resource.events_success;
    events.failure += resource.events_failure;
    events.noop += resource.events_noop;
    changes += resource.change_count;
  }
  if (!transaction_completed || metrics.failed > 0 || metrics.failed_to_restart > 0) {
    status = "failed";
  } else if (changes > 0) {
    status = "changed";
  } else {
    status = "unchanged";
  }
}

int Report::detailed_exit_code() const {
  if (!transaction_completed) return 1;
  int code = 0;
  if (changes > 0) code |= 2;
  if (metrics.failed > 0 || metrics.failed_to_restart > 0) code |= 4;
  return code;
}

}  // namespace marionette::transaction
