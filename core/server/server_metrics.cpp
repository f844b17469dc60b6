#include "server/server_metrics.hpp"

#include <algorithm>

namespace marionette::server {

namespace {

/// Lowers (or raises) `target` to `value` unless another thread got there first.
template <class Better>
void improve(std::atomic<std::uint32_t>& target, std::uint32_t value, Better better) {
  std::uint32_t current = target.load(std::memory_order_relaxed);
  while (better(value, current) &&
         !target.compare_exchange_weak(current, value, std::memory_order_relaxed)) {
  }
}

std::uint32_t clamped_to_u32(std::int64_t value) {
  return static_cast<std::uint32_t>(std::clamp<std::int64_t>(value, 0, UINT32_MAX));
}

}  // namespace

EndpointClass endpoint_class_of(std::string_view path) {
  if (path.starts_with("/puppet-ca/")) return EndpointClass::ca;
  if (path.starts_with("/puppet/v3/catalog/")) return EndpointClass::catalog;
  if (path.starts_with("/puppet/v3/node/")) return EndpointClass::node;
  if (path.starts_with("/puppet/v3/file_")) return EndpointClass::file;
  if (path.starts_with("/puppet/v3/report/")) return EndpointClass::report;
  return EndpointClass::other;
}

void ServerMetrics::set_capacity(unsigned workers, std::size_t queue_limit) {
  workers_.store(workers, kRelaxed);
  queue_limit_.store(queue_limit, kRelaxed);
}

void ServerMetrics::request_answered(std::string_view path, int status, bool refused) {
  requests_.fetch_add(1, kRelaxed);
  if (status >= 500)
    server_errors_.fetch_add(1, kRelaxed);
  else if (status >= 400)
    client_errors_.fetch_add(1, kRelaxed);
  else
    ok_.fetch_add(1, kRelaxed);
  if (refused) refused_.fetch_add(1, kRelaxed);
  by_class_[static_cast<int>(endpoint_class_of(path))].fetch_add(1, kRelaxed);
  if (status >= 100 && status < kStatusCodes) by_status_[status].fetch_add(1, kRelaxed);
}

void ServerMetrics::compile_finished(std::chrono::microseconds took, bool ok) {
  const std::uint32_t us = clamped_to_u32(took.count());
  compiles_.fetch_add(1, kRelaxed);
  if (!ok) compile_failures_.fetch_add(1, kRelaxed);
  compile_us_.fetch_add(static_cast<std::uint64_t>(std::max<std::int64_t>(0, took.count())),
                        kRelaxed);
  auto lower = [](std::uint32_t a, std::uint32_t b) { return a < b; };
  auto higher = [](std::uint32_t a, std::uint32_t b) { return a > b; };
  const auto* bucket =
      std::lower_bound(metrics::kCompileBucketsUs.begin(), metrics::kCompileBucketsUs.end(), us);
  if (bucket != metrics::kCompileBucketsUs.end())
    compile_buckets_[bucket - metrics::kCompileBucketsUs.begin()].fetch_add(1, kRelaxed);
  improve(min_us_, us, lower);
  improve(max_us_, us, higher);
  improve(interval_min_us_, us, lower);
  improve(interval_max_us_, us, higher);
}

metrics::ServerFigures ServerMetrics::read() const {
  metrics::ServerFigures figures;
  figures.workers = workers_.load(kRelaxed);
  figures.workers_busy = workers_busy_.load(kRelaxed);
  figures.queue_length = clamped_to_u32(static_cast<std::int64_t>(queue_length_.load(kRelaxed)));
  figures.queue_limit = clamped_to_u32(static_cast<std::int64_t>(queue_limit_.load(kRelaxed)));
  figures.queue_drops = queue_drops_.load(kRelaxed);
  figures.requests = requests_.load(kRelaxed);
  figures.requests_ok = ok_.load(kRelaxed);
  figures.requests_client_error = client_errors_.load(kRelaxed);
  figures.requests_server_error = server_errors_.load(kRelaxed);
  figures.requests_refused = refused_.load(kRelaxed);
  auto count_of = [this](EndpointClass kind) {
    return by_class_[static_cast<int>(kind)].load(kRelaxed);
  };
  figures.requests_ca = count_of(EndpointClass::ca);
  figures.requests_catalog = count_of(EndpointClass::catalog);
  figures.requests_node = count_of(EndpointClass::node);
  figures.requests_file = count_of(EndpointClass::file);
  figures.requests_report = count_of(EndpointClass::report);
  figures.requests_other = count_of(EndpointClass::other);
  figures.tls_failures = tls_failures_.load(kRelaxed);
  figures.reports = reports_.load(kRelaxed);
  figures.compiles = compiles_.load(kRelaxed);
  figures.compile_failures = compile_failures_.load(kRelaxed);
  figures.compile_us = compile_us_.load(kRelaxed);
  std::uint64_t at_most = 0;
  for (std::size_t i = 0; i < metrics::kCompileBucketsUs.size(); ++i)
    figures.compile_buckets[i] = at_most += compile_buckets_[i].load(kRelaxed);
  for (int code = 100; code < kStatusCodes; ++code)
    if (std::uint64_t count = by_status_[code].load(kRelaxed))
      figures.requests_by_status.emplace_back(code, count);
  if (figures.compiles > 0) {
    figures.min_us = min_us_.load(kRelaxed);
    figures.max_us = max_us_.load(kRelaxed);
    figures.avg_us =
        clamped_to_u32(static_cast<std::int64_t>(figures.compile_us / figures.compiles));
  }
  return figures;
}

CompileExtremes ServerMetrics::take_compile_extremes() {
  return {interval_min_us_.exchange(UINT32_MAX, kRelaxed), interval_max_us_.exchange(0, kRelaxed)};
}

}  // namespace marionette::server
