#include "server/metrics_endpoint.hpp"

#include <chrono>

#include "marionette/version.hpp"
#include "prometheus/exposition.hpp"
#include "prometheus/fleet_families.hpp"
#include "prometheus/server_families.hpp"

namespace marionette::server {

MetricsEndpoint::MetricsEndpoint(const std::filesystem::path& ssldir)
    : certificates_(ssldir),
      started_at_(std::chrono::duration_cast<std::chrono::seconds>(
                      std::chrono::system_clock::now().time_since_epoch())
                      .count()) {}

http::HttpResponse MetricsEndpoint::answer(const http::HttpRequest& request,
                                           const ServerMetrics& metrics,
                                           const metrics::FleetRegistry* fleet) {
  metrics::ServerFigures figures = metrics.read();
  {
    std::lock_guard<std::mutex> lock(mutex_);
    CertificateTally tally = certificates_.count(std::chrono::steady_clock::now());
    figures.certificates_pending = tally.pending;
    figures.certificates_signed = tally.signed_;
    figures.certificates_revoked = tally.revoked;
  }
  prometheus::Exposition exposition;
  prometheus::add_server(exposition, figures, kVersion, started_at_);
  if (fleet) prometheus::add_fleet(exposition, *fleet->latest());
  const prometheus::Format format = prometheus::format_for_accept(request.header("accept"));
  return {200,
          std::string(prometheus::content_type(format)),
          prometheus::write(exposition, format),
          {}};
}

}  // namespace marionette::server
