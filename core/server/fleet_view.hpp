#pragma once

#include <memory>

#include "metrics/fleet_snapshot.hpp"
#include "server/api.hpp"

namespace marionette::fleet_status {
class FleetRefresher;
}

namespace marionette::server {

/// The fleet table of a server with Redis: a background refresher reads every node's report
/// summary (which Api::report_endpoint writes) from the shared store every few seconds and
/// publishes a metrics::FleetSnapshot into fleet(). Without Redis, fleet() stays empty
/// (refreshed_at 0). Stale after: the fleet_stale_after setting, default twice runinterval.
class FleetView {
 public:
  explicit FleetView(const ServerSettings& settings);
  ~FleetView();
  FleetView(const FleetView&) = delete;
  FleetView& operator=(const FleetView&) = delete;

  const metrics::FleetRegistry& fleet() const { return registry_; }

 private:
  metrics::FleetRegistry registry_;
  std::unique_ptr<fleet_status::FleetRefresher> refresher_;
};

}  // namespace marionette::server
