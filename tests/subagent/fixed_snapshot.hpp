#pragma once

#include <chrono>

#include "metrics/snapshot.hpp"

namespace marionette::subagent::fixture {

/// The instant unit tests answer at: 2024-01-01 00:00:00 UTC.
inline constexpr std::int64_t kNowSeconds = 1'704'067'200;

/// A snapshot where every field has a distinct value; Counter64 values exceed 2^32.
inline metrics::Snapshot fixed_snapshot(std::int64_t now_seconds = kNowSeconds) {
  metrics::Snapshot s;
  s.version = "0.1.0-test";
  s.started_at = now_seconds - 3600;
  s.state = metrics::AgentState::applying;
  s.run_interval_s = 1800;
  s.last_run_at = now_seconds - 90;
  s.last_compile_ms = 1234;
  s.last_compile_ok = false;
  s.catalog_resources = 321;
  s.catalog_edges = 400;
  s.catalog_classes = 42;
  s.resources_total = 320;
  s.resources_changed = 7;
  s.resources_failed = 2;
  s.resources_skipped = 3;
  s.resources_out_of_sync = 9;
  s.resources_restarted = 1;
  s.events_total = 11;
  s.last_apply_ms = 5678;
  s.runs_total = 5'000'000'000ULL;
  s.resources_changed_total = 0x1'0000'0001ULL;
  s.failures_total = 0xffff'ffff'ffff'fffeULL;
  return s;
}

}  // namespace marionette::subagent::fixture
