#include "daemon/snapshot_builder.hpp"

#include <algorithm>
#include <cmath>
#include <map>

namespace marionette::daemon {

namespace {

std::uint32_t milliseconds(double seconds) {
  return static_cast<std::uint32_t>(std::llround(seconds * 1000.0));
}

std::uint64_t microseconds(double seconds) {
  return static_cast<std::uint64_t>(std::llround(std::max(0.0, seconds) * 1e6));
}

std::uint32_t u32(std::uint64_t value) {
  return static_cast<std::uint32_t>(std::min<std::uint64_t>(value, UINT32_MAX));
}

void slide_compile_window(metrics::Snapshot& next, std::uint32_t ms, bool ok) {
  auto& window = next.compile_window;
  window.push_back({ms, ok});
  if (window.size() > metrics::kCompileWindow) window.erase(window.begin());
  std::uint64_t sum = 0;
  next.compile_min_ms = UINT32_MAX;
  next.compile_max_ms = 0;
  next.compile_window_failures = 0;
  for (const metrics::CompileSample& sample : window) {
    sum += sample.ms;
    next.compile_min_ms = std::min(next.compile_min_ms, sample.ms);
    next.compile_max_ms = std::max(next.compile_max_ms, sample.ms);
    if (!sample.ok) ++next.compile_window_failures;
  }
  next.compile_avg_ms = static_cast<std::uint32_t>((sum + window.size() / 2) / window.size());
}

/// Appends the run `next` describes to its recent runs, keeping the last kRecentRuns.
void remember_run(metrics::Snapshot& next) {
  auto& runs = next.recent_runs;
  runs.push_back(
      {next.runs_since_start, next.last_run_status, next.resources_failed, next.last_compile_ok});
  if (runs.size() > metrics::kRecentRuns) runs.erase(runs.begin());
}

metrics::RunStatus status_of(const RunOutcome& outcome) {
  if (outcome.failed()) return metrics::RunStatus::failed;
  if (outcome.report && outcome.report->status == "changed") return metrics::RunStatus::changed;
  return metrics::RunStatus::unchanged;
}

}  // namespace

std::vector<metrics::TypeFigures> figures_by_type(const transaction::Report& report) {
  std::map<std::string, metrics::TypeFigures> by_type;
  std::map<std::string, double> seconds;
  for (const transaction::ResourceStatus& status : report.resources) {
    metrics::TypeFigures& figures = by_type[status.type];
    figures.type = status.type;
    ++figures.resources;
    figures.changed += status.changed ? 1 : 0;
    figures.failed += status.failed ? 1 : 0;
    figures.out_of_sync += status.out_of_sync ? 1 : 0;
    seconds[status.type] += status.seconds;
  }
  std::vector<metrics::TypeFigures> rows;
  for (auto& [type, figures] : by_type) {
    figures.apply_ms = milliseconds(seconds[type]);
    rows.push_back(std::move(figures));
  }
  return rows;
}

counters::RunDelta delta_of(const RunOutcome& outcome, std::string run_id) {
  counters::RunDelta delta;
  delta.run_id = std::move(run_id);
  counters::Totals& counts = delta.counts;
  counts.failures = outcome.failed() ? 1 : 0;
  counts.compiles = outcome.could_not_run ? 0 : 1;
  counts.compile_failures = outcome.compiled || outcome.could_not_run ? 0 : 1;
  counts.compile_us = microseconds(outcome.compile_seconds);
  counts.apply_us = outcome.report ? microseconds(outcome.apply_seconds) : 0;
  if (outcome.report) {
    counts.resources_changed = outcome.report->metrics.changed;
    counts.resources_failed = outcome.report->metrics.failed;
    counts.events = outcome.report->events.total;
  }
  return delta;
}

void set_store_status(metrics::Snapshot& snapshot, const counters::StoreStatus& status) {
  using metrics::StoreBackend;
  snapshot.store_backend = status.backend == "redis"          ? StoreBackend::redis
                           : status.backend == "journal-only" ? StoreBackend::journal_only
                           : status.backend == "degraded"     ? StoreBackend::degraded
                                                              : StoreBackend::file;
  snapshot.store_pending = status.pending;
  snapshot.store_last_flush_at = status.last_flush_at;
}

metrics::Snapshot snapshot_after(const metrics::Snapshot& previous, const RunOutcome& outcome,
                                 const counters::Totals& totals, std::int64_t now) {
  metrics::Snapshot next = previous;
  next.state = metrics::AgentState::idle;
  next.last_run_at = now;
  ++next.runs_since_start;
  next.last_compile_ms = milliseconds(outcome.compile_seconds);
  next.last_parse_ms = std::min(milliseconds(outcome.parse_seconds), next.last_compile_ms);
  next.last_compile_ok = outcome.compiled;
  if (!outcome.could_not_run) slide_compile_window(next, next.last_compile_ms, outcome.compiled);
  if (outcome.compiled || outcome.catalog_from_cache) {
    next.catalog_resources = static_cast<std::uint32_t>(outcome.catalog_resources);
    next.catalog_edges = static_cast<std::uint32_t>(outcome.catalog_edges);
    next.catalog_classes = static_cast<std::uint32_t>(outcome.catalog_classes);
    next.catalog_bytes = outcome.catalog_bytes;
    next.catalog_source = outcome.catalog_from_cache ? metrics::CatalogSource::cached
                                                     : metrics::CatalogSource::compiled;
  }
  next.last_run_status = status_of(outcome);
  const transaction::ResourceMetrics none;
  const transaction::EventMetrics no_events;
  const auto& r = outcome.report ? outcome.report->metrics : none;
  const auto& e = outcome.report ? outcome.report->events : no_events;
  next.resources_total = u32(r.total);
  next.resources_changed = u32(r.changed);
  next.resources_failed = u32(r.failed);
  next.resources_skipped = u32(r.skipped);
  next.resources_out_of_sync = u32(r.out_of_sync);
  next.resources_restarted = u32(r.restarted);
  next.resources_scheduled = u32(r.scheduled);
  next.resources_corrective_change = u32(r.corrective_change);
  next.events_total = u32(e.total);
  next.events_success = u32(e.success);
  next.events_failure = u32(e.failure);
  next.last_apply_ms = milliseconds(outcome.apply_seconds);
  if (outcome.report) {
    next.config_version = std::to_string(outcome.report->catalog_version);
    next.types = figures_by_type(*outcome.report);
  } else {
    next.types.clear();
  }
  next.node = totals;
  remember_run(next);
  return next;
}

}  // namespace marionette::daemon
