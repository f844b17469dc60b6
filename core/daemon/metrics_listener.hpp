#pragma once

#include <atomic>
#include <thread>

#include "metrics/registry.hpp"

namespace marionette::daemon {

/// The agent's optional Prometheus endpoint: plain HTTP on 127.0.0.1 only, GET /metrics
/// answering the latest snapshot (the last report under prometheus_reporter's names, the node's
/// totals, the fleet's with Redis) in the text format or OpenMetrics as the scraper's Accept
/// asks. One connection at a time on its own thread, each bounded in time; it never waits on
/// a run (the snapshot is read as SNMP reads it).
class MetricsListener {
 public:
  /// Listens on 127.0.0.1:`port` (0: a free port, see port()); throws std::runtime_error when
  /// it cannot.
  MetricsListener(int port, const metrics::Registry& registry);
  ~MetricsListener();
  MetricsListener(const MetricsListener&) = delete;
  MetricsListener& operator=(const MetricsListener&) = delete;

  int port() const { return port_; }

 private:
  void serve();
  void answer(int connection);

  const metrics::Registry& registry_;
  int socket_ = -1;
  int port_ = 0;
  std::atomic<bool> stopping_{false};
  std::thread thread_;
};

}  // namespace marionette::daemon
