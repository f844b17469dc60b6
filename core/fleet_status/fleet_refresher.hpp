#pragma once

#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "fleet_status/fleet_store.hpp"
#include "fleet_status/fleet_tracker.hpp"
#include "metrics/fleet_snapshot.hpp"

// The fleet as `marionette server` sees it: a background thread reads the shared store and
// publishes metrics::FleetSnapshot (metrics/fleet_snapshot.hpp) into a metrics::FleetRegistry,
// which readers (the SNMP subagent through metrics::Snapshot::fleet_nodes, /metrics) take
// whole without waiting. The server writes each report's summary with record_report().
namespace marionette::fleet_status {

struct FleetRefresherSettings {
  TrackerSettings tracker;
  std::chrono::milliseconds interval{5000};  ///< between two refreshes
};

class FleetRefresher {
 public:
  using SignedCertnamesSource = std::function<SignedCertnames()>;

  /// Publishes nothing until start() or refresh().
  FleetRefresher(std::unique_ptr<FleetStore> store, SignedCertnamesSource signed_certnames,
                 FleetRefresherSettings settings, metrics::FleetRegistry& registry);
  ~FleetRefresher();
  FleetRefresher(const FleetRefresher&) = delete;
  FleetRefresher& operator=(const FleetRefresher&) = delete;

  /// Refreshes at once, then every interval on a thread of its own until stop().
  void start();
  /// Stops and joins the thread; safe to call twice.
  void stop();
  /// One refresh as of `now_ms` (milliseconds since the epoch), published before it returns.
  /// What the thread does; tests call it directly.
  void refresh(std::int64_t now_ms);

 private:
  void loop();

  std::unique_ptr<FleetStore> store_;
  SignedCertnamesSource signed_certnames_;
  FleetRefresherSettings settings_;
  metrics::FleetRegistry& registry_;
  FleetTracker tracker_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  std::thread thread_;
};

/// The certnames with a certificate in SSLDIR/ca/signed (puppetserver's layout), re-listed only
/// when the directory changed; nullopt when there is no such directory.
class SignedCertificates {
 public:
  explicit SignedCertificates(std::filesystem::path ssldir)
      : dir_(std::move(ssldir) / "ca" / "signed") {}
  SignedCertnames current();

 private:
  std::filesystem::path dir_;
  std::filesystem::file_time_type listed_at_{};
  SignedCertnames names_;
};

/// Writes the summary of a report `certname` sent (received now) to `store`; false (and why
/// in *error) when the report is not a JSON object or the store failed.
bool record_report(FleetStore& store, const std::string& certname, std::string_view report_json,
                   std::string* error);

/// Milliseconds since the Unix epoch, now.
std::int64_t unix_now_ms();

}  // namespace marionette::fleet_status
