#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <string_view>

#include "metrics/server_figures.hpp"

namespace marionette::server {

/// Which part of Puppet's API a request path belongs to.
enum class EndpointClass { ca, catalog, node, file, report, other };
EndpointClass endpoint_class_of(std::string_view path);

/// The compiles that finished since the previous ServerMetrics::take_compile_extremes: the
/// shortest and the longest (min is UINT32_MAX and max 0 when there was none).
struct CompileExtremes {
  std::uint32_t min_us = UINT32_MAX, max_us = 0;
};

/// The server's counters and gauges. Workers update them with relaxed atomics only (no lock,
/// never a wait); MetricsPublisher reads them once a second into a metrics::Snapshot.
class ServerMetrics {
 public:
  void set_capacity(unsigned workers, std::size_t queue_limit);
  /// One answered request; `refused` when auth.conf's rules refused it (a 403).
  void request_answered(std::string_view path, int status, bool refused);
  /// One compile, ok or failed, and how long it took.
  void compile_finished(std::chrono::microseconds took, bool ok);
  void report_stored() { reports_.fetch_add(1, kRelaxed); }
  void tls_failed() { tls_failures_.fetch_add(1, kRelaxed); }
  void worker_busy() { workers_busy_.fetch_add(1, kRelaxed); }
  void worker_idle() { workers_busy_.fetch_sub(1, kRelaxed); }
  void queue_length(std::size_t length) { queue_length_.store(length, kRelaxed); }
  void queue_full() { queue_drops_.fetch_add(1, kRelaxed); }

  /// Every counter and gauge as they are now, and the since-start compile times; the
  /// last-minute figures and the certificates are left for the publisher.
  metrics::ServerFigures read() const;
  /// The shortest and longest compiles since the previous call (the publisher's one-second
  /// interval), resetting them.
  CompileExtremes take_compile_extremes();

 private:
  static constexpr auto kRelaxed = std::memory_order_relaxed;
  using Counter = std::atomic<std::uint64_t>;

  std::atomic<std::uint32_t> workers_{0}, workers_busy_{0};
  std::atomic<std::uint64_t> queue_length_{0}, queue_limit_{0};
  Counter requests_{0}, ok_{0}, client_errors_{0}, server_errors_{0}, refused_{0};
  Counter by_class_[6] = {};
  Counter tls_failures_{0}, reports_{0}, queue_drops_{0};
  Counter compiles_{0}, compile_failures_{0}, compile_us_{0};
  std::atomic<std::uint32_t> min_us_{UINT32_MAX}, max_us_{0};
  std::atomic<std::uint32_t> interval_min_us_{UINT32_MAX}, interval_max_us_{0};
  Counter compile_buckets_[metrics::kCompileBucketsUs.size()] = {};  ///< not cumulative here
  static constexpr int kStatusCodes = 600;
  Counter by_status_[kStatusCodes] = {};  ///< by status code, 100-599
};

}  // namespace marionette::server
