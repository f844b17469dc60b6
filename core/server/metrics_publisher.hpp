#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <filesystem>
#include <mutex>
#include <thread>

#include "metrics/fleet_snapshot.hpp"
#include "metrics/registry.hpp"
#include "server/certificate_counts.hpp"
#include "server/server_metrics.hpp"

namespace marionette::server {

/// The last minute of the server, one sample a second: how many requests and compiles it
/// counted in that minute, and its compiles' min/avg/max. Plain data; the publisher's thread
/// alone uses it.
class MetricsWindow {
 public:
  static constexpr std::size_t kSeconds = 60;

  struct Sample {
    std::uint64_t requests = 0, compiles = 0, compile_us = 0;  ///< totals since start
    CompileExtremes extremes;  ///< of the compiles since the previous sample
  };

  void add(const Sample& sample);
  /// Sets the last-minute figures of `figures` (requests and compiles counted, compile
  /// min/avg/max; zero when the minute had no compile).
  void fill(metrics::ServerFigures& figures) const;

 private:
  std::deque<Sample> samples_;  ///< oldest first; kSeconds + 1, so kSeconds intervals
};

/// Publishes the server's figures into a Registry once a second, on its own thread, for the
/// SNMP subagent to read, with the fleet's latest snapshot from `fleet` when there is one. The
/// first snapshot is published before the constructor returns.
class MetricsPublisher {
 public:
  MetricsPublisher(ServerMetrics& metrics, const std::filesystem::path& ssldir,
                   metrics::Registry& registry, const metrics::FleetRegistry* fleet = nullptr);
  ~MetricsPublisher();
  MetricsPublisher(const MetricsPublisher&) = delete;
  MetricsPublisher& operator=(const MetricsPublisher&) = delete;

 private:
  void publish();
  void loop();

  ServerMetrics& metrics_;
  metrics::Registry& registry_;
  const metrics::FleetRegistry* fleet_;
  CertificateCounter certificates_;
  MetricsWindow window_;
  std::int64_t started_at_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::thread thread_;
};

}  // namespace marionette::server
