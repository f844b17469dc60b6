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
  s.last_parse_ms = 56;
  s.last_compile_ok = false;
  s.runs_since_start = 4;
  s.config_version = "1704067110";
  s.catalog_source = metrics::CatalogSource::cached;
  s.compile_window = {{1000, true}, {1234, false}, {1500, true}};
  s.compile_min_ms = 1000;
  s.compile_avg_ms = 1245;
  s.compile_max_ms = 1500;
  s.compile_window_failures = 1;
  s.catalog_bytes = 98765;
  s.last_run_status = metrics::RunStatus::failed;
  s.resources_scheduled = 13;
  s.resources_corrective_change = 4;
  s.events_success = 8;
  s.events_failure = 3;
  s.types = {{"Exec", 20, 3, 2, 4, 5000}, {"File", 300, 4, 0, 5, 678}};
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
  s.node.runs = 5'000'000'000ULL;
  s.node.resources_changed = 0x1'0000'0001ULL;
  s.node.failures = 0xffff'ffff'ffff'fffeULL;
  s.node.compiles = 5'000'000'001ULL;
  s.node.compile_failures = 17;
  s.node.resources_failed = 18;
  s.node.events = 19;
  s.node.compile_us = 20'000'000'000ULL;
  s.node.apply_us = 21'000'000'000ULL;
  s.fleet = {6'000'000'001ULL, 31, 32, 33, 34, 35, 36, 37, 38};
  s.store_backend = metrics::StoreBackend::degraded;
  s.store_pending = 2;
  s.store_last_flush_at = now_seconds - 30;
  return s;
}

}  // namespace marionette::subagent::fixture
