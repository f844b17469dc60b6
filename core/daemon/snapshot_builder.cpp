#include "daemon/snapshot_builder.hpp"

#include <cmath>

namespace marionette::daemon {

namespace {

std::uint32_t milliseconds(double seconds) {
  return static_cast<std::uint32_t>(std::llround(seconds * 1000.0));
}

}  // namespace

metrics::Snapshot snapshot_after(const metrics::Snapshot& previous, const RunOutcome& outcome,
                                 const counters::Totals& totals, std::int64_t now) {
  metrics::Snapshot next = previous;
  next.state = metrics::AgentState::idle;
  next.last_run_at = now;
  next.last_compile_ms = milliseconds(outcome.compile_seconds);
  next.last_compile_ok = outcome.compiled;
  if (outcome.compiled) {
    next.catalog_resources = static_cast<std::uint32_t>(outcome.catalog_resources);
    next.catalog_edges = static_cast<std::uint32_t>(outcome.catalog_edges);
    next.catalog_classes = static_cast<std::uint32_t>(outcome.catalog_classes);
  }
  const transaction::ResourceMetrics none;
  const auto& r = outcome.report ? outcome.report->metrics : none;
  next.resources_total = static_cast<std::uint32_t>(r.total);
  next.resources_changed = static_cast<std::uint32_t>(r.changed);
  next.resources_failed = static_cast<std::uint32_t>(r.failed);
  next.resources_skipped = static_cast<std::uint32_t>(r.skipped);
  next.resources_out_of_sync = static_cast<std::uint32_t>(r.out_of_sync);
  next.resources_restarted = static_cast<std::uint32_t>(r.restarted);
  next.events_total = outcome.report ? static_cast<std::uint32_t>(outcome.report->events.total) : 0;
  next.last_apply_ms = milliseconds(outcome.apply_seconds);
  next.runs_total = totals.runs;
  next.resources_changed_total = totals.resources_changed;
  next.failures_total = totals.failures;
  return next;
}

}  // namespace marionette::daemon
