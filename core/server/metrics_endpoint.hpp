#pragma once

#include <cstdint>
#include <filesystem>
#include <mutex>

#include "http/http_message.hpp"
#include "metrics/fleet_snapshot.hpp"
#include "server/certificate_counts.hpp"
#include "server/server_metrics.hpp"

namespace marionette::server {

/// GET /metrics: the server's figures in Prometheus's text format, or OpenMetrics when the
/// scraper's Accept header prefers it (core/prometheus), and with a fleet (a server with Redis)
/// every node's last report under prometheus_reporter's names. Read when asked, from the
/// workers' counters (never a wait on them), the fleet's latest snapshot and the CA's files
/// (re-counted only when they changed, as for SNMP). Thread-safe.
class MetricsEndpoint {
 public:
  explicit MetricsEndpoint(const std::filesystem::path& ssldir);
  http::HttpResponse answer(const http::HttpRequest& request, const ServerMetrics& metrics,
                            const metrics::FleetRegistry* fleet);

 private:
  std::mutex mutex_;  ///< for the certificate counter
  CertificateCounter certificates_;
  std::int64_t started_at_;
};

}  // namespace marionette::server
