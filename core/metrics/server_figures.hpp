#pragma once

#include <array>
#include <cstdint>
#include <utility>
#include <vector>

namespace marionette::metrics {

/// The upper bounds of the compile-time histogram's buckets, in microseconds (1 ms to 30 s).
inline constexpr std::array<std::uint32_t, 14> kCompileBucketsUs = {
    1'000,   2'500,   5'000,     10'000,    25'000,    50'000,     100'000,
    250'000, 500'000, 1'000'000, 2'500'000, 5'000'000, 10'000'000, 30'000'000};

/// What `marionette server` serves under MARIONETTE-MIB's mrnServer subtree, as one value of
/// the snapshot (server::MetricsPublisher fills it once a second). Counters count since the
/// server started (OpenNMS derives rates from them); the "last minute" figures are gauges for
/// a plain snmpget. Times are in microseconds.
struct ServerFigures {
  // Workers and the queue of accepted connections, now.
  std::uint32_t workers = 0, workers_busy = 0;
  std::uint32_t queue_length = 0, queue_limit = 0;
  std::uint64_t queue_drops = 0;  ///< connections closed at once: the queue was full

  // Requests: all of them, by status class, by endpoint class.
  std::uint64_t requests = 0;
  std::uint64_t requests_ok = 0;            ///< 1xx-3xx
  std::uint64_t requests_client_error = 0;  ///< 4xx
  std::uint64_t requests_server_error = 0;  ///< 5xx
  std::uint64_t requests_refused = 0;       ///< 403 by auth.conf's rules
  std::uint64_t requests_ca = 0, requests_catalog = 0, requests_node = 0, requests_file = 0,
                requests_report = 0, requests_other = 0;
  std::uint64_t tls_failures = 0;  ///< handshakes that failed (no request counted)
  std::uint32_t requests_last_minute = 0;

  // Compiles (catalog requests that reached the compiler), failed ones included in the times.
  std::uint64_t compiles = 0, compile_failures = 0, compile_us = 0;
  std::uint32_t compiles_last_minute = 0;
  std::uint32_t window_min_us = 0, window_avg_us = 0, window_max_us = 0;  ///< the last minute
  std::uint32_t min_us = 0, avg_us = 0, max_us = 0;                       ///< since start
  /// Compiles that took at most each of kCompileBucketsUs (cumulative, as a histogram's).
  std::array<std::uint64_t, kCompileBucketsUs.size()> compile_buckets{};
  /// Every status code answered so far with its count, by code.
  std::vector<std::pair<int, std::uint64_t>> requests_by_status;

  // The CA: requests waiting, certificates signed and not revoked, serials in the CRL.
  std::uint32_t certificates_pending = 0, certificates_signed = 0, certificates_revoked = 0;
  std::uint64_t reports = 0;
};

}  // namespace marionette::metrics
