#include "server/fleet_view.hpp"

#include <algorithm>

#include "fleet_status/fleet_refresher.hpp"

namespace marionette::server {

FleetView::FleetView(const ServerSettings& settings) {
  const daemon::RunSettings& run = settings.run;
  if (!run.redis) return;
  fleet_status::RedisFleetStoreSettings store;
  store.url = *run.redis;
  store.prefix = run.redis_prefix;
  fleet_status::FleetRefresherSettings refresher;
  refresher.tracker.stale_after = run.fleet_stale_after.value_or(2 * run.runinterval);
  // Every 5 s, or more often when nodes go stale sooner (a test's few seconds).
  refresher.interval = std::clamp<std::chrono::milliseconds>(
      std::chrono::duration_cast<std::chrono::milliseconds>(refresher.tracker.stale_after) / 4,
      std::chrono::milliseconds(500), std::chrono::milliseconds(5000));
  refresher.tracker.owner = settings.certname + ":" + std::to_string(settings.port);
  auto certificates = std::make_shared<fleet_status::SignedCertificates>(settings.ssldir);
  refresher_ = std::make_unique<fleet_status::FleetRefresher>(
      fleet_status::make_redis_fleet_store(store),
      [certificates] { return certificates->current(); }, refresher, registry_);
  refresher_->start();
}

FleetView::~FleetView() = default;

}  // namespace marionette::server
