#pragma once

#include <chrono>

#include "metrics/fleet_snapshot.hpp"
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
  // A server's figures: every field a value of its own.
  metrics::ServerFigures& v = s.server;
  v.workers = 8, v.workers_busy = 3, v.queue_length = 5, v.queue_limit = 256;
  v.queue_drops = 5'000'000'000ULL;
  v.requests = 7'000'000'000ULL, v.requests_ok = 101, v.requests_client_error = 102;
  v.requests_server_error = 103, v.requests_refused = 104, v.requests_ca = 105;
  v.requests_catalog = 106, v.requests_node = 107, v.requests_file = 108;
  v.requests_report = 109, v.requests_other = 110, v.tls_failures = 111;
  v.requests_last_minute = 112, v.reports = 113;
  v.compiles = 8'000'000'000ULL, v.compile_failures = 114, v.compile_us = 9'000'000'000ULL;
  v.compiles_last_minute = 115, v.window_min_us = 116, v.window_avg_us = 117;
  v.window_max_us = 118, v.min_us = 119, v.avg_us = 120, v.max_us = 121;
  v.certificates_pending = 122, v.certificates_signed = 123, v.certificates_revoked = 124;
  // The fleet a server read from Redis: figures only (mrnNodeTable has tests of its own).
  auto fleet = std::make_shared<metrics::FleetSnapshot>();
  fleet->figures = {125, 126, 127, 128, 129, 130, 131, 10'000'000'000ULL};
  fleet->stale_after_s = 3600;
  fleet->refreshed_at = now_seconds - 2;
  fleet->store_ok = true;
  s.fleet_nodes = fleet;
  return s;
}

}  // namespace marionette::subagent::fixture
