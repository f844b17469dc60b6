#include "prometheus/server_families.hpp"

namespace marionette::prometheus {

namespace {

constexpr double kMicrosecondsPerSecond = 1e6;

void counter(Exposition& out, const char* name, const char* help, std::uint64_t value,
             Labels labels = {}) {
  out.add(name, help, MetricType::counter, std::move(labels), static_cast<double>(value));
}

void gauge(Exposition& out, const char* name, const char* help, double value, Labels labels = {}) {
  out.add(name, help, MetricType::gauge, std::move(labels), value);
}

HistogramValue compile_histogram(const metrics::ServerFigures& figures) {
  HistogramValue histogram;
  for (std::size_t i = 0; i < metrics::kCompileBucketsUs.size(); ++i) {
    histogram.bounds.push_back(metrics::kCompileBucketsUs[i] / kMicrosecondsPerSecond);
    histogram.cumulative.push_back(figures.compile_buckets[i]);
  }
  histogram.count = figures.compiles;
  histogram.sum = static_cast<double>(figures.compile_us) / kMicrosecondsPerSecond;
  return histogram;
}

}  // namespace

void add_server(Exposition& out, const metrics::ServerFigures& f, std::string_view version,
                std::int64_t started_at) {
  gauge(out, "marionette_build_info", "The version of marionette serving", 1,
        {{"version", std::string(version)}});
  gauge(out, "marionette_server_start_time_seconds",
        "When the server started, in seconds since the Unix epoch",
        static_cast<double>(started_at));
  const char* by_code = "Requests answered, by HTTP status code";
  for (const auto& [code, count] : f.requests_by_status)
    counter(out, "marionette_server_http_requests_total", by_code, count,
            {{"code", std::to_string(code)}});
  const char* by_endpoint = "Requests answered, by the part of Puppet's API they asked for";
  const std::pair<const char*, std::uint64_t> endpoints[] = {
      {"ca", f.requests_ca},     {"catalog", f.requests_catalog}, {"node", f.requests_node},
      {"file", f.requests_file}, {"report", f.requests_report},   {"other", f.requests_other}};
  for (const auto& [endpoint, count] : endpoints)
    counter(out, "marionette_server_endpoint_requests_total", by_endpoint, count,
            {{"endpoint", endpoint}});
  counter(out, "marionette_server_http_requests_refused_total",
          "Requests refused (403) by the authorization rules", f.requests_refused);
  counter(out, "marionette_server_tls_handshake_failures_total", "TLS handshakes that failed",
          f.tls_failures);
  counter(out, "marionette_server_reports_total", "Reports stored", f.reports);
  counter(out, "marionette_server_compiles_total", "Catalogs compiled, failed ones included",
          f.compiles);
  counter(out, "marionette_server_compile_failures_total", "Catalog compiles that failed",
          f.compile_failures);
  Family& compile_time = out.family("marionette_server_compile_duration_seconds",
                                    "How long catalog compiles took", MetricType::histogram);
  compile_time.samples.push_back({{}, 0, compile_histogram(f)});
  gauge(out, "marionette_server_workers", "Worker threads serving requests", f.workers);
  gauge(out, "marionette_server_workers_busy", "Workers serving a request now", f.workers_busy);
  gauge(out, "marionette_server_queued_requests", "Requests waiting for a worker now",
        f.queue_length);
  gauge(out, "marionette_server_queued_requests_limit",
        "Requests that may wait for a worker (max-queued-requests; 0: no limit)", f.queue_limit);
  counter(out, "marionette_server_queue_rejections_total",
          "Requests answered 503 because the queue was full", f.queue_drops);
  const char* certificates = "The CA's certificates: requests waiting, signed, revoked";
  gauge(out, "marionette_server_certificates", certificates, f.certificates_pending,
        {{"state", "requested"}});
  gauge(out, "marionette_server_certificates", certificates, f.certificates_signed,
        {{"state", "signed"}});
  gauge(out, "marionette_server_certificates", certificates, f.certificates_revoked,
        {{"state", "revoked"}});
}

}  // namespace marionette::prometheus
