#include "fleet_status/fleet_refresher.hpp"

#include "fleet_status/node_summary.hpp"

namespace marionette::fleet_status {

std::int64_t unix_now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

FleetRefresher::FleetRefresher(std::unique_ptr<FleetStore> store,
                               SignedCertnamesSource signed_certnames,
                               FleetRefresherSettings settings, metrics::FleetRegistry& registry)
    : store_(std::move(store)),
      signed_certnames_(std::move(signed_certnames)),
      settings_(std::move(settings)),
      registry_(registry),
      tracker_(settings_.tracker) {}

FleetRefresher::~FleetRefresher() {
  stop();
}

void FleetRefresher::refresh(std::int64_t now_ms) {
  SignedCertnames names = signed_certnames_ ? signed_certnames_() : std::nullopt;
  registry_.publish(tracker_.refresh(*store_, names, now_ms));
}

void FleetRefresher::start() {
  if (thread_.joinable()) return;
  thread_ = std::thread([this] { loop(); });
}

void FleetRefresher::stop() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void FleetRefresher::loop() {
  std::unique_lock<std::mutex> lock(mutex_);
  while (!stopping_) {
    lock.unlock();
    refresh(unix_now_ms());
    lock.lock();
    wake_.wait_for(lock, settings_.interval, [this] { return stopping_; });
  }
}

SignedCertnames SignedCertificates::current() {
  std::error_code error;
  const auto changed = std::filesystem::last_write_time(dir_, error);
  if (error) return names_ = std::nullopt;
  if (names_ && changed == listed_at_) return names_;
  std::unordered_set<std::string> names;
  for (const auto& entry : std::filesystem::directory_iterator(dir_, error)) {
    if (entry.path().extension() == ".pem") names.insert(entry.path().stem().string());
  }
  if (error) return names_ = std::nullopt;
  listed_at_ = changed;
  return names_ = std::move(names);
}

bool record_report(FleetStore& store, const std::string& certname, std::string_view report_json,
                   std::string* error) {
  std::optional<std::string> summary = summarize_report(report_json, unix_now_ms());
  if (!summary) {
    *error = "the report is not a JSON object";
    return false;
  }
  try {
    store.record(certname, *summary);
    return true;
  } catch (const std::exception& e) {
    *error = e.what();
    return false;
  }
}

}  // namespace marionette::fleet_status
