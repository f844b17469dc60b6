#include "server/metrics_publisher.hpp"

#include <algorithm>

#include "marionette/version.hpp"

namespace marionette::server {

namespace {

std::uint32_t saturated_to_u32(std::uint64_t value) {
  return static_cast<std::uint32_t>(std::min<std::uint64_t>(value, UINT32_MAX));
}

std::int64_t unix_now() {
  return std::chrono::duration_cast<std::chrono::seconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

}  // namespace

void MetricsWindow::add(const Sample& sample) {
  samples_.push_back(sample);
  if (samples_.size() > kSeconds + 1) samples_.pop_front();
}

void MetricsWindow::fill(metrics::ServerFigures& figures) const {
  figures.requests_last_minute = figures.compiles_last_minute = 0;
  figures.window_min_us = figures.window_avg_us = figures.window_max_us = 0;
  if (samples_.size() < 2) return;
  const Sample& oldest = samples_.front();
  const Sample& newest = samples_.back();
  figures.requests_last_minute = saturated_to_u32(newest.requests - oldest.requests);
  const std::uint64_t compiles = newest.compiles - oldest.compiles;
  figures.compiles_last_minute = saturated_to_u32(compiles);
  if (compiles == 0) return;
  // The oldest sample's extremes belong to the second before the window.
  CompileExtremes extremes;
  for (auto sample = std::next(samples_.begin()); sample != samples_.end(); ++sample) {
    extremes.min_us = std::min(extremes.min_us, sample->extremes.min_us);
    extremes.max_us = std::max(extremes.max_us, sample->extremes.max_us);
  }
  figures.window_min_us = extremes.min_us == UINT32_MAX ? 0 : extremes.min_us;
  figures.window_max_us = extremes.max_us;
  figures.window_avg_us = saturated_to_u32((newest.compile_us - oldest.compile_us) / compiles);
}

MetricsPublisher::MetricsPublisher(ServerMetrics& metrics, const std::filesystem::path& ssldir,
                                   metrics::Registry& registry, const metrics::FleetRegistry* fleet)
    : metrics_(metrics),
      registry_(registry),
      fleet_(fleet),
      certificates_(ssldir),
      started_at_(unix_now()) {
  publish();
  thread_ = std::thread([this] { loop(); });
}

MetricsPublisher::~MetricsPublisher() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

void MetricsPublisher::loop() {
  std::unique_lock<std::mutex> lock(mutex_);
  while (!wake_.wait_for(lock, std::chrono::seconds(1), [this] { return stopping_; })) {
    lock.unlock();
    publish();
    lock.lock();
  }
}

void MetricsPublisher::publish() {
  metrics::ServerFigures figures = metrics_.read();
  window_.add(
      {figures.requests, figures.compiles, figures.compile_us, metrics_.take_compile_extremes()});
  window_.fill(figures);
  CertificateTally tally = certificates_.count(std::chrono::steady_clock::now());
  figures.certificates_pending = tally.pending;
  figures.certificates_signed = tally.signed_;
  figures.certificates_revoked = tally.revoked;
  metrics::Snapshot snapshot;
  snapshot.version = kVersion;
  snapshot.started_at = started_at_;
  snapshot.server = figures;
  if (fleet_) snapshot.fleet_nodes = fleet_->latest();
  registry_.publish(std::move(snapshot));
}

}  // namespace marionette::server
